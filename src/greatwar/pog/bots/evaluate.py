"""The position evaluator the heuristic bot and the search share.

:func:`evaluate` scores a position for one side in *points* (one step of Loss Factor is about
one point, one VP :data:`~greatwar.pog.bots.analysis.VP_POINTS`); :func:`win_chance` turns it
into a number in [0, 1] for the search. It reads only what both players see (the board, the
tracks, the events) and the hand of the side it scores, so it is as good on a public model of
a view (:mod:`greatwar.pog.bots.public`) as on a determinized world.

The terms, each for the side minus the same for its enemy:

- **VP and its trend**: the VP marker against the scenario's victory levels (5.5.2, 5.7.2), the
  automatic victory levels (5.2) very near, a finished game decisively;
- **threatened VP spaces and capitals**: own VP spaces (5.7.2 in the historical game) and
  capitals no own unit holds that enemy units could walk into with one move (11.1: no zones
  of control, so an empty space behind a gap is lost to a march);
- **supply**: units out of supply risk attrition at the end of the turn (14.3);
- **front-line strength**: own combat factors on spaces next to the enemy against the enemy's
  next to them, trenches there (11.2);
- **forces and reserves**: units on the map by their steps, eliminated units that replacement
  points can rebuild (17), the replacement points themselves;
- **War Status and commitment** (16.1): better cards come with Limited and Total War;
- **card quality in hand**: the OPS of the cards held (for the side scored only: the other
  hand is not known to it; in a determinized world both hands are the world's own).
"""

from __future__ import annotations

import math
import os

from greatwar.pog import board, supply
from greatwar.pog.action_phase import ROUNDS
from greatwar.pog.board import cp_russian_vp
from greatwar.pog.bots.analysis import (
    ADJ,
    ARMY_VALUE,
    CORPS_VALUE,
    MAP,
    ON_MAP,
    UNITS,
    VP_POINTS,
)
from greatwar.pog.data import load
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import OFF, State
from greatwar.pog.tracks import (
    FALL_OF_THE_TSAR_AT,
    LIMITED_WAR_AT,
    TOTAL_WAR_AT,
    ZIMMERMANN_AT,
)
from greatwar.pog.victory import LAST_TURN, final_adjustments

D = load()
SPACES = D.spaces
CARDS = D.cards
ELIMINATED = D.eliminated_box
RESERVE = D.reserve_box
REACH = 3  # spaces an enemy army can march in one activation (11.1: movement factor 3)
WIN = 400.0  # a finished game, in points
SCALE = 120.0  # points for one unit of the logistic in :func:`win_chance`
SHARPEN_FROM = 4.0  # turns left when the final VP's line begins to count more (line_weight)
SHARPEN_FULL = 2.0  # turns left from which it counts LINE_AT_END times its points
LINE_AT_END = 19.4
"""Fitted to how 400 self-play games ended (``line_fit``; docs/bots.md, "The final VP's line"):
on the held-out games the chance to win of the last four turns' positions scores 0.260 in log
loss, against 0.464 with the line at its points alone."""
THREAT = 0.45  # share of a VP space's worth lost when an enemy can march into it
UNSUPPLIED = 0.6  # share of a unit's worth lost out of supply (attrition, 14.3)
FRONT = 0.6  # points per combat factor missing on a front-line space
TRENCH = 1.2  # points per trench level on an own front-line space next to the enemy
WS = 1.0  # one War Status point before Total War
LIMITED_WAR = 20.0  # reaching Limited War (16.1.3): a better deck (and Turkey for the CP, 16.1.3)
TOTAL_WAR = 60.0  # reaching Total War (16.1.4): the best deck (Brest-Litovsk, the US)
FALL_OF_THE_TSAR_TRACK = 9.0 * VP_POINTS  # the CP: the Russian collapse (16.4.4-16.4.9)
ZIMMERMANN_TRACK = 9.0 * VP_POINTS  # the AP: the US enters the war (16.3.2-16.3.4); at 3 VP the
# Allies counted every War Status point after Total War as a loss (it brought the Fall of the Tsar
# nearer than the US) and played their War Status events for OPS; at 9 both thresholds weigh alike
TRACK_SPAN = 14  # combined War Status points below a threshold from which progress counts
CARD_OPS = 0.6  # one OPS of a card in hand
RP = 1.5  # one replacement point
YARDSTICK_LINE = False
"""Score the final VP as the yardsticks do (``same_decisions`` sets it, to check that the live
search still decides as the yardstick's when given its evaluator): half a VP above halfway
between the victory levels where the Allies win draws (a VP too low: 5.7.2), the tournament's
draws (5.6.2) not counted, and the same weight all game."""


def use_yardstick_line(on: bool) -> None:
    """Score the final VP's line as the yardsticks do (``on``) or as the live bots do, from now
    on, in this process (:data:`YARDSTICK_LINE`)."""
    global YARDSTICK_LINE
    YARDSTICK_LINE = on


TUNABLE = ("THREAT", "UNSUPPLIED", "FRONT", "TRENCH", "RP", "CARD_OPS", "VP_POINTS")
"""The constants a trial may set (GREATWAR_EVAL="THREAT=0.8,FRONT=1.0", read when this module is
imported; docs/bots.md). They change :func:`evaluate` (the search's scores, the replay's chart),
not the heuristic nor the learned features, which read none of them, nor the yardsticks, which
keep their own copy. The tracks' worth stays as computed from the unchanged VP_POINTS."""


def parse_constants(text: str) -> dict[str, float]:
    """The evaluator's constants ``text`` names (GREATWAR_EVAL: "NAME=VALUE,...")."""
    out: dict[str, float] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = part.partition("=")
        name = name.strip()
        if name not in TUNABLE:
            raise ValueError(f"GREATWAR_EVAL: no constant {name!r} (known: {', '.join(TUNABLE)})")
        try:
            out[name] = float(value)
        except ValueError:
            raise ValueError(f"GREATWAR_EVAL: {part!r} is not NAME=NUMBER") from None
    return out


globals().update(parse_constants(os.environ.get("GREATWAR_EVAL", "")))


SIDE_UNITS = tuple(tuple(d.ix for d in UNITS if d.side == side) for side in (0, 1))
UNIT_BASE = tuple(ARMY_VALUE if d.army else CORPS_VALUE for d in UNITS)
CAPITAL = tuple(bool(sp.capital) for sp in SPACES)
VP_HISTORICAL = tuple(bool(sp.vp) for sp in SPACES)  # board.vp_space() by scenario kind
VP_CLASSIC = tuple(bool(sp.vp_classic) for sp in SPACES)


def unit_value(s: State, u: int) -> float:
    d = UNITS[u]
    base = ARMY_VALUE if d.army else CORPS_VALUE
    return base * (0.6 if s.red[u] else 1.0)


def war_status_worth(ws: int, commit: int) -> float:
    """What a side's War Status is worth (16.1): each point before Total War, and above all
    the way to the next commitment level, which brings a better deck (16.1.3, 16.1.4; the
    Central Powers' Limited War also brings Turkey into the war). A side stuck below Limited
    War draws its Mobilization cards for the whole game."""
    reached = max(ws, LIMITED_WAR_AT if commit >= 1 else 0, TOTAL_WAR_AT if commit >= 2 else 0)
    v = WS * min(ws, TOTAL_WAR_AT)
    v += LIMITED_WAR * min(reached, LIMITED_WAR_AT) / LIMITED_WAR_AT
    above = min(reached, TOTAL_WAR_AT) - LIMITED_WAR_AT
    if above > 0:
        v += TOTAL_WAR * above / (TOTAL_WAR_AT - LIMITED_WAR_AT)
    return v


def combined_track_worth(s: State, cws: int) -> float:
    """What Combined War Status ``cws`` is worth to the Central Powers (negative: to the
    Allies), after either side's Total War as much as before (16.1.6: only the combined marker
    still moves). Two thresholds read it: at 30 the Zimmermann Telegram may bring the US in
    (16.3.2), which the Allies want; at 33, counting the Russian VP spaces the CP holds, the
    Fall of the Tsar opens Russia's collapse (16.4.4), which the CP wants. Each is worth a share
    of itself for every point already climbed of the last :data:`TRACK_SPAN` before it, and
    less as the game runs out of turns to use it. Before, a War Status point after Total War
    was worth nothing: both sides played their War Status events for their OPS, the combined
    marker stopped in the low twenties and neither the US nor Russia's collapse ever came."""
    time_left = min(1.0, max(0.0, (SCENARIOS[s.scenario].last_turn - s.turn) / 4))
    v = 0.0
    if "fall_of_the_tsar" not in s.events:
        need = FALL_OF_THE_TSAR_AT - cws - cp_russian_vp(s)
        v += FALL_OF_THE_TSAR_TRACK * min(1.0, max(0.0, 1.0 - need / TRACK_SPAN))
    if "zimmermann_telegram" not in s.events:
        need = ZIMMERMANN_AT - cws
        v -= ZIMMERMANN_TRACK * min(1.0, max(0.0, 1.0 - need / TRACK_SPAN))
    return v * time_left


def war_status_gain(s: State, side: int, points: int) -> float:
    """What raising ``side``'s War Status by ``points`` now is worth (an event's War Status):
    its own commitment (16.1) and the combined marker (16.3, 16.4)."""
    ws = s.ws[side]
    own = war_status_worth(ws + points, s.commit[side]) - war_status_worth(ws, s.commit[side])
    sign = 1.0 if side == 1 else -1.0
    track = combined_track_worth(s, s.cws + points) - combined_track_worth(s, s.cws)
    return own + sign * track


def _reach(s: State, occ: list[list[int]], side: int) -> list[int]:
    """Moves (capped at :data:`REACH` + 1) the units of ``side`` need to reach each space,
    through spaces that hold no unit of the other side."""
    far = REACH + 1
    dist = [far] * len(SPACES)
    todo: list[int] = []
    for x in MAP:
        us = occ[x]
        if us and UNITS[us[0]].side == side:
            dist[x] = 0
            todo.append(x)
    i = 0
    while i < len(todo):
        x = todo[i]
        i += 1
        nd = dist[x] + 1
        if nd > REACH:
            continue
        for n in ADJ[x]:
            if dist[n] <= nd:
                continue
            us = occ[n]
            if us and UNITS[us[0]].side != side:
                continue
            dist[n] = nd
            todo.append(n)
    return dist


def _side_terms(
    s: State, occ: list[list[int]], side: int, foe_reach: list[int], cfs: list[list[int]]
) -> float:
    """``cfs``: each side's combat factors in each space."""
    v = 0.0
    foe = 1 - side
    # forces, reserves and supply
    elim = ELIMINATED[side]
    reserve = RESERVE[side]
    red = s.red
    for u in SIDE_UNITS[side]:
        x = s.loc[u]
        if x == OFF:
            continue
        if x == elim:
            v += 0.3 * (UNIT_BASE[u] * (0.6 if red[u] else 1.0))
        elif ON_MAP[x] or x == reserve:
            w = UNIT_BASE[u] * (0.6 if red[u] else 1.0)
            v += w
            if ON_MAP[x] and not supply.unit_supplied(s, u):
                v -= UNSUPPLIED * w
    # threatened VP spaces and capitals, the front line
    vps = VP_HISTORICAL if SCENARIOS[s.scenario].historical else VP_CLASSIC
    foe_adj_all = _adjacent_sums(cfs[foe])
    ctrl = s.ctrl
    trench = s.trench
    tside = s.tside
    for x in MAP:
        if ctrl[x] != side:
            continue
        us = occ[x]
        mine = bool(us) and UNITS[us[0]].side == side
        vp = vps[x]
        cap = CAPITAL[x]
        if (vp or cap) and not mine and foe_reach[x] <= REACH:
            v -= THREAT * ((VP_POINTS if vp else 0.0) + (4.0 if cap else 0.0))
        if mine:
            foe_adj = foe_adj_all[x]
            if foe_adj:
                short = 0.6 * foe_adj - (cfs[0][x] + cfs[1][x])  # every unit there
                if short > 0:
                    v -= FRONT * min(short, 8.0) * (2.0 if vp else 1.0)
                if trench[x] and tside[x] == side:
                    v += TRENCH * trench[x]
    # War Status before Total War, replacement points, the hand
    v += war_status_worth(s.ws[side], s.commit[side])
    pools = ("fr", "br", "ru", "it", "us", "allied") if side == 0 else ("ge", "ah", "tu", "bu")
    v += RP * sum(s.rp.get(p, 0) for p in pools) / 2
    v += CARD_OPS * sum(CARDS[c].ops for c in s.hand[side])
    return v


def _adjacent_sums(cf: list[int]) -> list[int]:
    """For each space, the sum of ``cf`` over its neighbours (integers: any order)."""
    out = [0] * len(SPACES)
    for x, c in enumerate(cf):
        if c:
            for n in ADJ[x]:
                out[n] += c
    return out


def _side_cf(s: State, occ: list[list[int]]) -> list[list[int]]:
    """Each side's combat factors in each space."""
    cfs = [[0] * len(SPACES), [0] * len(SPACES)]
    red = s.red
    for x, us in enumerate(occ):
        for u in us:
            d = UNITS[u]
            cfs[d.side][x] += d.reduced_cf if red[u] else d.cf  # board.cf()
    return cfs


def vp_line(s: State) -> float:
    """The final VP at which neither side is ahead: halfway between the Central Powers' victory
    level and the Allies' (5.4.2, 5.5.2), or half a VP below the Central Powers' where the Allies
    win every draw (5.7.2 in the Historical scenario, 5.6.2 in a tournament)."""
    sc = SCENARIOS[s.scenario]
    levels = sc.victory_levels("treaty_of_brest_litovsk" in s.events)
    if YARDSTICK_LINE:
        return (levels.cp_at_least + levels.ap_at_most) / 2 + (0.5 if sc.draws_to_ap else 0.0)
    if sc.draws_to_ap or s.options.get("tournament", False):
        return levels.cp_at_least - 0.5
    return (levels.cp_at_least + levels.ap_at_most) / 2


def line_points(s: State, side: int) -> float:
    """The final VP as it stands against :func:`vp_line`, in points for ``side``: the end-of-game
    VP changes (5.7.4 #8, #9 in the historical game, the bid) are as good as made, as they
    change only with the events that lift them (the US armies, the Fall of the Tsar)."""
    end_vp: int = s.vp + sum(int(a["vp"]) for a in final_adjustments(s, LAST_TURN))
    return (1.0 if side == 1 else -1.0) * (end_vp - vp_line(s)) * VP_POINTS


def _finished(s: State, side: int) -> float:
    out = s.result.get("outcome") if s.result else None
    if out == ("cp" if side == 1 else "ap"):
        return WIN
    if out in ("ap", "cp", "both_lose"):
        return -WIN
    return 0.0


def other_points(s: State, side: int) -> float:
    """Everything but the final VP's line: the automatic victory levels very near, the board,
    the tracks and the hand."""
    sign = 1.0 if side == 1 else -1.0  # high VP favours the Central Powers
    v = 0.0
    # 5.2: automatic victory at 20 (CP) or 0 (AP), checked at the end of each turn
    if s.vp >= 17:
        v += sign * (s.vp - 16) * VP_POINTS
    if s.vp <= 3:
        v -= sign * (4 - s.vp) * VP_POINTS
    occ = board.occupants(s)
    reach = [_reach(s, occ, 0), _reach(s, occ, 1)]
    cfs = _side_cf(s, occ)
    v += _side_terms(s, occ, side, reach[1 - side], cfs) - _side_terms(
        s, occ, 1 - side, reach[side], cfs
    )
    v += sign * combined_track_worth(s, s.cws)
    return v


def evaluate(s: State, side: int) -> float:
    """The worth of position ``s`` for ``side`` (0 AP, 1 CP), in points."""
    if s.result:
        return _finished(s, side)
    return line_points(s, side) + other_points(s, side)


def turns_left(s: State) -> float:
    """Turns still to play after this moment, counting the action rounds of this one (8.1: six
    a turn): 0 at the end of the last turn's sixth action round."""
    return turns_left_at(SCENARIOS[s.scenario].last_turn, s.turn, s.round)


def turns_left_at(last: int, turn: int, rnd: int) -> float:
    """:func:`turns_left` in action round ``rnd`` of ``turn`` of a game ending with ``last``."""
    return max(0.0, (last - turn) + (ROUNDS - min(rnd, ROUNDS)) / ROUNDS)


def line_share(left: float) -> float:
    """How far :func:`line_weight` has gone from 1 toward :data:`LINE_AT_END`, ``left`` turns
    before the end: 0 until :data:`SHARPEN_FROM`, 1 from :data:`SHARPEN_FULL`."""
    near = (SHARPEN_FROM - left) / (SHARPEN_FROM - SHARPEN_FULL)
    return min(1.0, max(0.0, near))


def line_weight(s: State) -> float:
    """How many times its points the final VP's line counts in the chance to win: 1 until
    :data:`SHARPEN_FROM` turns are left, :data:`LINE_AT_END` from :data:`SHARPEN_FULL` turns
    left to the end, in a straight line between. At the end of the last turn only the final VP
    decides (5.5.2, 5.7.2), and a VP taken then cannot be lost again; earlier, the other terms
    say where the VP will go."""
    if YARDSTICK_LINE:
        return 1.0
    return 1.0 + (LINE_AT_END - 1.0) * line_share(turns_left(s))


def win_chance(s: State, side: int) -> float:
    """:func:`evaluate` as a number in [0, 1] (a logistic of the points), the final VP's line
    counting more as the game nears its end (:func:`line_weight`)."""
    if s.result:
        v = _finished(s, side)
    else:
        v = line_weight(s) * line_points(s, side) + other_points(s, side)
    return 1.0 / (1.0 + math.exp(-v / SCALE))
