"""Paths of Glory's own figures for ``greatwar bench`` (printed, never judged).

:func:`benchmarks` times what costs most in this game besides listing actions: a whole combat
(from its frame's creation to its end, decisions included, in random games) and a full supply
recomputation from an empty cache (what a change of control or units costs the next question),
and a clone without the log (what search pays per simulation).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Mapping
from typing import Any

from greatwar.pog import board, engine, supply
from greatwar.pog.state import State

COMBAT_GAMES = 3  # random games whose combats are timed


def benchmarks(scenario: str, options: Mapping[str, Any] | None, seed: int) -> dict[str, Any]:
    opts = dict(options) if options is not None else None
    combats = _combat_ns(scenario, opts, seed)
    return {
        "combats": len(combats),
        "combat_us_median": round(statistics.median(combats) / 1000, 1) if combats else 0,
        "clone_without_log_us_median": _clone_us(scenario, opts, seed),
        "supply_recompute_us_median": _supply_us(scenario, opts, seed),
    }


def _combat_ns(scenario: str, options: dict[str, Any] | None, seed: int) -> list[int]:
    out: list[int] = []
    perf = time.perf_counter_ns
    for i in range(COMBAT_GAMES):
        s = engine.new_game(scenario, options, seed + i)
        pick = random.Random(seed + i)
        start = -1
        while not engine.is_over(s):
            t0 = perf()
            engine.apply_unchecked(s, pick.choice(engine.legal_actions(s)))
            fighting = any(f["step"] == "combat" for f in s.stack)
            if fighting and start < 0:
                start = t0
            elif not fighting and start >= 0:
                out.append(perf() - start)
                start = -1
    return out


def _midgame(scenario: str, options: dict[str, Any] | None, seed: int) -> State:
    """A position some way into a random game (or its end, if the game is short)."""
    s = engine.new_game(scenario, options, seed)
    pick = random.Random(seed)
    for _ in range(700):
        if engine.is_over(s):
            break
        engine.apply_unchecked(s, pick.choice(engine.legal_actions(s)))
    return s


def _supply_us(scenario: str, options: dict[str, Any] | None, seed: int) -> float:
    s = _midgame(scenario, options, seed)
    units = [u for u in range(len(s.loc)) if board.on_map(s, u)]
    samples = []
    for _ in range(30):
        s.cache.clear()
        t0 = time.perf_counter_ns()
        for u in units:
            supply.unit_supplied(s, u)
        for x in range(len(s.ctrl)):
            if x not in board.BOXES:
                supply.space_supplied(s, x)
        samples.append(time.perf_counter_ns() - t0)
    return round(statistics.median(samples) / 1000, 1)


def _clone_us(scenario: str, options: dict[str, Any] | None, seed: int) -> float:
    s = engine.new_game(scenario, options, seed)
    samples = []
    for _ in range(200):
        t0 = time.perf_counter_ns()
        s.clone(with_log=False)
        samples.append(time.perf_counter_ns() - t0)
    return round(statistics.median(samples) / 1000, 2)
