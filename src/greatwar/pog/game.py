"""Paths of Glory as a :class:`greatwar.core.session.Rules` implementation.

>>> from greatwar.core.session import Session
>>> from greatwar.pog.game import RULES
>>> game = Session.new(RULES, "campaign", seed=7)
>>> game.rules.to_act(game.state)
'cp'
"""

from __future__ import annotations

from typing import Any

from greatwar.core.actions import Action
from greatwar.core.session import Rules
from greatwar.pog import engine
from greatwar.pog.state import State
from greatwar.pog.view import view as _view


class PathsOfGlory(Rules[State]):
    name = "pog"
    seats = ("ap", "cp")

    def new_game(self, scenario: str, options: dict[str, Any] | None, seed: int) -> State:
        return engine.new_game(scenario, options, seed)

    def check(self, s: State, action: str | Action, seat: str | None = None) -> Action:
        return engine.check(s, action, seat)

    def apply_unchecked(self, s: State, a: Action) -> None:
        engine.apply_unchecked(s, a)

    def to_act(self, s: State) -> str | None:
        return engine.seat_name(engine.to_act(s))

    def legal_actions(self, s: State) -> list[Action]:
        return engine.legal_actions(s)

    def view(self, s: State, seat: str) -> dict[str, Any]:
        return _view(s, seat)

    def outcome(self, s: State) -> dict[str, Any] | None:
        return s.result


RULES = PathsOfGlory()
