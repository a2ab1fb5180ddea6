"""What every game's state shares: a record of named fields of plain JSON data, the exact JSON
round trip that checks a document's shape, the position's digest, and a fast deep copy.

A game's ``State`` subclasses :class:`FieldState`, lists its fields with their kinds in
``FIELDS`` (serialisation order), names its document ``FORMAT`` and ``TITLE``, and may accept
kinds of its own by overriding :meth:`FieldState.field_ok`.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Self

from greatwar.core.errors import CorruptStateError


def deep_copy(x: Any) -> Any:
    """Copy a plain JSON value (dicts, lists, scalars) much faster than ``copy.deepcopy``: a
    flat list or dict (the most common: lists of ids, flags) is copied in one call, only the
    lists and dicts inside are copied one by one."""
    t = type(x)
    if t is dict:
        c = x.copy()
        for k, v in x.items():
            if type(v) in _CONTAINERS:
                c[k] = deep_copy(v)
        return c
    if t is list:
        for v in x:
            if type(v) in _CONTAINERS:
                return [deep_copy(v) if type(v) in _CONTAINERS else v for v in x]
        return x[:]
    return x


_CONTAINERS = (list, dict)


def pile_problem(piles: Iterable[Sequence[int]], cards: Sequence[int], who: str) -> str | None:
    """An invariant of every card game: each of ``who``'s ``cards`` lies in exactly one of its
    ``piles``. None when it holds, else what is missing, twice or foreign."""
    seen: Counter[int] = Counter()
    for pile in piles:
        seen.update(pile)
    if set(seen) == set(cards) and all(n == 1 for n in seen.values()):
        return None
    missing = set(cards) - set(seen)
    twice = [c for c, n in seen.items() if n > 1]
    alien = set(seen) - set(cards)
    return f"cards of {who}: missing {sorted(missing)}, twice {twice}, foreign {sorted(alien)}"


class FieldState:
    """A game state made of the fields ``FIELDS`` names (and its log, outside the position).

    Kinds every game may use: ``"int"``, ``"str"``, ``"ints"`` (a list of ints) and ``"json"``
    (any JSON value).
    """

    __slots__ = ()

    FIELDS: ClassVar[dict[str, str]]  # field name -> kind, in serialisation order
    FORMAT: ClassVar[str]  # the document's "format", e.g. "greatwar.pog.state/1"
    TITLE: ClassVar[str]  # the game's title, for the error on another document

    log: list[dict[str, Any]]

    @classmethod
    def field_ok(cls, name: str, kind: str, v: Any) -> bool:
        """Whether ``v`` has the shape field ``name`` of kind ``kind`` needs."""
        return (
            (kind == "int" and type(v) is int)
            or (kind == "str" and type(v) is str)
            or (kind == "ints" and type(v) is list and all(type(i) is int for i in v))
            or kind == "json"
        )

    # -- serialisation ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole state as a JSON-ready dict (``json.dumps`` it as you like)."""
        doc: dict[str, Any] = {"format": self.FORMAT}
        for name in self.FIELDS:
            doc[name] = deep_copy(getattr(self, name))
        doc["log"] = deep_copy(self.log)
        return doc

    @classmethod
    def from_json(cls, doc: Any) -> Self:
        """Rebuild a state from :meth:`to_json` output, checking its shape."""
        if not isinstance(doc, dict) or doc.get("format") != cls.FORMAT:
            raise CorruptStateError(f"not a greatwar {cls.TITLE} state document")
        s = cls()
        for name, kind in cls.FIELDS.items():
            if name not in doc:
                raise CorruptStateError(f"state document lacks the field {name!r}")
            v = doc[name]
            if not cls.field_ok(name, kind, v):
                raise CorruptStateError(f"state field {name!r} has the wrong type")
            setattr(s, name, deep_copy(v))
        log = doc.get("log", [])
        if type(log) is not list:
            raise CorruptStateError("state field 'log' must be a list")
        s.log = deep_copy(log)  # type: ignore[misc]  # a slot of the game's class
        return s

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), sort_keys=True)

    @classmethod
    def loads(cls, text: str) -> Self:
        try:
            doc = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise CorruptStateError(f"state text is not JSON: {e}") from None
        return cls.from_json(doc)

    def hash(self) -> str:
        """A digest of the position (everything except the log)."""
        doc = {name: getattr(self, name) for name in self.FIELDS}
        text = json.dumps(doc, separators=(",", ":"), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self.FIELDS) and (
            self.log == other.log
        )

    __hash__ = None  # type: ignore[assignment]
