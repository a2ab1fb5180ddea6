"""The Quartermaster General: 1914 game state: plain data, a cheap clone, an exact JSON round trip.

Pieces: ``occ[x]`` is a bitmask of the countries with a piece in space ``x`` (bit ``c`` for
country ``c``). A country has at most one piece in a space (PIECES), and a land space can only
hold Armies and a sea space only Navies, so the space's kind says which piece it is.

Cards, per power (index = power, in ORDER OF PLAY): ``deck`` (the draw deck, **top = last**),
``hand``, ``prepared`` (face down on the table), ``status`` (face-up Status cards) and
``discard`` (**top = last**). ``dhidden[p]`` counts the cards at the bottom of power ``p``'s
discard pile that were discarded without being revealed (DISCARDING CARDS: those go to the
bottom, revealed ones to the top, so the pile is always hidden cards below, revealed cards
above). Every card is in exactly one pile of its own power.

``vp`` holds the two teams' Victory Points (central, entente); ``tokens`` is the bitmask of
spaces holding an Objective token. ``round`` is the game round (1-17) and ``cur`` the power whose
turn it is (-1 during set-up). ``tflags`` hold effects lasting for the current turn, ``rflags``
for the current round, ``flags`` for the game; all three are public information.
"""

from __future__ import annotations

from typing import Any

from greatwar.core.state import FieldState
from greatwar.core.state import deep_copy as deep_copy  # its users import it from here
from greatwar.core.steps import Frame

NPOWERS = 5

FIELDS: dict[str, str] = {
    "options": "json",
    "seed": "int",
    "round": "int",
    "cur": "int",
    "rng": "int",
    "chance": "int",
    "occ": "ints",
    "tokens": "int",
    "vp": "ints",
    "deck": "piles",
    "hand": "piles",
    "prepared": "piles",
    "status": "piles",
    "discard": "piles",
    "dhidden": "ints",
    "tflags": "json",
    "rflags": "json",
    "flags": "json",
    "stack": "json",
    "result": "json",
    "serial": "int",
}

PILES = ("deck", "hand", "prepared", "status", "discard")


class State(FieldState):
    """One game of Quartermaster General: 1914, complete."""

    __slots__ = (*FIELDS, "log", "logging", "cache")

    FIELDS = FIELDS
    FORMAT = "greatwar.qmg1914.state/1"
    TITLE = "Quartermaster General: 1914"

    options: dict[str, Any]
    seed: int
    round: int
    cur: int
    rng: int
    chance: int  # count of shuffles, draws and reveals: undo never crosses one
    occ: list[int]
    tokens: int
    vp: list[int]
    deck: list[list[int]]
    hand: list[list[int]]
    prepared: list[list[int]]
    status: list[list[int]]
    discard: list[list[int]]
    dhidden: list[int]
    tflags: dict[str, Any]
    rflags: dict[str, Any]
    flags: dict[str, Any]
    stack: list[Frame]
    result: dict[str, Any] | None
    serial: int
    log: list[dict[str, Any]]
    logging: bool
    cache: dict[str, Any]  # derived data (supply), never serialised, dropped on change

    def __init__(self) -> None:
        self.options = {}
        self.seed = 0
        self.round = 1
        self.cur = -1
        self.rng = 0
        self.chance = 0
        self.occ = []
        self.tokens = 0
        self.vp = [0, 0]
        self.deck = [[] for _ in range(NPOWERS)]
        self.hand = [[] for _ in range(NPOWERS)]
        self.prepared = [[] for _ in range(NPOWERS)]
        self.status = [[] for _ in range(NPOWERS)]
        self.discard = [[] for _ in range(NPOWERS)]
        self.dhidden = [0] * NPOWERS
        self.tflags = {}
        self.rflags = {}
        self.flags = {}
        self.stack = []
        self.result = None
        self.serial = 0
        self.log = []
        self.logging = True
        self.cache = {}

    # -- copying ---------------------------------------------------------------------

    def clone(self, with_log: bool = True) -> State:
        """An independent copy; ``with_log=False`` gives one that records no log (search)."""
        c = State.__new__(State)
        c.options = self.options  # never mutated after set-up
        c.seed = self.seed
        c.round = self.round
        c.cur = self.cur
        c.rng = self.rng
        c.chance = self.chance
        c.occ = self.occ[:]
        c.tokens = self.tokens
        c.vp = self.vp[:]
        c.deck = [p[:] for p in self.deck]
        c.hand = [p[:] for p in self.hand]
        c.prepared = [p[:] for p in self.prepared]
        c.status = [p[:] for p in self.status]
        c.discard = [p[:] for p in self.discard]
        c.dhidden = self.dhidden[:]
        c.tflags = deep_copy(self.tflags)
        c.rflags = deep_copy(self.rflags)
        c.flags = deep_copy(self.flags)
        c.stack = deep_copy(self.stack)
        c.result = deep_copy(self.result)
        c.serial = self.serial
        c.log = self.log[:] if with_log else []
        c.logging = self.logging and with_log
        c.cache = dict(self.cache)  # cached values are immutable (ints, tuples)
        return c

    @classmethod
    def field_ok(cls, name: str, kind: str, v: Any) -> bool:
        """Kinds of its own: ``"piles"`` (a list of ints per power); the stack is a list."""
        if kind == "piles":
            return (
                type(v) is list
                and len(v) == NPOWERS
                and all(type(p) is list and all(type(i) is int for i in p) for p in v)
            )
        if name == "stack" and type(v) is not list:
            return False
        return super().field_ok(name, kind, v)
