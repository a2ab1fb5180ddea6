"""Pieces on the board, supply, Victory Points and Objective tokens.

Change pieces only through :func:`place` and :func:`remove`: they drop the derived caches
(supply). Pieces are bits: ``s.occ[x] >> c & 1`` is country ``c``'s piece in space ``x``, an
Army on land, a Navy at sea.
"""

from __future__ import annotations

from collections.abc import Sequence

from greatwar.qmg1914.data import (
    ADJ,
    ARMY_LIMITS,
    COUNTRIES_OF,
    HOME,
    LAND_MASK,
    NAVY_LIMITS,
    SEA_MASK,
    SPACES,
    TEAM_COUNTRY_MASK,
    TEAM_OF_COUNTRY,
)
from greatwar.qmg1914.flow import log
from greatwar.qmg1914.state import State

_SUPPLY = "sup"
_PIECES = "pcs"


def invalidate(s: State) -> None:
    s.cache.clear()


# -- where the pieces are --------------------------------------------------------------


_KEPT = 4096  # positions whose masks are kept beyond a state's cache (pure functions' memos)
_PIECE_MEMO: dict[tuple[int, ...], tuple[int, ...]] = {}
_SUPPLY_MEMO: dict[tuple[int, ...], tuple[int, ...]] = {}


def piece_masks(s: State) -> tuple[int, ...]:
    """Per country, the bitmask of spaces holding its piece (cached in the state, and the last
    positions' kept: search and the bots meet one board in many states)."""
    got: tuple[int, ...] | None = s.cache.get(_PIECES)
    if got is None:
        key = tuple(s.occ)
        got = _PIECE_MEMO.get(key)
        if got is None:
            if len(_PIECE_MEMO) >= _KEPT:
                _PIECE_MEMO.clear()
            got = _PIECE_MEMO[key] = tuple(pieces_of(s.occ))
        s.cache[_PIECES] = got
    return got


def pieces_of(occ: Sequence[int]) -> list[int]:
    """Per country, the bitmask of spaces holding its piece, from the per-space occupants."""
    ms = [0] * 8
    for x, bits in enumerate(occ):
        while bits:
            low = bits & -bits
            ms[low.bit_length() - 1] |= 1 << x
            bits ^= low
    return ms


def has_piece(s: State, c: int, x: int) -> bool:
    return bool(s.occ[x] >> c & 1)


def team_in(s: State, team: int, x: int) -> bool:
    """Does ``team`` have any piece in space ``x``?"""
    return bool(s.occ[x] & TEAM_COUNTRY_MASK[team])


def armies(s: State, c: int) -> int:
    """Bitmask of the spaces with an Army of country ``c``."""
    return piece_masks(s)[c] & LAND_MASK


def navies(s: State, c: int) -> int:
    return piece_masks(s)[c] & SEA_MASK


def count(m: int) -> int:
    return m.bit_count()


def available(s: State, c: int, navy: bool) -> int:
    """PIECES: how many of country ``c``'s Armies (or Navies) are not on the board."""
    if navy:
        return NAVY_LIMITS[c] - count(navies(s, c))
    return ARMY_LIMITS[c] - count(armies(s, c))


def team_army_mask(s: State, team: int) -> int:
    pm = piece_masks(s)
    m = 0
    for c in range(8):
        if TEAM_OF_COUNTRY[c] == team:
            m |= pm[c]
    return m & LAND_MASK


def power_army_mask(s: State, p: int) -> int:
    pm = piece_masks(s)
    m = 0
    for c in COUNTRIES_OF[p]:
        m |= pm[c]
    return m & LAND_MASK


# -- changing the board ----------------------------------------------------------------


def place(s: State, c: int, x: int) -> None:
    """Put a piece of country ``c`` in space ``x`` (the caller has checked the rules)."""
    s.occ[x] |= 1 << c
    s.cache.clear()


def remove(s: State, c: int, x: int) -> None:
    """Take country ``c``'s piece out of space ``x``; it becomes available again."""
    s.occ[x] &= ~(1 << c)
    s.cache.clear()


def remove_all_enemies(s: State, team: int, x: int) -> list[int]:
    """Remove every piece of the team opposed to ``team`` from ``x``; returns the countries."""
    enemy = s.occ[x] & TEAM_COUNTRY_MASK[1 - team]
    gone = [c for c in range(8) if enemy >> c & 1]
    if gone:
        s.occ[x] &= ~enemy
        s.cache.clear()
    return gone


def can_hold(s: State, c: int, x: int) -> bool:
    """PIECES: may a piece of ``c`` be put in ``x`` (ignoring supply and availability)? No
    second piece of a country in a space; never in a space holding an enemy piece."""
    occ = s.occ[x]
    return not (occ >> c & 1) and not (occ & TEAM_COUNTRY_MASK[1 - TEAM_OF_COUNTRY[c]])


# -- SUPPLY ------------------------------------------------------------------------------


def supply_masks(s: State) -> tuple[int, ...]:
    """SUPPLY: per country, the spaces whose piece traces a supply line: a continuous line of
    spaces, each holding one of that country's pieces, to its Home space, which must hold the
    country's own Army. Lines run only through the country's own pieces (not even the other
    country of the same power), along its team's adjacencies (KIEL CANAL). Cached."""
    got: tuple[int, ...] | None = s.cache.get(_SUPPLY)
    if got is not None:
        return got
    pm = piece_masks(s)
    got = _SUPPLY_MEMO.get(pm)
    if got is None:
        if len(_SUPPLY_MEMO) >= _KEPT:
            _SUPPLY_MEMO.clear()
        got = _SUPPLY_MEMO[pm] = tuple(supply_lines(pm))
    s.cache[_SUPPLY] = got
    return got


def supply_lines(pm: Sequence[int]) -> list[int]:
    """SUPPLY: per country, the spaces of its pieces (``pm``, as :func:`piece_masks`) that
    trace a line to its Home space (uncached: for positions that are not states)."""
    out = [0] * 8
    for c in range(8):
        own = pm[c]
        home = HOME[c]
        if not own >> home & 1:
            continue
        adj = ADJ[TEAM_OF_COUNTRY[c]]
        reached = 1 << home
        frontier = reached
        while frontier:
            nxt = 0
            f = frontier
            while f:
                low = f & -f
                nxt |= adj[low.bit_length() - 1]
                f ^= low
            nxt &= own & ~reached
            reached |= nxt
            frontier = nxt
        out[c] = reached
    return out


def supplied(s: State, c: int, x: int) -> bool:
    """Is country ``c``'s piece in ``x`` supplied? (SUPPLY, and the turn's supply overrides
    of cards such as Morava Offensive.)"""
    if supply_masks(s)[c] >> x & 1:
        return True
    over: list[list[int]] | None = s.tflags.get("supply")
    return over is not None and [c, x] in over and has_piece(s, c, x)


def supplied_if_placed(s: State, c: int, x: int) -> bool:
    """BUILD: would a new piece of ``c`` in ``x`` be in supply the moment it is placed? Yes at
    its Home space (an Army there is the line's start) or next to a supplied piece of ``c``."""
    if x == HOME[c]:
        return not SPACES[x].sea
    return bool(ADJ[TEAM_OF_COUNTRY[c]][x] & supply_masks(s)[c])


# -- Victory Points ----------------------------------------------------------------------


def gain_vp(s: State, team: int, n: int, why: str) -> None:
    """GAINING AND LOSING VICTORY POINTS DURING REGULAR PLAY: scored at once."""
    if n <= 0:
        return
    s.vp[team] += n
    log(s, "vp.gain", "GAINING AND LOSING VICTORY POINTS DURING REGULAR PLAY", team=team, n=n,
        why=why, vp=s.vp[:])  # fmt: skip


def lose_vp(s: State, team: int, n: int, why: str) -> None:
    """A team never goes below 0: each point it cannot lose goes to the enemy team instead."""
    if n <= 0:
        return
    lost = min(n, s.vp[team])
    s.vp[team] -= lost
    s.vp[1 - team] += n - lost
    log(s, "vp.lose", "GAINING AND LOSING VICTORY POINTS DURING REGULAR PLAY", team=team, n=n,
        why=why, vp=s.vp[:])  # fmt: skip


def place_token(s: State, x: int) -> None:
    """OBJECTIVE TOKENS: one token per space; placing where one is already is done already."""
    if s.tokens >> x & 1:
        log(s, "token.already", "OBJECTIVE TOKENS", space=SPACES[x].id)
        return
    s.tokens |= 1 << x
    log(s, "token.placed", "OBJECTIVE TOKENS", space=SPACES[x].id)
