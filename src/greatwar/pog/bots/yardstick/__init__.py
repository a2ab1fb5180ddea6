"""The yardsticks: ``easy`` and ``normal`` frozen as they stood when issue 29 began.

A strength claim about a bot is a result against a bot that does not change: the yardsticks
(or the previous release of the bot), never a bot changed in the same work. This package is a
copy of the Paths of Glory bots' decision code at commit 2ab913b (``heuristic.py``,
``analysis.py``, ``evaluate.py``, ``search.py``, ``public.py``, and the search's worlds, copied
from the research encoder's determinizer into ``worlds.py``). It imports nothing of the live
bots nor of the research encoder, only the engine and ``greatwar.core``, so work on the live
bots cannot move it (``tests/pog/bots/test_yardstick.py`` checks both, and pins the yardsticks'
decisions on seeded games).

**Never change this package.** A rules fix in the engine may change the yardsticks' play (they
ask the engine's helpers); the pinned decisions then change with that fix, saying so.

- ``yardstick-easy``: the heuristic bot;
- ``yardstick-normal``: the search bot with 24 simulations a decision over the heuristic's best
  six candidates, searching the card choice only.
"""

from __future__ import annotations

from collections.abc import Callable

from greatwar.core.bot import Bot
from greatwar.pog.bots.yardstick.heuristic import HeuristicBot
from greatwar.pog.bots.yardstick.search import SearchBot

NORMAL_SIMS = 24


def yardstick_easy(seed: int = 0) -> HeuristicBot:
    bot = HeuristicBot(seed)
    bot.name = "yardstick-easy"
    return bot


def yardstick_normal(seed: int = 0, workers: int = 1) -> SearchBot:
    """``workers``: processes for the search's chunks (the decisions do not depend on it)."""
    bot = SearchBot(seed, sims=NORMAL_SIMS, workers=workers, top=6)
    bot.name = "yardstick-normal"
    return bot


YARDSTICKS: dict[str, Callable[[int], Bot]] = {
    "yardstick-easy": yardstick_easy,
    "yardstick-normal": yardstick_normal,
}
__all__ = ["YARDSTICKS", "yardstick_easy", "yardstick_normal"]
