"""The game service's interface to the parts of the server above it.

The game service (:mod:`.games`) is the bottom of the server: it loads, judges and writes games
and imports none of the parts that use it. Those parts (the clock watcher, the bots, the hub
of websockets, notifications, the lobby, accounts, ratings) attach themselves to it through the
two hooks below and its public methods; the arrows of the imports run one way, upwards
(``tests/server/test_server_layers.py`` checks it).

- A **listener** is told of every committed change of a game, in the writing thread and under
  the game's lock: it must only note or queue what it needs (send views, wake a bot, queue a
  notification). The change is a :data:`Change`.
- **Who a request acts for**: :data:`ACTOR`, the account a request acts for when it carries
  no seat token (set by the accounts part from its session cookie, :mod:`.accounts`). The
  service lets it act in the seats that name that account, and in no other.
- An **end hook** is asked, before the write that ends a game is committed, for more to write
  *in the same transaction* (the ratings of a rated game): it returns a :data:`Write` or None.
  That write commits with the record entry that ends the game, or not at all, so with many
  server processes on one store it is made exactly once (the write that ends a game is made by
  one process only: the others find the game moved, :class:`.store.MovedError`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import Any, Protocol

from sqlalchemy import Connection


class Game(Protocol):
    """What a hook may read of a live game: its id, its stored row and its session."""

    @property
    def id(self) -> str: ...

    @property
    def row(self) -> Any: ...  # greatwar.server.store.GameRow

    @property
    def session(self) -> Any: ...  # greatwar.core.session.Session, or None


Change = Mapping[str, Any]
"""``{"kind": "move" | "time_out" | "resign" | "start", "actor": seat or None, "to_act": seat
or None, "over": bool, "serial": n}``."""

Listener = Callable[[Any, Change], None]
"""Told of a committed change of a game (the game: a :class:`Game`, its :class:`Change`)."""

Write = Callable[[Connection], None]
"""A write run in the transaction of a game's write (the writer thread's connection)."""

EndHook = Callable[[Any, Mapping[str, Any]], Write | None]
"""Asked, under the game's lock, before the write that ends a game (the game, its result):
what to write with it, or None."""


ACTOR: ContextVar[int | None] = ContextVar("greatwar_actor", default=None)
"""The account the running request acts for (None: none; a seat token is judged alone)."""
