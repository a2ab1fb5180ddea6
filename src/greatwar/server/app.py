"""The web app: REST routes, the websocket, the static browser client.

Routes (JSON unless said otherwise; ``docs/server.md`` says more):

    GET  /                                the start page (create a game, list games)
    GET  /healthz                         the process answers (200)
    GET  /readyz                          the database answers (200; 503 when it does not)
    GET  /play/{id}                       the game page (the seat token is in the link's #fragment)
    GET  /watch/{id}                      a public game's page for an observer
    GET  /account, /player/{name}, /ratings   accounts: log in, a player's page, the leaderboard
    GET  /replay/{id}                     the replay viewer
    GET  /api/meta?game=pog               seats, teams, scenarios, options, bots of a game
    GET  /api/data?game=pog               map, pieces and cards for drawing (public, fixed)
    GET  /api/games                       the games in this store (of every game)
    POST /api/games                       create a game -> your link, and one to pass on per person
    GET  /api/games/{id}                  public facts about one game
    GET  /api/games/{id}/view             your seat's view     ?seat= (X-Seat-Token)
    GET  /api/games/{id}/watch            a public game's view for anyone (no hand, no secret)
    POST /api/games/{id}/action           {"action", "serial"}        (X-Seat-Token, X-Request-Id)
    POST /api/games/{id}/undo             {"serial"}                  (X-Seat-Token, X-Request-Id)
    POST /api/games/{id}/resign           {"serial"}: resign at a decision of your own
    POST /api/games/{id}/seed             {"agree": true|false}: your answer to a chosen seed
    POST /api/games/{id}/clock            {"pause": true|false}: ask for a pause, or resume
    GET  /api/games/{id}/replay           ?seat=&step= (a token for an unfinished game)
    GET  /api/games/{id}/record           the game record, once the game is over
    GET  /api/games/{id}/analysis         each side's chance to win through a finished game
    POST /api/games/{id}/notify           {"webhook", "email"}: your seats' notifications
    GET  /api/games/{id}/chat             the seats' chat (X-Seat-Token; see server/chat.py)
    GET  /api/ratings?game=pog            the leaderboard (server/ratings.py: players' pages too)
    POST /api/games/{id}/chat             {"text"}                    (X-Seat-Token)
    WS   /api/games/{id}/ws               first message {"token": ...} (an observer of a public
                                          game: {"watch": true}); then views as they change

Every game goes through its descriptor (:mod:`greatwar.core.games`); ``game`` defaults to
Paths of Glory. A token may hold several seats (one person playing several powers): the view is
then of the seat asked for (``?seat=``), else of the held seat to act, else of the first; an
action is played for the held seat to act.

Every error is JSON ``{"detail": message, "kind": word}``, never echoing the request: 400
malformed input, 401 no valid seat token, 403 not your seat's turn or not allowed, 404 unknown
game or route, 409 a stale position, a corrupt stored record, a request id used for another
request or a seed still to be agreed, 413 a request too large, 431 a request's head too large
(:mod:`.protocol`, under uvicorn), 422 an illegal action, 429 too many games created, 500 an
engine defect, 503 the store cannot write. Request bodies are limited (``body_limit``) and
strictly typed, and so are websocket messages. No answer holds NaN or infinity. Bots think in
worker processes (:mod:`greatwar.server.bots`), never in a request.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from argon2 import PasswordHasher
from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from greatwar import __version__
from greatwar.core import i18n
from greatwar.core.errors import CorruptStateError, GameError, MalformedActionError
from greatwar.core.games import DEFAULT_GAME, HasWeb, speaks
from greatwar.server import accounts as accounts_routes
from greatwar.server import chat, clocks, lobby, logs, notify
from greatwar.server import ratings as rating_routes
from greatwar.server.accounts import Accounts, Sessions
from greatwar.server.bots import BotPool, BotRunner
from greatwar.server.claims import LEASE, BotClaims
from greatwar.server.events import ACTOR
from greatwar.server.games import (
    EVERY_SEAT,
    ID_LIMIT,
    Forbidden,
    GameService,
    NotFound,
    RateLimited,
    ServiceError,
    check_request_id,
    descriptor,
    meta,
)
from greatwar.server.hub import Conn, Hub, dumps
from greatwar.server.listen import Follower
from greatwar.server.lobby import Lobby, creator_rows, creator_seats
from greatwar.server.ratings import Ratings
from greatwar.server.store import GameStore, StoreError
from greatwar.texts import web_strings

log = logging.getLogger("greatwar.server")

WEB = Path(str(resources.files("greatwar").joinpath("web")))

BODY_LIMIT = 64 * 1024  # bytes of a request body
WS_MESSAGE_LIMIT = 16 * 1024  # characters of a websocket message
SMALL = 2**31


STRICT = ConfigDict(strict=True)
"""A request body's fields are of their own JSON type: ``"1"`` is no number, ``1`` no
``true``."""


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    game: str = Field(default=DEFAULT_GAME, max_length=40)
    scenario: str | None = Field(default=None, max_length=64)  # the game's default scenario
    options: dict[str, Any] | None = None
    seats: dict[str, str] | None = None  # seat -> "human" or a bot's name; missing: human
    players: list[list[str]] | None = None  # human seats one person holds together
    creator: str | None = Field(default=None, max_length=40)  # a seat of the creator's
    seed: int | None = Field(default=None, ge=0, lt=2**62)
    clock: str | dict[str, Any] | None = None  # "fast", "slow" or {initial_hours, ...}
    public: bool = False  # anyone with its link may watch it (the spectator's view only)
    rated: bool = False  # an account against the computer: rated (lobby games: POST /api/lobby)


class ActionBody(BaseModel):
    model_config = STRICT

    action: str = Field(max_length=400)
    serial: int = Field(ge=0, lt=SMALL)
    log_from: int = Field(default=0, ge=0, lt=SMALL)
    log_hash: int | None = Field(default=None, ge=0, lt=2**32)
    request_id: str | None = Field(default=None, max_length=64)


class UndoBody(BaseModel):
    model_config = STRICT

    serial: int = Field(ge=0, lt=SMALL)
    log_from: int = Field(default=0, ge=0, lt=SMALL)
    log_hash: int | None = Field(default=None, ge=0, lt=2**32)
    request_id: str | None = Field(default=None, max_length=64)


class SeedAnswer(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    agree: bool


Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=200)]
RequestId = Annotated[str | None, Header(alias="X-Request-Id", max_length=200)]


LANG_COOKIE = "lang"
"""The cookie that keeps a browser's chosen language (the client sets it with its switch)."""


def lang_of(request: Request | WebSocket, asked: Any = None) -> str:
    """The language to answer in: the one asked for (``?lang=`` or a websocket message), else
    the browser's chosen one (its cookie), else the best of its ``Accept-Language``."""
    return i18n.pick(
        asked,
        request.query_params.get("lang"),
        request.cookies.get(LANG_COOKIE),
        i18n.negotiate(request.headers.get("accept-language")),
    )


def json_response(doc: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """A JSON answer (the documents are plain JSON already: no re-encoding pass). A document
    holding a number JSON cannot carry (NaN, infinity) is refused (ValueError: a 500 in JSON),
    never sent."""
    return Response(dumps(doc), status_code=status, media_type="application/json", headers=headers)


def error(status: int, kind: str, detail: str, headers: dict[str, str] | None = None) -> Response:
    return json_response({"detail": detail, "kind": kind}, status, headers)


NAMES = frozenset(
    {"body", "query", "header", "path", "game_id", "game", "seat", "step", "log_from"}
    | {"log_hash", "lang", "X-Seat-Token", "X-Request-Id"}
    | {
        name
        for model in (
            CreateGame,
            ActionBody,
            UndoBody,
            SeedAnswer,
            chat.ChatBody,
            notify.NotifyBody,
            clocks.PauseBody,
            *accounts_routes.BODIES,
        )
        for name in model.model_fields
    }
)
"""The names of the API's fields and parameters: what a refusal may name of a request."""


def _where(loc: Sequence[Any]) -> str:
    """Where in a request a field was wrong: the API's own names and list positions, up to
    the first name the client chose (a key of its own, an unknown field), which is left out."""
    parts = []
    for x in loc:
        if isinstance(x, int):
            parts.append(str(x))
            continue
        if x not in NAMES:
            break
        if x != "body":
            parts.append(str(x))
    return ".".join(parts) or "body"


def _validation_text(e: RequestValidationError) -> str:
    """What was wrong with a request, in words, never echoing what was sent."""
    parts = []
    for err in e.errors()[:5]:
        msg = str(err.get("msg", "invalid"))
        if err.get("type") == "json_invalid":
            msg = "the body is not JSON"
        elif err.get("type") == "extra_forbidden":
            msg = "a field it does not take"
        parts.append(f"{_where(err.get('loc', ()))}: {msg[:120]}")
    return "malformed request: " + "; ".join(parts)


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class BodyLimit:
    """Refuse a request body over ``limit`` bytes with 413 before the app reads it."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        body = dumps(
            {"detail": f"the request body is over {self.limit} bytes", "kind": "too_large"}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


class RateLimit:
    """A token bucket per client address: ``burst`` at once, then one every ``every`` s."""

    def __init__(self, burst: int, every: float, clients: int = 10_000) -> None:
        self.burst = burst
        self.every = every
        self.clients = clients
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, client: str) -> float:
        """0 when the client may go on (one token taken), else the seconds to wait."""
        now = time.monotonic()
        tokens, since = self._buckets.pop(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - since) / self.every)
        if tokens < 1:
            self._buckets[client] = (tokens, now)
            return (1 - tokens) * self.every
        self._buckets[client] = (tokens - 1, now)
        while len(self._buckets) > self.clients:
            self._buckets.popitem(last=False)
        return 0.0


class BadMessage(Exception):
    """A websocket message that is not one (with the close code it earns)."""

    def __init__(self, code: int, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


async def _receive(ws: WebSocket) -> dict[str, Any]:
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise BadMessage(1003, "messages are JSON text")
    if len(text) > WS_MESSAGE_LIMIT:
        raise BadMessage(1009, f"a message is at most {WS_MESSAGE_LIMIT} characters")
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage(1007, "the message is not JSON") from None
    if not isinstance(doc, dict):
        raise BadMessage(1007, "a message is a JSON object")
    return doc


async def _close(ws: WebSocket, code: int, kind: str, detail: str, status: int = 400) -> None:
    """Say why, then close with a close frame and code."""
    if ws.client_state != WebSocketState.CONNECTED:
        return
    try:
        msg = {"type": "error", "status": status, "kind": kind, "detail": detail}
        await ws.send_text(dumps(msg))
        await ws.close(code=code, reason=detail[:120])
    except Exception:
        pass


def create_app(
    store: GameStore | None = None,
    db: str | None = None,
    *,
    allow_bot_games: bool = False,
    bot_workers: int = 1,
    bot_pause: float = 0.05,
    create_burst: int = 20,
    create_every: float = 3.0,
    body_limit: int = BODY_LIMIT,
    ws_auth_timeout: float = 5.0,
    sync_burst: int = 3,
    sync_every: float = 2.0,
    cache_size: int = 64,
    now: Callable[[], float] = time.time,
    clock_check_every: float = 30.0,
    public_url: str = "",
    smtp: notify.Smtp | None = None,
    notify_delays: Sequence[float] = notify.DELAYS,
    allow_private_webhooks: bool = False,
    ready_timeout: float = 5.0,
    bot_lease: float = LEASE,
    rescan_every: float = 5.0,
    accounts: str = "off",
    password_hasher: PasswordHasher | None = None,
) -> FastAPI:
    """The web app over ``store`` (or a store opened from the URL ``db``).

    ``allow_bot_games``: games with no human seat may be created (and are driven);
    ``bot_workers``: bot processes (0: bots think in a thread of this process);
    ``create_burst``/``create_every``: games one client address may create at once, then one
    every so many seconds; ``sync_burst``/``sync_every``: the same for a socket's full views;
    ``now``: the clocks' time; ``clock_check_every``: seconds between two looks for games
    whose clock ran out (:mod:`greatwar.server.clocks`); ``public_url``: the server's address
    for the links in notifications, ``smtp``: where e-mail goes (None: no e-mail),
    ``notify_delays``: seconds before each retry of a failed notification,
    ``allow_private_webhooks``: webhooks may call loopback and private addresses
    (:mod:`greatwar.server.notify`); ``ready_timeout``: seconds ``/readyz`` waits for the
    database; with several processes on a PostgreSQL store, ``bot_lease``: seconds a bot
    claim holds unrenewed, ``rescan_every``: seconds between two looks for games whose bot is
    to act (:mod:`greatwar.server.claims`); ``accounts``: ``off`` (private links only),
    ``open`` (anyone may sign up) or ``invite`` (sign up with an invitation), with
    ``password_hasher`` the argon2 hasher (:mod:`greatwar.server.accounts`)."""
    if store is None:
        if db is None:
            raise ValueError("create_app needs a store or a database URL")
        store = GameStore(db)
    service = GameService(store, cache_size=cache_size, now=now)
    hub = Hub(service)
    claims = BotClaims(store, bot_lease) if service.shared else None
    runner = BotRunner(
        service, BotPool(bot_workers), hub.broadcast, allow_bot_games, bot_pause, claims
    )
    creations = RateLimit(create_burst, create_every)

    # other processes on the same PostgreSQL store: their writes reach this one's sockets
    follower = Follower(service, hub, runner.kick) if service.shared else None

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if follower is not None:
            follower.start()
        resume = asyncio.get_running_loop().create_task(
            runner.resume() if claims is None else runner.rescan(rescan_every, first=True)
        )
        watcher = asyncio.get_running_loop().create_task(
            clocks.watch(service, hub, clock_check_every)
        )
        try:
            yield
        finally:
            resume.cancel()
            watcher.cancel()
            notifier.close()
            if follower is not None:
                await follower.close()
            await runner.close()

    app = FastAPI(
        title="greatwar",
        version=__version__,
        docs_url="/api/docs",
        redoc_url=None,
        lifespan=lifespan,
    )
    people = Accounts(store, accounts, password_hasher, now=now)
    app.add_middleware(BodyLimit, limit=body_limit)
    if accounts != "off":  # who a request without a seat token acts for: its session cookie
        app.add_middleware(Sessions, accounts=people, run=run_in_threadpool)
    app.add_middleware(logs.RequestIds)  # the outermost: every line of a request has its id
    app.state.service = service
    app.state.hub = hub
    app.state.store = store
    app.state.chat = chat.install(app, service, hub, follower)
    app.state.runner = runner
    app.state.follower = follower
    clocks.install(app, service, hub, runner)
    notifier = notify.install(
        app, service, public_url, smtp, notify_delays, allow_private=allow_private_webhooks
    )
    app.state.notifier = notifier
    app.state.accounts = people
    house = Lobby(service, people, now=now, allow_bot_games=allow_bot_games)
    app.state.lobby = house
    accounts_routes.install(
        app,
        people,
        public_url=public_url,
        smtp=smtp,
        check_webhook=notify.check_webhook,
        waiting=house.waiting,
    )
    lobby.install(app, house)
    app.state.ratings = Ratings(service, now=now)  # written with the end of each rated game
    rating_routes.install(app, app.state.ratings, games_of=house.games_of)

    @app.exception_handler(ServiceError)
    async def _service_error(_: Request, e: ServiceError) -> Response:
        headers = None
        if isinstance(e, RateLimited):
            headers = {"Retry-After": str(int(e.retry_after) + 1)}
        return error(e.status, e.kind, e.message, headers)

    @app.exception_handler(GameError)
    async def _game_error(_: Request, e: GameError) -> Response:
        if isinstance(e, MalformedActionError):
            return error(400, "malformed", str(e))
        if isinstance(e, CorruptStateError):
            return error(409, "corrupt_record", str(e))
        return error(422, "illegal", str(e))

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, e: RequestValidationError) -> Response:
        return error(400, "malformed", _validation_text(e))

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, e: StarletteHTTPException) -> Response:
        kinds = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}
        return error(e.status_code, kinds.get(e.status_code, "malformed"), str(e.detail))

    @app.exception_handler(Exception)
    async def _internal(_: Request, e: Exception) -> Response:
        log.exception("internal error")
        return error(500, "internal", "internal server error (the server log has the details)")

    # -- health (for a load balancer or a container's health check) -----------------------

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> Response:
        return json_response({"status": "ok", "version": __version__})

    @app.get("/readyz", include_in_schema=False)
    async def readyz() -> Response:
        try:
            await asyncio.wait_for(run_in_threadpool(store.ping), ready_timeout)
        except TimeoutError:
            return error(503, "store_unavailable", "the database did not answer in time")
        except StoreError as e:
            log.warning("not ready: %s", e)
            return error(503, "store_unavailable", "the database does not answer")
        return json_response({"status": "ready", "store": store.engine.dialect.name})

    # -- pages -------------------------------------------------------------------------

    def page(name: str) -> FileResponse:
        return FileResponse(
            WEB / name, media_type="text/html", headers={"Cache-Control": "no-cache"}
        )

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return page("index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play_page(game_id: str) -> FileResponse:
        return page("game.html")

    @app.get("/account", include_in_schema=False)
    async def account_page() -> FileResponse:
        return page("account.html")

    @app.get("/player/{name}", include_in_schema=False)
    async def player_page(name: str) -> FileResponse:
        return page("player.html")

    @app.get("/ratings", include_in_schema=False)
    async def ratings_page() -> FileResponse:
        return page("ratings.html")

    @app.get("/watch/{game_id}", include_in_schema=False)
    async def watch_page(game_id: str) -> FileResponse:
        return page("game.html")  # the game page, as an observer (web/shell.js)

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return page("replay.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # -- facts ---------------------------------------------------------------------------

    data_texts: dict[tuple[str, str], str] = {}
    string_texts: dict[str, str] = {}
    by_lang = {"Cache-Control": "max-age=3600", "Vary": "Accept-Language, Cookie"}

    @app.get("/api/data")
    async def data(
        request: Request, game: Annotated[str, Query(max_length=40)] = DEFAULT_GAME
    ) -> Response:
        g = descriptor(game)
        lang = lang_of(request)
        if not speaks(g, lang):
            lang = i18n.DEFAULT_LANG
        text = data_texts.get((g.id, lang))
        if text is None:
            if not isinstance(g, HasWeb):
                raise NotFound(f"{g.title} has no drawing data for the web client yet")
            text = json.dumps(g.web().static_data(lang), separators=(",", ":"), allow_nan=False)
            data_texts[g.id, lang] = text
        return Response(text, media_type="application/json", headers=by_lang)

    @app.get("/api/strings")
    async def strings(request: Request) -> Response:
        """The browser client's own words in the page's language (and the language's plural
        categories, in the order its plural specs list the forms)."""
        lang = lang_of(request)
        text = string_texts.get(lang)
        if text is None:
            text = json.dumps(
                web_strings(lang), separators=(",", ":"), ensure_ascii=False, allow_nan=False
            )
            string_texts[lang] = text
        return Response(text, media_type="application/json", headers=by_lang)

    @app.get("/api/meta")
    async def meta_doc(
        request: Request, game: Annotated[str, Query(max_length=40)] = DEFAULT_GAME
    ) -> Response:
        return json_response(
            {
                "version": __version__,
                "allow_bot_games": allow_bot_games,
                **meta(game, lang_of(request)),
            }
        )

    # -- games ---------------------------------------------------------------------------

    using = service.using  # the game, held in memory while the request uses it

    @app.get("/api/games")
    async def games() -> Response:
        return json_response({"games": await run_in_threadpool(service.list_games)})

    @app.post("/api/games", status_code=201)
    async def create(body: CreateGame, request: Request) -> Response:
        client = request.client.host if request.client else "unknown"
        wait = creations.take(client)
        if wait:
            raise RateLimited(
                f"too many games created from your address; try again in {wait:.0f} s", wait
            )
        user = getattr(request.state, "user", None)
        if body.rated and (user is None or body.seed is not None):
            raise ServiceError(
                "rated: a game of an account against the computer, with the seed drawn by the "
                "server (games between people are rated from the lobby)"
            )
        facts = {k: True for k, on in (("public", body.public), ("rated", body.rated)) if on}

        def then(gid: str) -> Any:
            return creator_rows(user.id, mine)(gid) if user is not None and mine else []

        def make() -> tuple[Any, list[Any]]:
            return service.create(
                body.scenario,
                body.options,
                body.seats,
                body.seed,
                body.game,
                body.players,
                body.creator,
                allow_bot_games,
                body.clock,
                facts=facts,
                then=then,
            )

        mine: list[str] = []
        if user is not None:
            _, _, _, kinds, _ = service.setup(
                body.game, body.scenario, body.options, body.seats, body.clock
            )
            mine = creator_seats(kinds, body.players, body.creator)
            humans = {s for s, k in kinds.items() if k == "human"}
            if body.rated and set(mine) != humans:
                raise ServiceError(
                    "rated: every other seat is the computer's (games between people are rated "
                    "from the lobby)"
                )
        live, people = await run_in_threadpool(make)
        runner.kick(live)

        def person(p: Any) -> dict[str, Any]:
            return {"seats": list(p.seats), "token": p.token, "link": f"/play/{live.id}#{p.token}"}

        tokens = {seat: p.token for p in people for seat in p.seats}
        own = [person(p) for p in people if p.creator]
        return json_response(
            {
                "id": live.id,
                "you": own[0] if own else None,  # the creator's own seats: keep this link
                "invites": [person(p) for p in people if not p.creator],  # pass these on
                "players": [person(p) for p in people],
                "tokens": tokens,
                "links": {seat: f"/play/{live.id}#{tok}" for seat, tok in tokens.items()},
                "game": service.describe(live),
            },
            201,
        )

    @app.get("/api/games/{game_id}")
    async def game(game_id: str) -> Response:
        async with using(game_id) as live:
            doc = service.describe(live)
            user = ACTOR.get()
            if user is not None:  # the seats the asking account holds (its replay, its page)
                doc["yours"] = list(service.seats_of_user(live, user))
            return json_response(doc)

    @app.get("/api/games/{game_id}/view")
    async def view(
        game_id: str,
        request: Request,
        token: Token = None,
        log_from: Annotated[int, Query(ge=0, lt=SMALL)] = 0,
        log_hash: Annotated[int | None, Query(ge=0, lt=2**32)] = None,
        seat: Annotated[str | None, Query(max_length=40)] = None,
    ) -> Response:
        async with using(game_id) as live:
            held = service.seats_of(live, token)
            runner.kick(live)
            v = await run_in_threadpool(
                service.view, live, held, log_from, log_hash, seat, lang_of(request)
            )
            return json_response(v)

    @app.get("/api/games/{game_id}/watch")
    async def watch(
        game_id: str,
        request: Request,
        log_from: Annotated[int, Query(ge=0, lt=SMALL)] = 0,
        log_hash: Annotated[int | None, Query(ge=0, lt=2**32)] = None,
    ) -> Response:
        async with using(game_id) as live:
            runner.kick(live)
            v = await run_in_threadpool(service.watch, live, log_from, log_hash, lang_of(request))
            return json_response(v)

    @app.post("/api/games/{game_id}/action")
    async def action(
        game_id: str,
        body: ActionBody,
        request: Request,
        token: Token = None,
        request_id: RequestId = None,
    ) -> Response:
        rid = check_request_id(request_id or body.request_id)
        lang = lang_of(request)
        async with using(game_id) as live:
            held = service.seats_of(live, token)

            def act() -> tuple[dict[str, Any], dict[str, Any]]:
                done = service.act(live, held, body.action, body.serial, rid)
                return done, service.view(live, held, body.log_from, body.log_hash, None, lang)

            done, v = await run_in_threadpool(act)
            if not done.get("repeated"):
                hub.notify(live)
                runner.kick(live)
            return json_response({"ok": True, **done, "view": v})

    @app.post("/api/games/{game_id}/undo")
    async def undo(
        game_id: str,
        body: UndoBody,
        request: Request,
        token: Token = None,
        request_id: RequestId = None,
    ) -> Response:
        rid = check_request_id(request_id or body.request_id)
        lang = lang_of(request)
        async with using(game_id) as live:
            held = service.seats_of(live, token)

            def undo() -> tuple[dict[str, Any], dict[str, Any]]:
                done = service.undo(live, held, body.serial, rid)
                return done, service.view(live, held, body.log_from, body.log_hash, None, lang)

            done, v = await run_in_threadpool(undo)
            if not done.get("repeated"):
                hub.notify(live)
            return json_response({"ok": True, **done, "view": v})

    @app.post("/api/games/{game_id}/resign")
    async def resign(
        game_id: str,
        body: UndoBody,
        request: Request,
        token: Token = None,
        request_id: RequestId = None,
    ) -> Response:
        rid = check_request_id(request_id or body.request_id)
        lang = lang_of(request)
        async with using(game_id) as live:
            held = service.seats_of(live, token)

            def resign() -> tuple[dict[str, Any], dict[str, Any]]:
                done = service.resign(live, held, body.serial, rid)
                return done, service.view(live, held, body.log_from, body.log_hash, None, lang)

            done, v = await run_in_threadpool(resign)
            if not done.get("repeated"):
                hub.notify(live)
            return json_response({"ok": True, **done, "view": v})

    @app.post("/api/games/{game_id}/seed")
    async def seed(game_id: str, body: SeedAnswer, token: Token = None) -> Response:
        async with using(game_id) as live:
            held = service.seats_of(live, token)
            facts = await run_in_threadpool(service.answer_seed, live, held, body.agree)
            hub.notify(live)
            runner.kick(live)
            return json_response({"ok": True, **facts})

    @app.get("/api/games/{game_id}/replay")
    async def replay(
        game_id: str,
        request: Request,
        seat: Annotated[str | None, Query(max_length=40)] = None,  # default: the first seat
        step: Annotated[int, Query(ge=0, lt=SMALL)] = 0,
        token: Token = None,
    ) -> Response:
        async with using(game_id) as live:
            session = live.ok()
            seat = seat or live.seats[0]
            if seat not in (*live.seats, *EVERY_SEAT):
                raise ServiceError(f"seat must be one of {', '.join(live.seats)}, or all")
            held: tuple[str, ...] = ()
            if token:
                held = service.seats_of(live, token)
            elif (user := ACTOR.get()) is not None:
                held = service.seats_of_user(live, user)  # the account's own seats
            if not session.over:
                if seat in EVERY_SEAT:
                    raise Forbidden("every hand is shown only once the game is over")
                if not held:
                    service.seats_of(live, token)  # 401: an unfinished game needs a token
                if seat not in held:
                    raise Forbidden("an unfinished game is replayed only from your own seat")
            out = await run_in_threadpool(service.replay, live, seat, step, held, lang_of(request))
            return json_response(out)

    @app.get("/api/games/{game_id}/analysis")
    async def analysis(game_id: str) -> Response:
        """Each side's chance to win after every action round of a finished game and its
        turning points; refused (403) while the game is played: no live evaluation."""
        async with using(game_id) as live:
            live.ok()
            out = await run_in_threadpool(service.analysis, live)
            return json_response(out)

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str) -> Response:
        async with using(game_id) as live:
            session = live.ok()
            if not session.over:
                raise Forbidden(
                    "the record (which reveals every card) is published when the game ends"
                )
            return json_response(session.record.to_json())

    # -- live updates --------------------------------------------------------------------

    @app.websocket("/api/games/{game_id}/ws")
    async def socket(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        try:
            hello = await asyncio.wait_for(_receive(ws), ws_auth_timeout)
        except TimeoutError:
            await _close(ws, 4408, "auth_timeout", "no token within the time allowed", 408)
            return
        except BadMessage as e:
            await _close(ws, e.code, "malformed", e.detail)
            return
        except WebSocketDisconnect:
            return
        try:
            if len(game_id) > ID_LIMIT:
                raise NotFound("no such game")
            live = await run_in_threadpool(service.acquire, game_id)
        except ServiceError as e:
            await _close(ws, 4000 + e.status, e.kind, e.message, e.status)
            return
        token = hello.get("token")
        want = hello.get("seat")
        watching = hello.get("watch") is True and not token
        try:
            if watching:  # an observer of a public game: no seat
                service.check_public(live)
                held: tuple[str, ...] = ()
                want = None
            else:
                held = service.seats_of(live, token if isinstance(token, str) else None)
            if want is not None and want not in held:
                raise Forbidden(f"your token does not hold that seat (it holds {', '.join(held)})")
        except ServiceError as e:
            service.release(live)
            await _close(ws, 4000 + e.status, e.kind, e.message, e.status)
            return
        log_from, log_hash = hello.get("log_from"), hello.get("log_hash")
        conn = Conn(
            ws,
            game_id,
            held,
            want if isinstance(want, str) else None,
            sent_len=log_from if type(log_from) is int and 0 <= log_from < SMALL else 0,
            sent_hash=log_hash if type(log_hash) is int and 0 <= log_hash < 2**32 else None,
            lang=lang_of(ws, hello.get("lang")),
            watch=watching,
        )
        hub.add(conn)
        syncs = RateLimit(sync_burst, sync_every)
        flood = RateLimit(30, 0.5)  # any message: 30 at once, then two a second
        try:
            await hub.send_view(conn, live, check=True)
            runner.kick(live)
            while True:
                msg = await _receive(ws)
                if flood.take(""):
                    await _close(ws, 1008, "rate_limited", "too many messages", 429)
                    return
                kind = msg.get("type")
                if kind == "ping":
                    await ws.send_text(dumps({"type": "pong"}))
                elif kind == "sync":
                    wait = syncs.take("")
                    if wait:
                        await ws.send_text(
                            dumps(
                                {
                                    "type": "error",
                                    "status": 429,
                                    "kind": "rate_limited",
                                    "detail": f"too many syncs; try again in {wait:.0f} s",
                                }
                            )
                        )
                        continue
                    n, h = msg.get("log_from"), msg.get("log_hash")
                    async with conn.lock:
                        conn.sent_len = n if type(n) is int and 0 <= n < SMALL else 0
                        conn.sent_hash = h if type(h) is int and 0 <= h < 2**32 else None
                    await hub.send_view(conn, live, check=True)
                elif kind == "lang":
                    # this socket's reader changed the page's language: the whole view again
                    wait = syncs.take("")
                    if wait:
                        continue
                    async with conn.lock:
                        conn.lang = i18n.pick(msg.get("lang"), default=conn.lang)
                        conn.sent_len, conn.sent_hash = 0, None
                    await hub.send_view(conn, live, check=True)
                else:
                    await ws.send_text(
                        dumps(
                            {
                                "type": "error",
                                "status": 400,
                                "kind": "malformed",
                                "detail": "messages are {'type': 'ping'}, {'type': 'sync'} "
                                "or {'type': 'lang', 'lang': code}",
                            }
                        )
                    )
        except BadMessage as e:
            await _close(ws, e.code, "malformed", e.detail)
        except ServiceError as e:
            await _close(ws, 4000 + e.status, e.kind, e.message, e.status)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        except Exception:
            log.exception("websocket failure in game %s", game_id)
            await _close(ws, 1011, "internal", "internal server error", 500)
        finally:
            hub.remove(conn)
            service.release(live)

    return app
