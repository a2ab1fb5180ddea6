"""The registry of games: one descriptor per game package, found by its id.

Everything above the engines (sessions, the store, the server, the web client, the terminal,
the arena, selfplay, bench, replay, the research environment) finds a game here and talks to it
only through its :class:`Game` descriptor: it never imports a game package by name.

A game package registers itself by listing its descriptor in :data:`KNOWN`, the table of
``id -> "module:attribute"``; the module is imported the first time the game is asked for, so
loading one game never loads the others.

Besides the calls every game has (:class:`Game`), a game may offer optional hooks, each a small
protocol of its own that callers test with ``isinstance`` and do without when it is absent:
:class:`HasTerminal` (its terminal renderer), :class:`HasWeb` (its face in the web client),
:class:`HasLanguages` (its texts in several languages),
:class:`HasCardReport` and :class:`HasRulesIndex` (``greatwar cards`` and ``greatwar
rules-coverage``), :class:`HasBenchmarks` (its own figures for ``greatwar bench``) and
:class:`HasAnalysis` (each side's chance to win through a finished game, for its replay).

>>> from greatwar.core.games import game
>>> g = game("pog")
>>> g.seats
('ap', 'cp')
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar, runtime_checkable

from greatwar.core.actions import Action
from greatwar.core.bot import Bot
from greatwar.core.errors import MalformedActionError
from greatwar.core.steps import HasStack, StepTable

if TYPE_CHECKING:
    from greatwar.core.faces import TerminalFace, WebFace
    from greatwar.core.i18n import Catalogue

KNOWN: dict[str, str] = {
    "pog": "greatwar.pog.game:GAME",
    "qmg1914": "greatwar.qmg1914.game:GAME",
}
"""Every game the product knows: its id and where its descriptor lives."""

DEFAULT_GAME = "pog"


class UnknownGameError(MalformedActionError):
    """A game id that no package registers (or a record of another game than asked)."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat of a game: a side (Paths of Glory) or a power (Quartermaster General)."""

    id: str
    name: str  # for people: "Allied Powers", "Germany"
    team: str  # the team id the seat plays for (its own id where there are no teams)


@dataclass(frozen=True, slots=True)
class ScenarioInfo:
    """A scenario (or set-up) a game can start from; ``aliases`` are other names people may
    type for it (``scenario_id`` accepts them)."""

    id: str
    name: str
    description: str = ""
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """A game option: its name, default and allowed values (None: any value its validator
    accepts), and a sentence for people. ``fixed``: the scenario asked about sets it to
    ``default`` whatever a player chooses."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    description: str = ""
    fixed: bool = False


@dataclass(frozen=True, slots=True)
class TeamInfo:
    id: str
    name: str
    seats: tuple[str, ...] = field(default_factory=tuple)


S = TypeVar("S")


class Game(Protocol[S]):
    """What a game package offers every layer above it.

    Seats are the descriptor's strings; a person may hold several seats at once
    (:meth:`seat_groups`). An outcome is a dict with at least ``"outcome"`` (a team id, or a
    game-specific word such as ``"draw"``), ``"reason"`` and ``"turn"``.

    Optional hooks for the research environment (``greatwar.env``), outside this protocol so a
    game may leave them out: ``encoder()`` returns a :class:`greatwar.core.research.Encoder`
    (the token vocabulary and the encoding of a view) and ``determinizer()`` a
    :class:`greatwar.core.research.Determinizer` (hidden-information resampling and chance
    outcomes given from outside, for search). See ``docs/env.md``.
    """

    id: str  # "pog"
    title: str  # "Paths of Glory"
    version: str  # the engine version of the package; stored with every game
    seats: tuple[str, ...]  # every seat, in the game's order of play
    default_scenario: str

    # -- who plays ----------------------------------------------------------------------

    def seat_info(self) -> tuple[SeatInfo, ...]: ...

    def teams(self) -> tuple[TeamInfo, ...]: ...

    def seat_groups(self, people: int) -> list[tuple[str, ...]]:
        """How ``people`` players share the seats (each tuple is one person's seats); raises
        :class:`MalformedActionError` for a number of people the game does not support. The
        server lets one person hold several seats only as one of these groups."""
        ...

    # -- how a game starts --------------------------------------------------------------

    def scenarios(self) -> tuple[ScenarioInfo, ...]: ...

    def options(self, scenario: str) -> tuple[OptionInfo, ...]: ...

    def normalise_options(self, scenario: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options as the game stores them, or :class:`MalformedActionError` naming what
        is wrong (an unknown scenario or option, a value out of range)."""
        ...

    def new_game(self, scenario: str, options: Mapping[str, Any] | None, seed: int) -> S: ...

    # -- the engine ---------------------------------------------------------------------

    def check(self, s: S, action: str | Action, seat: str | None = None) -> Action: ...

    def apply_unchecked(self, s: S, a: Action) -> None: ...

    def to_act(self, s: S) -> str | None:
        """The seat to decide now (None when the game is over)."""
        ...

    def legal_actions(self, s: S) -> list[Action]: ...

    def view(self, s: S, seat: str) -> dict[str, Any]:
        """What ``seat`` may know: plain JSON data with ``"seat"``, ``"legal"`` (the legal
        actions as text when the seat is to act, else empty) and ``"log"`` (the entries the seat
        may see, for :meth:`render_log`)."""
        ...

    def outcome(self, s: S) -> dict[str, Any] | None: ...

    def problems(self, s: S) -> list[str]:
        """Invariant violations of a state (empty when the state is valid)."""
        ...

    def hash(self, s: S) -> str: ...

    def clone(self, s: S) -> S:
        """An independent copy (cheap: search clones thousands)."""
        ...

    def chance(self, s: S) -> int:
        """A counter that moves whenever dice are rolled, cards drawn or shuffled or a hidden
        card revealed: undo never crosses a change of it."""
        ...

    def state_to_json(self, s: S) -> dict[str, Any]: ...

    def state_from_json(self, doc: Mapping[str, Any]) -> S: ...

    # -- its face -----------------------------------------------------------------------

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        """Its computer players by name, each built from a seed."""
        ...

    def render_log(self, entry: Mapping[str, Any], lang: str = "en") -> str:
        """One log entry as text for people."""
        ...


class StepState(HasStack, Protocol):
    """What :class:`StepGame` needs of a game's state (a :class:`greatwar.core.state.FieldState`
    with its step stack)."""

    chance: int
    result: dict[str, Any] | None

    def clone(self) -> Self: ...

    def hash(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    def from_json(cls, doc: Any) -> Self: ...


T = TypeVar("T", bound=StepState)


class StepGame(Generic[T]):
    """The :class:`Game` calls that a game built on a :class:`greatwar.core.steps.StepTable`
    and a state of fields answers alike: a descriptor subclasses it, names its ``steps`` and
    ``state_class``, and gives the rest (``check``, ``view``, ``problems``...) itself. Seat
    numbers index ``seats``."""

    seats: tuple[str, ...]
    steps: StepTable[T]
    state_class: type[T]

    def apply_unchecked(self, s: T, a: Action) -> None:
        self.steps.apply(s, a)

    def to_act(self, s: T) -> str | None:
        seat = self.steps.seat(s)
        return None if seat is None else self.seats[seat]

    def legal_actions(self, s: T) -> list[Action]:
        return self.steps.legal(s)

    def outcome(self, s: T) -> dict[str, Any] | None:
        return s.result

    def hash(self, s: T) -> str:
        return s.hash()

    def clone(self, s: T) -> T:
        return s.clone()

    def chance(self, s: T) -> int:
        return s.chance

    def state_to_json(self, s: T) -> dict[str, Any]:
        return s.to_json()

    def state_from_json(self, doc: Mapping[str, Any]) -> T:
        return self.state_class.from_json(doc)


# -- optional hooks -------------------------------------------------------------------------


@runtime_checkable
class HasTerminal(Protocol):
    """A game that draws itself in the terminal (``greatwar play``, ``greatwar demo``).
    Without it the terminal shows the prompt, the legal actions and the log as text. A game
    that also has :class:`HasLanguages` takes the language: ``terminal(lang)``."""

    def terminal(self) -> TerminalFace: ...


@runtime_checkable
class HasLanguages(Protocol):
    """A game that speaks several languages (:mod:`greatwar.core.i18n`): its log, prompts,
    faces and names in each. :meth:`Game.render_log` takes the language of the reader
    (``render_log(entry, lang)``: the log is stored as structured entries and rendered when
    read); its terminal face is made for a language (``terminal(lang)``) and its web face, if
    it has one, dresses a view and gives its drawing data in one (``dress(view, state, lang)``,
    ``static_data(lang)``). ``greatwar messages --check`` reads its catalogues and renders
    random games with :meth:`texts`."""

    def languages(self) -> tuple[str, ...]:
        """The languages it speaks, English first."""
        ...

    def catalogues(self) -> list[Catalogue]:
        """Every catalogue of its texts (English beside each other language)."""
        ...

    def names(self, lang: str) -> dict[str, Any]:
        """Its names for people in ``lang``: ``{"title": str, "seats": {id: name}, "teams":
        {id: name}, "scenarios": {id: name}, "options": {name: help}}``."""
        ...

    def words(self, lang: str) -> dict[str, str]:
        """Its words in ``lang`` by key (nations, terrains, phases, tracks...: the labels a
        client draws with), every key of the English table present."""
        ...

    def prompt(self, view: Mapping[str, Any], lang: str) -> str:
        """The question a seat's view asks now, as a sentence in ``lang`` ("" when the seat
        has nothing to decide)."""
        ...

    def texts(
        self, s: Any, seat: str, lang: str, entries: Sequence[Mapping[str, Any]]
    ) -> list[str]:
        """Every text ``seat`` reads now in ``lang``: the given log entries, the prompt, the
        legal actions described, and what its faces show; rendered strictly, so a template
        that is missing or does not fit its arguments raises ``ValueError``."""
        ...

    def declined(self, lang: str) -> dict[str, list[Any]]:
        """The names its sentences insert in ``lang``, by kind (``"space"``, ``"side"``,
        ``"team"``...), each a :class:`~greatwar.core.i18n.Forms` with its cases and gender or
        number, and its card titles under ``"title"`` (sentences put a title after a noun that
        takes the case, so titles are not declined): the grammar check of
        :mod:`greatwar.grammar_ru` reads them."""
        ...


@runtime_checkable
class HasWeb(Protocol):
    """A game with a face in the web client (map data, view dressing, the game list, the
    replay of every seat). Without it the server still plays the game: views go out as the
    engine gives them, with the log rendered by :meth:`Game.render_log`."""

    def web(self) -> WebFace: ...


@runtime_checkable
class HasCardReport(Protocol):
    """A card game that reports which card events it implements (``greatwar cards``)."""

    def card_report(self, tested: Mapping[str, Sequence[str]]) -> dict[str, Any]:
        """Every card and whether its event is implemented. ``tested`` maps a card id to the
        tests marked ``@pytest.mark.card(id)`` under ``tests/<game id>/``. The answer is
        ``{"cards": rows, "columns": [[key, heading], ...], "total": n, "implemented": n,
        "missing": [ids]}``; each row has at least ``id``, ``name``, ``implemented`` and
        ``tests`` (a count), and ``columns`` names the row's other fields worth a column."""
        ...


@runtime_checkable
class HasRulesIndex(Protocol):
    """A game with an index of its rulebook (``greatwar rules-coverage``)."""

    def rules_index(self) -> list[tuple[str, str]]:
        """Every rule (its number, or its heading in capitals) with its tag: ``core``,
        ``scenario``, ``optional``, ``card-specific`` or ``none`` (no requirement). Tests under
        ``tests/<game id>/`` name the rules they check with ``@pytest.mark.rule(...)``."""
        ...


@runtime_checkable
class HasBenchmarks(Protocol):
    """A game with figures of its own for ``greatwar bench`` (printed, never judged)."""

    def benchmarks(
        self, scenario: str, options: Mapping[str, Any] | None, seed: int
    ) -> dict[str, Any]:
        """Timings of the game's own costly parts (a combat, a supply recomputation...),
        measured on positions it makes from ``seed``: name -> number."""
        ...


@runtime_checkable
class HasAnalysis(Protocol):
    """A game whose positions its evaluator can read as each team's chance to win: the
    replay of a finished game draws them after every action round and lists the turning points
    (:func:`greatwar.core.analysis.analyse`). Never asked during a game between people."""

    def win_chances(self, positions: Iterable[tuple[int, Any]]) -> list[dict[str, Any]]:
        """One point at the start of every action round (and one at the end of the game):
        ``{"step": n, "at": {...}, "chances": {team id: probability}}``. ``positions`` gives
        ``(step, state)`` after every record entry in order, step 0 being the set-up; a state
        may change once the next is asked for (read it at once), and an undo in the record
        may take the game back to an earlier action round (its later points then go). ``at``
        names the action round starting there in plain data (a turn, a round, a seat), or is
        ``{"end": true}``; the chances of the teams add up to one."""
        ...


# -- the registry ---------------------------------------------------------------------------

_LOADED: dict[str, Game[Any]] = {}


def games() -> list[str]:
    """The ids of every known game, the default first."""
    return [DEFAULT_GAME, *sorted(g for g in KNOWN if g != DEFAULT_GAME)]


def game(game_id: str = DEFAULT_GAME) -> Game[Any]:
    """The descriptor of a game by id (imports its package on first use)."""
    found = _LOADED.get(game_id)
    if found is not None:
        return found
    where = KNOWN.get(game_id) if isinstance(game_id, str) else None
    if where is None:
        raise UnknownGameError(f"unknown game {game_id!r}; expected one of: {', '.join(games())}")
    module, attr = where.split(":")
    descriptor: Game[Any] = getattr(importlib.import_module(module), attr)
    _LOADED[game_id] = descriptor
    return descriptor


def scenario_id(g: Game[Any], name: str) -> str:
    """The id of the scenario of ``g`` that ``name`` names (its id or an alias, in any case);
    :class:`MalformedActionError` naming the scenarios otherwise."""
    want = name.lower() if isinstance(name, str) else ""
    for sc in g.scenarios():
        if want == sc.id.lower() or want in (a.lower() for a in sc.aliases):
            return sc.id
    known = ", ".join(sc.id for sc in g.scenarios())
    raise MalformedActionError(f"unknown scenario {name!r} of {g.title}; expected one of: {known}")


def seat_names(g: Game[Any], lang: str | None = None) -> dict[str, str]:
    """Each seat's name for people (in ``lang`` when the game speaks it)."""
    names = {x.id: x.name for x in g.seat_info()}
    if lang is not None and isinstance(g, HasLanguages) and lang in g.languages():
        names.update(g.names(lang).get("seats", {}))
    return names


def title_of(g: Game[Any], lang: str | None = None) -> str:
    """The game's title (in ``lang`` when the game speaks it)."""
    if lang is not None and isinstance(g, HasLanguages) and lang in g.languages():
        return str(g.names(lang).get("title", g.title))
    return g.title


def team_names(g: Game[Any], lang: str | None = None) -> dict[str, str]:
    """Each team's name for people (in ``lang`` when the game speaks it)."""
    names = {t.id: t.name for t in g.teams()}
    if lang is not None and isinstance(g, HasLanguages) and lang in g.languages():
        names.update(g.names(lang).get("teams", {}))
    return names


def languages(g: Game[Any]) -> tuple[str, ...]:
    """The languages the game speaks (English alone for a game without
    :class:`HasLanguages`)."""
    return g.languages() if isinstance(g, HasLanguages) else ("en",)


def speaks(g: Game[Any], lang: str) -> bool:
    """Whether the game has its texts in ``lang`` (every game speaks English)."""
    if lang == "en":
        return True
    return isinstance(g, HasLanguages) and lang in g.languages()


def team_of(g: Game[Any]) -> dict[str, str]:
    """The team each seat plays for."""
    return {x.id: x.team for x in g.seat_info()}
