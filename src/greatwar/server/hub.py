"""Websocket connections: each socket hears about its own seat only.

Each open socket belongs to the seats one token holds in one game (it proves them with the token
in its first message, and may name the seat it watches). After every change the hub sends each
socket a fresh view of *its own seat* (the one named, else the held seat to act, else the first),
with only the log entries that socket has not seen yet. A socket holds its game in memory
(:meth:`greatwar.server.games.GameService.acquire`) for as long as it is open.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket

from greatwar.server.games import GameService, LiveGame, ServiceError

log = logging.getLogger("greatwar.server")


@dataclass(eq=False)
class Conn:
    ws: WebSocket
    game_id: str
    held: tuple[str, ...]
    want: str | None = None
    sent_len: int = 0
    sent_hash: int | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def dumps(doc: Any) -> str:
    return json.dumps(doc, separators=(",", ":"))


class Hub:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.conns: dict[str, set[Conn]] = {}

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
            await conn.ws.send_text(dumps({"type": "view", "view": v}))
            conn.sent_len = v["log_len"]
            conn.sent_hash = v["log_hash"]

    async def broadcast(self, live: LiveGame) -> None:
        for conn in list(self.conns.get(live.id, ())):
            try:
                await self.send_view(conn, live)
            except ServiceError as e:
                await self._safe_send(
                    conn, {"type": "error", "status": e.status, "kind": e.kind, "detail": e.message}
                )
            except Exception:  # a closed socket: forget it
                self.remove(conn)

    async def _safe_send(self, conn: Conn, msg: dict[str, Any]) -> None:
        try:
            await conn.ws.send_text(dumps(msg))
        except Exception:
            self.remove(conn)
