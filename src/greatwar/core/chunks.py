"""What every game's search bot does alike around its simulations: split a budget into
chunks (a number of simulations, or a time to think), run the chunks here or on a pool of
processes, add up their root statistics, and count what was searched (the arena reports it).

A game's search gives each chunk its own job and runs it with a function of its own
(:meth:`ChunkedSearch.run_chunks`); the same seed and view give the same statistics however
many processes run them, because the chunks, not the processes, carry the seeds."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

J = TypeVar("J")

CHUNK_SEED_STEP = 104_729
"""The seed of chunk ``i`` is the search's base seed plus ``i`` times this prime."""

Stats = dict[str, tuple[int, float]]
"""A search's root statistics: each candidate's visits and the sum of its values."""


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for a search (as it was before, after it).

    A search makes a great many objects that outlive it (the analyses' memos of the positions
    it met) and few reference cycles; every collection made meanwhile walks all the objects
    made since the last one, so collections during a search cost several percent of it. Paused,
    the objects are walked once, by the first collection after the search."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


class ChunkedSearch:
    """The budget, the pool and the counters of a search bot (a base class)."""

    def __init__(
        self, seed: int, sims: int, think: float | None, workers: int, chunks: int
    ) -> None:
        self.seed = seed
        self.sims = sims
        self.think = think
        self.workers = max(1, workers)
        self.chunks = chunks
        self._pool: ProcessPoolExecutor | None = None
        self.searched = 0  # decisions searched so far
        self.simulations = 0  # simulations run so far
        self.search_seconds = 0.0  # time spent on the searched decisions
        self.slowest_search = 0.0  # the longest searched decision, in seconds

    def base_seed(self, view: dict[str, Any]) -> int:
        """The seed of a search of ``view``: the bot's seed and the view's serial."""
        return (self.seed * 1_000_003 + int(view.get("serial") or 0) * 7919) % (1 << 62)

    def budget(self) -> tuple[list[int], float]:
        """Each chunk's number of simulations and the deadline (0: none). With a time to think,
        one chunk per process, each running until the deadline."""
        if self.think is not None:
            return [0] * self.workers, time.time() + self.think
        q, rest = divmod(self.sims, self.chunks)
        return [q + (1 if i < rest else 0) for i in range(self.chunks)], 0.0

    def run_chunks(
        self, candidates: Sequence[str], jobs: list[J], run_chunk: Callable[[J], Stats]
    ) -> Stats:
        """Run ``jobs`` (here, or on the pool with more than one process) and add up their
        root statistics over ``candidates``."""
        if self.workers > 1 and len(jobs) > 1:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(max_workers=self.workers)
            results = list(self._pool.map(run_chunk, jobs))
        else:
            results = [run_chunk(j) for j in jobs]
        total: Stats = {a: (0, 0.0) for a in candidates}
        for r in results:
            for a, (n, v) in r.items():
                total[a] = (total[a][0] + n, total[a][1] + v)
        self.searched += 1
        self.simulations += sum(n for n, _ in total.values())
        return total

    def timed(self, spent: float) -> None:
        """Count a searched decision's time."""
        self.search_seconds += spent
        self.slowest_search = max(self.slowest_search, spent)

    def stats(self) -> dict[str, float]:
        """What this bot has searched so far (the arena reports it): decisions searched, their
        time in all and the longest one, in seconds."""
        return {
            "searched": self.searched,
            "search_seconds": self.search_seconds,
            "slowest_search": self.slowest_search,
        }

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def __del__(self) -> None:
        pool = getattr(self, "_pool", None)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
