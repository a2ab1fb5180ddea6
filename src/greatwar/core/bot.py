"""The bot protocol: a computer player sees only its seat's view and answers with an action.

Bots never touch the full state (DESIGN "Views are the only door out"). A bot gets the view of
its seat when it is to act, and returns one of ``view["legal"]`` (as text or an Action).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Bot(Protocol):
    """A computer player."""

    name: str

    def choose(self, view: dict[str, Any]) -> str:
        """Pick one of ``view["legal"]``."""
        ...
