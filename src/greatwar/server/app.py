"""The web app: REST routes, the websocket, the static browser client.

Routes (JSON unless said otherwise):

    GET  /                                the start page (create a game, list games)
    GET  /play/{id}                       the game page (the seat token is in the link's #fragment)
    GET  /replay/{id}                     the replay viewer
    GET  /api/meta?game=pog               seats, teams, scenarios, options, bots of a game
    GET  /api/data?game=pog               map, pieces and cards for drawing (public, fixed)
    GET  /api/games                       the games in this store (of every game)
    POST /api/games                       create a game -> its id and a private link per person
    GET  /api/games/{id}                  public facts about one game
    GET  /api/games/{id}/view             your seat's view     ?seat= (X-Seat-Token)
    POST /api/games/{id}/action           {"action", "serial"}        (X-Seat-Token)
    POST /api/games/{id}/undo             {"serial"}                  (X-Seat-Token)
    GET  /api/games/{id}/replay           ?seat=&step= (a token for an unfinished game)
    GET  /api/games/{id}/record           the game record, once the game is over
    GET  /api/games/{id}/chat             the seats' chat (X-Seat-Token; see server/chat.py)
    POST /api/games/{id}/chat             {"text"}                    (X-Seat-Token)
    WS   /api/games/{id}/ws               first message {"token": ...}; then views as they change

Every game goes through its descriptor (:mod:`greatwar.core.games`); ``game`` defaults to
Paths of Glory. A token may hold several seats (one person playing several powers): the view is
then of the seat asked for (``?seat=``), else of the held seat to act, else of the first; an
action is played for the held seat to act.

Errors are JSON ``{"detail": message, "kind": word}`` with a 4xx status: 400 malformed input,
401 no valid seat token, 403 not your seat's turn, 404 unknown game, 409 stale position or a
corrupt stored record, 422 an illegal action; 503 when the store cannot write.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import BackgroundTasks, FastAPI, Header, Query, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketDisconnect

from greatwar import __version__
from greatwar.core.errors import CorruptStateError, GameError, MalformedActionError
from greatwar.core.games import DEFAULT_GAME, HasWeb
from greatwar.server import chat
from greatwar.server.games import (
    EVERY_SEAT,
    Forbidden,
    GameService,
    LiveGame,
    NotFound,
    ServiceError,
    descriptor,
    meta,
)
from greatwar.server.hub import Conn, Hub
from greatwar.server.store import GameStore

WEB = Path(str(resources.files("greatwar").joinpath("web")))


class CreateGame(BaseModel):
    game: str = DEFAULT_GAME
    scenario: str | None = None  # the game's default scenario
    options: dict[str, Any] | None = None
    seats: dict[str, str] | None = None  # seat -> "human" or a bot's name; missing: human
    players: list[list[str]] | None = None  # human seats one person holds together
    seed: int | None = Field(default=None, ge=0, lt=2**62)


class ActionBody(BaseModel):
    action: str = Field(max_length=400)
    serial: int
    log_from: int = 0
    log_hash: int | None = None


class UndoBody(BaseModel):
    serial: int
    log_from: int = 0
    log_hash: int | None = None


Token = Annotated[str | None, Header(alias="X-Seat-Token")]


def _error(status: int, kind: str, detail: str) -> JSONResponse:
    return JSONResponse({"detail": detail, "kind": kind}, status_code=status)


def create_app(store: GameStore | None = None, db: str | None = None) -> FastAPI:
    """The web app over ``store`` (or a store opened from the URL ``db``)."""
    if store is None:
        if db is None:
            raise ValueError("create_app needs a store or a database URL")
        store = GameStore(db)
    service = GameService(store)
    hub = Hub(service)
    app = FastAPI(title="greatwar", version=__version__, docs_url="/api/docs", redoc_url=None)
    app.state.service = service
    app.state.hub = hub
    app.state.store = store
    app.state.chat = chat.install(app, service, hub)

    @app.exception_handler(ServiceError)
    async def _service_error(_: Request, e: ServiceError) -> JSONResponse:
        return _error(e.status, e.kind, e.message)

    @app.exception_handler(GameError)
    async def _game_error(_: Request, e: GameError) -> JSONResponse:
        if isinstance(e, MalformedActionError):
            return _error(400, "malformed", str(e))
        if isinstance(e, CorruptStateError):
            return _error(409, "corrupt_record", str(e))
        return _error(422, "illegal", str(e))

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

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return page("replay.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # -- facts ---------------------------------------------------------------------------

    data_texts: dict[str, str] = {}

    @app.get("/api/data")
    async def data(game: str = DEFAULT_GAME) -> Response:
        text = data_texts.get(game)
        if text is None:
            g = descriptor(game)
            if not isinstance(g, HasWeb):
                raise NotFound(f"{g.title} has no drawing data for the web client yet")
            text = json.dumps(g.web().static_data(), separators=(",", ":"))
            data_texts[g.id] = text
        return Response(
            text, media_type="application/json", headers={"Cache-Control": "max-age=3600"}
        )

    @app.get("/api/meta")
    async def meta_doc(game: str = DEFAULT_GAME) -> dict[str, Any]:
        return {"version": __version__, **meta(game)}

    # -- games ---------------------------------------------------------------------------

    async def load(game_id: str) -> LiveGame:
        return await run_in_threadpool(service.load, game_id)

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return {"games": await run_in_threadpool(service.list_games)}

    @app.post("/api/games", status_code=201)
    async def create(body: CreateGame, tasks: BackgroundTasks) -> dict[str, Any]:
        live, tokens = await run_in_threadpool(
            service.create,
            body.scenario,
            body.options,
            body.seats,
            body.seed,
            body.game,
            body.players,
        )
        tasks.add_task(hub.drive, live)
        people: dict[str, list[str]] = {}
        for seat, tok in tokens.items():
            people.setdefault(tok, []).append(seat)
        return {
            "id": live.id,
            "tokens": tokens,
            "links": {seat: f"/play/{live.id}#{tok}" for seat, tok in tokens.items()},
            "players": [
                {"seats": seats, "token": tok, "link": f"/play/{live.id}#{tok}"}
                for tok, seats in people.items()
            ],
            "game": service.describe(live),
        }

    @app.get("/api/games/{game_id}")
    async def game(game_id: str) -> dict[str, Any]:
        return service.describe(await load(game_id))

    @app.get("/api/games/{game_id}/view")
    async def view(
        game_id: str,
        token: Token = None,
        log_from: Annotated[int, Query(ge=0)] = 0,
        log_hash: int | None = None,
        seat: str | None = None,
    ) -> dict[str, Any]:
        live = await load(game_id)
        held = service.seats_of(live, token)
        hub.kick(live)
        v: dict[str, Any] = await run_in_threadpool(
            service.view, live, held, log_from, log_hash, seat
        )
        return v

    @app.post("/api/games/{game_id}/action")
    async def action(
        game_id: str, body: ActionBody, tasks: BackgroundTasks, token: Token = None
    ) -> dict[str, Any]:
        live = await load(game_id)
        held = service.seats_of(live, token)
        done = await run_in_threadpool(service.act, live, held, body.action, body.serial)
        v = await run_in_threadpool(service.view, live, held, body.log_from, body.log_hash)
        await hub.broadcast(live)
        tasks.add_task(hub.drive, live)
        return {"ok": True, "action": done, "view": v}

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, body: UndoBody, token: Token = None) -> dict[str, Any]:
        live = await load(game_id)
        held = service.seats_of(live, token)
        await run_in_threadpool(service.undo, live, held, body.serial)
        v = await run_in_threadpool(service.view, live, held, body.log_from, body.log_hash)
        await hub.broadcast(live)
        return {"ok": True, "view": v}

    @app.get("/api/games/{game_id}/replay")
    async def replay(
        game_id: str,
        seat: str | None = None,  # default: the game's first seat
        step: Annotated[int, Query(ge=0)] = 0,
        token: Token = None,
    ) -> dict[str, Any]:
        live = await load(game_id)
        session = live.ok()
        seat = seat or live.seats[0]
        if seat not in (*live.seats, *EVERY_SEAT):
            raise ServiceError(f"seat must be one of {', '.join(live.seats)}, or all")
        if not session.over:
            if seat in EVERY_SEAT:
                raise Forbidden("every hand is shown only once the game is over")
            if seat not in service.seats_of(live, token):
                raise Forbidden("an unfinished game is replayed only from your own seat")
        out: dict[str, Any] = await run_in_threadpool(service.replay, live, seat, step)
        return out

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str) -> dict[str, Any]:
        live = await load(game_id)
        session = live.ok()
        if not session.over:
            raise Forbidden("the record (which reveals every card) is published when the game ends")
        return session.record.to_json()

    # -- live updates --------------------------------------------------------------------

    @app.websocket("/api/games/{game_id}/ws")
    async def socket(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        try:
            hello = await ws.receive_json()
            if not isinstance(hello, dict):
                raise ServiceError('the first message must be {"token": ...}')
            live = await load(game_id)
            token = hello.get("token")
            held = service.seats_of(live, token if isinstance(token, str) else None)
            want = hello.get("seat")
            if want is not None and want not in held:
                raise Forbidden(f"your token does not hold the seat {want!r}")
        except ServiceError as e:
            await ws.send_json({"type": "error", "status": e.status, "detail": e.message})
            await ws.close(code=4000 + e.status)
            return
        except (WebSocketDisconnect, ValueError):
            return
        log_from = hello.get("log_from")
        log_hash = hello.get("log_hash")
        conn = Conn(
            ws,
            game_id,
            held,
            want if isinstance(want, str) else None,
            sent_len=log_from if isinstance(log_from, int) and log_from >= 0 else 0,
            sent_hash=log_hash if isinstance(log_hash, int) else None,
        )
        hub.add(conn)
        try:
            await hub.send_view(conn, live)
            hub.kick(live)
            while True:
                msg = await ws.receive_json()
                if isinstance(msg, dict) and msg.get("type") == "ping":
                    await ws.send_json({"type": "pong"})
                elif isinstance(msg, dict) and msg.get("type") == "sync":
                    conn.sent_len, conn.sent_hash = 0, None
                    await hub.send_view(conn, await load(game_id))
        except ServiceError as e:
            await ws.send_json({"type": "error", "status": e.status, "detail": e.message})
        except (WebSocketDisconnect, ValueError, RuntimeError):
            pass
        finally:
            hub.remove(conn)

    return app
