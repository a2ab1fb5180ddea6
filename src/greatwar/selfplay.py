"""Random self-play and measurement, for any game.

:func:`play_random` plays one game to its end: at every step it lists all legal actions and
picks one uniformly with a seeded chooser (its own generator, separate from the game's).
:func:`run_selfplay` plays many, in this process, in local processes or on a Ray cluster
(:mod:`greatwar.fanout`), with the same results wherever they ran; :func:`bench` plays many in
this process and measures them. All work through the game's descriptor
(:func:`greatwar.core.games.game`) and return plain data for the CLI to print.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from greatwar.core.games import DEFAULT_GAME, HasBenchmarks, game
from greatwar.core.session import GameRecord, replay
from greatwar.fanout import Ray, run_all

Checker = Callable[[Any], None]


@dataclass
class RandomGame:
    """One finished (or failed) random game."""

    scenario: str
    options: dict[str, Any] | None
    seed: int
    game: str = DEFAULT_GAME
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    error: str | None = None
    seconds: float = 0.0
    legal_ns: list[int] = field(default_factory=list)
    final_hash: str = ""
    state: Any = None

    def record(self) -> GameRecord:
        return GameRecord(
            self.game,
            self.scenario,
            self.options,
            self.seed,
            list(self.actions),
            game(self.game).version,
        )


def chooser_seed(seed: int) -> int:
    return (seed * 0x9E3779B1 + 0x5EED) & 0xFFFFFFFF


def problems_checker(game_id: str = DEFAULT_GAME) -> Checker:
    """A checker that raises on any invariant violation the game reports."""
    g = game(game_id)

    def check(s: Any) -> None:
        found = g.problems(s)
        if found:
            raise AssertionError("invariants violated: " + "; ".join(found[:5]))

    return check


def play_random(
    scenario: str,
    seed: int,
    options: dict[str, Any] | None = None,
    check: Checker | None = None,
    time_legal: bool = False,
    max_actions: int = 200_000,
    keep_state: bool = False,
    game_id: str = DEFAULT_GAME,
) -> RandomGame:
    """Play one random game. ``check`` runs after every action (an invariant checker)."""
    g = game(game_id)
    rg = RandomGame(scenario, options, seed, game_id)
    pick = random.Random(chooser_seed(seed))
    start = time.perf_counter()
    s = g.new_game(scenario, options, seed)
    legal_actions, apply, outcome = g.legal_actions, g.apply_unchecked, g.outcome
    try:
        if check is not None:
            check(s)
        perf = time.perf_counter_ns
        while outcome(s) is None:
            if time_legal:
                t0 = perf()
                legal = legal_actions(s)
                rg.legal_ns.append(perf() - t0)
            else:
                legal = legal_actions(s)
            if not legal:
                raise RuntimeError(f"no legal action for {g.to_act(s)!r} and no outcome")
            a = pick.choice(legal)
            rg.actions.append(str(a))
            apply(s, a)
            if check is not None:
                check(s)
            if len(rg.actions) > max_actions:
                raise RuntimeError(f"the game did not end within {max_actions} actions")
        rg.result = outcome(s)
    except Exception as e:
        rg.error = f"{type(e).__name__}: {e}"
    rg.seconds = time.perf_counter() - start
    rg.final_hash = g.hash(s)
    if keep_state:
        rg.state = s
    return rg


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
        outcome, reason = str(g.result.get("outcome")), str(g.result.get("reason"))
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        reasons[reason] = reasons.get(reason, 0) + 1
        if isinstance(g.result.get("turn"), int):
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


SelfplayJob = tuple[str, int, dict[str, Any] | None, bool, bool, str]
"""One game of a run: scenario, game seed, options, check invariants, verify by replay, game."""


def play_job(job: SelfplayJob) -> tuple[RandomGame, bool]:
    """Play one game of a run: the game, and whether replaying its record reached another final
    state (asked only with verify). The checker is made where the game is played (it does not
    pickle)."""
    scenario, seed, options, check, verify, game_id = job
    checker = problems_checker(game_id) if check else None
    rg = play_random(scenario, seed, options, check=checker, game_id=game_id)
    g = game(game_id)
    mismatch = verify and rg.error is None and g.hash(replay(g, rg.record())) != rg.final_hash
    return rg, mismatch


def run_selfplay(
    scenario: str,
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    check: bool = False,
    verify: bool = False,
    workers: int = 1,
    ray: Ray | None = None,
    progress: Callable[[int], None] | None = None,
    game_id: str = DEFAULT_GAME,
) -> dict[str, Any]:
    """Play ``games`` random games (seeds from :func:`game_seeds`) and summarise them; with
    ``verify`` the seeds whose replay did not reach the same final state are listed under
    ``replay_mismatches``. ``workers`` local processes, or Ray with ``ray``."""
    jobs = [(scenario, gs, options, check, verify, game_id) for gs in game_seeds(seed, games)]
    done = run_all(play_job, jobs, workers, ray, progress)
    summary = summarise([rg for rg, _ in done])
    summary["game"] = game_id
    if verify:
        summary["replay_mismatches"] = [rg.seed for rg, mismatch in done if mismatch]
    return summary


def bench(
    scenario: str,
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    game_id: str = DEFAULT_GAME,
) -> dict[str, Any]:
    """Play ``games`` random games and measure them (and the game's own figures, if it has
    any: :class:`greatwar.core.games.HasBenchmarks`)."""
    g = game(game_id)
    played = []
    for i, gs in enumerate(game_seeds(seed, games)):
        played.append(play_random(scenario, gs, options, time_legal=True, game_id=game_id))
        if progress is not None:
            progress(i + 1)
    summary = summarise(played)
    seconds = sum(p.seconds for p in played)
    legal = [ns for p in played for ns in p.legal_ns]
    per_game = [p.seconds for p in played]
    summary.update(
        {
            "game": game_id,
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
            "clone_us_median": _clone_us(game_id, scenario, options, seed),
        }
    )
    if isinstance(g, HasBenchmarks):
        summary.update(g.benchmarks(scenario, options, seed))
    summary["python"] = platform.python_version()
    summary["implementation"] = platform.python_implementation()
    return summary


def _clone_us(game_id: str, scenario: str, options: dict[str, Any] | None, seed: int) -> float:
    """One clone of a fresh game's state (what search pays per simulation)."""
    g = game(game_id)
    s = g.new_game(scenario, options, seed)
    samples = []
    for _ in range(200):
        t0 = time.perf_counter_ns()
        g.clone(s)
        samples.append(time.perf_counter_ns() - t0)
    return round(statistics.median(samples) / 1000, 2)
