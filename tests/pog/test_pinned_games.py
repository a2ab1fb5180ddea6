"""Paths of Glory plays bit for bit as pinned: seeded games end in these exact states.

The hashes were recorded from the engine as it stood before the core was made game-agnostic
(issue 16), so a refactor of the layers above the engine cannot change play unnoticed. A rules
fix that changes play changes them too: update the pins together with that fix, saying so.
"""

from __future__ import annotations

import random

import pytest

from greatwar.bots import bots as bots_of
from greatwar.core.games import game

RANDOM_GAMES = [
    ("introductory", 1, 113, "1d6d603dd4193abafbd8b6a069825e30"),
    ("introductory", 2, 198, "e37c3a563737fdc6c2e2e98bbe51dad3"),
    ("introductory", 3, 184, "1aac28d8bfbc95a1418b359cbdb98bd7"),
    ("historical", 1, 1108, "0f340676c0ab6d4b7e59777fefc530b2"),
    ("historical", 2, 1073, "e66c37c4ef0886ff4507904b884d0686"),
]

BOT_GAMES = [
    ("introductory", 4, 262, "2188f155fa2f543c6ec600cc7776fcdb"),
    ("historical", 5, 168, "5cd8921dd60637c5a9d012c6c62e83dd"),
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
