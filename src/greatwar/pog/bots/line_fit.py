"""How much the final VP's line should count as a game nears its end, fitted to self-play.

``python3 -m greatwar.pog.bots.line_fit RECORD [RECORD...]`` reads the positions of self-play
records (:mod:`.selfplay_data`, which keeps the hand evaluator's two parts: the final VP against
the line and the rest), holds out whole games (a fifth of them, by their seed, as
:mod:`.train_value` does), and finds the weight of the line at the end of the game
(:data:`~.evaluate.LINE_AT_END` in :func:`~.evaluate.line_weight`'s form, the rest at its
points) under which the hand evaluator's chance to win best fits how the training games ended.
It prints the held-out log loss by turns left with the line at its points alone, at the
shipped weight and at the fitted one. Needs only the base install; deterministic.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

import numpy as np

from greatwar.pog.bots import evaluate
from greatwar.pog.bots.selfplay_data import POSITION, read
from greatwar.pog.bots.train_value import held_out
from greatwar.pog.scenarios import SCENARIOS

BUCKETS = ((0.0, 1.0), (1.0, 2.0), (2.0, 3.0), (3.0, 4.0), (4.0, 8.0), (8.0, 99.0))
"""Turns left (:func:`~.evaluate.turns_left`) by which the log loss is reported."""
LIMITS = (1.0, 100.0)  # the weights searched


def load(paths: list[Path]) -> dict[str, np.ndarray]:
    """Each position's turns left, line and other points (for the CP), label, and whether its
    game is held out."""
    names = ("left", "share", "line", "other", "cp_won", "test")
    cols: dict[str, list[float]] = {k: [] for k in names}
    for path in paths:
        series, games = read(path)
        if series.get("positions") != POSITION:
            raise SystemExit(
                f"{path}: its positions do not keep the hand evaluator's parts; play it again "
                "with this version of greatwar.pog.bots.selfplay_data"
            )
        last = SCENARIOS[series["scenario"]].last_turn
        for g in games:
            if g["outcome"] not in ("ap", "cp"):
                continue  # a draw outside the historical game: no winner
            test = held_out(int(g["seed"]))
            for turn, rnd, _seat, _hand, _f, line, other in g["positions"]:
                left = evaluate.turns_left_at(last, turn, rnd)
                cols["left"].append(left)
                cols["share"].append(evaluate.line_share(left))
                cols["line"].append(line)
                cols["other"].append(other)
                cols["cp_won"].append(1.0 if g["outcome"] == "cp" else 0.0)
                cols["test"].append(1.0 if test else 0.0)
    if not cols["left"]:
        raise SystemExit("no positions of a finished game with a winner in the records")
    return {k: np.asarray(v) for k, v in cols.items()}


def log_loss(d: dict[str, np.ndarray], at_end: float, mask: np.ndarray) -> float:
    """The mean log loss of the hand evaluator's chance that the CP win, with ``at_end``."""
    weight = 1.0 + (at_end - 1.0) * d["share"][mask]  # evaluate.line_weight, at_end at the end
    z = (weight * d["line"][mask] + d["other"][mask]) / evaluate.SCALE
    y = d["cp_won"][mask]
    # log(1 + e^-z) for a win, log(1 + e^z) for a loss, computed without overflow
    return float(np.mean(np.logaddexp(0.0, np.where(y > 0.5, -z, z))))


def fit(d: dict[str, np.ndarray], mask: np.ndarray) -> float:
    """The weight at the end that fits the positions of ``mask`` best (a golden-section search
    of the log loss, which is convex in it)."""
    lo, hi = LIMITS
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = log_loss(d, a, mask), log_loss(d, b, mask)
    while hi - lo > 0.01:
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = log_loss(d, a, mask)
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = log_loss(d, b, mask)
    return round((lo + hi) / 2, 2)


def report(d: dict[str, np.ndarray]) -> dict[str, Any]:
    train, test = d["test"] < 0.5, d["test"] > 0.5
    if not train.any() or not test.any():
        raise SystemExit("too few games: none held out, or none to fit on")
    fitted = fit(d, train)
    shipped = evaluate.LINE_AT_END
    rows = []
    for lo, hi in BUCKETS:
        m = test & (d["left"] >= lo) & (d["left"] < hi)
        if m.any():
            rows.append(
                {
                    "turns_left": [lo, hi],
                    "positions": int(m.sum()),
                    "points": round(log_loss(d, 1.0, m), 4),
                    "shipped": round(log_loss(d, shipped, m), 4),
                    "fitted": round(log_loss(d, fitted, m), 4),
                }
            )
    late = test & (d["left"] < evaluate.SHARPEN_FROM)
    return {
        "positions": {"train": int(train.sum()), "held_out": int(test.sum())},
        "form": {"from": evaluate.SHARPEN_FROM, "full": evaluate.SHARPEN_FULL},
        "fitted": fitted,
        "shipped": shipped,
        "held_out_last_turns": {
            "points": round(log_loss(d, 1.0, late), 4),
            "shipped": round(log_loss(d, shipped, late), 4),
            "fitted": round(log_loss(d, fitted, late), 4),
        },
        "by_turns_left": rows,
    }


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("records", nargs="+", type=Path, help="self-play records (selfplay_data)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    a = p.parse_args(argv)
    for path in a.records:
        if not path.is_file():
            raise SystemExit(f"{path}: no such record")
    r = report(load(a.records))
    if a.json:
        print(json.dumps(r))
        return
    pos = r["positions"]
    print(
        f"{pos['train']} positions to fit, {pos['held_out']} held out; the line counts 1 at "
        f"{r['form']['from']:g} turns left, W from {r['form']['full']:g}"
    )
    print(f"fitted W {r['fitted']}, shipped W {r['shipped']:g}")
    print("held-out log loss   turns left   positions   at its points   shipped   fitted")
    for row in r["by_turns_left"]:
        lo, hi = row["turns_left"]
        span = f"{lo:g}-{hi:g}" if hi < 99 else f"{lo:g}+"
        print(
            f"{'':20}{span:>10}   {row['positions']:9d}   {row['points']:13.4f}   "
            f"{row['shipped']:7.4f}   {row['fitted']:6.4f}"
        )
    late = r["held_out_last_turns"]
    print(
        f"last {r['form']['from']:g} turns: {late['points']:.4f} at its points, "
        f"{late['shipped']:.4f} shipped, {late['fitted']:.4f} fitted"
    )


if __name__ == "__main__":
    main()
