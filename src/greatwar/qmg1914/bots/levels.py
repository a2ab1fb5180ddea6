"""The computer opponent's strengths for Quartermaster General: 1914, by the names people pick
them with.

- ``easy``: the heuristic bot (:mod:`greatwar.qmg1914.bots.heuristic`), instant;
- ``normal``: the search bot (:mod:`greatwar.qmg1914.bots.search`), which searches the card to
  play in its Play step and the card to prepare in its Prepare step.

The budget is a count of simulations, so a level plays the same game for the same seed on any
machine (``greatwar play --think SECONDS`` gives a time budget instead). ``heuristic`` and
``search`` stay as the bots' own names (``search`` is ``normal``).
"""

from __future__ import annotations

from collections.abc import Callable

from greatwar.core.bot import Bot
from greatwar.qmg1914.bots.heuristic import HeuristicBot
from greatwar.qmg1914.bots.search import KEY_STEPS, SearchBot

NORMAL_SIMS = 16  # simulations a searched decision (docs/bots.md: about a second on one core)
NORMAL_TOP = 4  # candidates weighed


def easy(seed: int = 0) -> HeuristicBot:
    bot = HeuristicBot(seed)
    bot.name = "easy"
    return bot


def normal(
    seed: int = 0,
    think: float | None = None,
    workers: int = 1,
    name: str = "normal",
    sims: int = NORMAL_SIMS,
) -> SearchBot:
    bot = SearchBot(seed, sims=sims, think=think, workers=workers, top=NORMAL_TOP)
    bot.name = name
    return bot


def search(seed: int = 0, think: float | None = None, workers: int = 1) -> SearchBot:
    return normal(seed, think, workers, name="search")


LEVELS: dict[str, Callable[[int], Bot]] = {
    "easy": easy,
    "normal": normal,
    "heuristic": HeuristicBot,
    "search": search,
}
"""Every Quartermaster General: 1914 bot by name (the game's descriptor lists them)."""

STRENGTHS = ("easy", "normal")
__all__ = ["KEY_STEPS", "LEVELS", "STRENGTHS", "easy", "normal", "search"]
