"""Paths of Glory's descriptor: how every layer above the engine sees this game.

>>> from greatwar.core.games import game
>>> from greatwar.core.session import Session
>>> g = Session.new(game("pog"), "campaign", seed=7)
>>> g.rules.to_act(g.state)
'cp'
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
from greatwar.pog import engine, invariants, messages
from greatwar.pog.flow import STEPS
from greatwar.pog.scenarios import (
    ALIASES,
    DEFAULT_OPTIONS,
    OPTIONAL_CARD_MODES,
    SCENARIOS,
    find_scenario,
    forced_options,
    normalise_options,
)
from greatwar.pog.state import State
from greatwar.pog.view import view as _view

VERSION = "4"
"""The engine version stored with every game; raise it when a rules change alters play or the
actions a record holds (3: strategic redeployment names the unit, then its destination; the
one-action form of version 2 records is still accepted; 4: Guns of August may be the card set
aside for a selected optional card, ruling R116: every record of version 3 still replays)."""

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


class PathsOfGlory(StepGame[State]):
    """Paths of Glory (GMT, 2018 rules) as a :class:`greatwar.core.games.Game`."""

    id = "pog"
    title = "Paths of Glory"
    version = VERSION
    seats: tuple[str, ...] = ("ap", "cp")
    default_scenario = "historical"
    steps = STEPS
    state_class = State

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
        forced = forced_options(find_scenario(scenario))
        return tuple(
            OptionInfo(k, forced.get(k, v), _OPTION_TEXT[k][1], _OPTION_TEXT[k][0], k in forced)
            for k, v in DEFAULT_OPTIONS.items()
        )

    def normalise_options(self, scenario: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
        return normalise_options(find_scenario(scenario), options)

    def new_game(self, scenario: str, options: Mapping[str, Any] | None, seed: int) -> State:
        return engine.new_game(scenario, dict(options) if options is not None else None, seed)

    # -- the engine ---------------------------------------------------------------------

    def check(self, s: State, action: str | Action, seat: str | None = None) -> Action:
        return engine.check(s, action, seat)

    def view(self, s: State, seat: str) -> dict[str, Any]:
        return _view(s, seat)

    def problems(self, s: State) -> list[str]:
        return invariants.problems(s)

    # -- its face -----------------------------------------------------------------------

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        from greatwar.pog.bots.levels import LEVELS

        return dict(LEVELS)

    def render_log(self, entry: Mapping[str, Any], lang: str = "en") -> str:
        return messages.render(dict(entry), lang)

    def win_chances(self, positions: Iterable[tuple[int, Any]]) -> list[dict[str, Any]]:
        """Each side's chance to win at the start of every action round (the replay's
        analysis; :mod:`greatwar.pog.analysis`)."""
        from greatwar.pog.analysis import win_chances

        return win_chances(positions)

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

    def terminal(self, lang: str = i18n.DEFAULT_LANG) -> TerminalFace:
        from greatwar.pog.terminal import PogTerminal

        return PogTerminal(lang)

    def languages(self) -> tuple[str, ...]:
        return i18n.LANGS

    def catalogues(self) -> list[i18n.Catalogue]:
        import greatwar.pog.terminal
        import greatwar.pog.web  # noqa: F401  (their catalogues register on import)

        return i18n.catalogues("pog")

    def names(self, lang: str) -> dict[str, Any]:
        from greatwar.pog import lang as T

        return {
            "title": T.word("title", lang),
            "seats": {x.id: T.side_full(x.id, lang) for x in _SEATS},
            "teams": {x.id: T.side_full(x.id, lang) for x in _SEATS},
            "scenarios": {k: T.word(f"scenario.{k}", lang) for k in SCENARIOS},
            "options": {k: T.word(f"option.{k}", lang) for k in DEFAULT_OPTIONS},
        }

    def declined(self, lang: str) -> dict[str, list[Any]]:
        from greatwar.pog import lang as T

        return {
            "space": [T.space(x.id, lang) for x in T.D.spaces],
            "nation": [
                T.nation(k.split(".", 1)[1], lang)
                for k in T.WORDS.table(i18n.DEFAULT_LANG)
                if k.startswith("nation.") and k != "nation.none"
            ],
            "side": [T.side(x.id, lang) for x in _SEATS],
            "title": [T.card(c.id, lang) for c in T.D.cards],
        }

    def words(self, lang: str) -> dict[str, str]:
        from greatwar.pog import lang as T

        return {k: T.word(k, lang) for k in T.WORDS.table(i18n.DEFAULT_LANG)}

    def prompt(self, view: Mapping[str, Any], lang: str) -> str:
        if not view.get("legal"):
            return ""
        return messages.prompt_text(view.get("prompt"), lang) or ""

    def texts(
        self, s: State, seat: str, lang: str, entries: Sequence[Mapping[str, Any]]
    ) -> list[str]:
        """Every text ``seat`` reads now in ``lang`` (the given log entries, the prompt, the
        actions described, the terminal's position and the web page's sentences), rendered
        strictly: :class:`greatwar.pog.messages.TextError` when a template is missing or does
        not fit."""
        from greatwar.core.faces import plain_texts
        from greatwar.pog.terminal import PogTerminal
        from greatwar.pog.web import dress_view

        out = [messages.render(dict(e), lang, strict=True) for e in entries]
        v = _view(s, seat)
        face = PogTerminal(lang)
        if v["legal"]:
            messages.prompt_text(v["prompt"], lang, strict=True)
            out.append(self.prompt(v, lang))
            out.extend(face.describe(a) for a in v["legal"])
        out.extend(plain_texts(face.position(v)))
        dress_view(v, s, lang)
        for item in v["under_way"]:
            out.append(item["title"])
            out.extend(item["lines"])
        out.extend(v["prompt_detail"])
        if v["confirm_done"]:
            out.append(v["confirm_done"])
        out.extend(x["name"] for x in v["in_force"])
        if v["combat"] is not None:
            out.extend(f["text"] for f in v["combat"]["fires"])
        if s.result is not None:
            out.append(face.result(s.result))
        return out

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
