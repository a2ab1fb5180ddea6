"""Reading and changing the board: where units are, who controls what, trenches and forts.

All changes to unit locations, step state, control, trenches and forts go through the functions
here. That keeps two promises: derived data cached in ``State.cache`` (occupancy, supply) is
dropped whenever what it depends on changes, and every control change of a VP space moves the VP
marker (3.0 "VP Space", 5.1.2).
"""

from __future__ import annotations

from bisect import bisect_left

from greatwar.pog.data import AP, CP, Unit
from greatwar.pog.flow import D, log
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import (
    FORT_BESIEGED,
    FORT_DESTROYED,
    FORT_INTACT,
    OFF,
    SUPPLY_SIDE_KEYS,
    SUPPLY_STALE_KEYS,
    State,
)

UNITS = D.units
SPACES = D.spaces
RESERVE = D.reserve_box
ELIMINATED = D.eliminated_box
PERMANENT = D.perm_eliminated_box
BOXES = D.boxes
# Per space, its connections: (neighbour, restriction kind, nations allowed on a dashed line).
LINKS: tuple[tuple[tuple[int, str, frozenset[str]], ...], ...] = tuple(
    tuple((n, D.link_of[(x, n)].restriction, D.link_of[(x, n)].nations) for n in D.adj[x])
    for x in range(len(SPACES))
)
STACK_LIMIT: int = D.tables["stacking_limit"]["units_per_space"]  # 10.1.1

# Cache keys (derived data, recomputed on demand).
OCC = "occ"
SIDES = "occupant_sides"
SUPPLY_SIDE = SUPPLY_SIDE_KEYS  # each side's supply data (greatwar.pog.supply.side_supply)
SUPPLY_STALE = SUPPLY_STALE_KEYS  # the same, from before the last change: kept if still exact
CLOSED = "closed"  # greatwar.pog.supply.closed_spaces
LANES = "supply.lanes"  # greatwar.pog.supply._board_lanes
GREEK = tuple(d.nation == "gr" for d in UNITS)


def invalidate(s: State) -> None:
    """Drop derived data after a change to units, control, forts or war entry. Each side's
    supply data are put aside, not dropped: they carry the key of everything they depend on,
    and the next supply question takes them back if that key did not change."""
    c = s.cache
    if c:
        kept = [c.get(k) or c.get(old) for k, old in zip(SUPPLY_SIDE, SUPPLY_STALE, strict=True)]
        c.clear()
        for old, v in zip(SUPPLY_STALE, kept, strict=True):
            if v is not None:
                c[old] = v


def _units_moved(s: State, u: int, frm: int, to: int) -> None:
    """Unit ``u`` went from ``frm`` to ``to`` (either may be OFF): drop derived data as
    :func:`invalidate` does, but update the occupancy instead of dropping it. Copies, never
    changes in place, the lists handed out before (a caller may hold them)."""
    c = s.cache
    if not c:
        return
    occ: list[list[int]] | None = c.get(OCC)
    sides: list[int] | None = c.get(SIDES)
    lanes: tuple[int, int, int, int, int, int] | None = c.get(LANES)
    closed = c.get(CLOSED)
    invalidate(s)
    if occ is None:
        return
    occ = occ[:]
    if frm >= 0:
        occ[frm] = [v for v in occ[frm] if v != u]
    if to >= 0:
        here = occ[to]
        i = bisect_left(here, u)
        occ[to] = [*here[:i], u, *here[i:]]
    c[OCC] = occ
    if sides is not None:
        sides = sides[:]
        for x in (frm, to):
            if x >= 0:
                sides[x] = UNITS[occ[x][0]].side if occ[x] else -1
        c[SIDES] = sides
    if not GREEK[u]:
        # The spaces closed to all and the whole-board bytes of supply's keys: only the
        # occupying side of the two spaces changes (Greek units alone close spaces, 9.5.2.4).
        if closed is not None:
            c[CLOSED] = closed
        if lanes is not None:
            shut, occ_ap, occ_cp, ctrl_ap, ctrl_cp, besieged = lanes
            for x in (frm, to):
                if x >= 0:
                    shift = 8 * x
                    keep = ~(0xFF << shift)
                    side = UNITS[occ[x][0]].side if occ[x] else -1
                    occ_ap = (occ_ap & keep) | (int(side == AP) << shift)
                    occ_cp = (occ_cp & keep) | (int(side == CP) << shift)
            c[LANES] = (shut, occ_ap, occ_cp, ctrl_ap, ctrl_cp, besieged)


def occupants(s: State) -> list[list[int]]:
    """Units in each space (and box), as lists indexed by space id, each in unit order.
    Cached; never change the lists."""
    occ: list[list[int]] | None = s.cache.get(OCC)
    if occ is None:
        occ = [[] for _ in SPACES]
        for u, x in enumerate(s.loc):
            if x >= 0:
                occ[x].append(u)
        s.cache[OCC] = occ
    return occ


def units_in(s: State, x: int) -> list[int]:
    occ: list[list[int]] | None = s.cache.get(OCC)
    return (occupants(s) if occ is None else occ)[x]


def occupant_sides(s: State) -> list[int]:
    """The side whose units occupy each space (-1 for none). Cached."""
    got: list[int] | None = s.cache.get(SIDES)
    if got is None:
        got = [UNITS[us[0]].side if us else -1 for us in occupants(s)]
        s.cache[SIDES] = got
    return got


def side_in(s: State, x: int) -> int:
    """The side whose units occupy space ``x``, or -1 if it is empty."""
    got: list[int] | None = s.cache.get(SIDES)
    return (occupant_sides(s) if got is None else got)[x]


def is_army(u: int) -> bool:
    return UNITS[u].army


def unit(u: int) -> Unit:
    return UNITS[u]


def cf(s: State, u: int) -> int:
    d = UNITS[u]
    return d.reduced_cf if s.red[u] else d.cf


def lf(s: State, u: int) -> int:
    d = UNITS[u]
    return d.reduced_lf if s.red[u] else d.lf


def mf(s: State, u: int) -> int:
    d = UNITS[u]
    return d.reduced_mf if s.red[u] else d.mf


def on_map(s: State, u: int) -> bool:
    x = s.loc[u]
    return x >= 0 and x not in BOXES


def in_play(s: State, u: int) -> bool:
    """On the map or in its side's Reserve Box."""
    x = s.loc[u]
    return x >= 0 and (x not in BOXES or x == RESERVE[UNITS[u].side])


# -- changes -----------------------------------------------------------------------------


# -- the Arab Northern Army (11.1.15) --------------------------------------------------------

ANA = D.unit("br_ana_corps")
ANA_HELD = "ana_held"  # flags key: CP spaces held for the Allies only by the ANA's presence


def ana_arrives(s: State, x: int) -> None:
    """11.1.15: a CP space the ANA occupies (not a besieged fort space) counts as Allied while
    it is there."""
    if s.ctrl[x] == CP and not (SPACES[x].fort > 0 and s.fort[x] != FORT_DESTROYED):
        s.flags.setdefault(ANA_HELD, []).append(x)
        set_control(s, x, AP, "11.1.15")


def claim(s: State, x: int) -> None:
    """Another Allied unit enters a space the ANA holds (by movement, or ends an SR or a retreat
    there): it stays Allied after the ANA leaves (11.1.15)."""
    held = s.flags.get(ANA_HELD)
    if held and x in held:
        held.remove(x)


def _ana_leaves(s: State, u: int, to: int) -> None:
    """11.1.15: the instant the ANA leaves a space it held, the space reverts to the CP."""
    held = s.flags.get(ANA_HELD)
    if u != ANA or not held:
        return
    frm = s.loc[u]
    if frm in held and frm != to:
        held.remove(frm)
        set_control(s, frm, CP, "11.1.15")


def place(s: State, u: int, x: int, reduced: bool = False) -> None:
    """Put unit ``u`` at ``x`` (space or box) with the given step state."""
    _ana_leaves(s, u, x)
    frm = s.loc[u]
    s.loc[u] = x
    s.red[u] = 1 if reduced else 0
    _units_moved(s, u, frm, x)


def relocate(s: State, u: int, x: int) -> None:
    """Move unit ``u`` to ``x`` keeping its step state (no control change here)."""
    _ana_leaves(s, u, x)
    frm = s.loc[u]
    s.loc[u] = x
    _units_moved(s, u, frm, x)


def set_reduced(s: State, u: int, reduced: bool) -> None:
    s.red[u] = 1 if reduced else 0


def remove(s: State, u: int) -> None:
    """Take a unit out of play entirely (it is not in any box)."""
    _ana_leaves(s, u, OFF)
    frm = s.loc[u]
    s.loc[u] = OFF
    s.red[u] = 0
    _units_moved(s, u, frm, OFF)


def eliminate(s: State, u: int, permanently: bool = False) -> None:
    """Send a unit to its side's eliminated (replaceable) or permanently eliminated box.

    Units whose counter carries the 'never replaced' dot are always eliminated permanently
    (12.4.7 #5, 17.1.7).
    """
    d = UNITS[u]
    if d.not_replaceable or "eliminated_means_permanently_eliminated" in d.flags:
        permanently = True
    box = PERMANENT[d.side] if permanently else ELIMINATED[d.side]
    place(s, u, box, reduced=False)
    log(
        s,
        "unit.eliminated",
        "12.4.7" if permanently else "12.4",
        d.side,
        unit=d.id,
        permanently=permanently,
    )


def vp_space(s: State, x: int) -> bool:
    """Is ``x`` a VP space in this scenario? (5.7.2 changes the set in the historical game.)"""
    sp = SPACES[x]
    return sp.vp if SCENARIOS[s.scenario].historical else sp.vp_classic


def set_control(s: State, x: int, side: int, rule: str = "3.0") -> None:
    """Give control of space ``x`` to ``side``, moving the VP marker for a VP space."""
    if s.ctrl[x] == side:
        return
    s.ctrl[x] = side
    invalidate(s)
    if vp_space(s, x):
        # 3.0 / VP table: +1 when the CP gains a VP space, -1 when the AP gains one.
        s.vp += 1 if side == CP else -1
        log(s, "vp.space", rule, side, space=SPACES[x].id, vp=s.vp)
    else:
        log(s, "control", rule, side, space=SPACES[x].id)


_RU_VP = {
    True: tuple(sp.ix for sp in SPACES if sp.nation == "ru" and sp.vp),
    False: tuple(sp.ix for sp in SPACES if sp.nation == "ru" and sp.vp_classic),
}


def russian_vp_spaces(s: State) -> tuple[int, ...]:
    """The VP spaces in Russia in this scenario (Baku included), 16.4.2."""
    return _RU_VP[SCENARIOS[s.scenario].historical]


def cp_russian_vp(s: State) -> int:
    """The Current CP Russian VP marker: Russian VP spaces the CP controls (16.4.2)."""
    ctrl = s.ctrl
    return sum(1 for y in russian_vp_spaces(s) if ctrl[y] == CP)


def set_trench(s: State, x: int, level: int, side: int) -> None:
    s.trench[x] = level
    s.tside[x] = side if level else -1


def fort_value(x: int) -> int:
    return SPACES[x].fort


def fort_intact(s: State, x: int) -> bool:
    """A fort that stands (intact or besieged, 15.1.10)."""
    return SPACES[x].fort > 0 and s.fort[x] != FORT_DESTROYED


def fort_unbesieged(s: State, x: int) -> bool:
    return SPACES[x].fort > 0 and s.fort[x] == FORT_INTACT


def fort_besieged(s: State, x: int) -> bool:
    return SPACES[x].fort > 0 and s.fort[x] == FORT_BESIEGED


def fort_owner(s: State, x: int) -> int:
    """The side owning the fort in ``x``: a fort stands for the side that controls the space
    (15.1.10: an enemy cannot control a space while a friendly fort stands in it)."""
    return s.ctrl[x]


def destroy_fort(s: State, x: int, rule: str = "15.1.7") -> None:
    """Destroy the fort in ``x``. If enemy units are in the space, control passes to them
    (3.0 'Control': a besieged fort that falls hands its space to the besieger)."""
    owner = s.ctrl[x]
    s.fort[x] = FORT_DESTROYED
    invalidate(s)
    log(s, "fort.destroyed", rule, owner, space=SPACES[x].id)
    here = side_in(s, x)
    if here >= 0 and here != owner:
        set_control(s, x, here, rule)
