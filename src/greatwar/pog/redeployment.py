"""Strategic Redeployment (9.3, 13): playing a card for SR points and moving units with them.

Playing a card for SR (8.1.3, 9.3.1) gives as many SR points as the card's SR value (9.3.2),
not in the round after the player's previous SR play of the same turn (9.3.3; the Salonika
event counts as an SR play). The ``strategic_redeployment`` frame then asks for
``sr <unit> <space>`` actions, a space being a map space or the side's Reserve Box, until the
player says ``done`` or nothing more can be redeployed. A corps costs 1 point and an army 4
(13.1.2); a unit redeploys at most once in the play (13.1.3); the order is free (13.1.10).

Three ways to redeploy:

- overland (13.1.5): through friendly-controlled spaces free of enemy units (besieged enemy
  fort spaces pass), across solid lines and the dashed lines printed for the unit's nation;
- by sea (13.1.7): corps only, from one usable friendly port to another;
- to and from the Reserve Box (13.1.8, 13.1.9).

Stacking is judged at the end of the SR (10.1.2: the frame carries ``overstack``): a unit may SR
into a space already holding three units when a unit there can still SR out to make room with
the points left, so that two full stacks may exchange units; while a space is over the limit the
play cannot end and only SRs that keep it fixable are offered, so every SR ends within the limits.

Frame fields: ``side``, ``card``, ``points`` (SR points left), ``done`` (units that have
redeployed in this play), ``overstack``, ``unit`` (the unit chosen, -1 while none is).

Speed: the friendly region each kind of unit may cross (a "route profile") is labelled into
connected components (from the side's supply components where the profile has no limit of its
own, else by breadth-first search), once per SR play and only where some unit needs it; which
units may redeploy is found cheaply (:func:`has_room`: the first destination suffices), every
destination only for the unit chosen; the destinations of a component that suit a supply
class are filtered once, and units alike (same space and kind, or the same Reserve Box kind)
share their options. All of this lives in ``State.cache``, tied to the state's action serial.
An SR moves only the player's own units, which neither block his own supply nor his routes, so
his side's supply, the route components, the usable ports and the ends of each component are
kept from one SR to the next of the same play (not after Brest-Litovsk, where Russian and other
Allied units block each other).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import NamedTuple

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board, messages, movement, supply
from greatwar.pog.action_phase import last_use, register_use
from greatwar.pog.board import LINKS, STACK_LIMIT
from greatwar.pog.cards import CARDS, move_card
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import STEPS, D, PogStep, act, log, pop, push
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import State
from greatwar.pog.tracks import at_war

SPACES = D.spaces
UNITS = D.units
N = len(SPACES)
RESERVE = D.reserve_box
BOXES = D.boxes
NEAR_EAST = supply.NEAR_EAST
CORPS_COST, ARMY_COST = 1, 4  # 13.1.2
SR_USES = frozenset({"sr", "salonika"})  # 9.3.3: the Salonika event counts as an SR play

CETINJE = D.space("cetinje")
SALONIKA = D.space("salonika")
GALLIPOLI = D.space("gallipoli")
CONSTANTINOPLE = D.space("constantinople")
CHANNEL_PORTS = movement.CHANNEL_PORTS
NO_GE_ARMY_END = movement.NO_GE_ARMY_END
BEF_AREA = movement.BEF_AREA
BREST_NATIONS = movement.BREST_NATIONS

SPACE_NATION: tuple[str, ...] = tuple(sp.nation for sp in SPACES)
IN_NE: tuple[bool, ...] = tuple(x in NEAR_EAST for x in range(N))

# 13.0: the ANA counts as British and the SN corps as Turkish for SR purposes.
SR_NATION: tuple[str, ...] = tuple({"ana": "br", "sn": "tu"}.get(u.nation, u.nation) for u in UNITS)
UNIT_IDS: tuple[str, ...] = tuple(u.id for u in UNITS)
SPACE_IDS: tuple[str, ...] = tuple(sp.id for sp in SPACES)
SIDE_UNITS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(u.ix for u in UNITS if u.side == AP),
    tuple(u.ix for u in UNITS if u.side == CP),
)
COST: tuple[int, ...] = tuple(ARMY_COST if u.army else CORPS_COST for u in UNITS)

# 13.2.1: British corps that never use sea or Reserve Box SR to or from the Near East.
NE_BARRED_BR = frozenset(D.unit(x) for x in ("br_cnd_corps", "br_pt_corps", "br_bef_corps"))

# 13.1.11: capitals per nation (Paris; Vienna or Budapest; ...). BE and SB are exempt.
CAPITALS: dict[str, tuple[int, ...]] = {}
for _sp in SPACES:
    if _sp.capital:
        CAPITALS[_sp.nation] = (*CAPITALS.get(_sp.nation, ()), _sp.ix)
CAPITAL_EXEMPT = frozenset({"be", "sb"})

# 13.1.8: a nation's own capitals and supply sources (Salonika is a source for Serbs only).
OWN_SOURCES: dict[str, tuple[int, ...]] = {}
for _sp in SPACES:
    if _sp.capital or (_sp.supply_source and _sp.supply_source != "sb_only"):
        OWN_SOURCES[_sp.nation] = (*OWN_SOURCES.get(_sp.nation, ()), _sp.ix)
OWN_SOURCES["sb"] = (*OWN_SOURCES.get("sb", ()), SALONIKA)
FRENCH_PORTS = tuple(sp.ix for sp in SPACES if sp.nation == "fr" and sp.ap_port)

# Nations named on dashed lines; a unit crosses those of its nation and its SR nation (13.0).
LINK_NATIONS = frozenset(n for ln in D.links for n in ln.nations)
UNIT_LINKS: tuple[frozenset[str], ...] = tuple(
    frozenset({u.nation, SR_NATION[u.ix]}) & LINK_NATIONS for u in UNITS
)


# -- who may play SR -----------------------------------------------------------------------


def may_play_sr(s: State, side: int, card: int) -> bool:
    """9.3.3: not if the player's previous action round this turn was an SR play (or the
    Salonika event); the ban does not cross turns (``uses`` is cleared each turn)."""
    return last_use(s, side) not in SR_USES and CARDS[card].sr > 0


def start_sr(s: State, side: int, card: int) -> None:
    """9.3.1-9.3.2: play ``card`` for its SR value."""
    move_card(s, side, card, "hand", "played")
    push(s, "finish_card", side=side, card=card, event=0)
    points = CARDS[card].sr
    log(s, "card.sr", "9.3.2", side, card=CARDS[card].id, sr=points)
    push(
        s,
        "strategic_redeployment",
        side=side,
        card=card,
        points=points,
        done=[],
        overstack=1,
        unit=-1,  # 10.1.2: stacking limits are suspended during SR
    )


# -- restrictions by nation ------------------------------------------------------------------


def capital_lost(s: State, u: int) -> bool:
    """13.1.11: the enemy controls or besieges a capital of the unit's nation (Paris; Vienna
    or Budapest; ...): no Reserve Box SR for its corps. Belgians and Serbs are exempt."""
    nation = SR_NATION[u]
    if nation in CAPITAL_EXEMPT:
        return False
    side = UNITS[u].side
    return any(s.ctrl[c] != side or board.fort_besieged(s, c) for c in CAPITALS.get(nation, ()))


def ne_allowance(s: State, u: int, mode: str) -> str | None:
    """13.2: an SR of ``u`` to or from the Near East map by ``mode`` (land, sea, reserve).
    Returns '' when unlimited, the ``tflags`` key of the per-turn allowance it uses, or None
    when it is not allowed (barred, or the allowance is spent this turn)."""
    d = UNITS[u]
    nation = SR_NATION[u]
    if d.side == CP:
        if nation == "tu":
            return ""  # 13.2.3: Turkish units (and the SN, 13.0) do not count
        key = "sr_ne_cp"  # 13.2.3: one CP corps per turn
    elif nation == "ru":
        if d.army or mode == "sea":
            return None  # 13.2.2 never an army; 13.1.6 no Russian sea SR
        key = "sr_ne_ru"  # 13.2.2: one Russian corps per turn
    elif nation == "br":
        if mode == "land":
            return ""  # 13.2.1: overland SR of British units is unlimited
        if d.army or u in NE_BARRED_BR:
            return None  # 13.2.1: CND, PT, BEF corps never; armies never by sea or RB
        key = "sr_ne_br"  # 13.2.1: one BR (or AUS, ANA) corps per turn
    else:
        # 13.2.1: FR, IT, GR, RO, SB, US, BE corps never by sea or Reserve Box.
        return "" if mode == "land" else None
    return None if s.tflags.get(key) else key


def _capital_lost(s: State, routes: _Routes, u: int) -> bool:
    """:func:`capital_lost`, kept per SR nation with the routes of the play (nothing in an SR
    changes control or sieges: see :class:`_Routes`)."""
    nation = SR_NATION[u]
    got = routes.capitals.get(nation)
    if got is None:
        got = routes.capitals[nation] = capital_lost(s, u)
    return got


def _profile(s: State, ctx: _Ctx, u: int) -> Profile:
    """``profile(s, u, ctx.routes)``, kept per unit with the routes of the play (what it
    reads, the events, the Near East armies lost and the commitment, no SR changes)."""
    routes = ctx.routes
    got = routes.profiles.get(u)
    if got is None:
        got = routes.profiles[u] = profile(s, u, routes)
    return got


def _may_leave(s: State, u: int) -> bool:
    """13.1.5: a unit may SR out of a besieged enemy fort space only if the fort stays
    besieged by the units left behind."""
    x = s.loc[u]
    side = UNITS[u].side
    if not (board.fort_besieged(s, x) and s.ctrl[x] != side):
        return True
    rest = [v for v in board.units_in(s, x) if v != u]
    return bool(rest) and movement.besieging_force(s, side, x, rest)


def _brest(s: State, side: int) -> bool:
    return side == AP and "treaty_of_brest_litovsk" in s.events


# -- route profiles ---------------------------------------------------------------------------


class Profile(NamedTuple):
    """What limits the spaces a unit may pass or end in (unit-dependent parts of 13.1.5)."""

    side: int
    links: frozenset[str]  # dashed-line nations it may cross (11.1.4)
    russia: bool  # 13.1.6: only inside Russia
    bef: bool  # 11.1.17: only Britain, France, Belgium, Germany
    ne_barred: bool  # 11.3.1: never on the Near East map
    italy: bool  # 5.7.4 #6: not into or through Italy
    brest: str  # 16.4.9: '' or the unit's group ('ru' or 'ally') after Brest-Litovsk


def profile(s: State, u: int, routes: _Routes | None = None) -> Profile:
    """The route profile of unit ``u``. With ``routes``, limits that cannot matter now (no
    open Italian or Near East space, no usable dashed line of that nation) are left out, so
    that more units share one labelling."""
    d = UNITS[u]
    brest = ""
    if _brest(s, d.side):
        brest = "ru" if d.nation == "ru" else "ally"
    links = UNIT_LINKS[u]
    ne_barred = movement.ne_army_barred(s, u)
    italy = movement.italy_restricted(s, u)
    if routes is not None:
        links = links & routes.link_nations
        ne_barred = ne_barred and routes.any_ne
        italy = italy and routes.any_it
    return Profile(
        d.side,
        links,
        d.nation == "ru",
        "bef_area_only" in d.flags,
        ne_barred,
        italy,
        brest,
    )


ITALY = tuple(sp.ix for sp in SPACES if sp.nation == "it")
NATION_LINKS = tuple((ln.a, ln.b, ln.nations) for ln in D.links if ln.restriction == "nation")
CROSS_LINKS = tuple((ln.a, ln.b) for ln in D.links if IN_NE[ln.a] != IN_NE[ln.b])


class _Components:
    """Connected components of the spaces open to one profile, labelled lazily: a component
    is searched (breadth-first) the first time a unit next to it asks."""

    __slots__ = ("adj", "comp", "free", "links", "members", "sd")

    def __init__(
        self,
        free: bytearray,
        adj: tuple[tuple[int, ...], ...],
        links: frozenset[str],
        sd: supply.SideSupply | None,
    ) -> None:
        self.comp = [-1] * N
        self.members: list[list[int]] = []
        self.free = free  # 1 where open to the profile and not yet in a component
        self.adj = adj  # per space, the neighbours over the lines the profile may use
        self.links = links  # the nations of the dashed lines it may cross
        # With no limit of its kind (every space a supply path of the side may pass is open),
        # the side's supply components (over solid lines) joined across those dashed lines.
        self.sd = sd


# The lines a profile may use (see :func:`_adjacency`), per (dashed-line nations, local).
_ADJACENCY: dict[tuple[frozenset[str], bool], tuple[tuple[int, ...], ...]] = {}


def _adjacency(links: frozenset[str], local: bool) -> tuple[tuple[int, ...], ...]:
    """Per space, its neighbours over solid lines, MEF beach lines and the dashed lines of
    ``links`` (11.1.4); ``local``: not across the edge of the Europe and Near East maps. (A
    beach line is followed only into the MEF Beachhead, 11.1.10, but every other beach is
    closed to all, so never open: the line itself needs no check.)"""
    key = (links, local)
    got = _ADJACENCY.get(key)
    if got is None:
        got = _ADJACENCY[key] = tuple(
            tuple(
                n
                for n, kind, nations in LINKS[x]
                if (kind != "nation" or not nations.isdisjoint(links))
                and not (local and IN_NE[n] != IN_NE[x])
            )
            for x in range(N)
        )
    return got


def _lanes_where(pred: Callable[[int], bool]) -> int:
    return int.from_bytes(bytes(1 if pred(x) else 0 for x in range(N)), "little")


# One byte per space, read as an integer (see :func:`_open_spaces`).
RU_LANES = _lanes_where(lambda x: SPACE_NATION[x] == "ru")
BEF_LANES = _lanes_where(lambda x: SPACE_NATION[x] in BEF_AREA)
NE_LANES = _lanes_where(lambda x: IN_NE[x])
IT_LANES = _lanes_where(lambda x: SPACE_NATION[x] == "it")


def _open_spaces(s: State, ctx: _Ctx, p: Profile) -> bytearray:
    """:func:`_open` for every space (1 where open), with whole-board byte operations."""
    if p.brest:
        return bytearray(1 if _open(s, ctx, p, x) else 0 for x in range(N))
    lanes = int.from_bytes(ctx.routes.base, "little")
    if p.russia:
        lanes &= RU_LANES  # 13.1.6
    if p.bef:
        lanes &= BEF_LANES  # 11.1.17
    if p.ne_barred:
        lanes &= ~NE_LANES  # 11.3.1
    if p.italy:
        lanes &= ~IT_LANES  # 5.7.4 #6
    return bytearray(lanes.to_bytes(N, "little"))


@dataclass
class _Routes:
    """What a side's SR routes depend on: enemy units, control and forts, never the side's
    own units (except after Brest-Litovsk). Kept from one SR to the next of the same play."""

    base: bytearray  # 1 where a friendly route may pass, before unit-specific limits
    link_nations: frozenset[str]  # nations of dashed lines with both ends open
    any_ne: bool  # an open Near East space
    any_it: bool  # an open Italian space
    any_cross: bool  # an open link between the Europe and Near East maps
    # The side's supply data these routes were made with (the routes are a function of it:
    # see _components; and _relocate_keeping_cache).
    supply_data: supply.SideSupply
    labels: dict[tuple[Profile, bool], _Components] = field(default_factory=dict)
    # Per unit: its last sorted destinations and their actions (reused while unchanged).
    actions: dict[int, tuple[list[int], list[Action]]] = field(default_factory=dict)
    # Per (profile, local, component, end key): the ends of the component (see _land_ends).
    ends: dict[tuple[Profile, bool, int, tuple[str, bool, bool, bool, bool]], list[int]] = field(
        default_factory=dict
    )
    ports: list[int] | None = None  # see _ports
    # Per unit, what has_room found true or false of it that cannot change while it stays
    # put in this play (nothing changes control, forts, war entry or the side's supply):
    # (in supply and free to go, may go to the Reserve Box but for the allowances).
    fixed: dict[int, tuple[bool, bool]] = field(default_factory=dict)
    # Per unit, its route profile (see _profile); per SR nation, capital_lost (13.1.11).
    profiles: dict[int, Profile] = field(default_factory=dict)
    capitals: dict[str, bool] = field(default_factory=dict)


def _routes(s: State, side: int) -> _Routes:
    # 13.1.5: through friendly spaces (or besieged enemy forts), never through an enemy combat
    # unit, nor into spaces closed to all (11.1.11 neutral, 9.5.2.4 Greek units, 11.1.10 MEF
    # beaches): exactly the spaces a supply path of the side may pass (14.1.3).
    base = bytearray(supply.passable_spaces(s, side))
    for x in BOXES:
        base[x] = 0
    nations: set[str] = set()
    for a, b, ns in NATION_LINKS:
        if base[a] and base[b]:
            nations |= ns
    return _Routes(
        base,
        frozenset(nations),
        any(base[x] for x in NEAR_EAST),
        any(base[x] for x in ITALY),
        any(base[a] and base[b] for a, b in CROSS_LINKS),
        supply_data=supply.side_supply(s, side),
    )


Options = dict[int, tuple[str, str]]  # destination -> (mode, allowance key used, or '')


@dataclass
class _Ctx:
    """Per-decision derived data (see the module docstring)."""

    serial: int
    side: int
    routes: _Routes
    ends: dict[
        tuple[Profile, bool, int, tuple[str, bool, bool, bool, bool]], tuple[list[int], list[int]]
    ] = field(default_factory=dict)
    anchors: dict[str, list[int]] = field(default_factory=dict)  # see _anchors
    packed: frozenset[int] | None = None  # the full spaces (see :func:`_full_spaces`)
    # Per unit, its destinations with room and those already holding three units (10.1.2).
    opts: dict[int, tuple[Options, Options]] = field(default_factory=dict)
    # Options shared by units alike: overland from one space, or out of the Reserve Box.
    groups: dict[tuple[object, ...], tuple[Options, Options]] = field(default_factory=dict)
    # Per full space, the units there that could still leave it (see :func:`_exchange`).
    relief: dict[int, list[tuple[int, bool, set[int]]]] = field(default_factory=dict)
    # Cheap answers for sr_units (see :func:`has_room`): per land group, whether it has a
    # destination with room; per component and kind of unit, its first ends with room.
    room: dict[tuple[object, ...], bool] = field(default_factory=dict)
    first_ends: dict[tuple[Profile, bool, int, tuple[str, bool, bool, bool, bool]], list[int]] = (
        field(default_factory=dict)
    )
    legal: tuple[int, int, list[int]] | None = None  # (points left, units done, units)


CACHE_KEY = "sr"


def _ctx(s: State, side: int) -> _Ctx:
    got = s.cache.get(CACHE_KEY)
    if isinstance(got, _Ctx) and got.serial == s.serial and got.side == side:
        return got
    ctx = _Ctx(s.serial, side, _routes(s, side))
    s.cache[CACHE_KEY] = ctx
    return ctx


def _open(s: State, ctx: _Ctx, p: Profile, x: int) -> bool:
    """May a unit of profile ``p`` pass through or end in ``x`` (13.1.5 and the limits of its
    kind)?"""
    if not ctx.routes.base[x]:
        return False
    nation = SPACE_NATION[x]
    if p.russia and nation != "ru":
        return False  # 13.1.6
    if p.bef and nation not in BEF_AREA:
        return False  # 11.1.17
    if p.ne_barred and IN_NE[x]:
        return False  # 11.3.1
    if p.italy and nation == "it":
        return False  # 5.7.4 #6
    if p.brest:
        # 16.4.9: Russians never move through or stack with other Allied units, nor they
        # with Russians.
        ru = p.brest == "ru"
        if any((UNITS[v].nation == "ru") != ru for v in board.units_in(s, x)):
            return False
        if ru and nation not in BREST_NATIONS:
            return False
    return True


def _components(s: State, ctx: _Ctx, p: Profile, local: bool) -> _Components:
    """The (lazily labelled) components for profile ``p``; ``local``: without the links
    between the Europe and Near East maps."""
    key = (p, local)
    routes = ctx.routes
    got = routes.labels.get(key)
    if got is None:
        # But after Brest-Litovsk, the open spaces are those a supply path of the side may
        # pass (see _routes) less the profile's limits: a function of the side's supply data
        # alone, so the components are kept with it, from one SR play to the next.
        kept = routes.supply_data.kept if not p.brest else None
        shared = kept.get(("sr", key)) if kept is not None else None
        if isinstance(shared, _Components):
            got = shared
        else:
            plain = not (local or p.russia or p.bef or p.ne_barred or p.italy or p.brest)
            got = _Components(
                _open_spaces(s, ctx, p),
                _adjacency(p.links, local),
                p.links,
                supply.side_supply(s, p.side) if plain else None,
            )
            if kept is not None:
                kept[("sr", key)] = got
        routes.labels[key] = got
    return got


def _component_of(lab: _Components, start: int) -> int:
    """The component holding ``start`` (labelling it now if needed), or -1 if closed."""
    c = lab.comp[start]
    if c >= 0:
        return c
    free = lab.free
    if not free[start]:
        return -1
    c = len(lab.members)
    sd = lab.sd
    if sd is not None:
        # The open spaces are those a supply path may pass (see _routes): join the supply
        # components across the dashed lines of the profile's nations (11.1.4).
        links = lab.links
        first = sd.component(start)
        parts = [first]
        for k in parts:  # the loop reaches what it appends
            for d, nations in sd.exits(k):
                if d not in parts and not nations.isdisjoint(links):
                    parts.append(d)
        group = [y for k in parts for y in sd.members[k]]
        for y in group:
            free[y] = 0
    else:
        free[start] = 0
        group = [start]
        adj = lab.adj
        for y in group:  # breadth-first: the loop reaches what it appends
            for n in adj[y]:
                if free[n]:
                    free[n] = 0
                    group.append(n)
    comp = lab.comp
    for y in group:
        comp[y] = c
    lab.members.append(group)
    return c


# -- where a unit may end ----------------------------------------------------------------------


def _end_key(u: int) -> tuple[str, bool, bool, bool, bool]:
    """The unit properties the end-of-SR checks depend on (besides its profile)."""
    return END_KEYS[u]


END_KEYS: tuple[tuple[str, bool, bool, bool, bool], ...] = tuple(
    (
        supply.UNIT_CLASS[d.ix],
        "always_supplied" in d.flags,
        "always_supplied_near_east" in d.flags,
        d.nation == "sb",
        d.nation == "ge" and d.army,
    )
    for d in UNITS
)


def _ends_ok(s: State, u: int, x: int, reserve: bool) -> bool:
    """May unit ``u`` end an SR in ``x`` (the checks that do not depend on the route or on
    stacking, which is judged at the end of the SR, 10.1.2)?"""
    d = UNITS[u]
    if d.side == CP and x in CHANNEL_PORTS and not movement.channel_ports_open(s):
        return False  # 11.1.9
    if (
        x in NO_GE_ARMY_END
        and d.army
        and d.nation == "ge"
        and SCENARIOS[s.scenario].historical
        and s.commit[AP] < 2
    ):
        return False  # 5.7.4 #6
    if reserve and d.nation == "sb":
        # 13.1.8: the Serbian special supply (14.1.5) does not allow SR from the Reserve Box.
        if not supply.traces_from(s, x, supply.UNIT_CLASS[u]):
            return False
    elif not supply.supplied_at(s, u, x):
        return False  # 13.1.5: a friendly supplied space
    if reserve:
        # 13.1.12: not from the Reserve Box onto a space supplied only by a foreign source.
        home = supply.HOME_CLASS.get(d.nation)
        if (
            home is not None
            and not supply.always_supplied(s, u, x)
            and not supply.traces_from(s, x, home)
        ):
            return False
    return True


def _land_ok(s: State, u: int, members: list[int]) -> list[int]:
    """The spaces of ``members`` where ``u`` may end an overland SR: ``_ends_ok(s, u, x,
    False)`` for each, written out for the units without a special supply (14.1.5)."""
    if supply.SPECIAL[u]:
        return [x for x in members if _ends_ok(s, u, x, False)]
    d = UNITS[u]
    barred: frozenset[int] = frozenset()
    if d.side == CP and not movement.channel_ports_open(s):
        barred = CHANNEL_PORTS  # 11.1.9
    if d.army and d.nation == "ge" and SCENARIOS[s.scenario].historical and s.commit[AP] < 2:
        barred = barred | NO_GE_ARMY_END  # 5.7.4 #6
    name = supply.UNIT_CLASS[u]
    r = supply.reach(s, name)
    adj = supply.CLASS_ADJ[name]
    out: list[int] = []
    for x in members:  # 13.1.5: a friendly supplied space (supply.supplied_at)
        if barred and x in barred:
            continue
        if r[x]:
            out.append(x)
            continue
        for n in adj[x]:
            if r[n]:
                out.append(x)
                break
    return out


def _kept_land_ok(
    s: State,
    ctx: _Ctx,
    u: int,
    p: Profile,
    key: tuple[Profile, bool, int, tuple[str, bool, bool, bool, bool]],
    members: list[int],
) -> list[int]:
    """``_land_ok(s, u, members)`` of component ``key``. For a unit without a special supply
    (14.1.5), but after Brest-Litovsk (whose components are kept with the side's supply
    data, see :func:`_components`), the answer depends on that supply data (the reach of the
    unit's class), the unit's kind (its end key) and the two bars of :func:`_land_ok` alone:
    it is kept with the supply data too."""
    if p.brest or supply.SPECIAL[u]:
        return _land_ok(s, u, members)
    d = UNITS[u]
    bars = (
        d.side == CP and not movement.channel_ports_open(s),  # 11.1.9
        SCENARIOS[s.scenario].historical and s.commit[AP] < 2,  # 5.7.4 #6
    )
    kept = ctx.routes.supply_data.kept
    k = ("sr.ends", key, bars)
    got = kept.get(k)
    if got is None:
        got = kept[k] = _land_ok(s, u, members)
    assert isinstance(got, list)
    return got


def _full(s: State, x: int) -> bool:
    return len(board.units_in(s, x)) >= STACK_LIMIT


def _land_ends(
    s: State, ctx: _Ctx, u: int, p: Profile, local: bool, c: int, members: list[int]
) -> tuple[list[int], list[int]]:
    """The ends of component ``c`` for unit ``u``: those with room, and the full ones."""
    key = (p, local, c, _end_key(u))
    got = ctx.ends.get(key)
    if got is None:
        # Where the unit may end does not change while the routes are kept (own units move).
        ends = ctx.routes.ends.get(key)
        if ends is None:
            ends = ctx.routes.ends[key] = _kept_land_ok(s, ctx, u, p, key, members)
        packed = _full_spaces(s, ctx)
        if packed.isdisjoint(ends):
            got = (ends, [])
        else:
            got = ([x for x in ends if x not in packed], [x for x in ends if x in packed])
        ctx.ends[key] = got
    return got


def _full_spaces(s: State, ctx: _Ctx) -> frozenset[int]:
    """The map spaces already holding three or more units now."""
    if ctx.packed is None:
        occ = board.occupants(s)
        ctx.packed = frozenset(x for x in D.map_spaces if len(occ[x]) >= STACK_LIMIT)
    return ctx.packed


def _cross_mode(s: State, ctx: _Ctx, u: int) -> str:
    """13.2.2-13.2.3 for overland SR: 'free' (crossing maps is unlimited, or impossible now),
    'quota' (allowed once per turn, not yet used) or 'never'."""
    if not ctx.routes.any_cross:
        return "free"
    k = ne_allowance(s, u, "land")
    if k is None:
        return "never"
    return "free" if k == "" else "quota"


def _near_comps(
    s: State, ctx: _Ctx, p: Profile, x: int, local: bool
) -> tuple[_Components, list[int]]:
    lab = _components(s, ctx, p, local)
    out: list[int] = []
    for n in lab.adj[x]:
        c = _component_of(lab, n)
        if c >= 0 and c not in out:
            out.append(c)
    return lab, out


def _by_land(
    s: State, ctx: _Ctx, u: int, p: Profile, mode: str, out: Options, full: Options
) -> None:
    """13.1.5: overland SR through friendly territory (``mode``: see :func:`_cross_mode`)."""
    x = s.loc[u]
    local = mode != "free"
    lab, comps = _near_comps(s, ctx, p, x, local)
    for c in comps:
        room, packed = _land_ends(s, ctx, u, p, local, c, lab.members[c])
        for y in room:
            if y != x:
                out[y] = ("land", "")
        for y in packed:
            if y != x:
                full[y] = ("land", "")
    if mode == "quota":
        # 13.2.2-13.2.3: destinations reachable only across the map edge use the allowance.
        key = ne_allowance(s, u, "land") or ""
        lab, comps = _near_comps(s, ctx, p, x, False)
        for c in comps:
            room, packed = _land_ends(s, ctx, u, p, False, c, lab.members[c])
            for y in room:
                if y != x and y not in out:
                    out[y] = ("land", key)
            for y in packed:
                if y != x and y not in full:
                    full[y] = ("land", key)


def _land_room(s: State, ctx: _Ctx, u: int, p: Profile, mode: str) -> bool:
    """Has :func:`_by_land` a destination with room for ``u``? (Cheap: it stops at the first
    one; shared by the units of one space alike, as :func:`_by_land`'s lists are.)"""
    x = s.loc[u]
    key = ("land", x, p, mode, END_KEYS[u])
    land = ctx.groups.get(key)
    if land is not None:
        return bool(land[0])
    got = ctx.room.get(key)
    if got is None:
        got = any(
            y != x
            for local in ((True, False) if mode == "quota" else (mode != "free",))
            for c, members in _near_members(s, ctx, p, x, local)
            for y in _first_ends(s, ctx, u, p, local, c, members)
        )
        ctx.room[key] = got
    return got


def _near_members(
    s: State, ctx: _Ctx, p: Profile, x: int, local: bool
) -> Iterator[tuple[int, list[int]]]:
    lab, comps = _near_comps(s, ctx, p, x, local)
    for c in comps:
        yield c, lab.members[c]


def _first_ends(
    s: State, ctx: _Ctx, u: int, p: Profile, local: bool, c: int, members: list[int]
) -> list[int]:
    """The first two ends with room of component ``c`` for ``u`` (all of them, if fewer): enough
    to know whether a unit in the component has one besides its own space."""
    key = (p, local, c, _end_key(u))
    whole = ctx.ends.get(key)
    if whole is not None:
        return whole[0][:2]
    got = ctx.first_ends.get(key)
    if got is None:
        got = []
        packed = _full_spaces(s, ctx)
        for y in members:
            if y not in packed and _ends_ok(s, u, y, False):
                got.append(y)
                if len(got) == 2:
                    break
        ctx.first_ends[key] = got
    return got


def has_room(s: State, u: int) -> bool:
    """Has unit ``u`` a destination with room now? The same as ``bool(unit_options(s, u))``,
    found without working out every destination (13.1.5-13.1.9, in the order that costs
    least)."""
    return _has_room(s, _ctx(s, UNITS[u].side), u)


def _has_room(s: State, ctx: _Ctx, u: int) -> bool:
    """:func:`has_room` with the side's context at hand."""
    got = ctx.opts.get(u)
    if got is not None:
        return bool(got[0])
    d = UNITS[u]
    side = d.side
    x = s.loc[u]
    if x == RESERVE[side]:
        if d.nation == "gr" and not at_war(s, "gr"):
            return False  # 9.5.2.4
        key = RESERVE_GROUPS[u]
        shared = ctx.groups.get(key)
        if shared is not None:
            return bool(shared[0])
        room = ctx.room.get(key)
        if room is None:
            room = ctx.room[key] = any(not _full(s, y) for y, _ in _reserve_ends(s, ctx, u))
        return room
    if x < 0 or x in BOXES:
        return False
    fixed = ctx.routes.fixed.get(u)
    if fixed is None:
        # What stays true while the unit stays put in this SR play (see _Routes.fixed).
        fixed = ctx.routes.fixed[u] = (
            not (d.nation == "gr" and not at_war(s, "gr"))  # 9.5.2.4
            and supply.unit_supplied(s, u)  # 13.1.5
            and not (d.nation == "ru" and SPACE_NATION[x] != "ru"),  # 13.1.6
            _may_reserve(s, u, ctx.routes),
        )
    may_go, may_reserve = fixed
    if not may_go or not _may_leave(s, u):
        return False  # 13.1.5
    if may_reserve and (not IN_NE[x] or ne_allowance(s, u, "reserve") is not None):
        return True  # 13.1.9
    if "no_overland_movement" in d.flags:
        return False  # 13.1.11
    p = _profile(s, ctx, u)
    if _land_room(s, ctx, u, p, _cross_mode(s, ctx, u)):
        return True  # 13.1.5
    return any(not _full(s, y) for y, _ in _sea_ends(s, ctx, u))  # 13.1.7


def usable_port(s: State, side: int, x: int) -> bool:
    """13.1.7: a friendly-controlled port this side may use for SR by sea."""
    sp = SPACES[x]
    if side == AP:
        if not (sp.ap_port or s.flags.get("mef_beachhead", -1) == x):
            return False  # 13.1.7.2 ports outside Germany and Russia; 9.5.3.5 the Beachhead
        if x == CONSTANTINOPLE and s.ctrl[GALLIPOLI] != AP:
            return False  # 13.1.7.2
    elif not sp.cp_port:
        return False  # 13.1.7.1: ports in Germany and Russia
    if s.ctrl[x] != side or supply.closed_to_all(s, x):
        return False
    here = board.units_in(s, x)
    if here and UNITS[here[0]].side != side:
        return False
    return not board.fort_besieged(s, x)  # 13.1.7.1: not a besieged Riga


def _ports(s: State, ctx: _Ctx) -> list[int]:
    """The usable ports: kept with the routes (they depend on control, forts and enemy
    units only)."""
    routes = ctx.routes
    if routes.ports is None:
        side = ctx.side
        cands = list(supply.PORTS[side])
        bh = s.flags.get("mef_beachhead", -1)
        if side == AP and bh >= 0 and bh not in cands:
            cands.append(bh)
        routes.ports = [x for x in cands if usable_port(s, side, x)]
    return routes.ports


def _sea_ends(s: State, ctx: _Ctx, u: int) -> Iterator[tuple[int, str]]:
    """13.1.7: corps by sea, port to port, never combined with overland SR: each destination
    port with the per-turn allowance it uses ('' for none), lazily."""
    d = UNITS[u]
    if d.army or d.nation == "ru":
        return  # 13.1.7 armies never; 13.1.6 Russians never
    x = s.loc[u]
    ports = _ports(s, ctx)
    if x not in ports:
        return
    p = _profile(s, ctx, u)
    for y in ports:
        if y == x or not _open(s, ctx, p, y) or not _ends_ok(s, u, y, False):
            continue
        key = ""
        if IN_NE[x] != IN_NE[y]:
            if IN_NE[x] and "no_sea_sr_out_of_near_east" in d.flags:
                continue  # 13.2.1: the ANA never leaves the Near East by sea
            k = ne_allowance(s, u, "sea")
            if k is None:
                continue
            key = k
        yield y, key


def _by_sea(s: State, ctx: _Ctx, u: int, out: Options, full: Options) -> None:
    """13.1.7: the destinations by sea, into ``out`` (room) or ``full``."""
    for y, key in _sea_ends(s, ctx, u):
        into = full if _full(s, y) else out
        prev = into.get(y)
        if prev is None or (prev[1] and not key):
            into[y] = ("sea", key)


def _reserve_key(s: State, u: int) -> str | None:
    """13.1.9: may corps ``u`` SR from the map to the Reserve Box? None if not, else the
    per-turn allowance it uses ('' for none)."""
    if not _may_reserve(s, u):
        return None
    if IN_NE[s.loc[u]]:
        return ne_allowance(s, u, "reserve")  # 13.2.1-13.2.3
    return ""


def _may_reserve(s: State, u: int, routes: _Routes | None = None) -> bool:
    """:func:`_reserve_key` but for the per-turn Near East allowance (``routes``: the
    routes of the SR play under way, which keep whether a nation's capital is lost)."""
    d = UNITS[u]
    if d.army:
        return False  # 13.1.9: corps only
    if "no_sr_to_reserve_box" in d.flags:
        return False  # 13.2.1: never the ANA
    if "no_overland_movement" in d.flags and s.loc[u] != CETINJE:
        return False  # 13.1.11: the MN only between Cetinje and the Reserve Box
    if capital_lost(s, u) if routes is None else _capital_lost(s, routes, u):
        return False  # 13.1.11
    return supply.home_supplied(s, u)  # 13.1.12


def _to_reserve(s: State, u: int, out: Options) -> None:
    """13.1.9: corps from the map to the Reserve Box."""
    key = _reserve_key(s, u)
    if key is not None:
        out[RESERVE[UNITS[u].side]] = ("reserve", key)


def _anchors(s: State, ctx: _Ctx, nation: str) -> list[int]:
    """13.1.8: the spaces holding a supplied unit of SR nation ``nation`` (not the ANA or SN
    corps; Serbs supplied by their special supply do not count), in unit order."""
    got = ctx.anchors.get(nation)
    if got is None:
        got = ctx.anchors[nation] = []
        for v in SR_NATION_UNITS.get(nation, ()):
            x = s.loc[v]
            if x < 0 or x in BOXES:
                continue
            if "not_an_sr_anchor" in UNITS[v].flags:
                continue
            if UNITS[v].nation == "sb":
                ok = supply.traces_from(s, x, supply.UNIT_CLASS[v])
            else:
                ok = supply.unit_supplied(s, v)
            if ok and x not in got:
                got.append(x)
    return got


SR_NATION_UNITS: dict[str, tuple[int, ...]] = {}
for _u in UNITS:
    SR_NATION_UNITS[SR_NATION[_u.ix]] = (*SR_NATION_UNITS.get(SR_NATION[_u.ix], ()), _u.ix)


def _reserve_ends(s: State, ctx: _Ctx, u: int) -> Iterator[tuple[int, str]]:
    """13.1.8: out of the Reserve Box: each destination with the per-turn allowance it uses
    ('' for none), lazily."""
    d = UNITS[u]
    side = d.side
    if _capital_lost(s, ctx.routes, u):
        return  # 13.1.11
    nation = SR_NATION[u]
    cands: list[int]
    friendly_only: list[int]
    if "no_overland_movement" in d.flags:
        cands = []  # 13.1.11: the MN only to Cetinje
        friendly_only = [CETINJE]
    else:
        cands = _anchors(s, ctx, nation)
        friendly_only = list(OWN_SOURCES.get(nation, ()))  # capitals and sources
        if nation == "us":
            friendly_only.extend(FRENCH_PORTS)  # 13.1.8: US corps to any French port
    p = _profile(s, ctx, u)
    seen: set[int] = set()
    for y in (*cands, *friendly_only):
        if y in seen:
            continue
        seen.add(y)
        if y not in cands and s.ctrl[y] != side:
            continue  # capitals and sources only while friendly
        if not _open(s, ctx, p, y) or not _ends_ok(s, u, y, True):
            continue
        key = ""
        if IN_NE[y]:
            k = ne_allowance(s, u, "reserve")
            if k is None:
                continue  # 13.2.1-13.2.3
            key = k
        yield y, key


def _from_reserve(s: State, ctx: _Ctx, u: int, out: Options, full: Options) -> None:
    """13.1.8: the destinations out of the Reserve Box, into ``out`` (room) or ``full``."""
    for y, key in _reserve_ends(s, ctx, u):
        (full if _full(s, y) else out)[y] = ("reserve", key)


def _reserve_group(u: int) -> tuple[object, ...]:
    """Units alike out of the Reserve Box (they share their options)."""
    return RESERVE_GROUPS[u]


RESERVE_GROUPS: tuple[tuple[object, ...], ...] = tuple(
    ("reserve", SR_NATION[d.ix], d.nation, d.flags, END_KEYS[d.ix]) for d in UNITS
)


def unit_options(s: State, u: int) -> Options:
    """Where unit ``u`` may SR now into a space with room: destination -> (mode, allowance key
    used, or '')."""
    return options(s, u)[0]


def options(s: State, u: int) -> tuple[Options, Options]:
    """Where unit ``u`` may SR now: the destinations with room, and those already holding
    three units (open only for an exchange, 10.1.2: see :func:`_exchange`)."""
    side = UNITS[u].side
    ctx = _ctx(s, side)
    got = ctx.opts.get(u)
    if got is not None:
        return got
    out: Options = {}
    full: Options = {}
    got = ctx.opts[u] = (out, full)
    d = UNITS[u]
    x = s.loc[u]
    if x < 0 or (x in BOXES and x != RESERVE[side]):
        return got
    if d.nation == "gr" and not at_war(s, "gr"):
        return got  # 9.5.2.4: nobody moves the Greek units before Greece enters
    if x == RESERVE[side]:
        key: tuple[object, ...] = _reserve_group(u)
        shared = ctx.groups.get(key)
        if shared is None:
            shared = ({}, {})
            _from_reserve(s, ctx, u, *shared)
            ctx.groups[key] = shared
        ctx.opts[u] = shared  # never changed once made
        return shared
    if not supply.unit_supplied(s, u):
        return got  # 13.1.5 (and 14.1.5: not the Medina special supply)
    if not _may_leave(s, u):
        return got  # 13.1.5
    if d.nation == "ru" and SPACE_NATION[x] != "ru":
        return got  # 13.1.6: Russians SR only inside Russia
    if "no_overland_movement" not in d.flags:  # 13.1.11: the MN never overland
        p = _profile(s, ctx, u)
        mode = _cross_mode(s, ctx, u)
        key = ("land", x, p, mode, _end_key(u))
        land = ctx.groups.get(key)
        if land is None:
            land = ({}, {})
            _by_land(s, ctx, u, p, mode, *land)
            ctx.groups[key] = land
        out.update(land[0])
        full.update(land[1])
        _by_sea(s, ctx, u, out, full)
    _to_reserve(s, u, out)
    return got


# -- stacking at the end of the SR (10.1.2) ------------------------------------------------------
#
# A unit may SR into a space already holding three units only if the space can still be brought
# back within the limit in this play: a unit there that has not redeployed yet SRs out to a
# space with room (or to the Reserve Box) with the points left. While a space is over the limit
# the play cannot end, and only SRs after which that is still possible are offered (checked
# exactly over such direct exchanges), so an SR play always ends within the limits. The exits
# counted are those that use no per-turn Near East allowance (13.2), which one SR could use up
# for another, and after Brest-Litovsk only spaces already occupied (16.4.9: Russian and other
# Allied units never share a space, so two units could not both count on an empty one).


def _exit(s: State, side: int, y: int, key: str) -> bool:
    """May a unit of ``side`` making room count on SRing to ``y`` (see above)?"""
    if key:
        return False
    if y in BOXES or not _brest(s, side):
        return True
    return bool(board.units_in(s, y))


def _overstacked(s: State, done: list[int]) -> list[int]:
    """Spaces over the stacking limit now: only where a unit has just redeployed."""
    occ = board.occupants(s)
    out: list[int] = []
    for v in done:
        x = s.loc[v]
        if x >= 0 and x not in BOXES and len(occ[x]) > STACK_LIMIT and x not in out:
            out.append(x)
    return out


def _excess(s: State, done: list[int]) -> dict[int, int]:
    """Per space over the stacking limit, how many units too many it holds."""
    occ = board.occupants(s)
    return {x: len(occ[x]) - STACK_LIMIT for x in _overstacked(s, done)}


def _relievers(
    s: State, ctx: _Ctx, y: int, done: list[int], left: int
) -> list[tuple[int, bool, set[int]]]:
    """The units in full space ``y`` that may still SR out with ``left`` points: (unit, has an
    exit with room, its exits into full spaces)."""
    got = ctx.relief.get(y)
    if got is None:
        got = []
        for w in board.units_in(s, y):
            if w in done or COST[w] > left:
                continue
            room, full = options(s, w)
            side = UNITS[w].side
            exits = any(_exit(s, side, z, k) for z, (_, k) in room.items())
            packed = {z for z, (_, k) in full.items() if _exit(s, side, z, k)}
            if exits or packed:
                got.append((w, exits, packed))
        ctx.relief[y] = got
    return got


def _exchange(s: State, ctx: _Ctx, f: Frame, u: int, y: int) -> bool:
    """10.1.2: may ``u`` SR into full space ``y`` (nothing over the limit yet)? Only if a unit
    there can then SR out to a space with room (``u``'s own space counts, as ``u`` leaves it)
    with the points left."""
    budget = f["points"] - COST[u]
    if budget <= 0:
        return False
    frm = s.loc[u]
    side = f["side"]
    fort = board.fort_besieged(s, y) and s.ctrl[y] != side
    for w, room, full in _relievers(s, ctx, y, f["done"], f["points"] - 1):
        if COST[w] > budget or not (room or frm in full):
            continue
        if fort:
            rest = [v for v in board.units_in(s, y) if v != w]
            if not movement.besieging_force(s, side, y, [*rest, u]):
                continue  # 13.1.5: it may not leave the fort unbesieged
        return True
    return False


def _relief_plan(s: State, f: Frame, moved: tuple[int, int] | None = None) -> dict[int, int] | None:
    """With ``moved`` (unit, destination) redeployed first, can every space over the limit be
    put right by units in it SRing out to spaces with room with the points left? Returns such
    a plan (unit -> destination), or None. An exact search over those direct exchanges."""
    side = f["side"]
    left = f["points"]
    done = f["done"]
    occ = board.occupants(s)
    mu, my = moved if moved is not None else (-1, -1)
    mfrm = s.loc[mu] if mu >= 0 else -1
    if mu >= 0:
        left -= COST[mu]

    def count(x: int) -> int:
        return len(occ[x]) - (x == mfrm) + (x == my)

    over = _overstacked(s, done)
    if my >= 0 and my not in BOXES and count(my) > STACK_LIMIT and my not in over:
        over.append(my)
    over = [x for x in over if count(x) > STACK_LIMIT]
    if not over:
        return {}
    brest = _brest(s, side)
    groups: list[tuple[int, int, list[int]]] = []  # (space, units to leave, candidates)
    for x in over:
        cands = [
            w
            for w in occ[x]
            if w != mu and w not in done and COST[w] <= left and any(options(s, w))
        ]
        cands.sort(key=lambda w: COST[w])
        groups.append((x, count(x) - STACK_LIMIT, cands))

    def room(z: int) -> int:
        if z in BOXES:
            return len(SIDE_UNITS[side])  # the Reserve Box has no limit
        return 0 if z in over else STACK_LIMIT - count(z)

    def dests(w: int) -> list[int]:
        a, b = options(s, w)
        return [
            z
            for opts in (a, b)
            for z, (_, k) in opts.items()
            if room(z) > 0 and _exit(s, side, z, k) and not (brest and z == my)
        ]

    def pick(i: int, budget: int, chosen: list[int]) -> dict[int, int] | None:
        if i == len(groups):
            return _assign(chosen, dests, room)
        x, need, cands = groups[i]
        fort = board.fort_besieged(s, x) and s.ctrl[x] != side
        for group in combinations(cands, need):
            cost = sum(COST[w] for w in group)
            if cost > budget:
                continue
            if fort:
                rest = [v for v in occ[x] if v not in group and v != mu]
                if x == my:
                    rest.append(mu)
                if not movement.besieging_force(s, side, x, rest):
                    continue  # 13.1.5
            got = pick(i + 1, budget - cost, [*chosen, *group])
            if got is not None:
                return got
        return None

    return pick(0, left, [])


def _assign(
    units: list[int], dests: Callable[[int], list[int]], room: Callable[[int], int]
) -> dict[int, int] | None:
    """Give each unit one of its destinations, within each destination's room (augmenting
    paths), or None."""
    at: dict[int, list[int]] = {}

    def augment(w: int, seen: set[int]) -> bool:
        for z in dests(w):
            if z in seen:
                continue
            seen.add(z)
            here = at.setdefault(z, [])
            if len(here) < room(z):
                here.append(w)
                return True
            for v in here:
                if augment(v, seen):
                    here.remove(v)
                    here.append(w)
                    return True
        return False

    for w in units:
        if not augment(w, set()):
            return None
    return {w: z for z, ws in at.items() for w in ws}


def _keeps_plan(s: State, f: Frame, plan: dict[int, int], u: int, y: int) -> bool:
    """With spaces over the limit and ``plan`` putting them right, may ``u`` SR to ``y``?"""
    if (
        u not in plan
        and not _brest(s, f["side"])
        and (y in BOXES or _plan_room(s, plan, y))
        and COST[u] + sum(COST[w] for w in plan) <= f["points"]
        and not (board.fort_besieged(s, s.loc[u]) and s.ctrl[s.loc[u]] != f["side"])
    ):
        return True  # the plan still works after this SR
    return _relief_plan(s, f, (u, y)) is not None


def _plan_room(s: State, plan: dict[int, int], y: int) -> bool:
    used = sum(1 for z in plan.values() if z == y)
    return len(board.units_in(s, y)) + used < STACK_LIMIT


def _relief(s: State, f: Frame) -> tuple[bool, dict[int, int] | None]:
    """Is a space over the limit (10.1.2), and if so, the plan that puts it right (or None)."""
    over = bool(f["done"]) and bool(_overstacked(s, f["done"]))
    return over, (_relief_plan(s, f) if over else None)


def _destinations(
    s: State, ctx: _Ctx, f: Frame, u: int, plan: dict[int, int] | None
) -> tuple[list[int], list[int]]:
    """Where ``u`` may SR now: (spaces with room, exchanges into full spaces, 10.1.2), each
    sorted; with a space over the limit, only those that keep ``plan`` (or another) working."""
    room, full = options(s, u)
    if plan is not None:
        return (
            sorted(y for y in room if _keeps_plan(s, f, plan, u, y)),
            sorted(y for y in full if _keeps_plan(s, f, plan, u, y)),
        )
    extra: list[int] = []
    if full and f["points"] > COST[u]:
        extra = [y for y in full if _exchange(s, ctx, f, u, y)]
        if len(extra) > 1:
            extra.sort()
    return sorted(room), extra


def sr_units(s: State, f: Frame) -> list[int]:
    """The units that may redeploy now: affordable (13.1.2), not yet redeployed in this play
    (13.1.3), with at least one destination."""
    side = f["side"]
    ctx = _ctx(s, side)
    left = f["points"]
    done = f["done"]
    if ctx.legal is not None and ctx.legal[0] == left and ctx.legal[1] == len(done):
        return ctx.legal[2]
    out: list[int] = []
    over, plan = _relief(s, f)
    if left > 0 and (plan is not None or not over):
        loc = s.loc
        excess = _excess(s, done) if plan is not None else {}
        for u in SIDE_UNITS[side]:
            if loc[u] < 0 or COST[u] > left or u in done:
                continue
            if plan is not None and left - COST[u] < sum(excess.values()) - (loc[u] in excess):
                # Each unit that must still leave a space over the limit costs at least one
                # point: with what this SR leaves, no plan can put the spaces right.
                continue
            if plan is None:
                # Cheap: whether the unit has somewhere to go, not every destination.
                if _has_room(s, ctx, u) or (
                    left > COST[u] and any(_exchange(s, ctx, f, u, y) for y in options(s, u)[1])
                ):
                    out.append(u)
            elif any(_keeps_plan(s, f, plan, u, y) for opts in options(s, u) for y in opts):
                out.append(u)  # the same as any(_destinations(...)), stopping at the first
    ctx.legal = (left, len(done), out)
    return out


def sr_actions(s: State, f: Frame) -> list[Action]:
    """The actions open now, ``done`` not included: ``sr <unit>`` for each unit that may
    redeploy, or, once a unit is chosen, ``sr <unit> <space>`` for each of its destinations."""
    u = f.get("unit", -1)
    if u < 0:
        return [SR_UNIT_ACTIONS[v] for v in sr_units(s, f)]
    ctx = _ctx(s, f["side"])
    _, plan = _relief(s, f)
    dests, extra = _destinations(s, ctx, f, u, plan)
    prev = ctx.routes.actions.get(u)
    if prev is not None and prev[0] == dests:
        mine = prev[1]
    else:
        k = u * N
        get = _SR_ACTIONS.get
        mine = [get(k + y) or _sr_action(u, y) for y in dests]
        if plan is None:  # not the short lists of an exchange under way
            ctx.routes.actions[u] = (dests, mine)
    if not extra:
        return mine
    # Exchanges into full spaces (10.1.2) come after the unit's other SRs.
    return [*mine, *(_sr_action(u, y) for y in extra)]


SR_UNIT_ACTIONS: tuple[Action, ...] = tuple(Action("sr", (uid,)) for uid in UNIT_IDS)
_SR_ACTIONS: dict[int, Action] = {}  # unit * N + space -> sr <unit> <space>, made once


def _sr_action(u: int, y: int) -> Action:
    k = u * N + y
    got = _SR_ACTIONS.get(k)
    if got is None:
        got = _SR_ACTIONS[k] = _new_tuple(Action, ("sr", (UNIT_IDS[u], SPACE_IDS[y])))
    return got


def over_limit(s: State, f: Frame) -> bool:
    """10.1.2: is a space over the stacking limit, so that the SR may not end yet?"""
    return bool(f["done"]) and bool(_overstacked(s, f["done"]))


_new_tuple = tuple.__new__

RULE_OF_MODE = {"land": "13.1.5", "sea": "13.1.7", "reserve": "13.1.8"}


def _relocate_keeping_cache(s: State, u: int, to: int) -> None:
    """Move ``u`` by SR and keep the open spaces and route components of this SR: they depend
    on enemy units, control and forts only (not after Brest-Litovsk, where Russian and other
    Allied units block each other, 16.4.9). The kept data is tied to the next action serial,
    the one the engine gives the state after this action; anything else that changes the board
    drops it as usual. (The side's supply is kept by the board itself: own units never block
    their side's supply lines, 14.1.3, so its key does not change.)"""
    side = UNITS[u].side
    held = s.flags.get(board.ANA_HELD)
    if u == board.ANA and held and s.loc[u] in held:
        # 11.1.15: the space the ANA leaves is the CP's again at once, which changes routes
        # and supply for every later SR of this play: nothing is kept.
        board.relocate(s, u, to)
        return
    ctx = s.cache.get(CACHE_KEY)
    frm = s.loc[u]
    board.relocate(s, u, to)
    if (
        isinstance(ctx, _Ctx)
        and ctx.side == side
        and not _brest(s, side)
        and supply.side_supply(s, side) is ctx.routes.supply_data  # as 14.1.3 says it is
    ):
        kept = _Ctx(s.serial + 1, side, ctx.routes)
        # 13.1.8: the anchors of other SR nations than the unit's (their units did not move;
        # nothing else they depend on changes while the routes are kept).
        moved = SR_NATION[u]
        kept.anchors = {n: v for n, v in ctx.anchors.items() if n != moved}
        if ctx.packed is not None:  # the full spaces: only two spaces changed
            occ = board.occupants(s)
            packed = set(ctx.packed)
            for x in (frm, to):
                if x >= 0 and x not in BOXES:
                    if len(occ[x]) >= STACK_LIMIT:
                        packed.add(x)
                    else:
                        packed.discard(x)
            kept.packed = frozenset(packed)
        s.cache[CACHE_KEY] = kept


@STEPS.register
class StrategicRedeployment(PogStep):
    """9.3, 13: spend SR points on redeploying units, one unit at a time: first the unit
    (``sr <unit>``), then where it goes (``sr <unit> <space>``). The frame's ``unit`` is the
    unit chosen (-1 while none is)."""

    name = "strategic_redeployment"
    rule = "13.1"

    def settle(self, s: State, f: Frame) -> bool:
        if f.get("unit", -1) >= 0 or sr_units(s, f):
            return False
        pop(s, f)
        return True

    def prompt(self, s: State, f: Frame) -> str:
        return "sr.choose" if f.get("unit", -1) < 0 else "sr.destination"

    def legal(self, s: State, f: Frame) -> list[Action]:
        got = sr_actions(s, f)
        if f.get("unit", -1) >= 0 or over_limit(s, f):
            return list(got)  # 10.1.2: the SR ends within the stacking limits
        return [*got, act("done")]

    def shorthand(self, s: State, f: Frame, a: Action) -> bool:
        """``sr <unit> <space>`` while no unit is chosen: both decisions at once (how records
        of engine version 2 and earlier, and people typing, write an SR)."""
        if f.get("unit", -1) >= 0 or a.verb != "sr" or len(a.args) != 2:
            return False
        u = D.unit_ix.get(a.args[0], -1)
        to = D.space_ix.get(a.args[1], -1)
        if u not in sr_units(s, f):
            return False
        _, plan = _relief(s, f)
        return any(to in ys for ys in _destinations(s, _ctx(s, f["side"]), f, u, plan))

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "done":
            pop(s, f)
            return
        u = D.unit(a.args[0])
        if len(a.args) == 1:
            f["unit"] = u  # 13.1.10: the player picks the units in any order
            ctx = s.cache.get(CACHE_KEY)
            if isinstance(ctx, _Ctx) and ctx.serial == s.serial:
                # choosing a unit changes nothing on the board: keep what this SR worked out
                s.cache[CACHE_KEY] = replace(ctx, serial=s.serial + 1)
            return
        to = D.space(a.args[1])
        room, full = options(s, u)
        mode, key = room[to] if to in room else full[to]
        frm = s.loc[u]
        # 13.1.1: only friendly spaces are entered, so control does not change; but an Allied
        # unit ending in a space the ANA holds keeps it Allied when the ANA leaves (11.1.15).
        if f["side"] == AP and u != board.ANA:
            board.claim(s, to)
        _relocate_keeping_cache(s, u, to)
        if key:
            s.tflags[key] = 1  # 13.2: the turn's allowance is used
        f["points"] -= COST[u]
        f["done"] = [*f["done"], u]
        f["unit"] = -1
        rule = RULE_OF_MODE[mode]
        if mode == "reserve" and to == RESERVE[f["side"]]:
            rule = "13.1.9"
        log(
            s,
            f"sr.{mode}",
            rule,
            f["side"],
            unit=a.args[0],
            frm=SPACE_IDS[frm],
            to=a.args[1],
            points=f["points"],
        )


messages.define(
    "en",
    {
        "sr.land": "{unit} redeploys overland from {frm} to {to} ({points} SR points left)",
        "sr.sea": "{unit} redeploys by sea from {frm} to {to} ({points} SR points left)",
        "sr.reserve": "{unit} redeploys from {frm} to {to} ({points} SR points left)",
    },
)

register_use("sr", may_play_sr, start_sr)
