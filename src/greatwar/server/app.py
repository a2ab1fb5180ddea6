"""The web app: REST routes, the websocket, the static browser client.

Routes (JSON unless said otherwise):

    GET  /                                the start page (create a game, list games)
    GET  /play/{id}                       the game page (the seat token is in the link's #fragment)
    GET  /replay/{id}                     the replay viewer
    GET  /api/meta                        scenarios, options, bots
    GET  /api/data                        map, units and cards for drawing (public, fixed)
    GET  /api/games                       the games in this store
    POST /api/games                       create a game -> its id and a private link per human seat
    GET  /api/games/{id}                  public facts about one game
    GET  /api/games/{id}/view             your seat's view            (X-Seat-Token)
    POST /api/games/{id}/action           {"action", "serial"}        (X-Seat-Token)
    POST /api/games/{id}/undo             {"serial"}                  (X-Seat-Token)
    GET  /api/games/{id}/replay           ?seat=&step= (a token for an unfinished game)
    GET  /api/games/{id}/record           the game record, once the game is over
    WS   /api/games/{id}/ws               first message {"token": ...}; then views as they change

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
from greatwar.pog.scenarios import DEFAULT_OPTIONS, OPTIONAL_CARD_MODES, SCENARIOS
from greatwar.server.games import (
    HUMAN,
    SEATS,
    Forbidden,
    GameService,
    LiveGame,
    ServiceError,
    bot_names,
)
from greatwar.server.hub import Conn, Hub
from greatwar.server.store import GameStore
from greatwar.server.views import static_data

WEB = Path(str(resources.files("greatwar").joinpath("web")))

OPTION_HELP: dict[str, str] = {
    "hand8": "Eight-card hands (9.1.4); always on in the Historical scenario.",
    "optional_cards": "Optional cards 56-65: none, all, or each player selects (rulebook note).",
    "trench_mod": "Trench roll modification (11.2.10); always on in the Historical scenario.",
    "valiant": "The Valiant variant deck.",
    "tournament": "Tournament rules (5.6): draws count for the Allies; accepted peace: both lose.",
    "bid": "Tournament bid (5.6.1): one side cedes some VP to the other.",
}


class CreateGame(BaseModel):
    scenario: str = "historical"
    options: dict[str, Any] | None = None
    seats: dict[str, str] = Field(default_factory=lambda: {"ap": HUMAN, "cp": HUMAN})
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

    data_text = json.dumps(static_data(), separators=(",", ":"))

    @app.get("/api/data")
    async def data() -> Response:
        return Response(
            data_text, media_type="application/json", headers={"Cache-Control": "max-age=3600"}
        )

    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        return {
            "version": __version__,
            "scenarios": [
                {"id": s.id, "name": s.name, "rule": s.rule, "last_turn": s.last_turn}
                for s in SCENARIOS.values()
            ],
            "options": {
                k: {"default": v, "help": OPTION_HELP.get(k, "")}
                for k, v in DEFAULT_OPTIONS.items()
            },
            "optional_card_modes": list(OPTIONAL_CARD_MODES),
            "bots": bot_names(),
            "seats": list(SEATS),
        }

    # -- games ---------------------------------------------------------------------------

    async def load(game_id: str) -> LiveGame:
        return await run_in_threadpool(service.load, game_id)

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return {"games": await run_in_threadpool(service.list_games)}

    @app.post("/api/games", status_code=201)
    async def create(body: CreateGame, tasks: BackgroundTasks) -> dict[str, Any]:
        live, tokens = await run_in_threadpool(
            service.create, body.scenario, body.options, body.seats, body.seed
        )
        tasks.add_task(hub.drive, live)
        return {
            "id": live.id,
            "tokens": tokens,
            "links": {seat: f"/play/{live.id}#{tok}" for seat, tok in tokens.items()},
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
    ) -> dict[str, Any]:
        live = await load(game_id)
        seat = service.seat_of(live, token)
        hub.kick(live)
        v: dict[str, Any] = await run_in_threadpool(service.view, live, seat, log_from, log_hash)
        return v

    @app.post("/api/games/{game_id}/action")
    async def action(
        game_id: str, body: ActionBody, tasks: BackgroundTasks, token: Token = None
    ) -> dict[str, Any]:
        live = await load(game_id)
        seat = service.seat_of(live, token)
        done = await run_in_threadpool(service.act, live, seat, body.action, body.serial)
        v = await run_in_threadpool(service.view, live, seat, body.log_from, body.log_hash)
        await hub.broadcast(live)
        tasks.add_task(hub.drive, live)
        return {"ok": True, "action": done, "view": v}

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, body: UndoBody, token: Token = None) -> dict[str, Any]:
        live = await load(game_id)
        seat = service.seat_of(live, token)
        await run_in_threadpool(service.undo, live, seat, body.serial)
        v = await run_in_threadpool(service.view, live, seat, body.log_from, body.log_hash)
        await hub.broadcast(live)
        return {"ok": True, "view": v}

    @app.get("/api/games/{game_id}/replay")
    async def replay(
        game_id: str,
        seat: str = "ap",
        step: Annotated[int, Query(ge=0)] = 0,
        token: Token = None,
    ) -> dict[str, Any]:
        live = await load(game_id)
        session = live.ok()
        if seat not in (*SEATS, "both"):
            raise ServiceError("seat must be ap, cp or both")
        if not session.over:
            if seat == "both":
                raise Forbidden("both hands are shown only once the game is over")
            if service.seat_of(live, token) != seat:
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
            seat = service.seat_of(live, token if isinstance(token, str) else None)
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
            seat,
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
