"""Bot moves claimed in the database, so that of several server processes one makes each.

A process whose game has a bot to act claims the game at its ``seq`` (the ``bot_claims`` row of
:mod:`greatwar.server.store`): the claim is taken when there is none, when the one there has
lapsed (its ``until`` has passed: the process that held it died or stalled), when it was made
at an older position (a lower ``seq``), or when this process holds it already. Only the holder
asks its bot; it renews the lease while the bot thinks. The claim stays once the move is
stored, until a claim of a later position replaces it: a process that looked at the game before
the move and claims it now is refused (were the claim dropped, it would be let in to think for
nothing). The move itself is written with the ``seq`` check of every write, so even a claim
taken over from a process that was only slow cannot make a move twice: the second write finds
the game moved. The bot's seed is derived from the game and its position, so a move made again
by another process is the same move.

Leases are measured with each process's own clock (``time.time()``): the machines' clocks must
agree to well within a lease (NTP does). With SQLite (one process) there is nothing to claim.
"""

from __future__ import annotations

import os
import secrets
import socket
import time

from sqlalchemy import delete, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import SQLAlchemyError

from greatwar.server.store import GameStore, StoreError, bot_claims_table

LEASE = 30.0  # seconds a claim holds without renewal


def owner_name() -> str:
    """This process, as a claim names it (host, pid and a random part: a pid is reused)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


class BotClaims:
    """The bot claims of one process on a PostgreSQL store."""

    def __init__(self, store: GameStore, lease: float = LEASE, owner: str | None = None) -> None:
        self.engine = store.engine
        self.lease = lease
        self.owner = owner or owner_name()

    def claim(self, game_id: str, seq: int) -> bool:
        """Whether this process may make the bot move of ``game_id`` at ``seq`` now."""
        now = time.time()
        c = bot_claims_table.c
        stmt = insert(bot_claims_table).values(
            game_id=game_id, seq=seq, owner=self.owner, until=now + self.lease
        )
        stmt = stmt.on_conflict_do_update(
            index_elements=[c.game_id],
            set_={
                "seq": stmt.excluded.seq,
                "owner": stmt.excluded.owner,
                "until": stmt.excluded.until,
            },
            where=(c.until < now) | (c.seq < stmt.excluded.seq) | (c.owner == self.owner),
        )
        try:
            with self.engine.begin() as conn:
                return conn.execute(stmt.returning(c.game_id)).first() is not None
        except SQLAlchemyError as e:
            raise StoreError(f"the bot claim could not be written: {e}") from e

    def renew(self, game_id: str) -> bool:
        """Push the lease of a claim this process holds on (False: it holds none now)."""
        c = bot_claims_table.c
        q = (
            update(bot_claims_table)
            .where(c.game_id == game_id, c.owner == self.owner)
            .values(until=time.time() + self.lease)
        )
        try:
            with self.engine.begin() as conn:
                return conn.execute(q).rowcount == 1
        except SQLAlchemyError as e:
            raise StoreError(f"the bot claim could not be renewed: {e}") from e

    def drop(self, game_id: str) -> None:
        """Give up this process's claim of a game now (another process may take it at once)."""
        c = bot_claims_table.c
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    delete(bot_claims_table).where(c.game_id == game_id, c.owner == self.owner)
                )
        except SQLAlchemyError as e:
            raise StoreError(f"the bot claim could not be dropped: {e}") from e
