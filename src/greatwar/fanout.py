"""Fan independent jobs out: in this process, over local processes, or over a Ray cluster.

Self-play and the arena play many games that share nothing. :func:`fan_out` runs one function
over a list of jobs and yields each result with its job's index as soon as it is done, so the
caller can show progress and put the results back in job order. A job and its result must
pickle, and the function must be importable by name (a module-level function of greatwar): the
results then do not depend on where the jobs ran, only on the jobs.

- ``workers=1``: one after another, in this process.
- ``workers=n``: a pool of ``n`` local processes (``concurrent.futures``).
- ``ray=Ray(...)``: one Ray task per job (one CPU each) on a Ray cluster. Ray is optional (the
  ``rl`` extra) and imported only here, only when asked for; the engines never see it (DESIGN:
  the engine stays free of processes and of Ray).

When this module connects to Ray itself it ships the running greatwar package to the cluster
(Ray's ``py_modules``), so every worker plays with the driver's own engine and bots; a cluster
then needs only Ray (and Python 3.11) on its nodes. It disconnects again when the jobs are done.
A program that connected to Ray itself (``ray.init``) is left connected and its settings are
used as they are.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, TypeVar

J = TypeVar("J")
R = TypeVar("R")

INSTALL = "pip install 'greatwar[rl]'"


class FanoutError(Exception):
    """Ray is not installed or cannot be reached (the message is one line)."""


@dataclass(frozen=True)
class Ray:
    """Run the jobs as Ray tasks.

    ``address`` is Ray's: ``None`` lets Ray choose (the cluster named by ``RAY_ADDRESS``, else
    one started on this machine with ``ray start``, else a new local instance); ``"local"``
    always starts a new local instance; ``"auto"`` finds an existing cluster or fails;
    ``"host:port"`` or ``"ray://host:port"`` names one.
    """

    address: str | None = None

    def describe(self) -> str:
        return self.address or "default"


def import_ray() -> Any:
    """The ``ray`` module, or a one-line :class:`FanoutError` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise FanoutError(f"Ray is not installed: {INSTALL}") from None
    return ray


def connect(spec: Ray, **init: Any) -> bool:
    """Connect to Ray as ``spec`` says, unless this process is connected already; ``init``
    goes on to ``ray.init`` (``num_cpus``, ``include_dashboard``...). True when this call
    connected (so the caller disconnects with ``import_ray().shutdown()``)."""
    ray = import_ray()
    if ray.is_initialized():
        return False
    import greatwar

    init.setdefault("logging_level", logging.WARNING)
    try:
        ray.init(address=spec.address, runtime_env={"py_modules": [greatwar]}, **init)
    except (ConnectionError, RuntimeError, ValueError) as e:
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise FanoutError(f"cannot reach the Ray cluster ({spec.describe()}): {first}") from None
    return True


def fan_out(
    fn: Callable[[J], R],
    jobs: Sequence[J],
    workers: int = 1,
    ray: Ray | None = None,
) -> Iterator[tuple[int, R]]:
    """Run ``fn(job)`` for every job; yield ``(index of the job, result)`` as each finishes.

    With ``ray`` the jobs run on Ray (``workers`` is then Ray's business: one task per CPU of
    the cluster); else ``workers`` local processes, or this process when ``workers`` is 1. An
    exception in a job ends the fan-out with that exception (the jobs still waiting are
    cancelled)."""
    if ray is not None:
        import_ray()  # fail now, in one line, not at the first result
        return _on_ray(fn, jobs, ray)
    if workers <= 1 or len(jobs) <= 1:
        return ((i, fn(job)) for i, job in enumerate(jobs))
    return _in_processes(fn, jobs, min(workers, len(jobs)))


def run_all(
    fn: Callable[[J], R],
    jobs: Sequence[J],
    workers: int = 1,
    ray: Ray | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[R]:
    """Every job's result, in job order; ``progress`` is told how many are done after each."""
    results: dict[int, R] = {}
    for i, result in fan_out(fn, jobs, workers, ray):
        results[i] = result
        if progress is not None:
            progress(len(results))
    return [results[i] for i in range(len(jobs))]


def _in_processes(fn: Callable[[J], R], jobs: Sequence[J], workers: int) -> Iterator[tuple[int, R]]:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        index: dict[Future[R], int] = {pool.submit(fn, job): i for i, job in enumerate(jobs)}
        pending = set(index)
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    yield index[fut], fut.result()
        finally:
            for fut in pending:
                fut.cancel()


def _on_ray(fn: Callable[[J], R], jobs: Sequence[J], spec: Ray) -> Iterator[tuple[int, R]]:
    ray = import_ray()
    connected = connect(spec)
    try:
        task = ray.remote(fn)
        index = {task.remote(job): i for i, job in enumerate(jobs)}
        pending = list(index)
        try:
            while pending:
                # Wait for one, then take every other one already done (one call per batch).
                done, pending = ray.wait(pending, num_returns=1)
                if pending:
                    more, pending = ray.wait(pending, num_returns=len(pending), timeout=0)
                    done += more
                for ref in done:
                    yield index[ref], ray.get(ref)
        finally:
            for ref in pending:
                ray.cancel(ref)
    finally:
        if connected:
            ray.shutdown()
