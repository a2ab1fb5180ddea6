"""The invariant checker: conditions every reachable state satisfies (DESIGN "Reliability").

Run after every action in the tests. It checks: each card in exactly one pile; each unit in a
valid place (its own side's boxes, or a map space); stacking (10.1.1) outside movement, strategic
redeployment and retreats (10.1.2); no units of both sides in one space (10.1.5); control of
occupied spaces (11.1.14, 15.1.10, 11.1.15); a besieged fort holds a besieging force (15.2.1,
15.2.4); every track and marker in range; the stack and the result agree; the derived caches
agree with the position.
"""

from __future__ import annotations

from greatwar.core.state import pile_problem
from greatwar.pog import board, movement
from greatwar.pog.board import STACK_LIMIT
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import STEPS, D
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import FORT_DESTROYED, OFF, PILES, State

SIDE_CARDS = D.side_cards


class InvariantError(AssertionError):
    """A state that the rules can never produce."""


def problems(s: State) -> list[str]:
    """Every violated invariant, described; empty when the state is sound."""
    out: list[str] = []
    # Cards: each card of a side in exactly one pile of that side.
    for side in (AP, CP):
        bad = pile_problem((getattr(s, n)[side] for n in PILES), SIDE_CARDS[side], f"side {side}")
        if bad:
            out.append(bad)
    # Units: a valid place; boxes of their own side.
    n_spaces = len(D.spaces)
    for u, x in enumerate(s.loc):
        if x == OFF:
            continue
        if not 0 <= x < n_spaces:
            out.append(f"unit {D.units[u].id} at invalid location {x}")
            continue
        if x in D.boxes and D.spaces[x].initial_control != D.units[u].side:
            out.append(f"unit {D.units[u].id} in the other side's box {D.spaces[x].id}")
        if s.red[u] not in (0, 1):
            out.append(f"unit {D.units[u].id} has step state {s.red[u]}")
    # Stacking and sides per space.
    moving = any(f.get("overstack") for f in s.stack)
    occ = board.occupants(s)
    for x in D.map_spaces:
        us = occ[x]
        if not us:
            continue
        sides = {D.units[u].side for u in us}
        if len(sides) > 1:
            out.append(f"units of both sides in {D.spaces[x].id}")
            continue
        if len(us) > STACK_LIMIT and not moving:
            out.append(f"{len(us)} units in {D.spaces[x].id} (limit {STACK_LIMIT})")
        side = sides.pop()
        enemy_fort = board.fort_intact(s, x) and s.ctrl[x] != side
        if s.ctrl[x] != side and not enemy_fort and not moving:
            out.append(f"{D.spaces[x].id} is occupied by side {side} but controlled by the other")
    # Markers and tracks.
    for x in D.map_spaces:
        if s.trench[x] not in (0, 1, 2):
            out.append(f"trench level {s.trench[x]} in {D.spaces[x].id}")
        if (s.trench[x] == 0) != (s.tside[x] == -1):
            out.append(f"trench owner inconsistent in {D.spaces[x].id}")
        if s.ctrl[x] not in (AP, CP):
            out.append(f"control {s.ctrl[x]} in {D.spaces[x].id}")
        if s.fort[x] and not D.spaces[x].fort:
            out.append(f"fort state in fortless {D.spaces[x].id}")
        if s.fort[x] not in (0, 1, FORT_DESTROYED):
            out.append(f"fort state {s.fort[x]} in {D.spaces[x].id}")
        if board.fort_besieged(s, x):
            besieger = 1 - s.ctrl[x]
            them = [u for u in occ[x] if D.units[u].side == besieger]
            if not them or not movement.besieging_force(s, besieger, x, them):
                out.append(f"{D.spaces[x].id} is besieged without a besieging force (15.2.4)")
    sc = SCENARIOS.get(s.scenario)
    if sc is None:
        out.append(f"unknown scenario {s.scenario}")
    elif not 1 <= s.turn <= sc.last_turn:
        out.append(f"turn {s.turn} outside 1..{sc.last_turn}")
    if not 0 <= s.round <= 6:
        out.append(f"action round {s.round}")
    if min(s.ws) < 0 or s.cws < 0 or s.cws < max(s.ws):
        out.append(f"war status {s.ws} combined {s.cws}")
    if any(c not in (0, 1, 2) for c in s.commit):
        out.append(f"commitment {s.commit}")
    if any(v < 0 for v in s.rp.values()):
        out.append(f"negative RP {s.rp}")
    # Flow.
    if (s.result is None) == (not s.stack):
        out.append("a game is over exactly when its stack is empty")
    for f in s.stack:
        if f.get("step") not in STEPS:
            out.append(f"unknown step {f.get('step')!r}")
    # Caches agree with the position.
    cached = s.cache.get(board.OCC)
    if cached is not None:
        fresh: list[list[int]] = [[] for _ in D.spaces]
        for u, x in enumerate(s.loc):
            if x >= 0:
                fresh[x].append(u)
        if [sorted(a) for a in cached] != fresh:
            out.append("stale occupancy cache")
    return out


def check(s: State) -> None:
    """Raise :class:`InvariantError` if the state violates any invariant."""
    found = problems(s)
    if found:
        raise InvariantError("; ".join(found))
