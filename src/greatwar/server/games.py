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
from dataclasses import dataclass, field
from typing import Any

from greatwar.bots import bots, make_bot
from greatwar.core.bot import Bot
from greatwar.core.errors import GameError, IllegalActionError
from greatwar.core.session import UNDO, GameRecord, Session
from greatwar.pog.game import RULES
from greatwar.pog.scenarios import find_scenario
from greatwar.pog.state import State
from greatwar.server.store import GameRow, GameStore, StoreError
from greatwar.server.views import dress, seat_view

log = logging.getLogger("greatwar.server")

SEATS = ("ap", "cp")
SEAT_NAMES = {"ap": "Allied Powers", "cp": "Central Powers"}
HUMAN = "human"


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


@dataclass
class LiveGame:
    row: GameRow
    session: Session[State] | None
    problem: str | None = None
    lock: threading.RLock = field(default_factory=threading.RLock)
    bots: dict[str, Bot] = field(default_factory=dict)
    bot_error: str | None = None

    @property
    def id(self) -> str:
        return self.row.id

    def seat_kind(self, seat: str) -> str:
        spec = self.row.seats.get(seat) if isinstance(self.row.seats, dict) else None
        if isinstance(spec, dict) and spec.get("kind") == "bot":
            return str(spec.get("bot"))
        return HUMAN

    def seats_public(self) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for seat in SEATS:
            kind = self.seat_kind(seat)
            out[seat] = {"kind": HUMAN} if kind == HUMAN else {"kind": "bot", "bot": kind}
        return out

    def ok(self) -> Session[State]:
        if self.session is None:
            raise Corrupt(self.problem or f"game {self.id} cannot be loaded")
        return self.session


def summary(session: Session[State]) -> dict[str, Any]:
    """What the game list shows without replaying the game."""
    s = session.state
    res = s.result
    return {
        "turn": s.turn,
        "phase": s.phase,
        "round": s.round,
        "vp": s.vp,
        "serial": s.serial,
        "to_act": RULES.to_act(s),
        "over": session.over,
        "result": (
            {k: res.get(k) for k in ("outcome", "reason", "turn", "vp", "final_vp")}
            if isinstance(res, dict)
            else None
        ),
    }


def bot_names() -> list[str]:
    return sorted(bots())


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
        if row.game != RULES.id or not isinstance(row.seats, dict):
            return LiveGame(row, None, f"game {row.id}: unknown game kind {row.game!r}")
        if row.options is not None and not isinstance(row.options, dict):
            return LiveGame(row, None, f"game {row.id}: stored options are not an object")
        try:
            entries = self.store.actions(row.id)
        except StoreError as e:
            raise Unavailable(str(e)) from None
        try:
            session = Session(RULES, GameRecord(row.game, row.scenario, row.options, row.seed))
        except Exception as e:
            return LiveGame(row, None, f"game {row.id}: the stored set-up cannot start: {e}")
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
                    f"replayed: {e}",
                )
        return LiveGame(row, session)

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._live.pop(game_id, None)

    # -- creating ----------------------------------------------------------------------

    def create(
        self,
        scenario: str,
        options: dict[str, Any] | None,
        seats: dict[str, str],
        seed: int | None = None,
    ) -> tuple[LiveGame, dict[str, str]]:
        """A new game; returns it and the secret token of each human seat."""
        try:
            sc = find_scenario(scenario).id
        except GameError as e:
            raise ServiceError(str(e)) from None
        if seed is None:
            seed = secrets.randbelow(2**62)  # too many to try them all against a hand
        if options is not None and not isinstance(options, dict):
            raise ServiceError("options must be an object")
        specs: dict[str, Any] = {}
        tokens: dict[str, str] = {}
        for seat in SEATS:
            kind = seats.get(seat, HUMAN)
            if kind == HUMAN:
                tokens[seat] = secrets.token_urlsafe(24)
                specs[seat] = {"kind": HUMAN, "token": digest(tokens[seat])}
            elif kind in bots():
                specs[seat] = {"kind": "bot", "bot": kind}
            else:
                raise ServiceError(
                    f"seat {seat}: {kind!r} is neither 'human' nor a bot ({', '.join(bot_names())})"
                )
        extra = set(seats) - set(SEATS)
        if extra:
            raise ServiceError(f"unknown seats {sorted(extra)}; expected ap and cp")
        try:
            session = Session.new(RULES, sc, options, seed)
        except GameError as e:
            raise ServiceError(str(e)) from None
        game_id = secrets.token_hex(5)
        try:
            self.store.create_game(game_id, RULES.id, sc, options, seed, specs, summary(session))
            row = self.store.get(game_id)
        except StoreError as e:
            raise Unavailable(str(e)) from None
        assert row is not None
        live = LiveGame(row, session)
        with self._lock:
            self._live[game_id] = live
        return live, tokens

    # -- seats ---------------------------------------------------------------------------

    def seat_of(self, live: LiveGame, token: str | None) -> str:
        """The seat a token belongs to (raises Unauthorized)."""
        if not token:
            raise Unauthorized("this needs your seat's secret token (the link you were given)")
        d = digest(token)
        for seat in SEATS:
            spec = live.row.seats.get(seat) if isinstance(live.row.seats, dict) else None
            if (
                isinstance(spec, dict)
                and spec.get("kind") == HUMAN
                and isinstance(spec.get("token"), str)
                and hmac.compare_digest(spec["token"], d)
            ):
                return seat
        raise Unauthorized("this token is not a seat of this game")

    # -- reading -------------------------------------------------------------------------

    def describe(self, live: LiveGame) -> dict[str, Any]:
        """Public facts about a game (never a token)."""
        out: dict[str, Any] = {
            "id": live.id,
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
        self, live: LiveGame, seat: str, log_from: int = 0, log_hash: int | None = None
    ) -> dict[str, Any]:
        with live.lock:
            session = live.ok()
            v = seat_view(session, seat, log_from, log_hash)
            v["game_id"] = live.id
            v["version"] = len(session.record.actions)
            v["seats"] = live.seats_public()
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
            problem = row.problem or (live.problem if live else None)
            kinds = {}
            for seat in SEATS:
                spec = row.seats.get(seat) if isinstance(row.seats, dict) else None
                kinds[seat] = (
                    {"kind": "bot", "bot": spec.get("bot")}
                    if isinstance(spec, dict) and spec.get("kind") == "bot"
                    else {"kind": HUMAN}
                )
            out.append(
                {
                    "id": row.id,
                    "scenario": row.scenario,
                    "created": row.created,
                    "updated": row.updated,
                    "seats": kinds,
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
        seat: str,
        action: str,
        serial: int,
    ) -> str:
        """Apply ``action`` for ``seat`` against the position the client saw; return the
        canonical text of the action."""
        with live.lock:
            session = live.ok()
            self._check_position(session, seat, serial)
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

    def undo(self, live: LiveGame, seat: str, serial: int) -> None:
        with live.lock:
            session = live.ok()
            if session.state.serial != serial:
                raise Stale(self._stale_text(serial, session.state.serial))
            if not session.can_undo(seat):
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

    def _check_position(self, session: Session[State], seat: str, serial: int) -> None:
        now = session.state.serial
        if serial != now:
            raise Stale(self._stale_text(serial, now))
        if session.over:
            raise IllegalActionError("the game is over")
        to_act = RULES.to_act(session.state)
        if to_act != seat:
            raise NotYourTurn(
                f"it is the {SEAT_NAMES.get(to_act or '', to_act)}' decision, not yours"
            )

    def _write(self, live: LiveGame, session: Session[State], start: int, seat: str) -> None:
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
        seat = RULES.to_act(session.state)
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
                    + SEATS.index(seat) * 7919
                    + len(session.record.actions)
                ) % (2**63)
                bot = make_bot(live.seat_kind(seat), seed)
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
        """The position after the first ``step`` record entries, seen by ``seat`` ('ap', 'cp',
        or 'both' once the game is over)."""
        with live.lock:
            session = live.ok()
            actions = list(session.record.actions)
        with self._lock:
            book = self._replays.get(live.id)
            if book is None or book.setup != (live.row.scenario, live.row.seed):
                book = ReplayBook(live.row)
                self._replays[live.id] = book
            self._replays.move_to_end(live.id)
            while len(self._replays) > 8:
                self._replays.popitem(last=False)
        with book.lock:
            step = max(0, min(step, len(actions)))
            s = book.state_at(actions, step)
            if seat == "both":
                v = RULES.view(s, "ap")
                v["cards"]["hands"] = {
                    "ap": list(v["cards"]["hand"]),
                    "cp": RULES.view(s, "cp")["cards"]["hand"],
                }
                v["log"] = list(s.log)
                v["seat"] = "both"
            else:
                v = RULES.view(s, seat)
            v["can_undo"] = False
            dress(v, s)
        v["game_id"] = live.id
        v["step"] = step
        v["steps"] = len(actions)
        v["entry"] = actions[step - 1] if step > 0 else None
        v["seats"] = live.seats_public()
        return v


class ReplayBook:
    """Positions of one game's record, for stepping through a replay.

    Keeps a checkpoint (a state copy) every ``EVERY`` entries where no undo can reach back
    past it, and reaches any step by replaying at most a few dozen entries from the nearest
    checkpoint at or before it."""

    EVERY = 40

    def __init__(self, row: GameRow) -> None:
        self.row = row
        self.setup = (row.scenario, row.seed)
        self.lock = threading.Lock()
        self.checkpoints: dict[int, State] = {}
        self.known = 0  # entries scanned for checkpoints

    def _fresh(self) -> Session[State]:
        return Session(
            RULES, GameRecord(self.row.game, self.row.scenario, self.row.options, self.row.seed)
        )

    def state_at(self, actions: list[str], step: int) -> State:
        base = max((i for i in self.checkpoints if i <= step), default=0)
        session = self._fresh()
        if base:
            session.state = self.checkpoints[base].clone()
        for i in range(base, step):
            text = actions[i]
            if text == UNDO:
                session.undo()
            else:
                session.apply(text)
            n = i + 1
            if n % self.EVERY == 0 and n not in self.checkpoints and not session.can_undo():
                self.checkpoints[n] = session.state.clone()
        return session.state
