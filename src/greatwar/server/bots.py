"""Bots outside the request cycle: a bounded pool of worker processes and one driving task per
game whose bot is to act.

:class:`BotPool` keeps at most ``workers`` bot processes (:mod:`greatwar.server.botworker`,
started when first needed); a decision waits for an idle worker, so bot games share the
workers in turn and never take more cores than that. With ``workers=0`` the bots think in a
thread of the server (for embedding; the server's own requests then compete with them).

:class:`BotRunner` drives a game's bots as a task of the event loop, not of any request: it
asks the game for the bot's view, has a worker choose, applies the choice (checked and stored
like a person's action) and tells the game's sockets, until a person is to act or the game
ends. Games between bots alone are driven only when the server allows them, one decision at a
time with a pause between decisions. When the server stops, the tasks are cancelled and the
workers killed at once; when it starts, :meth:`BotRunner.resume` takes up every stored game
whose bot was to act.

With several server processes on one PostgreSQL store, each decision is first claimed in the
database (:mod:`greatwar.server.claims`): only the process holding the claim asks its bot,
renewing the lease while the bot thinks; and every process looks again every few seconds
(:meth:`BotRunner.rescan`) for games whose bot is to act, taking over those whose claim lapsed
(their process died).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
import os
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool

from greatwar.core.games import KNOWN
from greatwar.server import logs
from greatwar.server.claims import BotClaims
from greatwar.server.games import BotJob, GameService, LiveGame, ServiceError

log = logging.getLogger("greatwar.server")


class _Worker:
    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.next_id = 0

    @property
    def alive(self) -> bool:
        return self.proc.returncode is None


class BotPool:
    """At most ``workers`` bot processes; :meth:`decide` runs one decision on an idle one."""

    def __init__(self, workers: int = 1, timeout: float = 300.0) -> None:
        self.size = max(0, workers)
        self.timeout = timeout
        self._idle: asyncio.Queue[_Worker | None] | None = None
        self._workers: list[_Worker] = []
        self._closed = False

    async def _start(self) -> _Worker:
        env = dict(os.environ)
        src = str(Path(__file__).resolve().parents[2])  # where the greatwar package lives
        env["PYTHONPATH"] = os.pathsep.join(x for x in (src, env.get("PYTHONPATH")) if x)
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "greatwar.server.botworker",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env=env,
            limit=64 * 2**20,  # a view is one line
        )
        worker = _Worker(proc)
        self._workers.append(worker)
        return worker

    async def decide(self, job: BotJob, line: bytes) -> tuple[str | None, str | None]:
        """``(action, None)`` or ``(None, why)``: the bot's choice for ``job``, whose request
        (without its id) is ``line``."""
        if self._closed:
            raise asyncio.CancelledError
        if self.size == 0:
            return await run_in_threadpool(_decide_here, job)
        if self._idle is None:
            self._idle = asyncio.Queue()
            for _ in range(self.size):
                self._idle.put_nowait(None)  # a worker not started yet
        slot = await self._idle.get()
        worker = slot
        try:
            if worker is None or not worker.alive:
                worker = await self._start()
            return await asyncio.wait_for(self._ask(worker, line), self.timeout)
        except TimeoutError:
            log.error("the %s bot took over %s s in game %s", job.bot, self.timeout, job.game_id)
            self._kill(worker)
            return None, f"no answer within {self.timeout:.0f} s"
        except (OSError, EOFError, ValueError, ConnectionError) as e:
            self._kill(worker)
            return None, f"the bot worker failed: {e}"
        finally:
            if not self._closed:
                self._idle.put_nowait(worker if worker is not None and worker.alive else None)

    async def _ask(self, worker: _Worker, line: bytes) -> tuple[str | None, str | None]:
        proc = worker.proc
        assert proc.stdin is not None and proc.stdout is not None
        worker.next_id += 1
        rid = worker.next_id
        proc.stdin.write(b'{"id": %d, ' % rid + line[1:] + b"\n")
        await proc.stdin.drain()
        while True:
            raw = await proc.stdout.readline()
            if not raw:
                raise EOFError("the bot worker ended")
            reply = json.loads(raw)
            if isinstance(reply, dict) and reply.get("id") == rid:
                break
        if isinstance(reply.get("action"), str):
            return reply["action"], None
        return None, str(reply.get("error") or "no answer")

    def _kill(self, worker: _Worker | None) -> None:
        if worker is not None and worker.alive:
            with contextlib.suppress(ProcessLookupError):
                worker.proc.kill()

    async def close(self) -> None:
        """Kill every worker now (a decision under way is dropped)."""
        self._closed = True
        for worker in self._workers:
            self._kill(worker)
        for worker in self._workers:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(worker.proc.wait(), 2)
        self._workers.clear()


def _decide_here(job: BotJob) -> tuple[str | None, str | None]:
    from greatwar.server.botworker import answer

    reply = answer({"id": 0, "game": job.game, "bot": job.bot, "seed": job.seed, "view": job.view})
    return (reply["action"], None) if "action" in reply else (None, str(reply.get("error")))


def encode(job: BotJob) -> bytes:
    """The worker's request for ``job`` (as one line; the pool adds the id)."""
    doc = {
        "game": job.game,
        "where": KNOWN.get(job.game),  # a game registered while the server runs
        "bot": job.bot,
        "seed": job.seed,
        "view": job.view,
    }
    return json.dumps(doc, separators=(",", ":")).encode()


Broadcast = Callable[[LiveGame], Coroutine[Any, Any, None]]


class BotRunner:
    """One task per game whose bot is to act (see the module docstring)."""

    BROADCAST_EVERY = 0.25  # seconds between updates while bots play a long series

    def __init__(
        self,
        service: GameService,
        pool: BotPool,
        broadcast: Broadcast,
        allow_bot_games: bool = False,
        pause: float = 0.05,
        claims: BotClaims | None = None,
    ) -> None:
        self.claims = claims  # several processes: claim each decision first
        self.service = service
        self.pool = pool
        self.broadcast = broadcast
        self.allow_bot_games = allow_bot_games
        self.pause = pause  # seconds between two decisions of a game between bots alone
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.closed = False

    def kick(self, live: LiveGame) -> None:
        """Start driving the game's bots in the background if one is to act."""
        if self.closed or live.id in self.tasks or self.service.bot_to_act(live) is None:
            return
        if not self.allow_bot_games and not self.service.has_humans(live):
            return
        # the bots' lines belong to no request (the one that woke them has long been answered)
        quiet = contextvars.copy_context()
        quiet.run(logs.request_id.set, None)
        task = asyncio.get_running_loop().create_task(self._drive(live.id), context=quiet)
        self.tasks[live.id] = task
        gid = live.id

        def done(_: asyncio.Task[None]) -> None:
            if self.tasks.get(gid) is task:
                del self.tasks[gid]

        task.add_done_callback(done)

    async def _drive(self, game_id: str) -> None:
        try:
            live = await run_in_threadpool(self.service.acquire, game_id)
        except ServiceError as e:
            log.warning("bots of game %s not driven: %s", game_id, e.message)
            return
        try:
            await self._play(live)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot driving failed in game %s", game_id)
        finally:
            self.service.release(live)

    async def _play(self, live: LiveGame) -> None:
        loop = asyncio.get_running_loop()
        last = loop.time()
        dirty = False
        alone = not self.service.has_humans(live)
        while not self.closed:
            job = await run_in_threadpool(self.service.bot_job, live)
            if job is None:
                break
            claims = self.claims
            if claims is not None and not await run_in_threadpool(
                claims.claim, job.game_id, job.seq
            ):
                break  # another process makes this move (its write reaches us as a notice)
            line = await run_in_threadpool(encode, job)
            renewing = None
            if claims is not None:
                renewing = loop.create_task(self._renew(claims, job.game_id))
            try:
                action, why = await self.pool.decide(job, line)
            finally:
                if renewing is not None:
                    renewing.cancel()
            try:
                moved = await run_in_threadpool(self.service.bot_apply, live, job, action, why)
            except ServiceError as e:
                log.warning("bot driving stopped in game %s: %s", live.id, e.message)
                break
            # the claim stays, at the position it was made at, until a claim of a later
            # position replaces it: a process whose look at the game is older than this move
            # cannot claim it again (a dropped claim could be)
            if not moved and live.bot_error:
                break
            dirty = True
            if loop.time() - last >= self.BROADCAST_EVERY:
                await self.broadcast(live)
                last, dirty = loop.time(), False
            if alone:
                await asyncio.sleep(self.pause)  # leave the server to the people
        if dirty or live.bot_error:
            await self.broadcast(live)

    @staticmethod
    async def _renew(claims: BotClaims, game_id: str) -> None:
        """Keep a claim while the bot thinks (a third of the lease at a time)."""
        while True:
            await asyncio.sleep(claims.lease / 3)
            try:
                await run_in_threadpool(claims.renew, game_id)
            except Exception as e:  # the write of the move checks the game's seq anyway
                log.warning("the bot claim of game %s was not renewed: %s", game_id, e)

    async def rescan(self, every: float, first: bool = False) -> None:
        """Until cancelled: every ``every`` seconds (and at once if ``first``), take up the
        games whose bot is to act (several processes: a game whose claiming process died is
        taken over once its claim lapses)."""
        while not self.closed:
            if first:
                await self.resume()
            first = True
            await asyncio.sleep(every)

    async def resume(self) -> None:
        """Take up the stored games whose bot is to act (when the server starts)."""
        try:
            ids = await run_in_threadpool(self.service.store.game_ids_with_bots)
        except Exception as e:
            log.warning("cannot list the games to resume: %s", e)
            return
        for gid in ids:
            if self.closed:
                return
            try:
                live = await run_in_threadpool(self.service.load, gid)
            except ServiceError:
                continue
            self.kick(live)

    async def close(self) -> None:
        """Stop every bot now: cancel the tasks, kill the workers."""
        self.closed = True
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        await self.pool.close()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(task, 1)
