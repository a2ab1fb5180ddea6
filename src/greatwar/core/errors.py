"""The two kinds of bad input every game engine distinguishes.

Both are ``ValueError`` subclasses (like python-chess's move errors) and both leave the game
exactly as it was: engines validate before they change anything.
"""

from __future__ import annotations


class GameError(ValueError):
    """Base class of the errors the engine raises for bad input."""


class MalformedActionError(GameError):
    """The input is not an action at all: unknown verb, wrong arguments, unknown names."""


class IllegalActionError(GameError):
    """The input is a well-formed action, but not one of the legal actions at this step
    (out of turn, wrong step, or forbidden by the rules)."""


class CorruptStateError(GameError):
    """A saved game or state document that cannot be loaded as it stands."""
