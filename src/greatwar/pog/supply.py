"""Supply (14): who can trace a line to a friendly supply source, for units and for spaces.

A unit is in supply when it can trace a path through friendly-controlled spaces (its own space
excluded) to a friendly-controlled supply source of its nationality (14.1.2, 14.2); a path may
not enter a space holding an enemy unit or an enemy-controlled space (a besieged enemy fort space
excepted), nor cross a dashed line the unit could not move across (14.1.3). Ports extend paths by
sea (14.1.4). Some units are always in supply (14.1.5).

Units are grouped into *supply classes* that trace the same way (the same sources, dashed lines
and sea rights). For each class the set of spaces connected to its sources is worked out once
over the side's components (see "the search, shared by the classes of a side" below) and cached
in ``State.cache``; the side's data are kept across changes of the board (and clones) for as
long as what they depend on is unchanged, so asking about many units costs little.
"""

from __future__ import annotations

from array import array
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

# The map never changes: per space, its neighbours over the lines every path may use (solid
# lines and MEF beach links, 11.1.10), and its dashed lines as (neighbour, nations) (14.1.3).
OPEN_ADJ: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n, kind, _ in LINKS[x] if kind != "nation") for x in range(N)
)
DASHED: tuple[tuple[tuple[int, frozenset[str]], ...], ...] = tuple(
    tuple((n, nations) for n, kind, nations in LINKS[x] if kind == "nation") for x in range(N)
)
NEUTRAL_SPACES: dict[str, tuple[int, ...]] = {}
for _sp in SPACES:
    if _sp.neutral_at_start:
        NEUTRAL_SPACES[_sp.nation] = (*NEUTRAL_SPACES.get(_sp.nation, ()), _sp.ix)
MEF_BEACHES = tuple(sp.ix for sp in SPACES if sp.mef_beach)
HAS_FORT = bytes(1 if sp.fort > 0 else 0 for sp in SPACES)


def closed_to_all(s: State, x: int) -> bool:
    """Spaces nobody may enter or trace through: a neutral nation's spaces (11.1.11), Greek
    spaces holding Greek units under the limited entry (9.5.2.4), MEF beaches without the
    Beachhead marker (11.1.10)."""
    got: bytearray | None = s.cache.get(CLOSED)
    return bool((_closed(s) if got is None else got)[x])


def closed_spaces(s: State) -> bytearray:
    """:func:`closed_to_all` for every space (1 where closed), cached with the position;
    never change it."""
    got: bytearray | None = s.cache.get(CLOSED)
    return _closed(s) if got is None else got


def _closed(s: State) -> bytearray:
    """:func:`closed_to_all` for every space, cached with the position."""
    got: bytearray | None = s.cache.get(CLOSED)
    if got is None:
        got = bytearray(N)
        salonika = s.flags.get("salonika")
        for nation, spaces in NEUTRAL_SPACES.items():
            if at_war(s, nation):
                continue
            if nation == "gr" and salonika:
                occ = board.occupants(s)
                for x in spaces:
                    got[x] = any(UNITS[u].nation == "gr" for u in occ[x])
            else:
                for x in spaces:
                    got[x] = 1
        beachhead = s.flags.get("mef_beachhead")
        for x in MEF_BEACHES:
            sp = SPACES[x]
            if not (sp.neutral_at_start and not at_war(s, sp.nation)) and beachhead != x:
                got[x] = 1
        s.cache[CLOSED] = got
    return got


CLOSED = board.CLOSED


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
    return _source_at_war(s, x, cls)


def _source_at_war(s: State, x: int, cls: SupplyClass) -> bool:
    """14.2.1: Sofia only once Bulgaria, Constantinople (for the CP) only once Turkey is at
    war."""
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


# Per class, per space: the neighbours over the lines the class may use (14.1.3).
CLASS_ADJ: dict[str, tuple[tuple[int, ...], ...]] = {
    name: tuple(
        tuple(n for n, kind, nations in LINKS[x] if _link_ok(kind, nations, cls)) for x in range(N)
    )
    for name, cls in CLASSES.items()
}

# -- the search, shared by the classes of a side ----------------------------------------------
#
# Every class of a side passes through the same spaces (14.1.3 depends on the side only); the
# classes differ in their sources, the dashed lines they may cross and the use of ports. So the
# spaces a side may pass are labelled once into components over solid lines (lazily: a
# component is labelled when a search first reaches it), and each class's search runs over the
# components: from the components of its active sources across the dashed lines it may cross,
# then, once a usable port is reached, from every usable port (14.1.4).
#
# What the side's data depend on is computed first (with whole-board byte operations: one
# byte per space, read as a big integer) and kept as its key: after a change of the board the
# data are kept when the key is unchanged (a unit of the other side moved, a space changed hands
# where nothing passes anyway), and a clone starts from its original's data, checked the same
# way. The key is exact: the spaces passable for the side, those it controls among them, the
# ports it may use, the MEF Beachhead and whether Bulgaria and Turkey are at war.

SIDE_KEY = board.SUPPLY_SIDE  # cache keys of each side's data ("supply.0", "supply.1")
LANES = board.LANES  # the whole-board bytes both sides' keys are made from
REACH_KEY: dict[str, str] = {name: "supply:" + name for name in CLASSES}
_EQUALS = tuple(bytes(1 if i == v else 0 for i in range(256)) for v in (0, 1))  # translate
_HAS_FORT = int.from_bytes(HAS_FORT, "little")


def _lanes(b: bytes | bytearray) -> int:
    """One byte per space as a big integer: the bitwise operators work on all spaces at once."""
    return int.from_bytes(b, "little")


def _board_lanes(s: State) -> tuple[int, int, int, int, int, int]:
    """(closed, occupied by AP, occupied by CP, controlled by AP, controlled by CP, besieged
    fort), one byte per space (cached with the position). A space is occupied by the side of
    its first unit, as :func:`greatwar.pog.board.occupant_sides` says."""
    got: tuple[int, int, int, int, int, int] | None = s.cache.get(LANES)
    if got is None:
        occ = bytearray(N)  # 0 empty, 1 AP, 2 CP
        loc = s.loc
        for u in UNITS_BACKWARDS:  # the first unit of a space writes last
            x = loc[u]
            if x >= 0:
                occ[x] = SIDE_CODE[u]
        try:
            ctrl = bytes(s.ctrl)
        except ValueError:  # a side -1 (none) is byte 255
            ctrl = array("b", s.ctrl).tobytes()
        ap, cp = _EQUALS
        got = (
            _lanes(_closed(s)),
            _lanes(occ.translate(cp)),
            _lanes(occ.translate(_EQUALS_2)),
            _lanes(ctrl.translate(ap)),
            _lanes(ctrl.translate(cp)),
            _lanes(bytes(s.fort).translate(cp)) & _HAS_FORT,  # FORT_BESIEGED is 1
        )
        s.cache[LANES] = got
    return got


UNITS_BACKWARDS = tuple(range(len(UNITS) - 1, -1, -1))
SIDE_CODE = bytes(1 + d.side for d in UNITS)
_EQUALS_2 = bytes(1 if i == 2 else 0 for i in range(256))


class SideSupply:
    """One side's supply data in one position (see above); a pure function of ``key``, so it
    may be shared by every position with the same key."""

    __slots__ = (
        "dashed",
        "free",
        "kept",
        "key",
        "labels",
        "masks",
        "members",
        "passable",
        "port_comps",
        "ports",
        "reach",
    )

    def __init__(self, key: tuple[object, ...], passable: bytes, ports: tuple[int, ...]) -> None:
        self.key = key
        self.passable = passable  # 1 where a path of the side may pass (14.1.3)
        self.ports = ports  # the usable ports, the MEF Beachhead aside (14.1.4)
        self.free = bytearray(passable)  # passable and not yet in a component
        self.labels = [0] * N  # the component of each passable space, 0 while unlabelled
        self.masks: list[int] = [0]  # per component (from 1), its spaces as lanes
        self.members: list[list[int]] = [[]]  # per component, its spaces
        # per component, see exits() (None until asked)
        self.dashed: list[tuple[tuple[int, frozenset[str]], ...] | None] = [()]
        self.reach: dict[str, bytes] = {}  # per class, the spaces it reaches
        self.port_comps: frozenset[int] | None = None  # see port_components()
        # What other modules derive from this data alone (and from nothing else of the
        # position), kept with it: SR route components and ends (redeployment).
        self.kept: dict[object, object] = {}

    def component(self, x: int) -> int:
        """The component of passable space ``x``, labelled now if it was not yet."""
        c = self.labels[x]
        if c:
            return c
        c = len(self.masks)
        free = self.free
        before = _lanes(free)
        free[x] = 0
        group = [x]
        for y in group:  # breadth-first: the loop reaches what it appends
            for n in OPEN_ADJ[y]:
                if free[n]:
                    free[n] = 0
                    group.append(n)
        labels = self.labels
        for y in group:
            labels[y] = c
        self.masks.append(before & ~_lanes(free))
        self.dashed.append(None)
        self.members.append(group)
        return c

    def exits(self, c: int) -> tuple[tuple[int, frozenset[str]], ...]:
        """The other components component ``c``'s dashed lines lead to, each with the nations
        of those lines (labelling them now if needed)."""
        got = self.dashed[c]
        if got is None:
            passable = self.passable
            out: dict[int, frozenset[str]] = {}
            for y in self.members[c]:
                for n, nations in DASHED[y]:
                    if passable[n]:
                        d = self.component(n)
                        if d != c:
                            out[d] = out.get(d, frozenset()) | nations
            got = self.dashed[c] = tuple(out.items())
        return got

    def port_components(self) -> set[int]:
        """The components of the usable ports that may be passed (labelled now if needed)."""
        got = self.port_comps
        if got is None:
            passable = self.passable
            got = self.port_comps = frozenset(self.component(x) for x in self.ports if passable[x])
        return set(got)


def side_supply(s: State, side: int) -> SideSupply:
    """The supply data of ``side`` in this position (kept from an earlier position, or from
    the original of a clone, when their key matches)."""
    cache = s.cache
    got: SideSupply | None = cache.get(SIDE_KEY[side])
    if got is not None:
        return got
    closed, occ_ap, occ_cp, ctrl_ap, ctrl_cp, besieged = _board_lanes(s)
    if side == AP:
        ctrl, enemy = ctrl_ap, occ_cp
    else:
        ctrl, enemy = ctrl_cp, occ_ap
    passable = (ctrl | besieged) & ~enemy & ~closed  # passable()
    mine = ctrl & passable
    usable = (mine & ~besieged).to_bytes(N, "little")
    bh = s.flags.get("mef_beachhead", -1)
    ports = tuple(
        x
        for x in PORTS[side]
        if usable[x]
        and not (side == AP and (x == bh or (x == CONSTANTINOPLE and s.ctrl[GALLIPOLI] != AP)))
    )  # usable_port()
    key = (passable, mine, ports, bh, at_war(s, "bu"), at_war(s, "tu"))
    stale: SideSupply | None = cache.pop(board.SUPPLY_STALE[side], None)
    if stale is None or stale.key != key:
        stale = SideSupply(key, passable.to_bytes(N, "little"), ports)
    cache[SIDE_KEY[side]] = stale
    return stale


def passable_spaces(s: State, side: int) -> bytes:
    """:func:`passable` for every space (1 where a path of ``side`` may pass), cached."""
    return side_supply(s, side).passable


def reach(s: State, name: str) -> bytes:
    """For class ``name``: 1 for every space connected to a friendly source (cached)."""
    got: bytes | None = s.cache.get(REACH_KEY[name])
    if got is None:
        cls = CLASSES[name]
        sd = side_supply(s, cls.side)
        got = sd.reach.get(name)
        if got is None:
            got = sd.reach[name] = _class_reach(s, sd, cls)
        s.cache[REACH_KEY[name]] = got
    return got


def _class_reach(s: State, sd: SideSupply, cls: SupplyClass) -> bytes:
    """The search of :func:`_search` (without banned spaces) over ``sd``'s components."""
    links = cls.links
    passable = sd.passable
    reached: set[int] = set()
    work: list[int] = []
    for x in cls.sources:
        if passable[x] and s.ctrl[x] == cls.side and _source_at_war(s, x, cls):
            c = sd.component(x)
            if c not in reached:
                reached.add(c)
                work.append(c)
    seeds = 0  # lanes of spaces seen outside any component (a closed MEF Beachhead port)
    for sea in (False, True):
        if sea:
            if not cls.sea:
                break
            ports = sd.port_components()
            bh = s.flags.get("mef_beachhead", -1)
            if not cls.beachhead or bh < 0 or bh in sd.ports:
                bh = -1  # 9.2.7.1: the MEF Beachhead is a port for this class (usable_port)
            if ports.isdisjoint(reached) and not (
                bh >= 0 and passable[bh] and sd.labels[bh] in reached
            ):
                break
            # 14.1.4: every usable port, once one is reached.
            new = ports - reached
            if bh >= 0:
                if passable[bh]:
                    new.add(sd.component(bh))
                else:
                    seeds = 1 << (8 * bh)
                    new.update(sd.component(n) for n in CLASS_ADJ[cls.name][bh] if passable[n])
                new -= reached
            reached |= new
            work.extend(new)
        while work:
            c = work.pop()
            for d, nations in sd.exits(c):
                if d not in reached and not nations.isdisjoint(links):  # 14.1.3 (_link_ok)
                    reached.add(d)
                    work.append(d)
    lanes = seeds
    masks = sd.masks
    for c in reached:
        lanes |= masks[c]
    return lanes.to_bytes(N, "little")


def _search(s: State, cls: SupplyClass, banned: frozenset[int]) -> bytearray:
    """Breadth-first search from the active sources through passable spaces, then through
    every usable port once one is reached (14.1.4). ``banned`` spaces are never entered.
    (:func:`reach` gives the same without banned spaces, faster.)"""
    passable = side_supply(s, cls.side).passable
    adj = CLASS_ADJ[cls.name]
    seen = bytearray(N)
    todo: list[int] = []
    for x in cls.sources:
        if x not in banned and _source_active(s, x, cls):
            seen[x] = 1
            todo.append(x)
    sea_done = not cls.sea
    while True:
        while todo:
            x = todo.pop()
            for n in adj[x]:
                if not seen[n] and passable[n] and n not in banned:
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
    r = s.cache.get(REACH_KEY[name])
    if r is None:
        r = reach(s, name)
    if r[x]:
        return True
    for n in CLASS_ADJ[name][x]:  # noqa: SIM110 (a loop: any() costs a generator)
        if r[n]:
            return True
    return False


# -- units ------------------------------------------------------------------------------


def always_supplied(s: State, u: int, x: int, attrition: bool = False) -> bool:
    """14.1.5: the MN corps; ANA and SN on the Near East map; Serbian units in Serbia;
    Turkish units in Medina (for attrition only)."""
    if not SPECIAL[u]:
        return False
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


# The units :func:`always_supplied` may answer True for (the others never are).
SPECIAL: tuple[bool, ...] = tuple(
    "always_supplied" in d.flags
    or "always_supplied_near_east" in d.flags
    or d.nation in ("sb", "gr", "tu")
    for d in UNITS
)


def unit_supplied(s: State, u: int, attrition: bool = False) -> bool:
    """Is unit ``u`` (on the map) in supply? ``attrition`` adds the Medina exception."""
    return supplied_at(s, u, s.loc[u], attrition)


def supplied_at(s: State, u: int, x: int, attrition: bool = False) -> bool:
    """Would unit ``u`` be in supply standing in ``x``? (Retreat priorities, SR targets.)"""
    if SPECIAL[u] and always_supplied(s, u, x, attrition):
        return True
    # traces_from(s, x, UNIT_CLASS[u]), written out: the most asked question of the engine
    name = UNIT_CLASS[u]
    r = s.cache.get(REACH_KEY[name])
    if r is None:
        r = reach(s, name)
    if r[x]:
        return True
    for n in CLASS_ADJ[name][x]:  # noqa: SIM110 (a loop: any() costs a generator)
        if r[n]:
            return True
    return False


def own_source(s: State, u: int, x: int) -> bool:
    """Is ``x`` a source of unit ``u``'s supply class that is at war (14.2.1)? Where ``x`` is
    also friendly-controlled and a supply path may pass it (free of enemy units, not closed to
    all), :func:`supplied_at` is True there without a search: :func:`reach` starts from the
    component of every such source (14.1.2)."""
    cls = CLASSES[UNIT_CLASS[u]]
    return x in cls.sources and _source_at_war(s, x, cls)


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
    # traces_from(s, x, name), written out: attrition and the views ask it of every space
    r = s.cache.get(REACH_KEY[name])
    if r is None:
        r = reach(s, name)
    if r[x]:
        return True
    for n in CLASS_ADJ[name][x]:
        if r[n]:
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
