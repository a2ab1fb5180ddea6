"""The replay's analysis of a Quartermaster General: 1914 game: a point at the start of every
power's turn (one with a decision: a turn the engine plays through alone shows no position), in
order, the teams' chances adding up to one, the end decisive."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from greatwar.core.analysis import analyse
from greatwar.core.games import game
from greatwar.qmg1914.bots.heuristic import HeuristicBot
from greatwar.qmg1914.data import POWERS

G = game("qmg1914")


def _game(seed: int) -> tuple[list[str], dict[str, Any]]:
    s = G.new_game("standard", None, seed)
    bots = {p: HeuristicBot(seed + i) for i, p in enumerate(POWERS)}
    actions = []
    while G.outcome(s) is None:
        p = G.to_act(s)
        a = bots[p].choose(G.view(s, p))
        G.apply_unchecked(s, G.check(s, a, p))
        actions.append(a)
    return actions, G.outcome(s) or {}


def _positions(seed: int, actions: list[str]) -> Iterator[tuple[int, Any]]:
    s = G.new_game("standard", None, seed)
    yield 0, s
    for i, a in enumerate(actions):
        G.apply_unchecked(s, G.check(s, a))
        yield i + 1, s


def test_a_point_at_every_turn_and_a_decisive_end() -> None:
    actions, outcome = _game(3)
    doc = analyse(G, _positions(3, actions), len(actions), outcome)
    pts = doc["points"]
    turns = [p for p in pts if not p["at"].get("end")]
    keys = [(p["at"]["round"], POWERS.index(p["at"]["power"])) for p in turns]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert {r for r, _ in keys} == set(range(1, outcome["turn"] + 1))
    assert len(keys) >= 4 * outcome["turn"]
    assert [p["at"]["power"] for p in turns[:5]] == list(POWERS)
    steps = [p["step"] for p in pts]
    assert steps == sorted(steps) and steps[-1] == len(actions)
    for p in pts:
        assert abs(sum(p["chances"].values()) - 1) < 1e-3
        assert 0.0 <= p["chances"]["central"] <= 1.0
    assert pts[-1]["at"] == {"end": True}
    assert pts[-1]["chances"][outcome["outcome"]] == 1.0
    assert 1 <= len(doc["turning"]) <= 5
    assert {t["step"] for t in doc["turning"]} <= set(steps)
