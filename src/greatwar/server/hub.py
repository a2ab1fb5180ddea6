"""Websocket connections and server-side bot driving.

Each open socket belongs to the seats one token holds in one game (it proves them with the token
in its first message, and may name the seat it watches). After every change the hub sends each
socket a fresh view of *its own seat* (the one named, else the held seat to act, else the first),
with only the log entries that socket has not seen yet. Bots are driven by one task per game
at a time; the engine work runs in worker threads so the event loop stays responsive.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket

from greatwar.server.games import GameService, LiveGame, ServiceError

log = logging.getLogger("greatwar.server")

BROADCAST_EVERY = 0.25  # seconds between updates while a bot plays a long series of decisions


@dataclass(eq=False)
class Conn:
    ws: WebSocket
    game_id: str
    held: tuple[str, ...]
    want: str | None = None
    sent_len: int = 0
    sent_hash: int | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Hub:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.conns: dict[str, set[Conn]] = {}
        self.driving: set[str] = set()
        self.tasks: set[asyncio.Task[None]] = set()

    def add(self, conn: Conn) -> None:
        self.conns.setdefault(conn.game_id, set()).add(conn)

    def remove(self, conn: Conn) -> None:
        group = self.conns.get(conn.game_id)
        if group is not None:
            group.discard(conn)
            if not group:
                del self.conns[conn.game_id]

    async def send_view(self, conn: Conn, live: LiveGame) -> None:
        async with conn.lock:
            v = await run_in_threadpool(
                self.service.view, live, conn.held, conn.sent_len, conn.sent_hash, conn.want
            )
            await conn.ws.send_json({"type": "view", "view": v})
            conn.sent_len = v["log_len"]
            conn.sent_hash = v["log_hash"]

    async def broadcast(self, live: LiveGame) -> None:
        for conn in list(self.conns.get(live.id, ())):
            try:
                await self.send_view(conn, live)
            except ServiceError as e:
                await self._safe_send(conn, {"type": "error", "detail": e.message})
            except Exception:  # a closed socket: forget it
                self.remove(conn)

    async def _safe_send(self, conn: Conn, msg: dict[str, Any]) -> None:
        try:
            await conn.ws.send_json(msg)
        except Exception:
            self.remove(conn)

    # -- bots ----------------------------------------------------------------------------

    def kick(self, live: LiveGame) -> None:
        """Start driving the game's bots in the background if one is to act."""
        if live.id in self.driving or self.service.bot_to_act(live) is None:
            return
        task = asyncio.get_running_loop().create_task(self.drive(live))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def drive(self, live: LiveGame) -> None:
        """Let bots play until a human is to act or the game ends, broadcasting as it goes."""
        if live.id in self.driving:
            return
        self.driving.add(live.id)
        try:
            last = time.monotonic()
            dirty = False
            while True:
                try:
                    moved = await run_in_threadpool(self.service.bot_step, live)
                except ServiceError as e:
                    log.warning("bot driving stopped in game %s: %s", live.id, e.message)
                    break
                if not moved:
                    break
                dirty = True
                if time.monotonic() - last >= BROADCAST_EVERY:
                    await self.broadcast(live)
                    last = time.monotonic()
                    dirty = False
            if dirty or live.bot_error:
                await self.broadcast(live)
        finally:
            self.driving.discard(live.id)
