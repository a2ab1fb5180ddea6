"""The computer opponent's strengths, by the names people pick them with.

- ``easy``: the heuristic bot (:mod:`greatwar.pog.bots.heuristic`), instant;
- ``normal``: the search bot (:mod:`greatwar.pog.bots.search`) with a short budget, searching
  the choice of card and its use (its candidates in turn on common worlds and dice);
- ``hard``: the search bot with a long budget, searching the activations and attacks too.

Budgets are counts of simulations, so a level plays the same game for the same seed on any
machine (``greatwar play --think SECONDS`` gives a time budget instead). ``heuristic`` and
``search`` stay as the bots' own names (``search`` is ``normal``). ``yardstick-easy`` and
``yardstick-normal`` are ``easy`` and ``normal`` frozen as they stood when issue 29 began
(:mod:`greatwar.pog.bots.yardstick`): strength is measured against them. ``normal`` scores the
end of its simulations with the mean of two chances to win, the hand evaluator's
(:mod:`greatwar.pog.bots.evaluate`) and the learned one's (:mod:`greatwar.pog.bots.value`);
``normal-hand`` and ``normal-learned`` are ``normal`` with one of the two alone, for
comparison (docs/bots.md). ``hard`` scores with the same blend: it beat the hand evaluator alone
at ``normal``'s budget (27 of 40), and ``hard`` is measured against ``normal``.
"""

from __future__ import annotations

from collections.abc import Callable

from greatwar.core.bot import Bot
from greatwar.pog.bots.heuristic import HeuristicBot
from greatwar.pog.bots.search import ALL_KEY_STEPS, KEY_STEPS, SearchBot
from greatwar.pog.bots.yardstick import YARDSTICKS

NORMAL_SIMS = 48
"""``normal``'s simulations a searched decision: about 1 s on one core of the development
machine, the time ``yardstick-normal`` spends on its 24 before issue 29 made the search faster
(docs/bots.md)."""
HARD_SIMS = 96
EXPLORE = "paired"
"""How ``normal`` and ``hard`` spread their simulations over the root's candidates: in turn,
each round on the same world and dice (``yardstick-normal``: UCB1, "fixed"). Chosen by how
often a short search agrees with a long one (docs/bots.md, item 3)."""
FINAL = "mean"  # with even visits, the best mean


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
    explore: str = EXPLORE,
    final: str = FINAL,
    value: str = "blend",
) -> SearchBot:
    bot = SearchBot(
        seed,
        sims=sims,
        think=think,
        workers=workers,
        top=6,
        explore=explore,
        final=final,
        value=value,
    )
    bot.name = name
    return bot


def search(seed: int = 0, think: float | None = None, workers: int = 1) -> SearchBot:
    return normal(seed, think, workers, name="search")


def normal_learned(
    seed: int = 0, think: float | None = None, workers: int = 1, sims: int = NORMAL_SIMS
) -> SearchBot:
    return normal(seed, think, workers, name="normal-learned", sims=sims, value="learned")


def normal_hand(
    seed: int = 0, think: float | None = None, workers: int = 1, sims: int = NORMAL_SIMS
) -> SearchBot:
    return normal(seed, think, workers, name="normal-hand", sims=sims, value="hand")


def hard(
    seed: int = 0, think: float | None = None, workers: int = 1, sims: int = HARD_SIMS
) -> SearchBot:
    bot = SearchBot(
        seed,
        sims=sims,
        think=think,
        workers=workers,
        top=8,
        key_steps=ALL_KEY_STEPS,
        explore=EXPLORE,
        final=FINAL,
        value="blend",
    )
    bot.name = "hard"
    return bot


LEVELS: dict[str, Callable[[int], Bot]] = {
    "easy": easy,
    "normal": normal,
    "hard": hard,
    "normal-learned": normal_learned,
    "normal-hand": normal_hand,
    "heuristic": HeuristicBot,
    "search": search,
    **YARDSTICKS,
}
"""Every Paths of Glory bot by name (the game's descriptor lists them)."""

STRENGTHS = ("easy", "normal", "hard")
__all__ = ["KEY_STEPS", "LEVELS", "STRENGTHS", "easy", "hard", "normal", "search"]
