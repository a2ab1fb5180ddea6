"""Fire (12.2.7-12.2.9): combat strength, the fire tables, terrain and trench column shifts,
die roll modifiers, and the Loss Number a side inflicts.

The tables come from ``data/tables.json``: a side with an army among its firing units (even a
reduced one) fires on the Army table, otherwise on the Corps/Fort table (12.2.8). The column is
the one holding the combat strength (a strength below the first column reads the first column),
shifted for the defending space's terrain and trenches (cumulative, stopping at the table's
edges). The die is modified and clamped to 1-6 (12.2.9).

Trenches (11.2.8-11.2.9): a trench of the defender benefits every defending combat unit, corps
included, and never a fort standing alone; combat cards may negate all its effects or only its
column shifts (see :mod:`.cards`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from greatwar.core.steps import Frame
from greatwar.pog import board
from greatwar.pog.flow import D, clamp_die, log, roll
from greatwar.pog.state import State

from . import cards
from .common import SINAI, SPACES, UNITS, attacker, defender, defenders, fort_defends, units_of

_FT = D.tables["fire_tables"]
_TERRAIN = D.tables["terrain_effects"]


@dataclass(frozen=True, slots=True)
class FireTable:
    name: str
    labels: tuple[str, ...]
    mins: tuple[int, ...]  # the smallest strength of each column
    results: tuple[tuple[int, ...], ...]  # results[die - 1][column]

    def column(self, cf: int) -> int:
        """The column holding strength ``cf`` (below the first column: the first)."""
        col = 0
        for i, lo in enumerate(self.mins):
            if cf >= lo:
                col = i
        return col

    def shifted(self, cf: int, shift: int) -> int:
        """12.2.8: shifts are cumulative and stop at the table's edges."""
        col = self.column(cf) + shift
        return 0 if col < 0 else len(self.mins) - 1 if col >= len(self.mins) else col

    def result(self, col: int, die: int) -> int:
        return self.results[clamp_die(die) - 1][col]


def _table(name: str) -> FireTable:
    t = _FT[name]
    cols = t["columns"]
    return FireTable(
        name,
        tuple(str(c["label"]) for c in cols),
        tuple(int(c["min_cf"]) for c in cols),
        tuple(tuple(int(v) for v in t["results_by_die"][str(d)]) for d in range(1, 7)),
    )


ARMY = _table("army")
CORPS = _table("corps")


def terrain_shift(terrain: str) -> tuple[int, int]:
    """(attacker, defender) column shifts of a terrain type."""
    t = _TERRAIN[terrain]
    return int(t["attacker_shift"]), int(t["defender_shift"])


TRENCH_SHIFTS: dict[int, tuple[int, int]] = {
    1: (int(_TERRAIN["trench_1"]["attacker_shift"]), int(_TERRAIN["trench_1"]["defender_shift"])),
    2: (int(_TERRAIN["trench_2"]["attacker_shift"]), int(_TERRAIN["trench_2"]["defender_shift"])),
}


def trench_level(s: State, c: Frame) -> int:
    """The defender's trench level that counts in this combat before any negation: only a
    trench of the defender, only while defending combat units are in the space (11.2.9,
    15.1.6); a card may make the space count as entrenched (Turk Determination)."""
    tgt = c["tgt"]
    if not defenders(s, c):
        return 0
    level = s.trench[tgt] if s.tside[tgt] == defender(c) else 0
    if level == 0 and cards.virtual_trench(c):
        level = 1
    return level


def trench_benefit(s: State, c: Frame, part: str) -> int:
    """The trench level whose ``part`` ("shifts", "flank", "retreat") applies now."""
    level = trench_level(s, c)
    if level and cards.trench_negated(c, part):
        return 0
    return level


def shifts(s: State, c: Frame) -> tuple[int, int]:
    """(attacker, defender) column shifts in the defending space (12.2.8)."""
    att, dfd = terrain_shift(SPACES[c["tgt"]].terrain)
    level = trench_benefit(s, c, "shifts")
    if level:
        ta, td = TRENCH_SHIFTS[level]
        att += ta
        dfd += td
    return att, dfd


# Event effects that last an action round or a turn add DRMs here: f(state, combat, side).
DrmHook = Callable[[State, Frame, int], int]
DRM_HOOKS: list[DrmHook] = []


SINAI_DRM = -3  # 12.2.7


def sinai_drm(s: State, spaces: Collection[int]) -> int:
    """12.2.7: -3 to the attacker when all attacking units are in Sinai (``spaces``: the
    attacking spaces). The Exceptions summary (Near East, Combat) ends it for both sides once
    Sinai Pipeline has been played (R49)."""
    if "sinai_pipeline" in s.events or not spaces or any(x != SINAI for x in spaces):
        return 0
    return SINAI_DRM


def drm(s: State, c: Frame, side: int) -> int:
    """12.2.7: the total DRM of ``side``'s fire."""
    total = cards.drm(s, c, side)
    if side == attacker(c):
        total += sinai_drm(s, c["spaces"])
    for hook in DRM_HOOKS:
        total += hook(s, c, side)
    return total


def strength(s: State, c: Frame, role: str) -> int:
    """12.2.3: the CF of the side's units (0-CF corps add nothing, 12.1.7), plus the
    defender's fort (15.1.4; never the attacker's, 15.1.5)."""
    cf = sum(board.cf(s, u) for u in units_of(s, c, role))
    if role == "d" and fort_defends(s, c):
        cf += SPACES[c["tgt"]].fort
    return cf


def table_for(s: State, c: Frame, role: str, side: int) -> FireTable:
    """12.2.8: the Army table if an army is among the firing units, else the Corps/Fort
    table; a card may put the side on the Army table (Kemal, Maude)."""
    if any(UNITS[u].army for u in units_of(s, c, role)) or cards.army_table(c, side):
        return ARMY
    return CORPS


def fire(s: State, c: Frame, side: int) -> int:
    """One side fires (12.2.8-12.2.9): returns the Loss Number it inflicts."""
    role = "a" if side == attacker(c) else "d"
    if not units_of(s, c, role) and not (role == "d" and fort_defends(s, c)):
        log(s, "combat.no_fire", "12.2.9", side)
        return 0
    cf = strength(s, c, role)
    table = table_for(s, c, role, side)
    att_shift, def_shift = shifts(s, c)
    col = table.shifted(cf, att_shift if role == "a" else def_shift)
    mod = drm(s, c, side)
    die = roll(s, "combat", "12.2.9", side)
    ln = table.result(col, die + mod)
    log(
        s,
        "combat.fire",
        "12.2.9",
        side,
        cf=cf,
        table=table.name,
        column=table.labels[col],
        die=die,
        drm=mod,
        ln=ln,
    )
    return ln
