"""The clocks in the web app: the pause route and the watcher that ends games on time.

The clock's rules are :mod:`.clockrules` (pure functions the game service applies with every
write); this module sits above the game service and is attached to it as one of its listeners.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Annotated, Any

from fastapi import FastAPI, Header
from pydantic import BaseModel, ConfigDict
from starlette.concurrency import run_in_threadpool

from greatwar.server.bots import BotRunner
from greatwar.server.clockrules import deadline
from greatwar.server.events import Change
from greatwar.server.games import GameService, LiveGame, ServiceError
from greatwar.server.hub import Hub

log = logging.getLogger("greatwar.server")


# -- the web app's part: the pause route and the watcher -----------------------------------


class PauseBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    pause: bool


Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=200)]


def install(app: FastAPI, service: GameService, hub: Hub, runner: BotRunner) -> None:
    """Add ``POST /api/games/{id}/clock`` ``{"pause": bool}`` (a seat's token): ask for a
    pause, withdraw the ask, or resume."""

    @app.post("/api/games/{game_id}/clock")
    async def clock(game_id: str, body: PauseBody, token: Token = None) -> dict[str, Any]:
        async with service.using(game_id) as live:
            held = service.seats_of(live, token)
            facts = await run_in_threadpool(service.pause, live, held, body.pause)
            await hub.broadcast(live)
            runner.kick(live)
            return {"ok": True, "clock": facts}


async def watch(service: GameService, hub: Hub, every: float = 30.0) -> None:
    """Until cancelled: end every game whose running clock has run out, at most ``every``
    seconds late (a game's own requests end it at once), and tell its sockets of every end
    on time, wherever it was found."""
    loop = asyncio.get_running_loop()

    def told(live: LiveGame, event: Change) -> None:
        if event["kind"] == "time_out":
            loop.call_soon_threadsafe(lambda: loop.create_task(hub.broadcast(live)))

    service.listeners.append(told)
    try:
        try:
            rows = await run_in_threadpool(service.store.extras_with, "clock")
        except Exception as e:
            log.warning("cannot list the clocked games: %s", e)
            rows = []
        for gid, extra in rows:
            state = extra.get("clock")
            due = deadline(state) if isinstance(state, dict) else None
            if due is not None and not extra.get("seed_pending"):
                service.deadlines.setdefault(gid, due)  # one dict operation: atomic
        while True:
            for gid in service.due_games():
                try:
                    live = await run_in_threadpool(service.acquire, gid)
                except ServiceError:
                    service.deadlines.pop(gid, None)
                    continue
                try:
                    await run_in_threadpool(service.flag_if_due, live)
                except ServiceError as e:
                    log.warning("game %s: the clock could not end it: %s", gid, e.message)
                finally:
                    service.release(live)
                live_due = service.deadlines.get(gid)
                if live_due is not None and live_due <= service.now():
                    service.deadlines.pop(gid, None)  # cannot end it: do not try every pass
            await asyncio.sleep(every)
    finally:
        service.listeners.remove(told)
