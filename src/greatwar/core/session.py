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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from greatwar.core.actions import Action
from greatwar.core.errors import CorruptStateError, IllegalActionError
from greatwar.core.games import Game, UnknownGameError, game

UNDO = "undo"


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
        if not isinstance(doc, dict) or doc.get("format") != "greatwar.record/1":
            raise CorruptStateError("not a greatwar game record")
        try:
            game, scenario, seed = doc["game"], doc["scenario"], doc["seed"]
            options, actions = doc.get("options"), doc["actions"]
        except KeyError as e:
            raise CorruptStateError(f"game record lacks {e}") from None
        version = doc.get("version")
        if not (
            isinstance(game, str)
            and (version is None or isinstance(version, str))
            and isinstance(scenario, str)
            and isinstance(seed, int)
            and (options is None or isinstance(options, dict))
            and isinstance(actions, list)
            and all(isinstance(a, str) for a in actions)
        ):
            raise CorruptStateError("game record fields have the wrong types")
        return cls(game, scenario, options, seed, list(actions), version)


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
        for text in record.actions:
            if text == UNDO:
                self.undo()
            else:
                self.apply(text)

    @classmethod
    def new(
        cls, rules: Game[S], scenario: str, options: dict[str, Any] | None = None, seed: int = 0
    ) -> Session[S]:
        return cls(rules, GameRecord(rules.id, scenario, options, seed, version=rules.version))

    # -- playing ---------------------------------------------------------------------

    def apply(self, action: str | Action, seat: str | None = None) -> Action:
        """Apply one action for ``seat`` (or for whoever is to act). Atomic: on any error the
        state and the record are unchanged."""
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
        return v

    @property
    def over(self) -> bool:
        return self.rules.outcome(self.state) is not None

    @property
    def serial(self) -> int:
        """The number of decisions in force (the ply): clients send back the serial of the
        position they acted on, so an action on a stale position is refused."""
        return len(self.effective)


def replay(rules: Game[S], record: GameRecord) -> S:
    """The state a record leads to (raises the engine's errors if the record is invalid)."""
    return Session(rules, record).state


def load_record(doc: Any, expected: str | None = None) -> tuple[Game[Any], GameRecord]:
    """A record read from its JSON form and the descriptor of its game.

    Raises :class:`CorruptStateError` for a document that is not a record and
    :class:`UnknownGameError` for a record of a game no package registers, or of another game
    than ``expected``."""
    record = GameRecord.from_json(doc)
    if expected is not None and record.game != expected:
        raise UnknownGameError(f"this is a record of the game {record.game!r}, not of {expected!r}")
    return game(record.game), record
