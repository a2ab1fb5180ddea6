"""The step table of Quartermaster General: 1914 and the helpers every rules module uses.

``STEPS`` is the registry of named steps (:mod:`greatwar.core.steps`). A decision frame names
its deciding power in ``"p"`` (0-4, ORDER OF PLAY). Frame fields whose names start with ``_``
are private to the deciding power (views show them to nobody else).

PIECES: "At any time during your turn you may remove your own piece from the board to make it
available." The table adds that choice to every decision of the power whose turn it is (ruling
Q6): one action, ``remove``, which opens the ``remove_piece`` step listing the power's pieces
(``remove <country> <space>``, or ``pass`` to go back to the decision). It is not offered while
a cost is being paid (the ``pay`` step: the discard and what it pays for are one action).

Only the helpers here shuffle, draw, reveal and log, so that chance is counted (undo never
crosses a shuffle, a draw or a reveal) and the log stays structured.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from greatwar.core import rng as _rng
from greatwar.core.actions import Action
from greatwar.core.steps import Frame, Step, StepTable
from greatwar.qmg1914.data import COUNTRIES_OF, POWERS
from greatwar.qmg1914.state import State

REMOVE = Action("remove", ())
"""PIECES: the choice to remove one of your own pieces (it opens ``remove_piece``)."""
REMOVE_STEP = "remove_piece"
NO_REMOVAL = frozenset({"pay", REMOVE_STEP})
"""Steps at which the removal is not offered: paying a cost, choosing the piece itself."""
POWER_COUNTRIES: tuple[int, ...] = tuple(sum(1 << c for c in cs) for cs in COUNTRIES_OF)
"""Per power, the bitmask of its countries."""


def has_pieces(s: State, p: int) -> bool:
    """Has power ``p`` a piece on the board?"""
    m = POWER_COUNTRIES[p]
    return any(bits & m for bits in s.occ)


class QStepTable(StepTable[State]):
    """The step table of the game: the steps' own decisions, and at each decision of the power
    whose turn it is, the removal of one of its own pieces (PIECES, ruling Q6)."""

    def removal(self, s: State) -> bool:
        """Is ``remove`` offered now: a decision of the power whose turn it is, not paying a
        cost, with a piece of its own on the board?"""
        if s.cur < 0 or not s.stack:
            return False
        f = s.stack[-1]
        if f["step"] in NO_REMOVAL:
            return False
        return self[f["step"]].seat(s, f) == s.cur and has_pieces(s, s.cur)

    def legal(self, s: State) -> list[Action]:
        out = super().legal(s)
        if out and self.removal(s):
            out.append(REMOVE)
        return out

    def check(
        self,
        s: State,
        a: Action,
        seat: str | int | None,
        seat_of: Callable[[str | int], int],
        seat_names: Sequence[str],
        also: Callable[[Step[State], State, Frame, Action], bool] | None = None,
    ) -> None:
        def extra(step: Step[State], st: State, f: Frame, act: Action) -> bool:
            if act == REMOVE:
                return self.removal(st)
            return also is not None and also(step, st, f, act)

        super().check(s, a, seat, seat_of, seat_names, extra)

    def apply(self, s: State, a: Action) -> None:
        if a == REMOVE:  # no step lists a bare ``remove`` of its own
            self.push(s, REMOVE_STEP, p=s.cur)
            s.serial += 1
            self.settle(s)
            return
        super().apply(s, a)


STEPS = QStepTable()


class QStep(Step[State]):
    """A step whose deciding power is the frame's ``p``."""

    def seat(self, s: State, f: Frame) -> int:
        p: int = f["p"]
        return p


push = STEPS.push  # push(s, step, **fields): a frame for ``step`` on top, returned
pop = STEPS.pop  # pop(s, f): pop ``f``, which must be the top frame


def log(
    s: State, key: str, rule: str = "", p: int | None = None, private: bool = False, **args: Any
) -> None:
    """Append a structured log entry. ``private=True`` makes it visible to power ``p`` only
    (WHO CAN SEE WHAT?): use it whenever the entry names a card that was not revealed."""
    if not s.logging:
        return
    entry: dict[str, Any] = {"k": key, "t": s.round}
    if rule:
        entry["r"] = rule
    if p is not None:
        entry["p"] = POWERS[p]
        if private:
            entry["v"] = POWERS[p]
    if args:
        entry["a"] = args
    s.log.append(entry)


def shuffle(s: State, cards: list[int]) -> None:
    """Shuffle a pile in place with the state's generator."""
    s.chance += 1
    s.rng = _rng.shuffle(s.rng, cards)


def reveal(s: State) -> None:
    """Mark that hidden information came out (a draw, a revealed card): undo stops here."""
    s.chance += 1


def act(verb: str, *args: str) -> Action:
    return Action(verb, args)


PASS = Action("pass", ())
