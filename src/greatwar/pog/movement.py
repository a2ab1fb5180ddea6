"""Movement (11.1, 11.3) and besieging on the move (11.1.8, 15.1.1, 15.2.1, 15.2.4).

Units in Move-activated spaces move one unit at a time, one space per action
(``move <unit> <space>``), and the movement of one stack is finished before another stack starts
(11.1.1). ``done`` stops the moving unit, then finishes the stack, then ends all movement.

The frame ``movement`` holds: ``movers`` (units that may move, fixed when movement starts) and
``origin`` (the space each started in), ``done`` (units that have moved or will not), ``stack``
(the start space of the stack now moving, -1 if none), ``unit`` and ``mp`` (the unit moving now
and the movement points it has spent), ``attacks`` (Attack-activated spaces: 11.1.6), ``entrench``
(armies attempting to entrench, 11.2.1) and ``pending`` (enemy fort spaces entered by units that
cannot besiege them alone, waiting for the rest of the besieging force, 11.1.8).
"""

from __future__ import annotations

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
    """Could unit ``u`` move from ``frm`` into ``to`` across this connection, forts aside?"""
    d = UNITS[u]
    side = d.side
    if not link_allows(u, kind, nations, s, to):
        return False
    if supply.closed_to_all(s, to):
        return False  # 11.1.11 neutral nations, 9.5.2.4 Greek units, 11.1.10 beaches
    occ_side = board.side_in(s, to)
    if occ_side >= 0 and occ_side != side:
        return False  # 11.1.7
    sp = SPACES[to]
    if "bef_area_only" in d.flags and sp.nation not in BEF_AREA:
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


def can_stop(s: State, f: Frame, u: int, x: int) -> bool:
    """May unit ``u`` end its move in ``x``?"""
    side = UNITS[u].side
    if x in f["attacks"]:
        return False  # 11.1.6
    here = [v for v in board.units_in(s, x) if v != u]
    if len(here) >= STACK_LIMIT:
        return False  # 10.1.2: stacking holds at the end of movement
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


# -- the moving unit's options --------------------------------------------------------------


def _mp_left(s: State, f: Frame, u: int) -> int:
    used = f["mp"] if f["unit"] == u else 0
    return board.mf(s, u) - used


def _may_leave(s: State, u: int) -> bool:
    """15.2.4: the units left behind in a besieged enemy fort space must still besiege it."""
    x = s.loc[u]
    side = UNITS[u].side
    if not (board.fort_besieged(s, x) and s.ctrl[x] != side):
        return True
    rest = [v for v in board.units_in(s, x) if v != u]
    return not rest or besieging_force(s, side, x, rest)


def _finish_possible(s: State, f: Frame, u: int, x: int, left: int) -> bool:
    """From ``x`` with ``left`` MP, can unit ``u`` reach a space where it may stop?"""
    if can_stop(s, f, u, x):
        return True
    if left <= 0:
        return False
    side = UNITS[u].side
    for n, kind, nations in LINKS[x]:
        if n == s.loc[u] or not may_enter(s, u, x, n, kind, nations):
            continue
        if enemy_fort(s, side, n) and not board.fort_besieged(s, n):
            continue
        if _finish_possible(s, f, u, n, left - 1):
            return True
    return False


def next_spaces(s: State, f: Frame, u: int) -> list[int]:
    """Spaces unit ``u`` may move into next."""
    left = _mp_left(s, f, u)
    if left <= 0 or not _may_leave(s, u):
        return []
    side = UNITS[u].side
    x = s.loc[u]
    out = []
    for n, kind, nations in LINKS[x]:
        if not may_enter(s, u, x, n, kind, nations):
            continue
        if enemy_fort(s, side, n) and s.fort[n] == FORT_INTACT:
            # 11.1.8: enter an unbesieged enemy fort only to besiege it, and stop (15.1.1).
            if not can_stop(s, f, u, n):
                continue
            with_u = [*board.units_in(s, n), u]
            if not besieging_force(s, side, n, with_u) or f["pending"]:
                # Every siege started this round, this one included, must stay possible.
                spaces = [*f["pending"], n] if n not in f["pending"] else list(f["pending"])
                if not _sieges_feasible(s, f, spaces, extra={n: [u]}, exclude=u):
                    continue
            out.append(n)
            continue
        if _finish_possible(s, f, u, n, left - 1):
            out.append(n)
    return out


def _distance(s: State, u: int, to: int, limit: int) -> int:
    """Moves unit ``u`` needs to reach ``to`` (forts aside), or limit + 1 if more."""
    start = s.loc[u]
    if start == to:
        return 0
    frontier = [start]
    seen = {start}
    for d in range(1, limit + 1):
        nxt = []
        for y in frontier:
            for n, kind, nations in LINKS[y]:
                if n in seen or not may_enter(s, u, y, n, kind, nations):
                    continue
                if n == to:
                    return d
                if enemy_fort(s, UNITS[u].side, n) and s.fort[n] == FORT_INTACT:
                    continue
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    return limit + 1


def _sieges_feasible(
    s: State,
    f: Frame,
    spaces: list[int],
    extra: dict[int, list[int]] | None = None,
    exclude: int = -1,
) -> bool:
    """11.1.8: can every fort space in ``spaces`` still get its besieging force this round?

    The units already in each space (plus ``extra``, units about to enter it) are joined by
    movers that can still reach it; one mover can serve one siege only, so this is an exact
    assignment of movers to sieges (small: a few sieges, a few movers)."""
    side = f["side"]
    extra = extra or {}
    done = set(f["done"])
    placed = {u for units in extra.values() for u in units}
    needs: list[tuple[int, list[int]]] = []  # (corps still needed, movers able to come)
    for x in spaces:
        present = [*board.units_in(s, x), *extra.get(x, [])]
        if besieging_force(s, side, x, present):
            continue
        cands = []
        for v in f["movers"]:
            if v in done or v == exclude or v in placed or s.loc[v] == x:
                continue
            if not _may_leave(s, v):
                continue  # 15.2.4: a unit holding a siege cannot come
            left = _mp_left(s, f, v)
            if left > 0 and _distance(s, v, x, left) <= left:
                cands.append(v)
        needs.append((SPACES[x].fort - len(present), cands))

    def assign(i: int, used: frozenset[int]) -> bool:
        if i == len(needs):
            return True
        need, cands = needs[i]
        free = [v for v in cands if v not in used]
        for v in free:
            if UNITS[v].army and assign(i + 1, used | {v}):  # one army besieges alone
                return True
        corps = [v for v in free if not UNITS[v].army]
        return len(corps) >= need and any(
            assign(i + 1, used | set(group)) for group in combinations(corps, need)
        )

    return assign(0, frozenset())


def _pending_ok(s: State, f: Frame) -> bool:
    return _sieges_feasible(s, f, list(f["pending"]))


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


def _legal(s: State, f: Frame) -> list[Action]:
    out: list[Action] = []
    for u in _candidates(s, f):
        uid = UNITS[u].id
        for n in next_spaces(s, f, u):
            out.append(act("move", uid, SPACES[n].id))
    for u in entrench_options(s, f):
        out.append(act("entrench", UNITS[u].id))
    if f["pending"]:
        out = [a for a in out if _keeps_pending(s, f, a)]
    if _may_done(s, f):
        out.append(act("done"))
    return out


def _may_done(s: State, f: Frame) -> bool:
    u = f["unit"]
    if u >= 0:
        if not can_stop(s, f, u, s.loc[u]):
            return False
        if f["pending"]:
            trial = s.clone(with_log=False)
            g = trial.stack[-1]
            _stop_unit(trial, g)
            return _pending_ok(trial, g)
        return True
    if f["stack"] >= 0:
        if f["pending"]:
            trial = s.clone(with_log=False)
            g = trial.stack[-1]
            _finish_stack(g)
            return _pending_ok(trial, g)
        return True
    return not f["pending"]


def _keeps_pending(s: State, f: Frame, a: Action) -> bool:
    trial = s.clone(with_log=False)
    g = trial.stack[-1]
    _apply(trial, g, a)
    return _pending_ok(trial, g)


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
    if board.fort_besieged(s, frm) and s.ctrl[frm] != side:
        rest = board.units_in(s, frm)
        if not rest or not besieging_force(s, side, frm, rest):
            s.fort[frm] = FORT_INTACT  # 15.2.4: no longer besieged
            board.invalidate(s)
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
            return True
        u = f["unit"]
        if u >= 0 and not next_spaces(s, f, u) and can_stop(s, f, u, s.loc[u]):
            _stop_unit(s, f)  # out of movement points or of places to go
            return True
        if f["stack"] >= 0 and not _candidates(s, f):
            f["stack"] = -1
            return True
        if f["unit"] < 0 and f["stack"] < 0 and not f["pending"] and not _candidates(s, f):
            self._finish(s, f)  # every mover has moved or will not (entrenching ones too)
            return True
        return False

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
