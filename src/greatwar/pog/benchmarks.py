"""Paths of Glory's own figures for ``greatwar bench`` (printed, never judged).

:func:`benchmarks` times what costs most in this game besides listing actions: a whole combat
(from its frame's creation to its end, decisions included, in random games), a full supply
recomputation from an empty cache (what a change of control or units costs the next question),
a clone without the log of a fresh game and of a position some way into a game (what search
pays per simulation), a seat's view of that position (what every bot decision and web update
costs), and a heuristic playout: both seats played by the heuristic bot the way the search bot
plays its simulations (:mod:`greatwar.pog.bots.search`), with the time of the engine (listing
and applying actions) and of the bot (analysing and scoring) told apart.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Mapping
from typing import Any

from greatwar.core.actions import Action
from greatwar.core.timing import median_us, play_randomly, step_spans_ns
from greatwar.pog import board, engine, supply
from greatwar.pog.data import SIDE_NAMES
from greatwar.pog.state import State
from greatwar.pog.view import view

COMBAT_GAMES = 3  # random games whose combats are timed
HEURISTIC_DECISIONS = 300  # decisions of the heuristic playout (from the scenario's start)


def benchmarks(scenario: str, options: Mapping[str, Any] | None, seed: int) -> dict[str, Any]:
    opts = dict(options) if options is not None else None
    combats = _combat_ns(scenario, opts, seed)
    mid = _midgame(scenario, opts, seed)
    return {
        "combats": len(combats),
        "combat_us_median": round(statistics.median(combats) / 1000, 1) if combats else 0,
        "clone_without_log_us_median": _clone_us(scenario, opts, seed),
        "clone_midgame_us_median": median_us(lambda: mid.clone(with_log=False), 200),
        "supply_recompute_us_median": _supply_us(scenario, opts, seed),
        "view_us_median": round(median_us(lambda: [view(mid, x) for x in SIDE_NAMES], 50) / 2, 2),
        **heuristic_playout(scenario, opts, seed),
    }


def heuristic_playout(
    scenario: str, options: Mapping[str, Any] | None, seed: int, decisions: int = 0
) -> dict[str, Any]:
    """Both seats played by the heuristic bot for ``decisions`` decisions (default
    :data:`HEURISTIC_DECISIONS`) from the scenario's start, as the search bot's simulations play
    (a light view, the analysis of the world, the heuristic's pick; a decision with a single
    legal action is taken at once): decisions a second, and the time per decision of the engine
    (listing and applying actions) and of the bot."""
    from greatwar.pog.bots.analysis import Analysis
    from greatwar.pog.bots.heuristic import HeuristicBot
    from greatwar.pog.bots.search import light_view

    s = engine.new_game(scenario, dict(options) if options is not None else None, seed)
    bots = (HeuristicBot(seed), HeuristicBot(seed + 1))
    limit = decisions or HEURISTIC_DECISIONS
    perf = time.perf_counter_ns
    in_engine = in_bot = done = 0
    while done < limit and not engine.is_over(s):
        t0 = perf()
        seat = engine.to_act(s)
        if seat is None:
            break
        legal = [str(a) for a in engine.legal_actions(s)]
        t1 = perf()
        if len(legal) == 1:
            text = legal[0]
        else:
            v = light_view(s, seat, legal)
            text = legal[bots[seat].pick(Analysis(v, s), v, legal)]
        t2 = perf()
        engine.apply_unchecked(s, Action.parse(text))
        in_engine += t1 - t0 + perf() - t2
        in_bot += t2 - t1
        done += 1
    spent = (in_engine + in_bot) / 1e9
    return {
        "heuristic_decisions": done,
        "heuristic_decisions_per_second": round(done / spent, 1) if spent else 0.0,
        "heuristic_engine_us_per_decision": round(in_engine / done / 1000, 1) if done else 0,
        "heuristic_bot_us_per_decision": round(in_bot / done / 1000, 1) if done else 0,
    }


def _combat_ns(scenario: str, options: dict[str, Any] | None, seed: int) -> list[int]:
    games = ((engine.new_game(scenario, options, seed + i), seed + i) for i in range(COMBAT_GAMES))
    return step_spans_ns(engine, games, "combat")


def _midgame(scenario: str, options: dict[str, Any] | None, seed: int) -> State:
    """A position some way into a random game (or its end, if the game is short)."""
    return play_randomly(engine, engine.new_game(scenario, options, seed), seed, 700)


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
