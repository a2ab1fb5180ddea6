"""Export and import a game store as JSON lines: backups, and moves between SQLite and
PostgreSQL (``greatwar export``, ``greatwar import``).

One line per stored game, in the order of the games' ids, each a JSON object with sorted keys:

- ``format``: ``"greatwar.stored-game/1"``;
- the ``games`` row: ``id``, ``game``, ``version`` (the game's engine version that made it, or
  null), ``scenario``, ``options``, ``seed``, ``seats``, ``summary``, ``extra`` (the set-up
  facts: the chosen seed's agreement, the clock state), ``created`` and ``updated`` (Unix
  seconds);
- ``actions``: the record, ``{"n", "text", "seat", "at"}`` each (the seat that made the entry,
  null for the engine's own);
- ``requests``: the request ids answered, ``{"request_id", "seats", "digest", "answer", "at"}``,
  so that a retried request is still recognised after a move;
- ``chat``: the seats' messages ``{"n", "seat", "text", "at"}``;
- ``notify``: the seats' notification settings ``{"seat", "webhook", "email", "at"}``.

Tokens: the store keeps only the SHA-256 digest of each seat's token, and the export carries
that digest as stored (``seats.<seat>.token``): the players keep their links after a restore or
a move, and the file holds no token that could play. It still shows the seats' e-mail
addresses and webhooks: keep it as private as the database.

The columns the store keeps as JSON text (options, seats, summary, extra, a request's answer)
are exported as the JSON they hold; one whose text would not come back the same (not JSON, or
spaced otherwise) is exported as ``{"$text": the stored text}``. Numbers are exported as they
are stored (times as floats: JSON keeps a float exactly). So an export imported into an empty
store and exported again gives the same lines, on either database.

An import adds every game in one transaction. It refuses games whose ids the store already
holds (naming them, and changing nothing) unless told to replace them; a line that is not a
stored game is refused with its line number, and nothing is changed either. Every game is
checked as the server would load it before anything is written: its row is read as the store
reads it, and its record is replayed by this server's engine (:func:`damage`). A game that
cannot be played (its row unreadable, an unknown game or another game's seats, an entry the
rules refuse), that does not fit the store's limits (options over 4096 characters) or that
holds a number JSON cannot carry (``1e400`` is infinity) is refused the same way, unless the
import is told to keep damaged games: then it is imported flagged as a problem (the set-up fact
``damaged`` says why, and the server shows it as a problem and never plays it; a time that is
not a finite number is stored as 0).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from sqlalchemy import Connection, Table, delete, inspect, select
from sqlalchemy.exc import SQLAlchemyError

from greatwar.server.chat import chat_table
from greatwar.server.chat import metadata as chat_metadata
from greatwar.server.games import OPTIONS_LIMIT, replay_row
from greatwar.server.notify import metadata as notify_metadata
from greatwar.server.notify import notify_table
from greatwar.server.store import (
    DAMAGED,
    SEED_LIMIT,
    GameStore,
    StoreError,
    actions_table,
    bot_claims_table,
    games_table,
    loads,
    read_row,
    requests_table,
)

FORMAT = "greatwar.stored-game/1"
RAW = "$text"
JSON_COLUMNS = ("options", "seats", "summary", "extra")
NULLABLE = ("extra",)


class BackupError(ValueError):
    """An export file that cannot be imported (nothing was changed)."""


def _dumps(doc: Any) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _json_out(raw: str | None, nullable: bool = False) -> Any:
    """A JSON text column as the JSON it holds (or the text itself, marked, when that would
    not come back the same). In a nullable column SQL's NULL is null and the text ``null``
    is marked."""
    if raw is None:
        return None
    try:
        value = loads(raw)  # strictly: a column holding NaN or Infinity is exported as text
    except (ValueError, RecursionError):
        return {RAW: raw}
    if json.dumps(value) != raw or (value is None and nullable):
        return {RAW: raw}
    return value


def _json_in(value: Any, nullable: bool = False) -> str | None:
    """The text to store for an exported JSON column."""
    if value is None and nullable:
        return None
    if isinstance(value, dict) and set(value) == {RAW}:
        raw = value[RAW]
        if isinstance(raw, str):
            return raw
    return json.dumps(value)


def _tables(conn: Connection) -> set[str]:
    return set(inspect(conn).get_table_names())


def export_lines(store: GameStore) -> Iterator[str]:
    """One line (without its newline) per stored game, in the order of their ids."""
    try:
        with store.engine.connect() as conn:
            present = _tables(conn)
            ids = conn.execute(select(games_table.c.id).order_by(games_table.c.id)).scalars()
            for gid in list(ids):
                yield _dumps(_game_doc(conn, str(gid), present))
    except SQLAlchemyError as e:
        raise StoreError(f"cannot read the game store {store.describe()}: {e}") from e


def _game_doc(conn: Connection, gid: str, present: set[str]) -> dict[str, Any]:
    g = games_table.c
    r = conn.execute(select(games_table).where(g.id == gid)).one()
    doc: dict[str, Any] = {
        "format": FORMAT,
        "id": r.id,
        "created": r.created,
        "updated": r.updated,
        "game": r.game,
        "version": r.version,
        "scenario": r.scenario,
        "seed": r.seed,
    }
    for col in JSON_COLUMNS:
        doc[col] = _json_out(getattr(r, col), col in NULLABLE)
    a = actions_table.c
    doc["actions"] = [
        {"n": x.n, "text": x.text, "seat": x.seat, "at": x.at}
        for x in conn.execute(
            select(a.n, a.text, a.seat, a.at).where(a.game_id == gid).order_by(a.n)
        )
    ]
    q = requests_table.c
    doc["requests"] = [
        {
            "request_id": x.request_id,
            "seats": x.seats,
            "digest": x.digest,
            "answer": _json_out(x.answer),
            "at": x.at,
        }
        for x in conn.execute(select(requests_table).where(q.game_id == gid).order_by(q.request_id))
    ]
    doc["chat"] = []
    if chat_table.name in present:
        c = chat_table.c
        doc["chat"] = [
            {"n": x.n, "seat": x.seat, "text": x.text, "at": x.at}
            for x in conn.execute(select(chat_table).where(c.game_id == gid).order_by(c.n))
        ]
    doc["notify"] = []
    if notify_table.name in present:
        t = notify_table.c
        doc["notify"] = [
            {"seat": x.seat, "webhook": x.webhook, "email": x.email, "at": x.at}
            for x in conn.execute(select(notify_table).where(t.game_id == gid).order_by(t.seat))
        ]
    return doc


# -- reading an export -----------------------------------------------------------------------


@dataclass
class Imported:
    """What an import wrote."""

    games: int
    actions: int
    replaced: list[str]
    damaged: list[str] = field(default_factory=list)  # kept, flagged as problems


def _need(ok: bool, line: int, what: str) -> None:
    if not ok:
        raise BackupError(f"line {line}: {what}")


def _text(v: Any, limit: int) -> bool:
    return isinstance(v, str) and 0 < len(v) <= limit


def _number(v: Any) -> bool:
    """A float (infinity too: :func:`damage` tells of it), or a whole number a float holds."""
    return type(v) is float or (type(v) is int and -(2**53) <= v <= 2**53)


def _opt_text(v: Any, limit: int) -> bool:
    return v is None or (isinstance(v, str) and len(v) <= limit)


def _rows(doc: dict[str, Any], key: str, line: int) -> list[dict[str, Any]]:
    rows = doc.get(key)
    _need(isinstance(rows, list), line, f"{key!r} is not a list")
    assert isinstance(rows, list)
    for i, r in enumerate(rows):
        _need(isinstance(r, dict), line, f"{key}[{i}] is not an object")
    return rows


TIMES = ("actions", "requests", "chat", "notify")  # the lists whose rows have a time ("at")


def _not_finite(doc: Any) -> str | None:
    """Where ``doc`` holds a number that is not finite (None: nowhere)."""
    todo: list[tuple[str, Any]] = [("", doc)]
    while todo:
        where, x = todo.pop()
        if isinstance(x, float) and not math.isfinite(x):
            return where or "the line"
        if isinstance(x, dict):
            todo.extend(
                (f"{where}.{str(k)[:40]}" if where else str(k)[:40], v) for k, v in x.items()
            )
        elif isinstance(x, list):
            todo.extend((f"{where}[{i}]", v) for i, v in enumerate(x))
    return None


def _stored_row(doc: dict[str, Any]) -> Any:
    """The ``games`` row an exported game becomes, as the store reads it."""
    columns = {k: doc.get(k) for k in ("id", "created", "updated", "game", "version", "scenario")}
    texts = {col: _json_in(doc[col], col in NULLABLE) for col in JSON_COLUMNS}
    return read_row(SimpleNamespace(**columns, **texts, seed=doc["seed"], seq=0))


def damage(doc: dict[str, Any]) -> tuple[str | None, bool]:
    """Why an exported game (checked by :func:`parse`'s shape checks) cannot be played by this
    server, or does not fit the store (None: it is sound), and whether the store would show it
    as a problem by itself (an unreadable row: no flag is needed to keep it one). The record
    is replayed."""
    row = _stored_row(doc)
    where = _not_finite(doc)
    if where is not None:
        return f"{where} is a number that is not finite (JSON has no infinity)", bool(row.problem)
    if row.problem:
        return f"the stored set-up is corrupt: {row.problem}", True
    options = _json_in(doc["options"])
    if options is not None and len(options) > OPTIONS_LIMIT:
        return f"the options take more than {OPTIONS_LIMIT} characters", False
    entries = [(a["n"], a["text"], a["seat"]) for a in doc["actions"]]
    _, why, _ = replay_row(row, entries)
    if why is not None:
        return why.removeprefix(f"game {row.id}: "), False
    return None, False


def _flag(doc: dict[str, Any], why: str, shown: bool) -> None:
    """Keep a damaged game as a problem: times that are not finite become 0, and unless the
    store shows the row as a problem by itself, its set-up facts say why (``damaged``)."""
    for key in ("created", "updated"):
        if not math.isfinite(doc[key]):
            doc[key] = 0.0
    for key in TIMES:
        for r in doc[key]:
            if not math.isfinite(r["at"]):
                r["at"] = 0.0
    if shown:
        return
    stored = _json_in(doc["extra"], nullable=True)
    extra = loads(stored) if stored is not None else {}
    assert isinstance(extra, dict)  # else the store would show the row as a problem
    doc["extra"] = {**extra, DAMAGED: why}


def parse(lines: Iterable[str], keep_damaged: bool = False) -> list[dict[str, Any]]:
    """The stored games of an export, checked (a :class:`BackupError` names the first line
    that is not one). A game that cannot be played or does not fit the store (see
    :func:`damage`) is refused the same way, naming its line, or with ``keep_damaged`` kept,
    flagged as a problem."""
    docs: list[dict[str, Any]] = []
    seen: set[str] = set()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            doc = json.loads(line)
        except (ValueError, RecursionError):
            raise BackupError(f"line {number}: not JSON") from None
        _need(isinstance(doc, dict), number, "not a JSON object")
        _need(doc.get("format") == FORMAT, number, f"not a stored game ({FORMAT})")
        _need(_text(doc.get("id"), 40), number, "'id' is not a text of 1 to 40 characters")
        gid = doc["id"]
        _need(gid not in seen, number, f"game {gid!r} is in the file twice")
        seen.add(gid)
        for key in ("game", "scenario"):
            _need(_text(doc.get(key), 40), number, f"{key!r} is not a text of 1 to 40 characters")
        _need(_opt_text(doc.get("version"), 40), number, "'version' is not a text or null")
        seed = doc.get("seed")
        _need(type(seed) is int and 0 <= seed < SEED_LIMIT, number, "'seed' is out of range")
        for key in ("created", "updated"):
            _need(_number(doc.get(key)), number, f"{key!r} is not a number")
        for key in JSON_COLUMNS:
            _need(key in doc, number, f"{key!r} is missing")
        for i, a in enumerate(_rows(doc, "actions", number)):
            _need(a.get("n") == i, number, f"actions[{i}] is not entry {i} of the record")
            _need(_text(a.get("text"), 400), number, f"actions[{i}].text is not an entry")
            _need(_opt_text(a.get("seat"), 40), number, f"actions[{i}].seat is not a seat")
            _need(_number(a.get("at")), number, f"actions[{i}].at is not a number")
        for i, q in enumerate(_rows(doc, "requests", number)):
            _need(_text(q.get("request_id"), 64), number, f"requests[{i}] has no request id")
            seats = q.get("seats")
            _need(isinstance(seats, str) and len(seats) <= 200, number, f"requests[{i}].seats")
            _need(_text(q.get("digest"), 64), number, f"requests[{i}].digest is not a text")
            _need(q.get("answer") is not None, number, f"requests[{i}] has no answer")
            _need(_number(q.get("at")), number, f"requests[{i}].at is not a number")
        for i, c in enumerate(_rows(doc, "chat", number)):
            n = c.get("n")
            _need(type(n) is int and 0 <= n < 2**31, number, f"chat[{i}].n is not a number")
            _need(_text(c.get("seat"), 16), number, f"chat[{i}].seat is not a seat")
            _need(_text(c.get("text"), 500), number, f"chat[{i}].text is not a message")
            _need(_number(c.get("at")), number, f"chat[{i}].at is not a number")
        for i, s in enumerate(_rows(doc, "notify", number)):
            _need(_text(s.get("seat"), 40), number, f"notify[{i}].seat is not a seat")
            _need(_opt_text(s.get("webhook"), 500), number, f"notify[{i}].webhook")
            _need(_opt_text(s.get("email"), 254), number, f"notify[{i}].email")
            _need(_number(s.get("at")), number, f"notify[{i}].at is not a number")
        why, shown = damage(doc)
        if why is not None:
            _need(
                keep_damaged,
                number,
                f"game {gid}: {why}; nothing was imported (--keep-damaged imports it, flagged "
                "as a problem)",
            )
            _flag(doc, why, shown)
        docs.append(doc)
    return docs


def import_games(store: GameStore, docs: list[dict[str, Any]], replace: bool = False) -> Imported:
    """Write the games of an export (see :func:`parse`) into ``store`` in one transaction."""
    ids = [d["id"] for d in docs]
    try:
        chat_metadata.create_all(store.engine)
        notify_metadata.create_all(store.engine)
        with store.engine.begin() as conn:
            there: list[str] = []
            for i in range(0, len(ids), 500):
                chunk = ids[i : i + 500]
                q = select(games_table.c.id).where(games_table.c.id.in_(chunk))
                there.extend(str(x) for x in conn.execute(q).scalars())
            there.sort()
            if there and not replace:
                shown = ", ".join(there[:10]) + (
                    f" and {len(there) - 10} more" if len(there) > 10 else ""
                )
                raise BackupError(
                    f"the store already holds {len(there)} of these games ({shown}): nothing "
                    "was imported (--replace replaces them)"
                )
            for gid in there:
                _delete(conn, gid)
            n_actions = 0
            for d in docs:
                _insert(conn, d)
                n_actions += len(d["actions"])
    except SQLAlchemyError as e:
        raise StoreError(f"cannot import into {store.describe()}: {e}") from e
    damaged = [d["id"] for d in docs if _stored_row(d).problem]
    return Imported(len(docs), n_actions, there, damaged)


def _delete(conn: Connection, gid: str) -> None:
    table: Table
    for table in (actions_table, requests_table, chat_table, notify_table, bot_claims_table):
        conn.execute(delete(table).where(table.c.game_id == gid))
    conn.execute(delete(games_table).where(games_table.c.id == gid))


def _insert(conn: Connection, d: dict[str, Any]) -> None:
    gid = d["id"]
    row = {k: d.get(k) for k in ("id", "created", "updated", "game", "version", "scenario", "seed")}
    for col in JSON_COLUMNS:
        row[col] = _json_in(d[col], col in NULLABLE)
    conn.execute(games_table.insert().values(**row))
    if d["actions"]:
        conn.execute(
            actions_table.insert(),
            [
                {"game_id": gid, **{k: a[k] for k in ("n", "text", "seat", "at")}}
                for a in d["actions"]
            ],
        )
    if d["requests"]:
        conn.execute(
            requests_table.insert(),
            [
                {
                    "game_id": gid,
                    "request_id": q["request_id"],
                    "seats": q["seats"],
                    "digest": q["digest"],
                    "answer": _json_in(q["answer"]),
                    "at": q["at"],
                }
                for q in d["requests"]
            ],
        )
    if d["chat"]:
        conn.execute(
            chat_table.insert(),
            [{"game_id": gid, **{k: c[k] for k in ("n", "seat", "text", "at")}} for c in d["chat"]],
        )
    if d["notify"]:
        conn.execute(
            notify_table.insert(),
            [
                {"game_id": gid, **{k: s.get(k) for k in ("seat", "webhook", "email", "at")}}
                for s in d["notify"]
            ],
        )
