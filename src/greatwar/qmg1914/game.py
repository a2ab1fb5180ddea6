"""Quartermaster General: 1914's descriptor: how every layer above the engine sees this game.

>>> from greatwar.core.games import game
>>> g = game("qmg1914")
>>> g.seats
('ahoe', 'ru', 'de', 'frit', 'ukus')
>>> g.seat_groups(2)
[('ahoe', 'de'), ('ru', 'frit', 'ukus')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from greatwar.core import i18n
from greatwar.core.actions import Action
from greatwar.core.bot import Bot
from greatwar.core.errors import MalformedActionError
from greatwar.core.faces import TerminalFace, WebFace
from greatwar.core.games import Game, OptionInfo, ScenarioInfo, SeatInfo, StepGame, TeamInfo
from greatwar.core.research import Determinizer, Encoder
from greatwar.qmg1914 import engine, invariants, messages
from greatwar.qmg1914.data import POWER_NAMES, POWERS, TEAM_NAMES, TEAM_OF, TEAM_POWERS, TEAMS
from greatwar.qmg1914.flow import STEPS
from greatwar.qmg1914.options import OPTIONS, normalise
from greatwar.qmg1914.state import State
from greatwar.qmg1914.view import view as _view

VERSION = "2"
"""The engine version stored with every game; raise it when a rules change alters play."""

_SEATS = tuple(SeatInfo(p, POWER_NAMES[i], TEAMS[TEAM_OF[i]]) for i, p in enumerate(POWERS))

# PLAYER / POWER ASSIGNMENTS (the rulebook's chart for 2-5 players; one person may also hold
# every power).
_GROUPS: dict[int, list[tuple[str, ...]]] = {
    1: [POWERS],
    2: [("ahoe", "de"), ("ru", "frit", "ukus")],
    3: [("ahoe", "de"), ("ru", "frit"), ("ukus",)],
    4: [("ahoe", "de"), ("ru",), ("frit",), ("ukus",)],
    5: [(p,) for p in POWERS],
}


def _check_scenario(scenario: str) -> None:
    if scenario != engine.SCENARIO:
        raise MalformedActionError(
            f"unknown scenario {scenario!r} for Quartermaster General: 1914; expected "
            f"{engine.SCENARIO!r}"
        )


class Quartermaster1914(StepGame[State]):
    """Quartermaster General: 1914 as a :class:`greatwar.core.games.Game`."""

    id = "qmg1914"
    name = "qmg1914"
    title = "Quartermaster General: 1914"
    version = VERSION
    seats: tuple[str, ...] = POWERS
    default_scenario = engine.SCENARIO
    steps = STEPS
    state_class = State

    def seat_info(self) -> tuple[SeatInfo, ...]:
        return _SEATS

    def teams(self) -> tuple[TeamInfo, ...]:
        return tuple(
            TeamInfo(TEAMS[t], TEAM_NAMES[t], tuple(POWERS[p] for p in TEAM_POWERS[t]))
            for t in (0, 1)
        )

    def seat_groups(self, people: int) -> list[tuple[str, ...]]:
        groups = _GROUPS.get(people) if isinstance(people, int) else None
        if groups is None:
            raise MalformedActionError(
                "Quartermaster General: 1914 is played by 2 to 5 people (or one holding every "
                f"power), not {people!r}"
            )
        return list(groups)

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        return (ScenarioInfo(engine.SCENARIO, "The 1914 game", "SETUP: 17 rounds"),)

    def options(self, scenario: str) -> tuple[OptionInfo, ...]:
        _check_scenario(scenario)
        return tuple(
            OptionInfo(o.name, o.default, o.choices, o.description) for o in OPTIONS.values()
        )

    def normalise_options(self, scenario: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
        _check_scenario(scenario)
        return normalise(options)

    def new_game(self, scenario: str, options: Mapping[str, Any] | None, seed: int) -> State:
        _check_scenario(scenario)
        return engine.new_game(options, seed)

    def check(self, s: State, action: str | Action, seat: str | None = None) -> Action:
        return engine.check(s, action, seat)

    def view(self, s: State, seat: str) -> dict[str, Any]:
        return _view(s, seat)

    def problems(self, s: State) -> list[str]:
        return invariants.problems(s)

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        """Its own bots: the strengths ``easy`` (the heuristic) and ``normal`` (the search),
        and ``heuristic`` and ``search`` by their own names (the game-agnostic random bot,
        greatwar.bots.COMMON, plays it too)."""
        from greatwar.qmg1914.bots.levels import LEVELS

        return dict(LEVELS)

    def render_log(self, entry: Mapping[str, Any], lang: str = "en") -> str:
        return messages.render(entry, lang)

    # -- optional hooks (greatwar.core.games) -----------------------------------------------

    def terminal(self, lang: str = i18n.DEFAULT_LANG) -> TerminalFace:
        from greatwar.qmg1914.terminal import QmgTerminal

        return QmgTerminal(lang)

    def languages(self) -> tuple[str, ...]:
        return i18n.LANGS

    def catalogues(self) -> list[i18n.Catalogue]:
        import greatwar.qmg1914.card_text
        import greatwar.qmg1914.terminal
        import greatwar.qmg1914.web  # noqa: F401  (their catalogues register on import)

        return i18n.catalogues("qmg1914")

    def names(self, lang: str) -> dict[str, Any]:
        from greatwar.qmg1914 import lang as T

        return {
            "title": T.word("title", lang),
            "seats": {p: T.forms(f"power.{p}", lang) for p in POWERS},
            "teams": {t: T.forms(f"team.{t}", lang) for t in TEAMS},
            "scenarios": {engine.SCENARIO: T.word("scenario.1914", lang)},
            "options": {
                o.name: T.OPTION.get(o.name, lang) or o.description for o in OPTIONS.values()
            },
        }

    def declined(self, lang: str) -> dict[str, list[Any]]:
        from greatwar.qmg1914 import lang as T
        from greatwar.qmg1914.data import COUNTRIES, SPACES

        return {
            "space": [T.space(x.id, lang) for x in SPACES],
            "country": [T.country(c, lang) for c in COUNTRIES],
            "power": [T.forms(f"power.{p}", lang) for p in POWERS],
            "team": [T.forms(f"team.{t}", lang) for t in TEAMS],
            "title": [T.title(k, lang) for k in T.CARD.table(i18n.DEFAULT_LANG)],
        }

    def words(self, lang: str) -> dict[str, str]:
        from greatwar.qmg1914 import lang as T

        return {k: T.word(k, lang) for k in T.WORDS.table(i18n.DEFAULT_LANG)}

    def prompt(self, view: Mapping[str, Any], lang: str) -> str:
        from greatwar.qmg1914.terminal import prompt_text

        return prompt_text(view, lang) if view.get("legal") else ""

    def texts(
        self, s: State, seat: str, lang: str, entries: Sequence[Mapping[str, Any]]
    ) -> list[str]:
        """Every text ``seat`` reads now in ``lang`` (the given log entries, the prompt, the
        actions described, the terminal's position and card texts), rendered strictly:
        :class:`greatwar.qmg1914.messages.TextError` when a template is missing or does not
        fit."""
        from greatwar.core.faces import plain_texts
        from greatwar.qmg1914.terminal import QmgTerminal

        out = [messages.render(e, lang, strict=True) for e in entries]
        v = _view(s, seat)
        face = QmgTerminal(lang)
        if v["legal"]:
            out.append(self.prompt(v, lang))
            out.extend(face.describe(a) for a in v["legal"])
        out.extend(plain_texts(face.position(v)))
        out.extend(plain_texts(face.cards(v)))
        if s.result is not None:
            out.append(face.result(s.result))
        return out

    def web(self) -> WebFace:
        from greatwar.qmg1914.web import QmgWeb

        return QmgWeb()

    def card_report(self, tested: Mapping[str, Sequence[str]]) -> dict[str, Any]:
        from greatwar.qmg1914.report import card_report

        return card_report(tested)

    def rules_index(self) -> list[tuple[str, str]]:
        from greatwar.qmg1914.report import rules_index

        return rules_index()

    def benchmarks(
        self, scenario: str, options: Mapping[str, Any] | None, seed: int
    ) -> dict[str, Any]:
        from greatwar.qmg1914.benchmarks import benchmarks

        _check_scenario(scenario)
        return benchmarks(scenario, options, seed)

    def win_chances(self, positions: Iterable[tuple[int, Any]]) -> list[dict[str, Any]]:
        """Each team's chance to win at the start of every power's turn (the replay's
        analysis; :mod:`greatwar.qmg1914.analysis`)."""
        from greatwar.qmg1914.analysis import win_chances

        return win_chances(positions)

    def encoder(self) -> Encoder:
        """The token vocabulary and the observation encoding of a view (greatwar.env)."""
        from greatwar.qmg1914.encoding import ENCODER

        return ENCODER

    def determinizer(self) -> Determinizer[State]:
        """Hidden-card resampling, for search (greatwar.env.openspiel)."""
        from greatwar.qmg1914.encoding import DETERMINIZER

        return DETERMINIZER


GAME: Game[State] = Quartermaster1914()
