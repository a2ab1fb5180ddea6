"""Quartermaster General: 1914's own figures for ``greatwar bench`` (printed, never judged).

:func:`benchmarks` times what costs most in this game besides listing actions: a whole battle
(from its frame's creation to its end, decisions included, in random games), a full supply
recomputation from an empty cache (what every change of pieces costs the next question), a
clone without the log (what search pays per simulation) and a seat's view (what every bot
decision and every web update costs).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Mapping
from typing import Any

from greatwar.core.timing import median_us, play_randomly, step_spans_ns
from greatwar.qmg1914 import board, engine
from greatwar.qmg1914.state import State
from greatwar.qmg1914.view import view

BATTLE_GAMES = 5  # random games whose battles are timed


def benchmarks(scenario: str, options: Mapping[str, Any] | None, seed: int) -> dict[str, Any]:
    battles = _battle_ns(options, seed)
    mid = _midgame(options, seed)
    return {
        "battles": len(battles),
        "battle_us_median": round(statistics.median(battles) / 1000, 1) if battles else 0,
        "supply_recompute_us_median": _supply_us(mid),
        "clone_without_log_us_median": median_us(lambda: mid.clone(with_log=False), 200),
        "view_us_median": median_us(lambda: view(mid, "frit"), 100),
    }


def _battle_ns(options: Mapping[str, Any] | None, seed: int) -> list[int]:
    games = ((engine.new_game(options, seed + i), seed + i) for i in range(BATTLE_GAMES))
    return step_spans_ns(engine, games, "battle")


def _midgame(options: Mapping[str, Any] | None, seed: int) -> State:
    """A position some way into a random game (or its end, if the game is short)."""
    return play_randomly(engine, engine.new_game(options, seed), seed, 250)


def _supply_us(s: State) -> float:
    samples = []
    for _ in range(200):
        s.cache.clear()
        t0 = time.perf_counter_ns()
        board.supply_masks(s)
        samples.append(time.perf_counter_ns() - t0)
    return round(statistics.median(samples) / 1000, 2)
