"""The random bot: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random
from typing import Any


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> str:
        legal = view.get("legal") or []
        if not legal:
            raise ValueError("the random bot was asked to act with no legal action")
        choice: str = self._rng.choice(legal)
        return choice
