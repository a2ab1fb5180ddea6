"""Computer opponents. They see views, never the full state.

``BOTS`` maps a bot's name to its class; :func:`make_bot` builds one with a seed (a bot is
deterministic for a given seed and the same views).
"""

from __future__ import annotations

from greatwar.bots.heuristic import HeuristicBot
from greatwar.bots.random_bot import RandomBot
from greatwar.core.bot import Bot

BOTS: dict[str, type[RandomBot] | type[HeuristicBot]] = {
    "heuristic": HeuristicBot,
    "random": RandomBot,
}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (see ``BOTS``)."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; expected one of: {', '.join(sorted(BOTS))}")
    bot: Bot = BOTS[name](seed=seed)
    return bot
