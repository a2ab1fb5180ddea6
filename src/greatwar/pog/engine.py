"""The Paths of Glory engine's public face: new games, legal actions, applying actions.

    >>> from greatwar.pog import engine
    >>> s = engine.new_game("historical", seed=1)
    >>> engine.seat_name(engine.to_act(s))
    'cp'
    >>> [str(a) for a in engine.legal_actions(s)]
    ['play event cp01']

``apply`` checks its input: text that is not an action raises ``MalformedActionError``, an action
that is not legal now raises ``IllegalActionError``; both leave the state untouched.
``apply_unchecked`` skips the checks for search code that only ever applies listed actions.
"""

from __future__ import annotations

from typing import Any

from greatwar.core.actions import Action
from greatwar.core.errors import MalformedActionError
from greatwar.core.steps import Frame, Step
from greatwar.pog import (  # noqa: F401  (importing a rules module registers its steps)
    action_phase,
    activation,
    attrition,
    combat,
    draw_phase,
    entry,
    events,
    movement,
    peace,
    redeployment,
    reinforcements,
    replacements,
    sequence,
    setup,
    trenches,
)
from greatwar.pog.data import SIDE_NAMES, SIDE_OF_NAME
from greatwar.pog.flow import STEPS, PogStep
from greatwar.pog.grammar import GRAMMAR
from greatwar.pog.state import State

AP, CP = 0, 1


def new_game(
    scenario: str = "historical", options: dict[str, Any] | None = None, seed: int = 0
) -> State:
    """A new game, settled up to its first decision."""
    s = setup.new_state(scenario, options, seed)
    STEPS.settle(s)
    return s


def is_over(s: State) -> bool:
    return s.result is not None or not s.stack


def to_act(s: State) -> int | None:
    """The side (0 = AP, 1 = CP) that decides now, or None when the game is over."""
    return STEPS.seat(s)


def seat_name(side: int | None) -> str | None:
    return None if side is None else SIDE_NAMES[side]


def prompt(s: State) -> str | None:
    return STEPS.prompt(s)


def step_name(s: State) -> str | None:
    return s.stack[-1]["step"] if s.stack else None


def legal_actions(s: State) -> list[Action]:
    """Every legal action of the seat to act, in a stable order ([] when the game is over)."""
    return STEPS.legal(s)


def parse(text: str | Action) -> Action:
    """Parse action text against the grammar (raises MalformedActionError)."""
    return GRAMMAR.parse(text)


def _side_of(seat: str | int) -> int:
    """The side a seat argument names ('ap', 'cp', 0 or 1), or MalformedActionError."""
    if isinstance(seat, str) and seat in SIDE_OF_NAME:
        return SIDE_OF_NAME[seat]
    if type(seat) is int and 0 <= seat < len(SIDE_NAMES):
        return seat
    raise MalformedActionError(f"unknown seat {seat!r}; expected one of {', '.join(SIDE_NAMES)}")


_LOUD_NAMES = tuple(n.upper() for n in SIDE_NAMES)


def _shorthand(step: Step[State], s: State, f: Frame, a: Action) -> bool:
    """A shorthand the step reads as one of its legal actions."""
    return isinstance(step, PogStep) and step.shorthand(s, f, a)


def check(s: State, action: str | Action, seat: str | int | None = None) -> Action:
    """Validate ``action`` for the current position without changing anything."""
    a = GRAMMAR.parse(action)
    STEPS.check(s, a, seat, _side_of, _LOUD_NAMES, _shorthand)
    return a


def apply(s: State, action: str | Action, seat: str | int | None = None) -> Action:
    """Check and apply one action, then settle the automatic steps that follow."""
    a = check(s, action, seat)
    apply_unchecked(s, a)
    return a


def apply_unchecked(s: State, a: Action) -> None:
    """Apply an action known to be legal (one of :func:`legal_actions`)."""
    STEPS.apply(s, a)


def outcome(s: State) -> dict[str, Any] | None:
    return s.result
