"""Live games: sessions rebuilt from the store, seats and tokens, acting, undo, bots, replays.

A game in memory is a :class:`LiveGame`: its stored row and a ``Session`` rebuilt by replaying
the stored record (or the reason why the record cannot be replayed). Every change goes through
:class:`GameService` under the game's lock: check the seat's token and the position the client
saw (``serial``), apply the action to the session (atomic), append it to the store (committed),
and only then answer. If the store refuses the write, the game is dropped from memory and
rebuilt from the store on its next use, so memory never runs ahead of what is durable.

Tokens: a human seat gets a random secret once, at creation; the store keeps only its SHA-256.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from greatwar.bots import bots as bot_registry
from greatwar.bots import make_bot
from greatwar.core.bot import Bot
from greatwar.core.errors import GameError, IllegalActionError, MalformedActionError
from greatwar.core.games import (
    DEFAULT_GAME,
    Game,
    HasWeb,
    UnknownGameError,
    game,
    games,
    scenario_id,
    seat_names,
)
from greatwar.core.session import UNDO, GameRecord, Session
from greatwar.server.store import GameRow, GameStore, StoreError
from greatwar.server.views import dress

log = logging.getLogger("greatwar.server")

HUMAN = "human"
EVERY_SEAT = ("all", "both")  # the replay of a finished game seen by every seat at once


class ServiceError(Exception):
    """A refusal with an HTTP status and a short kind word for clients."""

    status = 400
    kind = "bad_request"

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


class Unavailable(ServiceError):
    status, kind = 503, "store_unavailable"


class EngineFailure(ServiceError):
    status, kind = 500, "engine_failure"


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def descriptor(game_id: str) -> Game[Any]:
    """A game by id, or a refusal naming the games this server knows."""
    try:
        return game(game_id)
    except UnknownGameError as e:
        raise ServiceError(str(e)) from None


@dataclass
class LiveGame:
    row: GameRow
    session: Session[Any] | None
    problem: str | None = None
    lock: threading.RLock = field(default_factory=threading.RLock)
    bots: dict[str, Bot] = field(default_factory=dict)
    bot_error: str | None = None

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
        to_act=g.to_act(s),
        over=session.over,
        result=_scalars(g.outcome(s)),
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


def meta(game_id: str = DEFAULT_GAME) -> dict[str, Any]:
    """What a client needs to offer a new game: seats, teams, scenarios, options, bots."""
    g = descriptor(game_id)
    groups: dict[str, list[list[str]]] = {}
    for people in range(1, len(g.seats) + 1):
        try:
            groups[str(people)] = [list(x) for x in g.seat_groups(people)]
        except MalformedActionError:
            continue
    return {
        "game": g.id,
        "title": g.title,
        "engine_version": g.version,
        "games": games(),  # the ids only: listing them loads no other game
        "seats": list(g.seats),
        "seat_info": [{"id": x.id, "name": x.name, "team": x.team} for x in g.seat_info()],
        "teams": [{"id": x.id, "name": x.name, "seats": list(x.seats)} for x in g.teams()],
        "seat_groups": groups,
        "scenarios": [
            {"id": x.id, "name": x.name, "description": x.description} for x in g.scenarios()
        ],
        "default_scenario": g.default_scenario,
        "options": {
            x.name: {
                "default": x.default,
                "choices": list(x.choices) if x.choices is not None else None,
                "help": x.description,
            }
            for x in g.options(g.default_scenario)
        },
        "bots": bot_names(g.id),
    }


class GameService:
    """All games of one store, as the web app sees them."""

    def __init__(self, store: GameStore, cache_size: int = 64) -> None:
        self.store = store
        self._live: OrderedDict[str, LiveGame] = OrderedDict()
        self._lock = threading.Lock()
        self._cache_size = cache_size
        self._replays: OrderedDict[str, ReplayBook] = OrderedDict()

    # -- loading -----------------------------------------------------------------------

    def load(self, game_id: str) -> LiveGame:
        with self._lock:
            live = self._live.get(game_id)
            if live is not None:
                self._live.move_to_end(game_id)
                return live
        try:
            row = self.store.get(game_id)
        except StoreError as e:
            raise Unavailable(str(e)) from None
        if row is None:
            raise NotFound(f"no game {game_id!r} in this store")
        live = self._rebuild(row)
        with self._lock:
            got = self._live.setdefault(game_id, live)
            while len(self._live) > self._cache_size:
                self._live.popitem(last=False)
        return got

    def _rebuild(self, row: GameRow) -> LiveGame:
        """Replay a stored record; a record that cannot be replayed is reported, not raised."""
        if row.problem:
            return LiveGame(
                row, None, f"game {row.id}: the stored set-up is corrupt: {row.problem}"
            )
        try:
            g = game(row.game)
        except UnknownGameError:
            return LiveGame(
                row,
                None,
                f"game {row.id}: unknown game {row.game!r}; this server plays {', '.join(games())}",
            )
        if not isinstance(row.seats, dict):
            return LiveGame(row, None, f"game {row.id}: the stored seats are not an object")
        if row.options is not None and not isinstance(row.options, dict):
            return LiveGame(row, None, f"game {row.id}: stored options are not an object")
        made_by = (
            f" (it was made by version {row.version} of the {g.title} engine; this is version "
            f"{g.version})"
            if row.version is not None and row.version != g.version
            else ""
        )
        try:
            entries = self.store.actions(row.id)
        except StoreError as e:
            raise Unavailable(str(e)) from None
        try:
            session = Session(g, _record(row))
        except Exception as e:
            return LiveGame(
                row, None, f"game {row.id}: the stored set-up cannot start: {e}{made_by}"
            )
        for i, (n, text, seat) in enumerate(entries):
            if n != i:
                return LiveGame(row, None, f"game {row.id}: record entry {i} is missing")
            try:
                if text == UNDO:
                    session.undo(seat)
                else:
                    session.apply(text, seat)
            except Exception as e:
                return LiveGame(
                    row,
                    None,
                    f"game {row.id}: stored record entry {i} ({text!r} by {seat}) cannot be "
                    f"replayed: {e}{made_by}",
                )
        return LiveGame(row, session)

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._live.pop(game_id, None)

    # -- creating ----------------------------------------------------------------------

    def create(
        self,
        scenario: str | None,
        options: dict[str, Any] | None,
        seats: Mapping[str, str] | None = None,
        seed: int | None = None,
        game_id: str = DEFAULT_GAME,
        players: Sequence[Sequence[str]] | None = None,
    ) -> tuple[LiveGame, dict[str, str]]:
        """A new game; returns it and the secret token of each human seat (the seats one
        person holds, listed together in ``players``, share one token)."""
        g = descriptor(game_id)
        if options is not None and not isinstance(options, dict):
            raise ServiceError("options must be an object")
        try:
            sc = scenario_id(g, scenario) if scenario else g.default_scenario
            opts = g.normalise_options(sc, options)
        except GameError as e:
            raise ServiceError(str(e)) from None
        if seed is None:
            seed = secrets.randbelow(2**62)  # too many to try them all against a hand
        seats = dict(seats or {})
        known = bot_registry(g.id)
        kinds: dict[str, str] = {}
        for seat in g.seats:
            kind = seats.get(seat, HUMAN)
            if kind != HUMAN and kind not in known:
                raise ServiceError(
                    f"seat {seat}: {kind!r} is neither 'human' nor a bot "
                    f"({', '.join(sorted(known))})"
                )
            kinds[seat] = kind
        extra = set(seats) - set(g.seats)
        if extra:
            raise ServiceError(f"unknown seats {sorted(extra)}; expected {', '.join(g.seats)}")
        tokens = self._deal_tokens(g, kinds, players)
        specs: dict[str, Any] = {
            seat: {"kind": HUMAN, "token": digest(tokens[seat])}
            if kind == HUMAN
            else {"kind": "bot", "bot": kind}
            for seat, kind in kinds.items()
        }
        try:
            session = Session.new(g, sc, opts, seed)
        except GameError as e:
            raise ServiceError(str(e)) from None
        game_id = secrets.token_hex(5)
        try:
            self.store.create_game(
                game_id, g.id, g.version, sc, opts, seed, specs, summary(session)
            )
            row = self.store.get(game_id)
        except StoreError as e:
            raise Unavailable(str(e)) from None
        assert row is not None
        live = LiveGame(row, session)
        with self._lock:
            self._live[game_id] = live
        return live, tokens

    @staticmethod
    def _deal_tokens(
        g: Game[Any], kinds: Mapping[str, str], players: Sequence[Sequence[str]] | None
    ) -> dict[str, str]:
        """A secret per person: one for each group in ``players``, one for each human seat
        left over."""
        tokens: dict[str, str] = {}
        for group in players or ():
            if isinstance(group, str) or not group:
                raise ServiceError('players must be lists of seats, e.g. [["ahoe", "de"]]')
            for seat in group:
                if seat not in kinds:
                    raise ServiceError(f"unknown seat {seat!r}; expected {', '.join(g.seats)}")
                if kinds[seat] != HUMAN:
                    raise ServiceError(f"seat {seat} is played by a bot, not by a person")
                if seat in tokens:
                    raise ServiceError(f"seat {seat} is given to more than one person")
            if not may_hold_together(g, group):
                raise ServiceError(
                    f"one person may not hold {', '.join(group)} together in {g.title}"
                )
            token = secrets.token_urlsafe(24)
            for seat in group:
                tokens[seat] = token
        for seat, kind in kinds.items():
            if kind == HUMAN and seat not in tokens:
                tokens[seat] = secrets.token_urlsafe(24)
        return tokens

    # -- seats ---------------------------------------------------------------------------

    def seats_of(self, live: LiveGame, token: str | None) -> tuple[str, ...]:
        """The seats a token holds (one or more; raises Unauthorized)."""
        if not token:
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
    def seat_for(live: LiveGame, held: Sequence[str], want: str | None = None) -> str:
        """Which of the held seats to show: the one asked for, else the one to act, else the
        first."""
        if want:
            if want not in held:
                raise Forbidden(f"your token does not hold the seat {want!r}")
            return want
        session = live.session
        if session is not None:
            actor = session.rules.to_act(session.state)
            if actor is not None and actor in held:
                return actor
        return held[0]

    # -- reading -------------------------------------------------------------------------

    def describe(self, live: LiveGame) -> dict[str, Any]:
        """Public facts about a game (never a token)."""
        g = live.game
        out: dict[str, Any] = {
            "id": live.id,
            "game": live.row.game,
            "title": g.title if g is not None else live.row.game,
            "engine_version": live.row.version,
            "scenario": live.row.scenario,
            "options": live.row.options,
            # the seed would let a player recompute every shuffle: told once the game is over
            "seed": live.row.seed if live.session is not None and live.session.over else None,
            "created": live.row.created,
            "seats": live.seats_public(),
            "problem": live.problem,
            "bot_error": live.bot_error,
        }
        if live.session is not None:
            out.update(summary(live.session))
            out["actions"] = len(live.session.record.actions)
        return out

    def view(
        self,
        live: LiveGame,
        held: Sequence[str],
        log_from: int = 0,
        log_hash: int | None = None,
        want: str | None = None,
    ) -> dict[str, Any]:
        """The view of one of the held seats (see :meth:`seat_for`), dressed for the client."""
        with live.lock:
            session = live.ok()
            seat = self.seat_for(live, held, want)
            v = dress(session.rules, session.view(seat), session.state, log_from, log_hash)
            v["game_id"] = live.id
            v["serial"] = session.serial
            v["version"] = len(session.record.actions)
            v["seats"] = live.seats_public()
            v["held"] = list(held)
            v["over"] = session.over
            v["bot_error"] = live.bot_error
            v["bots_to_move"] = self.bot_to_act(live) is not None
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
                    "actions": n,
                    "problem": problem,
                    **row.summary,
                }
            )
        return out

    # -- acting --------------------------------------------------------------------------

    def act(
        self,
        live: LiveGame,
        held: Sequence[str],
        action: str,
        serial: int,
    ) -> str:
        """Apply ``action`` for the held seat that is to act, against the position the client
        saw; return the canonical text of the action."""
        with live.lock:
            session = live.ok()
            seat = self._check_position(session, held, serial)
            start = len(session.record.actions)
            try:
                a = session.apply(action, seat)  # GameError on bad input: nothing changed
            except GameError:
                raise
            except Exception as e:  # an engine defect: the session kept its state
                log.exception("engine failure in game %s on %r", live.id, action)
                raise EngineFailure(f"the engine failed on {action!r}: {e}") from None
            self._write(live, session, start, seat)
            return str(a)

    def undo(self, live: LiveGame, held: Sequence[str], serial: int) -> None:
        """Take back the last decision, if one of the held seats made it (see Session)."""
        with live.lock:
            session = live.ok()
            if session.serial != serial:
                raise Stale(self._stale_text(serial, session.serial))
            seat = next((x for x in held if session.can_undo(x)), None)
            if seat is None:
                raise IllegalActionError(
                    "nothing to undo: undo stops at a die roll, a card draw, a revealed card "
                    "or the other player's decision"
                )
            start = len(session.record.actions)
            session.undo(seat)
            self._write(live, session, start, seat)

    @staticmethod
    def _stale_text(saw: int, now: int) -> str:
        return (
            f"stale position: you acted on decision {saw} but the game is at decision {now}; "
            "the board has been refreshed"
        )

    def _check_position(self, session: Session[Any], held: Sequence[str], serial: int) -> str:
        """The held seat to act now (or why no action can be taken)."""
        now = session.serial
        if serial != now:
            raise Stale(self._stale_text(serial, now))
        if session.over:
            raise IllegalActionError("the game is over")
        to_act = session.rules.to_act(session.state)
        if to_act is None or to_act not in held:
            name = seat_names(session.rules).get(to_act or "", to_act)
            raise NotYourTurn(f"it is the {name}' decision, not yours")
        return to_act

    def _write(self, live: LiveGame, session: Session[Any], start: int, seat: str) -> None:
        entries = [(t, seat) for t in session.record.actions[start:]]
        try:
            self.store.append(live.id, start, entries, summary(session))
        except StoreError as e:
            # memory ran ahead of the store: drop this copy; the next use replays the store
            live.session = None
            live.problem = "the game is being reloaded from the store; try again"
            self.forget(live.id)
            raise Unavailable(f"the move was not saved and is taken back: {e}") from None

    # -- bots ----------------------------------------------------------------------------

    def bot_to_act(self, live: LiveGame) -> str | None:
        """The seat of the bot that is to act now, if any."""
        session = live.session
        if session is None or session.over or live.bot_error:
            return None
        seat = session.rules.to_act(session.state)
        if seat is None or live.seat_kind(seat) == HUMAN:
            return None
        return seat

    def bot_step(self, live: LiveGame) -> bool:
        """Let the bot to act (if any) take one decision; False when no bot is to act."""
        with live.lock:
            seat = self.bot_to_act(live)
            if seat is None:
                return False
            session = live.ok()
            bot = live.bots.get(seat)
            if bot is None:
                seed = (
                    live.row.seed * 1_000_003
                    + session.rules.seats.index(seat) * 7919
                    + len(session.record.actions)
                ) % (2**63)
                bot = make_bot(live.seat_kind(seat), seed, session.rules.id)
                live.bots[seat] = bot
            start = len(session.record.actions)
            try:
                text = bot.choose(session.view(seat))
                session.apply(text, seat)
            except Exception as e:
                live.bot_error = f"the {live.seat_kind(seat)} bot ({seat}) failed: {e}"
                log.exception("bot failure in game %s", live.id)
                return False
            self._write(live, session, start, seat)
            return True

    # -- replays -------------------------------------------------------------------------

    def replay(self, live: LiveGame, seat: str, step: int) -> dict[str, Any]:
        """The position after the first ``step`` record entries, seen by ``seat`` (a seat of
        the game, or 'all' / 'both': every seat, once the game is over)."""
        with live.lock:
            session = live.ok()
            actions = list(session.record.actions)
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
            dress(g, v, s)
        v["game_id"] = live.id
        v["step"] = step
        v["steps"] = len(actions)
        v["seats"] = live.seats_public()
        return v


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
            text = actions[i]
            if text == UNDO:
                session.undo()
            else:
                session.apply(text)
            n = i + 1
            if n % self.EVERY == 0 and n not in self.checkpoints and not session.can_undo():
                self.checkpoints[n] = self.game.clone(session.state)
        return session.state
