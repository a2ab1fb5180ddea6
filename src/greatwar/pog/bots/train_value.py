"""Learn the evaluation (:mod:`.value`) from self-play positions (:mod:`.selfplay_data`).

``python3 -m greatwar.pog.bots.train_value RECORD [RECORD...] --out FILE --plot PNG``
(``pip install ".[train]"``: scikit-learn and matplotlib) reads the positions of the record
files, holds out whole games (a fifth of them, by their seed) and fits to the chance that the
Central Powers win, from the features of :mod:`.features` standardised, the model of
:data:`CANDIDATES` (a logistic regression or a network of one hidden layer, scikit-learn's,
each at a few penalties) that does best over folds of whole training games. It prints the
held-out accuracy, log loss and Brier score, overall and by stage of the war, beside the hand
evaluator's (``win_chance``, stored with each position), writes the learning curve (held-out
figures against the number of training games) to PNG, and the model, its weights as numpy
arrays with the figures, to FILE (the package's own is ``pog/bots/data/value-v2.npz``).
Deterministic for the same records and seed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from greatwar.pog.bots.features import NAMES, VERSION
from greatwar.pog.bots.selfplay_data import read

HIDDEN = 32
STAGES = ((1, 4), (5, 8), (9, 12), (13, 16), (17, 20))


def held_out(seed: int) -> bool:
    """Whether the game of this seed is held out (a fifth of the games, by a hash)."""
    return hashlib.sha256(str(seed).encode()).digest()[0] < 52  # 52/256: about a fifth


def load(paths: list[Path]) -> dict[str, Any]:
    """Every position of the records: features, label (the CP won), the hand evaluator's
    chance, the turn, the game, and whether its game is held out."""
    xs: list[list[float]] = []
    ys: list[float] = []
    hand: list[float] = []
    turns: list[int] = []
    games: list[int] = []
    test: list[bool] = []
    vps: list[float] = []
    for path in paths:
        series, played = read(path)
        if series.get("features") != VERSION:
            raise SystemExit(f"{path}: features version {series.get('features')}, not {VERSION}")
        for g in played:
            if g["outcome"] not in ("ap", "cp"):
                continue  # draws outside the historical game: no winner to learn
            y = 1.0 if g["outcome"] == "cp" else 0.0
            for turn, _round, _seat, h, f, *_parts in g["positions"]:
                xs.append(f)
                ys.append(y)
                hand.append(h)
                turns.append(turn)
                games.append(int(g["seed"]))
                test.append(held_out(int(g["seed"])))
                vps.append(float(g["final_vp"]))
    return {
        "x": np.asarray(xs, dtype=np.float64),
        "y": np.asarray(ys),
        "hand": np.asarray(hand),
        "turn": np.asarray(turns),
        "game": np.asarray(games),
        "test": np.asarray(test, dtype=bool),
        "final_vp": np.asarray(vps),
    }


def _scores(p: np.ndarray, y: np.ndarray) -> dict[str, float]:
    q = np.clip(p, 1e-6, 1 - 1e-6)
    return {
        "accuracy": float(np.mean((p >= 0.5) == (y >= 0.5))),
        "log_loss": float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q))),
        "brier": float(np.mean((p - y) ** 2)),
        "positions": len(y),
    }


# The models tried, each scored by its log loss over folds of the training games (whole games
# apart, never the held-out ones): a logistic regression (no hidden layer) at five strengths of
# its L2 penalty (the inverse strength, scikit-learn's C), and the one-hidden-layer network at
# two (its alpha).
CANDIDATES: tuple[tuple[str, float], ...] = (
    ("logistic", 0.001),
    ("logistic", 0.003),
    ("logistic", 0.01),
    ("logistic", 0.1),
    ("logistic", 1.0),
    ("mlp", 1e-2),
    ("mlp", 1.0),
)
FOLDS = 4


def _net(kind: str, strength: float, seed: int) -> Any:
    if kind == "logistic":
        from sklearn.linear_model import LogisticRegression

        return LogisticRegression(C=strength, max_iter=2000)
    from sklearn.neural_network import MLPClassifier

    return MLPClassifier(
        hidden_layer_sizes=(HIDDEN,),
        alpha=strength,
        learning_rate_init=1e-3,
        max_iter=200,
        early_stopping=True,
        validation_fraction=0.1,
        n_iter_no_change=10,
        random_state=seed,
    )


def _standardise(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    mean = x.mean(axis=0)
    std = x.std(axis=0)
    std[std < 1e-9] = 1.0
    return mean, std


def choose(
    x: np.ndarray, y: np.ndarray, games: np.ndarray, seed: int
) -> tuple[tuple[str, float], dict[str, float]]:
    """The candidate (:data:`CANDIDATES`) of the least log loss over :data:`FOLDS` folds of
    whole games of the training set, and each candidate's."""
    ids = np.unique(games)
    fold = {g: i % FOLDS for i, g in enumerate(np.random.default_rng(seed).permutation(ids))}
    which = np.asarray([fold[g] for g in games])
    losses: dict[str, float] = {}
    for kind, strength in CANDIDATES:
        total = 0.0
        for k in range(FOLDS):
            tr, va = which != k, which == k
            if not va.any() or len(np.unique(y[tr])) < 2:
                continue
            net, mean, std = fit(x[tr], y[tr], seed, kind, strength)
            total += _scores(predict(net, mean, std, x[va]), y[va])["log_loss"] * int(va.sum())
        losses[f"{kind} {strength:g}"] = total / len(y)
    best = min(CANDIDATES, key=lambda c: losses[f"{c[0]} {c[1]:g}"])
    return best, losses


def fit(
    x: np.ndarray, y: np.ndarray, seed: int, kind: str = "mlp", strength: float = 1e-2
) -> tuple[Any, np.ndarray, np.ndarray]:
    """A standardiser and a model (``kind`` "logistic" or "mlp", ``strength`` its penalty)
    fitted to ``x``, ``y``."""
    mean, std = _standardise(x)
    net = _net(kind, strength, seed)
    net.fit((x - mean) / std, y.astype(int))
    return net, mean, std


def layers(net: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """The model as one hidden layer of rectified units (w1, b1, w2, b2), what :mod:`.value`
    reads: a logistic regression z = w.x + b is the layer [w; -w], [b; -b] read as h1 - h2
    (relu(z) - relu(-z) = z)."""
    if hasattr(net, "coefs_"):
        w1, w2 = net.coefs_
        return w1.T, net.intercepts_[0], w2[:, 0], float(net.intercepts_[1][0])
    w = net.coef_[0]
    b = float(net.intercept_[0])
    return np.stack([w, -w]), np.asarray([b, -b]), np.asarray([1.0, -1.0]), 0.0


def predict(net: Any, mean: np.ndarray, std: np.ndarray, x: np.ndarray) -> np.ndarray:
    return np.asarray(net.predict_proba((x - mean) / std)[:, 1])


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("records", nargs="+", type=Path)
    p.add_argument("--out", type=Path, required=True, help="the model file (.npz)")
    p.add_argument("--plot", type=Path, help="the learning curve (.png)")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    d = load(a.records)
    tr, te = ~d["test"], d["test"]
    train_games = np.unique(d["game"][tr])
    rng = np.random.default_rng(a.seed)
    order = rng.permutation(train_games)
    if len(np.unique(d["y"][tr])) < 2:
        raise SystemExit("the training games need wins of both sides")
    (kind, strength), folds = choose(d["x"][tr], d["y"][tr], d["game"][tr], a.seed)
    sys.stderr.write(f"folds of the training games, log loss: {json.dumps(folds)}\n")
    curve: list[dict[str, Any]] = []
    sizes = sorted({max(2, len(order) * k // 16) for k in (1, 2, 4, 8, 16)})
    for n in sizes:
        keep = np.isin(d["game"], order[:n]) & tr
        if len(np.unique(d["y"][keep])) < 2:
            continue  # too few games to have seen both sides win
        net, mean, std = fit(d["x"][keep], d["y"][keep], a.seed, kind, strength)
        got = _scores(predict(net, mean, std, d["x"][te]), d["y"][te])
        curve.append({"games": int(n), **got})
        sys.stderr.write(f"{n} training games: {json.dumps(got)}\n")
    hand = _scores(d["hand"][te], d["y"][te])
    ours = curve[-1]
    stages = {}
    for lo, hi in STAGES:
        m = te & (d["turn"] >= lo) & (d["turn"] <= hi)
        if m.any():
            stages[f"turns {lo}-{hi}"] = {
                "learned": _scores(predict(net, mean, std, d["x"][m]), d["y"][m]),
                "hand": _scores(d["hand"][m], d["y"][m]),
            }
    figures = {
        "version": VERSION,
        "games": {"train": len(train_games), "test": len(np.unique(d["game"][te]))},
        "held_out": {"learned": {k: v for k, v in ours.items() if k != "games"}, "hand": hand},
        "stages": stages,
        "model": {"kind": kind, "penalty": strength, "folds_log_loss": folds},
        "curve": curve,
        "cp_win_share": float(d["y"].mean()),
    }
    w1, b1, w2, b2 = layers(net)  # hidden x features, ...
    a.out.parent.mkdir(parents=True, exist_ok=True)
    with a.out.open("wb") as f:
        np.savez_compressed(
            f,
            mean=mean,
            std=std,
            w1=w1,
            b1=b1,
            w2=w2,
            b2=np.asarray([b2]),
            names=np.asarray(NAMES),
            version=np.asarray([VERSION]),
            figures=np.asarray([json.dumps(figures)]),
        )
    sys.stdout.write(json.dumps(figures, indent=1) + "\n")
    if a.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import NullFormatter, ScalarFormatter

        fig, ax = plt.subplots(1, 2, figsize=(9, 3.6))
        trained = [c["games"] for c in curve]
        for axis in ax:  # the sizes trained on as plain numbers (no crowded 10^k labels)
            axis.set_xscale("log")
            axis.set_xticks(trained)
            axis.xaxis.set_major_formatter(ScalarFormatter())
            axis.xaxis.set_minor_formatter(NullFormatter())
        ax[0].plot(trained, [c["accuracy"] for c in curve], "o-", label="learned")
        ax[0].axhline(hand["accuracy"], color="grey", ls="--", label="hand evaluator")
        ax[0].set_xlabel("training games")
        ax[0].set_ylabel("held-out accuracy (winner)")
        ax[0].legend()
        ax[1].plot(trained, [c["log_loss"] for c in curve], "o-", label="learned")
        ax[1].axhline(hand["log_loss"], color="grey", ls="--", label="hand evaluator")
        ax[1].set_xlabel("training games")
        ax[1].set_ylabel("held-out log loss")
        ax[1].legend()
        held = len(np.unique(d["game"][te]))
        fig.suptitle(f"Learned evaluation (PoG, v{VERSION}): {held} held-out games")
        fig.tight_layout()
        a.plot.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(a.plot, dpi=110)


if __name__ == "__main__":
    main()
