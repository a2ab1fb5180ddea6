"""Updates between server processes on one PostgreSQL store: LISTEN/NOTIFY.

Every commit of a game runs ``pg_notify('greatwar', '<game id> <seq>')`` in its transaction
(:mod:`greatwar.server.store`), so the notice is sent only if the write is durable. Each
process keeps one listening connection in a thread (:class:`Listener`, psycopg). A notice for a
game that sockets of this process watch (:class:`Follower`) has the game caught up with the store
(:meth:`greatwar.server.games.GameService.catch_up`: the entries other processes stored are
played onto the copy), then its sockets are sent their views and its bots woken, as after a
change made here. Notices of the process's own writes are recognised by their seq and cost
nothing. When the listening connection drops, it reconnects and every game with open sockets
is compared with the store, so a notice lost meanwhile costs a look, never a missed update;
and every request compares its game's seq with the store's anyway before it is judged.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from sqlalchemy.engine import URL
from starlette.concurrency import run_in_threadpool

from greatwar.server.games import GameService, LiveGame, ServiceError
from greatwar.server.hub import Hub
from greatwar.server.store import CHANNEL

log = logging.getLogger("greatwar.server")


def conninfo(url: URL) -> str:
    """A libpq URL for psycopg from the store's SQLAlchemy URL."""
    text: str = url.set(drivername="postgresql").render_as_string(hide_password=False)
    return text


def parse(payload: str) -> tuple[str, int | None]:
    """(game id, seq after the write, or None when the writer did not say)."""
    gid, _, seq = payload.partition(" ")
    return gid, int(seq) if seq.isdigit() else None


def parse_chat(payload: str) -> tuple[str, int] | None:
    """(game id, message number) of a chat notice (``'chat <game id> <n>'``), else None."""
    parts = payload.split(" ")
    if len(parts) == 3 and parts[0] == "chat" and parts[2].isdigit():
        return parts[1], int(parts[2])
    return None


class Listener:
    """A thread listening on :data:`CHANNEL`; calls ``on_notice(payload)`` for each notice and
    ``on_connect()`` after each (re)connection (both in the thread: they must only hand over)."""

    WAIT = 0.5  # seconds between two looks at the stop flag
    RETRY = 1.0  # seconds before reconnecting

    def __init__(
        self, info: str, on_notice: Callable[[str], None], on_connect: Callable[[], None]
    ) -> None:
        self.info = info
        self.on_notice = on_notice
        self.on_connect = on_connect
        self.connected = threading.Event()
        self.backend_pid: int | None = None  # the database's process of the connection
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="greatwar-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.info, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.backend_pid = conn.info.backend_pid
                    self.connected.set()
                    self.on_connect()
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=self.WAIT):
                            self.on_notice(notice.payload)
            except Exception as e:
                if self._stop.is_set():
                    return
                self.connected.clear()
                log.warning("the listening connection failed (%s); reconnecting", e)
                self._stop.wait(self.RETRY)


class Follower:
    """Keeps the games this process holds up with the other processes' writes (see the
    module docstring)."""

    def __init__(self, service: GameService, hub: Hub, kick: Callable[[LiveGame], None]) -> None:
        self.service = service
        self.hub = hub
        self.kick = kick
        self._loop: asyncio.AbstractEventLoop | None = None
        self._running: set[str] = set()
        self._again: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        # set by the chat: push another server's message to this one's sockets
        self.on_chat: Callable[[str, int], Coroutine[Any, Any, None]] | None = None
        self.listener = Listener(
            conninfo(service.store.engine.url), self._from_thread, self._resync_from_thread
        )

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self.listener.start()

    async def close(self) -> None:
        await run_in_threadpool(self.listener.stop)
        for task in list(self._tasks):
            task.cancel()

    # -- in the listener's thread ---------------------------------------------------------

    def _from_thread(self, payload: str) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        said = parse_chat(payload)
        if said is not None:
            loop.call_soon_threadsafe(self.chat_told, *said)
        else:
            loop.call_soon_threadsafe(self.told, *parse(payload))

    def _resync_from_thread(self) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.resync)

    # -- in the event loop ----------------------------------------------------------------

    def chat_told(self, game_id: str, n: int) -> None:
        """A chat message was stored: push it to this process's sockets of the game."""
        if self.on_chat is not None and game_id in self.hub.conns:
            task = asyncio.get_running_loop().create_task(self.on_chat(game_id, n))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def resync(self) -> None:
        """Compare every game with open sockets with the store (after a reconnection)."""
        for gid in list(self.hub.conns):
            self.told(gid, None)

    def told(self, game_id: str, seq: int | None) -> None:
        """A game changed in the store (at ``seq``): catch it up now if sockets of this
        process watch it (any other copy catches up when a request next uses it; the bots of
        the game were woken by the process that wrote)."""
        if game_id not in self.hub.conns:
            return
        live = self.service.try_acquire(game_id)
        if live is None:
            return  # not in memory: it is read afresh when asked for
        if seq is not None and live.row.seq >= seq and not live.reload:
            self.service.release(live)  # this process's own write, or one it has
            return
        if game_id in self._running:
            self._again.add(game_id)
            self.service.release(live)
            return
        self._running.add(game_id)
        task = asyncio.get_running_loop().create_task(self._follow(live))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _follow(self, live: LiveGame) -> None:
        try:
            while True:
                self._again.discard(live.id)
                try:
                    changed = await run_in_threadpool(self.service.catch_up, live)
                except ServiceError as e:
                    log.warning("game %s could not be caught up: %s", live.id, e.message)
                    changed = False
                if changed:
                    self.hub.notify(live)
                    self.kick(live)
                if live.id not in self._again:
                    return
        finally:
            self._running.discard(live.id)
            self.service.release(live)
