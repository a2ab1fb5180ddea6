"""Designating combats (12.1, 12.2.2): which space is attacked, by which units.

After movement and entrenching, an operation with Attack-activated spaces pushes the
``combat_designation`` frame. The attacker names a defending space (``attack <space>``), then
adds attacking units one at a time (``with <unit>``) and confirms (``done``); the combat is then
resolved (:mod:`.resolution`) and the attacker may designate the next one. ``done`` with no space
named ends the combats of the operation: attacking is never compulsory (12.1.1).

Only choices that can still become a legal combat are offered: a space is offered only if some
legal group of units can attack it, a unit only if a legal group containing the units already
chosen exists, and ``done`` only once the group is legal.

Frame fields: ``spaces`` (Attack-activated spaces), ``oos`` (units out of supply at activation,
14.1.1.1), ``attacked`` (spaces attacked in this action, 12.1.6), ``used`` (units that attacked,
12.1.6, with the corps that replaced an attacking army, added when that combat ends), ``out``
(units that attacked out of a besieged fort space, 15.2.3), ``tgt`` (the space being
designated, -1 if none) and ``sel`` (the units chosen so far).
"""

from __future__ import annotations

from collections.abc import Callable

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board, movement, supply
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import STEPS, PogStep, act, log, pop, push
from greatwar.pog.state import State
from greatwar.pog.war_status import season

from .common import (
    ADJ,
    CAUCASUS,
    CAUCASUS_NE,
    LINK,
    LONDON,
    MN_NATION,
    NEAR_EAST,
    RETREATED,
    SPACES,
    UNITS,
    round_members,
)

BEF_AREA = movement.BEF_AREA
FR_BE = frozenset({"fr", "be"})


def _enemy_units(s: State, side: int, x: int) -> list[int]:
    return [u for u in board.units_in(s, x) if UNITS[u].side != side]


def _crosses_caucasus(frm: int, to: int) -> bool:
    return (frm == CAUCASUS and to in CAUCASUS_NE) or (to == CAUCASUS and frm in CAUCASUS_NE)


def russian_forts_barred(s: State) -> bool:
    """15.1.11: until OberOst or CP War Status 4, German units may not attack Russian forts."""
    return "oberost" not in s.events and s.ws[CP] < 4


def target_ok(s: State, f: Frame, tgt: int) -> bool:
    """Conditions on the defending space alone."""
    side = f["side"]
    if tgt in f["attacked"]:
        return False  # 12.1.6
    if supply.closed_to_all(s, tgt):
        return False  # neutral spaces, Greek units under limited entry (9.5.2.4)
    enemy = _enemy_units(s, side, tgt)
    if enemy:
        old = round_members(s, RETREATED)
        if all(u in old for u in enemy):
            return False  # 12.1.2
    elif not movement.enemy_fort(s, side, tgt):
        return False  # nothing to attack
    if SPACES[tgt].terrain == "desert" and season(s.turn) == "summer":
        return False  # 15.2.5
    return True


# Events that forbid some units to attack some spaces this turn (Lloyd George, Stavka
# Timidity): f(state, unit, defending space) is True when the unit may not join the attack.
ATTACK_BARS: list[Callable[[State, int, int], bool]] = []


def eligible(s: State, f: Frame, u: int, tgt: int, sel: list[int]) -> bool:
    """May unit ``u`` join the attack on ``tgt`` alongside ``sel``?"""
    side = f["side"]
    x = s.loc[u]
    d = UNITS[u]
    if x == tgt:
        # 15.1.3, 15.2.3: units in an enemy fort's space attack the fort.
        return movement.enemy_fort(s, side, tgt)
    link = LINK.get((x, tgt))
    if link is None:
        return False  # 12.1.4: adjacent spaces only
    if board.fort_besieged(s, tgt) and movement.enemy_fort(s, side, tgt):
        return False  # 15.1.3: a besieged fort only from its own space
    if not movement.link_allows(u, link.restriction, link.nations, s, tgt):
        return False  # 12.1.9
    if board.fort_besieged(s, x) and movement.enemy_fort(s, side, x):
        # 15.2.3: only the units beyond the besieging minimum may attack out.
        going = set(f.get("out", [])) | set(sel) | {u}
        rest = [v for v in board.units_in(s, x) if v not in going]
        if not movement.besieging_force(s, side, x, rest):
            return False
    nation_t = SPACES[tgt].nation
    if "bef_area_only" in d.flags and nation_t not in BEF_AREA:
        return False  # 11.1.17
    if tgt in NEAR_EAST and movement.ne_army_barred(s, u):
        return False  # 11.3.1
    if _crosses_caucasus(x, tgt):
        # 12.1.9, 11.3.2: one Russian corps a turn, no army, none after the Fall of the Tsar.
        if d.army or d.nation != "ru" or "fall_of_the_tsar" in s.events:
            return False
        if "caucasus_move" in s.tflags:
            return False
        if any(_crosses_caucasus(s.loc[v], tgt) for v in sel):
            return False
    if d.nation == "ge" and nation_t == "ru" and board.fort_intact(s, tgt):
        if russian_forts_barred(s):
            return False  # 15.1.11
    if side == AP and s.turn == 1 and d.nation == "ru" and movement.german_fort(tgt):
        return False  # 15.1.12
    if nation_t == "it" and movement.italy_restricted(s, u):
        return False  # 5.7.4 #6
    if "treaty_of_brest_litovsk" in s.events:
        if side == AP and d.nation == "ru":
            return False  # 16.4.9: Russian units may no longer attack
        if side == CP and any(UNITS[v].nation == "ru" for v in _enemy_units(s, side, tgt)):
            if d.nation != "tu" or tgt not in NEAR_EAST:
                return False  # 16.4.9
    return not any(bar(s, u, tgt) for bar in ATTACK_BARS)


def valid(s: State, sel: list[int]) -> bool:
    """Is ``sel`` a legal group of attackers (12.1.10, 12.1.11)?"""
    if not sel:
        return False
    nats = {MN_NATION[u] for u in sel}
    if len(nats) > 1:
        # 12.1.11.1: one attacking space holds a participating unit of every nationality.
        by_space: dict[int, set[str]] = {}
        for u in sel:
            by_space.setdefault(s.loc[u], set()).add(MN_NATION[u])
        if not any(n == nats for n in by_space.values()):
            return False
    if any(s.loc[u] == LONDON for u in sel) and not any(
        SPACES[s.loc[u]].nation in FR_BE for u in sel
    ):
        return False  # 12.1.10
    return True


def candidates(s: State, f: Frame, tgt: int) -> list[int]:
    """Units of the Attack spaces that have not attacked, in supply at activation, placed
    to attack ``tgt`` (before the per-unit checks)."""
    used = set(f["used"])
    oos = set(f["oos"])
    side = f["side"]
    out = []
    for x in f["spaces"]:
        if x != tgt and tgt not in ADJ[x]:
            continue
        for u in board.units_in(s, x):
            if u not in used and u not in oos and UNITS[u].side == side:
                out.append(u)
    return out


def completable(s: State, f: Frame, tgt: int, sel: list[int], pool: list[int]) -> bool:
    """Can ``sel`` be grown into a legal group from ``pool``? Tries every attacking space as
    the common space of 12.1.11.1, adding one unit per missing nationality, then a unit in
    France or Belgium if London needs one (12.1.10)."""
    if valid(s, sel):
        return True
    if not sel:
        return any(eligible(s, f, u, tgt, []) and completable(s, f, tgt, [u], pool) for u in pool)
    for common in sorted({s.loc[u] for u in pool} | {s.loc[u] for u in sel}):
        group = list(sel)
        nats = {MN_NATION[u] for u in group}
        have = {MN_NATION[u] for u in group if s.loc[u] == common}
        ok = True
        for n in sorted(nats - have):
            add = next(
                (
                    u
                    for u in pool
                    if s.loc[u] == common
                    and MN_NATION[u] == n
                    and u not in group
                    and eligible(s, f, u, tgt, group)
                ),
                -1,
            )
            if add < 0:
                ok = False
                break
            group.append(add)
        if not ok:
            continue
        if valid(s, group):
            return True
        nats = {MN_NATION[u] for u in group}
        extra = next(
            (
                u
                for u in pool
                if u not in group
                and SPACES[s.loc[u]].nation in FR_BE
                and MN_NATION[u] in nats
                and eligible(s, f, u, tgt, group)
            ),
            -1,
        )
        if extra >= 0 and valid(s, [*group, extra]):
            return True
    return False


def targets(s: State, f: Frame) -> list[int]:
    """Spaces that may be attacked now (each with at least one legal group of attackers)."""
    side = f["side"]
    seen: set[int] = set()
    out = []
    for x in f["spaces"]:
        for t in (x, *ADJ[x]):
            if t in seen:
                continue
            seen.add(t)
            if t == x and not movement.enemy_fort(s, side, x):
                continue
            if not target_ok(s, f, t):
                continue
            pool = candidates(s, f, t)
            if pool and completable(s, f, t, [], pool):
                out.append(t)
    return sorted(out)


def addable(s: State, f: Frame) -> list[int]:
    tgt = f["tgt"]
    sel = f["sel"]
    pool = [u for u in candidates(s, f, tgt) if u not in sel]
    out = []
    for u in pool:
        if not eligible(s, f, u, tgt, sel):
            continue
        grown = [*sel, u]
        rest = [v for v in pool if v != u]
        if completable(s, f, tgt, grown, rest):
            out.append(u)
    return out


@STEPS.register
class CombatDesignation(PogStep):
    """12.2.2: designate the combats of an operation, one after another."""

    name = "combat_designation"
    rule = "12.2.2"

    def settle(self, s: State, f: Frame) -> bool:
        if "tgt" not in f:
            f.update(tgt=-1, sel=[], out=[])
            return True
        if f["tgt"] < 0 and not targets(s, f):
            pop(s, f)  # nothing left to attack
            return True
        return False

    def prompt(self, s: State, f: Frame) -> str:
        return "combat.designate_units" if f["tgt"] >= 0 else "combat.designate"

    def legal(self, s: State, f: Frame) -> list[Action]:
        if f["tgt"] < 0:
            out = [act("attack", SPACES[t].id) for t in targets(s, f)]
            out.append(act("done"))
            return out
        out = [act("with", UNITS[u].id) for u in addable(s, f)]
        if valid(s, f["sel"]):
            out.append(act("done"))
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "attack":
            f["tgt"] = SPACES_IX[a.args[0]]
            f["sel"] = []
            return
        if a.verb == "with":
            f["sel"] = [*f["sel"], UNITS_IX[a.args[0]]]
            return
        if f["tgt"] < 0:
            pop(s, f)
            return
        start_combat(s, f)


SPACES_IX = {sp.id: sp.ix for sp in SPACES}
UNITS_IX = {d.id: d.ix for d in UNITS}


def start_combat(s: State, f: Frame) -> None:
    """The designation is complete: record it (12.1.6) and resolve the combat."""
    side = f["side"]
    tgt = f["tgt"]
    sel = list(f["sel"])
    f["attacked"] = [*f["attacked"], tgt]
    f["used"] = [*f["used"], *sel]
    out = [u for u in sel if s.loc[u] != tgt and board.fort_besieged(s, s.loc[u])]
    if out:
        f["out"] = [*f["out"], *out]
    if any(_crosses_caucasus(s.loc[u], tgt) for u in sel):
        s.tflags["caucasus_move"] = 1  # 12.1.9: the turn's one Caucasus crossing
    f["tgt"] = -1
    f["sel"] = []
    spaces = sorted({s.loc[u] for u in sel})
    log(
        s,
        "combat.designated",
        "12.2.2",
        side,
        space=SPACES[tgt].id,
        attackers=[UNITS[u].id for u in sel],
        spaces=[SPACES[x].id for x in spaces],
    )
    push(s, "combat", side=side, stage="start", tgt=tgt, att=sel, spaces=spaces)
