"""How fast the Quartermaster General search bot thinks on this machine: simulations and
searched decisions a second.

``python3 -m greatwar.qmg1914.bots.bench`` plays a game with the heuristic up to a few positions
where a power chooses the card to play or to prepare, lets the search bot (``normal``'s budget)
decide each of them, and prints the figures (``--json`` for one JSON object): wall time, and
the process's CPU time (what one unloaded core would take, near enough, on a machine busy with
other work). The figures are printed, never judged: no test asserts on time.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from greatwar.qmg1914 import engine
from greatwar.qmg1914.bots.heuristic import HeuristicBot
from greatwar.qmg1914.bots.levels import NORMAL_SIMS, NORMAL_TOP
from greatwar.qmg1914.bots.search import KEY_STEPS, SearchBot
from greatwar.qmg1914.data import POWERS
from greatwar.qmg1914.view import view


def positions(seed: int, count: int, every: int = 3) -> list[dict[str, Any]]:
    """Views of ``count`` key decisions of a heuristic game, ``every`` key decisions apart."""
    s = engine.new_game(None, seed)
    bot = HeuristicBot(seed)
    out: list[dict[str, Any]] = []
    met = 0
    while s.result is None and len(out) < count:
        p = engine.to_act(s)
        assert p is not None
        v = view(s, POWERS[p])
        if v["prompt"] in KEY_STEPS and len(v["legal"]) > 2:
            met += 1
            if met % every == 0:
                out.append(v)
        engine.apply(s, bot.choose(v), p)
    return out


def bench(
    seed: int = 1, decisions: int = 8, sims: int = NORMAL_SIMS, workers: int = 1
) -> dict[str, Any]:
    views = positions(seed, decisions)
    bot = SearchBot(seed, sims=sims, workers=workers, top=NORMAL_TOP)
    try:
        start = time.perf_counter()
        cpu = time.process_time()
        for v in views:
            bot.choose(v)
        spent = time.perf_counter() - start
        cpu = time.process_time() - cpu
    finally:
        bot.close()
    n = bot.searched
    return {
        "workers": workers,
        "cores": os.cpu_count(),
        "sims_per_decision": sims,
        "decisions": n,
        "simulations": bot.simulations,
        "seconds": round(spent, 3),
        "cpu_seconds": round(cpu, 3),
        "simulations_per_second": round(bot.simulations / spent, 2) if spent else 0.0,
        "seconds_per_decision": round(spent / n, 3) if n else 0.0,
        "cpu_seconds_per_decision": round(cpu / n, 3) if n else 0.0,
    }


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--decisions", type=int, default=8, help="key decisions to search")
    p.add_argument("--sims", type=int, default=NORMAL_SIMS, help="simulations a decision")
    p.add_argument("--workers", type=int, default=1, help="processes (every core: 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    a = p.parse_args(argv)
    workers = a.workers or os.cpu_count() or 1
    r = bench(a.seed, a.decisions, a.sims, workers)
    if a.json:
        sys.stdout.write(json.dumps(r) + "\n")
        return
    for k, v in r.items():
        sys.stdout.write(f"{k:26} {v}\n")


if __name__ == "__main__":
    main()
