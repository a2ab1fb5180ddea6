"""The learned evaluation: the chance that a side wins a position, from a small network.

The model (``pog/bots/data/value-v2.npz``, rebuilt by :mod:`.train_value` from self-play records
of :mod:`.selfplay_data`) reads the features of :mod:`.features`, standardised, through one
hidden layer of rectified units to a logistic output: the chance the Central Powers win (a
logistic regression is stored as two such units, ``relu(z) - relu(-z)``). It runs on numpy
alone, in about 10 microseconds beside the features' own time (about 0.7 ms). ``normal``
and ``hard`` score the ends of their simulations with the mean of its chance and the hand
evaluator's (``SearchBot(value="blend")``); ``normal-learned`` with it alone. The hand
evaluator (:func:`.evaluate.win_chance`) stays the search's default and ``normal-hand``'s.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from greatwar.pog.bots.features import NAMES, VERSION, features
from greatwar.pog.state import State

MODEL = Path(__file__).resolve().parent / "data" / "value-v2.npz"  # model release 2 (docs/bots.md)


class ValueModel:
    """A trained model (see the module's description)."""

    def __init__(self, path: Path) -> None:
        with np.load(path, allow_pickle=False) as z:
            version = int(z["version"][0])
            names = tuple(str(n) for n in z["names"])
            if version != VERSION or names != NAMES:
                raise ValueError(
                    f"{path}: a model of features v{version} ({len(names)}), not v{VERSION}"
                )
            self.mean = z["mean"].astype(np.float64)
            self.scale = 1.0 / z["std"].astype(np.float64)
            self.w1 = np.ascontiguousarray(z["w1"], dtype=np.float64)
            self.b1 = z["b1"].astype(np.float64)
            self.w2 = z["w2"].astype(np.float64)
            self.b2 = float(z["b2"][0])
            self.figures: dict[str, Any] = json.loads(str(z["figures"][0]))
        self.path = path

    def cp_win(self, f: list[float]) -> float:
        """The chance the Central Powers win, from the features ``f``."""
        x = (np.asarray(f) - self.mean) * self.scale
        h = self.w1 @ x + self.b1
        np.maximum(h, 0.0, out=h)
        z = float(self.w2 @ h) + self.b2
        if z < -40.0:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))

    def win_chance(self, s: State, side: int) -> float:
        """The chance ``side`` (0 AP, 1 CP) wins position ``s``; a finished game is decided."""
        res = s.result
        if res:
            out = res.get("outcome")
            mine = "cp" if side == 1 else "ap"
            return 1.0 if out == mine else 0.0 if out in ("ap", "cp", "both_lose") else 0.5
        p = self.cp_win(features(s))
        return p if side == 1 else 1.0 - p


@cache
def model(path: str = str(MODEL)) -> ValueModel:
    """The model of ``path`` (the package's own by default), loaded once per process."""
    return ValueModel(Path(path))
