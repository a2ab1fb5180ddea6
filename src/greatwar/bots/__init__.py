"""Computer players. They see views, never the full state.

The bots of a game are the game-agnostic ones here (:data:`COMMON`: the random bot, which
plays from any view's ``legal`` list) plus the game's own, which its descriptor lists
(:meth:`greatwar.core.games.Game.bots`; Paths of Glory's heuristic bot lives in its package).
:func:`bots` gives them by name for a game id; :func:`make_bot` builds one with a seed (a bot is
deterministic for a given seed and the same views). A search bot also answers to
``NAME@SIMS`` (``normal@24``): the same bot with another budget of simulations a decision, for
measuring strength against budget (``greatwar arena``); people pick the named levels only.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from greatwar.bots.random_bot import RandomBot
from greatwar.core.bot import Bot
from greatwar.core.games import DEFAULT_GAME, game

BotFactory = Callable[[int], Bot]

COMMON: dict[str, BotFactory] = {"random": RandomBot}
"""The bots every game has (built from a seed)."""


def bots(game_id: str = DEFAULT_GAME) -> dict[str, BotFactory]:
    """Every bot of a game by name: the common ones and the game's own (which win a clash)."""
    return {**COMMON, **game(game_id).bots()}


def bot_names(game_id: str = DEFAULT_GAME) -> list[str]:
    return sorted(bots(game_id))


MAX_SIMS = 100_000
"""The largest budget ``NAME@SIMS`` takes."""


def resolve(name: str, game_id: str = DEFAULT_GAME) -> tuple[BotFactory, dict[str, Any]]:
    """The factory a bot name stands for and the settings its name gives: ``NAME`` is a bot of
    :func:`bots`; ``NAME@SIMS`` that bot with ``sims=SIMS``, where it takes a budget of
    simulations. ValueError, saying what would do, for anything else."""
    known = bots(game_id)
    if name in known:
        return known[name], {}
    base, mark, budget = name.partition("@")
    if not mark or base not in known:
        raise ValueError(f"unknown bot {name!r}; expected one of: {', '.join(sorted(known))}")
    if "sims" not in inspect.signature(known[base]).parameters:
        budgeted = sorted(n for n, f in known.items() if "sims" in inspect.signature(f).parameters)
        raise ValueError(
            f"the {base} bot takes no budget of simulations ({name!r}); "
            f"NAME@SIMS works for {', '.join(budgeted) or 'no bot of this game'}"
        )
    if not budget.isdigit() or not 1 <= int(budget) <= MAX_SIMS:
        raise ValueError(
            f"{name!r}: the budget after '@' is a whole number of simulations from 1 to "
            f"{MAX_SIMS}, e.g. {base}@24"
        )
    return known[base], {"sims": int(budget)}


def check_bot_name(name: str, game_id: str = DEFAULT_GAME) -> None:
    """ValueError unless ``name`` names a bot of the game (see :func:`resolve`)."""
    resolve(name, game_id)


def make_bot(name: str, seed: int = 0, game_id: str = DEFAULT_GAME, **settings: Any) -> Bot:
    """A bot of a game by name (see :func:`resolve`); ValueError for an unknown name, or for a
    setting the bot does not take. ``settings`` (``think``: seconds a decision, ``workers``:
    processes) go to bots that take them, such as the search bots; None means the default."""
    factory, given = resolve(name, game_id)
    extra = {k: v for k, v in settings.items() if v is not None}
    if extra:
        takes = inspect.signature(factory).parameters
        for k in extra:
            if k not in takes:
                raise ValueError(f"the {name} bot takes no {k!r} setting")
    bot = factory(seed, **given, **extra)
    if given:
        bot.name = name
    return bot
