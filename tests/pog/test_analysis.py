"""The replay's analysis of a Paths of Glory game: a point at the start of every action round
(8.1), the Central Powers first in each, the sides' chances adding up to one, the end
decisive."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from greatwar.core.analysis import analyse
from greatwar.core.games import game
from greatwar.pog.bots.heuristic import HeuristicBot

G = game("pog")


def _game(seed: int, scenario: str) -> tuple[list[str], dict[str, Any]]:
    s = G.new_game(scenario, None, seed)
    bots = {"ap": HeuristicBot(seed), "cp": HeuristicBot(seed + 1)}
    actions = []
    while G.outcome(s) is None:
        p = G.to_act(s)
        a = bots[p].choose(G.view(s, p))
        G.apply_unchecked(s, G.check(s, a, p))
        actions.append(a)
    return actions, G.outcome(s) or {}


def _positions(seed: int, scenario: str, actions: list[str]) -> Iterator[tuple[int, Any]]:
    s = G.new_game(scenario, None, seed)
    yield 0, s
    for i, a in enumerate(actions):
        G.apply_unchecked(s, G.check(s, a))
        yield i + 1, s


def test_a_point_at_every_action_round_and_a_decisive_end() -> None:
    # seed 6: a game the Allies win (seed 5's became a draw when the heuristic's Blockade and
    # War Status worth learnt that the introductory scenario ends with turn 3)
    actions, outcome = _game(6, "introductory")
    doc = analyse(G, _positions(6, "introductory", actions), len(actions), outcome)
    pts = doc["points"]
    rounds = [p["at"] for p in pts if not p["at"].get("end")]
    assert rounds[0] == {"turn": rounds[0]["turn"], "round": 1, "side": "cp"}
    assert rounds[1]["side"] == "ap" and rounds[1]["round"] == 1
    keys = [(a["turn"], a["round"], a["side"] == "ap") for a in rounds]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    for p in pts:
        assert abs(sum(p["chances"].values()) - 1) < 1e-3
    assert pts[-1]["at"] == {"end": True} and pts[-1]["step"] == len(actions)
    assert outcome["outcome"] == "ap"  # this seed's game: the Allies win
    assert pts[-1]["chances"] == {"ap": 1.0, "cp": 0.0}
    assert len(doc["turning"]) <= 5


def test_each_point_carries_the_vp_then_and_the_end_the_final_vp() -> None:
    """The end screen's chart of the victory points reads them from the analysis."""
    actions, outcome = _game(5, "introductory")
    positions = list(
        (step, s.vp) for step, s in _positions(5, "introductory", actions)
    )  # the VP after every step
    vp_at = dict(positions)
    doc = analyse(G, _positions(5, "introductory", actions), len(actions), outcome)
    for p in doc["points"]:
        assert p["score"] == {"vp": vp_at[p["step"]]}, p
    assert doc["points"][-1]["score"] == {"vp": vp_at[len(actions)]}
    assert "final_score" not in doc["points"][-1]
