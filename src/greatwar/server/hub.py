"""Websocket connections: each socket hears about its own seat only (or, an observer's of a
public game, the public view).

Each socket has its own language (its reader's: the first message may name it, and a
``{"type": "lang"}`` message changes it), so the seats of one game may read it in different
languages. Each open socket belongs to the seats one token holds in one game (it proves them
with the token in its first message, and may name the seat it watches). After every change the
hub sends each socket a fresh view of *its own seat* (the one named, else the held seat to act,
else the first), with only the log entries that socket has not seen yet. A socket holds its game
in memory (:meth:`greatwar.server.games.GameService.acquire`) for as long as it is open. An
observer's socket (first message ``{"watch": true}``, no token) of a public game is sent the
public view (:meth:`greatwar.server.games.GameService.watch`) in the same way.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket

from greatwar.core.i18n import DEFAULT_LANG
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
    lang: str = DEFAULT_LANG  # the language this socket's reader reads
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watch: bool = False  # an observer of a public game (no seat): the public view


def dumps(doc: Any) -> str:
    """Compact JSON; NaN and infinity are refused (ValueError), never sent as the non-JSON
    ``NaN`` or ``Infinity``."""
    return json.dumps(doc, separators=(",", ":"), allow_nan=False)


class Hub:
    SEND_WITHIN = 10.0  # seconds a socket has to take a message before it is dropped

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.conns: dict[str, set[Conn]] = {}
        self._sending: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()

    def notify(self, live: LiveGame) -> None:
        """Tell the game's sockets about a change, in the background (no request waits for a
        slow socket); changes that come while a round of sending is under way are sent
        together after it."""
        if live.id not in self.conns:
            return
        if live.id in self._sending:
            self._again.add(live.id)
            return
        task = asyncio.get_running_loop().create_task(self._send_rounds(live))
        self._sending[live.id] = task

    async def _send_rounds(self, live: LiveGame) -> None:
        try:
            while True:
                self._again.discard(live.id)
                await self.broadcast(live)
                if live.id not in self._again:
                    return
        finally:
            self._sending.pop(live.id, None)

    def add(self, conn: Conn) -> None:
        self.conns.setdefault(conn.game_id, set()).add(conn)

    def remove(self, conn: Conn) -> None:
        group = self.conns.get(conn.game_id)
        if group is not None:
            group.discard(conn)
            if not group:
                del self.conns[conn.game_id]

    async def send_view(self, conn: Conn, live: LiveGame, check: bool = False) -> None:
        """Send the socket its seat's view (``check``: compare the game with the store first;
        a change told by the hub needs no such look)."""
        async with conn.lock:
            if conn.watch:
                v = await run_in_threadpool(
                    self.service.watch, live, conn.sent_len, conn.sent_hash, conn.lang, check
                )
            else:
                v = await run_in_threadpool(
                    self.service.view,
                    live,
                    conn.held,
                    conn.sent_len,
                    conn.sent_hash,
                    conn.want,
                    conn.lang,
                    check,
                )
            await conn.ws.send_text(dumps({"type": "view", "view": v}))
            conn.sent_len = v["log_len"]
            conn.sent_hash = v["log_hash"]

    async def broadcast(self, live: LiveGame) -> None:
        """Send every socket of the game its seat's view now (all at once)."""
        conns = list(self.conns.get(live.id, ()))
        if conns:
            await asyncio.gather(*(self._send_one(conn, live) for conn in conns))

    async def _send_one(self, conn: Conn, live: LiveGame) -> None:
        try:
            await asyncio.wait_for(self.send_view(conn, live), self.SEND_WITHIN)
        except ServiceError as e:
            await self._safe_send(
                conn, {"type": "error", "status": e.status, "kind": e.kind, "detail": e.message}
            )
        except Exception:  # a closed or stuck socket: forget it
            self.remove(conn)

    async def _safe_send(self, conn: Conn, msg: dict[str, Any]) -> None:
        try:
            await conn.ws.send_text(dumps(msg))
        except Exception:
            self.remove(conn)
