"""What the heuristic bot knows: a model of the public position, built from one power's view.

:func:`public_state` rebuilds a :class:`~greatwar.qmg1914.state.State` holding only what the view
shows (the board, the Objective tokens, VP, the round, every face-up Status card, the power's own
hand, prepared cards and discard pile; nobody else's hidden cards), so the bot can ask the
engine's own questions of it: where a piece may be placed, which battles may be fought, what
a card's Play text would do (its ops).

:class:`Model` values positions for the bot's team. A position's worth is in VP-like points:

- **Objectives**: each Objective (printed or token) held by an Army of a country whose Home is
  not enemy-held counts ``OBJECTIVE`` for its team (SCORING ROUNDS), the weight growing as a
  Scoring Round nears;
- **pieces**: a supplied piece is worth more than an unsupplied one (it can battle, be
  reinforced, carry a supply line; SUPPLY);
- **front**: an Objective a team holds next to an enemy supplied piece is threatened, one an
  enemy holds next to a supplied piece of ours is a chance, as is an empty Objective within
  reach.

Everything is computed on bitmasks; a position is a list ``occ`` of per-space country bits, as
in the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from greatwar.qmg1914.board import pieces_of, supply_lines
from greatwar.qmg1914.data import (
    ADJ,
    CARD_INDEX,
    COUNTRIES,
    COUNTRIES_OF,
    HOME,
    LAND_MASK,
    N_SPACES,
    OBJECTIVE_MASK,
    POWERS,
    SCORING_ROUNDS,
    SEA_MASK,
    SPACE_INDEX,
    TEAM_COUNTRY_MASK,
    TEAM_OF,
    TEAM_OF_COUNTRY,
)
from greatwar.qmg1914.state import State, deep_copy

OBJECTIVE = 1.0  # one Objective held (about one VP at the next Scoring Round)
SUPPLIED = 0.3  # a supplied piece
UNSUPPLIED = 0.08  # an unsupplied one
THREAT = 0.35  # an Objective we hold next to an enemy supplied piece
CHANCE = 0.3  # an enemy Objective next to our supplied piece
OPEN = 0.3  # an empty Objective next to our supplied piece
CARD = 0.45  # one card a power loses (more when its cards run short)


def public_state(view: Mapping[str, Any]) -> State:
    """A state holding only the public facts of ``view`` and its power's own cards."""
    s = State()
    s.options = dict(view.get("options") or {})
    s.round = int(view.get("round") or 1)
    cur = view.get("current")
    s.cur = POWERS.index(cur) if cur in POWERS else -1
    s.occ = [0] * N_SPACES
    for piece in view["board"]["pieces"]:
        s.occ[SPACE_INDEX[piece["space"]]] |= 1 << COUNTRIES.index(piece["country"])
    for sid in view["board"].get("tokens") or ():
        s.tokens |= 1 << SPACE_INDEX[sid]
    vp = view.get("vp") or {}
    s.vp = [int(vp.get("central", 0)), int(vp.get("entente", 0))]
    cards = view["cards"]
    me = POWERS.index(view["seat"])
    for p, ids in (cards.get("status") or {}).items():
        s.status[POWERS.index(p)] = [CARD_INDEX[c] for c in ids]
    s.hand[me] = [CARD_INDEX[c] for c in cards["hand"]]
    s.prepared[me] = [CARD_INDEX[c] for c in cards["prepared"]]
    s.discard[me] = [CARD_INDEX[c] for c in cards["discard"]]
    eff = view.get("effects") or {}
    s.tflags = deep_copy(eff.get("turn") or {})
    s.rflags = deep_copy(eff.get("round") or {})
    s.flags = deep_copy(eff.get("game") or {})
    s.logging = False
    return s


_MASKS: dict[tuple[int, ...], tuple[int, ...]] = {}
_MASKS_KEPT = 8192  # positions kept before the tables are emptied (pure functions' memos)
_SUPPLY: dict[tuple[int, ...], tuple[int, ...]] = {}


def piece_masks(occ: list[int]) -> tuple[int, ...]:
    """The per-country piece masks of a position that is not a state (the last ones kept:
    the bots meet the same positions decision after decision)."""
    key = tuple(occ)
    got = _MASKS.get(key)
    if got is None:
        if len(_MASKS) >= _MASKS_KEPT:
            _MASKS.clear()
        got = _MASKS[key] = tuple(pieces_of(occ))
    return got


def supply_masks(pm: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """The per-country supplied spaces of piece masks ``pm`` (SUPPLY; kept as above)."""
    key = tuple(pm)
    got = _SUPPLY.get(key)
    if got is None:
        if len(_SUPPLY) >= _MASKS_KEPT:
            _SUPPLY.clear()
        got = _SUPPLY[key] = tuple(supply_lines(key))
    return got


def spread(m: int, adj: tuple[int, ...]) -> int:
    """The spaces adjacent to any space of ``m``."""
    out = 0
    while m:
        low = m & -m
        out |= adj[low.bit_length() - 1]
        m ^= low
    return out


def position_value(occ: list[int], tokens: int, team: int, objective: float = OBJECTIVE) -> float:
    """The worth of a position for ``team`` (points, see the module docstring): Objectives
    held at ``objective`` each, pieces by their supply, threats, chances and open Objectives.
    It reads the board alone (``occ`` and the Objective ``tokens``), so both teams' values of
    one position are opposite. Positions recur (a search meets the same board in decision after
    decision), so the last values are kept (:data:`_POSITIONS`)."""
    key = (*occ, tokens, team, objective)
    got = _POSITIONS.get(key)
    if got is not None:
        return got
    if len(_POSITIONS) >= _POSITIONS_KEPT:
        _POSITIONS.clear()
    pm = piece_masks(occ)
    sup = supply_masks(pm)
    objectives = OBJECTIVE_MASK | tokens
    held = [0, 0]
    reach = [0, 0]
    pieces = [0.0, 0.0]
    for c in range(8):
        t = TEAM_OF_COUNTRY[c]
        home = HOME[c]
        blocked = occ[home] & TEAM_COUNTRY_MASK[1 - t]
        if not blocked:
            held[t] |= pm[c] & LAND_MASK & objectives
        ok = pm[c] & sup[c]
        n_ok = ok.bit_count()
        pieces[t] += SUPPLIED * n_ok + UNSUPPLIED * (pm[c].bit_count() - n_ok)
        reach[t] |= spread(ok, ADJ[t])
    enemy = 1 - team
    v = objective * (held[team].bit_count() - held[enemy].bit_count())
    v += pieces[team] - pieces[enemy]
    v -= THREAT * (held[team] & reach[enemy]).bit_count()
    v += THREAT * (held[enemy] & reach[team]).bit_count() * (CHANCE / THREAT)
    occupied = 0
    for bits_x, bits in enumerate(occ):
        if bits:
            occupied |= 1 << bits_x
    empty_obj = objectives & LAND_MASK & ~occupied
    v += OPEN * ((empty_obj & reach[team]).bit_count() - (empty_obj & reach[enemy]).bit_count())
    _POSITIONS[key] = v
    return v


_POSITIONS: dict[tuple[float, ...], float] = {}
_POSITIONS_KEPT = 8192  # values kept before the table is emptied (a pure function's memo)


class Model:
    """The public position as the bot's power sees it, with its values."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me = POWERS.index(view["seat"])
        self.team = TEAM_OF[self.me]
        self.s = public_state(view)
        self.round = self.s.round
        self.occ = self.s.occ
        self.tokens = self.s.tokens
        self.counts: dict[str, dict[str, int]] = view["cards"]["counts"]
        nxt = next((r for r in SCORING_ROUNDS if r >= self.round), SCORING_ROUNDS[-1])
        self.to_scoring = nxt - self.round  # rounds until the next Scoring Round
        self.objective = OBJECTIVE * (1.25 if self.to_scoring == 0 else 1.0)
        self._memo: dict[tuple[int, ...], float] = {}
        self.base = self.value(self.occ)

    # -- values ---------------------------------------------------------------------------

    def value(self, occ: list[int], tokens: int | None = None) -> float:
        """The worth of a position for the bot's team (points, see the module docstring)."""
        key = (*occ, -1 if tokens is None else tokens)
        got = self._memo.get(key)
        if got is not None:
            return got
        toks = self.tokens if tokens is None else tokens
        v = position_value(occ, toks, self.team, self.objective)
        self._memo[key] = v
        return v

    def gain(self, occ: list[int], tokens: int | None = None) -> float:
        return self.value(occ, tokens) - self.base

    # -- positions after a change --------------------------------------------------------

    def placed(self, c: int, x: int, occ: list[int] | None = None) -> list[int]:
        out = list(self.occ if occ is None else occ)
        out[x] |= 1 << c
        return out

    def cleared(self, x: int, team: int, occ: list[int] | None = None) -> list[int]:
        """The position with every piece of ``team`` removed from ``x``."""
        out = list(self.occ if occ is None else occ)
        out[x] &= ~TEAM_COUNTRY_MASK[team]
        return out

    def removed(self, c: int, x: int) -> list[int]:
        out = list(self.occ)
        out[x] &= ~(1 << c)
        return out

    # -- facts ------------------------------------------------------------------------------

    def supplied(self, c: int, x: int) -> bool:
        pm = piece_masks(self.occ)
        return bool(supply_masks(pm)[c] >> x & 1)

    def enemy_pieces(self, x: int) -> int:
        return self.occ[x] & TEAM_COUNTRY_MASK[1 - self.team]

    def cards_left(self, p: int) -> int:
        n = self.counts[POWERS[p]]
        return n["hand"] + n["deck"] + n["prepared"]

    def card_loss(self, p: int) -> float:
        """What one card lost costs power ``p`` (more as its cards run short; a VP once it has
        none at all)."""
        left = self.cards_left(p)
        if left <= 0:
            return 1.0
        deck = self.counts[POWERS[p]]["deck"]
        return CARD * (1.6 if deck <= 3 else 1.25 if deck <= 8 else 1.0)

    def prepared_count(self, p: int) -> int:
        return self.counts[POWERS[p]]["prepared"]

    def my_countries(self) -> tuple[int, ...]:
        return COUNTRIES_OF[self.me]

    def is_enemy_power(self, p: int) -> bool:
        return TEAM_OF[p] != self.team

    def sea(self, x: int) -> bool:
        return bool(SEA_MASK >> x & 1)
