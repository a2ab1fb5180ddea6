"""The arena: bots play each other, each taking each side in half the games.

:func:`play_game` plays one game between two bots to its end. Each bot is asked only with the
view of its own seat (:func:`greatwar.pog.view.view`) and its answer is checked by the engine
(an illegal answer is an error of that bot). :func:`run_arena` plays a series in parallel
processes (``concurrent.futures``) and :func:`summarise` turns the games into plain data: win
rates overall and by side, draws, how games ended, the mean final VP, seconds per decision.

Games come in pairs: the two games of a pair share a game seed, with the bots' sides swapped,
so both bots meet the same dice stream from both sides.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from typing import Any

from greatwar.bots import bots as bot_registry
from greatwar.bots import make_bot
from greatwar.pog import engine
from greatwar.pog.view import view

SEATS = ("ap", "cp")
MAX_DECISIONS = 100_000


@dataclass
class ArenaGame:
    """One game of a series, finished or failed."""

    index: int
    seed: int
    ap: str  # the label of the bot playing the Allies
    cp: str
    ap_bot: str  # the bot names (labels differ from names when a bot meets itself)
    cp_bot: str
    outcome: str = ""  # ap | cp | draw | both_lose | error
    winner: str | None = None  # the label of the winning bot
    reason: str = ""
    turn: int = 0
    vp: int = 0
    final_vp: int = 0
    decisions: dict[str, int] = field(default_factory=dict)
    think: dict[str, float] = field(default_factory=dict)  # seconds spent choosing, per label
    slowest: dict[str, float] = field(default_factory=dict)  # the longest single decision
    actions: int = 0
    seconds: float = 0.0
    error: str | None = None


def labels(bots: tuple[str, str]) -> tuple[str, str]:
    """Names for the two bots of a series (a bot meeting itself gets #1 and #2)."""
    a, b = bots
    if a == b:
        return f"{a}#1", f"{b}#2"
    return a, b


def pair_seeds(seed: int, pairs: int) -> list[int]:
    """The game seed of each pair of games, derived from the series seed."""
    r = random.Random(seed)
    return [r.randrange(1 << 31) for _ in range(pairs)]


def bot_seed(game_seed: int, seat: str) -> int:
    return (game_seed * 1_000_003 + SEATS.index(seat) * 7919 + 17) % (1 << 62)


def play_game(
    index: int,
    seed: int,
    ap: tuple[str, str],
    cp: tuple[str, str],
    scenario: str = "historical",
    options: dict[str, Any] | None = None,
    max_decisions: int = MAX_DECISIONS,
) -> ArenaGame:
    """Play one game: ``ap`` and ``cp`` are (label, bot name)."""
    g = ArenaGame(index, seed, ap[0], cp[0], ap[1], cp[1])
    start = time.perf_counter()
    seat_label = {"ap": ap[0], "cp": cp[0]}
    bots = {
        "ap": make_bot(ap[1], bot_seed(seed, "ap")),
        "cp": make_bot(cp[1], bot_seed(seed, "cp")),
    }
    for label in seat_label.values():
        g.decisions[label] = 0
        g.think[label] = 0.0
        g.slowest[label] = 0.0
    s = engine.new_game(scenario, options, seed)
    seat = ""
    try:
        while not engine.is_over(s):
            side = engine.to_act(s)
            seat = engine.seat_name(side) or ""
            v = view(s, seat)
            t0 = time.perf_counter()
            text = bots[seat].choose(v)
            dt = time.perf_counter() - t0
            label = seat_label[seat]
            g.decisions[label] += 1
            g.think[label] += dt
            if dt > g.slowest[label]:
                g.slowest[label] = dt
            engine.apply(s, str(text), seat)
            g.actions += 1
            if g.actions > max_decisions:
                raise RuntimeError(f"the game did not end within {max_decisions} decisions")
    except Exception as e:  # a bot's failure or an illegal answer ends the game as an error
        g.outcome = "error"
        who = f"{seat_label.get(seat, '?')} ({seat})" if seat else "?"
        g.error = f"game {index} (seed {seed}), {who}: {type(e).__name__}: {e}"
    else:
        res = s.result or {}
        g.outcome = str(res.get("outcome", ""))
        g.reason = str(res.get("reason", ""))
        g.turn = int(res.get("turn", s.turn))
        g.vp = int(res.get("vp", s.vp))
        g.final_vp = int(res.get("final_vp", s.vp))
        g.winner = seat_label.get(g.outcome)
    g.seconds = time.perf_counter() - start
    return g


def _play(args: tuple[Any, ...]) -> dict[str, Any]:
    return asdict(play_game(*args))


def schedule(
    bots: tuple[str, str], games: int, seed: int
) -> list[tuple[int, int, tuple[str, str], tuple[str, str]]]:
    """The games of a series: (index, game seed, (AP label, bot), (CP label, bot))."""
    la, lb = labels(bots)
    a, b = (la, bots[0]), (lb, bots[1])
    seeds = pair_seeds(seed, (games + 1) // 2)
    out = []
    for i in range(games):
        gs = seeds[i // 2]
        out.append((i, gs, a, b) if i % 2 == 0 else (i, gs, b, a))
    return out


def run_arena(
    bots: tuple[str, str],
    games: int,
    scenario: str = "historical",
    seed: int = 1,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    max_decisions: int = MAX_DECISIONS,
) -> dict[str, Any]:
    """Play a series and summarise it (see :func:`summarise`)."""
    known = bot_registry()
    for name in bots:
        if name not in known:
            raise ValueError(f"unknown bot {name!r}; expected one of: {', '.join(sorted(known))}")
    jobs = [
        (i, gs, ap, cp, scenario, options, max_decisions)
        for i, gs, ap, cp in schedule(bots, games, seed)
    ]
    start = time.perf_counter()
    played: list[dict[str, Any]] = []
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            played.append(_play(job))
            if progress is not None:
                progress(len(played))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            pending: set[Future[dict[str, Any]]] = {pool.submit(_play, job) for job in jobs}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    played.append(fut.result())
                    if progress is not None:
                        progress(len(played))
    played.sort(key=lambda g: g["index"])
    summary = summarise(bots, played)
    summary.update(
        scenario=scenario,
        seed=seed,
        workers=workers,
        seconds=round(time.perf_counter() - start, 2),
    )
    return summary


def _rate(n: int, d: int) -> float:
    return round(n / d, 4) if d else 0.0


def summarise(bots: tuple[str, str], played: list[dict[str, Any]]) -> dict[str, Any]:
    """Plain data about a series of games."""
    names = labels(bots)
    wins = {n: 0 for n in names}
    side_games = {n: {"ap": 0, "cp": 0} for n in names}
    side_wins = {n: {"ap": 0, "cp": 0} for n in names}
    decisions = {n: 0 for n in names}
    think = {n: 0.0 for n in names}
    slowest = {n: 0.0 for n in names}
    outcomes: dict[str, int] = {}
    reasons: dict[str, int] = {}
    final_vp: list[int] = []
    turns: list[int] = []
    errors: list[str] = []
    draws = 0
    for g in played:
        for seat in SEATS:
            side_games[g[seat]][seat] += 1
        outcomes[g["outcome"]] = outcomes.get(g["outcome"], 0) + 1
        if g["error"]:
            errors.append(g["error"])
        else:
            reasons[g["reason"]] = reasons.get(g["reason"], 0) + 1
            final_vp.append(g["final_vp"])
            turns.append(g["turn"])
        if g["winner"]:
            wins[g["winner"]] += 1
            side_wins[g["winner"]][g["outcome"]] += 1
        elif not g["error"]:
            draws += 1
        for n in names:
            decisions[n] += g["decisions"].get(n, 0)
            think[n] += g["think"].get(n, 0.0)
            slowest[n] = max(slowest[n], g["slowest"].get(n, 0.0))
    total = len(played)
    return {
        "games": total,
        "bots": list(names),
        "wins": wins,
        "draws": draws,
        "errors": errors,
        "win_rate": {n: _rate(wins[n], total) for n in names},
        "win_rate_by_side": {
            n: {seat: _rate(side_wins[n][seat], side_games[n][seat]) for seat in SEATS}
            for n in names
        },
        "games_by_side": side_games,
        "outcomes": outcomes,
        "reasons": reasons,
        "mean_final_vp": round(statistics.mean(final_vp), 2) if final_vp else None,
        "mean_last_turn": round(statistics.mean(turns), 2) if turns else None,
        "decisions": decisions,
        "seconds_per_decision": {
            n: round(think[n] / decisions[n], 6) if decisions[n] else 0.0 for n in names
        },
        "max_seconds_per_decision": {n: round(slowest[n], 4) for n in names},
        "results": [
            {
                "game": g["index"],
                "seed": g["seed"],
                "ap": g["ap"],
                "cp": g["cp"],
                "outcome": g["outcome"],
                "reason": g["reason"],
                "turn": g["turn"],
                "final_vp": g["final_vp"],
            }
            for g in played
        ],
    }
