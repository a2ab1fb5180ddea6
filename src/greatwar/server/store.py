"""The game store: every game as its set-up plus its append-only action log.

One schema on SQLAlchemy Core serves the embedded SQLite default and PostgreSQL. Four tables:

- ``games``: one row per game: id, the set-up (game id, the version of that game's engine that
  created it, scenario, options, seed), the seats (human or which bot; a human seat keeps only
  the SHA-256 digest of its secret token, and the seats one person holds share it), ``extra``
  (facts of the set-up the server keeps: whether the seed was chosen by a player and which
  seats agreed to it), a small summary for the game list (who is to act, the result, the
  game's own public facts such as the turn), refreshed with each action, and ``seq``, raised
  by every write of the game: a writer may name the ``seq`` its copy has, and then nothing is
  written if another wrote first (:class:`MovedError`; several server processes).
- ``actions``: one row per record entry ``(game_id, n, text, seat, at)``. The primary key
  ``(game_id, n)`` makes the log append-only and refuses two writers appending the same entry.
- ``requests``: the client request ids already answered, ``(game_id, request_id)`` with the
  seats that sent it, a digest of what was asked and the answer, written in the same
  transaction as the record entries the request added: a retried request is recognised even
  after a crash, and never applied twice.
- ``bot_claims``: which server process makes a game's next bot move, until when
  (:mod:`greatwar.server.claims`).

On PostgreSQL every write of a game also notifies the other server processes in its
transaction (``pg_notify``, :mod:`greatwar.server.listen`).

Writes go through one writer thread (:class:`_Writer`): callers queue a write and wait until
it is committed; the writer commits every write waiting in the queue in one transaction (group
commit), so many games share one disk flush and no two writers ever wait on each other's locks;
the appends of all the games in such a transaction are written by a few statements in all
(the games' rows, their entries, their requests; on PostgreSQL the notices), however many.
A write is acknowledged only once it is durable (SQLite: WAL mode with ``synchronous=FULL``).
Reads use their own pooled connections (SQLite's WAL lets them run beside the writer).

Stores made by earlier versions are upgraded in place when opened (missing columns and tables
are added). A row that cannot be read as a game (a field of the wrong type) is returned with its
``problem`` set, never raised.
"""

from __future__ import annotations

import json
import logging
import math
import queue
import threading
import time
from collections.abc import Callable, Iterator, Sequence
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
    bindparam,
    create_engine,
    event,
    func,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from greatwar.server import tables

log = logging.getLogger("greatwar.server")

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
    Column("extra", Text, nullable=True),  # {"seeded", "seed_pending": [seat, ...], "clock"}
    # raised by every write of the game: a writer names the seq it saw (many processes)
    Column("seq", BigInteger, nullable=False, server_default="0"),
)

actions_table = Table(
    "actions",
    metadata,
    Column("game_id", String(40), ForeignKey("games.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("text", String(400), nullable=False),
    Column("seat", String(40), nullable=True),
    Column("at", Float, nullable=False),
)

requests_table = Table(
    "requests",
    metadata,
    Column("game_id", String(40), ForeignKey("games.id"), primary_key=True),
    Column("request_id", String(64), primary_key=True),
    Column("seats", String(200), nullable=False),  # the seats of the token that sent it
    Column("digest", String(64), nullable=False),  # of what was asked
    Column("answer", Text, nullable=False),
    Column("at", Float, nullable=False),
)

bot_claims_table = Table(
    "bot_claims",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("seq", BigInteger, nullable=False),  # the game's seq the bot is to move at
    Column("owner", String(80), nullable=False),  # the process that claimed it
    Column("until", Float, nullable=False),  # when the claim lapses (time.time())
)

SEED_LIMIT = 2**63
DAMAGED = "damaged"
"""The set-up fact (``extra``) of a game imported with ``greatwar import --keep-damaged`` that
does not replay or does not fit the store's limits: why. Such a game is shown as a problem and
never played (:mod:`greatwar.server.backup`)."""
CHANNEL = "greatwar"
"""The PostgreSQL channel every commit of a game is told on (``'<game id> <seq>'``)."""


class StoreError(RuntimeError):
    """The store could not read or write (database unreachable, conflicting writer...)."""


class ConflictError(StoreError):
    """Another writer appended to the same game first."""


class MovedError(ConflictError):
    """The game's ``seq`` is not the one the writer saw: another process wrote it first."""


@dataclass
class GameRow:
    """One stored game: set-up, seats and summary (the actions are read separately)."""

    id: str
    created: float
    updated: float
    game: str
    scenario: str
    options: Any  # parsed JSON: a dict or None (a corrupt row: see ``problem``)
    seed: int
    seats: Any  # {"ap": {"kind": "human", "token": digest} | {"kind": "bot", "bot": name}}
    summary: dict[str, Any] = field(default_factory=dict)
    problem: str | None = None  # set when the row itself cannot be read as a game
    version: str | None = None  # the engine version that created it (None: not recorded)
    extra: dict[str, Any] = field(default_factory=dict)
    seq: int = 0  # raised by every write of the game


@dataclass(frozen=True)
class StoredRequest:
    """A client request already answered (see the ``requests`` table)."""

    request_id: str
    seats: tuple[str, ...]
    digest: str
    answer: dict[str, Any]


def database_url(text: str) -> str:
    """Turn ``--db`` input into an SQLAlchemy URL: a plain path means an SQLite file;
    ``postgresql://`` uses the psycopg (3) driver."""
    if "://" not in text:
        return "sqlite:///" + str(Path(text).expanduser().resolve())
    if text.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + text.split("://", 1)[1]
    return text


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite_float(text_: str) -> float:
    x = float(text_)
    if not math.isfinite(x):
        raise ValueError(f"{text_[:20]} is not a finite number")
    return x


def loads(raw: str) -> Any:
    """JSON text as Python, strictly: ``NaN``, ``Infinity`` and numbers too large for a float
    (``1e400``) are refused (ValueError), so nothing read from the store can make an answer
    that is not JSON."""
    return json.loads(raw, parse_constant=_no_constant, parse_float=_finite_float)


def _loads(raw: Any) -> tuple[Any, bool]:
    """Parsed JSON text, and whether it parsed (strictly: see :func:`loads`)."""
    if not isinstance(raw, str):
        return None, raw is None
    try:
        return loads(raw), True
    except (ValueError, RecursionError):
        return None, False


def finite(x: Any) -> float:
    """A stored time as a float: one that is not a finite number (a hand-edited row) is 0."""
    if isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x):
        return float(x)
    return 0.0


def _seats_problem(seats: Any) -> str | None:
    """Why stored seats are not an object of seat specifications (None: they are)."""
    if not isinstance(seats, dict) or not seats:
        return "the stored seats are not an object of seats"
    for seat, spec in seats.items():
        if not isinstance(spec, dict):
            return f"the stored seat {str(seat)[:20]!r} is not an object"
        kind = spec.get("kind")
        if kind == "human" and isinstance(spec.get("token"), str):
            continue
        if kind == "bot" and isinstance(spec.get("bot"), str):
            continue
        return f"the stored seat {str(seat)[:20]!r} is neither a human with a token nor a bot"
    return None


def _request(r: Any) -> StoredRequest | None:
    """A stored request row (None: one that cannot be read)."""
    answer, ok = _loads(r.answer)
    if not ok or not isinstance(answer, dict):
        return None
    seats = tuple(x for x in str(r.seats).split(",") if x)
    return StoredRequest(str(r.request_id), seats, str(r.digest), answer)


def read_row(r: Any) -> GameRow:
    """A ``games`` row (or anything with its columns as attributes) as a :class:`GameRow`.
    Never raises: what cannot be read as a game is told in ``problem``, and a value that
    cannot be sent as JSON (a time that is not a finite number) is read as 0."""
    problems: list[str] = []
    options, ok = _loads(r.options)
    if not ok or not (options is None or isinstance(options, dict)):
        problems.append("the stored options are not an object")
        options = None
    seats, ok = _loads(r.seats)
    why = _seats_problem(seats) if ok else "the stored seats are not JSON"
    if why:
        problems.append(why)
    summary, _ = _loads(r.summary)
    extra, ok = _loads(getattr(r, "extra", None))
    if extra is None and ok:
        extra = {}
    if not isinstance(extra, dict):
        problems.append("the stored set-up facts are not an object")
        extra = {}
    damaged = extra.get(DAMAGED)
    if damaged is not None:
        problems.append(f"imported damaged: {str(damaged)[:300]}")
    seed = r.seed
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        problems.append("the stored seed is not a whole number from 0 to 2^63-1")
        seed = 0
    game = r.game if isinstance(r.game, str) else ""
    scenario = r.scenario if isinstance(r.scenario, str) else ""
    if not game or not scenario:
        problems.append("the stored game or scenario is not a text")
    version = r.version if isinstance(r.version, str) else None
    seq = getattr(r, "seq", 0)
    return GameRow(
        id=str(r.id),
        created=finite(r.created),
        updated=finite(r.updated),
        game=game,
        scenario=scenario,
        options=options,
        seed=seed,
        seats=seats,
        summary=summary if isinstance(summary, dict) else {},
        problem="; ".join(problems) or None,
        version=version,
        extra=extra,
        seq=seq if type(seq) is int else 0,
    )


@dataclass(frozen=True)
class _Append:
    """The rows of one :meth:`GameStore.append` (written together with the other appends of a
    batch: three statements for the whole batch, however many games it holds)."""

    actions: list[dict[str, Any]]
    request: dict[str, Any] | None
    # b_id, b_updated, b_summary (and b_extra: new set-up facts; b_seq: the seq the writer saw)
    game: dict[str, Any]
    then: tuple[Callable[[Connection], None], ...] = ()  # more to write in the transaction


_UPDATE_ANY = (
    games_table.update()
    .where(games_table.c.id == bindparam("b_id"))
    .values(
        updated=bindparam("b_updated"),
        summary=bindparam("b_summary"),
        seq=games_table.c.seq + 1,
    )
)
_UPDATE_SEEN = _UPDATE_ANY.where(games_table.c.seq == bindparam("b_seq"))
_UPDATES = {
    (False, False): _UPDATE_ANY,
    (False, True): _UPDATE_SEEN,
    (True, False): _UPDATE_ANY.values(extra=bindparam("b_extra")),
    (True, True): _UPDATE_SEEN.values(extra=bindparam("b_extra")),
}
_NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', p) FROM unnest(CAST(:ps AS text[])) AS p")


def _tell(conn: Connection, notices: list[str]) -> None:
    """Tell every process listening (PostgreSQL: sent only if the transaction commits)."""
    if notices and conn.dialect.name == "postgresql":
        conn.execute(_NOTIFY, {"ps": notices})


def _notice(game_id: str, seq: int | None) -> str:
    return game_id if seq is None else f"{game_id} {seq + 1}"


def _append_all(conn: Connection, appends: Sequence[_Append]) -> None:
    # the games first: a checked update takes the row (PostgreSQL), so of two processes
    # writing one game the second waits, then finds the seq moved and writes nothing
    groups: dict[tuple[bool, bool], list[dict[str, Any]]] = {}
    for a in appends:
        groups.setdefault(("b_extra" in a.game, "b_seq" in a.game), []).append(a.game)
    for key, games in groups.items():
        done = conn.execute(_UPDATES[key], games).rowcount
        if key[1] and done != len(games):
            raise MovedError("another process wrote this game first")
    rows = [row for a in appends for row in a.actions]
    if rows:
        conn.execute(actions_table.insert(), rows)
    requests = [a.request for a in appends if a.request is not None]
    if requests:
        conn.execute(requests_table.insert(), requests)
    for a in appends:
        for write in a.then:
            write(conn)
    _tell(conn, [_notice(a.game["b_id"], a.game.get("b_seq")) for a in appends])


class _Job:
    __slots__ = ("append", "done", "error", "fn")

    def __init__(self, fn: Callable[[Connection], None] | _Append) -> None:
        self.fn = fn if not isinstance(fn, _Append) else None
        self.append = fn if isinstance(fn, _Append) else None
        self.done = threading.Event()
        self.error: BaseException | None = None


class _Writer:
    """The one writer of a store: a thread committing queued writes, many at once."""

    BATCH = 256
    WAIT = 120.0  # seconds a caller waits for its commit before it gives up

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.queue: queue.Queue[_Job | None] = queue.Queue()
        self.closed = False
        self.commits = 0  # transactions committed
        self.writes = 0  # writes committed (several share a transaction when they queue up)
        self.thread = threading.Thread(target=self._run, name="greatwar-store-writer", daemon=True)
        self.thread.start()

    def submit(self, fn: Callable[[Connection], None] | _Append) -> None:
        """Queue a write and wait until it is committed (or raise why it was not)."""
        if self.closed:
            raise StoreError("the game store is closed")
        job = _Job(fn)
        self.queue.put(job)
        if not job.done.wait(self.WAIT):
            raise StoreError("the game store did not answer in time")
        if job.error is not None:
            raise job.error

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put(None)
            self.thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            job = self.queue.get()
            if job is None:
                return
            batch = [job]
            stop = False
            while len(batch) < self.BATCH:
                try:
                    more = self.queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[_Job]) -> None:
        try:
            with self.engine.begin() as conn:
                i = 0
                while i < len(batch):
                    fn = batch[i].fn
                    if fn is not None:
                        fn(conn)
                        i += 1
                        continue
                    j = i  # a run of appends: written together
                    while j < len(batch) and batch[j].append is not None:
                        j += 1
                    _append_all(conn, [job.append for job in batch[i:j] if job.append])
                    i = j
        except Exception as e:
            if len(batch) > 1:  # find the write that failed: each alone, in order
                for job in batch:
                    self._commit([job])
                return
            batch[0].error = _store_error(e)
        else:
            self.commits += 1
            self.writes += len(batch)
        for job in batch:
            job.done.set()


def _store_error(e: BaseException) -> BaseException:
    if isinstance(e, StoreError):
        return e
    if isinstance(e, IntegrityError):
        return ConflictError(f"the game changed under us (another writer): {e.orig}")
    if isinstance(e, SQLAlchemyError):
        return StoreError(f"game store error: {e}")
    return StoreError(f"game store error: {e!r}")


def open_engine(url: str, busy_timeout: float = 30.0) -> Engine:
    """An engine on a ``--db`` value (an SQLite path or a URL), or a :class:`StoreError` that
    says what is wrong (a missing driver, a bad URL, a file that cannot be opened)."""
    try:
        return GameStore._make_engine(database_url(url), busy_timeout)
    except ImportError as e:
        raise StoreError(
            f"no database driver for {url!r} ({e}); for PostgreSQL: "
            'pip install "greatwar[postgres]"'
        ) from e
    except (SQLAlchemyError, ValueError, OSError) as e:
        raise StoreError(f"cannot open the game store {url!r}: {e}") from e


class GameStore:
    """Games and their action logs in an SQL database (SQLite file or PostgreSQL)."""

    def __init__(self, url: str, busy_timeout: float = 30.0) -> None:
        self.url = database_url(url)
        self.engine: Engine = open_engine(url, busy_timeout)
        try:
            metadata.create_all(self.engine)
            tables.create(self.engine)  # accounts, the lobby, ratings
            self._upgrade()
        except SQLAlchemyError as e:
            raise StoreError(f"cannot open the game store {self.describe()}: {e}") from e
        self._writer = _Writer(self.engine)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def write_counts(self) -> tuple[int, int]:
        """(transactions committed, writes committed) since the store was opened."""
        return self._writer.commits, self._writer.writes

    def _upgrade(self) -> None:
        """Bring a store made by an earlier greatwar up to this schema."""
        columns = {c["name"] for c in inspect(self.engine).get_columns("games")}
        with self.engine.begin() as conn:
            if "version" not in columns:
                conn.execute(text("ALTER TABLE games ADD COLUMN version VARCHAR(40)"))
            if "extra" not in columns:
                conn.execute(text("ALTER TABLE games ADD COLUMN extra TEXT"))
            if "seq" not in columns:
                conn.execute(text("ALTER TABLE games ADD COLUMN seq BIGINT NOT NULL DEFAULT 0"))

    @staticmethod
    def _make_engine(url: str, busy_timeout: float) -> Engine:
        if url.startswith("sqlite"):
            path = url.split(":///", 1)[1] if ":///" in url else ""
            memory = not path or path == ":memory:"
            if not memory:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            engine = create_engine(
                url,
                connect_args={"check_same_thread": False, "timeout": busy_timeout},
                # one shared connection for an in-memory database (each would be its own)
                **({"poolclass": StaticPool} if memory else {"pool_size": 8}),
            )

            @event.listens_for(engine, "connect")
            def _pragmas(dbapi_conn: Any, _record: Any) -> None:
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=FULL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()

            return engine
        return create_engine(url, pool_pre_ping=True, pool_size=8)

    def describe(self) -> str:
        """The URL without a password, for messages."""
        return self.engine.url.render_as_string(hide_password=True)

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        try:
            with self.engine.connect() as conn:
                yield conn
        except SQLAlchemyError as e:
            raise StoreError(f"game store error: {e}") from e

    # -- writing (through the writer) -------------------------------------------------------

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
        extra: dict[str, Any] | None = None,
        then: Sequence[Callable[[Connection], None]] = (),
    ) -> None:
        """Store a new game (``then``: more writes in the same transaction, such as the
        lobby's offer that the game starts)."""
        now = time.time()
        row = {
            "id": game_id,
            "created": now,
            "updated": now,
            "game": game,
            "version": version,
            "scenario": scenario,
            "options": json.dumps(options),
            "seed": seed,
            "seats": json.dumps(seats),
            "summary": json.dumps(summary),
            "extra": json.dumps(extra or {}),
            "seq": 0,
        }

        def write(conn: Connection) -> None:
            conn.execute(games_table.insert().values(**row))
            for more in then:
                more(conn)

        self._writer.submit(write)

    def append(
        self,
        game_id: str,
        n: int,
        entries: Sequence[tuple[str, str | None]],
        summary: dict[str, Any],
        request: StoredRequest | None = None,
        extra: dict[str, Any] | None = None,
        seq: int | None = None,
        then: Sequence[Callable[[Connection], None]] = (),
    ) -> None:
        """Append record entries ``n, n+1, ...`` (text, seat), the new summary, the request
        they answer and (when given) the game's new set-up facts (its clock), in one committed
        transaction, raising the game's ``seq``. With ``seq`` (the one the writer's copy has),
        nothing is written when the game's is another (:class:`MovedError`). ``then``: more
        writes committed in the same transaction, after the entries (a game's end: its
        ratings)."""
        now = time.time()
        rows = [
            {"game_id": game_id, "n": n + i, "text": t, "seat": seat, "at": now}
            for i, (t, seat) in enumerate(entries)
        ]
        asked = None
        if request is not None:
            asked = {
                "game_id": game_id,
                "request_id": request.request_id,
                "seats": ",".join(request.seats),
                "digest": request.digest,
                "answer": json.dumps(request.answer),
                "at": now,
            }
        game = {"b_id": game_id, "b_updated": now, "b_summary": json.dumps(summary)}
        if extra is not None:
            game["b_extra"] = json.dumps(extra)
        if seq is not None:
            game["b_seq"] = seq
        self._writer.submit(_Append(rows, asked, game, tuple(then)))

    @staticmethod
    def _update(conn: Connection, game_id: str, seq: int | None, **values: Any) -> None:
        """One write of a game's row that raises its seq (checked against ``seq`` if given)."""
        q = games_table.update().where(games_table.c.id == game_id)
        if seq is not None:
            q = q.where(games_table.c.seq == seq)
        done = conn.execute(q.values(seq=games_table.c.seq + 1, **values)).rowcount
        if seq is not None and done != 1:
            raise MovedError("another process wrote this game first")
        _tell(conn, [_notice(game_id, seq)])

    def update_extra(self, game_id: str, extra: dict[str, Any], seq: int | None = None) -> None:
        """Replace a game's set-up facts (a clock paused or resumed)."""
        text_ = json.dumps(extra)

        def write(conn: Connection) -> None:
            self._update(conn, game_id, seq, extra=text_)

        self._writer.submit(write)

    def update_setup(
        self,
        game_id: str,
        seed: int,
        extra: dict[str, Any],
        summary: dict[str, Any],
        seq: int | None = None,
    ) -> None:
        """Change a game's seed and set-up facts; only while its record is empty (refused with
        :class:`ConflictError` once an entry is stored)."""
        now = time.time()

        def write(conn: Connection) -> None:
            n = conn.execute(
                select(func.count()).where(actions_table.c.game_id == game_id)
            ).scalar_one()
            if n:
                raise ConflictError("the game has started: its set-up can no longer change")
            values = {
                "seed": seed,
                "extra": json.dumps(extra),
                "summary": json.dumps(summary),
                "updated": now,
            }
            self._update(conn, game_id, seq, **values)

        self._writer.submit(write)

    def write(self, fn: Callable[[Connection], None]) -> None:
        """Commit ``fn(connection)`` through the store's one writer (accounts, the lobby):
        waits until it is committed, or raises why it was not (:class:`StoreError`)."""
        self._writer.submit(fn)

    # -- reading -----------------------------------------------------------------------

    def get(self, game_id: str) -> GameRow | None:
        with self._read() as conn:
            r = conn.execute(select(games_table).where(games_table.c.id == game_id)).first()
        return None if r is None else read_row(r)

    def actions(self, game_id: str, start: int = 0) -> list[tuple[int, str, str | None]]:
        """The record entries (n, text, seat) in order (from entry ``start``)."""
        q = select(actions_table.c.n, actions_table.c.text, actions_table.c.seat).where(
            actions_table.c.game_id == game_id
        )
        if start:
            q = q.where(actions_table.c.n >= start)
        with self._read() as conn:
            rows = conn.execute(q.order_by(actions_table.c.n)).all()
        return [(int(r.n), str(r.text), r.seat) for r in rows]

    def freshness(
        self, game_id: str, request_id: str | None = None
    ) -> tuple[int | None, StoredRequest | None]:
        """The game's seq now (None: no such game) and, if asked, the stored answer to one
        request id (None: not answered): what a process compares its copy with before it
        judges a request (several processes on one store)."""
        with self._read() as conn:
            seq = conn.execute(
                select(games_table.c.seq).where(games_table.c.id == game_id)
            ).scalar()
            r = None
            if request_id is not None and seq is not None:
                r = conn.execute(
                    select(requests_table).where(
                        requests_table.c.game_id == game_id,
                        requests_table.c.request_id == request_id,
                    )
                ).first()
        return (None if seq is None else int(seq)), (None if r is None else _request(r))

    def seqs(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The seq of each of these games (a missing game is left out)."""
        if not game_ids:
            return {}
        q = select(games_table.c.id, games_table.c.seq).where(games_table.c.id.in_(game_ids))
        with self._read() as conn:
            return {str(r.id): int(r.seq) for r in conn.execute(q)}

    def requests(self, game_id: str) -> list[StoredRequest]:
        """The request ids answered for a game (a row that cannot be read is left out)."""
        with self._read() as conn:
            rows = conn.execute(
                select(requests_table).where(requests_table.c.game_id == game_id)
            ).all()
        return [x for x in map(_request, rows) if x is not None]

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
        with self._read() as conn:
            rows = conn.execute(q).all()
        return [(read_row(r), int(r.n or 0)) for r in rows]

    def game_ids_with_bots(self) -> list[str]:
        """Games whose summary says a bot seat is to act (the server resumes their bots when
        it starts)."""
        q = select(games_table.c.id, games_table.c.seats, games_table.c.summary).order_by(
            games_table.c.updated
        )
        out = []
        with self._read() as conn:
            for r in conn.execute(q):
                seats, _ = _loads(r.seats)
                summary, _ = _loads(r.summary)
                to_act = summary.get("to_act") if isinstance(summary, dict) else None
                spec = seats.get(to_act) if isinstance(seats, dict) and to_act else None
                if isinstance(spec, dict) and spec.get("kind") == "bot":
                    out.append(str(r.id))
        return out

    def extras_with(self, key: str) -> list[tuple[str, dict[str, Any]]]:
        """(id, set-up facts) of the games whose facts hold ``key`` (the clocked games, for
        the server's clock watcher when it starts)."""
        pattern = f'%"{key}"%'
        q = select(games_table.c.id, games_table.c.extra).where(games_table.c.extra.like(pattern))
        out = []
        with self._read() as conn:
            for r in conn.execute(q):
                extra, _ = _loads(r.extra)
                if isinstance(extra, dict) and key in extra:
                    out.append((str(r.id), extra))
        return out

    def ping(self) -> None:
        """Ask the database a trivial question (raise :class:`StoreError` when it does not
        answer): what ``/readyz`` checks."""
        with self._read() as conn:
            conn.execute(text("SELECT 1")).scalar_one()

    def close(self) -> None:
        self._writer.close()
        self.engine.dispose()
