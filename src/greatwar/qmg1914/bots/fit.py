"""Fit the evaluator's weights (:mod:`greatwar.qmg1914.bots.evaluate`) to who won.

``python3 -m greatwar.qmg1914.bots.fit --games 120 --seed 1`` plays games between heuristic bots
(each decision, with chance ``--noise``, a random legal action instead, so the positions vary),
takes the position at the start of every turn with the team that won the game, and fits
``P(central wins) = logistic(sum(w_i * f_i) / (a + b * rounds_left))`` (the terms ``f_i`` of
:func:`~greatwar.qmg1914.bots.evaluate.features`): the weights by Newton's method for each width
of a grid, keeping the best log loss. It prints the weights and the fit's figures (log loss,
accuracy, calibration by tenth) as JSON. It needs numpy (the ``rl`` or ``test`` extra).
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from greatwar.qmg1914 import engine
from greatwar.qmg1914.bots.evaluate import FEATURES, features
from greatwar.qmg1914.bots.heuristic import HeuristicBot
from greatwar.qmg1914.data import LAST_ROUND, POWERS, TEAMS
from greatwar.qmg1914.flow import REMOVE
from greatwar.qmg1914.view import view


def collect(games: int, seed: int, noise: float) -> list[tuple[int, tuple[float, ...], int]]:
    """(round, features, 1 if the central powers won) at the start of every turn."""
    rows: list[tuple[int, tuple[float, ...], int]] = []
    for i in range(games):
        gs = seed * 10_007 + i
        s = engine.new_game(None, gs)
        r = random.Random(gs)
        bots = [HeuristicBot(gs * 7 + p) for p in range(len(POWERS))]
        seen: list[tuple[int, tuple[float, ...]]] = []
        cur = -2
        while s.result is not None or engine.to_act(s) is not None:
            if s.result is not None:
                break
            if s.cur != cur and s.cur >= 0:
                cur = s.cur
                seen.append((s.round, features(s)))
            p = engine.to_act(s)
            assert p is not None
            v = view(s, POWERS[p])
            legal = [a for a in v["legal"] if a != str(REMOVE)]
            if r.random() < noise and legal:
                a = r.choice(legal)
            else:
                a = bots[p].choose(v)
            engine.apply_unchecked(s, engine.check(s, a, p))
        assert s.result is not None
        won = 1 if s.result["outcome"] == TEAMS[0] else 0
        rows += [(rnd, f, won) for rnd, f in seen]
    return rows


def fit(rows: list[tuple[int, tuple[float, ...], int]]) -> dict[str, Any]:
    import numpy as np

    x = np.array([f for _, f, _ in rows], dtype=float)
    y = np.array([w for _, _, w in rows], dtype=float)
    left = np.array([LAST_ROUND - rnd for rnd, _, _ in rows], dtype=float)
    best: dict[str, Any] | None = None
    for a in (1.0, 1.5, 2.0, 3.0, 4.0):
        for b in (0.0, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0):
            xs = x / (a + b * left)[:, None]
            w = np.zeros(x.shape[1])
            for _ in range(50):  # Newton's method (a little ridge for stability)
                p = 1 / (1 + np.exp(-np.clip(xs @ w, -40, 40)))
                g = xs.T @ (p - y) + 1e-3 * w
                h = (xs * (p * (1 - p))[:, None]).T @ xs + 1e-3 * np.eye(len(w))
                w -= np.linalg.solve(h, g)
            # the lead's weight is fixed at one point a VP: scale the rest and the width with it
            k = w[0]
            p = 1 / (1 + np.exp(-np.clip(xs @ w, -40, 40)))
            loss = float(-np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12)))
            if best is None or loss < best["log_loss"]:
                best = {
                    "log_loss": round(loss, 4),
                    "accuracy": round(float(np.mean((p > 0.5) == (y > 0.5))), 4),
                    "weights": {
                        f: round(float(v / k), 4) for f, v in zip(FEATURES, w, strict=True)
                    },
                    "scale_end": round(float(a / k), 4),
                    "scale_per_round": round(float(b / k), 4),
                    "_p": p,
                }
    assert best is not None
    p = best.pop("_p")
    bins = []
    for lo in range(10):
        m = (p >= lo / 10) & (p < (lo + 1) / 10 + (1e-9 if lo == 9 else 0))
        if m.any():
            bins.append([lo / 10, int(m.sum()), round(float(y[m].mean()), 3)])
    best["calibration"] = bins  # [from, positions, share won by the central powers]
    best["positions"] = len(rows)
    best["central_won"] = round(float(y.mean()), 4)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--noise", type=float, default=0.1)
    ap.add_argument("--save", help="also write the positions to this file (JSON)")
    ap.add_argument("--load", help="fit the positions of this file instead of playing")
    args = ap.parse_args()
    if args.load:
        with open(args.load, encoding="utf-8") as f:
            rows = [(int(r), tuple(x), int(w)) for r, x, w in json.load(f)]
    else:
        rows = collect(args.games, args.seed, args.noise)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(rows, f)
    print(json.dumps(fit(rows), indent=1))


if __name__ == "__main__":
    main()
