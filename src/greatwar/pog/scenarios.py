"""Scenarios (5.3-5.7, "The Great War" 1916) and game options (9.1.4, 11.2.10, optional cards,
Valiant, tournaments).

A scenario is a frozen record of the rules that differ between games; :data:`SCENARIOS` is the
registry and :func:`find_scenario` looks one up by name. Options are normalised by
:func:`normalise_options` into the plain dict stored in the state. A scenario that opens after
August 1914 names its data set in ``start`` (:data:`greatwar.pog.data.LATER_STARTS`) and may fix
some options (``fixed_options``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from greatwar.core.errors import MalformedActionError
from greatwar.pog.data import read_values

DRAW, AP_WINS, CP_WINS = "draw", "ap", "cp"


class OptionsError(MalformedActionError):
    """A scenario name or option that does not exist or does not fit the scenario."""


@dataclass(frozen=True, slots=True)
class VictoryLevels:
    """Final-VP thresholds: CP wins at ``cp_at_least`` or more, AP at ``ap_at_most`` or less,
    anything between is a draw."""

    cp_at_least: int
    ap_at_most: int

    def judge(self, vp: int) -> str:
        if vp >= self.cp_at_least:
            return CP_WINS
        if vp <= self.ap_at_most:
            return AP_WINS
        return DRAW


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    name: str
    rule: str
    last_turn: int
    commitment_frozen: bool  # 5.3.2: War Commitment never rises
    peace_terms: bool  # 16.5 allowed (not 5.3.3 Introductory, not 5.7.2 Historical)
    ends_at_total_war: bool  # 5.4.1: Limited War ends when either player reaches Total War
    historical: bool  # the 5.7 rules: set-up, VP spaces, RP bonus, 5.7.4
    draws_to_ap: bool  # 5.7.2: the AP wins all draws
    levels: VictoryLevels
    levels_after_brest_litovsk: VictoryLevels | None  # 5.5.2.1 when the treaty was played
    # The start position: "" for the August 1914 set-up (4.0, 5.7.1), else the id of a
    # later start's data set (greatwar.pog.data.LATER_STARTS).
    start: str = ""
    # Options the scenario fixes: (option, value, why); another value given is an error.
    fixed_options: tuple[tuple[str, Any, str], ...] = ()

    def victory_levels(self, brest_litovsk: bool) -> VictoryLevels:
        if brest_litovsk and self.levels_after_brest_litovsk is not None:
            return self.levels_after_brest_litovsk
        return self.levels


_CAMPAIGN = VictoryLevels(cp_at_least=13, ap_at_most=9)  # 5.5.2.2
_CAMPAIGN_BL = VictoryLevels(cp_at_least=11, ap_at_most=9)  # 5.5.2.1


def _great_war_1916() -> Scenario:
    """ "The Great War", the 1916 tournament scenario (WBC 2024/2025): the historical rules
    (5.7) from turn 10's Replacement Phase, the position and values of its data set
    (``scenario-great-war-1916-values.csv``). It ends after turn 20 like the Campaign game
    (5.5.1), with the Campaign victory levels and the AP winning draws (5.5.2, 5.7.2)."""
    values = read_values("great_war_1916")
    if (
        values["hand_size"] != "8"
        or values["valiant_variant"] != "not_allowed"
        or values["optional_cards"] != "not_used"
    ):
        raise ValueError(
            "the 1916 scenario's fixed options differ from its data "
            "(hand size 8, no Valiant, no optional cards)"
        )
    return Scenario(
        id="great_war_1916",
        name="The Great War (1916)",
        rule="5.7",
        last_turn=int(values["last_turn"]),
        commitment_frozen=False,
        peace_terms=False,
        ends_at_total_war=False,
        historical=True,
        draws_to_ap=True,
        levels=_CAMPAIGN,
        levels_after_brest_litovsk=_CAMPAIGN_BL,
        start="great_war_1916",
        fixed_options=(
            ("hand8", True, "uses eight-card hands (5.7.4 #1)"),
            ("trench_mod", True, "uses the trench roll modification (5.7.4 #2)"),
            ("optional_cards", "none", "does not use the optional cards 56-65"),
            ("valiant", False, "does not use the Valiant variant deck"),
        ),
    )


SCENARIOS: dict[str, Scenario] = {
    s.id: s
    for s in (
        Scenario(
            id="introductory",
            name="Introductory",
            rule="5.3",
            last_turn=3,
            commitment_frozen=True,
            peace_terms=False,
            ends_at_total_war=False,
            historical=False,
            draws_to_ap=False,
            levels=VictoryLevels(cp_at_least=14, ap_at_most=10),
            levels_after_brest_litovsk=None,
        ),
        Scenario(
            id="limited",
            name="Limited War",
            rule="5.4",
            last_turn=10,
            commitment_frozen=False,
            peace_terms=True,
            ends_at_total_war=True,
            historical=False,
            draws_to_ap=False,
            levels=VictoryLevels(cp_at_least=17, ap_at_most=12),
            levels_after_brest_litovsk=None,
        ),
        Scenario(
            id="campaign",
            name="Campaign",
            rule="5.5",
            last_turn=20,
            commitment_frozen=False,
            peace_terms=True,
            ends_at_total_war=False,
            historical=False,
            draws_to_ap=False,
            levels=_CAMPAIGN,
            levels_after_brest_litovsk=_CAMPAIGN_BL,
        ),
        Scenario(
            id="historical",
            name="Historical",
            rule="5.7",
            last_turn=20,
            commitment_frozen=False,
            peace_terms=False,
            ends_at_total_war=False,
            historical=True,
            draws_to_ap=True,
            levels=_CAMPAIGN,
            levels_after_brest_litovsk=_CAMPAIGN_BL,
        ),
        _great_war_1916(),
    )
}

ALIASES = {
    "intro": "introductory",
    "limited_war": "limited",
    "limited-war": "limited",
    "great_war": "great_war_1916",
    "great-war-1916": "great_war_1916",
    "1916": "great_war_1916",
}


def find_scenario(name: str) -> Scenario:
    key = ALIASES.get(name.lower(), name.lower())
    if key not in SCENARIOS:
        raise OptionsError(f"unknown scenario {name!r}; expected one of: {', '.join(SCENARIOS)}")
    return SCENARIOS[key]


# -- options ---------------------------------------------------------------------------

OPTIONAL_CARD_MODES = ("none", "all", "select")

DEFAULT_OPTIONS: dict[str, Any] = {
    "hand8": False,  # 9.1.4 eight-card hands
    "optional_cards": "none",  # optional cards 56-65: none | all | select (rulebook note)
    "trench_mod": False,  # 11.2.10 trench roll modification
    "valiant": False,  # the Valiant variant deck
    "tournament": False,  # 5.6: draws count as AP wins, accepted peace terms: both lose
    "bid": None,  # 5.6.1: {"side": "ap"|"cp", "vp": n}: that side ceded n VP to the other
}


BID_LIMIT = 20
"""5.6.1: a bid is any whole number of VP; we take at most the VP track's span (ruling R9)."""


def normalise_options(scenario: Scenario, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Check options against the scenario and return the full option dict for the state."""
    opts = dict(DEFAULT_OPTIONS)
    for k, v in (given or {}).items():
        if k not in DEFAULT_OPTIONS:
            raise OptionsError(
                f"unknown option {k!r}; expected some of: {', '.join(DEFAULT_OPTIONS)}"
            )
        opts[k] = v
    for k in ("hand8", "trench_mod", "valiant", "tournament"):
        if not isinstance(opts[k], bool):
            raise OptionsError(f"option {k!r} must be true or false")
    if opts["optional_cards"] not in OPTIONAL_CARD_MODES:
        raise OptionsError(
            f"option 'optional_cards' must be one of {', '.join(OPTIONAL_CARD_MODES)}"
        )
    for k, v, why in scenario.fixed_options:
        if k in (given or {}) and opts[k] != v:
            raise OptionsError(f"{scenario.name} {why}: option {k!r} must be {json.dumps(v)}")
        opts[k] = v
    if opts["valiant"] and opts["optional_cards"] != "none":
        raise OptionsError(
            "the Valiant deck already fixes which optional cards are in play; "
            "use optional_cards 'none' with it"
        )
    bid = opts["bid"]
    if bid is not None:
        if (
            not isinstance(bid, dict)
            or bid.get("side") not in ("ap", "cp")
            or not isinstance(bid.get("vp"), int)
            or isinstance(bid.get("vp"), bool)
            or not 0 <= bid["vp"] <= BID_LIMIT
        ):
            raise OptionsError(
                f"option 'bid' must look like {{'side': 'ap', 'vp': 1}} (vp from 0 to {BID_LIMIT})"
            )
        opts["bid"] = {"side": bid["side"], "vp": bid["vp"]}
        opts["tournament"] = True  # a bid is a tournament game (5.6)
    opts.update(forced_options(scenario))  # 5.7.4 #1 and #2 in the Historical rules
    if opts["optional_cards"] == "all":
        opts["hand8"] = True  # optional cards note, way 1
    return opts


def forced_options(scenario: Scenario) -> dict[str, Any]:
    """The options a scenario sets whatever the players choose: its fixed options, and the
    Historical rules' eight-card hands and trench roll modification (5.7.4 #1 and #2)."""
    out = {k: v for k, v, _ in scenario.fixed_options}
    if scenario.historical:
        out["hand8"] = True
        out["trench_mod"] = True
    return out


def hand_size(options: Mapping[str, Any]) -> int:
    """6.0 G / 9.1.4: seven cards, or eight with the optional rule."""
    return 8 if options.get("hand8") else 7
