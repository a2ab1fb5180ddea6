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

import hashlib
import json
from typing import Any

from greatwar.core.errors import CorruptStateError
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


def deep_copy(x: Any) -> Any:
    """Copy a plain JSON value much faster than ``copy.deepcopy``."""
    t = type(x)
    if t is list:
        return [deep_copy(v) if type(v) in (list, dict) else v for v in x]
    if t is dict:
        return {k: (deep_copy(v) if type(v) in (list, dict) else v) for k, v in x.items()}
    return x


class State:
    """One game of Quartermaster General: 1914, complete."""

    __slots__ = (*FIELDS, "log", "logging", "cache")

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

    # -- serialisation ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"format": "greatwar.qmg1914.state/1"}
        for name in FIELDS:
            doc[name] = deep_copy(getattr(self, name))
        doc["log"] = deep_copy(self.log)
        return doc

    @classmethod
    def from_json(cls, doc: Any) -> State:
        if not isinstance(doc, dict) or doc.get("format") != "greatwar.qmg1914.state/1":
            raise CorruptStateError("not a greatwar Quartermaster General: 1914 state document")
        s = cls()
        for name, kind in FIELDS.items():
            if name not in doc:
                raise CorruptStateError(f"state document lacks the field {name!r}")
            v = doc[name]
            ok = (
                (kind == "int" and type(v) is int)
                or (kind == "ints" and type(v) is list and all(type(i) is int for i in v))
                or (
                    kind == "piles"
                    and type(v) is list
                    and len(v) == NPOWERS
                    and all(type(p) is list and all(type(i) is int for i in p) for p in v)
                )
                or (kind == "json" and (name != "stack" or type(v) is list))
            )
            if not ok:
                raise CorruptStateError(f"state field {name!r} has the wrong type")
            setattr(s, name, deep_copy(v))
        log = doc.get("log", [])
        if type(log) is not list:
            raise CorruptStateError("state field 'log' must be a list")
        s.log = deep_copy(log)
        return s

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), sort_keys=True)

    @classmethod
    def loads(cls, text: str) -> State:
        try:
            doc = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise CorruptStateError(f"state text is not JSON: {e}") from None
        return cls.from_json(doc)

    def hash(self) -> str:
        """A digest of the position (everything except the log)."""
        doc = {name: getattr(self, name) for name in FIELDS}
        text = json.dumps(doc, separators=(",", ":"), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in FIELDS) and (
            self.log == other.log
        )

    __hash__ = None  # type: ignore[assignment]
