"""Paths of Glory plays bit for bit as pinned: seeded games end in these exact states.

The hashes were recorded from the engine as it stood before the core was made game-agnostic
(issue 16), so a refactor of the layers above the engine cannot change play unnoticed. A rules
fix that changes play changes them too: update the pins together with that fix, saying so.
Updated for the review's rules fixes (issue 19: supply, attrition, combat, activation,
stacking, sieges and the ANA). Updated again when strategic redeployment became two decisions,
the unit and then its destination (issue 12): the random player picks among different lists,
so every game goes another way; the rules did not change. The heuristic-against-random pins
were updated again when the heuristic learnt War Status, sectors, trenches and the Russian VP
spaces (issue 10), and again when it learnt the combined War Status marker and valued
strategic redeployment more and an operation's plan less (issue 10), and again when both
thresholds of the combined marker were weighed alike (issue 10), and again when both sides'
share of strategic redeployment fell from 1.2 to 0.8 (issue 29), and again when it learnt the
scenario's last turn (issue 29: the turns left counted to the scenario's last turn, not to turn
20; no worth in replacement points of the last turn): the bot plays differently, the rules did
not change.
"""

from __future__ import annotations

import random

import pytest

from greatwar.bots import bots as bots_of
from greatwar.core.games import game

RANDOM_GAMES = [
    ("introductory", 1, 191, "ac97b7e2b303c694c647437e184cef3c"),
    ("introductory", 2, 215, "224bf2ae32a0953e79d226cb7372b7de"),
    ("introductory", 3, 258, "78c773b01cbf2d82a7e31ecfb6c8ad9a"),
    ("historical", 1, 1292, "07121518444861f2b3fd94a45a24e638"),
    ("historical", 2, 1429, "9d9b776b9784864d48086ec00a8c60f7"),
]

BOT_GAMES = [
    ("introductory", 4, 281, "651f4c2501c89aeeefb9fbd31949550f"),
    ("historical", 5, 472, "6d8debcc73c6f1dac09b9e2ef51a4a90"),
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
