"""Shared test fixtures and helpers."""

from __future__ import annotations

import pytest

from greatwar.pog import engine, invariants
from greatwar.pog.state import State


@pytest.fixture
def historical() -> State:
    return engine.new_game("historical", seed=11)


def settle(s: State) -> State:
    from greatwar.pog.flow import STEPS

    STEPS.settle(s)
    invariants.check(s)
    return s
