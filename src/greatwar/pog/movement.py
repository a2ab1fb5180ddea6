"""Movement (11.1, 11.3) and besieging on the move (11.1.8, 15.1.1, 15.2.1, 15.2.4).

Units in Move-activated spaces move one unit at a time, one space per action
(``move <unit> <space>``), and the movement of one stack is finished before another stack starts
(11.1.1). ``done`` stops the moving unit, then finishes the stack, then ends all movement.

The frame ``movement`` holds: ``movers`` (units that may move, fixed when movement starts) and
``origin`` (the space each started in), ``done`` (units that have moved or will not), ``stack``
(the start space of the stack now moving, -1 if none), ``unit`` and ``mp`` (the unit moving now
and the movement points it has spent), ``attacks`` (Attack-activated spaces: 11.1.6), ``entrench``
(armies attempting to entrench, 11.2.1), ``pending`` (enemy fort spaces entered by units that
cannot besiege them alone, waiting for the rest of the besieging force, 11.1.8) and ``sieges``
(the besieged enemy forts movers stood in when movement began, 15.2.4).

Stacking, sieges and besiegers are judged at the end of movement (10.1.2, 11.1.8, 15.2.4): a unit
may end its move in a full space, and besiegers may leave a fort one by one, as long as the units
still free to move can put every space right. Every action offered keeps that possible
(:func:`completable`), and movement cannot end before it is done, so a game never gets stuck.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board, supply
from greatwar.pog.board import ANA, LINKS, STACK_LIMIT
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import STEPS, D, PogStep, act, log, pop
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import FORT_BESIEGED, FORT_INTACT, State

SPACES = D.spaces
UNITS = D.units
NEAR_EAST = supply.NEAR_EAST

BEF_AREA = frozenset({"br", "fr", "be", "ge"})  # 11.1.17
CHANNEL_PORTS = frozenset(D.space(x) for x in ("amiens", "calais", "ostend"))  # 11.1.9
NO_GE_ARMY_END = frozenset(D.space(x) for x in ("trent", "villach", "trieste"))  # 5.7.4 #6
CAUCASUS = D.space("caucasus")
CAUCASUS_NE = frozenset(D.space(x) for x in ("grozny", "poti"))  # 11.3.2
BREST_NATIONS = frozenset({"ru", "ge", "tu", "ah", "ro"})  # 16.4.9


# -- 1914 and scenario restrictions -------------------------------------------------------


def channel_ports_open(s: State) -> bool:
    """11.1.9: Race to the Sea played, or CP War Status 4 or more."""
    return "race_to_the_sea" in s.events or s.ws[CP] >= 4


def italy_restricted(s: State, u: int) -> bool:
    """5.7.4 #6: until the AP is at Total War only AH and IT armies may operate in Italy."""
    d = UNITS[u]
    return (
        SCENARIOS[s.scenario].historical
        and s.commit[AP] < 2
        and d.army
        and d.nation not in ("ah", "it")
    )


BEF_ONLY: tuple[bool, ...] = tuple("bef_area_only" in d.flags for d in UNITS)  # 11.1.17


def ne_army_barred(s: State, u: int) -> bool:
    """11.3.1: only the six Near East armies may enter the Near East map (an Allied one placed
    at home under 9.5.3.4 has lost that ability); RU cavalry never may."""
    d = UNITS[u]
    if "no_near_east_map" in d.flags:
        return True
    if not d.army:
        return False
    return not d.near_east_army or u in s.flags.get("ne_lost", [])


def enemy_fort(s: State, side: int, x: int) -> bool:
    """An undestroyed fort of the other side stands in ``x``."""
    return board.fort_intact(s, x) and s.ctrl[x] != side


def besieging_force(s: State, side: int, x: int, units: list[int]) -> bool:
    """15.2.1: at least one army, or as many corps as the fort's value."""
    if any(UNITS[u].army for u in units):
        return True
    return len(units) >= SPACES[x].fort


def lift_broken_siege(s: State, x: int) -> None:
    """15.2.4: a besieged fort whose besiegers no longer form a besieging force (losses, an
    event, units moving off) is no longer besieged: no surrender roll, no supply traced through
    it by the besieger, and it must be besieged anew (11.1.8)."""
    if x < 0 or not board.fort_besieged(s, x):
        return
    besieger = 1 - s.ctrl[x]
    units = [u for u in board.units_in(s, x) if UNITS[u].side == besieger]
    if units and besieging_force(s, besieger, x, units):
        return
    s.fort[x] = FORT_INTACT
    board.invalidate(s)
    log(s, "siege.lifted", "15.2.4", besieger, space=SPACES[x].id)


def german_fort(x: int) -> bool:
    return SPACES[x].fort > 0 and SPACES[x].nation == "ge"


# The beach at the end of each MEF beach link, seen from either end (11.1.10).
BEACH_OF: dict[int, int] = {}
for _ln in D.links:
    if _ln.restriction == "mef_beach":
        _beach = _ln.a if SPACES[_ln.a].mef_beach else _ln.b
        BEACH_OF[_ln.a] = BEACH_OF[_ln.b] = _beach


def link_allows(u: int, kind: str, nations: frozenset[str], s: State, to: int) -> bool:
    """11.1.4: dashed lines only for the nations printed on them; 11.1.10: a unit may enter an
    MEF beach only while the MEF Beachhead marker is on it, and may always leave one (9.5.3.5:
    a CP unit that took the beachhead moves off it normally)."""
    if kind == "none":
        return True
    if kind == "nation":
        return UNITS[u].nation in nations
    return not SPACES[to].mef_beach or s.flags.get("mef_beachhead", -1) == to


def may_enter(s: State, u: int, frm: int, to: int, kind: str, nations: frozenset[str]) -> bool:
    """Could unit ``u`` move from ``frm`` into ``to`` across this connection, forts aside?
    (Asked for every connection the movement and the bots look at: :func:`link_allows`, the
    closed spaces and the occupants are read here directly.)"""
    d = UNITS[u]
    if kind != "none":  # link_allows()
        if kind == "nation":
            if d.nation not in nations:
                return False  # 11.1.4
        elif SPACES[to].mef_beach and s.flags.get("mef_beachhead", -1) != to:
            return False  # 11.1.10
    if supply.closed_spaces(s)[to]:
        return False  # 11.1.11 neutral nations, 9.5.2.4 Greek units, 11.1.10 beaches
    side = d.side
    occ_side = board.occupant_sides(s)[to]
    if occ_side >= 0 and occ_side != side:
        return False  # 11.1.7
    sp = SPACES[to]
    if BEF_ONLY[u] and sp.nation not in BEF_AREA:
        return False  # 11.1.17
    if to in NEAR_EAST and ne_army_barred(s, u):
        return False  # 11.3.1
    if (frm == CAUCASUS and to in CAUCASUS_NE) or (to == CAUCASUS and frm in CAUCASUS_NE):
        # 11.3.2: one RU corps a turn; no army; none at all after the Fall of the Tsar.
        if d.army or d.nation != "ru" or "fall_of_the_tsar" in s.events:
            return False
        if "caucasus_move" in s.tflags:
            return False
    if side == AP and s.turn == 1 and d.nation == "ru" and german_fort(to):
        return False  # 15.1.12
    if sp.nation == "it" and italy_restricted(s, u):
        return False  # 5.7.4 #6
    if "treaty_of_brest_litovsk" in s.events and side == AP:
        # 16.4.9: Russians stay in Russia, Germany, Turkey, Austria and Romania, and never
        # move through or stack with other Allied units (nor they with Russians).
        if d.nation == "ru" and sp.nation not in BREST_NATIONS:
            return False
        here = board.units_in(s, to)
        if any((UNITS[v].nation == "ru") != (d.nation == "ru") for v in here):
            return False
    return True


def may_end(s: State, f: Frame, u: int, x: int) -> bool:
    """May unit ``u`` end its move in ``x``, stacking aside (checked for the whole movement,
    10.1.2)?"""
    side = UNITS[u].side
    if x in f["attacks"]:
        return False  # 11.1.6
    if side == CP and x in CHANNEL_PORTS and not channel_ports_open(s):
        return False  # 11.1.9
    if (
        x in NO_GE_ARMY_END
        and UNITS[u].nation == "ge"
        and UNITS[u].army
        and SCENARIOS[s.scenario].historical
        and s.commit[AP] < 2
    ):
        return False  # 5.7.4 #6
    return True


def can_stop(s: State, f: Frame, u: int, x: int) -> bool:
    """May unit ``u`` end its move in ``x`` without over-stacking it (what the bots plan
    with; movement itself also allows an end that an exchange will put right, 10.1.2)?"""
    here = board.occupants(s)[x]
    others = len(here) - 1 if u in here else len(here)
    return others < STACK_LIMIT and may_end(s, f, u, x)


# -- the moving unit's options --------------------------------------------------------------


def _mp_left(s: State, f: Frame, u: int) -> int:
    used = f["mp"] if f["unit"] == u else 0
    return board.mf(s, u) - used


def _crosses_caucasus(frm: int, to: int) -> bool:
    return (frm == CAUCASUS and to in CAUCASUS_NE) or (to == CAUCASUS and frm in CAUCASUS_NE)


def _finish_possible(s: State, f: Frame, u: int, x: int, left: int) -> bool:
    """From ``x`` with ``left`` MP, can unit ``u`` reach a space where it may end its move
    (stacking aside: :func:`completable` judges it)?"""
    if may_end(s, f, u, x):
        return True
    if left <= 0:
        return False
    side = UNITS[u].side
    for n, kind, nations in LINKS[x]:
        if n == s.loc[u] or not may_enter(s, u, x, n, kind, nations):
            continue
        if enemy_fort(s, side, n) and not board.fort_besieged(s, n):
            if may_end(s, f, u, n):
                return True  # 11.1.8, 15.1.1: it would stop there to besiege
            continue
        if _finish_possible(s, f, u, n, left - 1):
            return True
    return False


def next_spaces(s: State, f: Frame, u: int) -> list[int]:
    """Spaces unit ``u`` may move into next, before :func:`completable` judges the result."""
    left = _mp_left(s, f, u)
    if left <= 0:
        return []
    side = UNITS[u].side
    x = s.loc[u]
    out = []
    for n, kind, nations in LINKS[x]:
        if not may_enter(s, u, x, n, kind, nations):
            continue
        if enemy_fort(s, side, n) and s.fort[n] == FORT_INTACT:
            # 11.1.8: enter an unbesieged enemy fort only to besiege it, and stop (15.1.1).
            if may_end(s, f, u, n):
                out.append(n)
            continue
        if _finish_possible(s, f, u, n, left - 1):
            out.append(n)
    return out


# -- finishing the movement within the rules (10.1.2, 11.1.8, 15.2.4) --------------------------


def _lifted(s: State, side: int, x: int) -> bool:
    """An enemy fort that stood besieged when movement began is occupied but unbesieged."""
    return bool(board.units_in(s, x)) and enemy_fort(s, side, x) and s.fort[x] == FORT_INTACT


def unsettled(s: State, f: Frame) -> bool:
    """Must more units move before movement may end? A space over the stacking limit
    (10.1.2), a siege begun this round not yet complete (11.1.8), a fort left occupied but
    no longer besieged (15.2.4), or a moving unit where it may not end its move."""
    if f["pending"]:
        return True
    occ = board.occupants(s)
    loc = s.loc
    for v in f["movers"]:
        if len(occ[loc[v]]) > STACK_LIMIT:
            return True
    side = f["side"]
    if any(_lifted(s, side, x) for x in f.get("sieges", ())):
        return True
    u = f["unit"]
    return u >= 0 and not may_end(s, f, u, loc[u])


def _reach(
    s: State, f: Frame, v: int, terminal: set[int], free: set[int], brest: bool
) -> list[int]:
    """Where free unit ``v`` could end a move from where it is now, with the MP it has left.

    A deliberately plain route, so that whatever it finds is a completion the player can
    really make: no Caucasus crossing (11.3.2 allows one a turn), no new siege (only the
    ``terminal`` forts, which it stops in), no passage through a fort whose besiegers may
    still leave, and after Brest-Litovsk only spaces already holding a unit of its own group
    that stays there (16.4.9)."""
    left = _mp_left(s, f, v)
    if left <= 0:
        return []
    side = UNITS[v].side
    start = s.loc[v]
    ru = UNITS[v].nation == "ru"
    out: list[int] = []
    seen = {start}
    frontier = [start]
    for _ in range(left):
        nxt = []
        for y in frontier:
            for n, kind, nations in LINKS[y]:
                if n in seen or _crosses_caucasus(y, n):
                    continue
                if not may_enter(s, v, y, n, kind, nations):
                    continue
                seen.add(n)
                stop = n in terminal or (enemy_fort(s, side, n) and s.fort[n] == FORT_INTACT)
                if (not stop or n in terminal) and may_end(s, f, v, n):
                    if not brest or any(
                        w not in free and (UNITS[w].nation == "ru") == ru
                        for w in board.units_in(s, n)
                    ):
                        out.append(n)
                if not stop:
                    nxt.append(n)
        frontier = nxt
    return out


def completable(s: State, f: Frame) -> bool:
    """Can the units still free to move end the movement with every space within the
    stacking limit (10.1.2), every siege begun this round complete (11.1.8) and every fort
    that was besieged when movement began either still besieged or left empty (15.2.4)?

    Each free unit (a mover that has not finished) either ends where it is (the unit now
    moving only where it may end its move) or moves to a space it can reach (see
    :func:`_reach`); the search is exact over those choices: for each constrained fort it
    picks a minimal besieging force (or leaves it empty, where allowed) and then assigns the
    other free units to end spaces by augmenting paths, three units a space."""
    if not unsettled(s, f):
        return True
    side = f["side"]
    done = set(f["done"])
    free = [v for v in f["movers"] if v not in done]
    free_set = set(free)
    occ = board.occupants(s)
    cur = f["unit"]
    pending = f["pending"]
    forts = [
        x
        for x in f.get("sieges", ())
        if x not in pending and occ[x] and (_lifted(s, side, x) or free_set & set(occ[x]))
    ]
    terminal = {*pending, *forts}
    brest = "treaty_of_brest_litovsk" in s.events and side == AP
    opts: dict[int, list[int]] = {}

    def stays(v: int) -> bool:
        return v != cur or may_end(s, f, v, s.loc[v])

    def options(v: int) -> list[int]:
        got = opts.get(v)
        if got is None:
            got = [s.loc[v]] if stays(v) else []
            got += _reach(s, f, v, terminal, free_set, brest)
            opts[v] = got
        return got

    fixed: dict[int, int] = {}

    def n_fixed(y: int) -> int:
        k = fixed.get(y)
        if k is None:
            k = fixed[y] = sum(1 for w in occ[y] if w not in free_set)
        return k

    if any(n_fixed(s.loc[v]) > STACK_LIMIT for v in done):
        return False  # units that have finished moving over-stack a space by themselves

    # Per constrained fort, the ways to satisfy it: None (nothing needed), () (left empty) or
    # a minimal group of free units that end there.
    choices: list[list[tuple[int, ...] | None]] = []
    for x in [*pending, *forts]:
        held = [w for w in occ[x] if w not in free_set]
        if held and besieging_force(s, side, x, held):
            choices.append([None])
            continue
        ways: list[tuple[int, ...] | None] = []
        if x in forts and not held:
            ways.append(())
        able = [v for v in free if x in options(v)]
        ways.extend((v,) for v in able if UNITS[v].army)
        need = SPACES[x].fort - len(held)
        corps = [v for v in able if not UNITS[v].army]
        if 0 < need <= len(corps):
            ways.extend(combinations(corps, need))
        choices.append(ways)
    sites = [*pending, *forts]

    def assign(i: int, used: dict[int, int], emptied: set[int]) -> bool:
        if i < len(choices):
            for way in choices[i]:
                if way is None:
                    if assign(i + 1, used, emptied):
                        return True
                    continue
                if any(v in used for v in way):
                    continue
                x = sites[i]
                if not way:
                    if assign(i + 1, used, emptied | {x}):
                        return True
                    continue
                if assign(i + 1, {**used, **{v: x for v in way}}, emptied):
                    return True
            return False
        return _matching(s, free, used, emptied, stays, options, n_fixed)

    return assign(0, {}, set())


def _matching(
    s: State,
    free: list[int],
    placed: dict[int, int],
    emptied: set[int],
    stays: Callable[[int], bool],
    options: Callable[[int], list[int]],
    n_fixed: Callable[[int], int],
) -> bool:
    """Assign every free unit not in ``placed`` to one of its end spaces, at most three units
    a space (counting the units that stay and the ``placed`` ones; none in ``emptied``). A
    unit that may stay where it is and finds room there is placed without looking further."""
    extra: dict[int, int] = {}
    for x in placed.values():
        extra[x] = extra.get(x, 0) + 1
    cap: dict[int, int] = {}

    def room(y: int) -> int:
        c = cap.get(y)
        if c is None:
            c = cap[y] = 0 if y in emptied else STACK_LIMIT - n_fixed(y) - extra.get(y, 0)
        return c

    ends: dict[int, list[int]] = {}

    def augment(v: int, seen: set[int]) -> bool:
        for y in options(v):
            if y in seen:
                continue
            seen.add(y)
            here = ends.setdefault(y, [])
            if len(here) < room(y):
                here.append(v)
                return True
            for w in here:
                if augment(w, seen):
                    here.remove(w)
                    here.append(v)
                    return True
        return False

    for v in free:
        if v in placed:
            continue
        home = s.loc[v]
        if stays(v):
            here = ends.setdefault(home, [])
            if len(here) < room(home):
                here.append(v)
                continue
        if not augment(v, set()):
            return False
    return all(room(y) >= 0 for y in placed.values())


# -- the step -------------------------------------------------------------------------------


def _candidates(s: State, f: Frame) -> list[int]:
    done = set(f["done"])
    if f["unit"] >= 0:
        return [f["unit"]]
    if f["stack"] >= 0:
        return [
            u
            for u, o in zip(f["movers"], f["origin"], strict=True)
            if o == f["stack"] and u not in done
        ]
    return [u for u in f["movers"] if u not in done]


def entrench_options(s: State, f: Frame) -> list[int]:
    """11.2.1: after the Entrench event (either side's), one army per Move-activated space may
    attempt to entrench instead of moving; not while out of supply (14.3.3)."""
    if f["unit"] >= 0 or f["stack"] >= 0:
        return []
    if "ap_entrench" not in s.events and "cp_entrench" not in s.events:
        return []
    done = set(f["done"])
    trying = {s.loc[u] for u in f["entrench"]}
    return [u for u in f["movers"] if UNITS[u].army and u not in done and s.loc[u] not in trying]


def _quiet(s: State, f: Frame, u: int, n: int) -> bool:
    """After moving ``u`` into ``n`` from a settled position, is the position still settled
    (so that no search is needed)?"""
    side = f["side"]
    if len(board.units_in(s, n)) >= STACK_LIMIT or not may_end(s, f, u, n):
        return False
    if enemy_fort(s, side, n) and s.fort[n] == FORT_INTACT:
        if not besieging_force(s, side, n, [*board.units_in(s, n), u]):
            return False  # a siege to complete (11.1.8)
    x = s.loc[u]
    if board.fort_besieged(s, x) and s.ctrl[x] != side:
        rest = [v for v in board.units_in(s, x) if v != u]
        if rest and not besieging_force(s, side, x, rest):
            return False  # the fort is left occupied but unbesieged (15.2.4)
    return True


def _keeps(s: State, f: Frame, a: Action) -> bool:
    """Can the movement still be finished within the rules after action ``a``?"""
    trial = s.clone(with_log=False)
    g = trial.stack[-1]
    _apply(trial, g, a)
    return completable(trial, g)


def _legal(s: State, f: Frame) -> list[Action]:
    settled = not unsettled(s, f)
    out: list[Action] = []
    for u in _candidates(s, f):
        uid = UNITS[u].id
        for n in next_spaces(s, f, u):
            a = act("move", uid, SPACES[n].id)
            if (settled and _quiet(s, f, u, n)) or _keeps(s, f, a):
                out.append(a)
    for u in entrench_options(s, f):
        a = act("entrench", UNITS[u].id)
        if settled or _keeps(s, f, a):
            out.append(a)
    if _may_done(s, f, settled):
        out.append(act("done"))
    return out


def _may_done(s: State, f: Frame, settled: bool) -> bool:
    u = f["unit"]
    if u >= 0 and not may_end(s, f, u, s.loc[u]):
        return False
    if u < 0 and f["stack"] < 0:
        return settled  # 10.1.2, 11.1.8, 15.2.4: movement ends only within the rules
    return settled or _keeps(s, f, act("done"))


def _stop_unit(s: State, f: Frame) -> None:
    f["done"] = [*f["done"], f["unit"]]
    f["unit"] = -1
    f["mp"] = 0


def _finish_stack(f: Frame) -> None:
    f["done"] = [
        *f["done"],
        *(
            u
            for u, o in zip(f["movers"], f["origin"], strict=True)
            if o == f["stack"] and u not in f["done"]
        ),
    ]
    f["stack"] = -1


def enter(s: State, u: int, to: int, rule: str = "11.1.14") -> None:
    """Unit ``u`` enters ``to``: control (11.1.14, 11.1.15), trenches (11.2.5-11.2.6), forts
    (15.2.1), the MEF Beachhead (9.5.3.5). Shared by movement and advance after combat."""
    side = UNITS[u].side
    frm = s.loc[u]
    board.relocate(s, u, to)
    if s.ctrl[frm] != side:
        lift_broken_siege(s, frm)  # 15.2.4
    if s.tside[to] >= 0 and s.tside[to] != side:
        if s.trench[to] == 2:
            board.set_trench(s, to, 1, side)  # 11.2.6
        else:
            board.set_trench(s, to, 0, side)  # 11.2.5
    if side == CP and s.flags.get("mef_beachhead") == to:
        del s.flags["mef_beachhead"]  # 9.5.3.5
        board.invalidate(s)
        log(s, "mef.beachhead_removed", "9.5.3.5", CP, space=SPACES[to].id)
    if enemy_fort(s, side, to):
        if s.fort[to] == FORT_INTACT and besieging_force(s, side, to, board.units_in(s, to)):
            s.fort[to] = FORT_BESIEGED  # 15.2.1
            board.invalidate(s)
            log(s, "fort.besieged", "15.2.1", side, space=SPACES[to].id)
        return  # no control while an enemy fort stands (15.1.10)
    if u == ANA:
        board.ana_arrives(s, to)  # 11.1.15: Allied only while the ANA is there
        return
    if side == AP:
        board.claim(s, to)
    if s.ctrl[to] != side:
        board.set_control(s, to, side, rule)


def _apply(s: State, f: Frame, a: Action) -> None:
    side = f["side"]
    if a.verb == "done":
        if f["unit"] >= 0:
            _stop_unit(s, f)
        elif f["stack"] >= 0:
            _finish_stack(f)
        else:
            f["done"] = list(f["movers"])
        return
    u = D.unit(a.args[0])
    if a.verb == "entrench":
        f["done"] = [*f["done"], u]
        f["entrench"] = [*f["entrench"], u]
        log(s, "entrench.attempt", "11.2.1", side, unit=a.args[0])
        return
    to = D.space(a.args[1])
    frm = s.loc[u]
    if f["unit"] != u:
        f["unit"] = u
        f["mp"] = 0
        f["stack"] = f["origin"][f["movers"].index(u)]
    f["mp"] += 1
    if (frm == CAUCASUS and to in CAUCASUS_NE) or (to == CAUCASUS and frm in CAUCASUS_NE):
        s.tflags["caucasus_move"] = 1  # 11.3.2
    was_unbesieged_fort = enemy_fort(s, side, to) and s.fort[to] == FORT_INTACT
    # The move is logged before what entering causes (control, sieges, trenches, 11.1.14).
    log(s, "move", "11.1", side, unit=a.args[0], frm=SPACES[frm].id, to=a.args[1])
    enter(s, u, to)
    if was_unbesieged_fort:
        # 15.1.1: a unit entering an unbesieged fort space stops there.
        if s.fort[to] != FORT_BESIEGED and to not in f["pending"]:
            f["pending"] = [*f["pending"], to]
        _stop_unit(s, f)
    f["pending"] = [x for x in f["pending"] if s.fort[x] != FORT_BESIEGED]


@STEPS.register
class Movement(PogStep):
    """11.1: move the units of Move-activated spaces."""

    name = "movement"
    rule = "11.1"

    def settle(self, s: State, f: Frame) -> bool:
        if "origin" not in f:
            f["origin"] = [s.loc[u] for u in f["movers"]]
            # 15.2.4: the besieged enemy forts movers stand in; none may be left occupied
            # but unbesieged when movement ends.
            side = f["side"]
            f["sieges"] = sorted(
                {
                    s.loc[u]
                    for u in f["movers"]
                    if board.fort_besieged(s, s.loc[u]) and s.ctrl[s.loc[u]] != side
                }
            )
            return True
        u = f["unit"]
        if u >= 0 and may_end(s, f, u, s.loc[u]) and not self._may_go_on(s, f, u):
            _stop_unit(s, f)  # out of movement points or of places to go
            return True
        if f["stack"] >= 0 and not _candidates(s, f):
            f["stack"] = -1
            return True
        if f["unit"] < 0 and f["stack"] < 0 and not _candidates(s, f) and not unsettled(s, f):
            self._finish(s, f)  # every mover has moved or will not (entrenching ones too)
            return True
        return False

    @staticmethod
    def _may_go_on(s: State, f: Frame, u: int) -> bool:
        """Has the moving unit a move left? Entering an unbesieged enemy fort is judged only
        when it is the unit's one kind of move left (it is rare and needs a search)."""
        nxt = next_spaces(s, f, u)
        side = f["side"]
        if any(not (enemy_fort(s, side, n) and s.fort[n] == FORT_INTACT) for n in nxt):
            return True
        settled = not unsettled(s, f)
        uid = UNITS[u].id
        return any(
            (settled and _quiet(s, f, u, n)) or _keeps(s, f, act("move", uid, SPACES[n].id))
            for n in nxt
        )

    def _finish(self, s: State, f: Frame) -> None:
        op = s.stack[-2]
        if op.get("step") == "operation":
            op["entrench"] = list(f["entrench"])
        pop(s, f)

    def prompt(self, s: State, f: Frame) -> str:
        if f["unit"] >= 0:
            return "movement.unit"
        if f["stack"] >= 0:
            return "movement.stack"
        return "movement.choose"

    def legal(self, s: State, f: Frame) -> list[Action]:
        return _legal(s, f)

    def apply(self, s: State, f: Frame, a: Action) -> None:
        _apply(s, f, a)
