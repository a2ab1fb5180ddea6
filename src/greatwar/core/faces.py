"""A game's own face: how it shows itself in the terminal and in the web client.

A game package implements these (``pog/terminal.py``, ``pog/web.py``) and hands them out through
the optional hooks of its descriptor (:class:`greatwar.core.games.HasTerminal`,
:class:`greatwar.core.games.HasWeb`). The drivers above (``greatwar.terminal``, the server) are
the same for every game and ask the face only for what is the game's own. A face reads views (the
web face also the state, for public facts derived from it) and changes nothing; it does no I/O:
the terminal face returns what to print and the driver prints it.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, Protocol

Printable = Any
"""Something the terminal driver prints: a string with rich markup or a rich renderable."""


class TerminalFace(Protocol):
    """A game in the terminal (see :mod:`greatwar.terminal`)."""

    def moment(self, view: Mapping[str, Any]) -> Hashable:
        """Where the game stands (turn, phase...): the position is shown again when it
        changes."""
        ...

    def position(self, view: Mapping[str, Any]) -> list[Printable]:
        """The position as the seat sees it (tracks, board, hand)."""
        ...

    def entries(self, entries: list[dict[str, Any]]) -> list[Printable]:
        """Log entries as lines (entries not worth a line may be left out)."""
        ...

    def prompt(self, view: Mapping[str, Any]) -> str:
        """The question the seat answers now, as a sentence."""
        ...

    def describe(self, action: str) -> str:
        """An action's text with its ids written out as names."""
        ...

    def commands(self) -> dict[str, str]:
        """The game's own commands at the prompt (name -> one line of help)."""
        ...

    def command(self, name: str, view: Mapping[str, Any]) -> list[Printable]:
        """What one of :meth:`commands` shows."""
        ...

    def result(self, outcome: Mapping[str, Any]) -> str:
        """A sentence saying how the game ended (rich markup allowed)."""
        ...

    def story(self, view: Mapping[str, Any]) -> list[Printable]:
        """A summary of a finished game for people (``greatwar demo``), from a seat's view."""
        ...


class WebFace(Protocol):
    """A game in the web client (see :mod:`greatwar.server`)."""

    def static_data(self, lang: str = "en") -> dict[str, Any]:
        """The public, fixed facts the client draws with (map, pieces, cards), their names
        and texts in ``lang``: served once per language."""
        ...

    def dress(self, view: dict[str, Any], state: Any, lang: str = "en") -> None:
        """Add to a seat's view, in place, what the client shows beside the engine's view
        (the prompt as a sentence, public facts derived from the state such as supply), its
        sentences in ``lang``."""
        ...

    def spectator(self, state: Any) -> dict[str, Any]:
        """A view showing every seat's hidden facts, for the replay of a finished game."""
        ...

    def public(self, state: Any) -> dict[str, Any]:
        """What anyone may see of a game in progress (an observer of a public game): a view
        like a seat's, its ``seat`` None, with the public position, piles and counts, the
        procedure without any seat's private fields and the log entries every seat sees; never
        a hand, a card set aside, a secret pick, a prompt or a legal action."""
        ...

    def summary(self, state: Any) -> dict[str, Any]:
        """A few public JSON scalars for the game list (turn, score...)."""
        ...


def plain_texts(items: list[Printable]) -> list[str]:
    """The words of what a terminal face returns, without drawing it: strings as they are,
    a rule's title, a table's title, headers and cells (for checks of the texts a face
    shows, e.g. that none is left in another language)."""
    out: list[str] = []
    for item in items:
        if isinstance(item, str):
            out.append(item)
            continue
        title = getattr(item, "title", None)
        if isinstance(title, str) and title:
            out.append(title)
        for col in getattr(item, "columns", None) or ():
            header = getattr(col, "header", None)
            if isinstance(header, str):
                out.append(header)
            out.extend(c for c in getattr(col, "_cells", ()) if isinstance(c, str))
    return out
