"""Live games: sessions rebuilt from the store, seats and tokens, acting, undo, bots, replays.

A game in memory is a :class:`LiveGame`: its stored row and a ``Session`` rebuilt by replaying
the stored record (or the reason why the record cannot be replayed). There is never more than
one live copy of a game: callers take a game with :meth:`GameService.acquire` and give it back
with :meth:`GameService.release`; the cache forgets only games nobody holds (a request, a
websocket, a bot), so it may grow past its size while many games are in use.

Every change goes through :class:`GameService` under the game's lock: check the seat's token,
the request id (a request already answered gets the same answer again, never a second
application) and the position the client saw (``serial``), apply the action to the session
(atomic), append it to the store (committed), and only then answer. If the store refuses the
write, the game is rebuilt from the store before its next use, so memory never runs ahead of
what is durable.

Several server processes on one PostgreSQL store (``docs/server.md``, "Many processes"): each
process has its own copy of a game, so before judging a request the copy is compared with the
store (its ``seq``) and caught up; every write names the ``seq`` the copy has, and one that
finds the game moved (:class:`Moved`) rebuilds the copy and judges the request again.

Secrecy: everything sent to a seat is built from that seat's view (``Session.view``). Texts
that may come from anywhere else (why a stored game cannot be replayed, why a bot failed, an
engine defect) are given to clients in general words only; the details go to the server log.

Tokens: a human seat gets a random secret once, at creation; the store keeps only its SHA-256.
Seeds: the server draws the seed of every game; a seed chosen by the creator is kept only when
no other person plays, or once every other person has agreed to it (until then the game waits);
the seed of a game is shown once it is over, or from the start when it was chosen.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool

from greatwar.bots import bots as bot_registry
from greatwar.core.analysis import analyse
from greatwar.core.errors import GameError, IllegalActionError, MalformedActionError
from greatwar.core.games import (
    DEFAULT_GAME,
    Game,
    HasAnalysis,
    HasLanguages,
    HasWeb,
    UnknownGameError,
    game,
    games,
    scenario_id,
    seat_names,
    speaks,
)
from greatwar.core.i18n import DEFAULT_LANG
from greatwar.core.session import GameRecord, Session
from greatwar.server import clockrules
from greatwar.server.events import ACTOR, EndHook, Listener, Write
from greatwar.server.logs import REQUEST_ID
from greatwar.server.store import (
    ConflictError,
    GameRow,
    GameStore,
    StoredRequest,
    StoreError,
)
from greatwar.server.views import dress
from greatwar.texts import bot_name

log = logging.getLogger("greatwar.server")

HUMAN = "human"
EVERY_SEAT = ("all", "both")  # the replay of a finished game seen by every seat at once
OPTIONS_LIMIT = 4096  # characters of the stored options (as JSON)
ID_LIMIT = 40  # characters of a game's id (the store's column)


class ServiceError(Exception):
    """A refusal with an HTTP status and a short kind word for clients."""

    status = 400
    kind = "malformed"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(ServiceError):
    status, kind = 404, "not_found"


class Unauthorized(ServiceError):
    status, kind = 401, "unauthorized"


class NotYourTurn(ServiceError):
    status, kind = 403, "not_your_turn"


class Forbidden(ServiceError):
    status, kind = 403, "forbidden"


class Stale(ServiceError):
    status, kind = 409, "stale"


class Corrupt(ServiceError):
    status, kind = 409, "corrupt_record"


class RequestConflict(ServiceError):
    status, kind = 409, "request_conflict"


class SeedPending(ServiceError):
    status, kind = 409, "seed_pending"


class ClockPaused(ServiceError):
    status, kind = 409, "clock_paused"


class TooLarge(ServiceError):
    status, kind = 413, "too_large"


class RateLimited(ServiceError):
    status, kind = 429, "rate_limited"

    def __init__(self, message: str, retry_after: float = 1.0) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Unavailable(ServiceError):
    status, kind = 503, "store_unavailable"


class EngineFailure(ServiceError):
    status, kind = 500, "engine_failure"


class Moved(Unavailable):
    """A write found the game changed in the store since this copy was read (another process
    wrote it first, or the store refused it): the copy is rebuilt and the request judged
    again; a 503 only when that keeps failing."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def descriptor(game_id: str) -> Game[Any]:
    """A game by id, or a refusal naming the games this server knows (not what was asked)."""
    try:
        return game(game_id)
    except UnknownGameError:
        raise ServiceError(f"unknown game; this server plays {', '.join(games())}") from None


def check_request_id(request_id: str | None) -> str | None:
    """A client's request id as given, or a refusal when it is not one."""
    if request_id is None:
        return None
    if not isinstance(request_id, str) or not REQUEST_ID.fullmatch(request_id):
        raise ServiceError(
            "a request id is 1 to 64 letters, digits or the signs . _ : - (e.g. a UUID)"
        )
    return request_id


def _asked(kind: str, *parts: object) -> str:
    """A digest of what a request asked, to tell a retry from another request."""
    return hashlib.sha256("\n".join([kind, *map(str, parts)]).encode()).hexdigest()[:32]


@dataclass(eq=False)
class LiveGame:
    row: GameRow
    session: Session[Any] | None
    problem: str | None = None
    lock: threading.RLock = field(default_factory=threading.RLock)
    bot_error: str | None = None
    entry_seats: list[str | None] = field(default_factory=list)  # who made each record entry
    requests: dict[str, StoredRequest] = field(default_factory=dict)
    users: int = 0  # holders (requests, sockets, bots): never forgotten while held
    reload: bool = False  # the store refused a write: rebuild from the store before next use

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def game(self) -> Game[Any] | None:
        """The game's descriptor (None for a game this server does not know)."""
        try:
            return game(self.row.game)
        except UnknownGameError:
            return None

    @property
    def seats(self) -> tuple[str, ...]:
        g = self.game
        if g is not None:
            return g.seats
        return tuple(self.row.seats) if isinstance(self.row.seats, dict) else ()

    def seat_kind(self, seat: str) -> str:
        spec = self.row.seats.get(seat) if isinstance(self.row.seats, dict) else None
        if isinstance(spec, dict) and spec.get("kind") == "bot":
            return str(spec.get("bot"))
        return HUMAN

    def seats_public(self) -> dict[str, dict[str, Any]]:
        return seats_public(self.row, self.seats)

    @property
    def seeded(self) -> bool:
        """Whether a player chose the seed."""
        return bool(self.row.extra.get("seeded"))

    @property
    def clock(self) -> dict[str, Any] | None:
        """The game's clock state (:mod:`greatwar.server.clockrules`), or None."""
        c = self.row.extra.get("clock")
        return c if isinstance(c, dict) and isinstance(c.get("left"), dict) else None

    @property
    def seed_pending(self) -> list[str]:
        """The seats that have not yet agreed to a chosen seed."""
        pending = self.row.extra.get("seed_pending")
        return [x for x in pending if isinstance(x, str)] if isinstance(pending, list) else []

    def ok(self) -> Session[Any]:
        if self.session is None:
            raise Corrupt(self.problem or f"game {self.id} cannot be loaded")
        return self.session


def seats_public(row: GameRow, seats: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Who plays each seat (human, or which bot), never a token."""
    out: dict[str, dict[str, Any]] = {}
    for seat in seats:
        spec = row.seats.get(seat) if isinstance(row.seats, dict) else None
        if isinstance(spec, dict) and spec.get("kind") == "bot":
            out[seat] = {"kind": "bot", "bot": spec.get("bot")}
        else:
            out[seat] = {"kind": HUMAN}
    return out


def _scalars(d: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if not isinstance(d, Mapping):
        return None
    return {k: v for k, v in d.items() if v is None or isinstance(v, str | int | float | bool)}


def summary(session: Session[Any]) -> dict[str, Any]:
    """What the game list shows without replaying the game."""
    g, s = session.rules, session.state
    out: dict[str, Any] = {}
    if isinstance(g, HasWeb):
        out.update(g.web().summary(s))
    out.update(
        serial=session.serial,
        to_act=session.to_act,
        over=session.over,
        result=_scalars(session.outcome),
    )
    return out


def bot_names(game_id: str = DEFAULT_GAME) -> list[str]:
    return sorted(bot_registry(game_id))


def may_hold_together(g: Game[Any], seats: Sequence[str]) -> bool:
    """Whether one person may hold these seats together: alone, as one of the groups the game
    deals for some number of people (:meth:`greatwar.core.games.Game.seat_groups`), or as part
    of a group dealt to two or more people, its other seats being played by the computer."""
    if len(seats) == 1:
        return True
    want = set(seats)
    for people in range(1, len(g.seats) + 1):
        try:
            groups = g.seat_groups(people)
        except MalformedActionError:
            continue
        if any(want == set(group) or (people > 1 and want <= set(group)) for group in groups):
            return True
    return False


def meta(game_id: str = DEFAULT_GAME, lang: str = DEFAULT_LANG) -> dict[str, Any]:
    """What a client needs to offer a new game: seats, teams, scenarios, options, bots (their
    names for people in ``lang`` when the game speaks it)."""
    g = descriptor(game_id)
    groups: dict[str, list[list[str]]] = {}
    for people in range(1, len(g.seats) + 1):
        try:
            groups[str(people)] = [list(x) for x in g.seat_groups(people)]
        except MalformedActionError:
            continue
    named: dict[str, Any] = {}
    if speaks(g, lang) and isinstance(g, HasLanguages):
        named = g.names(lang)
    else:
        lang = DEFAULT_LANG
    seat_name = named.get("seats", {})
    team_name = named.get("teams", {})
    scenario_name = named.get("scenarios", {})
    option_help = named.get("options", {})
    return {
        "game": g.id,
        "lang": lang,
        "title": named.get("title", g.title),
        "engine_version": g.version,
        "games": games(),  # the ids only: listing them loads no other game
        "seats": list(g.seats),
        "seat_info": [
            {"id": x.id, "name": seat_name.get(x.id, x.name), "team": x.team} for x in g.seat_info()
        ],
        "teams": [
            {"id": x.id, "name": team_name.get(x.id, x.name), "seats": list(x.seats)}
            for x in g.teams()
        ],
        "seat_groups": groups,
        "scenarios": [
            {
                "id": x.id,
                "name": scenario_name.get(x.id, x.name),
                # a scenario's description is English only: the name says it in other languages
                "description": x.description if lang == DEFAULT_LANG else "",
            }
            for x in g.scenarios()
        ],
        "default_scenario": g.default_scenario,
        "options": {
            x.name: {
                "default": x.default,
                "choices": list(x.choices) if x.choices is not None else None,
                "help": option_help.get(x.name, x.description),
            }
            for x in g.options(g.default_scenario)
        },
        # what each scenario sets whatever the players choose: shown ticked and fixed
        "fixed_options": {
            x.id: {o.name: o.default for o in g.options(x.id) if o.fixed} for x in g.scenarios()
        },
        "bots": bot_names(g.id),
        "bot_names": {b: bot_name(b, lang) for b in bot_names(g.id)},
    }


@dataclass(frozen=True)
class Person:
    """The seats one person holds in a new game, and their secret token."""

    seats: tuple[str, ...]
    token: str
    creator: bool = False


@dataclass(frozen=True)
class Bound:
    """A person of a game made from the lobby: their seats, their token's digest (a token
    dealt when they took their place) and their account, if any."""

    seats: tuple[str, ...]
    token: str
    user: int | None = None


@dataclass(frozen=True)
class BotJob:
    """One decision a bot is to take: who, with which bot and seed, from which view."""

    game_id: str
    game: str
    seat: str
    bot: str
    seed: int
    version: int  # the record length it was asked at (the answer is dropped if it moved)
    view: dict[str, Any]
    seq: int = 0  # the game's seq it was asked at (the position a bot claim names)


class GameService:
    """All games of one store, as the web app sees them."""

    def __init__(
        self, store: GameStore, cache_size: int = 64, now: Callable[[], float] = time.time
    ) -> None:
        self.store = store
        self.now = now  # the clocks' time (tests give their own)
        self.listeners: list[Listener] = []  # told of every committed change (events.py)
        self.enders: list[EndHook] = []  # asked for more to write with a game's end
        self.deadlines: dict[str, float] = {}  # game id -> when its running clock runs out
        self._live: OrderedDict[str, LiveGame] = OrderedDict()
        self._loading: dict[str, threading.Event] = {}
        self._lock = threading.Lock()
        self._cache_size = cache_size
        self._replays: OrderedDict[str, ReplayBook] = OrderedDict()
        # finished games' analyses (costly: a whole replay), by game id with what they read
        self._analyses: OrderedDict[str, tuple[tuple[Any, ...], dict[str, Any]]] = OrderedDict()
        # other processes may write the same games (PostgreSQL): before judging a request,
        # compare the copy's seq with the store's (SQLite: one process, its copies are the truth)
        self.shared = not store.is_sqlite

    RETRIES = 4  # judgements of one request whose writes found the game moved

    def _again(self, judge: Callable[[], Any]) -> Any:
        """``judge()``, judged again on the fresh copy while its write finds the game moved."""
        for attempt in range(self.RETRIES):
            try:
                return judge()
            except Moved:
                if attempt == self.RETRIES - 1:
                    raise
        raise AssertionError("unreachable")

    # -- loading -----------------------------------------------------------------------

    def acquire(self, game_id: str) -> LiveGame:
        """The one live copy of a game, held until :meth:`release` (loaded from the store if
        it is not in memory; two callers never load two copies)."""
        while True:
            with self._lock:
                live = self._live.get(game_id)
                if live is not None:
                    live.users += 1
                    self._live.move_to_end(game_id)
                    return live
                loading = self._loading.get(game_id)
                if loading is None:
                    loading = self._loading[game_id] = threading.Event()
                    break
            loading.wait()
        try:
            live = self._read(game_id)
            with self._lock:
                live.users += 1
                self._live[game_id] = live
                self._evict()
            return live
        finally:
            with self._lock:
                del self._loading[game_id]
            loading.set()

    def try_acquire(self, game_id: str) -> LiveGame | None:
        """The game held as by :meth:`acquire` if it is in memory now, else None (never
        waits: for the event loop)."""
        with self._lock:
            live = self._live.get(game_id)
            if live is None:
                return None
            live.users += 1
            self._live.move_to_end(game_id)
            return live

    def release(self, live: LiveGame) -> None:
        with self._lock:
            live.users -= 1
            self._evict()

    @asynccontextmanager
    async def using(self, game_id: str) -> AsyncIterator[LiveGame]:
        """The game, held in memory while a request uses it (for the event loop: it loads a
        game that is not in memory in a worker thread). An id that is not a stored game's is
        404 "no such game", never echoed."""
        if not isinstance(game_id, str) or len(game_id) > ID_LIMIT:
            raise NotFound("no such game")
        live = self.try_acquire(game_id)  # in memory: no thread needed
        if live is None:
            live = await run_in_threadpool(self.acquire, game_id)
        try:
            yield live
        finally:
            self.release(live)

    def load(self, game_id: str) -> LiveGame:
        """The live copy of a game, not held (for reading it once)."""
        live = self.acquire(game_id)
        self.release(live)
        return live

    def live_count(self) -> int:
        with self._lock:
            return len(self._live)

    def _evict(self) -> None:
        """Forget the least recently used games nobody holds, down to the cache size."""
        if len(self._live) <= self._cache_size:
            return
        for gid in [k for k, v in self._live.items() if v.users <= 0]:
            if len(self._live) <= self._cache_size:
                break
            del self._live[gid]

    def _read(self, game_id: str) -> LiveGame:
        try:
            row = self.store.get(game_id)
        except StoreError as e:
            raise Unavailable(str(e)) from None
        if row is None:
            raise NotFound("no such game")
        return self._rebuild(row)

    def _refresh(self, live: LiveGame) -> None:
        """Rebuild a game whose last write failed from what the store holds (under its lock)."""
        if live.reload:
            fresh = self._read(live.id)
            live.row, live.session, live.problem = fresh.row, fresh.session, fresh.problem
            live.entry_seats, live.requests = fresh.entry_seats, fresh.requests
            live.reload = False
            with self._lock:
                self._replays.pop(live.id, None)
                self._analyses.pop(live.id, None)

    def _sync(self, live: LiveGame, request_id: str | None = None) -> bool:
        """Bring the copy up to the store (under the game's lock): rebuilt after a failed
        write; with other processes, caught up when the store's seq moved, and given the stored
        answer to ``request_id`` if another process answered it. True when it changed."""
        if live.reload:
            self._refresh(live)
            return True
        if not self.shared:
            return False
        ask = request_id if request_id is not None and request_id not in live.requests else None
        try:
            seq, answered = self.store.freshness(live.id, ask)
        except StoreError as e:
            raise Unavailable(str(e)) from None
        if answered is not None:
            live.requests[answered.request_id] = answered
        if seq is None or seq == live.row.seq:
            return False
        self._catch_up(live)
        return True

    def catch_up(self, live: LiveGame) -> bool:
        """Bring the copy up to the store now (told that another process wrote the game)."""
        with live.lock:
            return self._sync(live)

    def _catch_up(self, live: LiveGame) -> None:
        """Play the entries other processes stored onto the copy (the record only grows: an
        undo is an entry); rebuild it when its set-up changed or an entry does not fit."""
        try:
            row = self.store.get(live.id)
            session = live.session
            if row is None or row.problem or session is None or row.seq < live.row.seq:
                raise LookupError
            if (row.seed, row.scenario) != (live.row.seed, live.row.scenario):
                raise LookupError  # a refused seed: a new set-up
            start = len(session.record.actions)
            entries = self.store.actions(live.id, start)
        except StoreError as e:
            raise Unavailable(str(e)) from None
        except LookupError:
            live.reload = True
            self._refresh(live)
            return
        for i, (n, text, seat) in enumerate(entries):
            try:
                if n != start + i:
                    raise LookupError(f"entry {start + i} is missing")
                session.play_entry(text, seat)
            except Exception:  # the rebuild reports it, as for a game loaded afresh
                live.reload = True
                self._refresh(live)
                return
            live.entry_seats.append(seat)
        if entries:
            live.bot_error = None  # the game moved on (another process's bot did not fail)
        live.row = row
        self._note_deadline(live)

    def _rebuild(self, row: GameRow) -> LiveGame:
        """Replay a stored record; a record that cannot be replayed is reported, not raised
        (see :func:`replay_row`)."""
        if row.problem:
            return LiveGame(row, None, replay_row(row, [])[1])
        try:
            entries = self.store.actions(row.id)
            requests = {r.request_id: r for r in self.store.requests(row.id)}
        except StoreError as e:
            raise Unavailable(str(e)) from None
        session, problem, seats = replay_row(row, entries)
        if session is None:
            return LiveGame(row, None, problem)
        live = LiveGame(row, session, entry_seats=seats, requests=requests)
        self._note_deadline(live)
        return live

    # -- creating ----------------------------------------------------------------------

    def setup(
        self,
        game_id: str,
        scenario: str | None,
        options: dict[str, Any] | None,
        seats: Mapping[str, str] | None,
        clock: Any = None,
    ) -> tuple[Game[Any], str, dict[str, Any], dict[str, str], clockrules.ClockRule | None]:
        """A new game's set-up checked as :meth:`create` checks it, nothing stored: the game,
        scenario, normalised options, each seat's player (``human`` or a bot) and the clock
        rule (the lobby checks an offer so)."""
        g = descriptor(game_id)
        try:
            rule = clockrules.parse_rule(clock)
        except clockrules.ClockError as e:
            raise ServiceError(str(e)) from None
        if rule is not None and len(g.teams()) != 2:
            raise ServiceError(f"{g.title} is not a game of two teams: it has no clocks")
        if options is not None and not isinstance(options, dict):
            raise ServiceError("options must be an object")
        try:
            sc = scenario_id(g, scenario) if scenario else g.default_scenario
        except GameError:
            names = ", ".join(x.id for x in g.scenarios())
            raise ServiceError(f"unknown scenario of {g.title}; expected one of: {names}") from None
        try:
            _check_options(g, sc, options)
            opts = g.normalise_options(sc, options)
            stored = json.dumps(opts, allow_nan=False)
        except GameError as e:
            raise ServiceError(str(e)) from None
        except (TypeError, ValueError) as e:
            raise ServiceError(f"the options cannot be stored: {e}") from None
        if len(stored) > OPTIONS_LIMIT:
            raise TooLarge(f"the options take more than {OPTIONS_LIMIT} characters")
        seats = dict(seats or {})
        extra_seats = set(seats) - set(g.seats)
        if extra_seats:
            raise ServiceError(f"unknown seats; the seats of {g.title} are {', '.join(g.seats)}")
        known = bot_registry(g.id)
        kinds: dict[str, str] = {}
        for seat in g.seats:
            kind = seats.get(seat, HUMAN)
            if kind != HUMAN and kind not in known:
                raise ServiceError(
                    f"seat {seat}: neither 'human' nor a bot ({', '.join(sorted(known))})"
                )
            kinds[seat] = kind
        return g, sc, opts, kinds, rule

    def create(
        self,
        scenario: str | None,
        options: dict[str, Any] | None,
        seats: Mapping[str, str] | None = None,
        seed: int | None = None,
        game_id: str = DEFAULT_GAME,
        players: Sequence[Sequence[str]] | None = None,
        creator: str | None = None,
        allow_bot_games: bool = True,
        clock: Any = None,
        bound: Sequence[Bound] | None = None,
        facts: Mapping[str, Any] | None = None,
        then: Callable[[str], Sequence[Write]] | None = None,
    ) -> tuple[LiveGame, list[Person]]:
        """A new game; returns it and each person with their seats and secret token (the
        seats one person holds, listed together in ``players``, share one token). The person
        holding ``creator`` (default: the first human seat) is the creator. ``clock``: a
        clock preset or rule (:func:`greatwar.server.clockrules.parse_rule`), or None.
        ``bound``: the people, each with their seats, the digest of their token and their
        account (the lobby: no token is dealt then); else a person's seats name the account
        the request acts for when it is the creator's. ``facts``: more set-up facts (public,
        rated); ``then(id)``: more writes committed with the new game."""
        g, sc, opts, kinds, rule = self.setup(game_id, scenario, options, seats, clock)
        if HUMAN not in kinds.values() and not allow_bot_games:
            raise Forbidden(
                "games between bots alone are not enabled on this server "
                "(greatwar serve --allow-bot-games)"
            )
        specs: dict[str, Any] = {
            seat: {"kind": "bot", "bot": kind} for seat, kind in kinds.items() if kind != HUMAN
        }
        if bound is not None:
            people = self._bind(g, kinds, bound)
            for b in bound:
                for seat in b.seats:
                    specs[seat] = {"kind": HUMAN, "token": b.token}
                    if b.user is not None:
                        specs[seat]["user"] = b.user
        else:
            people = self._deal_tokens(g, kinds, players, creator)
            actor = ACTOR.get()
            for person in people:
                for seat in person.seats:
                    specs[seat] = {"kind": HUMAN, "token": digest(person.token)}
                    if person.creator and actor is not None:
                        specs[seat]["user"] = actor
        specs = {seat: specs[seat] for seat in g.seats}
        others = [p for p in people if not p.creator]
        if seed is None:
            seed = secrets.randbelow(2**62)  # too many to try them all against a hand
            extra: dict[str, Any] = {"seeded": False, "seed_pending": []}
        else:
            # a chosen seed makes every draw and die known to whoever chose it: every other
            # person must agree to it before the game starts
            extra = {"seeded": True, "seed_pending": [s for p in others for s in p.seats]}
        extra.update(facts or {})
        try:
            session = Session.new(g, sc, opts, seed)
        except GameError as e:
            raise ServiceError(str(e)) from None
        if rule is not None:
            if not people:
                raise ServiceError("a clock is for games between people: no seat is a person's")
            state = clockrules.new_state(rule, [p.seats for p in people])
            if not extra["seed_pending"]:  # the game starts now
                state = clockrules.advance(state, None, session.to_act, session.over, self.now())
            extra["clock"] = state
        new_id = secrets.token_hex(5)
        try:
            self.store.create_game(
                new_id,
                g.id,
                g.version,
                sc,
                opts,
                seed,
                specs,
                summary(session),
                extra,
                then(new_id) if then is not None else (),
            )
            row = self.store.get(new_id)
        except StoreError as e:
            raise Unavailable(str(e)) from None
        assert row is not None
        live = LiveGame(row, session)
        self._note_deadline(live)
        with self._lock:
            self._live[new_id] = live
            self._evict()
        return live, people

    @staticmethod
    def _deal_tokens(
        g: Game[Any],
        kinds: Mapping[str, str],
        players: Sequence[Sequence[str]] | None,
        creator: str | None,
    ) -> list[Person]:
        """A secret per person: one for each group in ``players``, one for each human seat
        left over; the person holding ``creator`` first, marked as the creator."""
        groups: list[tuple[str, ...]] = []
        taken: set[str] = set()
        for group in players or ():
            if isinstance(group, str) or not group:
                raise ServiceError('players must be lists of seats, e.g. [["ahoe", "de"]]')
            for seat in group:
                if seat not in kinds:
                    raise ServiceError(
                        f"players: an unknown seat; the seats are {', '.join(g.seats)}"
                    )
                if kinds[seat] != HUMAN:
                    raise ServiceError(f"seat {seat} is played by a bot, not by a person")
                if seat in taken:
                    raise ServiceError(f"seat {seat} is given to more than one person")
                taken.add(seat)
            if not may_hold_together(g, group):
                raise ServiceError(
                    f"one person may not hold {', '.join(group)} together in {g.title}"
                )
            groups.append(tuple(group))
        groups += [(seat,) for seat, kind in kinds.items() if kind == HUMAN and seat not in taken]
        if creator is not None:
            mine = [grp for grp in groups if creator in grp]
            if not mine:
                raise ServiceError(
                    "creator: not a human seat of this game "
                    f"({', '.join(s for grp in groups for s in grp) or 'there is none'})"
                )
            groups.remove(mine[0])
            groups.insert(0, mine[0])
        return [
            Person(grp, secrets.token_urlsafe(24), creator=i == 0) for i, grp in enumerate(groups)
        ]

    @staticmethod
    def _bind(g: Game[Any], kinds: Mapping[str, str], bound: Sequence[Bound]) -> list[Person]:
        """The people of a game whose seats were handed out before it was made (the lobby):
        every human seat held by one of them, each holding seats one person may hold."""
        held: list[str] = [s for b in bound for s in b.seats]
        humans = [s for s, k in kinds.items() if k == HUMAN]
        if sorted(held) != sorted(humans) or len(set(held)) != len(held):
            raise ServiceError("every human seat must be held by exactly one person")
        for b in bound:
            if not may_hold_together(g, b.seats):
                raise ServiceError(f"one person may not hold {', '.join(b.seats)} together")
        return [Person(tuple(b.seats), "", creator=i == 0) for i, b in enumerate(bound)]

    # -- seats ---------------------------------------------------------------------------

    def seats_of(self, live: LiveGame, token: str | None) -> tuple[str, ...]:
        """The seats a token holds (one or more; raises Unauthorized). Without a token, the
        seats of the account the request acts for (:data:`.events.ACTOR`), if it holds any."""
        if not token:
            user = ACTOR.get()
            if user is not None:
                mine = self.seats_of_user(live, user)
                if mine:
                    return mine
                raise Unauthorized("your account holds no seat of this game")
            raise Unauthorized("this needs your seat's secret token (the link you were given)")
        d = digest(token)
        held = []
        for seat in live.seats:
            spec = live.row.seats.get(seat) if isinstance(live.row.seats, dict) else None
            if (
                isinstance(spec, dict)
                and spec.get("kind") == HUMAN
                and isinstance(spec.get("token"), str)
                and hmac.compare_digest(spec["token"], d)
            ):
                held.append(seat)
        if not held:
            raise Unauthorized("this token is not a seat of this game")
        return tuple(held)

    @staticmethod
    def seats_of_user(live: LiveGame, user: int) -> tuple[str, ...]:
        """The seats of a game that name an account (a seat taken by an account)."""
        seats = live.row.seats if isinstance(live.row.seats, dict) else {}
        return tuple(
            s
            for s in live.seats
            if isinstance(seats.get(s), dict)
            and seats[s].get("kind") == HUMAN
            and seats[s].get("user") == user
        )

    @staticmethod
    def seat_for(live: LiveGame, held: Sequence[str], want: str | None = None) -> str:
        """Which of the held seats to show: the one asked for, else the one to act, else the
        first."""
        if want:
            if want not in held:
                raise Forbidden(f"your token does not hold that seat (it holds {', '.join(held)})")
            return want
        session = live.session
        if session is not None:
            actor = session.rules.to_act(session.state)
            if actor is not None and actor in held:
                return actor
        return held[0]

    # -- the seed ------------------------------------------------------------------------

    def _seed_facts(self, live: LiveGame) -> dict[str, Any]:
        """What every seat is told about the seed: whether a player chose it, the seats yet to
        agree, and the seed itself once the game is over (or from the start when chosen)."""
        over = live.session is not None and live.session.over
        return {
            "seeded": live.seeded,
            "seed_pending": live.seed_pending,
            "seed": live.row.seed if over or live.seeded else None,
        }

    def answer_seed(self, live: LiveGame, held: Sequence[str], agree: bool) -> dict[str, Any]:
        """A person's answer to the seed the creator chose: agreeing lets the game start once
        every other person has agreed; refusing replaces it with a seed the server draws."""
        return dict(self._again(lambda: self._answer_seed(live, held, agree)))

    def _answer_seed(self, live: LiveGame, held: Sequence[str], agree: bool) -> dict[str, Any]:
        with live.lock:
            self._sync(live)
            session = live.ok()
            pending = live.seed_pending
            mine = [s for s in held if s in pending]
            if not mine:
                raise IllegalActionError("no seed is waiting for your answer in this game")
            if agree:
                extra = {**live.row.extra, "seed_pending": [s for s in pending if s not in mine]}
                seed = live.row.seed
                fresh = session
            else:
                extra = {**live.row.extra, "seeded": False, "seed_pending": []}
                seed = secrets.randbelow(2**62)
                fresh = Session.new(session.rules, live.row.scenario, live.row.options, seed)
            started = not extra["seed_pending"]
            if started and live.clock is not None:  # the game starts: so does the clock
                extra["clock"] = clockrules.advance(
                    live.clock, None, fresh.to_act, fresh.over, self.now()
                )
            try:
                self.store.update_setup(live.id, seed, extra, summary(fresh), live.row.seq)
            except StoreError as e:
                live.reload = True
                if isinstance(e, ConflictError):
                    raise Moved(f"the answer was not saved: {e}") from None
                raise Unavailable(f"the answer was not saved: {e}") from None
            live.row.seq += 1
            live.row.extra = extra
            live.row.seed = seed
            live.session = fresh
            with self._lock:
                self._replays.pop(live.id, None)
                self._analyses.pop(live.id, None)
            self._note_deadline(live)
            if started:
                self._tell(live, "start", None)
            return self._seed_facts(live)

    # -- reading -------------------------------------------------------------------------

    def describe(self, live: LiveGame) -> dict[str, Any]:
        """Public facts about a game (never a token, never a hidden card), as stored (a copy
        whose last write failed is rebuilt first)."""
        with live.lock:
            self._sync(live)
        g = live.game
        out: dict[str, Any] = {
            "id": live.id,
            "game": live.row.game,
            "title": g.title if g is not None else live.row.game,
            "engine_version": live.row.version,
            "scenario": live.row.scenario,
            "options": live.row.options,
            "created": live.row.created,
            "seats": live.seats_public(),
            "problem": live.problem,
            "bot_error": live.bot_error,
            "public": bool(live.row.extra.get("public")),
            "rated": bool(live.row.extra.get("rated")),
            **self._seed_facts(live),
        }
        if live.session is not None:
            out.update(summary(live.session))
            out["actions"] = len(live.session.record.actions)
        clock = live.clock
        if clock is not None:
            out["clock"] = clockrules.public(clock, self.now())
        return out

    def view(
        self,
        live: LiveGame,
        held: Sequence[str],
        log_from: int = 0,
        log_hash: int | None = None,
        want: str | None = None,
        lang: str = DEFAULT_LANG,
        check: bool = True,
    ) -> dict[str, Any]:
        """The view of one of the held seats (see :meth:`seat_for`), dressed for the client
        (its texts in ``lang``). ``check``: compare the copy with the store first (False: the
        caller just did, e.g. the hub told of a change)."""
        with live.lock:
            if check:
                self._sync(live)
            else:
                self._refresh(live)
            self.flag_if_due(live, sync=False)
            session = live.ok()
            seat = self.seat_for(live, held, want)
            v = dress(session.rules, session.view(seat), session.state, log_from, log_hash, lang)
            v["game_id"] = live.id
            v["serial"] = session.serial
            v["version"] = len(session.record.actions)
            v["seats"] = live.seats_public()
            v["held"] = list(held)
            v["over"] = session.over
            v["bot_error"] = live.bot_error
            v["bots_to_move"] = self.bot_to_act(live) is not None
            v.update(self._seed_facts(live))
            clock = live.clock
            if clock is not None:
                v["clock"] = clockrules.public(clock, self.now())
            return v

    @staticmethod
    def check_public(live: LiveGame) -> None:
        """Refuse an observer a game that is not public (403)."""
        if not live.row.extra.get("public"):
            raise Forbidden("this game is not public: only its players see it")

    def watch(
        self,
        live: LiveGame,
        log_from: int = 0,
        log_hash: int | None = None,
        lang: str = DEFAULT_LANG,
        check: bool = True,
    ) -> dict[str, Any]:
        """An observer's view of a public game (its web face's public view: no hand, no
        secret pick, no legal action; ``seat`` None, ``observer`` true), dressed like a seat's
        view (see :meth:`view`)."""
        with live.lock:
            if check:
                self._sync(live)
            else:
                self._refresh(live)
            self.check_public(live)
            self.flag_if_due(live, sync=False)
            session = live.ok()
            g = session.rules
            if not isinstance(g, HasWeb):
                raise ServiceError(f"{g.title} has no observer's view")
            v = session.with_verdict(g.web().public(session.state))
            v["can_undo"] = False
            v = dress(g, v, session.state, log_from, log_hash, lang)
            v["observer"] = True
            v["game_id"] = live.id
            v["serial"] = session.serial
            v["version"] = len(session.record.actions)
            v["seats"] = live.seats_public()
            v["held"] = []
            v["over"] = session.over
            v["bot_error"] = live.bot_error
            v["bots_to_move"] = self.bot_to_act(live) is not None
            v.update(self._seed_facts(live))
            clock = live.clock
            if clock is not None:
                v["clock"] = clockrules.public(clock, self.now())
            return v

    def list_games(self) -> list[dict[str, Any]]:
        try:
            rows = self.store.list_games()
        except StoreError as e:
            raise Unavailable(str(e)) from None
        out = []
        for row, n in rows:
            with self._lock:
                live = self._live.get(row.id)
            try:
                g: Game[Any] | None = game(row.game)
            except UnknownGameError:
                g = None
            problem = row.problem or (live.problem if live else None)
            if g is None and problem is None:
                problem = f"unknown game {row.game!r}"
            seats = g.seats if g is not None else tuple(row.seats or ())
            out.append(
                {
                    "id": row.id,
                    "game": row.game,
                    "title": g.title if g is not None else row.game,
                    "engine_version": row.version,
                    "scenario": row.scenario,
                    "created": row.created,
                    "updated": row.updated,
                    "seats": seats_public(row, seats),
                    "seeded": bool(row.extra.get("seeded")),
                    "actions": n,
                    "problem": problem,
                    **row.summary,
                }
            )
        return out

    # -- acting --------------------------------------------------------------------------

    def _repeat(
        self, live: LiveGame, held: Sequence[str], request_id: str | None, asked: str
    ) -> dict[str, Any] | None:
        """The answer already given to this request id, if it was answered."""
        if request_id is None:
            return None
        prev = live.requests.get(request_id)
        if prev is None:
            return None
        if prev.seats != tuple(held):
            raise RequestConflict("this request id was already used by another player")
        if prev.digest != asked:
            raise RequestConflict("this request id was already used for another request")
        return {**prev.answer, "repeated": True}

    def act(
        self,
        live: LiveGame,
        held: Sequence[str],
        action: str,
        serial: int,
        request_id: str | None = None,
    ) -> dict[str, Any]:
        """Apply ``action`` for the held seat that is to act, against the position the client
        saw; answer ``{"action", "seat", "serial", "version"}`` (the same answer again, marked
        ``repeated``, for a request id already answered)."""
        asked = _asked("action", action, serial)
        return dict(self._again(lambda: self._act(live, held, action, serial, request_id, asked)))

    def _act(
        self,
        live: LiveGame,
        held: Sequence[str],
        action: str,
        serial: int,
        request_id: str | None,
        asked: str,
    ) -> dict[str, Any]:
        with live.lock:
            self._sync(live, request_id)
            self.flag_if_due(live, sync=False)
            session = live.ok()
            again = self._repeat(live, held, request_id, asked)
            if again is not None:
                return again
            seat = self._check_position(live, session, held, serial)
            start = len(session.record.actions)
            try:
                a = session.apply(action, seat)  # GameError on bad input: nothing changed
            except GameError:
                raise
            except Exception:  # an engine defect: the session kept its state
                log.exception("engine failure in game %s on %r", live.id, action)
                raise EngineFailure(
                    "the engine failed on this action, which was not applied (the server log "
                    "has the details)"
                ) from None
            answer = {
                "action": str(a),
                "seat": seat,
                "serial": session.serial,
                "version": len(session.record.actions),
            }
            self._write(live, session, start, seat, request_id, held, asked, answer)
            return answer

    def undo(
        self, live: LiveGame, held: Sequence[str], serial: int, request_id: str | None = None
    ) -> dict[str, Any]:
        """Take back the last decision, if one of the held seats made it (see Session)."""
        asked = _asked("undo", serial)
        return dict(self._again(lambda: self._undo(live, held, serial, request_id, asked)))

    def _undo(
        self,
        live: LiveGame,
        held: Sequence[str],
        serial: int,
        request_id: str | None,
        asked: str,
    ) -> dict[str, Any]:
        with live.lock:
            self._sync(live, request_id)
            self.flag_if_due(live, sync=False)
            session = live.ok()
            again = self._repeat(live, held, request_id, asked)
            if again is not None:
                return again
            if session.serial != serial:
                raise Stale(self._stale_text(serial, session.serial))
            self._check_clock(live)
            seat = next((x for x in held if session.can_undo(x)), None)
            if seat is None:
                raise IllegalActionError(
                    "nothing to undo: undo stops at a die roll, a card draw, a revealed card "
                    "or the other player's decision"
                )
            start = len(session.record.actions)
            session.undo(seat)
            answer = {
                "undo": True,
                "seat": seat,
                "serial": session.serial,
                "version": len(session.record.actions),
            }
            self._write(live, session, start, seat, request_id, held, asked, answer)
            return answer

    def resign(
        self, live: LiveGame, held: Sequence[str], serial: int, request_id: str | None = None
    ) -> dict[str, Any]:
        """Resign for the held seat to act, at the position the client saw: the core's record
        entry ``resign <seat>`` ends the game for that seat's team (a replay reaches the same
        end)."""
        asked = _asked("resign", serial)
        return dict(self._again(lambda: self._resign(live, held, serial, request_id, asked)))

    def _resign(
        self,
        live: LiveGame,
        held: Sequence[str],
        serial: int,
        request_id: str | None,
        asked: str,
    ) -> dict[str, Any]:
        with live.lock:
            self._sync(live, request_id)
            self.flag_if_due(live, sync=False)
            session = live.ok()
            again = self._repeat(live, held, request_id, asked)
            if again is not None:
                return again
            seat = self._check_position(live, session, held, serial)
            start = len(session.record.actions)
            result = session.resign(seat)  # GameError (a game of more teams): nothing changed
            answer = {
                "resigned": True,
                "seat": seat,
                "result": result,
                "serial": session.serial,
                "version": len(session.record.actions),
            }
            self._write(live, session, start, seat, request_id, held, asked, answer)
            return answer

    @staticmethod
    def _stale_text(saw: int, now: int) -> str:
        return (
            f"stale position: you acted on decision {saw} but the game is at decision {now}; "
            "the board has been refreshed"
        )

    def _check_position(
        self, live: LiveGame, session: Session[Any], held: Sequence[str], serial: int
    ) -> str:
        """The held seat to act now (or why no action can be taken)."""
        if live.seed_pending:
            raise SeedPending(
                f"the creator chose this game's seed ({live.row.seed}); it starts once "
                f"{', '.join(live.seed_pending)} agree (or one refuses and the server draws one)"
            )
        now = session.serial
        if serial != now:
            raise Stale(self._stale_text(serial, now))
        if session.over:
            raise IllegalActionError(session.over_text)
        self._check_clock(live)
        to_act = session.rules.to_act(session.state)
        if to_act is None or to_act not in held:
            name = seat_names(session.rules).get(to_act or "", to_act)
            raise NotYourTurn(f"it is the {name}' decision, not yours")
        return to_act

    @staticmethod
    def _check_clock(live: LiveGame) -> None:
        clock = live.clock
        if clock is not None and clock.get("paused"):
            raise ClockPaused(
                "the clocks are paused by agreement: resume them to play (either player may)"
            )

    def _write(
        self,
        live: LiveGame,
        session: Session[Any],
        start: int,
        seat: str | None,
        request_id: str | None = None,
        held: Sequence[str] = (),
        asked: str = "",
        answer: dict[str, Any] | None = None,
        clock: dict[str, Any] | None = None,
    ) -> None:
        entries = [(t, seat) for t in session.record.actions[start:]]
        request = (
            StoredRequest(request_id, tuple(held), asked, answer or {})
            if request_id is not None
            else None
        )
        if clock is None and live.clock is not None and not live.seed_pending:
            clock = clockrules.advance(live.clock, seat, session.to_act, session.over, self.now())
        extra = {**live.row.extra, "clock": clock} if clock is not None else None
        then = self._ending(live, session) if session.over else []
        try:
            self.store.append(
                live.id, start, entries, summary(session), request, extra, live.row.seq, then
            )
        except StoreError as e:
            # memory ran ahead of the store: rebuild from the store before the next use
            live.reload = True
            if isinstance(e, ConflictError):  # written first by another: judged again
                raise Moved(f"the move was not saved and is taken back: {e}") from None
            raise Unavailable(f"the move was not saved and is taken back: {e}") from None
        live.row.seq += 1
        live.entry_seats.extend(seat for _ in entries)
        if request is not None:
            live.requests[request.request_id] = request
        if extra is not None:
            live.row.extra = extra
            self._note_deadline(live)
        reason = (session.verdict or {}).get("reason")
        self._tell(live, {"time": "time_out", "resign": "resign"}.get(str(reason), "move"), seat)

    def _ending(self, live: LiveGame, session: Session[Any]) -> list[Write]:
        """What the end hooks write with the write that ends a game (see :mod:`.events`)."""
        result = session.outcome or {}
        out = []
        for hook in list(self.enders):
            w = hook(live, result)
            if w is not None:
                out.append(w)
        return out

    def _tell(self, live: LiveGame, kind: str, actor: str | None) -> None:
        """Tell the listeners of a committed change (a listener's failure is only logged)."""
        session = live.session
        if session is None or not self.listeners:
            return
        event = {
            "kind": kind,
            "actor": actor,
            "to_act": session.to_act,
            "over": session.over,
            "serial": session.serial,
        }
        for listener in list(self.listeners):
            try:
                listener(live, event)
            except Exception:
                log.exception("a listener failed on game %s", live.id)

    # -- clocks --------------------------------------------------------------------------

    def _note_deadline(self, live: LiveGame) -> None:
        clock = live.clock
        due = clockrules.deadline(clock) if clock is not None and not live.seed_pending else None
        with self._lock:
            if due is None:
                self.deadlines.pop(live.id, None)
            else:
                self.deadlines[live.id] = due

    def flag_if_due(self, live: LiveGame, sync: bool = True) -> bool:
        """End the game on time if the clock of the person to act has run out (under the
        game's lock; the time-out is recorded like an action). True when it did. ``sync``:
        bring the copy up to the store first (False: the caller just did)."""
        with live.lock:
            if sync:
                self._sync(live)
            clock, session = live.clock, live.session
            if clock is None or session is None or session.over or live.seed_pending:
                return False
            now = self.now()
            if clockrules.out_of_time(clock, now) is None:
                return False
            seat = session.to_act
            if seat is None:
                return False
            start = len(session.record.actions)
            session.time_out(seat)
            self._write(live, session, start, None, clock=clockrules.flag(clock, seat, now))
            log.info("game %s: %s ran out of time", live.id, seat)
            return True

    def due_games(self) -> list[str]:
        """The games whose running clock has run out by now (for the clock watcher)."""
        now = self.now()
        with self._lock:
            return [gid for gid, due in self.deadlines.items() if due <= now]

    def pause(self, live: LiveGame, held: Sequence[str], pause: bool) -> dict[str, Any]:
        """A person asks for a pause (the clocks stop once every person asked) or resumes."""
        return dict(self._again(lambda: self._pause(live, held, pause)))

    def _pause(self, live: LiveGame, held: Sequence[str], pause: bool) -> dict[str, Any]:
        with live.lock:
            self._sync(live)
            self.flag_if_due(live, sync=False)
            session = live.ok()
            clock = live.clock
            if clock is None:
                raise IllegalActionError("this game is not played on clocks")
            if session.over:
                raise IllegalActionError("the game is over")
            try:
                fresh = clockrules.ask_pause(clock, held, pause, self.now())
            except clockrules.ClockError as e:
                raise IllegalActionError(str(e)) from None
            extra = {**live.row.extra, "clock": fresh}
            try:
                self.store.update_extra(live.id, extra, live.row.seq)
            except StoreError as e:
                live.reload = True
                if isinstance(e, ConflictError):
                    raise Moved(f"the clock was not saved: {e}") from None
                raise Unavailable(f"the clock was not saved: {e}") from None
            live.row.seq += 1
            live.row.extra = extra
            self._note_deadline(live)
            return clockrules.public(fresh, self.now())

    # -- bots ----------------------------------------------------------------------------

    def bot_to_act(self, live: LiveGame) -> str | None:
        """The seat of the bot that is to act now, if any."""
        session = live.session
        if session is None or session.over or live.bot_error or live.reload or live.seed_pending:
            return None
        if live.clock is not None and live.clock.get("paused"):
            return None
        seat = session.rules.to_act(session.state)
        if seat is None or live.seat_kind(seat) == HUMAN:
            return None
        return seat

    def has_humans(self, live: LiveGame) -> bool:
        return any(live.seat_kind(s) == HUMAN for s in live.seats)

    def bot_job(self, live: LiveGame) -> BotJob | None:
        """The decision a bot is to take now (its view), or None when no bot is to act."""
        with live.lock:
            self._sync(live)
            seat = self.bot_to_act(live)
            if seat is None:
                return None
            session = live.ok()
            n = len(session.record.actions)
            mix = hashlib.sha256(f"{live.row.seed}:{seat}:{n}".encode()).digest()
            return BotJob(
                live.id,
                session.rules.id,
                seat,
                live.seat_kind(seat),
                int.from_bytes(mix[:8], "big") >> 1,
                n,
                session.view(seat),
                live.row.seq,
            )

    def bot_apply(self, live: LiveGame, job: BotJob, text: str | None, error: str | None) -> bool:
        """Apply a bot's answer to ``job``; False when it was not applied (the game moved on,
        or the bot failed: then the game shows that its bot failed and waits)."""
        return bool(self._again(lambda: self._bot_apply(live, job, text, error)))

    def _bot_apply(self, live: LiveGame, job: BotJob, text: str | None, error: str | None) -> bool:
        with live.lock:
            self._sync(live)
            session = live.session
            if session is None or len(session.record.actions) != job.version:
                return False
            if self.bot_to_act(live) != job.seat:
                return False
            start = len(session.record.actions)
            try:
                if error is not None or text is None:
                    raise RuntimeError(error or "no answer")
                session.apply(text, job.seat)
            except Exception as e:
                live.bot_error = (
                    f"the {job.bot} bot ({job.seat}) failed; the game waits (the server log "
                    "has the details)"
                )
                log.error("bot failure in game %s (%s, %s): %s", live.id, job.bot, job.seat, e)
                return False
            self._write(live, session, start, job.seat)
            return True

    # -- replays -------------------------------------------------------------------------

    def replay(
        self,
        live: LiveGame,
        seat: str,
        step: int,
        held: Sequence[str] = (),
        lang: str = DEFAULT_LANG,
    ) -> dict[str, Any]:
        """The position after the first ``step`` record entries, seen by ``seat`` (a seat of
        the game, or 'all' / 'both': every seat, once the game is over). Until the game is over
        the record entry of the step is shown only when one of the ``held`` seats made it (the
        others' entries may be secret choices); the position is the seat's own view."""
        with live.lock:
            self._sync(live)
            session = live.ok()
            actions = list(session.record.actions)
            entry_seats = list(live.entry_seats)
            over = session.over
            verdict = session.verdict
        g = session.rules
        if seat in EVERY_SEAT and not isinstance(g, HasWeb):
            raise ServiceError(f"{g.title} has no view of every seat at once")
        with self._lock:
            book = self._replays.get(live.id)
            if book is None or book.setup != (live.row.scenario, live.row.seed):
                book = ReplayBook(g, live.row)
                self._replays[live.id] = book
            self._replays.move_to_end(live.id)
            while len(self._replays) > 8:
                self._replays.popitem(last=False)
        with book.lock:
            step = max(0, min(step, len(actions)))
            s = book.state_at(actions, step)
            v = g.web().spectator(s) if isinstance(g, HasWeb) and seat in EVERY_SEAT else None
            if v is None:
                v = g.view(s, seat)
            v["can_undo"] = False
            # the decision that led here, before the dressing: a game's face may write it out
            # or hide it from a seat that may not know it
            v["entry"] = actions[step - 1] if step > 0 else None
            dress(g, v, s, lang=lang)
        by = entry_seats[step - 1] if 0 < step <= len(entry_seats) else None
        shown = over or (by is not None and by in held)
        v["game_id"] = live.id
        v["step"] = step
        v["steps"] = len(actions)
        if "entry_text" not in v:
            # a face that writes entries out (entry_text) judges their secrecy itself; for the
            # others, another seat's entry stays hidden until the game is over
            v["entry"] = actions[step - 1] if step > 0 and shown else None
            v["entry_seat"] = by if step > 0 else None
            v["entry_hidden"] = step > 0 and not shown
        if verdict is not None and step == len(actions):
            v["result"], v["to_act"], v["legal"] = dict(verdict), None, []
        v["seats"] = live.seats_public()
        v.update(self._seed_facts(live))
        return v

    # -- the analysis of a finished game ------------------------------------------------------

    ANALYSES_KEPT = 16

    def analysis(self, live: LiveGame) -> dict[str, Any]:
        """Each team's chance to win after every action round of a finished game and its
        turning points (:func:`greatwar.core.analysis.analyse`), computed once per game (a
        whole replay of the record) and kept. Refused while the game is played: there is no
        evaluation of a game in progress."""
        with live.lock:
            self._sync(live)
            session = live.ok()
            if not session.over:
                raise Forbidden("a game is analysed once it is over, never while it is played")
            actions = list(session.record.actions)
            outcome = session.outcome
        g = session.rules
        if not isinstance(g, HasAnalysis):
            raise ServiceError(f"{g.title} has no analysis")
        key = (live.row.scenario, live.row.seed, len(actions))
        with self._lock:
            got = self._analyses.get(live.id)
            if got is not None and got[0] == key:
                self._analyses.move_to_end(live.id)
                return got[1]
        replay = Session(g, _record(live.row))

        def positions() -> Iterator[tuple[int, Any]]:
            yield 0, replay.state
            for i, text in enumerate(actions):
                replay.play_entry(text)
                yield i + 1, replay.state

        try:
            doc = analyse(g, positions(), len(actions), outcome)
        except Exception as e:
            log.error("game %s: the analysis failed: %r", live.id, e)
            raise EngineFailure("the game could not be analysed (the server log has why)") from None
        doc["game_id"] = live.id
        doc["steps"] = len(actions)
        with self._lock:
            self._analyses[live.id] = (key, doc)
            while len(self._analyses) > self.ANALYSES_KEPT:
                self._analyses.popitem(last=False)
        return doc


def replay_row(
    row: GameRow, entries: Sequence[tuple[int, str, str | None]]
) -> tuple[Session[Any] | None, str | None, list[str | None]]:
    """A stored game replayed: its session, or None and why it cannot be (the store's problem
    with the row, an unknown game, seats of another game, a set-up that cannot start, an entry
    missing or refused); and the seat that made each entry. The reason names the entry, never
    what the engine said about it (which may list a seat's hand): that goes to the server
    log. Used to load a stored game and to check an imported one (:mod:`.backup`)."""
    if row.problem:
        return None, f"game {row.id}: the stored set-up is corrupt: {row.problem}", []
    try:
        g = game(row.game)
    except UnknownGameError:
        why = f"game {row.id}: unknown game {row.game!r}; this server plays {', '.join(games())}"
        return None, why, []
    if set(row.seats) != set(g.seats):
        why = (
            f"game {row.id}: the stored seats are not the seats of {g.title} ({', '.join(g.seats)})"
        )
        return None, why, []
    made_by = (
        f" (it was made by version {row.version} of the {g.title} engine; this is version "
        f"{g.version})"
        if row.version is not None and row.version != g.version
        else ""
    )
    try:
        session = Session(g, _record(row))
    except Exception as e:
        log.warning("game %s: the stored set-up cannot start: %r", row.id, e)
        return None, f"game {row.id}: the stored set-up cannot start{made_by}", []
    seats: list[str | None] = []
    for i, (n, text, seat) in enumerate(entries):
        if n != i:
            return None, f"game {row.id}: record entry {i} is missing", []
        try:
            session.play_entry(text, seat)
        except Exception as e:
            log.warning("game %s: record entry %d %r by %s: %r", row.id, i, text, seat, e)
            why = (
                f"game {row.id}: stored record entry {i} (by {seat}) cannot be replayed by "
                f"version {g.version} of the {g.title} engine{made_by}"
            )
            return None, why, []
        seats.append(seat)
    return session, None, seats


def _check_options(g: Game[Any], scenario: str, options: Mapping[str, Any] | None) -> None:
    """Refuse options the game does not have, or a value that is not one of an option's
    choices, in words that never repeat what was sent (the game's own refusal may)."""
    infos = {o.name: o for o in g.options(scenario)}
    for name, value in (options or {}).items():
        info = infos.get(name)
        if info is None:
            raise ServiceError(f"unknown option; the options are {', '.join(infos)}")
        if info.choices and (value not in info.choices or type(value) is not type(info.default)):
            shown = ", ".join(json.dumps(c) for c in info.choices)
            raise ServiceError(f"option {name} must be one of {shown}")


def _record(row: GameRow) -> GameRecord:
    return GameRecord(row.game, row.scenario, row.options, row.seed, version=row.version)


class ReplayBook:
    """Positions of one game's record, for stepping through a replay.

    Keeps a checkpoint (a state copy) every ``EVERY`` entries where no undo can reach back
    past it, and reaches any step by replaying at most a few dozen entries from the nearest
    checkpoint at or before it."""

    EVERY = 40

    def __init__(self, g: Game[Any], row: GameRow) -> None:
        self.game = g
        self.row = row
        self.setup = (row.scenario, row.seed)
        self.lock = threading.Lock()
        self.checkpoints: dict[int, Any] = {}
        self.known = 0  # entries scanned for checkpoints

    def _fresh(self) -> Session[Any]:
        return Session(self.game, _record(self.row))

    def state_at(self, actions: list[str], step: int) -> Any:
        base = max((i for i in self.checkpoints if i <= step), default=0)
        session = self._fresh()
        if base:
            session.state = self.game.clone(self.checkpoints[base])
        for i in range(base, step):
            session.play_entry(actions[i])
            n = i + 1
            if n % self.EVERY == 0 and n not in self.checkpoints and not session.can_undo():
                self.checkpoints[n] = self.game.clone(session.state)
        return session.state
