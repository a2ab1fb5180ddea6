"""The computer opponent's strengths, by the names people pick them with.

- ``easy``: the heuristic bot (:mod:`greatwar.pog.bots.heuristic`), instant;
- ``normal``: the search bot (:mod:`greatwar.pog.bots.search`) with a short budget, searching
  the choice of card and its use;
- ``hard``: the search bot with a long budget, searching the activations and attacks too.

Budgets are counts of simulations, so a level plays the same game for the same seed on any
machine (``greatwar play --think SECONDS`` gives a time budget instead). ``heuristic`` and
``search`` stay as the bots' own names (``search`` is ``normal``).
"""

from __future__ import annotations

from collections.abc import Callable

from greatwar.core.bot import Bot
from greatwar.pog.bots.heuristic import HeuristicBot
from greatwar.pog.bots.search import ALL_KEY_STEPS, KEY_STEPS, SearchBot

NORMAL_SIMS = 24  # about 1 s a searched decision on one core of the development machine
HARD_SIMS = 96


def normal(seed: int = 0, think: float | None = None, workers: int = 1) -> SearchBot:
    return SearchBot(seed, sims=NORMAL_SIMS, think=think, workers=workers, top=6)


def hard(seed: int = 0, think: float | None = None, workers: int = 1) -> SearchBot:
    return SearchBot(
        seed, sims=HARD_SIMS, think=think, workers=workers, top=8, key_steps=ALL_KEY_STEPS
    )


LEVELS: dict[str, Callable[[int], Bot]] = {
    "easy": HeuristicBot,
    "normal": normal,
    "hard": hard,
    "heuristic": HeuristicBot,
    "search": normal,
}
"""Every Paths of Glory bot by name (the game's descriptor lists them)."""

STRENGTHS = ("easy", "normal", "hard")
__all__ = ["KEY_STEPS", "LEVELS", "STRENGTHS", "hard", "normal"]
