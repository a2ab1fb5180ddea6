"""Export and import a game store as JSON lines: backups, and moves between SQLite and
PostgreSQL (``greatwar export``, ``greatwar import``).

The accounts first (one line each, in the order of their ids), then one line per stored game,
in the order of the games' ids, then the ratings (one line per rated subject and game), each a
JSON object with sorted keys. An account's line (``"format": "greatwar.account/1"``) holds its
``id``, ``name``, ``key`` (the name as compared), ``password`` (the argon2 hash, never the
password), ``email``, ``disabled``, ``notify`` (its notification settings) and ``created``;
never a session, a login failure, an invitation or a reset link. A rating's line
(``"format": "greatwar.rating/1"``) holds its ``subject`` (``user:<id>`` or ``bot:<name>``),
``game``, ``mu``, ``sigma``, ``games`` (rated so far), ``updated`` and its ``history``: each
rated game's change ``{"game_id", "result", "mu_before", "sigma_before", "mu", "sigma", "at"}``,
oldest first. A game's line:

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
a move, and the file holds no token that could play. It still shows the seats' and accounts'
e-mail addresses and webhooks and the accounts' password hashes: keep it as private as the
database.

The columns the store keeps as JSON text (options, seats, summary, extra, a request's answer)
are exported as the JSON they hold; one whose text would not come back the same (not JSON, or
spaced otherwise) is exported as ``{"$text": the stored text}``. Numbers are exported as they
are stored (times as floats: JSON keeps a float exactly). So an export imported into an empty
store and exported again gives the same lines, on either database.

An import adds every account, game and rating in one transaction. It refuses games, accounts
and ratings the store already holds (naming them, and changing nothing) unless told to replace
them (a replaced account's sessions end); an account whose name the store gives another id, a
seat or a rating naming an account neither the file nor the store holds, and a line that is
not one of an export are refused with their line number, and nothing is changed either. The
index of who plays which game (``players``) is made from the games' seats. Every game is
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
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from sqlalchemy import Connection, Table, delete, inspect, select, text
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
from greatwar.server.tables import (
    players_table,
    rating_history_table,
    ratings_table,
    sessions_table,
    users_table,
)

FORMAT = "greatwar.stored-game/1"
ACCOUNT = "greatwar.account/1"
RATING = "greatwar.rating/1"
SUBJECT = re.compile(r"user:[1-9][0-9]{0,9}|bot:[\w.-]{1,40}")
RESULTS = ("win", "loss", "draw")
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
    """One line (without its newline) per account, then per stored game, then per rating, each
    kind in the order of its keys."""
    try:
        with store.engine.connect() as conn:
            present = _tables(conn)
            if users_table.name in present:
                for r in conn.execute(select(users_table).order_by(users_table.c.id)):
                    yield _dumps(_account_doc(r))
            ids = conn.execute(select(games_table.c.id).order_by(games_table.c.id)).scalars()
            for gid in list(ids):
                yield _dumps(_game_doc(conn, str(gid), present))
            if ratings_table.name in present:
                rows = conn.execute(
                    select(ratings_table).order_by(ratings_table.c.subject, ratings_table.c.game)
                ).all()
                for r in rows:
                    yield _dumps(_rating_doc(conn, r))
    except SQLAlchemyError as e:
        raise StoreError(f"cannot read the game store {store.describe()}: {e}") from e


def _account_doc(r: Any) -> dict[str, Any]:
    return {
        "format": ACCOUNT,
        "id": r.id,
        "name": r.name,
        "key": r.key,
        "password": r.password,
        "email": r.email,
        "disabled": bool(r.disabled),
        "notify": _json_out(r.notify, nullable=True),
        "created": r.created,
    }


def _rating_doc(conn: Connection, r: Any) -> dict[str, Any]:
    h = rating_history_table.c
    history = conn.execute(
        select(rating_history_table)
        .where(h.subject == r.subject, h.game == r.game)
        .order_by(h.at, h.game_id)
    ).all()
    return {
        "format": RATING,
        "subject": r.subject,
        "game": r.game,
        "mu": r.mu,
        "sigma": r.sigma,
        "games": r.games,
        "updated": r.updated,
        "history": [
            {
                "game_id": x.game_id,
                "result": x.result,
                "mu_before": x.mu_before,
                "sigma_before": x.sigma_before,
                "mu": x.mu,
                "sigma": x.sigma,
                "at": x.at,
            }
            for x in history
        ],
    }


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
    accounts: int = 0
    ratings: int = 0


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
    kept: set[Any] = set()  # accounts' ids and keys, ratings' subjects and games
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            doc = json.loads(line)
        except (ValueError, RecursionError):
            raise BackupError(f"line {number}: not JSON") from None
        _need(isinstance(doc, dict), number, "not a JSON object")
        if doc.get("format") == ACCOUNT:
            _check_account(doc, number, kept)
            docs.append({**doc, "line": number})
            continue
        if doc.get("format") == RATING:
            _check_rating(doc, number, kept)
            docs.append({**doc, "line": number})
            continue
        _need(
            doc.get("format") == FORMAT,
            number,
            f"not a stored game ({FORMAT}), an account ({ACCOUNT}) or a rating ({RATING})",
        )
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


def _number_ok(v: Any, positive: bool = False) -> bool:
    return _number(v) and math.isfinite(v) and (not positive or v > 0)


def _check_account(doc: dict[str, Any], line: int, kept: set[Any]) -> None:
    """An account's line as an export writes it (else a :class:`BackupError`)."""
    uid = doc.get("id")
    _need(type(uid) is int and 0 < uid < 2**31, line, "an account's 'id' is not a number")
    for key, limit in (("name", 40), ("key", 40), ("password", 200)):
        _need(_text(doc.get(key), limit), line, f"an account's {key!r} is not a text")
    _need(_opt_text(doc.get("email"), 254), line, "an account's 'email' is not a text or null")
    _need(type(doc.get("disabled")) is bool, line, "an account's 'disabled' is not true or false")
    _need(
        doc.get("notify") is None or isinstance(doc.get("notify"), dict),
        line,
        "an account's 'notify' is not an object or null",
    )
    _need(_number_ok(doc.get("created")), line, "an account's 'created' is not a number")
    key = unicodedata.normalize("NFKC", doc["name"]).casefold()
    _need(doc["key"] == key, line, "an account's 'key' is not its name as compared")
    for mark in (("account", uid), ("name", doc["key"])):
        _need(mark not in kept, line, f"account {doc['name']!r} is in the file twice")
        kept.add(mark)


def _check_rating(doc: dict[str, Any], line: int, kept: set[Any]) -> None:
    """A rating's line as an export writes it (else a :class:`BackupError`)."""
    subject = doc.get("subject")
    _need(
        isinstance(subject, str) and bool(SUBJECT.fullmatch(subject)),
        line,
        "a rating's 'subject' is not user:<id> or bot:<name>",
    )
    _need(_text(doc.get("game"), 40), line, "a rating's 'game' is not a text")
    for key in ("mu", "sigma", "updated"):
        _need(_number_ok(doc.get(key), key == "sigma"), line, f"a rating's {key!r} is not a number")
    n = doc.get("games")
    _need(type(n) is int and 0 <= n < 2**31, line, "a rating's 'games' is not a count")
    history = _rows(doc, "history", line)
    for i, h in enumerate(history):
        _need(_text(h.get("game_id"), 40), line, f"history[{i}].game_id is not a game's id")
        _need(h.get("result") in RESULTS, line, f"history[{i}].result is not win, loss or draw")
        for key in ("mu_before", "sigma_before", "mu", "sigma", "at"):
            ok = _number_ok(h.get(key), key.startswith("sigma"))
            _need(ok, line, f"history[{i}].{key} is not a number")
    mark = ("rating", subject, doc["game"])
    _need(mark not in kept, line, f"the rating of {subject} in {doc['game']} is in the file twice")
    kept.add(mark)


def _listed(names: list[str]) -> str:
    return ", ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")


def import_games(store: GameStore, docs: list[dict[str, Any]], replace: bool = False) -> Imported:
    """Write the accounts, games and ratings of an export (see :func:`parse`) into ``store`` in
    one transaction."""
    accounts = [d for d in docs if d.get("format") == ACCOUNT]
    ratings = [d for d in docs if d.get("format") == RATING]
    games = [d for d in docs if d.get("format") == FORMAT]
    ids = [d["id"] for d in games]
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
            held = _accounts_there(conn, accounts)
            rated = _ratings_there(conn, ratings)
            if (there or held or rated) and not replace:
                parts = []
                if there:
                    parts.append(f"{len(there)} of these games ({_listed(there)})")
                if held:
                    parts.append(f"{len(held)} of these accounts ({_listed(held)})")
                if rated:
                    parts.append(f"{len(rated)} of these ratings ({_listed(rated)})")
                raise BackupError(
                    f"the store already holds {'; '.join(parts)}: nothing was imported "
                    "(--replace replaces them)"
                )
            known = _write_accounts(conn, accounts)
            _check_people(conn, games, ratings, known)
            for gid in there:
                _delete(conn, gid)
            n_actions = 0
            for d in games:
                _insert(conn, d)
                n_actions += len(d["actions"])
            _write_ratings(conn, ratings)
    except SQLAlchemyError as e:
        raise StoreError(f"cannot import into {store.describe()}: {e}") from e
    damaged = [d["id"] for d in games if _stored_row(d).problem]
    return Imported(len(games), n_actions, there, damaged, len(accounts), len(ratings))


def _accounts_there(conn: Connection, accounts: list[dict[str, Any]]) -> list[str]:
    """The names of the file's accounts the store holds (the same id and name); a refusal
    when the store gives a name another id, or an id another name."""
    if not accounts:
        return []
    u = users_table.c
    rows = conn.execute(
        select(u.id, u.key, u.name).where(
            u.id.in_([a["id"] for a in accounts]) | u.key.in_([a["key"] for a in accounts])
        )
    ).all()
    by_id = {int(r.id): r for r in rows}
    by_key = {str(r.key): r for r in rows}
    out = []
    for a in accounts:
        same_id, same_key = by_id.get(a["id"]), by_key.get(a["key"])
        if same_id is None and same_key is None:
            continue
        if same_id is None or same_key is None or same_id.id != same_key.id:
            raise BackupError(
                f"line {a['line']}: account {a['name']!r}: the store holds another account "
                "with this name or this id (nothing was imported)"
            )
        out.append(str(a["name"]))
    return out


def _ratings_there(conn: Connection, ratings: list[dict[str, Any]]) -> list[str]:
    r = ratings_table.c
    out = []
    for d in ratings:
        q = select(r.subject).where(r.subject == d["subject"], r.game == d["game"])
        if conn.execute(q).first() is not None:
            out.append(f"{d['subject']} in {d['game']}")
    return out


def _write_accounts(conn: Connection, accounts: list[dict[str, Any]]) -> set[int]:
    """Add or replace the accounts (a replaced one's sessions end); every account id the
    store then holds."""
    u = users_table.c
    for a in accounts:
        values = {
            "name": a["name"],
            "key": a["key"],
            "password": a["password"],
            "email": a["email"],
            "disabled": 1 if a["disabled"] else 0,
            "notify": _json_in(a["notify"], nullable=True),
            "created": a["created"],
        }
        if conn.execute(select(u.id).where(u.id == a["id"])).first() is not None:
            conn.execute(delete(sessions_table).where(sessions_table.c.user_id == a["id"]))
            conn.execute(users_table.update().where(u.id == a["id"]).values(**values))
        else:
            conn.execute(users_table.insert().values(id=a["id"], **values))
    if accounts and conn.dialect.name == "postgresql":  # the next sign-up's id comes after
        conn.execute(
            text(
                "SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT MAX(id) FROM users))"
            )
        )
    return {int(x) for x in conn.execute(select(u.id)).scalars()}


def _seat_accounts(doc: dict[str, Any]) -> dict[int, list[str]]:
    """The accounts a game's seats name, each with its seats."""
    seats = doc.get("seats")
    out: dict[int, list[str]] = {}
    if isinstance(seats, dict):
        for seat, spec in seats.items():
            user = spec.get("user") if isinstance(spec, dict) else None
            if type(user) is int:
                out.setdefault(user, []).append(str(seat))
    return out


def _check_people(
    conn: Connection,
    games: list[dict[str, Any]],
    ratings: list[dict[str, Any]],
    known: set[int],
) -> None:
    """Refuse a seat or a rating naming an account the store will not hold (someone signing
    up later would be given it)."""
    for d in games:
        for user in _seat_accounts(d):
            if user not in known:
                raise BackupError(
                    f"game {d['id']}: a seat names account {user}, which neither the file nor "
                    "the store holds (nothing was imported)"
                )
    for d in ratings:
        subject = str(d["subject"])
        if subject.startswith("user:") and int(subject[5:]) not in known:
            raise BackupError(
                f"line {d['line']}: a rating of account {subject[5:]}, which neither the file "
                "nor the store holds (nothing was imported)"
            )


def _write_ratings(conn: Connection, ratings: list[dict[str, Any]]) -> None:
    r, h = ratings_table.c, rating_history_table.c
    for d in ratings:
        subject, name = d["subject"], d["game"]
        conn.execute(delete(rating_history_table).where(h.subject == subject, h.game == name))
        conn.execute(delete(ratings_table).where(r.subject == subject, r.game == name))
        conn.execute(
            ratings_table.insert().values(
                subject=subject,
                game=name,
                mu=d["mu"],
                sigma=d["sigma"],
                games=d["games"],
                updated=d["updated"],
            )
        )
        if d["history"]:
            conn.execute(
                rating_history_table.insert(),
                [{"subject": subject, "game": name, **x} for x in d["history"]],
            )


def _delete(conn: Connection, gid: str) -> None:
    table: Table
    for table in (
        actions_table,
        requests_table,
        chat_table,
        notify_table,
        bot_claims_table,
        players_table,
    ):
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
    people = _seat_accounts(d)
    if people:  # the index of who plays which game, made from the seats
        conn.execute(
            players_table.insert(),
            [{"game_id": gid, "user_id": u, "seats": ",".join(s)} for u, s in people.items()],
        )
