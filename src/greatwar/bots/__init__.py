"""Computer opponents. They see views, never the full state."""

from __future__ import annotations

from greatwar.bots.random_bot import RandomBot

BOTS: dict[str, type] = {"random": RandomBot}


def make_bot(name: str, seed: int = 0) -> RandomBot:
    """A bot by name (see ``BOTS``)."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; expected one of: {', '.join(sorted(BOTS))}")
    bot: RandomBot = BOTS[name](seed=seed)
    return bot
