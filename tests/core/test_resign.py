"""Resignation, a record entry of the core (``resign <seat>``): the seat to act resigns at one
of its own decisions, its team loses, and the record replays to the same end, in both games."""

from __future__ import annotations

import json

import pytest

from greatwar.core.errors import IllegalActionError, MalformedActionError
from greatwar.core.games import game
from greatwar.core.session import (
    RESIGN_KEY,
    GameRecord,
    Session,
    render_entry,
    replay_checked,
)
from tests import dicerace


def test_a_resignation_ends_the_game_for_the_seat_to_act() -> None:
    s = Session.new(dicerace.GAME, "sprint", seed=2)
    s.apply("plan bold")
    with pytest.raises(IllegalActionError, match="own decisions"):
        s.resign("blue")
    with pytest.raises(MalformedActionError):
        s.resign("purple")
    before = dicerace.GAME.hash(s.state)
    out = s.resign("red")
    assert out == {"outcome": "south", "reason": "resign", "seat": "red"}
    assert s.over and s.outcome == out and s.to_act is None
    assert dicerace.GAME.hash(s.state) == before
    assert s.record.actions == ["plan bold", "resign red"]
    assert not s.can_undo("red")
    with pytest.raises(IllegalActionError, match="resigned"):
        s.apply("roll")
    with pytest.raises(IllegalActionError):
        s.resign("red")
    with pytest.raises(IllegalActionError):
        s.time_out("red")
    v = s.view("blue")
    assert v["result"] == out and v["legal"] == [] and v["prompt"] is None
    assert v["log"][-1]["k"] == RESIGN_KEY
    assert render_entry(dicerace.GAME, v["log"][-1]) == "The Red resigned: The South win the game"


@pytest.mark.parametrize("game_id", ["pog", "qmg1914"])
def test_a_record_ending_in_a_resignation_replays_to_the_same_end(game_id: str) -> None:
    g = game(game_id)
    s = Session.new(g, g.default_scenario, seed=7)
    for _ in range(5):
        s.apply(g.legal_actions(s.state)[0])
    seat = s.to_act
    assert seat is not None
    s.resign(seat)
    doc = json.loads(json.dumps(s.record.to_json()))
    again = replay_checked(g, GameRecord.from_json(doc))
    assert again.over and again.outcome == s.outcome
    assert again.outcome is not None and again.outcome["reason"] == "resign"
    assert again.outcome["seat"] == seat
    mine = next(t.id for t in g.teams() if seat in t.seats)
    assert again.outcome["outcome"] != mine
    assert g.hash(again.state) == g.hash(s.state)
    doc["actions"].append(str(g.legal_actions(s.state)[0]))
    with pytest.raises(Exception, match="resigned"):
        replay_checked(g, GameRecord.from_json(doc))


def test_the_resignation_in_russian() -> None:
    pog = game("pog")
    entry = {"k": RESIGN_KEY, "seat": "ap", "outcome": "cp"}
    assert (
        render_entry(pog, entry, "en") == "The Allied Powers resigned: Central Powers win the game"
    )
    assert render_entry(pog, entry, "ru") == "Союзники: сдача партии; побеждают Центральные державы"
