"""Features of a Paths of Glory position for the learned evaluation (:mod:`.value`).

:func:`features` turns a position into a fixed list of numbers, from the Central Powers' side
(the model gives the chance that the Central Powers win; the Allies' is its complement). It
reads what the hand evaluator (:mod:`.evaluate`) reads, term by term for each side, and more
of the board: who holds each VP space, each side's combat factors in each nation's spaces, the
tracks and the events that change the war. It reads only what both seats see: of the hands,
their sizes (a view's ``hand_count``), never their cards, so a seat's view gives the same
features as the full position (:func:`view_features`; a test holds them equal), and a search's
world, whose hidden hand is its own draw, gives the same as the view it was dealt from.

Nothing here needs numpy. :data:`VERSION` changes whenever the list or the meaning of a
feature changes: a model file names the version it was trained with and is refused by another.
"""

from __future__ import annotations

import math
from typing import Any

from greatwar.pog import board, supply
from greatwar.pog.board import cp_russian_vp
from greatwar.pog.bots.analysis import ADJ, ARMY_VALUE, CORPS_VALUE, MAP, ON_MAP, UNITS
from greatwar.pog.bots.evaluate import (
    REACH,
    _reach,
    _side_cf,
    combined_track_worth,
    war_status_worth,
)
from greatwar.pog.bots.public import public_state
from greatwar.pog.data import load
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import OFF, State
from greatwar.pog.victory import LAST_TURN, final_adjustments

VERSION = 2  # 2: no hand OPS (the other seat's cards are hidden), the hand sizes only
D = load()
SPACES = D.spaces
VP_SPACES = tuple(sp.ix for sp in SPACES if sp.vp)  # the historical game's (5.7.2)
REGIONS = ("fr", "be", "ge", "ah", "it", "ru", "ro", "sb", "gr", "bu", "tu", "near_east", "other")
NEAR_EAST_NATIONS = frozenset({"pe", "eg", "ar"})
REGION_OF = tuple(
    REGIONS.index(sp.nation)
    if sp.nation in REGIONS
    else REGIONS.index("near_east")
    if sp.nation in NEAR_EAST_NATIONS
    else REGIONS.index("other")
    for sp in SPACES
)
EVENTS = (
    "guns_of_august",
    "ap_entrench",
    "cp_entrench",
    "italy_entry",
    "bulgaria_entry",
    "romania_entry",
    "greece_entry",
    "over_there",
    "zimmermann_telegram",
    "tsar_takes_command",
    "fall_of_the_tsar",
    "bolshevik_revolution",
    "treaty_of_brest_litovsk",
    "blockade",
    "h_l_take_command",
    "walter_rathenau",
)
POOLS = ("fr", "br", "ru", "it", "us", "allied", "ge", "ah", "tu", "bu")
SIDE_TERMS = (
    "forces",
    "reserve",
    "eliminated",
    "unsupplied",
    "threatened",
    "front_short",
    "trenches",
    "war_status",
    "rp",
    "hand_cards",
)


def _names() -> tuple[str, ...]:
    names = ["turn", "round", "turns_left", "end_vp", "vp", "cp_auto", "ap_auto", "cws"]
    names += ["combined_track", "cp_russian_vp", "tsar_vp", "ws_ap", "ws_cp"]
    names += ["commit_ap", "commit_cp"]
    names += [f"{side}_{t}" for side in ("ap", "cp") for t in SIDE_TERMS]
    names += [f"event_{e}" for e in EVENTS]
    names += [f"rp_{p}" for p in POOLS]
    names += [f"vp_space_{SPACES[x].id}" for x in VP_SPACES]
    names += [f"cf_{side}_{r}" for side in ("ap", "cp") for r in REGIONS]
    names += [f"front_{side}_{r}" for side in ("ap", "cp") for r in REGIONS]
    return tuple(names)


NAMES = _names()
"""The name of each feature, in order."""


def _side(
    s: State,
    occ: list[list[int]],
    side: int,
    foe_reach: list[int],
    cfs: list[list[int]],
    hand_cards: int,
) -> list[float]:
    """The hand evaluator's terms for one side, each apart (:data:`SIDE_TERMS`)."""
    forces = reserve = eliminated = unsupplied = threatened = short = trenches = 0.0
    red = s.red
    for u, x in enumerate(s.loc):
        d = UNITS[u]
        if x == OFF or d.side != side:
            continue
        w = (ARMY_VALUE if d.army else CORPS_VALUE) * (0.6 if red[u] else 1.0)
        if x == D.eliminated_box[side]:
            eliminated += w
        elif x == D.reserve_box[side]:
            reserve += w
        elif ON_MAP[x]:
            forces += w
            if not supply.unit_supplied(s, u):
                unsupplied += w
    foe = 1 - side
    historical = SCENARIOS[s.scenario].historical
    for x in MAP:
        if s.ctrl[x] != side:
            continue
        us = occ[x]
        mine = bool(us) and UNITS[us[0]].side == side
        sp = SPACES[x]
        vp = sp.vp if historical else sp.vp_classic
        if (vp or sp.capital) and not mine and foe_reach[x] <= REACH:
            threatened += (1.0 if vp else 0.0) + (0.5 if sp.capital else 0.0)
        if mine:
            foe_adj = sum(cfs[foe][n] for n in ADJ[x])
            if foe_adj:
                gap = 0.6 * foe_adj - (cfs[0][x] + cfs[1][x])
                if gap > 0:
                    short += min(gap, 8.0) * (2.0 if vp else 1.0)
                if s.trench[x] and s.tside[x] == side:
                    trenches += s.trench[x]
    pools = ("fr", "br", "ru", "it", "us", "allied") if side == 0 else ("ge", "ah", "tu", "bu")
    rp = sum(s.rp.get(p, 0) for p in pools) / 2
    return [
        forces / 100,
        reserve / 20,
        eliminated / 20,
        unsupplied / 20,
        threatened / 4,
        short / 20,
        trenches / 10,
        war_status_worth(s.ws[side], s.commit[side]) / 100,
        rp / 10,
        hand_cards / 8,
    ]


def features(s: State, hand_count: tuple[int, int] | None = None) -> list[float]:
    """The features of position ``s`` (:data:`NAMES`), from the Central Powers' side.
    ``hand_count``: the sizes of the hands (AP, CP) where ``s`` does not hold them (a view's
    public model holds only its own seat's hand)."""
    if hand_count is None:
        hand_count = (len(s.hand[0]), len(s.hand[1]))
    sc = SCENARIOS[s.scenario]
    levels = sc.victory_levels("treaty_of_brest_litovsk" in s.events)
    # the feature's own origin, as the model was trained with (features v2): an offset the
    # model's standardisation absorbs, not the rule's line (evaluate.vp_line)
    mid = (levels.cp_at_least + levels.ap_at_most) / 2 + (0.5 if sc.draws_to_ap else 0.0)
    end_vp = s.vp + sum(int(a["vp"]) for a in final_adjustments(s, LAST_TURN))
    out = [
        s.turn / 20,
        s.round / 7,
        max(0, 20 - s.turn) / 20,
        (end_vp - mid) / 10,
        s.vp / 20,
        max(0, s.vp - 16) / 4,
        max(0, 4 - s.vp) / 4,
        s.cws / 40,
        combined_track_worth(s, s.cws) / 72,
        cp_russian_vp(s) / 10,
        (s.tsar_vp if s.tsar_vp >= 0 else 0) / 10,
        s.ws[0] / 20,
        s.ws[1] / 20,
        s.commit[0] / 2,
        s.commit[1] / 2,
    ]
    occ = board.occupants(s)
    reach = [_reach(s, occ, 0), _reach(s, occ, 1)]
    cfs = _side_cf(s, occ)
    out += _side(s, occ, 0, reach[1], cfs, hand_count[0])
    out += _side(s, occ, 1, reach[0], cfs, hand_count[1])
    out += [1.0 if e in s.events else 0.0 for e in EVENTS]
    out += [s.rp.get(p, 0) / 10 for p in POOLS]
    out += [1.0 if s.ctrl[x] == 1 else -1.0 if s.ctrl[x] == 0 else 0.0 for x in VP_SPACES]
    strength = [[0.0] * len(REGIONS), [0.0] * len(REGIONS)]
    front = [[0.0] * len(REGIONS), [0.0] * len(REGIONS)]
    for x in MAP:
        r = REGION_OF[x]
        for side in (0, 1):
            cf = cfs[side][x]
            if cf:
                strength[side][r] += cf
                if any(cfs[1 - side][n] for n in ADJ[x]):
                    front[side][r] += cf
    out += [math.log1p(v) / 4 for row in strength for v in row]
    out += [math.log1p(v) / 4 for row in front for v in row]
    return out


def view_features(v: dict[str, Any]) -> list[float]:
    """The features of a seat's view (:func:`greatwar.pog.view.view`): its public model's, with
    the hand sizes the view shows."""
    counts = v["cards"]["hand_count"]
    return features(public_state(v), (int(counts["ap"]), int(counts["cp"])))
