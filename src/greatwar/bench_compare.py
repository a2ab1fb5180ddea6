"""Compare ``greatwar bench`` of two checkouts on the same machine, in the same run.

    python3 -m greatwar.bench_compare --baseline ../speed-baseline [--new .] [--rounds 5]
        [--games 10] [--scenario historical] [--seed 1] [--json out.json]

Each round runs ``python3 -m greatwar bench --json`` once with each checkout's ``src`` on
``PYTHONPATH`` (one process each; the order alternates from round to round, so that a busy
machine slows both alike), then the figures are printed: for every figure both report, the
median over the rounds, the lowest and highest round, and the ratio of the medians (baseline /
new for times, new / baseline for rates: above 1 means the new checkout is faster). The load
average (``os.getloadavg``) before and after the runs is printed with them.

The baseline is another checkout of the repository (``git worktree add ../speed-baseline
<commit>``): the package is pure Python, so its ``src`` on ``PYTHONPATH`` runs that commit's
engine with no install.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

# Figures that are rates (higher is better); every other number is a time (lower is better).
RATES = frozenset({"actions_per_second", "heuristic_decisions_per_second"})
# The figures printed first.
HEADLINE = ("seconds_per_game_median", "legal_actions_us_p90", "supply_recompute_us_median")
# Counts and settings, not measurements.
SKIP = frozenset(
    {
        "games",
        "finished",
        "exceptions",
        "actions",
        "seed",
        "combats",
        "battles",
        "mean_last_turn",
        "heuristic_decisions",
    }
)
TREES = ("baseline", "new")


def run_bench(tree: Path, scenario: str, games: int, seed: int) -> dict[str, Any]:
    """One ``greatwar bench --json`` run of the engine in ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    cmd = [sys.executable, "-m", "greatwar", "bench", "--scenario", scenario]
    cmd += ["--games", str(games), "--seed", str(seed), "--json"]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    got: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return got


def figures(result: dict[str, Any]) -> dict[str, float]:
    """The measurements of one bench run."""
    return {
        k: float(v)
        for k, v in result.items()
        if isinstance(v, int | float) and not isinstance(v, bool) and k not in SKIP
    }


def compare(runs: dict[str, list[dict[str, float]]]) -> list[tuple[str, float, float, float]]:
    """Per figure both trees report: (figure, baseline median, new median, ratio), the
    headline figures first; the ratio is above 1 where the new tree is faster."""
    old_runs, new_runs = runs["baseline"], runs["new"]
    keys = [k for k in new_runs[0] if k in old_runs[0]]
    keys.sort(key=lambda k: (HEADLINE.index(k) if k in HEADLINE else len(HEADLINE), k))
    out = []
    for k in keys:
        mo = statistics.median(r[k] for r in old_runs)
        mn = statistics.median(r[k] for r in new_runs)
        if k in RATES:
            ratio = mn / mo if mo else 0.0
        else:
            ratio = mo / mn if mn else 0.0
        out.append((k, mo, mn, ratio))
    return out


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--baseline", type=Path, required=True, help="the old checkout")
    p.add_argument("--new", type=Path, default=Path("."), help="the new checkout (default .)")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--scenario", default="historical")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", type=Path, help="also write every round's figures here")
    args = p.parse_args(argv)
    trees = {"baseline": args.baseline.resolve(), "new": args.new.resolve()}
    for name, tree in trees.items():
        if not (tree / "src" / "greatwar").is_dir():
            p.error(f"--{name}: no src/greatwar under {tree}")
    runs: dict[str, list[dict[str, float]]] = {t: [] for t in TREES}
    raw: dict[str, list[dict[str, Any]]] = {t: [] for t in TREES}
    loads = [_load()]
    print(f"load average before: {loads[0]}", flush=True)
    for r in range(args.rounds):
        for name in TREES if r % 2 == 0 else TREES[::-1]:
            result = run_bench(trees[name], args.scenario, args.games, args.seed)
            raw[name].append(result)
            runs[name].append(figures(result))
            loads.append(_load())
            print(
                f"round {r + 1}/{args.rounds} {name:8s} "
                f"game {result['seconds_per_game_median']:.4f} s, "
                f"legal p90 {result['legal_actions_us_p90']} us, "
                f"supply {result.get('supply_recompute_us_median')} us "
                f"(load {loads[-1]})",
                flush=True,
            )
    print()
    print(f"{args.rounds} rounds of {args.games} {args.scenario} games, seed {args.seed}")
    print(f"baseline {trees['baseline']}, new {trees['new']}; load average after: {loads[-1]}")
    print(f"{'figure':34s} {'baseline (min-max)':>26s} {'new (min-max)':>26s} {'ratio':>7s}")
    summary: dict[str, Any] = {}
    for k, mo, mn, ratio in compare(runs):
        old = [run[k] for run in runs["baseline"]]
        new = [run[k] for run in runs["new"]]
        summary[k] = {"baseline": old, "new": new, "ratio_of_medians": round(ratio, 2)}
        rate = "  (rate)" if k in RATES else ""
        print(f"{k:34s} {_fmt(mo, old):>26s} {_fmt(mn, new):>26s} {ratio:7.2f}{rate}")
    if args.json:
        doc = {"summary": summary, "runs": raw, "load_average": loads}
        args.json.write_text(json.dumps(doc, indent=1))
    return 0


def _fmt(mid: float, vals: list[float]) -> str:
    return f"{mid:.4g} ({min(vals):.4g}-{max(vals):.4g})"


if __name__ == "__main__":
    raise SystemExit(main())
