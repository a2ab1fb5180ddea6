"""Paths of Glory's descriptor: how every layer above the engine sees this game.

>>> from greatwar.core.games import game
>>> from greatwar.core.session import Session
>>> g = Session.new(game("pog"), "campaign", seed=7)
>>> g.rules.to_act(g.state)
'cp'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from greatwar.core.actions import Action
from greatwar.core.bot import Bot
from greatwar.core.errors import MalformedActionError
from greatwar.core.faces import TerminalFace, WebFace
from greatwar.core.games import Game, OptionInfo, ScenarioInfo, SeatInfo, TeamInfo
from greatwar.core.research import Determinizer, Encoder
from greatwar.pog import engine, invariants, messages
from greatwar.pog.scenarios import (
    ALIASES,
    DEFAULT_OPTIONS,
    OPTIONAL_CARD_MODES,
    SCENARIOS,
    find_scenario,
    normalise_options,
)
from greatwar.pog.state import State
from greatwar.pog.view import view as _view

VERSION = "3"
"""The engine version stored with every game; raise it when a rules change alters play or the
actions a record holds (3: strategic redeployment names the unit, then its destination; the
one-action form of version 2 records is still accepted)."""

_SEATS = (SeatInfo("ap", "Allied Powers", "ap"), SeatInfo("cp", "Central Powers", "cp"))

_OPTION_TEXT = {
    "hand8": ("Eight-card hands (9.1.4); always on in the Historical scenario.", (False, True)),
    "optional_cards": (
        "Optional cards 56-65: none, all, or each player selects (rulebook note).",
        OPTIONAL_CARD_MODES,
    ),
    "trench_mod": (
        "Trench roll modification (11.2.10); always on in the Historical scenario.",
        (False, True),
    ),
    "valiant": ("The Valiant variant deck.", (False, True)),
    "tournament": (
        "Tournament rules (5.6): draws count for the Allies; accepted peace: both lose.",
        (False, True),
    ),
    "bid": ("Tournament bid (5.6.1): one side cedes some VP to the other.", None),
}


class PathsOfGlory:
    """Paths of Glory (GMT, 2018 rules) as a :class:`greatwar.core.games.Game`."""

    id = "pog"
    title = "Paths of Glory"
    version = VERSION
    seats: tuple[str, ...] = ("ap", "cp")
    default_scenario = "historical"

    # -- who plays ----------------------------------------------------------------------

    def seat_info(self) -> tuple[SeatInfo, ...]:
        return _SEATS

    def teams(self) -> tuple[TeamInfo, ...]:
        return tuple(TeamInfo(x.id, x.name, (x.id,)) for x in _SEATS)

    def seat_groups(self, people: int) -> list[tuple[str, ...]]:
        if people == 1:
            return [("ap", "cp")]
        if people == 2:
            return [("ap",), ("cp",)]
        raise MalformedActionError("Paths of Glory is played by one or two people")

    # -- how a game starts --------------------------------------------------------------

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        return tuple(
            ScenarioInfo(
                x.id, x.name, f"rule {x.rule}", tuple(a for a, i in ALIASES.items() if i == x.id)
            )
            for x in SCENARIOS.values()
        )

    def options(self, scenario: str) -> tuple[OptionInfo, ...]:
        find_scenario(scenario)
        return tuple(
            OptionInfo(k, v, _OPTION_TEXT[k][1], _OPTION_TEXT[k][0])
            for k, v in DEFAULT_OPTIONS.items()
        )

    def normalise_options(self, scenario: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
        return normalise_options(find_scenario(scenario), options)

    def new_game(self, scenario: str, options: Mapping[str, Any] | None, seed: int) -> State:
        return engine.new_game(scenario, dict(options) if options is not None else None, seed)

    # -- the engine ---------------------------------------------------------------------

    def check(self, s: State, action: str | Action, seat: str | None = None) -> Action:
        return engine.check(s, action, seat)

    def apply_unchecked(self, s: State, a: Action) -> None:
        engine.apply_unchecked(s, a)

    def to_act(self, s: State) -> str | None:
        return engine.seat_name(engine.to_act(s))

    def legal_actions(self, s: State) -> list[Action]:
        return engine.legal_actions(s)

    def view(self, s: State, seat: str) -> dict[str, Any]:
        return _view(s, seat)

    def outcome(self, s: State) -> dict[str, Any] | None:
        return s.result

    def problems(self, s: State) -> list[str]:
        return invariants.problems(s)

    def hash(self, s: State) -> str:
        return s.hash()

    def clone(self, s: State) -> State:
        return s.clone()

    def chance(self, s: State) -> int:
        return s.chance

    def state_to_json(self, s: State) -> dict[str, Any]:
        return s.to_json()

    def state_from_json(self, doc: Mapping[str, Any]) -> State:
        return State.from_json(doc)

    # -- its face -----------------------------------------------------------------------

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        from greatwar.pog.bots.levels import LEVELS

        return dict(LEVELS)

    def render_log(self, entry: Mapping[str, Any], lang: str = "en") -> str:
        return messages.render(dict(entry), lang)

    # -- for research (greatwar.env; see greatwar.core.research) --------------------------

    def encoder(self) -> Encoder:
        """The token vocabulary and the observation encoding of a view."""
        from greatwar.pog.encoding import ENCODER

        return ENCODER

    def determinizer(self) -> Determinizer[State]:
        """Hidden-information resampling and explicit dice, for search."""
        from greatwar.pog.encoding import DETERMINIZER

        return DETERMINIZER

    # -- optional hooks (greatwar.core.games) -----------------------------------------------

    def terminal(self) -> TerminalFace:
        from greatwar.pog.terminal import PogTerminal

        return PogTerminal()

    def web(self) -> WebFace:
        from greatwar.pog.web import PogWeb

        return PogWeb()

    def card_report(self, tested: Mapping[str, Sequence[str]]) -> dict[str, Any]:
        from greatwar.pog.reports import card_report

        return card_report(tested)

    def rules_index(self) -> list[tuple[str, str]]:
        from greatwar.pog.reports import rules_index

        return rules_index()

    def benchmarks(
        self, scenario: str, options: Mapping[str, Any] | None, seed: int
    ) -> dict[str, Any]:
        from greatwar.pog.benchmarks import benchmarks

        return benchmarks(scenario, options, seed)


GAME: Game[State] = PathsOfGlory()
RULES = GAME  # the name used before the registry
