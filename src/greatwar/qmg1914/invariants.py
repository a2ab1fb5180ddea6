"""The invariant checker: what every reachable state satisfies (DESIGN "Reliability").

Run after every action in the random-play tests: each card in exactly one pile of its own power
(CARDS); the hidden part of each discard pile within the pile; pieces only where their kind may
stand (Armies on land, Navies at sea), within each country's piece limits, never both teams in a
space (PIECES); Objective tokens only on the six token spaces, one each (OBJECTIVE TOKENS); VP
never below 0; the round and the current power in range; the game over exactly when the stack
is empty; the cached supply agrees with the board.
"""

from __future__ import annotations

from greatwar.core.state import pile_problem
from greatwar.qmg1914 import board
from greatwar.qmg1914.data import (
    ARMY_LIMITS,
    LAND_MASK,
    LAST_ROUND,
    N_SPACES,
    NAVY_LIMITS,
    POWER_CARDS,
    POWERS,
    SEA_MASK,
    SPACE_IDS,
    TEAM_COUNTRY_MASK,
    TOKEN_MASK,
)
from greatwar.qmg1914.flow import STEPS
from greatwar.qmg1914.state import PILES, State


class InvariantError(AssertionError):
    """A state the rules can never produce."""


def problems(s: State) -> list[str]:
    out: list[str] = []
    for p in range(len(POWERS)):
        bad = pile_problem((getattr(s, n)[p] for n in PILES), POWER_CARDS[p], POWERS[p])
        if bad:
            out.append(bad)
        if not 0 <= s.dhidden[p] <= len(s.discard[p]):
            out.append(f"{POWERS[p]}: {s.dhidden[p]} hidden discards of {len(s.discard[p])}")
    if len(s.occ) != N_SPACES:
        out.append("occupancy has the wrong length")
        return out
    for x, bits in enumerate(s.occ):
        if bits >> 8:
            out.append(f"unknown country bits in {SPACE_IDS[x]}")
        if bits & TEAM_COUNTRY_MASK[0] and bits & TEAM_COUNTRY_MASK[1]:
            out.append(f"both teams in {SPACE_IDS[x]}")
    for c in range(8):
        if board.count(board.armies(s, c)) > ARMY_LIMITS[c]:
            out.append(f"country {c} has too many Armies")
        if board.count(board.navies(s, c)) > NAVY_LIMITS[c]:
            out.append(f"country {c} has too many Navies")
    if s.tokens & ~TOKEN_MASK:
        out.append("an Objective token off the token spaces")
    if min(s.vp) < 0:
        out.append(f"negative VP {s.vp}")
    if not 1 <= s.round <= LAST_ROUND:
        out.append(f"round {s.round}")
    if not -1 <= s.cur < len(POWERS):
        out.append(f"current power {s.cur}")
    if (s.result is None) == (not s.stack):
        out.append("a game is over exactly when its stack is empty")
    for f in s.stack:
        if f.get("step") not in STEPS:
            out.append(f"unknown step {f.get('step')!r}")
    cached = s.cache.get("sup")
    if cached is not None:
        fresh = State.__new__(State)
        fresh.occ = s.occ
        fresh.cache = {}
        if board.supply_masks(fresh) != cached:
            out.append("stale supply cache")
    if (LAND_MASK | SEA_MASK).bit_count() != N_SPACES:
        out.append("space kinds do not cover the board")
    return out


def check(s: State) -> None:
    found = problems(s)
    if found:
        raise InvariantError("; ".join(found))
