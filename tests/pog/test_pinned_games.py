"""Paths of Glory plays bit for bit as pinned: seeded games end in these exact states.

The hashes were recorded from the engine as it stood before the core was made game-agnostic
(issue 16), so a refactor of the layers above the engine cannot change play unnoticed. A rules
fix that changes play changes them too: update the pins together with that fix, saying so.
Updated for the review's rules fixes (issue 19: supply, attrition, combat and activation).
"""

from __future__ import annotations

import random

import pytest

from greatwar.bots import bots as bots_of
from greatwar.core.games import game

RANDOM_GAMES = [
    ("introductory", 1, 113, "9bc02648b44be5d32911de7c6b348591"),
    ("introductory", 2, 198, "f210654fa4c830b1e586a1369b2e8fb6"),
    ("introductory", 3, 184, "6573a3ce05dfe903413895dc178e097a"),
    ("historical", 1, 1123, "e3888e9e2e02337b7c8c12fba4fceac1"),
    ("historical", 2, 1148, "62420abed3c2b1d8cc9599a0ebb98d8a"),
]

BOT_GAMES = [
    ("introductory", 4, 281, "8979a9e286bd7b591c227ab314484e94"),
    ("historical", 5, 522, "5249400c7772b1bf5d840f67ba06f85e"),
]


@pytest.mark.parametrize("scenario, seed, decisions, digest", RANDOM_GAMES)
def test_a_seeded_random_game_ends_in_its_pinned_state(scenario, seed, decisions, digest):
    g = game("pog")
    s = g.new_game(scenario, None, seed)
    pick = random.Random(seed * 7919 + 1)
    n = 0
    while g.outcome(s) is None:
        g.apply_unchecked(s, pick.choice(g.legal_actions(s)))
        n += 1
    assert (n, g.hash(s)) == (decisions, digest)


@pytest.mark.parametrize("scenario, seed, decisions, digest", BOT_GAMES)
def test_a_heuristic_against_random_game_ends_in_its_pinned_state(
    scenario, seed, decisions, digest
):
    g = game("pog")
    s = g.new_game(scenario, None, seed)
    made = bots_of("pog")
    bots = {"ap": made["heuristic"](seed), "cp": made["random"](seed + 1)}
    n = 0
    while g.outcome(s) is None:
        seat = g.to_act(s)
        g.apply_unchecked(s, g.check(s, bots[seat].choose(g.view(s, seat)), seat))
        n += 1
    assert (n, g.hash(s)) == (decisions, digest)
