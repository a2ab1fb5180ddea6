"""Learn the evaluation (:mod:`.value`) from self-play positions (:mod:`.selfplay_data`).

``python3 -m greatwar.pog.bots.train_value RECORD [RECORD...] --out FILE --plot PNG``
(``pip install ".[train]"``: scikit-learn and matplotlib) reads the positions of the record
files, holds out whole games (a fifth of them, by their seed) and fits a small neural network
(one hidden layer, scikit-learn's ``MLPClassifier``) to the chance that the Central Powers win,
from the features of :mod:`.features` standardised. It prints the held-out accuracy and log
loss, overall and by stage of the war, beside the hand evaluator's (``win_chance``, stored with
each position), writes the learning curve (held-out figures against the number of training
games) to PNG, and the model, its weights as numpy arrays with the figures, to FILE (the
package's own is ``pog/bots/data/value.npz``). Deterministic for the same records and seed.
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
            for turn, _round, _seat, h, f in g["positions"]:
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


def fit(x: np.ndarray, y: np.ndarray, seed: int) -> tuple[Any, np.ndarray, np.ndarray]:
    """A standardiser and a network fitted to ``x``, ``y``."""
    from sklearn.neural_network import MLPClassifier

    mean = x.mean(axis=0)
    std = x.std(axis=0)
    std[std < 1e-9] = 1.0
    net = MLPClassifier(
        hidden_layer_sizes=(HIDDEN,),
        alpha=1e-3,
        learning_rate_init=1e-3,
        max_iter=200,
        early_stopping=True,
        validation_fraction=0.1,
        n_iter_no_change=10,
        random_state=seed,
    )
    net.fit((x - mean) / std, y.astype(int))
    return net, mean, std


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
    curve: list[dict[str, Any]] = []
    sizes = sorted({max(2, len(order) * k // 16) for k in (1, 2, 4, 8, 16)})
    for n in sizes:
        keep = np.isin(d["game"], order[:n]) & tr
        net, mean, std = fit(d["x"][keep], d["y"][keep], a.seed)
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
        "curve": curve,
        "cp_win_share": float(d["y"].mean()),
    }
    w1 = net.coefs_[0].T  # hidden x features
    b1 = net.intercepts_[0]
    w2 = net.coefs_[1][:, 0]
    b2 = float(net.intercepts_[1][0])
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

        fig, ax = plt.subplots(1, 2, figsize=(9, 3.6))
        trained = [c["games"] for c in curve]
        ax[0].plot(trained, [c["accuracy"] for c in curve], "o-", label="learned")
        ax[0].axhline(hand["accuracy"], color="grey", ls="--", label="hand evaluator")
        ax[0].set_xscale("log")
        ax[0].set_xlabel("training games")
        ax[0].set_ylabel("held-out accuracy (winner)")
        ax[0].legend()
        ax[1].plot(trained, [c["log_loss"] for c in curve], "o-", label="learned")
        ax[1].axhline(hand["log_loss"], color="grey", ls="--", label="hand evaluator")
        ax[1].set_xscale("log")
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
