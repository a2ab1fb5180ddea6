"""Computer players. They see views, never the full state.

The bots of a game are the game-agnostic ones here (:data:`COMMON`: the random bot, which
plays from any view's ``legal`` list) plus the game's own, which its descriptor lists
(:meth:`greatwar.core.games.Game.bots`; Paths of Glory's heuristic bot lives in its package).
:func:`bots` gives them by name for a game id; :func:`make_bot` builds one with a seed (a bot is
deterministic for a given seed and the same views).
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


def make_bot(name: str, seed: int = 0, game_id: str = DEFAULT_GAME, **settings: Any) -> Bot:
    """A bot of a game by name (see :func:`bots`); ValueError for an unknown name, or for a
    setting the bot does not take. ``settings`` (``think``: seconds a decision, ``workers``:
    processes) go to bots that take them, such as the search bots; None means the default."""
    known = bots(game_id)
    if name not in known:
        raise ValueError(f"unknown bot {name!r}; expected one of: {', '.join(sorted(known))}")
    factory = known[name]
    given = {k: v for k, v in settings.items() if v is not None}
    if given:
        takes = inspect.signature(factory).parameters
        for k in given:
            if k not in takes:
                raise ValueError(f"the {name} bot takes no {k!r} setting")
    return factory(seed, **given)
