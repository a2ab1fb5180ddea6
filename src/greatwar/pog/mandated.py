"""Mandated Offensives (6.0 A, 7.1): the rolls, the results, and what fulfils them.

``s.mo[side]`` holds the MO still owed this turn: a nation code (``fr``, ``br``, ``it``, ``ru``,
``ah``, ``ah_it``, ``tu``, ``ge``), ``fr_mutiny`` (7.1.8), or ``none`` (the "None or Made" box).
Combat calls :func:`note_attack` for every attack; the War Status Phase charges the penalty for
an MO still owed (7.1.3).
"""

from __future__ import annotations

from collections.abc import Sequence

from greatwar.pog import board
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import D, log, roll
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import State
from greatwar.pog.tracks import at_war

_T = D.tables["mandated_offensive_tables"]
TABLE: tuple[dict[int, str], dict[int, str]] = (
    {int(k): str(v) for k, v in _T["ap"].items()},
    {int(k): str(v) for k, v in _T["cp"].items()},
)
SHIFT_ORDER: tuple[tuple[str, ...], tuple[str, ...]] = (
    tuple(_T["ap_shift_order"]),
    tuple(_T["cp_shift_order"]),
)

CAPITALS: dict[str, tuple[int, ...]] = {
    "ge": (D.space("berlin"),),
    "ah": (D.space("vienna"), D.space("budapest")),
    "fr": (D.space("paris"),),
    "br": (D.space("london"),),
    "it": (D.space("rome"),),
    "tu": (D.space("constantinople"),),
    "ru": (),  # 3.0 lists no Russian capital
}
ROME = D.space("rome")

FR_BE_GE = frozenset({"fr", "be", "ge"})


def nation_of_result(result: str) -> str:
    return "ah" if result == "ah_it" else result


def capital_lost(s: State, nation: str, side: int) -> bool:
    """7.1.2: the nation's capital is enemy-controlled (Austria-Hungary: *both* Vienna and
    Budapest, as 7.1.2 says; see docs/rulings.md)."""
    caps = CAPITALS.get(nation, ())
    return bool(caps) and all(s.ctrl[x] != side for x in caps)


def resolve(s: State, side: int, die: int) -> str:
    """The MO a die roll produces, after every modification of 7.1 and 5.7.4 #5."""
    if side == CP and "hoffmann" in s.events:
        die = min(6, die + 1)  # 7.1.9
    result = TABLE[side][die]
    if SCENARIOS[s.scenario].historical and s.turn == 1 and result == "br":
        result = "fr"  # 5.7.4 #5
    if result == "ah_it" and (not at_war(s, "it") or s.ctrl[ROME] == CP):
        result = "ah"  # 7.1.6
    order = SHIFT_ORDER[side]
    while result != "none":
        nation = nation_of_result(result)
        if not at_war(s, nation):
            result = "none"  # 7.1.2: a neutral nation's result has no effect
            break
        if capital_lost(s, nation, side):
            result = order[order.index(result) + 1]  # 7.1.2: shift one box right
            continue
        break
    if result == "ge" and "h_l_take_command" in s.events:
        result = "none"  # 7.1.10
    if result == "ru" and "bolshevik_revolution" in s.events:
        result = "none"  # 7.1.11
    if result == "fr" and "french_mutiny" in s.events:
        result = "fr_mutiny"  # 7.1.8
    return result


def mandated_offensive_phase(s: State) -> None:
    """6.0 A: each player rolls on his MO table."""
    s.phase = "mandated_offensives"
    for side in (CP, AP):
        die = roll(s, "mandated_offensive", "7.1.1", side)
        s.mo[side] = resolve(s, side, die)
        log(s, "mo.result", "7.1.1", side, die=die, mo=s.mo[side])


# -- fulfilment ----------------------------------------------------------------------------


def _nation(u: int) -> str:
    return D.units[u].nation


def attack_satisfies(
    s: State, side: int, attackers: Sequence[int], target: int, defenders: Sequence[int]
) -> bool:
    """Does this attack fulfil ``side``'s MO (7.1.3-7.1.7)? ``defenders`` are the enemy
    combat units in the target space (an attack on an empty fort fulfils nothing)."""
    mo = s.mo[side]
    if mo in ("none", "fr_mutiny") or not defenders:
        return False
    units = D.units
    tnation = D.spaces[target].nation
    if mo in ("fr", "br"):
        # 7.1.4: a German unit in France, Belgium or Germany; AUS, CND, PT, ANA are not British.
        ok_att = any(
            units[u].nation == mo and "british_minor" not in units[u].flags for u in attackers
        )
        return ok_att and tnation in FR_BE_GE and any(_nation(u) == "ge" for u in defenders)
    if mo == "ge":
        # 7.1.5: an American, British, Belgian or French unit in France, Belgium or Germany.
        ok_att = any(_nation(u) == "ge" for u in attackers)
        return (
            ok_att
            and tnation in FR_BE_GE
            and any(_nation(u) in ("us", "br", "be", "fr") for u in defenders)
        )
    if mo == "tu":
        # 7.1.5: a Turkish unit (not the SN) attacks an Allied unit.
        return any(_nation(u) == "tu" for u in attackers)
    if mo == "ah_it":
        # 7.1.6: Italian units, a space in Italy, or Allied units supplied through Italy.
        if not any(_nation(u) == "ah" for u in attackers):
            return False
        if tnation == "it" or any(_nation(u) == "it" for u in defenders):
            return True
        from greatwar.pog import supply

        return supply.traces_through_nation(s, defenders, "it")
    # ah (7.1.7), it, ru: any attack by a unit of that nation.
    return any(_nation(u) == mo for u in attackers)


def note_attack(
    s: State, side: int, attackers: Sequence[int], target: int, defenders: Sequence[int]
) -> None:
    """Record an attack for the MO bookkeeping, including the French Mutiny penalty (7.1.8)."""
    mo = s.mo[side]
    if mo == "fr_mutiny":
        tnation = D.spaces[target].nation
        occ = board.occupants(s)
        mutinous = [
            u
            for u in attackers
            if _nation(u) == "fr" and not any(_nation(v) == "us" for v in occ[s.loc[u]])
        ]
        if mutinous and tnation in FR_BE_GE:
            s.vp += 1
            s.mo[side] = "none"
            log(s, "mo.french_mutiny_penalty", "7.1.8", side, vp=s.vp)
        return
    if attack_satisfies(s, side, attackers, target, defenders):
        log(s, "mo.made", "7.1.3", side, mo=mo)
        s.mo[side] = "none"


def missed_penalty(s: State) -> None:
    """E.1 / 7.1.3: one VP against each player whose MO is still owed."""
    for side in (CP, AP):
        mo = s.mo[side]
        if mo in ("none", "fr_mutiny"):
            continue
        s.vp += -1 if side == CP else 1
        log(s, "mo.missed", "7.1.3", side, mo=mo, vp=s.vp)


def cancel(s: State, side: int, nation: str, rule: str) -> None:
    """An event cancels an MO in effect (7.1.10, 7.1.11): the marker goes to 'None or Made'."""
    if s.mo[side] == nation:
        s.mo[side] = "none"
        log(s, "mo.cancelled", rule, side, mo=nation)
