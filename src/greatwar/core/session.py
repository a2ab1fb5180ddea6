"""Sessions: a game as its set-up plus its action log, with undo and replay.

A :class:`GameRecord` is what is persisted: which game (and the version of its engine that made
the record), scenario, options and seed, and the append-only list of action texts (``undo``
entries included). :func:`load_record` reads one and finds its game, refusing a record of an
unknown game or of another game than asked. Replaying a record reproduces the
state bit for bit. A :class:`Session` holds a live game: it applies actions atomically (a failing
action leaves the state as it was), keeps undo points, and keeps the record up to date.

Undo (DESIGN "Undo"): a seat may take back its own decisions while it is still the seat to act
and nothing random or hidden was revealed since: an action that rolled a die, drew or shuffled
cards, revealed a hand, or passed the decision to the other seat is a barrier that undo never
crosses. This holds for any number of seats: a barrier is any change of the seat to act.

Time-outs: a game between people may be played on clocks (the server's business), and a seat
whose clock runs out loses. That end is no rule of any game, so the session records it, not the
engine: the record entry ``time-out <seat>`` (:meth:`Session.time_out`) ends the game for the
team of that seat (the seat to act), in favour of the other team; the state is left as it was,
:attr:`Session.outcome` gives the result and the view carries it, with a log entry of the core
(``"k": "core.time_out"``, rendered by :func:`render_entry`). Replaying the record reaches the
same end, since the entry is part of it like ``undo``.

Resignation works the same way: the record entry ``resign <seat>`` (:meth:`Session.resign`),
made by the seat to act at one of its own decisions, ends the game for that seat's team in
favour of the other (``"reason": "resign"``, log key ``core.resign``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from greatwar.core import i18n
from greatwar.core.actions import Action
from greatwar.core.errors import (
    CorruptStateError,
    GameError,
    IllegalActionError,
    MalformedActionError,
)
from greatwar.core.games import Game, UnknownGameError, game, seat_names, team_names, team_of

UNDO = "undo"
TIME_OUT = "time-out"
"""The record entry ``time-out <seat>``: the seat to act ran out of time and its team lost."""
TIME_OUT_KEY = "core.time_out"
"""The key of the log entry a time-out adds to every seat's view."""
RESIGN = "resign"
"""The record entry ``resign <seat>``: the seat to act resigned and its team lost."""
RESIGN_KEY = "core.resign"
"""The key of the log entry a resignation adds to every seat's view."""
ENDS = {TIME_OUT: ("time", TIME_OUT_KEY), RESIGN: ("resign", RESIGN_KEY)}
"""The ends that are no rule of any game: record entry -> (the result's reason, its log key)."""
KEYS = {reason: key for reason, key in ENDS.values()}


S = TypeVar("S")


@dataclass
class GameRecord:
    """The persistent form of a game: its set-up and its append-only action log."""

    game: str
    scenario: str
    options: dict[str, Any] | None
    seed: int
    actions: list[str] = field(default_factory=list)
    version: str | None = None  # the engine version that made it (None: not recorded)

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "format": "greatwar.record/1",
            "game": self.game,
            "version": self.version,
            "scenario": self.scenario,
            "options": self.options,
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.version is None:
            del doc["version"]
        return doc

    @classmethod
    def from_json(cls, doc: Any) -> GameRecord:
        """A record from its JSON form; :class:`CorruptStateError` naming the first field that
        is missing or wrong (each field is checked for its type and size)."""
        if not isinstance(doc, dict) or doc.get("format") != "greatwar.record/1":
            raise CorruptStateError("not a greatwar game record")
        for key in ("game", "scenario", "seed", "actions"):
            if key not in doc:
                raise CorruptStateError(f"game record lacks {key!r}")
        game, scenario, seed = doc["game"], doc["scenario"], doc["seed"]
        options, actions, version = doc.get("options"), doc["actions"], doc.get("version")
        if not _short_text(game):
            raise CorruptStateError(f"game record: 'game' must be a short text, not {_shown(game)}")
        if not _short_text(scenario):
            raise CorruptStateError(
                f"game record: 'scenario' must be a short text, not {_shown(scenario)}"
            )
        if version is not None and not _short_text(version):
            raise CorruptStateError(
                f"game record: 'version' must be a short text, not {_shown(version)}"
            )
        if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
            raise CorruptStateError(
                f"game record: 'seed' must be a whole number from 0 to 2^63-1, not {_shown(seed)}"
            )
        if options is not None and not isinstance(options, dict):
            raise CorruptStateError(
                f"game record: 'options' must be an object, not {_shown(options)}"
            )
        if not isinstance(actions, list):
            raise CorruptStateError(f"game record: 'actions' must be a list, not {_shown(actions)}")
        for i, a in enumerate(actions):
            if not isinstance(a, str) or len(a) > ACTION_TEXT_LIMIT:
                raise CorruptStateError(
                    f"game record: action {i} must be a text of at most {ACTION_TEXT_LIMIT} "
                    f"characters, not {_shown(a)}"
                )
        return cls(game, scenario, options, seed, list(actions), version)


SEED_LIMIT = 2**63
"""Seeds are whole numbers in [0, 2^63): they fit a signed 64-bit database column."""
ACTION_TEXT_LIMIT = 400
"""The longest action text a record may hold (the store's column)."""


def _short_text(x: Any) -> bool:
    return isinstance(x, str) and 0 < len(x) <= 64


def _shown(x: Any) -> str:
    """A value for an error message, cut short (a record may hold anything)."""
    if x is None or isinstance(x, bool):
        return json.dumps(x)
    if isinstance(x, int):
        return str(x) if -(10**30) < x < 10**30 else "a number of over 30 digits"
    if isinstance(x, str):
        return repr(x) if len(x) <= 40 else f"a text of {len(x)} characters"
    if isinstance(x, float):
        return repr(x)
    return "an object" if isinstance(x, dict) else "a list" if isinstance(x, list) else "that"


class Session(Generic[S]):
    """A live game: state, record, undo points."""

    def __init__(self, rules: Game[S], record: GameRecord) -> None:
        if record.game != rules.id:
            raise UnknownGameError(
                f"this is a record of the game {record.game!r}, not of {rules.id!r} ({rules.title})"
            )
        self.rules = rules
        self.record = GameRecord(
            record.game, record.scenario, record.options, record.seed, [], record.version
        )
        self.state: S = rules.new_game(record.scenario, record.options, record.seed)
        self._undo: list[tuple[S, str | None]] = []  # (state before, seat that acted)
        self.effective: list[str] = []  # the actions in force (undone ones removed)
        self.verdict: dict[str, Any] | None = None  # the end by time-out, if the game had one
        for text in record.actions:
            self.play_entry(text)

    @classmethod
    def new(
        cls, rules: Game[S], scenario: str, options: dict[str, Any] | None = None, seed: int = 0
    ) -> Session[S]:
        return cls(rules, GameRecord(rules.id, scenario, options, seed, version=rules.version))

    # -- playing ---------------------------------------------------------------------

    def apply(self, action: str | Action, seat: str | None = None) -> Action:
        """Apply one action for ``seat`` (or for whoever is to act). Atomic: on any error the
        state and the record are unchanged."""
        if seat is not None and seat not in self.rules.seats:
            raise MalformedActionError(
                f"unknown seat {seat!r}; expected one of {', '.join(self.rules.seats)}"
            )
        if self.verdict is not None:
            raise IllegalActionError(self.over_text)
        a = self.rules.check(self.state, action, seat)
        actor = self.rules.to_act(self.state)
        before = self.rules.clone(self.state)
        try:
            self.rules.apply_unchecked(self.state, a)
        except Exception:
            self.state = before
            raise
        if (
            self.rules.chance(self.state) != self.rules.chance(before)
            or self.rules.to_act(self.state) != actor
        ):
            self._undo.clear()  # a barrier: dice, cards or the other seat's turn
        else:
            self._undo.append((before, actor))
        text = str(a)
        self.record.actions.append(text)
        self.effective.append(text)
        return a

    def play_entry(self, text: str, seat: str | None = None) -> None:
        """Play one record entry: an action (for ``seat``, or whoever is to act), ``undo`` (of
        ``seat``'s last decision) or a time-out."""
        if text == UNDO:
            self.undo(seat)
        elif text.startswith(TIME_OUT + " "):
            self.time_out(text[len(TIME_OUT) + 1 :])
        elif text.startswith(RESIGN + " "):
            self.resign(text[len(RESIGN) + 1 :])
        else:
            self.apply(text, seat)

    def time_out(self, seat: str) -> dict[str, Any]:
        """End the game because ``seat``, the seat to act, ran out of time: its team loses and
        the other team wins (a game of two teams only). Returns the outcome; atomic like
        :meth:`apply` (nothing changes on a refusal)."""
        return self._concede(seat, TIME_OUT)

    def resign(self, seat: str) -> dict[str, Any]:
        """End the game because ``seat``, the seat to act, resigned: its team loses and the
        other team wins (a game of two teams only). Returns the outcome; atomic like
        :meth:`apply`."""
        return self._concede(seat, RESIGN)

    def _concede(self, seat: str, entry: str) -> dict[str, Any]:
        if seat not in self.rules.seats:
            raise MalformedActionError(
                f"unknown seat {seat!r}; expected one of {', '.join(self.rules.seats)}"
            )
        if self.over:
            raise IllegalActionError(self.over_text)
        if self.rules.to_act(self.state) != seat:
            if entry == TIME_OUT:
                raise IllegalActionError(f"only the seat to act can run out of time, not {seat}")
            raise IllegalActionError("a seat resigns at one of its own decisions")
        loser = team_of(self.rules)[seat]
        others = [t.id for t in self.rules.teams() if t.id != loser]
        if len(others) != 1:
            raise IllegalActionError("a game ends this way only between two teams")
        self.verdict = {"outcome": others[0], "reason": ENDS[entry][0], "seat": seat}
        self._undo.clear()  # a barrier: nothing before it can be taken back
        text = f"{entry} {seat}"
        self.record.actions.append(text)
        self.effective.append(text)
        return dict(self.verdict)

    @property
    def over_text(self) -> str:
        """Why no more actions are taken, in words."""
        v = self.verdict
        if v is None:
            return "the game is over"
        name = seat_names(self.rules).get(str(v.get("seat")), str(v.get("seat")))
        if v.get("reason") == "resign":
            return f"the game is over: the {name} resigned"
        return f"the game is over: the {name} ran out of time"

    def can_undo(self, seat: str | None = None) -> bool:
        if not self._undo:
            return False
        return seat is None or self._undo[-1][1] == seat

    def undo(self, seat: str | None = None) -> None:
        """Take back the last action of ``seat`` (see the module docstring for the limits)."""
        if not self.can_undo(seat):
            raise IllegalActionError(
                "nothing to undo: undo stops at a die roll, a card draw, a revealed card or "
                "the other player's decision"
            )
        self.state, _ = self._undo.pop()
        self.record.actions.append(UNDO)
        self.effective.pop()

    # -- reading ---------------------------------------------------------------------

    def view(self, seat: str) -> dict[str, Any]:
        v = self.rules.view(self.state, seat)
        v["can_undo"] = self.can_undo(seat)
        return self.with_verdict(v)

    def with_verdict(self, v: dict[str, Any]) -> dict[str, Any]:
        """A view of the position with an end by time-out or resignation written in (its
        result, no one to act, and the log entry saying so); :meth:`view` does it for a seat's
        view, a driver for the others (an observer's)."""
        if self.verdict is not None:
            v["result"] = dict(self.verdict)
            v["to_act"] = None
            v["prompt"] = None
            v["legal"] = []
            log = v.get("log")
            if isinstance(log, list):
                entry = {"k": KEYS.get(str(self.verdict.get("reason")), TIME_OUT_KEY)}
                entry.update(self.verdict)
                last = log[-1] if log and isinstance(log[-1], dict) else {}
                for key in ("t", "p"):  # grouped with the last entry's turn by a client
                    if key in last:
                        entry[key] = last[key]
                log.append(entry)
        return v

    @property
    def outcome(self) -> dict[str, Any] | None:
        """How the game ended (the engine's outcome, or the end by time-out), or None."""
        if self.verdict is not None:
            return dict(self.verdict)
        return self.rules.outcome(self.state)

    @property
    def to_act(self) -> str | None:
        """The seat to act (None once the game ended on time)."""
        return None if self.verdict is not None else self.rules.to_act(self.state)

    @property
    def over(self) -> bool:
        return self.verdict is not None or self.rules.outcome(self.state) is not None

    @property
    def serial(self) -> int:
        """The number of decisions in force (the ply): clients send back the serial of the
        position they acted on, so an action on a stale position is refused."""
        return len(self.effective)


CORE_TEXTS = i18n.register(
    "greatwar",
    i18n.Catalogue(
        "greatwar.core",
        {
            "en": {
                "time_out": "The {seat} ran out of time and lost: {team} win the game on time",
                "resign": "The {seat} resigned: {team} win the game",
            },
            "ru": {
                "time_out": "{seat}: время вышло, это поражение; по времени "
                "{team:agree:sg=побеждает|pl=побеждают} {team.nom}",
                "resign": "{seat}: сдача партии; {team:agree:sg=побеждает|pl=побеждают} {team.nom}",
            },
        },
    ),
)
"""The texts of the core's own log entries (a time-out, a resignation), in every language."""


def render_entry(rules: Game[Any], entry: Mapping[str, Any], lang: str = "en") -> str:
    """The text of a log entry of a view: the core's own entries (a time-out) by the core,
    the others by the game (``render_log``)."""
    if entry.get("k") in (TIME_OUT_KEY, RESIGN_KEY):
        seat = str(entry.get("seat"))
        named = None if lang == "en" else lang  # English: the descriptor's own names
        name = seat_names(rules, named).get(seat, seat)
        teams = team_names(rules, named)
        won = teams.get(str(entry.get("outcome")), str(entry.get("outcome")))
        key = "resign" if entry.get("k") == RESIGN_KEY else "time_out"
        return CORE_TEXTS.text(key, lang, seat=name, team=won)
    return rules.render_log(entry, lang)


def replay(rules: Game[S], record: GameRecord) -> S:
    """The state a record leads to (raises the engine's errors if the record is invalid)."""
    return Session(rules, record).state


RECORD_BYTES_LIMIT = 64 * 2**20
"""The largest record file :func:`parse_record` reads (a long game is well under 1 MiB)."""


def parse_record(data: bytes, expected: str | None = None) -> tuple[Game[Any], GameRecord]:
    """A record from the bytes of a file, and its game's descriptor.

    Every way the bytes can be wrong (not UTF-8, not JSON, JSON nested too deeply or with a
    number too long to read, a field of the wrong type or size, an unknown game or another game
    than ``expected``) raises :class:`greatwar.core.errors.GameError` with one line saying
    what is wrong, never another exception."""
    if len(data) > RECORD_BYTES_LIMIT:
        raise CorruptStateError(f"the file is larger than {RECORD_BYTES_LIMIT // 2**20} MiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CorruptStateError(f"the file is not UTF-8 text (byte {e.start})") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise CorruptStateError(f"the file is not JSON ({e.msg} at line {e.lineno})") from None
    except RecursionError:
        raise CorruptStateError("the file's JSON is nested too deeply to be a record") from None
    except ValueError as e:  # a number too long to convert (sys.get_int_max_str_digits)
        raise CorruptStateError(f"the file's JSON cannot be read: {str(e)[:80]}") from None
    return load_record(doc, expected)


def replay_checked(rules: Game[S], record: GameRecord) -> Session[S]:
    """Replay a record read from outside: its options checked by the game first, and an entry
    that cannot be replayed named by its index (:class:`CorruptStateError`). An engine defect
    on some entry is reported the same way, never as another exception."""
    try:
        options = rules.normalise_options(record.scenario, record.options)
    except GameError as e:
        raise CorruptStateError(f"the record's set-up is refused: {e}") from None
    start = GameRecord(record.game, record.scenario, options, record.seed, [], record.version)
    try:
        session = Session(rules, start)
    except Exception as e:
        raise CorruptStateError(f"the record's set-up cannot start: {e}") from None
    for i, text in enumerate(record.actions):
        try:
            session.play_entry(text)
        except Exception as e:
            raise CorruptStateError(
                f"record entry {i} ({text[:60]!r}) cannot be replayed: {e}"
            ) from None
    return session


def load_record(doc: Any, expected: str | None = None) -> tuple[Game[Any], GameRecord]:
    """A record read from its JSON form and the descriptor of its game.

    Raises :class:`CorruptStateError` for a document that is not a record and
    :class:`UnknownGameError` for a record of a game no package registers, or of another game
    than ``expected``."""
    record = GameRecord.from_json(doc)
    if expected is not None and record.game != expected:
        raise UnknownGameError(f"this is a record of the game {record.game!r}, not of {expected!r}")
    return game(record.game), record
