"""The Paths of Glory game state: plain data, a cheap clone, an exact JSON round trip.

Everything is ints, strings, lists and small string-keyed dicts. Ids are indices into the tables
of :mod:`greatwar.pog.data`: ``loc[u]`` is the space (or off-map box) holding unit ``u``,
``ctrl[x]`` the side controlling space ``x``, and so on. Sides are ``AP = 0`` and ``CP = 1``.

Card piles are per side: ``later`` (Limited/Total War cards not yet added, 9.1.2), ``deck``
(the draw pile), ``hand``, ``discard``, ``removed`` (out of the game after an asterisk event),
``table`` (combat cards kept face up, 9.5.4.2), ``played`` (cards in use during the current
action or combat) and ``out`` (cards not used in this game: optional or variant cards left out).
Every card of a side is in exactly one of them.

The state carries its random generator (``rng``) and the stack of step frames, so a state is the
whole game: cloning it forks the game, saving it saves everything.
"""

from __future__ import annotations

from typing import Any

from greatwar.core.state import FieldState
from greatwar.core.state import deep_copy as deep_copy  # its users import it from here
from greatwar.core.steps import Frame

OFF = -1  # a unit not (yet) in play

# Fort states per space (only meaningful where the data gives a fort value).
FORT_INTACT, FORT_BESIEGED, FORT_DESTROYED = 0, 1, 2

PILES = ("later", "deck", "hand", "discard", "removed", "table", "played", "out")

# Field name -> kind, in serialisation order. Kinds: "int", "str", "ints" (list of ints),
# "pair" (two lists of ints, one per side), "json" (any JSON value, copied deeply on clone).
FIELDS: dict[str, str] = {
    "scenario": "str",
    "options": "json",
    "seed": "int",
    "turn": "int",
    "round": "int",
    "phase": "str",
    "rng": "int",
    "chance": "int",
    "forced": "ints",
    "loc": "ints",
    "red": "ints",
    "ctrl": "ints",
    "trench": "ints",
    "tside": "ints",
    "fort": "ints",
    "at_war": "json",
    "vp": "int",
    "ws": "ints",
    "cws": "int",
    "commit": "ints",
    "rp": "json",
    "tsar_vp": "int",
    "mo": "json",
    "later": "pair",
    "deck": "pair",
    "hand": "pair",
    "discard": "pair",
    "removed": "pair",
    "table": "pair",
    "played": "pair",
    "out": "pair",
    "events": "json",
    "flags": "json",
    "tflags": "json",
    "uses": "json",
    "stack": "json",
    "result": "json",
    "serial": "int",
}

# Fields that are history, not position: left out of the state hash.
_UNHASHED = ("log",)

# Derived data a clone starts with (see State.clone): each side's supply data, which carry the
# key of what they depend on and are checked against it before use (greatwar.pog.supply), and
# the occupancy (units per space), a function of ``loc`` alone that is never changed in place.
SUPPLY_SIDE_KEYS = ("supply.0", "supply.1")
SUPPLY_STALE_KEYS = ("supply.0.stale", "supply.1.stale")
OCCUPANCY_KEYS = ("occ", "occupant_sides")


class State(FieldState):
    """One game of Paths of Glory, complete."""

    __slots__ = (*FIELDS, "log", "logging", "cache")

    FIELDS = FIELDS
    FORMAT = "greatwar.pog.state/1"
    TITLE = "Paths of Glory"

    scenario: str
    options: dict[str, Any]
    seed: int
    turn: int
    round: int
    phase: str
    rng: int
    chance: int  # count of die rolls, shuffles, draws and reveals: undo never crosses one
    forced: list[int]  # die results to use before the generator (tests, worked examples)
    loc: list[int]
    red: list[int]
    ctrl: list[int]
    trench: list[int]
    tside: list[int]
    fort: list[int]
    at_war: dict[str, int]
    vp: int
    ws: list[int]
    cws: int
    commit: list[int]
    rp: dict[str, int]
    tsar_vp: int  # the Tsar Fell CP Russian VP marker (16.4.5); -1 until then
    mo: list[str]
    later: list[list[int]]
    deck: list[list[int]]
    hand: list[list[int]]
    discard: list[list[int]]
    removed: list[list[int]]
    table: list[list[int]]
    played: list[list[int]]
    out: list[list[int]]
    events: dict[str, int]
    flags: dict[str, Any]
    tflags: dict[str, Any]
    uses: list[list[str]]
    stack: list[Frame]
    result: dict[str, Any] | None
    serial: int  # number of decisions applied so far (the ply); stale-action guard for servers
    log: list[dict[str, Any]]
    logging: bool
    cache: dict[str, Any]  # derived data (supply...), never serialised, dropped on clone

    def __init__(self) -> None:
        self.log = []
        self.logging = True
        self.cache = {}

    # -- copying ---------------------------------------------------------------------

    def clone(self, with_log: bool = True) -> State:
        """An independent copy. ``with_log=False`` gives a copy that does not record a log
        (what search wants: thousands of forks, nobody reads their logs)."""
        c = State.__new__(State)
        c.scenario = self.scenario
        c.options = self.options  # never mutated after set-up
        c.seed = self.seed
        c.turn = self.turn
        c.round = self.round
        c.phase = self.phase
        c.rng = self.rng
        c.chance = self.chance
        c.forced = self.forced[:]
        c.loc = self.loc[:]
        c.red = self.red[:]
        c.ctrl = self.ctrl[:]
        c.trench = self.trench[:]
        c.tside = self.tside[:]
        c.fort = self.fort[:]
        c.at_war = dict(self.at_war)
        c.vp = self.vp
        c.ws = self.ws[:]
        c.cws = self.cws
        c.commit = self.commit[:]
        c.rp = dict(self.rp)
        c.tsar_vp = self.tsar_vp
        c.mo = self.mo[:]
        c.later = [self.later[0][:], self.later[1][:]]
        c.deck = [self.deck[0][:], self.deck[1][:]]
        c.hand = [self.hand[0][:], self.hand[1][:]]
        c.discard = [self.discard[0][:], self.discard[1][:]]
        c.removed = [self.removed[0][:], self.removed[1][:]]
        c.table = [self.table[0][:], self.table[1][:]]
        c.played = [self.played[0][:], self.played[1][:]]
        c.out = [self.out[0][:], self.out[1][:]]
        c.events = dict(self.events)
        c.flags = deep_copy(self.flags)
        c.tflags = deep_copy(self.tflags)
        c.uses = [self.uses[0][:], self.uses[1][:]]
        c.stack = deep_copy(self.stack)
        c.result = deep_copy(self.result)
        c.serial = self.serial
        c.log = self.log[:] if with_log else []
        c.logging = self.logging and with_log
        c.cache = self._cache_for_clone()
        return c

    def _cache_for_clone(self) -> dict[str, Any]:
        """What a clone may start with of the derived data (everything else is recomputed on
        demand): the occupancy, and each side's supply data put aside to be checked against
        the clone's position before use (supply never leaks from one position to another)."""
        mine = self.cache
        if not mine:
            return {}
        out: dict[str, Any] = {}
        for k in OCCUPANCY_KEYS:
            v = mine.get(k)
            if v is not None:
                out[k] = v
        for k, stale in zip(SUPPLY_SIDE_KEYS, SUPPLY_STALE_KEYS, strict=True):
            v = mine.get(k) or mine.get(stale)
            if v is not None:
                out[stale] = v
        return out

    @classmethod
    def field_ok(cls, name: str, kind: str, v: Any) -> bool:
        """Kinds of its own: ``"pair"`` (two lists of ints, one per side)."""
        if kind == "pair":
            return (
                type(v) is list
                and len(v) == 2
                and all(type(p) is list and all(type(i) is int for i in p) for p in v)
            )
        return super().field_ok(name, kind, v)
