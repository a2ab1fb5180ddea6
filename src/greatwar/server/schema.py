"""The game store's schema version, and its migrations (Alembic).

The migrations live in ``greatwar/server/migrations`` (shipped with the package); the database
records its revision in Alembic's ``alembic_version`` table. ``greatwar db upgrade`` brings a
store to :data:`HEAD`; ``greatwar db current`` says where it is. ``greatwar serve`` (and
``greatwar import``) call :func:`prepare`: a store with no tables yet is created at the head
revision, a store at the head is used as it is, and any other store is refused with the command
to run: an older revision, a store made before migrations (its tables there but no revision,
which the first migration adopts as it is, games kept), or a revision this greatwar does not
know (made by a newer one).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, inspect
from sqlalchemy.exc import SQLAlchemyError

from greatwar.server.store import StoreError, database_url, open_engine
from greatwar.server.tables import TABLES as HOUSE_TABLES

TABLES = ("games", "actions", "requests", "chat", "notify", "bot_claims", *HOUSE_TABLES)
"""The tables greatwar keeps (the first migration creates the first five, the second
``bot_claims``, the third those of accounts, the lobby and ratings: :mod:`.tables`)."""


class SchemaError(StoreError):
    """The store's schema is not the one this greatwar uses (the message says what to run)."""


def _config() -> Config:
    cfg = Config()
    cfg.set_main_option(
        "script_location", str(resources.files("greatwar.server").joinpath("migrations"))
    )
    return cfg


def head() -> str:
    """The newest revision this greatwar knows."""
    rev = ScriptDirectory.from_config(_config()).get_current_head()
    assert rev is not None
    return rev


def known() -> set[str]:
    return {s.revision for s in ScriptDirectory.from_config(_config()).walk_revisions()}


@dataclass(frozen=True)
class State:
    """Where a store stands."""

    revision: str | None  # None: no revision recorded
    tables: tuple[str, ...]  # greatwar's tables the store holds
    head: str

    @property
    def empty(self) -> bool:
        return self.revision is None and not self.tables

    @property
    def current(self) -> bool:
        return self.revision == self.head

    def describe(self) -> str:
        if self.empty:
            return "empty (no tables yet)"
        if self.revision is None:
            return "made before schema migrations (no revision recorded)"
        if self.revision == self.head:
            return f"at revision {self.revision} (the newest)"
        if self.revision in known():
            return f"at revision {self.revision}, older than this greatwar's {self.head}"
        return f"at revision {self.revision}, unknown to this greatwar (made by a newer one?)"


def engine_for(url: str) -> Engine:
    """An engine on a ``--db`` value (an SQLite path or a URL)."""
    return open_engine(url)


def state(engine: Engine) -> State:
    try:
        with engine.connect() as conn:
            revision = MigrationContext.configure(conn).get_current_revision()
            names = set(inspect(conn).get_table_names())
    except SQLAlchemyError as e:
        raise StoreError(f"cannot read the game store's schema: {e}") from e
    return State(revision, tuple(t for t in TABLES if t in names), head())


def upgrade(engine: Engine) -> tuple[State, State]:
    """Run every migration the store lacks, in one transaction where the database allows;
    (before, after)."""
    before = state(engine)
    if before.revision is not None and before.revision not in known():
        raise SchemaError(f"the game store is {before.describe()}: this greatwar cannot use it")
    cfg = _config()
    try:
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
    except SQLAlchemyError as e:
        raise StoreError(f"the upgrade failed (nothing was changed where it could be): {e}") from e
    return before, state(engine)


def prepare(url: str, command_hint: str | None = None) -> State:
    """Make sure the store at ``url`` may be used: create an empty one at the head revision;
    refuse (:class:`SchemaError`, saying what to run) one that is not at the head."""
    engine = engine_for(url)
    try:
        now = state(engine)
        if now.empty:
            return upgrade(engine)[1]
        if now.current:
            return now
        hint = command_hint or f"greatwar db upgrade --db {shown_db(url)}"
        if now.revision is not None and now.revision not in known():
            raise SchemaError(
                f"the game store is {now.describe()}: use the greatwar that made it, or a newer one"
            )
        raise SchemaError(
            f"the game store is {now.describe()}: back it up (greatwar export), then run: {hint}"
        )
    finally:
        engine.dispose()


def shown_db(url: str) -> str:
    """The --db value to show in a message (a URL without its password)."""
    if "://" not in url:
        return url
    from sqlalchemy.engine import make_url

    try:
        shown: Any = make_url(database_url(url)).render_as_string(hide_password=True)
    except Exception:
        return "..."
    return str(shown).replace("postgresql+psycopg://", "postgresql://")
