"""What the heuristic bot works out about a position before it decides.

An :class:`Analysis` is built from one view (:mod:`greatwar.pog.bots.public` turns the view into a
model of the public position). It answers, for the seat that owns the view:

- where the front is: for each kind of unit, how many moves each space is from the nearest
  space the enemy controls or occupies (:meth:`Analysis.dist`);
- how much a unit is worth standing in a space (:meth:`Analysis.potential`): near the front, in
  supply, filling the gaps the enemy could break through, holding the spaces that count;
- how much is gained by entering a space (:meth:`Analysis.capture_gain`): VP spaces first;
- where a unit can get to with its movement points, and the best of it (:meth:`Analysis.best_move`);
- what a combat is likely to give (:func:`battle`): the whole distribution of both fire rolls
  on the fire tables of the data, with terrain and trench column shifts (12.2.7-12.2.9).

Everything is computed from public facts and the static data, with the engine's pure helpers
(supply tracing, movement and attack eligibility, activation costs) asked about the public
model. Values are in "points": one step of Loss Factor is worth about one point, one VP
:data:`VP_POINTS`.
"""

from __future__ import annotations

import math
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any

from greatwar.pog import activation, board, mandated, movement, supply
from greatwar.pog.board import LINKS
from greatwar.pog.bots.public import public_state
from greatwar.pog.combat import designation
from greatwar.pog.combat.common import MN_NATION
from greatwar.pog.combat.fire import (
    ARMY,
    CORPS,
    TRENCH_SHIFTS,
    FireTable,
    sinai_drm,
    terrain_shift,
)
from greatwar.pog.data import SIDE_OF_NAME, load
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import FORT_DESTROYED, FORT_INTACT, State
from greatwar.pog.war_status import season

D = load()
SPACES = D.spaces
UNITS = D.units
ADJ = D.adj
N = len(SPACES)
NEAR_EAST = supply.NEAR_EAST
MAP = D.map_spaces
ON_MAP = bytes(1 if x in MAP else 0 for x in range(N))  # x in MAP, without searching the tuple
RESERVE = D.reserve_box
SINAI = D.space("sinai")

VP_POINTS = 8.0  # one Victory Point, in points
FAR = 12  # distances are capped here
DIST_W = 1.0  # value of one space nearer the front
UNSUPPLIED = 14.0  # a unit standing out of supply risks attrition (14.3)
CORPS_VALUE = 2.5  # a corps on the map, for events and rebuilding
ARMY_VALUE = 9.0  # an army on the map
STEP_COST = 0.02  # each space moved: prefer the shorter of two equal paths
REACH = 3  # spaces an enemy army marches in one activation (11.1: movement factor 3)
CUT_OFF = 9.0  # a unit whose supply line one enemy march would cut
GAP = 0.45  # share of what a lone unit shields that it is worth there
RUSSIAN_VP = 4.0  # a Russian VP space also moves the Russian Capitulation Track (16.4.3-16.4.6)
# The heuristic's weights that differ by side, (Allies, Central Powers) (issue 29 item 4, judged
# only by results against the yardsticks: docs/bots.md). Read through WEIGHTS; a trial sets some
# with GREATWAR_TUNE, e.g. "sr=1.2,0.6;loss=1,1.4", and a process with set_weights().
LIVE_WEIGHTS: dict[str, tuple[float, float]] = {
    # The plan per front: a front is held when its own combat factors reach front_hold of the
    # enemy's there; a unit standing on a front short of that is worth `front` a factor more.
    # The Central Powers use it (their German armies went east and left the west to the French
    # march); the Allies do not (it cost them games against the yardstick).
    "front": (0.0, 0.5),
    "front_hold": (0.8, 0.6),
    # Share of the gains a strategic redeployment plan promises that it is worth (13). At 1.2
    # the Central Powers played two cards in five for redeployment; against the yardstick
    # both sides did better at 0.8 (the Central Powers 64% of 47 seeds against 34%, 20 seeds
    # gained and 6 lost; the Allies 83% of 94 against 65%, 26 gained and 9 lost); at 0.6
    # both had almost stopped redeploying, before the plan per front.
    "sr": (0.8, 0.8),
    "rp": (0.8, 0.8),  # share of what replacement points would rebuild (heuristic.rp_value)
    "ops": (0.4, 0.4),  # share of an operation plan's gains: plans are optimistic (the enemy
    # answers before the turn ends; at 0.6 nearly every card was played for its OPS)
    "loss": (1.0, 1.0),  # own losses in an attack's worth (Analysis.attack_value)
    "dig": (1.0, 1.0),  # an attempt to entrench (heuristic.entrench_value)
    # one combat factor where the enemy masses more than the sector holds (Analysis.sector_need)
    "sector": (0.45, 0.45),
    # share of the enemy's strength a sector needs to hold (trenches help it)
    "sector_hold": (0.65, 0.65),
}
# The yardsticks' play (both sides alike, no plan per front): what same_decisions checks.
YARDSTICK_WEIGHTS = {**LIVE_WEIGHTS, "front": (0.0, 0.0), "sr": (1.2, 1.2)}


def parse_weights(text: str) -> dict[str, tuple[float, float]]:
    """The live weights with those ``text`` names (GREATWAR_TUNE: "NAME=ALLIES,CP;...")."""
    out = dict(LIVE_WEIGHTS)
    for part in filter(None, (p.strip() for p in text.split(";"))):
        name, _, values = part.partition("=")
        name = name.strip()
        if name not in LIVE_WEIGHTS:
            known = ", ".join(LIVE_WEIGHTS)
            raise ValueError(f"GREATWAR_TUNE: no weight {name!r} (known: {known})")
        try:
            ap, cp = (float(v) for v in values.split(","))
        except ValueError:
            raise ValueError(f"GREATWAR_TUNE: {part!r} is not NAME=ALLIES,CENTRAL_POWERS") from None
        out[name] = (ap, cp)
    return out


WEIGHTS = parse_weights(os.environ.get("GREATWAR_TUNE", ""))


def set_weights(weights: dict[str, tuple[float, float]]) -> None:
    """Play with ``weights`` (every name of :data:`LIVE_WEIGHTS`) from now on, in this process,
    and forget the positions analysed so far (their values were worked out with the others)."""
    if set(weights) != set(LIVE_WEIGHTS):
        raise ValueError(f"weights must name exactly: {', '.join(LIVE_WEIGHTS)}")
    with _BOARDS_LOCK:
        WEIGHTS.update({k: (float(v[0]), float(v[1])) for k, v in weights.items()})
        _BOARDS.clear()


SpaceTerms = tuple[float, float, float | None, bool, int, float]
"""What :meth:`Analysis.potential` reads of a space (:meth:`Analysis._space_terms`)."""


def step_cost(s: State, u: int) -> float:
    """What losing the next step of unit ``u`` costs its owner."""
    d = UNITS[u]
    if s.red[u]:
        return d.reduced_cf + d.reduced_lf * 0.5 + (5.0 if d.army else 1.0)
    return (d.cf - d.reduced_cf) + 0.5 + (0.5 if d.army else 0.0)


# -- combat odds ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Battle:
    """The expected outcome of one combat for the attacker."""

    inflicted: float  # expected LF the defender loses
    taken: float  # expected LF the attacker loses
    win: float  # probability the attacker's Loss Number is higher (12.2.11)
    clear: float  # probability the defending space is emptied or the defender retreats


def _row(table: FireTable, cf: int, shift: int, drm: int) -> list[int]:
    col = table.shifted(cf, shift)
    return [table.result(col, die + drm) for die in range(1, 7)]


def battle(
    att_cf: int,
    att_army: bool,
    att_cap: int,
    def_cf: int,
    def_army: bool,
    def_cap: int,
    att_shift: int,
    def_shift: int,
    att_drm: int = 0,
    def_drm: int = 0,
) -> Battle:
    """Both fire rolls of one combat, all 36 die pairs (12.2.8-12.2.11). ``*_cap`` is the
    LF a side can absorb at most."""
    a = _row(ARMY if att_army else CORPS, att_cf, att_shift, att_drm)
    d = _row(ARMY if def_army else CORPS, def_cf, def_shift, def_drm)
    inflicted = sum(min(x, def_cap) for x in a) / 6
    taken = sum(min(y, att_cap) for y in d) / 6
    win = 0
    clear = 0
    for x in a:
        for y in d:
            if x > y:
                win += 1
            if x > y or x >= def_cap:
                clear += 1
    return Battle(inflicted, taken, win / 36, clear / 36)


def lf_capacity(s: State, units: Sequence[int]) -> int:
    """The total Loss Factor of every step of these units."""
    total = 0
    for u in units:
        d = UNITS[u]
        total += d.reduced_lf if s.red[u] else d.lf + d.reduced_lf
    return total


def _spread(cf: list[int]) -> list[int]:
    """For each space, the sum of ``cf`` over its neighbours."""
    out = [0] * N
    for x, v in enumerate(cf):
        if v:
            for n in ADJ[x]:
                out[n] += v
    return out


def _rings(y: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The spaces next to ``y``, and those within two moves of it (``y`` left out)."""
    ring1 = tuple(dict.fromkeys(n for n in ADJ[y] if n != y))
    ring2 = dict.fromkeys(n for z in ring1 for n in ADJ[z] if n != y and n not in ring1)
    return ring1, (*ring1, *ring2)


_RINGS = tuple(_rings(y) for y in range(N))

# The fronts of the war, for the plan per front (Analysis.front_need): each map space's.
FRONTS = ("west", "italy", "east", "balkans", "near_east")


def _front_of(x: int) -> int:
    sp = SPACES[x]
    if x not in MAP:
        return -1
    n = sp.nation
    if sp.map == "neareast":
        return FRONTS.index("near_east")
    if n in ("fr", "be", "br") or (n == "ge" and sp.x < 880):
        return FRONTS.index("west")
    if n == "it" or (n == "ah" and sp.x < 1060 and sp.y >= 780):
        return FRONTS.index("italy")
    if n in ("ru", "ro", "ge") or (n == "ah" and (sp.y < 800 or (sp.x >= 1180 and sp.y < 1000))):
        return FRONTS.index("east")
    return FRONTS.index("balkans")


FRONT_OF = tuple(_front_of(x) for x in range(N))
FRONT1 = tuple(f + 1 for f in FRONT_OF)  # 0 off the map

# Static tables of the map (board.vp_space per rule set, the spaces with a fort).
VP_HISTORICAL = bytes(1 if sp.vp else 0 for sp in SPACES)
VP_CLASSIC = bytes(1 if sp.vp_classic else 0 for sp in SPACES)
FORT_SPACES = tuple(sp.ix for sp in SPACES if sp.fort > 0)


# The map spaces a unit may walk (closed spaces aside) for each of (barred from the Near East
# map, 11.3.1; BEF area only, 11.1.17; kept out of Italy, 5.7.4 #6).
_LAND_OK: dict[tuple[bool, bool, bool], bytes] = {
    (ne, bef, it): bytes(
        1
        if x in MAP
        and not (ne and x in NEAR_EAST)
        and not (bef and SPACES[x].nation not in movement.BEF_AREA)
        and not (it and SPACES[x].nation == "it")
        else 0
        for x in range(N)
    )
    for ne in (False, True)
    for bef in (False, True)
    for it in (False, True)
}
# For each nation, the spaces each space leads to by connections its units may use (no MEF
# beach link; dashed lines of other nations left out, 11.1.4).
_NATION_NEXT: dict[str, tuple[tuple[int, ...], ...]] = {}


def _nation_next(nation: str) -> tuple[tuple[int, ...], ...]:
    got = tuple(
        tuple(
            n
            for n, kind, nations in LINKS[x]
            if not (kind == "mef_beach" or (kind == "nation" and nation not in nations))
        )
        for x in range(N)
    )
    _NATION_NEXT[nation] = got
    return got


# Units the engine names (its rules single them out): never a twin of another.
_NAMED = frozenset(
    D.unit_ix[i]
    for i in (
        "br_mef", "br_ne", "ge_11", "br_ana_corps", "fr_orient", "ru_cau", "tu_sn_corps",
        "ge_1", "ge_2", "ru_czech_legion_corps",
    )
)  # fmt: skip


def _twins() -> tuple[int, ...]:
    """For each unit, the first unit whose printed data is the same but for its name (the
    same nation, kind, factors, flags...): *twins*, which the rules and this analysis treat
    alike wherever they stand in the same space in the same state (step reduction apart)."""
    first: dict[tuple[Any, ...], int] = {}
    out = []
    for d in UNITS:
        if d.ix in _NAMED:
            out.append(d.ix)
            continue
        k = tuple(getattr(d, f.name) for f in fields(d) if f.name not in ("ix", "id", "name"))
        out.append(first.setdefault((k, supply.UNIT_CLASS[d.ix], MN_NATION[d.ix]), d.ix))
    return tuple(out)


TWIN = _twins()
TWIN2 = tuple(2 * t for t in TWIN)


def _ints_in(v: Any, out: set[int]) -> None:
    if isinstance(v, bool):
        return
    if isinstance(v, int):
        out.add(v)
    elif isinstance(v, dict):
        for w in v.values():
            _ints_in(w, out)
    elif isinstance(v, list | tuple):
        for w in v:
            _ints_in(w, out)


# Fields of the state that nothing an analysis keeps for a position reads (the card piles, the
# history of the turn's card uses, the procedure, the dice): left out of its fingerprint.
_NOT_READ = frozenset(
    {"stack", "rng", "chance", "serial", "seed", "forced", "uses"}
    | {"later", "deck", "hand", "discard", "removed", "table", "played", "out"}
)
_FINGERPRINTED = tuple((name, kind) for name, kind in State.FIELDS.items() if name not in _NOT_READ)


_INTS = attrgetter(*(name for name, kind in _FINGERPRINTED if kind == "ints"))
_OTHERS = attrgetter(*(name for name, kind in _FINGERPRINTED if kind != "ints"))


def _fingerprint(s: State, me: int) -> tuple[Any, ...]:
    """What an analysis of ``s`` by side ``me`` depends on: two analyses with the same
    fingerprint work out the same facts and values (so they share them)."""
    return (me, *map(tuple, _INTS(s)), repr(_OTHERS(s)))


# The facts and memos of the last few positions analysed, by fingerprint (oldest first): the
# decisions of one operation, and the search's simulations, see the same position again.
_BOARDS: OrderedDict[int, tuple[tuple[Any, ...], dict[str, Any]]] = OrderedDict()
_BOARDS_LOCK = threading.Lock()  # bots may think in several threads of one server
# Distances to the front (Analysis.dist) by (the enemy's spaces, the closed spaces) and the
# kind of unit, the last few of them (oldest first).
_FRONT_DISTS: dict[tuple[Any, ...], list[int]] = {}
DISTS_KEPT = 1024
# Depths in enemy ground (Analysis._depth) by side and control of every space, the last few.
_DEPTHS: dict[tuple[int, tuple[int, ...]], list[int]] = {}
BOARDS_KEPT = 256
_SHARED = (
    "occ",
    "own_cf",
    "foe_cf",
    "foe_army",
    "foe_adj",
    "foe_near",
    "own_adj",
    "closed",
    "_udist",
    "_expo",
    "_worth",
    "_next",
    "_vp",
    "_efort",
    "foe_reach",
    "depth",
    "_behind",
    "_pess",
    "_dist",
    "_pot",
    "_gain",
    "_sector",
    "_moves",
    "_closed_map",
    "_front",
    "_groups",
    "_front_key",
    "front_own",
    "front_foe",
    "front_w",
    "front_hold",
    "sector_w",
    "sector_hold",
    "loss_w",
    "_tw",
    "_bm",
    "sr_memo",
    "ops_memo",
    "_sp",
    "_sec",
)


# -- the analysis -----------------------------------------------------------------------------


class Analysis:
    """A position seen by one seat.

    What it works out (the facts of ``_build`` and the memos named in ``_SHARED``) is shared with
    every later analysis of a state with the same fingerprint (:func:`_fingerprint`): whatever
    those read must be a field of the state the fingerprint holds, never the view, the hand,
    the procedure or an argument left out of a memo's key."""

    def __init__(self, view: dict[str, Any], world: State | None = None) -> None:
        """``world``: a whole state to read instead of the view's public model (the search's
        determinized worlds, which hold nothing the searching seat may not know)."""
        self.view = view
        self.s = s = public_state(view) if world is None else world
        self.me = me = SIDE_OF_NAME[view["seat"]]
        self.foe = 1 - me
        self.historical = SCENARIOS[s.scenario].historical
        self.summer = season(s.turn) == "summer"
        self.mo = s.mo[me]
        key = _fingerprint(s, me)
        h = hash(key)  # the table is keyed by the hash (a long tuple is hashed once)
        with _BOARDS_LOCK:
            got = _BOARDS.pop(h, None)
        if got is None or got[0] != key:
            self._build()
            shared = {name: getattr(self, name) for name in _SHARED}
        else:
            # The same position seen by the same seat: what was worked out for it holds.
            shared = got[1]
            own = getattr(self, "__dict__", None)
            if own is not None:
                own.update(shared)
            else:  # compiled (native.py): the attributes are slots
                for name, value in shared.items():
                    setattr(self, name, value)
        with _BOARDS_LOCK:
            _BOARDS[h] = (key, shared)  # the newest last
            while len(_BOARDS) > BOARDS_KEPT:
                _BOARDS.popitem(last=False)

    def _build(self) -> None:
        """Work out the facts of the position and start its memos (shared with any later
        analysis of the same position by the same seat, see :func:`_fingerprint`)."""
        s = self.s
        me = self.me
        self.occ = occ = board.occupants(s)
        own_cf = [0] * N
        foe_cf = [0] * N
        foe_army = [False] * N
        for x in MAP:
            for u in occ[x]:
                if UNITS[u].side == me:
                    own_cf[x] += board.cf(s, u)
                else:
                    foe_cf[x] += board.cf(s, u)
                    if UNITS[u].army:
                        foe_army[x] = True
        self.own_cf = own_cf
        self.foe_cf = foe_cf
        self.foe_army = foe_army
        front_own = [0] * len(FRONTS)
        front_foe = [0] * len(FRONTS)
        for x in MAP:
            f = FRONT_OF[x]
            front_own[f] += own_cf[x]
            front_foe[f] += foe_cf[x]
        self.front_own = front_own
        self.front_foe = front_foe
        self.front_w = WEIGHTS["front"][me]
        self.front_hold = WEIGHTS["front_hold"][me]
        self.sector_w = WEIGHTS["sector"][me]
        self.sector_hold = WEIGHTS["sector_hold"][me]
        self.loss_w = WEIGHTS["loss"][me]
        # Sums over the neighbours, spread from the few spaces holding units (ADJ is symmetric
        # and the factors are integers: the same totals as summing each space's neighbours).
        self.foe_adj = foe_adj = _spread(foe_cf)
        # Enemy strength two spaces away or nearer (what could walk in next action round).
        self.foe_near = [a + b for a, b in zip(foe_adj, _spread(foe_adj), strict=True)]
        self.own_adj = _spread(own_cf)
        closed_all = supply.closed_spaces(s)
        self.closed = closed = bytearray(N)
        for x in MAP:
            if closed_all[x]:
                closed[x] = 1
        self._closed_map = [x for x in MAP if closed[x]]
        foe = self.foe
        ctrl = s.ctrl
        self._front = [  # the enemy's spaces: controlled or occupied
            x for x in MAP if ctrl[x] == foe or (occ[x] and UNITS[occ[x][0]].side == foe)
        ]
        self._front_key = (tuple(self._front), tuple(self._closed_map))
        self._udist: dict[int, list[int]] = {}
        self._expo: dict[int, float] = {}
        self._worth: dict[int, float] = {}
        self._next: dict[int, list[tuple[int, bool]]] = {}
        self._vp = VP_HISTORICAL if self.historical else VP_CLASSIC
        self._efort = efort = bytearray(N)
        fort = s.fort
        ctrl = s.ctrl
        for x in FORT_SPACES:
            if fort[x] != FORT_DESTROYED and ctrl[x] != me:
                efort[x] = 1  # movement.enemy_fort()
        self.foe_reach = self._reach()
        self.depth = self._depth()
        self._behind: dict[int, float] = {}
        self._pess: list[State] = []  # the pessimistic position of cut_off(), once made
        self._dist: dict[tuple[str, bool, bool, bool], list[int]] = {}
        self._pot: dict[int, float] = {}
        self._gain: dict[int, float] = {}
        self._sector: dict[int, tuple[int, int]] = {}
        self._sp: dict[int, SpaceTerms] = {}
        self._sec: dict[int, tuple[int, int, float]] = {}
        self._moves: dict[tuple[int, int, tuple[int, ...]], float] = {}
        self._groups: dict[tuple[tuple[int, ...], int], tuple[float, list[int]]] = {}
        # Twins (TWIN) at the same strength share potentials and best moves; a unit the
        # state's markers name (its flags may single it out, e.g. an army that lost its Near
        # East ability) is a class of its own.
        named: set[int] = set()
        _ints_in(s.flags, named)
        _ints_in(s.tflags, named)
        self._tw = tw = [a + b for a, b in zip(TWIN2, s.red, strict=True)]  # red: 0 or 1
        for u in named:
            if 0 <= u < len(tw):
                tw[u] = 2 * (len(tw) + u) + s.red[u]  # a class no twin shares
        self.sr_memo: dict[int, list[tuple[float, int]]] = {}  # heuristic.sr_value's gains
        # heuristic.op_candidates by the operation's spaces activated and cards' free costs
        self.ops_memo: dict[tuple[tuple[int, ...], ...], list[Any]] = {}
        self._bm: dict[tuple[int, int, int, int, tuple[int, ...]], tuple[float, list[int]]] = {}

    # -- basic facts ---------------------------------------------------------------------

    def side_in(self, x: int) -> int:
        us = self.occ[x]
        return UNITS[us[0]].side if us else -1

    def vp_space(self, x: int) -> bool:
        return bool(self._vp[x])  # board.vp_space()

    def space_worth(self, x: int) -> float:
        """What holding space ``x`` is worth (losing it to the enemy costs this)."""
        got = self._worth.get(x)
        if got is not None:
            return got
        sp = SPACES[x]
        w = 0.4
        if self._vp[x]:
            w += VP_POINTS
        if sp.capital:
            w += 2.0
        if sp.supply_source:
            w += 3.0
        if sp.fort and self.s.fort[x] == FORT_INTACT:
            w += 0.5
        if sp.nation == "ru" and w > VP_POINTS and "treaty_of_brest_litovsk" not in self.s.events:
            w += RUSSIAN_VP  # 16.4: Russian VP spaces the CP holds drive Russia out of the war
        self._worth[x] = w
        return w

    def enemy_fort(self, x: int) -> bool:
        return bool(self._efort[x])  # movement.enemy_fort()

    def _reach(self) -> list[int]:
        """Moves the enemy's units need to reach each space (11.1: no zones of control, so
        they march through any space that holds none of ours), capped at ``REACH + 1``."""
        far = REACH + 1
        occ = self.occ
        me = self.me
        dist = [far] * N
        todo = [x for x in MAP if self.side_in(x) == self.foe]
        for x in todo:
            dist[x] = 0
        i = 0
        while i < len(todo):
            x = todo[i]
            i += 1
            nd = dist[x] + 1
            if nd > REACH:
                continue
            for n in ADJ[x]:
                if dist[n] <= nd or self.closed[n]:
                    continue
                if occ[n] and UNITS[occ[n][0]].side == me:
                    continue
                dist[n] = nd
                todo.append(n)
        # A space we hold is reached one move after its nearest neighbour the enemy reaches:
        # what it would be if the units there walked away (they block the march meanwhile).
        for x in MAP:
            us = occ[x]
            if us and UNITS[us[0]].side == me and not self.closed[x]:
                near = min((dist[n] for n in ADJ[x] if not self.closed[n]), default=far)
                dist[x] = min(far, near + 1)
        return dist

    def _depth(self) -> list[int]:
        """How deep each space lies in enemy ground: 0 for own-controlled spaces, else the
        number of enemy-controlled spaces one crosses to reach it (a unit ending deep is cut
        off and dies in attrition, 14.3)."""
        s = self.s
        # the same control of the map gives the same depths (control changes less often
        # than the units move): read them where worked out before
        key = (self.me, tuple(s.ctrl))
        got = _DEPTHS.get(key)
        if got is not None:
            return got
        dist = [FAR] * N
        todo = [x for x in MAP if s.ctrl[x] == self.me]
        for x in todo:
            dist[x] = 0
        i = 0
        while i < len(todo):
            x = todo[i]
            i += 1
            nd = dist[x] + 1
            for n in ADJ[x]:
                if dist[n] <= nd:
                    continue
                dist[n] = nd
                todo.append(n)
        with _BOARDS_LOCK:
            _DEPTHS[key] = dist
            while len(_DEPTHS) > DISTS_KEPT:
                del _DEPTHS[next(iter(_DEPTHS))]
        return dist

    def cut_off(self, u: int, y: int) -> bool:
        """Would unit ``u`` standing in ``y`` lose its supply if the enemy marched into every
        empty own space next to its units? (Units out of supply at the end of the turn die of
        attrition, 14.3; with no zones of control a supply line is cut by one march.)"""
        if self._pess:
            p = self._pess[0]
        else:
            p = self.s.clone(with_log=False)
            for x in MAP:
                if p.ctrl[x] == self.me and not self.occ[x] and self.foe_reach[x] <= 1:
                    p.ctrl[x] = self.foe
            p.cache = {}
            self._pess.append(p)
        return not supply.supplied_at(p, u, y)

    def behind(self, x: int) -> float:
        """What a unit in own space ``x`` shields: the worth of own VP spaces within two moves
        behind it that hold no unit of ours and that the enemy cannot reach yet."""
        got = self._behind.get(x)
        if got is not None:
            return got
        s = self.s
        total = 0.0
        seen = {x}
        ring = [x]
        for _ in range(2):
            nxt = []
            for y in ring:
                for n in ADJ[y]:
                    if n in seen or s.ctrl[n] != self.me:
                        continue
                    seen.add(n)
                    nxt.append(n)
                    if self.vp_space(n) and not self.occ[n] and self.foe_reach[n] > 1:
                        total += self.space_worth(n)
            ring = nxt
        self._behind[x] = total
        return total

    def sector(self, y: int) -> tuple[int, int]:
        """The balance of force around ``y``: the enemy's combat factors within two moves of
        it and ours within one (each unit once). A front is held by the units near it: a
        sector where the enemy masses more than we hold is where the next unit is needed,
        whatever front it comes from (strategic redeployment, 13, moves it there)."""
        got = self._sector.get(y)
        if got is not None:
            return got
        ring1, both = _RINGS[y]
        closed = self.closed
        if not any(map(closed.__getitem__, both)):
            # no closed space near: the rings of the map (the same sums, integers)
            foe_cf = self.foe_cf.__getitem__
            own_cf = self.own_cf.__getitem__
            out = (
                self.foe_cf[y] + sum(map(foe_cf, both)),
                self.own_cf[y] + sum(map(own_cf, ring1)),
            )
            self._sector[y] = out
            return out
        seen = {y}
        ring = [y]
        own = self.own_cf[y]
        foe = self.foe_cf[y]
        for step in range(2):
            nxt = []
            for z in ring:
                for n in ADJ[z]:
                    if n in seen or self.closed[n]:
                        continue
                    seen.add(n)
                    nxt.append(n)
                    foe += self.foe_cf[n]
                    if step == 0:
                        own += self.own_cf[n]
            ring = nxt
        out = (foe, own)
        self._sector[y] = out
        return out

    def sector_need(self, u: int, y: int) -> float:
        """What own unit ``u`` standing in own space ``y`` adds to the sector's defence."""
        foe, own = self.sector(y)
        if not foe:
            return 0.0
        cf = board.cf(self.s, u)
        if self.s.loc[u] == y or (self.s.loc[u] >= 0 and y in ADJ[self.s.loc[u]]):
            own -= cf  # it is counted there already
        need = self.sector_hold * foe - own
        if need <= 0:
            return 0.0
        stake = min(self.space_worth(y) + self.behind(y), 16.0)
        return self.sector_w * (1.0 + stake / 8.0) * min(cf, need)

    # -- distances to the front ----------------------------------------------------------

    def _key(self, u: int) -> tuple[str, bool, bool, bool]:
        d = UNITS[u]
        return (
            d.nation,
            movement.ne_army_barred(self.s, u),
            "bef_area_only" in d.flags,
            movement.italy_restricted(self.s, u),
        )

    def dist(self, u: int) -> list[int]:
        """Moves from each space to the nearest enemy-held space, for units like ``u``."""
        got = self._udist.get(u)
        if got is not None:
            return got
        key = self._key(u)
        got = self._dist.get(key)
        if got is not None:
            self._udist[u] = got
            return got
        # The same front, closed spaces and kind of unit give the same distances, in any
        # position (the front moves less often than the units).
        wide = (self._front_key, key)
        got = _FRONT_DISTS.get(wide)
        if got is not None:
            self._dist[key] = got
            self._udist[u] = got
            return got
        nation, barred_ne, bef_only, italy = key
        ok = bytearray(_LAND_OK[barred_ne, bef_only, italy])
        for x in self._closed_map:
            ok[x] = 0
        dist = [FAR] * N
        todo: list[int] = []
        for x in self._front:
            if ok[x]:
                dist[x] = 0
                todo.append(x)
        nxt = _NATION_NEXT.get(nation) or _nation_next(nation)
        i = 0
        while i < len(todo):
            x = todo[i]
            i += 1
            nd = dist[x] + 1
            if nd >= FAR:
                continue
            for n in nxt[x]:
                if ok[n] and dist[n] > nd:
                    dist[n] = nd
                    todo.append(n)
        self._dist[key] = dist
        self._udist[u] = dist
        with _BOARDS_LOCK:
            _FRONT_DISTS[wide] = dist
            while len(_FRONT_DISTS) > DISTS_KEPT:
                del _FRONT_DISTS[next(iter(_FRONT_DISTS))]
        return dist

    # -- values of standing and of entering ------------------------------------------------

    def potential(self, u: int, y: int) -> float:
        """How good it is for own unit ``u`` to end its move in ``y``."""
        s = self.s
        lu = s.loc[u]
        # the worth depends on the unit's own space only where y is that space or next to it
        here = y == lu or (lu >= 0 and y in ADJ[lu])
        if here:
            key = (self._tw[u] * N + y) * N + lu
        else:
            key = -1 - ((self._tw[u] * N + y) * 8 + FRONT1[lu])
        got = self._pot.get(key)
        if got is not None:
            return got
        if y == RESERVE[self.me]:
            v = -2.0 * DIST_W * 4 - (3.0 if UNITS[u].army else 1.0)
            self._pot[key] = v
            return v
        sp = self._sp.get(y)
        if sp is None:
            sp = self._space_terms(y)
        expo, deep, gap, mine, threat, imp = sp
        du = self._udist.get(u)
        d = (self.dist(u) if du is None else du)[y]
        v = -DIST_W * d - expo
        if not supply.supplied_at(s, u, y):
            v -= UNSUPPLIED
        elif self.cut_off(u, y):
            v -= CUT_OFF * (1.5 if UNITS[u].army else 1.0)
        if deep:
            v -= deep  # a raid: cut off before long (14.3)
        d_u = UNITS[u]
        cf = d_u.reduced_cf if s.red[u] else d_u.cf  # board.cf()
        if gap is not None:
            others = self.own_cf[y] - (cf if lu == y else 0)
            if others <= 0:
                v += gap  # the only unit between the enemy and what lies behind (a gap filled)
        if mine and d <= 2:
            # sector_need(), with the sector's terms of the space
            sec = self._sec.get(y)
            if sec is None:
                sec = self._sector_terms(y)
            sec_foe, sec_own, sec_k = sec
            add = 0.0
            if sec_foe:
                own = sec_own - cf if here else sec_own  # counted there already
                need = self.sector_hold * sec_foe - own
                if need > 0:
                    add = sec_k * min(cf, need)
            v += add
        if threat:
            others = self.own_cf[y] - (cf if lu == y else 0)
            need = 0.7 * threat + 1 - others
            if need > 0:
                v += imp * min(cf, need)
        if self.front_w:
            v += self.front_need(y, cf, FRONT_OF[lu] if lu >= 0 else -1)
        self._pot[key] = v
        return v

    def front_need(self, y: int, cf: int, mine: int) -> float:
        """The plan per front: what a unit of ``cf`` combat factors standing in ``y`` adds to
        a front short of the side's ``front_hold`` share of the enemy's strength there
        (``mine``: the front the unit stands on now, whose strength counts it already)."""
        f = FRONT_OF[y]
        if f < 0:
            return 0.0
        foe = self.front_foe[f]
        if not foe:
            return 0.0
        own = self.front_own[f] - (cf if mine == f else 0)
        need = self.front_hold * foe - own
        return self.front_w * min(cf, need) if need > 0 else 0.0

    def _space_terms(self, y: int) -> SpaceTerms:
        """The parts of :meth:`potential` that depend on the space alone (each computed as
        there, so the sums come out the same): its exposure, the raid's cost, the worth of
        filling a gap there (None: no gap), whether it is ours, the enemy's factors next to it
        and the weight of a factor against them."""
        s = self.s
        deep = self.depth[y]
        raid = 0.5 * UNSUPPLIED * (deep - 1) if deep >= 2 else 0.0
        mine = s.ctrl[y] == self.me
        gap: float | None = None
        if mine and self.foe_reach[y] <= REACH:
            near = 1.0 if self.foe_reach[y] <= 1 else 0.5
            gap = near * GAP * (self.space_worth(y) + 0.5 * self.behind(y))
        threat = self.foe_adj[y]
        imp = 0.35 + 0.12 * min(self.space_worth(y), 12.0) if threat else 0.0
        out = (self.exposure(y), raid, gap, mine, threat, imp)
        self._sp[y] = out
        return out

    def _sector_terms(self, y: int) -> tuple[int, int, float]:
        """:meth:`sector_need`'s parts for own space ``y``: the sector's enemy and own factors
        and the weight of a factor there (as computed there)."""
        sec_foe, sec_own = self.sector(y)
        sec_k = 0.0
        if sec_foe:
            stake = min(self.space_worth(y) + self.behind(y), 16.0)
            sec_k = self.sector_w * (1.0 + stake / 8.0)
        out = (sec_foe, sec_own, sec_k)
        self._sec[y] = out
        return out

    def best_potential(self, u: int, ys: Iterable[int]) -> float:
        """The best :meth:`potential` of unit ``u`` over spaces ``ys`` (at least one).

        Potentials already worked out are read; the others are worked out best bound first,
        and only while their bound could beat the best found: a bound leaves out the supply
        penalties and counts the gap, the sector and the threat at their most (each term as
        large as the unit's factors could make it), so the answer is the same."""
        pot = self._pot
        lu = self.s.loc[u]
        near = {lu, *ADJ[lu]} if lu >= 0 else {lu}
        base = self._tw[u] * N
        nbase = base * N
        fl = FRONT1[lu]  # potential()'s key: the unit's own front
        best = -math.inf
        todo: list[int] = []
        for y in ys:
            v = pot.get(nbase + y * N + lu if y in near else -1 - (base + y) * 8 - fl)
            if v is None:
                todo.append(y)
            elif v > best:
                best = v
        if not todo:
            return best
        reserve = RESERVE[self.me]
        du = self.dist(u)
        d_u = UNITS[u]
        cf = d_u.reduced_cf if self.s.red[u] else d_u.cf
        sps = self._sp
        bounds: list[tuple[float, int]] = []
        for y in todo:
            if y == reserve:
                bounds.append((math.inf, y))
                continue
            sp = sps.get(y)
            if sp is None:
                sp = self._space_terms(y)
            expo, deep, gap, mine, threat, imp = sp
            d = du[y]
            ub = -DIST_W * d - expo - deep
            if gap is not None and gap > 0:
                ub += gap
            if mine and d <= 2:
                sec = self._sec.get(y)
                if sec is None:
                    sec = self._sector_terms(y)
                if sec[0]:
                    ub += sec[2] * cf
            if threat:
                ub += imp * cf
            if self.front_w:
                ub += self.front_w * cf
            bounds.append((ub, y))
        bounds.sort(key=lambda b: -b[0])
        potential = self.potential
        for ub, y in bounds:
            if ub + 1e-6 < best:
                break  # nothing left can beat it
            v = potential(u, y)
            if v > best:
                best = v
        return best

    def pass_share(self, y: int) -> float:
        """The share of a capture's worth kept when a unit only passes through ``y``: the
        enemy may walk back in."""
        return 0.3 if self.foe_near[y] else 0.7

    def exposure(self, y: int) -> float:
        """How cut off a unit standing in ``y`` would be: enemy-held neighbours beyond two
        (a unit deep in enemy ground loses its supply line and dies in attrition, 14.3)."""
        got = self._expo.get(y)
        if got is not None:
            return got
        ctrl = self.s.ctrl
        foe = self.foe
        closed = self.closed
        n = 0
        for z in ADJ[y]:
            if ctrl[z] == foe and not closed[z]:
                n += 1
        e = max(0, n - 2) * 1.5
        self._expo[y] = e
        return e

    def leave_cost(self, u: int, x: int) -> float:
        """What leaving ``x`` empty risks: the enemy walking in (only the last unit)."""
        if x in D.boxes or self.foe_reach[x] > REACH:
            return 0.0
        if any(v != u for v in self.occ[x]):
            return 0.0
        near = 0.6 if self.foe_reach[x] <= 1 else 0.35
        return near * (self.space_worth(x) + 0.5 * self.behind(x))

    def capture_gain(self, y: int) -> float:
        """What entering enemy-controlled, empty ``y`` gains (control changes, 11.1.14)."""
        got = self._gain.get(y)
        if got is not None:
            return got
        s = self.s
        g = 0.0
        if s.ctrl[y] == self.foe and not self.occ[y]:
            if self.enemy_fort(y):
                g = 0.25 * self.space_worth(y)
            else:
                g = self.space_worth(y)
            if self.depth[y] >= 2:
                g *= 0.3  # a raid's gain rarely lasts past the enemy's answer
        self._gain[y] = g
        return g

    # -- movement --------------------------------------------------------------------------

    def next_spaces(self, u: int, x: int) -> list[tuple[int, bool]]:
        """Spaces ``u`` could enter from ``x`` (and whether it must stop there). Kept for the
        analysis' life: never change the list."""
        k = self._tw[u] * N + x  # twins enter the same spaces
        got = self._next.get(k)
        if got is not None:
            return got
        s = self.s
        efort = self._efort
        fort = s.fort
        may_enter = movement.may_enter
        out = []
        for n, kind, nations in LINKS[x]:
            if not may_enter(s, u, x, n, kind, nations):
                continue
            if efort[n] and fort[n] == FORT_INTACT:
                if not UNITS[u].army:
                    continue  # a lone corps rarely besieges; leave forts to armies
                out.append((n, True))
                continue
            out.append((n, False))
        self._next[k] = out
        return out

    def can_stop(self, u: int, y: int, attacks: Sequence[int] = ()) -> bool:
        return movement.can_stop(self.s, {"attacks": list(attacks)}, u, y)

    def best_move(
        self, u: int, x: int, mp: int, attacks: Sequence[int] = ()
    ) -> tuple[float, list[int]]:
        """The best value reachable by unit ``u`` from ``x`` with ``mp`` movement points left:
        the potential where it stops plus what it captures on the way, and the path."""
        s = self.s
        bkey = (self._tw[u], s.loc[u], x, mp, tuple(attacks))
        done = self._bm.get(bkey)
        if done is not None:
            return done
        # memo: (y, m) -> (best value, the next space of the best path or -1 to stop at y,
        # whether the path goes on from that space); the path is put together at the end
        memo: dict[int, tuple[float, int, bool]] = {}
        frame = {"attacks": list(attacks)}
        stops: dict[int, bool] = {}
        can_stop = movement.can_stop
        potential = self.potential
        capture_gain = self.capture_gain
        next_spaces = self.next_spaces
        # potential(), capture_gain() and next_spaces() memos read directly (the same keys)
        pot = self._pot
        gains = self._gain
        nexts = self._next
        foe_near = self.foe_near
        lu = s.loc[u]
        near = {lu, *ADJ[lu]} if lu >= 0 else {lu}
        base = self._tw[u] * N
        nbase = base * N
        fl = FRONT1[lu]  # potential()'s key: the unit's own front

        # go() calls itself through ``again``, emptied at the end: a function naming itself
        # would be a reference cycle, left for the garbage collector to find
        again: list[Callable[[int, int], tuple[float, int, bool]]] = []

        def go(y: int, m: int) -> tuple[float, int, bool]:
            k = y * 64 + m
            got = memo.get(k)
            if got is not None:
                return got
            best = -1e9
            step = -1
            on = False
            ok = stops.get(y)
            if ok is None:
                ok = stops[y] = can_stop(s, frame, u, y)
            if ok:
                pv = pot.get(nbase + y * N + lu if y in near else -1 - (base + y) * 8 - fl)
                best = potential(u, y) if pv is None else pv
            if m > 0:
                nx = nexts.get(base + y)
                if nx is None:
                    nx = next_spaces(u, y)
                for n, stop in nx:
                    if n == x:
                        continue
                    g = gains.get(n)
                    if g is None:
                        g = capture_gain(n)
                    if stop:
                        ok = stops.get(n)
                        if ok is None:
                            ok = stops[n] = can_stop(s, frame, u, n)
                        if not ok:
                            continue
                        pv = pot.get(nbase + n * N + lu if n in near else -1 - (base + n) * 8 - fl)
                        v = g + (potential(u, n) if pv is None else pv)
                        goes = False
                    else:
                        sv, sub, _ = memo.get(n * 64 + m - 1) or again[0](n, m - 1)
                        goes = sub >= 0
                        if goes:
                            g *= 0.3 if foe_near[n] else 0.7  # pass_share(): taken in passing
                        v = g + sv - STEP_COST
                    if v > best + 1e-9:
                        best = v
                        step = n
                        on = goes
            got = memo[k] = (best, step, on)
            return got

        again.append(go)
        value, step, on = go(x, mp)
        again.clear()
        path: list[int] = []
        m = mp
        while step >= 0:
            path.append(step)
            if not on:
                break
            m -= 1
            _, step, on = memo[step * 64 + m]
        done = self._bm[bkey] = (value, path)
        return done

    def move_gain(self, u: int, attacks: Sequence[int] = ()) -> float:
        """What moving unit ``u`` (with its full movement) gains over staying."""
        s = self.s
        x = s.loc[u]
        mf = board.mf(s, u)
        if mf <= 0 or "no_overland_movement" in UNITS[u].flags:
            return 0.0
        key = (self._tw[u], x, tuple(attacks))
        got = self._moves.get(key)
        if got is not None:
            return got
        best, path = self.best_move(u, x, mf, attacks)
        g = 0.0 if not path else best - self.potential(u, x) - self.leave_cost(u, x)
        self._moves[key] = g
        return g

    # -- combat ----------------------------------------------------------------------------

    def defenders(self, tgt: int) -> list[int]:
        return [u for u in self.occ[tgt] if UNITS[u].side == self.foe]

    def attack_value(self, attackers: Sequence[int], tgt: int, drm: int = 0) -> float:
        """The expected gain of attacking ``tgt`` with ``attackers`` (12.2)."""
        if not attackers:
            return 0.0
        s = self.s
        dfn = self.defenders(tgt)
        fort = 0
        if self.enemy_fort(tgt):
            fort = SPACES[tgt].fort
        if not dfn and not fort:
            return 0.0
        att_cf = sum(board.cf(s, u) for u in attackers)
        att_army = any(UNITS[u].army for u in attackers)
        att_cap = lf_capacity(s, attackers)
        def_cf = sum(board.cf(s, u) for u in dfn) + fort
        def_army = any(UNITS[u].army for u in dfn)
        a_shift, d_shift = terrain_shift(SPACES[tgt].terrain)
        if dfn and s.trench[tgt] and s.tside[tgt] == self.foe:
            ta, td = TRENCH_SHIFTS[s.trench[tgt]]
            a_shift += ta
            d_shift += td
        drm += sinai_drm(s, {s.loc[u] for u in attackers})  # 12.2.7
        if dfn:
            def_cap = lf_capacity(s, dfn)
        else:
            def_cap = fort
        b = battle(att_cf, att_army, att_cap, def_cf, def_army, def_cap, a_shift, d_shift, drm)
        if dfn:
            per_lf = sum(step_cost(s, u) for u in dfn) / max(1, len(dfn))
            per_lf = max(1.0, per_lf / 1.5)
            inflicted = b.inflicted * per_lf
        else:
            inflicted = b.inflicted * 0.5
        per_own = max(1.0, sum(step_cost(s, u) for u in attackers) / max(1, len(attackers)) / 1.5)
        v = inflicted - b.taken * per_own * self.loss_w
        gain = self.space_worth(tgt) if s.ctrl[tgt] == self.foe else 0.5
        if dfn:
            v += b.win * 1.5 + b.clear * gain * 0.8
        else:
            v += b.clear * (gain + 1.0)
        if self.mo_satisfied(attackers, tgt, dfn):
            v += VP_POINTS * (1.0 if self.s.round >= 3 else 0.7)
        return v

    def mo_satisfied(self, attackers: Sequence[int], tgt: int, dfn: Sequence[int]) -> bool:
        if self.mo in ("none", "fr_mutiny"):
            return False
        return mandated.attack_satisfies(self.s, self.me, list(attackers), tgt, list(dfn))

    def attack_frame(self) -> dict[str, Any]:
        return {"side": self.me, "out": [], "attacked": [], "used": [], "sel": [], "tgt": -1}

    def attackers_for(self, tgt: int, spaces: Sequence[int], f: dict[str, Any]) -> list[int]:
        """Units of ``spaces`` that may attack ``tgt`` (supplied, eligible, 12.1)."""
        s = self.s
        out = []
        used = set(f.get("used", ()))
        for x in spaces:
            if x != tgt and tgt not in ADJ[x]:
                continue
            for u in self.occ[x]:
                if UNITS[u].side != self.me or u in used:
                    continue
                if not activation.can_act(s, u):
                    continue
                if designation.eligible(s, f, u, tgt, []):
                    out.append(u)
        return out

    def best_group(self, units: Sequence[int], tgt: int) -> tuple[float, list[int]]:
        """The best legal group (12.1.11) from ``units`` against ``tgt``: all of them, or the
        units of one nationality."""
        s = self.s
        if not units:
            return 0.0, []
        key = (tuple(units), tgt)
        got = self._groups.get(key)
        if got is not None:
            return got
        groups: list[list[int]] = []
        if designation.valid(s, list(units)):
            groups.append(list(units))
        by_nation: dict[str, list[int]] = {}
        for u in units:
            by_nation.setdefault(MN_NATION[u], []).append(u)
        if len(by_nation) > 1:
            for g in by_nation.values():
                if designation.valid(s, g):
                    groups.append(g)
        best = -1e9
        pick: list[int] = []
        for g in groups:
            v = self.attack_value(g, tgt)
            if v > best:
                best = v
                pick = g
        self._groups[key] = (best, pick)
        return best, pick

    def attack_targets(self, spaces: Sequence[int]) -> list[int]:
        """Spaces with enemy units or an enemy fort next to (or in) ``spaces``."""
        seen: set[int] = set()
        out = []
        for x in spaces:
            for t in (x, *ADJ[x]):
                if t in seen:
                    continue
                seen.add(t)
                if t == x and not self.enemy_fort(x):
                    continue
                if self.side_in(t) == self.foe or (self.enemy_fort(t) and not self.occ[t]):
                    out.append(t)
        return out

    def own_spaces(self) -> list[int]:
        me = self.me
        return [x for x in MAP if self.occ[x] and UNITS[self.occ[x][0]].side == me]
