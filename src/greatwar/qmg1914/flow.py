"""The step table of Quartermaster General: 1914 and the helpers every rules module uses.

``STEPS`` is the registry of named steps (:mod:`greatwar.core.steps`). A decision frame names
its deciding power in ``"p"`` (0-4, ORDER OF PLAY). Frame fields whose names start with ``_``
are private to the deciding power (views show them to nobody else).

Only the helpers here shuffle, draw, reveal and log, so that chance is counted (undo never
crosses a shuffle, a draw or a reveal) and the log stays structured.
"""

from __future__ import annotations

from typing import Any

from greatwar.core import rng as _rng
from greatwar.core.actions import Action
from greatwar.core.steps import Frame, Step, StepTable
from greatwar.qmg1914.data import POWERS
from greatwar.qmg1914.state import State

STEPS: StepTable[State] = StepTable()


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
