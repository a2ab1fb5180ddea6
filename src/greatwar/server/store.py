"""The game store: every game as its set-up plus its append-only action log.

One schema on SQLAlchemy Core serves the embedded SQLite default and PostgreSQL. Two tables:

- ``games``: one row per game: id, the set-up (game id, the version of that game's engine that
  created it, scenario, options, seed), the seats (human or which bot; a human seat keeps only
  the SHA-256 digest of its secret token, and the seats one person holds share it) and a small
  summary for the game list (who is to act, the result, the game's own public facts such as the
  turn), refreshed with each action.
- ``actions``: one row per record entry ``(game_id, n, text, seat, at)``. The primary key
  ``(game_id, n)`` makes the log append-only and refuses two writers appending the same entry.

Stores made before the engine version was recorded are upgraded in place when opened (the
column is added; their games have no version). Every write is its own transaction, committed
before the method returns: the server answers a player only after the action is durable. SQLite
runs in WAL mode with ``synchronous=FULL``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

metadata = MetaData()

games_table = Table(
    "games",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("game", String(40), nullable=False),
    Column("version", String(40), nullable=True),  # the game's engine version at creation
    Column("scenario", String(40), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seats", Text, nullable=False),
    Column("summary", Text, nullable=False),
)

actions_table = Table(
    "actions",
    metadata,
    Column("game_id", String(40), ForeignKey("games.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("text", String(400), nullable=False),
    Column("seat", String(8), nullable=True),
    Column("at", Float, nullable=False),
)


class StoreError(RuntimeError):
    """The store could not read or write (database unreachable, conflicting writer...)."""


class ConflictError(StoreError):
    """Another writer appended to the same game first."""


@dataclass
class GameRow:
    """One stored game: set-up, seats and summary (the actions are read separately)."""

    id: str
    created: float
    updated: float
    game: str
    scenario: str
    options: Any  # parsed JSON (a dict or None); anything else marks a corrupt row
    seed: int
    seats: Any  # parsed JSON: {"ap": {"kind": "human", "token": digest} | {"kind": "bot", ...}}
    summary: dict[str, Any] = field(default_factory=dict)
    problem: str | None = None  # set when the row itself cannot be parsed
    version: str | None = None  # the engine version that created it (None: not recorded)


def database_url(text: str) -> str:
    """Turn ``--db`` input into an SQLAlchemy URL: a plain path means an SQLite file;
    ``postgresql://`` uses the psycopg (3) driver."""
    if "://" not in text:
        return "sqlite:///" + str(Path(text).expanduser().resolve())
    if text.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + text.split("://", 1)[1]
    return text


def _loads(text: str | None) -> tuple[Any, str | None]:
    try:
        return json.loads(text or "null"), None
    except (TypeError, ValueError) as e:
        return None, f"unreadable JSON ({e})"


class GameStore:
    """Games and their action logs in an SQL database (SQLite file or PostgreSQL)."""

    def __init__(self, url: str) -> None:
        self.url = database_url(url)
        try:
            self.engine: Engine = self._make_engine(self.url)
        except ImportError as e:
            raise StoreError(
                f"no database driver for {url!r} ({e}); for PostgreSQL: "
                'pip install "greatwar[postgres]"'
            ) from e
        except (SQLAlchemyError, ValueError, OSError) as e:
            raise StoreError(f"cannot open the game store {url!r}: {e}") from e
        try:
            metadata.create_all(self.engine)
            self._upgrade()
        except SQLAlchemyError as e:
            raise StoreError(f"cannot open the game store {self.describe()}: {e}") from e

    def _upgrade(self) -> None:
        """Bring a store made by an earlier greatwar up to this schema."""
        columns = {c["name"] for c in inspect(self.engine).get_columns("games")}
        if "version" not in columns:
            with self.engine.begin() as conn:
                conn.execute(text("ALTER TABLE games ADD COLUMN version VARCHAR(40)"))

    @staticmethod
    def _make_engine(url: str) -> Engine:
        if url.startswith("sqlite"):
            path = url.split(":///", 1)[1] if ":///" in url else ""
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

            @event.listens_for(engine, "connect")
            def _pragmas(dbapi_conn: Any, _record: Any) -> None:
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=FULL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()

            return engine
        return create_engine(url, pool_pre_ping=True)

    def describe(self) -> str:
        """The URL without a password, for messages."""
        return self.engine.url.render_as_string(hide_password=True)

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        try:
            with self.engine.begin() as conn:
                yield conn
        except IntegrityError as e:
            raise ConflictError(f"the game changed under us (another writer): {e.orig}") from e
        except SQLAlchemyError as e:
            raise StoreError(f"game store error: {e}") from e

    # -- writing -----------------------------------------------------------------------

    def create_game(
        self,
        game_id: str,
        game: str,
        version: str,
        scenario: str,
        options: dict[str, Any] | None,
        seed: int,
        seats: dict[str, Any],
        summary: dict[str, Any],
    ) -> None:
        now = time.time()
        with self._tx() as conn:
            conn.execute(
                games_table.insert().values(
                    id=game_id,
                    created=now,
                    updated=now,
                    game=game,
                    version=version,
                    scenario=scenario,
                    options=json.dumps(options),
                    seed=seed,
                    seats=json.dumps(seats),
                    summary=json.dumps(summary),
                )
            )

    def append(
        self,
        game_id: str,
        n: int,
        entries: Sequence[tuple[str, str | None]],
        summary: dict[str, Any],
    ) -> None:
        """Append record entries ``n, n+1, ...`` (text, seat) and the new summary, in one
        committed transaction."""
        now = time.time()
        with self._tx() as conn:
            for i, (text, seat) in enumerate(entries):
                conn.execute(
                    actions_table.insert().values(
                        game_id=game_id, n=n + i, text=text, seat=seat, at=now
                    )
                )
            conn.execute(
                games_table.update()
                .where(games_table.c.id == game_id)
                .values(updated=now, summary=json.dumps(summary))
            )

    # -- reading -----------------------------------------------------------------------

    def _row(self, r: Any) -> GameRow:
        options, p1 = _loads(r.options)
        seats, p2 = _loads(r.seats)
        summary, _ = _loads(r.summary)
        return GameRow(
            id=r.id,
            created=r.created,
            updated=r.updated,
            game=r.game,
            scenario=r.scenario,
            options=options,
            seed=int(r.seed),
            seats=seats,
            summary=summary if isinstance(summary, dict) else {},
            problem=p1 or p2,
            version=r.version,
        )

    def get(self, game_id: str) -> GameRow | None:
        with self._tx() as conn:
            r = conn.execute(select(games_table).where(games_table.c.id == game_id)).first()
        return None if r is None else self._row(r)

    def actions(self, game_id: str) -> list[tuple[int, str, str | None]]:
        """The record entries (n, text, seat) in order."""
        with self._tx() as conn:
            rows = conn.execute(
                select(actions_table.c.n, actions_table.c.text, actions_table.c.seat)
                .where(actions_table.c.game_id == game_id)
                .order_by(actions_table.c.n)
            ).all()
        return [(int(r.n), str(r.text), r.seat) for r in rows]

    def list_games(self, limit: int = 200) -> list[tuple[GameRow, int]]:
        """The most recently updated games with their record lengths."""
        counts = (
            select(actions_table.c.game_id, func.count().label("n"))
            .group_by(actions_table.c.game_id)
            .subquery()
        )
        q = (
            select(games_table, counts.c.n)
            .select_from(games_table.outerjoin(counts, counts.c.game_id == games_table.c.id))
            .order_by(games_table.c.updated.desc())
            .limit(limit)
        )
        with self._tx() as conn:
            rows = conn.execute(q).all()
        return [(self._row(r), int(r.n or 0)) for r in rows]

    def close(self) -> None:
        self.engine.dispose()
