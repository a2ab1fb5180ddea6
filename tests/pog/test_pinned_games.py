"""Paths of Glory plays bit for bit as pinned: seeded games end in these exact states.

The hashes were recorded from the engine as it stood before the core was made game-agnostic
(issue 16), so a refactor of the layers above the engine cannot change play unnoticed. A rules
fix that changes play changes them too: update the pins together with that fix, saying so.
Updated for the review's rules fixes (issue 19: supply, attrition, combat, activation,
stacking, sieges and the ANA).
"""

from __future__ import annotations

import random

import pytest

from greatwar.bots import bots as bots_of
from greatwar.core.games import game

RANDOM_GAMES = [
    ("introductory", 1, 135, "06bbf783ade428800ba633c65266ce04"),
    ("introductory", 2, 177, "e3aeeb1ec14ebfd0c6d9432069036d97"),
    ("introductory", 3, 155, "91021cdc17f3ec3133dbae7e01b08032"),
    ("historical", 1, 1183, "977082c16d6f382e05db778530915946"),
    ("historical", 2, 1045, "08671a8268820b602152a99ffb85568b"),
]

BOT_GAMES = [
    ("introductory", 4, 257, "4e39d81aefd4948b24e2ee5c9d07d2b9"),
    ("historical", 5, 168, "1e4f93c0f8151a3d17e422e7c12f9e3f"),
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
