"""The Paths of Glory step table and the helpers every rules module uses.

``STEPS`` is the registry of named steps (see :mod:`greatwar.core.steps`); rules modules register
their steps with ``@STEPS.register``. The helpers here are the only way rules code rolls dice,
shuffles, writes the log or pushes frames, so that chance is counted (undo never crosses it) and
forced dice (for worked examples and tests) are honoured.
"""

from __future__ import annotations

from typing import Any

from greatwar.core import rng as _rng
from greatwar.core.actions import Action
from greatwar.core.steps import Frame, Step, StepTable
from greatwar.pog.data import SIDE_NAMES, PogData, load
from greatwar.pog.state import State

STEPS: StepTable[State] = StepTable()

D: PogData = load()  # immutable facts, shared by every game


class PogStep(Step[State]):
    """A step whose deciding seat is the frame's ``side`` (0 = AP, 1 = CP)."""

    def seat(self, s: State, f: Frame) -> int:
        side: int = f["side"]
        return side

    def shorthand(self, s: State, f: Frame, a: Action) -> bool:
        """Whether ``a``, though not in :meth:`legal`, is accepted as the shorthand of a
        sequence of legal decisions that :meth:`apply` carries out at once (a step split in
        two keeps taking the one-decision form of records made before the split)."""
        return False


# -- frames ----------------------------------------------------------------------------


push = STEPS.push  # push(s, step, **fields): a frame for ``step`` on top, returned
pop = STEPS.pop  # pop(s, f): pop ``f``, which must be the top frame


# -- the log ---------------------------------------------------------------------------


def log(s: State, key: str, rule: str = "", side: int | None = None, **args: Any) -> None:
    """Append a structured log entry: a message key, its rule reference and parameters.

    Parameters are JSON values; ids of spaces, units and cards are given as their string ids so
    a renderer can link them. The text is made by :mod:`greatwar.pog.messages`. Besides the
    turn (``t``) an entry names the phase (``p``) and, during the Action Phase, the action
    round (``ar``).
    """
    if not s.logging:
        return
    entry: dict[str, Any] = {"k": key, "t": s.turn, "p": s.phase}
    if s.round:
        entry["ar"] = s.round  # the action round (8.1), for grouping the log by rounds
    if rule:
        entry["r"] = rule
    if side is not None:
        entry["s"] = SIDE_NAMES[side]
    if args:
        entry["a"] = args
    s.log.append(entry)


# -- chance ----------------------------------------------------------------------------


def roll(s: State, why: str, rule: str = "", side: int | None = None) -> int:
    """Roll one die (1-6) from the state's generator, or take the next forced die."""
    s.chance += 1
    if s.forced:
        value = s.forced.pop(0)
        if not 1 <= value <= 6:
            raise ValueError(f"forced die {value} is not 1-6")
    else:
        s.rng, r = _rng.below(s.rng, 6)
        value = r + 1
    log(s, "die", rule, side, why=why, die=value)
    return value


def shuffle(s: State, cards: list[int]) -> None:
    """Shuffle a pile in place with the state's generator."""
    s.chance += 1
    s.rng = _rng.shuffle(s.rng, cards)


def reveal(s: State) -> None:
    """Mark that hidden information was shown (undo may not cross this point)."""
    s.chance += 1


def clamp_die(value: int) -> int:
    """12.2.9: a modified die roll is never below 1 nor above 6."""
    return 1 if value < 1 else 6 if value > 6 else value


def other(side: int) -> int:
    return 1 - side


def act(verb: str, *args: str) -> Action:
    return Action(verb, args)
