"""How fast the search bot thinks on this machine: simulations and searched decisions a second.

``python3 -m greatwar.pog.bots.bench`` plays a Historical game with the heuristic up to a few
positions where a side chooses its card, lets the search bot decide each of them, and prints
the figures (``--json`` for one JSON object). The figures are printed, never judged: no test
asserts on time.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from greatwar.pog import engine
from greatwar.pog.bots import native
from greatwar.pog.bots.heuristic import HeuristicBot
from greatwar.pog.bots.levels import NORMAL_SIMS
from greatwar.pog.bots.search import KEY_STEPS, SearchBot
from greatwar.pog.state import State
from greatwar.pog.view import view


def positions(scenario: str, seed: int, count: int, every: int = 3) -> list[dict[str, Any]]:
    """Views of ``count`` card choices of a heuristic game, ``every`` action rounds apart."""
    s: State = engine.new_game(scenario, seed=seed)
    bot = HeuristicBot(seed)
    out: list[dict[str, Any]] = []
    rounds = 0
    while s.result is None and len(out) < count:
        seat = engine.seat_name(engine.to_act(s))
        assert seat is not None
        v = view(s, seat)
        if v["step"] in KEY_STEPS and len(v["legal"]) > 1:
            rounds += 1
            if rounds % every == 0:
                out.append(v)
        engine.apply(s, bot.choose(v), seat)
    return out


def bench(
    scenario: str = "historical",
    seed: int = 1,
    decisions: int = 4,
    sims: int = NORMAL_SIMS,
    workers: int = 1,
) -> dict[str, Any]:
    views = positions(scenario, seed, decisions)
    bot = SearchBot(seed, sims=sims, workers=workers)
    try:
        start = time.perf_counter()
        for v in views:
            bot.choose(v)
        spent = time.perf_counter() - start
    finally:
        bot.close()
    return {
        "scenario": scenario,
        "analysis": native.in_use(),  # compiled (python3 -m greatwar.pog.bots.compile) or not
        "workers": workers,
        "cores": os.cpu_count(),
        "sims_per_decision": sims,
        "decisions": bot.searched,
        "simulations": bot.simulations,
        "seconds": round(spent, 3),
        "simulations_per_second": round(bot.simulations / spent, 2) if spent else 0.0,
        "decisions_per_second": round(bot.searched / spent, 3) if spent else 0.0,
        "seconds_per_decision": round(spent / bot.searched, 3) if bot.searched else 0.0,
    }


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scenario", default="historical")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--decisions", type=int, default=4, help="card choices to search")
    p.add_argument("--sims", type=int, default=NORMAL_SIMS, help="simulations a decision")
    p.add_argument("--workers", type=int, default=1, help="processes (every core: 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    a = p.parse_args(argv)
    workers = a.workers or os.cpu_count() or 1
    r = bench(a.scenario, a.seed, a.decisions, a.sims, workers)
    if a.json:
        sys.stdout.write(json.dumps(r) + "\n")
        return
    for k, v in r.items():
        sys.stdout.write(f"{k:24} {v}\n")


if __name__ == "__main__":
    main()
