"""Random games to the end: invariants after every action, replay to the same hash
(issue acceptance: 50 Historical games and 20 of each other scenario)."""

import pytest

from greatwar.core.session import replay
from greatwar.pog import invariants
from greatwar.pog.game import RULES
from greatwar.selfplay import game_seeds, play_random

CASES = [("historical", 50), ("campaign", 20), ("limited", 20), ("introductory", 20)]


@pytest.mark.slow
@pytest.mark.rule("6.0")
@pytest.mark.parametrize(
    "scenario, seed",
    [(sc, gs) for sc, n in CASES for gs in game_seeds(2026, n)],
)
def test_random_game_ends_cleanly_and_replays(scenario, seed):
    g = play_random(scenario, seed, check=invariants.check)
    assert g.error is None, g.error
    assert g.result is not None
    assert replay(RULES, g.record()).hash() == g.final_hash
