"""How often a short search chooses what a long one chooses, by budget and search settings.

``python3 -m greatwar.pog.bots.agreement`` takes card choices from seeded Historical games
(:func:`.bench.positions`), searches each once with a long budget (the reference: the
candidates in turn on common worlds and dice, the best mean) and then with each short budget
and setting under several seeds, and prints the share of short searches that chose the
reference's card and use, with its Wilson 95% interval, beside the heuristic's own first
choice. A cheap stand-in for a win-rate curve (each game costs thousands of searches): a
search that agrees more often with a long one wastes less of its budget on the luck of the
dice. It says nothing about the evaluator both use.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from greatwar.core.intervals import wilson
from greatwar.pog.bots.analysis import Analysis
from greatwar.pog.bots.bench import positions
from greatwar.pog.bots.heuristic import HeuristicBot
from greatwar.pog.bots.search import SearchBot, ranked


def choices(games: list[int], per_game: int, every: int) -> list[dict[str, Any]]:
    """Every ``every``-th of the first ``per_game`` card choices of each seeded game."""
    out: list[dict[str, Any]] = []
    for g in games:
        out += positions("historical", g, per_game)[::every]
    return out


def run(
    vs: list[dict[str, Any]],
    reference: int,
    budgets: list[int],
    settings: list[tuple[str, str]],
    seeds: list[int],
    say: Any = None,
) -> dict[str, Any]:
    """The reference choices and, per setting and budget, the searches that agreed."""
    start = time.perf_counter()
    ref = [SearchBot(99, sims=reference, explore="paired", final="mean").choose(v) for v in vs]
    if say:
        say(f"reference: {len(vs)} choices, {reference} simulations each")
    first = sum(
        ranked(HeuristicBot(0), Analysis(v), v, list(v["legal"]), 1)[0] == r
        for v, r in zip(vs, ref, strict=True)
    )
    counts: list[tuple[str, int, int, int]] = [("heuristic's first", 0, first, len(vs))]
    for explore, final in settings:
        for sims in budgets:
            hits = n = 0
            for seed in seeds:
                for v, r in zip(vs, ref, strict=True):
                    bot = SearchBot(seed, sims=sims, explore=explore, final=final)
                    hits += bot.choose(v) == r
                    n += 1
            counts.append((f"{explore}/{final}", sims, hits, n))
            if say:
                say(f"{explore}/{final} {sims}: {hits} of {n}")
    rows = [
        {
            "setting": name,
            "sims": sims,
            "agree": hits,
            "of": n,
            "share": round(hits / n, 3),
            "ci95": wilson(hits, n),
        }
        for name, sims, hits, n in counts
    ]
    return {
        "reference": reference,
        "choices": len(vs),
        "rows": rows,
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python3 -m greatwar.pog.bots.agreement",
        description=__doc__.splitlines()[0],
    )
    p.add_argument("--games", default="3,4", help="seeds of the games the choices come from")
    p.add_argument("--per-game", type=int, default=30, help="card choices taken from each game")
    p.add_argument("--every", type=int, default=3, help="keep every n-th of them")
    p.add_argument("--reference", type=int, default=1152, help="the long search's simulations")
    p.add_argument("--budgets", default="24,48,96", help="the short searches' simulations")
    p.add_argument(
        "--settings",
        default="fixed/visits,paired/mean",
        help="explore/final pairs (fixed, spread or paired / visits or mean)",
    )
    p.add_argument("--seeds", default="1,2,3", help="seeds of the short searches")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    a = p.parse_args(argv)
    try:
        games = [int(x) for x in a.games.split(",")]
        budgets = [int(x) for x in a.budgets.split(",")]
        seeds = [int(x) for x in a.seeds.split(",")]
        settings = [tuple(x.split("/")) for x in a.settings.split(",")]
        if any(len(s) != 2 for s in settings) or min([*budgets, a.reference]) < 1:
            raise ValueError("bad settings or budgets")
        for s in settings:
            SearchBot(1, sims=1, explore=s[0], final=s[1])  # refuses an unknown setting
    except ValueError as exc:
        p.error(f"{exc}: see --help")
    say = None if a.json else (lambda m: print(m, file=sys.stderr, flush=True))
    pairs = [(s[0], s[1]) for s in settings]
    r = run(choices(games, a.per_game, a.every), a.reference, budgets, pairs, seeds, say)
    if a.json:
        print(json.dumps(r))
        return 0
    print(f"{r['choices']} card choices, reference {r['reference']} simulations ({r['seconds']} s)")
    for row in r["rows"]:
        lo, hi = row["ci95"]
        print(
            f"{row['setting']:18} {row['sims']:5} {row['agree']:4} of {row['of']:<4}"
            f" {row['share']:.3f}  ({lo:.3f}-{hi:.3f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
