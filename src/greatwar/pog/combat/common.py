"""Shared facts and helpers of the combat procedure (12, 15).

A combat lives in one ``combat`` frame (see :mod:`.resolution`); the decision frames it pushes
(cards, flank, losses, retreat, advance) read and write it through the helpers here. Its fields:

``side``        the attacker (12.1.3); the defender is the other side
``stage``       where the twelve steps of 12.2.1 have got to
``tgt``         the defending space
``att``         participating attacking units (replacement corps join when they come in)
``spaces``      the spaces the attack comes from
``dfn``         defending units that add their CF (replacement corps join as well)
``old``         defending units that already retreated this action round (12.5.6)
``fort``        1 if the defender's fort in ``tgt`` takes part (12.2.3, 15.1.4)
``oos``         armies out of supply at the start of the combat (14.1.1.2, 12.4.4.1)
``dcc``         1 if the defender may use combat cards (14.3.4, 14.1.5, 15.1.6)
``cards``       ``[side, card]`` for every combat card played or selected (12.2.6)
``src``         ``[card, previous event turn]`` per card played (``-2``: from the table)
``fx``          ``[side, event key]`` for the effects of events in this combat (cards.py)
``void``        1 once the combat is called off (Alberich)
``order``       ``sim`` (simultaneous), ``att`` or ``def`` (who fires first, 12.3.3)
``lna``/``lnd`` the Loss Number inflicted by the attacker / by the defender (12.4.1)
``rep``         ``[corps, army]`` for every corps that replaced an army (12.4.4, 12.5.4)
``dlog``        the defender's step losses, for Withdrawal (12.6): ``["r", unit]`` (reduced),
                ``["e", unit, corps]`` (eliminated; ``corps`` its replacement or -1)
``winner``      the side that won (12.2.11), -1 for a tie
``need``        the length of the defender's retreat (12.5.2, 12.6.4)
``vac``         first spaces of two-space retreats, open to the advance (12.7.3, 12.7.4)
``retreated``   1 once the defenders have retreated
"""

from __future__ import annotations

from greatwar.core.steps import Frame
from greatwar.pog import board, movement, supply
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import D
from greatwar.pog.messages import define
from greatwar.pog.state import State
from greatwar.pog.trenches import round_index

UNITS = D.units
SPACES = D.spaces
ADJ = D.adj
LINK = D.link_of
RESERVE = D.reserve_box
ELIMINATED = D.eliminated_box
PERMANENT = D.perm_eliminated_box
BOXES = D.boxes

LONDON = D.space("london")
SINAI = D.space("sinai")
CAUCASUS = movement.CAUCASUS
CAUCASUS_NE = movement.CAUCASUS_NE
NEAR_EAST = movement.NEAR_EAST
MEDINA = D.space("medina")

_TERRAIN = D.tables["terrain_effects"]
STOP_TERRAIN = frozenset(
    t for t in ("clear", "forest", "desert", "mountain", "swamp") if _TERRAIN[t]["advance_stops"]
)  # 12.7.3
CANCEL_TERRAIN = frozenset(
    t
    for t in ("clear", "forest", "desert", "mountain", "swamp")
    if _TERRAIN[t]["defender_may_cancel_retreat"]
)  # 12.5.3
NO_FLANK_TERRAIN = frozenset(
    t
    for t in ("clear", "forest", "desert", "mountain", "swamp")
    if not _TERRAIN[t]["flank_allowed"]
)  # 12.3.1


def mn_nation(u: int) -> str:
    """12.1.11.2: the nationality of a unit for multinational attacks (ANA, AUS, CND and PT
    are British, the SN Turkish, the MN Serbian; Belgians stay Belgian)."""
    return UNITS[u].activation_nation


MN_NATION: tuple[str, ...] = tuple(mn_nation(u) for u in range(len(UNITS)))


# -- the combat frame ----------------------------------------------------------------------


def combat_frame(s: State) -> Frame:
    """The combat being resolved (the nearest ``combat`` frame on the stack)."""
    for f in reversed(s.stack):
        if f["step"] == "combat":
            return f
    raise RuntimeError("no combat is being resolved")


def attacker(c: Frame) -> int:
    side: int = c["side"]
    return side


def defender(c: Frame) -> int:
    return 1 - attacker(c)


def role_of(c: Frame, side: int) -> str:
    return "a" if side == attacker(c) else "d"


def on_map(s: State, u: int) -> bool:
    x = s.loc[u]
    return x >= 0 and x not in BOXES


def attackers(s: State, c: Frame) -> list[int]:
    """Participating attackers still on the map."""
    return [u for u in c["att"] if on_map(s, u)]


def defenders(s: State, c: Frame) -> list[int]:
    """Defending units (not the already-retreated ones) still on the map."""
    return [u for u in c["dfn"] if on_map(s, u)]


def units_of(s: State, c: Frame, role: str) -> list[int]:
    return attackers(s, c) if role == "a" else defenders(s, c)


def fort_defends(s: State, c: Frame) -> bool:
    """The defender's fort takes part and still stands (12.2.3, 12.4.6)."""
    return bool(c["fort"]) and board.fort_intact(s, c["tgt"])


def full_attackers(s: State, c: Frame) -> list[int]:
    """12.2.12, 12.7.1: participating attackers still at full strength."""
    return [u for u in attackers(s, c) if not s.red[u]]


def replaced_army(c: Frame, corps: int) -> int:
    """The army a corps replaced during this combat, or -1."""
    for cr, army in c["rep"]:
        if cr == corps:
            return int(army)
    return -1


def in_supply_for_cards(s: State, u: int) -> bool:
    """14.3.4, 14.1.5: a defending unit that may receive combat-card benefits: in supply, and
    not a Turkish unit kept in supply only by Medina. (The same test as activation's
    ``can_act``, which this package may not import: activation is imported by the card-play
    code that imports the combat cards.)"""
    x = s.loc[u]
    if x == MEDINA and UNITS[u].nation == "tu" and not supply.traces_from(s, x, "cp_tu"):
        return False
    return supply.unit_supplied(s, u)


# -- forts and sieges ------------------------------------------------------------------------


# -- per action round records ------------------------------------------------------------------


def _round_list(s: State, key: str) -> list[int]:
    rec = s.tflags.get(key)
    now = round_index(s)
    if not rec or rec[0] != now:
        rec = [now, []]
        s.tflags[key] = rec
    out: list[int] = rec[1]
    return out


def round_members(s: State, key: str) -> list[int]:
    """The members of a list kept for the current action round only (read-only use)."""
    rec = s.tflags.get(key)
    if not rec or rec[0] != round_index(s):
        return []
    out: list[int] = rec[1]
    return out


def note_round(s: State, key: str, item: int) -> None:
    lst = _round_list(s, key)
    if item not in lst:
        lst.append(item)


RETREATED = "retreated"  # 12.1.2, 12.5.6: units that retreated this action round
CC_USED = "cc_used"  # 9.5.4.4: combat cards used this action round


def side_name(side: int) -> str:
    return "ap" if side == AP else "cp" if side == CP else ""


define(
    "en",
    {
        "cc.discarded": "{side} discard {card}",
        "cc.kept": "{side} keep {card} face up",
        "cc.played": "{side} play {card}",
        "cc.removed": "{card} is removed from the game",
        "cc.used": "{side} use {card} again from the table",
        "combat.advance": "{unit} advances from {frm} to {to}",
        "combat.designated": "{side} attack {space}",
        "combat.end": "The combat for {space} is over",
        "combat.fire": (
            "{side} fire {cf} CF on the {table} table, column {column}: die {die}{drm}, "
            "Loss Number {ln}"
        ),
        "combat.flank": "{side} try a flank attack, pinning from {space}: die {die}{drm}: "
        "{success_text}",
        "combat.flank_auto": "{side}: the flank attack succeeds without a roll",
        "combat.no_fire": "{side} have nothing left to fire with",
        "combat.no_retreat": "{unit} cannot retreat",
        "combat.old_eliminated": "{unit} had already retreated this round and is eliminated",
        "combat.replacement": "{unit} replaces the eliminated army in {space}",
        "combat.retreat": "{unit} retreats from {frm} to {to}",
        "combat.retreat_cancelled": "{side} cancel the retreat with an extra step loss",
        "combat.retreat_ignored": "{side} ignore the retreat",
        "combat.step": "{unit} loses a step ({lf})",
        "combat.step_restored": "{unit} regains a step (Withdrawal)",
        "combat.tie": "The combat is a tie ({lna} to {lnd}): both sides lose it",
        "combat.unabsorbed": "{side}: {ln} of the Loss Number cannot be absorbed",
        "combat.winner": "{side} win the combat (Loss Numbers {lna} to {lnd})",
        "combat.withdrawal_nothing": "Withdrawal gives no step back",
    },
)
