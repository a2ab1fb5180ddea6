"""The Quartermaster General: 1914 engine's public face: new games, legal actions, applying them.

    >>> from greatwar.qmg1914 import engine
    >>> s = engine.new_game(seed=1)
    >>> engine.seat_name(engine.to_act(s))
    'ahoe'
    >>> engine.step_name(s)
    'keep'

``apply`` checks its input: text that is not an action raises ``MalformedActionError``, an action
that is not legal now ``IllegalActionError``; both leave the state untouched.
``apply_unchecked`` skips the checks for search code that only applies listed actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from greatwar.core import rng as _rng
from greatwar.core.actions import Action
from greatwar.core.errors import MalformedActionError
from greatwar.qmg1914 import (  # noqa: F401  (importing a rules module registers its steps)
    battle,
    losses,
    placement,
    turn,
)
from greatwar.qmg1914.cards import catalog  # noqa: F401  (registers every card behaviour)
from greatwar.qmg1914.data import N_SPACES, POWER_CARDS, POWERS, SETUP
from greatwar.qmg1914.flow import STEPS, log, push
from greatwar.qmg1914.grammar import GRAMMAR
from greatwar.qmg1914.options import normalise
from greatwar.qmg1914.state import State

SCENARIO = "standard"


def new_state(options: Mapping[str, Any] | None = None, seed: int = 0) -> State:
    """PREPARING THE GAME and SETUP up to the opening draw: pieces placed, Round 1, both teams at
    0 VP, Objective tokens aside, each power's deck shuffled."""
    s = State()
    s.options = normalise(options)
    s.seed = seed
    s.rng = _rng.seed_state(seed)
    s.occ = [0] * N_SPACES
    for c, x in SETUP:
        s.occ[x] |= 1 << c
    for p in range(len(POWERS)):
        s.deck[p] = list(POWER_CARDS[p])
        s.chance += 1
        s.rng = _rng.shuffle(s.rng, s.deck[p])
    # The seed stays out of the log: every power reads it, and from the seed every deck's order
    # follows (the server shows the seed once the game is over).
    log(s, "game.setup", "SETUP")
    push(s, "game", ph="setup", i=0)
    return s


def new_game(options: Mapping[str, Any] | None = None, seed: int = 0) -> State:
    """A new game, settled up to its first decision."""
    s = new_state(options, seed)
    STEPS.settle(s)
    return s


def is_over(s: State) -> bool:
    return not s.stack


def to_act(s: State) -> int | None:
    """The power (0-4) that decides now, or None when the game is over."""
    return STEPS.seat(s)


def seat_name(p: int | None) -> str | None:
    return None if p is None else POWERS[p]


def prompt(s: State) -> str | None:
    return STEPS.prompt(s)


def step_name(s: State) -> str | None:
    return s.stack[-1]["step"] if s.stack else None


def legal_actions(s: State) -> list[Action]:
    """Every legal action of the power to act, in a stable order ([] when the game is over)."""
    return STEPS.legal(s)


def parse(text: str | Action) -> Action:
    return GRAMMAR.parse(text)


def _power_of(seat: str | int) -> int:
    """The power a seat argument names (its name or 0-4), or MalformedActionError."""
    if isinstance(seat, str) and seat in POWERS:
        return POWERS.index(seat)
    if type(seat) is int and 0 <= seat < len(POWERS):
        return seat
    raise MalformedActionError(f"unknown seat {seat!r}; expected one of {', '.join(POWERS)}")


def check(s: State, action: str | Action, seat: str | int | None = None) -> Action:
    """Validate ``action`` for the current position without changing anything."""
    a = GRAMMAR.parse(action)
    STEPS.check(s, a, seat, _power_of, POWERS)
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
