"""Supply (14): who can trace a line to a friendly supply source, for units and for spaces.

A unit is in supply when it can trace a path through friendly-controlled spaces (its own space
excluded) to a friendly-controlled supply source of its nationality (14.1.2, 14.2); a path may
not enter a space holding an enemy unit or an enemy-controlled space (a besieged enemy fort space
excepted), nor cross a dashed line the unit could not move across (14.1.3). Ports extend paths by
sea (14.1.4). Some units are always in supply (14.1.5).

Units are grouped into *supply classes* that trace the same way (the same sources, dashed lines
and sea rights). For each class the set of spaces connected to its sources is computed by one
breadth-first search and cached in ``State.cache`` until units, control or forts change
(:func:`greatwar.pog.board.invalidate`), so asking about many units costs one search per class.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from greatwar.pog import board
from greatwar.pog.board import LINKS
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import D
from greatwar.pog.state import FORT_BESIEGED, State
from greatwar.pog.tracks import at_war

SPACES = D.spaces
UNITS = D.units
N = len(SPACES)


LONDON = D.space("london")
GALLIPOLI = D.space("gallipoli")
CONSTANTINOPLE = D.space("constantinople")
RIGA = D.space("riga")
SALONIKA = D.space("salonika")
SOFIA = D.space("sofia")
MEDINA = D.space("medina")
TARANTO = D.space("taranto")
ESSEN, BRESLAU = D.space("essen"), D.space("breslau")
BELGRADE = D.space("belgrade")
RUSSIAN_SOURCES = tuple(
    sp.ix for sp in SPACES if sp.supply_source == "ap_east" and sp.nation == "ru"
)
AP_EAST_SOURCES = tuple(sp.ix for sp in SPACES if sp.supply_source == "ap_east")
ALBANIA = frozenset(sp.ix for sp in SPACES if sp.nation == "al")
SERBIA = frozenset(sp.ix for sp in SPACES if sp.nation == "sb")
NEAR_EAST = frozenset(sp.ix for sp in SPACES if sp.map == "neareast")


@dataclass(frozen=True, slots=True)
class SupplyClass:
    """One way of tracing supply."""

    name: str
    side: int
    sources: tuple[int, ...]
    links: frozenset[str]  # nations whose dashed lines may be crossed
    sea: bool  # may trace through ports (14.1.4)
    beachhead: bool = False  # may use the MEF Beachhead as a port (9.2.7.1)


def _cls(
    name: str,
    side: int,
    sources: Iterable[int],
    links: Iterable[str],
    sea: bool,
    beachhead: bool = False,
) -> SupplyClass:
    return SupplyClass(name, side, tuple(sources), frozenset(links), sea, beachhead)


CP_SOURCES = (ESSEN, BRESLAU, SOFIA, CONSTANTINOPLE)  # 14.2.1
CLASSES: dict[str, SupplyClass] = {
    c.name: c
    for c in (
        _cls("cp", CP, CP_SOURCES, (), True),
        _cls("cp_tu", CP, CP_SOURCES, ("tu",), True),
        _cls("ap_west", AP, (LONDON,), (), True),  # 14.2.4
        _cls("ap_br", AP, (LONDON,), ("br",), True),
        _cls("ap_br_mef", AP, (LONDON,), ("br",), True, beachhead=True),
        _cls("ap_it", AP, (LONDON,), ("it",), True),
        _cls("ap_ana", AP, (LONDON,), ("ana",), True),
        _cls("ap_east", AP, AP_EAST_SOURCES, ("ru",), False),  # 14.2.2
        _cls("ap_sb", AP, (*AP_EAST_SOURCES, SALONIKA), ("ru",), False),  # 14.2.3
        # Spaces use any source of their side and any friendly dashed line (14.2.5, 11.1.4).
        _cls(
            "space_ap",
            AP,
            (LONDON, *AP_EAST_SOURCES, SALONIKA),
            ("br", "it", "ru", "ana"),
            True,
            beachhead=True,
        ),
        _cls("space_cp", CP, CP_SOURCES, ("tu",), True),
        # Home sources only: a unit that reaches none of these traces to a foreign source
        # (13.1.12, 17.1.4.1).
        _cls("home_geah", CP, (ESSEN, BRESLAU), (), True),
        _cls("home_tu", CP, (CONSTANTINOPLE,), ("tu",), True),
        _cls("home_bu", CP, (SOFIA,), (), True),
        _cls("home_ru", AP, RUSSIAN_SOURCES, ("ru",), False),
    )
}


def unit_class(u: int) -> str:
    """The supply class of unit ``u``."""
    d = UNITS[u]
    n = d.nation
    if d.side == CP:
        return "cp_tu" if n == "tu" else "cp"
    if n in ("ru", "ro"):
        return "ap_east"
    if n == "sb":
        return "ap_sb"
    if n == "br":
        if "mef_beachhead_supply" in d.flags or "may_use_mef_beachhead_supply" in d.flags:
            return "ap_br_mef"
        return "ap_br"
    if n == "it":
        return "ap_it"
    if n == "ana":
        return "ap_ana"
    return "ap_west"


UNIT_CLASS: tuple[str, ...] = tuple(unit_class(u) for u in range(len(UNITS)))
HOME_CLASS: dict[str, str] = {
    "ge": "home_geah",
    "ah": "home_geah",
    "tu": "home_tu",
    "bu": "home_bu",
    "ru": "home_ru",
    "ro": "home_ru",
}


# -- which spaces a path may use ------------------------------------------------------------


def closed_to_all(s: State, x: int) -> bool:
    """Spaces nobody may enter or trace through: a neutral nation's spaces (11.1.11), Greek
    spaces holding Greek units under the limited entry (9.5.2.4), MEF beaches without the
    Beachhead marker (11.1.10)."""
    return bool(_closed(s)[x])


def _closed(s: State) -> bytearray:
    """:func:`closed_to_all` for every space, cached with the position."""
    got: bytearray | None = s.cache.get(CLOSED)
    if got is None:
        got = bytearray(N)
        occ = board.occupants(s)
        beachhead = s.flags.get("mef_beachhead")
        salonika = s.flags.get("salonika")
        for sp in SPACES:
            x = sp.ix
            if sp.neutral_at_start and not at_war(s, sp.nation):
                if sp.nation == "gr" and salonika:
                    got[x] = any(UNITS[u].nation == "gr" for u in occ[x])
                else:
                    got[x] = 1
            elif sp.mef_beach and beachhead != x:
                got[x] = 1
        s.cache[CLOSED] = got
    return got


CLOSED = "closed"


def passable(s: State, x: int, side: int) -> bool:
    """May a supply path of ``side`` pass through ``x`` (14.1.3)?"""
    if _closed(s)[x]:
        return False
    occ_side = board.occupant_sides(s)[x]
    if occ_side >= 0 and occ_side != side:
        return False  # an enemy unit
    if s.ctrl[x] == side:
        return True
    # An enemy-controlled space: only a besieged enemy fort space lets the path through.
    return SPACES[x].fort > 0 and s.fort[x] == FORT_BESIEGED


def usable_port(s: State, x: int, cls: SupplyClass) -> bool:
    """14.1.4: a friendly-controlled unbesieged port of the right kind for this side."""
    sp = SPACES[x]
    if cls.side == AP:
        if s.flags.get("mef_beachhead") == x:
            return cls.beachhead  # 9.2.7.1: only some Allied units may use the beachhead
        if not sp.ap_port:
            return False
        if x == CONSTANTINOPLE and s.ctrl[GALLIPOLI] != AP:
            return False  # 14.1.4: Constantinople only with Gallipoli
    else:
        if not sp.cp_port:
            return False  # 14.1.4: only ports in Germany and Russia
    if s.ctrl[x] != cls.side or not passable(s, x, cls.side):
        return False
    return not (sp.fort > 0 and s.fort[x] == FORT_BESIEGED)  # unbesieged (Riga, 13.1.7.1)


def _source_active(s: State, x: int, cls: SupplyClass) -> bool:
    if s.ctrl[x] != cls.side or not passable(s, x, cls.side):
        return False
    if x == SOFIA:
        return at_war(s, "bu")
    if x == CONSTANTINOPLE and cls.side == CP:
        return at_war(s, "tu")
    return True


def _link_ok(kind: str, nations: frozenset[str], cls: SupplyClass) -> bool:
    """14.1.3: a dashed line only for the nations printed on it that this class may cross.

    A beach link (11.1.10) is open both ways: a path may *enter* a beach only where the MEF
    Beachhead marker lies, which :func:`closed_to_all` already enforces (a beach without it is
    closed to all, and a beach is never a source), so a path runs from the beachhead port
    inland (9.5.3.5, 9.2.7.1); and a unit standing on a captured beach traces off it."""
    return kind != "nation" or not nations.isdisjoint(cls.links)


def reach(s: State, name: str) -> bytearray:
    """For class ``name``: 1 for every space connected to a friendly source (cached)."""
    cache: dict[str, bytearray] | None = s.cache.get(board.SUPPLY)
    if cache is None:
        cache = {}
        s.cache[board.SUPPLY] = cache
    got = cache.get(name)
    if got is None:
        got = _search(s, CLASSES[name], frozenset())
        cache[name] = got
    return got


def _search(s: State, cls: SupplyClass, banned: frozenset[int]) -> bytearray:
    """Breadth-first search from the active sources through passable spaces, then through
    every usable port once one is reached (14.1.4). ``banned`` spaces are never entered."""
    side = cls.side
    seen = bytearray(N)
    ok = bytearray(N)  # passable, computed lazily: 0 unknown, 1 yes, 2 no
    todo: list[int] = []
    for x in cls.sources:
        if x not in banned and _source_active(s, x, cls):
            seen[x] = 1
            todo.append(x)
    sea_done = not cls.sea
    while True:
        while todo:
            x = todo.pop()
            for n, kind, nations in LINKS[x]:
                if seen[n] or n in banned:
                    continue
                if kind == "nation" and nations.isdisjoint(cls.links):
                    continue  # 14.1.3 (_link_ok)
                p = ok[n]
                if p == 0:
                    p = 1 if passable(s, n, side) else 2
                    ok[n] = p
                if p == 1:
                    seen[n] = 1
                    todo.append(n)
        if sea_done:
            break
        sea_done = True
        ports = [x for x in _ports(s, cls) if x not in banned]
        if any(seen[x] for x in ports):
            for x in ports:
                if not seen[x]:
                    seen[x] = 1
                    todo.append(x)
    return seen


def _ports(s: State, cls: SupplyClass) -> list[int]:
    """The ports this class may use now, the MEF Beachhead included where allowed."""
    ports = [x for x in PORTS[cls.side] if usable_port(s, x, cls)]
    bh = s.flags.get("mef_beachhead", -1)
    if cls.beachhead and bh >= 0 and bh not in ports and usable_port(s, bh, cls):
        ports.append(bh)
    return ports


PORTS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(sp.ix for sp in SPACES if sp.ap_port),
    tuple(sp.ix for sp in SPACES if sp.cp_port),
)


def traces_from(s: State, x: int, name: str) -> bool:
    """Can something of class ``name`` standing in ``x`` trace supply? (Its own space is not
    part of the path, 14.1.3.)"""
    r = reach(s, name)
    if r[x]:
        return True
    cls = CLASSES[name]
    return any(r[n] and _link_ok(kind, nations, cls) for n, kind, nations in LINKS[x])


# -- units ------------------------------------------------------------------------------


def always_supplied(s: State, u: int, x: int, attrition: bool = False) -> bool:
    """14.1.5: the MN corps; ANA and SN on the Near East map; Serbian units in Serbia;
    Turkish units in Medina (for attrition only)."""
    d = UNITS[u]
    if "always_supplied" in d.flags:
        return True
    if "always_supplied_near_east" in d.flags and x in NEAR_EAST:
        return True
    if d.nation == "sb" and x in SERBIA:
        return True
    if d.nation == "gr" and not at_war(s, "gr"):
        return True  # 9.5.2.4: Greek units placed by Salonika are neutral, out of the war
    return attrition and x == MEDINA and d.nation == "tu"


def unit_supplied(s: State, u: int, attrition: bool = False) -> bool:
    """Is unit ``u`` (on the map) in supply? ``attrition`` adds the Medina exception."""
    return supplied_at(s, u, s.loc[u], attrition)


def supplied_at(s: State, u: int, x: int, attrition: bool = False) -> bool:
    """Would unit ``u`` be in supply standing in ``x``? (Retreat priorities, SR targets.)"""
    return always_supplied(s, u, x, attrition) or traces_from(s, x, UNIT_CLASS[u])


def home_supplied(s: State, u: int) -> bool:
    """13.1.12, 17.1.4.1: False when the unit can trace only to another nation's sources
    (GE/AH to Sofia or Constantinople, TU to Essen/Breslau/Sofia, BU to Essen/Breslau/
    Constantinople, RU/RO to Belgrade). Units of other nations are never restricted."""
    home = HOME_CLASS.get(UNITS[u].nation)
    if home is None:
        return True
    x = s.loc[u]
    if x in D.boxes:
        return True
    if always_supplied(s, u, x):
        return True
    return traces_from(s, x, home)


def space_supplied(s: State, x: int) -> bool:
    """14.2.5, 14.3.6: could a friendly unit in ``x`` trace to any source of the controlling
    side, across friendly dashed lines? Albania may also trace to Taranto (11.1.12)."""
    side = s.ctrl[x]
    name = "space_ap" if side == AP else "space_cp"
    if traces_from(s, x, name):
        return True
    if side == AP and x in ALBANIA:
        return _albania_to_taranto(s, x)
    return False


def _albania_to_taranto(s: State, x: int) -> bool:
    """11.1.12: Albanian spaces trace attrition supply to Taranto even while Italy is neutral,
    as to a supply source: only while it is not enemy-controlled nor holds enemy units
    (14.1.2-14.1.3)."""
    if s.ctrl[TARANTO] != AP or board.occupant_sides(s)[TARANTO] == CP:
        return False
    seen = {x}
    todo = [x]
    while todo:
        y = todo.pop()
        for n, kind, _nations in LINKS[y]:
            if n == TARANTO:
                return True
            if n in seen or kind == "mef_beach":
                continue
            if n in ALBANIA and passable(s, n, AP):
                seen.add(n)
                todo.append(n)
    return False


def supplied_units(s: State, units: Sequence[int], attrition: bool = False) -> list[int]:
    return [u for u in units if unit_supplied(s, u, attrition)]


def traces_through_nation(s: State, units: Sequence[int], nation: str) -> bool:
    """7.1.6: do these (Allied) units trace supply through a space of ``nation``, i.e. are they
    in supply now but would not be with that nation's spaces taken out of their paths?"""
    banned = frozenset(sp.ix for sp in SPACES if sp.nation == nation)
    for u in units:
        x = s.loc[u]
        if not board.on_map(s, u) or always_supplied(s, u, x) or not unit_supplied(s, u):
            continue
        cls = CLASSES[UNIT_CLASS[u]]
        r = _search(s, cls, banned)
        if not r[x] and not any(
            r[n] and _link_ok(kind, nations, cls) for n, kind, nations in LINKS[x]
        ):
            return True
    return False
