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


OPTION_SETS = [
    {"hand8": True},
    {"optional_cards": "all"},
    {"optional_cards": "select"},
    {"trench_mod": True},
    {"valiant": True},
    {"tournament": True},
    {"bid": {"side": "ap", "vp": 1}},
    {"bid": {"side": "cp", "vp": 2}, "hand8": True, "trench_mod": True},
    {"optional_cards": "all", "trench_mod": True, "tournament": True},
    {"valiant": True, "hand8": True, "trench_mod": True},
]


@pytest.mark.slow
@pytest.mark.rule("9.1.4")
@pytest.mark.rule("11.2.10")
@pytest.mark.rule("5.6.1")
@pytest.mark.parametrize(
    "scenario, options, seed",
    [
        (sc, opts, gs)
        for i, opts in enumerate(OPTION_SETS)
        for sc, gs in zip(
            ("historical", "campaign", "limited", "introductory"),
            game_seeds(7000 + i, 4),
            strict=True,
        )
    ],
)
def test_random_games_with_every_option(scenario, options, seed):
    g = play_random(scenario, seed, options, check=invariants.check)
    assert g.error is None, g.error
    assert g.result is not None
    assert replay(RULES, g.record()).hash() == g.final_hash
