"""Random self-play and measurement.

:func:`play_random` plays one game to its end: at every step it lists all legal actions and
picks one uniformly with a seeded chooser (its own generator, separate from the game's).
:func:`bench` plays many and measures them. Both return plain data for the CLI to print.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from greatwar.core.session import GameRecord
from greatwar.pog import engine
from greatwar.pog.state import State

Checker = Callable[[State], None]


@dataclass
class RandomGame:
    """One finished (or failed) random game."""

    scenario: str
    options: dict[str, Any] | None
    seed: int
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    error: str | None = None
    seconds: float = 0.0
    legal_ns: list[int] = field(default_factory=list)
    combat_ns: list[int] = field(default_factory=list)
    final_hash: str = ""
    state: State | None = None

    def record(self) -> GameRecord:
        return GameRecord("pog", self.scenario, self.options, self.seed, list(self.actions))


def chooser_seed(seed: int) -> int:
    return (seed * 0x9E3779B1 + 0x5EED) & 0xFFFFFFFF


def play_random(
    scenario: str,
    seed: int,
    options: dict[str, Any] | None = None,
    check: Checker | None = None,
    time_legal: bool = False,
    max_actions: int = 200_000,
    keep_state: bool = False,
) -> RandomGame:
    """Play one random game. ``check`` runs after every action (an invariant checker)."""
    g = RandomGame(scenario, options, seed)
    pick = random.Random(chooser_seed(seed))
    start = time.perf_counter()
    s = engine.new_game(scenario, options, seed)
    try:
        if check is not None:
            check(s)
        perf = time.perf_counter_ns
        combat_start = -1
        while not engine.is_over(s):
            if time_legal:
                t0 = perf()
                legal = engine.legal_actions(s)
                g.legal_ns.append(perf() - t0)
            else:
                legal = engine.legal_actions(s)
            if not legal:
                raise RuntimeError(f"no legal action at step {engine.step_name(s)}")
            a = pick.choice(legal)
            g.actions.append(str(a))
            engine.apply_unchecked(s, a)
            if time_legal:
                # One combat: from the frame's creation to its end, decisions included.
                fighting = any(f["step"] == "combat" for f in s.stack)
                if fighting and combat_start < 0:
                    combat_start = t0
                elif not fighting and combat_start >= 0:
                    g.combat_ns.append(perf() - combat_start)
                    combat_start = -1
            if check is not None:
                check(s)
            if len(g.actions) > max_actions:
                raise RuntimeError(f"the game did not end within {max_actions} actions")
        g.result = s.result
    except Exception as e:
        g.error = f"{type(e).__name__}: {e}"
    g.seconds = time.perf_counter() - start
    g.final_hash = s.hash()
    if keep_state:
        g.state = s
    return g


def game_seeds(seed: int, games: int) -> list[int]:
    """The seeds of the games of a run, derived from the run's seed."""
    r = random.Random(seed)
    return [r.randrange(1 << 31) for _ in range(games)]


def summarise(games: list[RandomGame]) -> dict[str, Any]:
    outcomes: dict[str, int] = {}
    reasons: dict[str, int] = {}
    turns: list[int] = []
    for g in games:
        if g.result is None:
            continue
        outcomes[g.result["outcome"]] = outcomes.get(g.result["outcome"], 0) + 1
        reasons[g.result["reason"]] = reasons.get(g.result["reason"], 0) + 1
        turns.append(g.result["turn"])
    return {
        "games": len(games),
        "finished": sum(g.result is not None for g in games),
        "exceptions": sum(g.error is not None for g in games),
        "errors": [f"seed {g.seed}: {g.error}" for g in games if g.error][:10],
        "outcomes": outcomes,
        "reasons": reasons,
        "mean_last_turn": round(statistics.mean(turns), 2) if turns else None,
        "actions": sum(len(g.actions) for g in games),
    }


def bench(
    scenario: str,
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` random games and measure them."""
    played = []
    for i, gs in enumerate(game_seeds(seed, games)):
        played.append(play_random(scenario, gs, options, time_legal=True))
        if progress is not None:
            progress(i + 1)
    summary = summarise(played)
    seconds = sum(g.seconds for g in played)
    legal = [ns for g in played for ns in g.legal_ns]
    combats = [ns for g in played for ns in g.combat_ns]
    per_game = [g.seconds for g in played]
    summary.update(
        {
            "scenario": scenario,
            "seed": seed,
            "seconds": round(seconds, 3),
            "actions_per_second": round(summary["actions"] / seconds, 1) if seconds else 0.0,
            "seconds_per_game_median": round(statistics.median(per_game), 4) if per_game else 0,
            "seconds_per_game_max": round(max(per_game), 4) if per_game else 0,
            "legal_actions_us_median": round(statistics.median(legal) / 1000, 2) if legal else 0,
            "legal_actions_us_p90": (
                round(statistics.quantiles(legal, n=10)[-1] / 1000, 2) if len(legal) > 10 else 0
            ),
            "combats": len(combats),
            "combat_us_median": round(statistics.median(combats) / 1000, 1) if combats else 0,
            "clone_us_median": _clone_us(scenario, options, seed),
            "supply_recompute_us_median": _supply_us(scenario, options, seed),
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
        }
    )
    return summary


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
    """One full supply recomputation: every unit's supply and every space's attrition supply,
    from an empty cache (what a change of control or units costs the next question)."""
    from greatwar.pog import board, supply

    s = _midgame(scenario, options, seed)
    units = [u for u, x in enumerate(s.loc) if board.on_map(s, u)]
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
