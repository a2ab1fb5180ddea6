"""Tools for a game's own ``greatwar bench`` figures: random play through an engine, the time
spent inside one kind of step, and the median of a timed call."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

from greatwar.core.actions import Action
from greatwar.core.steps import HasStack

S = TypeVar("S", bound=HasStack)
S_in = TypeVar("S_in", bound=HasStack, contravariant=True)


class RandomPlay(Protocol[S_in]):
    """The three calls of a game's engine module that random play needs."""

    def is_over(self, s: S_in, /) -> bool: ...

    def legal_actions(self, s: S_in, /) -> list[Action]: ...

    def apply_unchecked(self, s: S_in, a: Action, /) -> None: ...


def play_randomly(engine: RandomPlay[S], s: S, seed: int, decisions: int) -> S:
    """``s`` after up to ``decisions`` random decisions (fewer if the game ends)."""
    pick = random.Random(seed)
    for _ in range(decisions):
        if engine.is_over(s):
            break
        engine.apply_unchecked(s, pick.choice(engine.legal_actions(s)))
    return s


def step_spans_ns(engine: RandomPlay[S], games: Iterable[tuple[S, int]], step: str) -> list[int]:
    """Random games (each a new state and its seed) played out: the nanoseconds of every span
    while a ``step`` frame is on the stack, from the decision that opened it (decisions inside
    included) to the one after which it is gone."""
    out: list[int] = []
    perf = time.perf_counter_ns
    for s, seed in games:
        pick = random.Random(seed)
        start = -1
        while not engine.is_over(s):
            t0 = perf()
            engine.apply_unchecked(s, pick.choice(engine.legal_actions(s)))
            inside = any(f["step"] == step for f in s.stack)
            if inside and start < 0:
                start = t0
            elif not inside and start >= 0:
                out.append(perf() - start)
                start = -1
    return out


def median_us(work: Callable[[], Any], times: int) -> float:
    """The median time of ``times`` calls of ``work``, in microseconds (two decimals)."""
    samples = []
    for _ in range(times):
        t0 = time.perf_counter_ns()
        work()
        samples.append(time.perf_counter_ns() - t0)
    return round(statistics.median(samples) / 1000, 2)
