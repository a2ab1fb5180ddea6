"""Sessions: atomic actions, undo within a seat's own decisions, replay from records."""

import json
import random

import pytest

from greatwar.core.errors import CorruptStateError, IllegalActionError, MalformedActionError
from greatwar.core.games import game
from greatwar.core.session import GameRecord, Session, replay
from greatwar.pog import engine
from greatwar.pog.game import RULES


def _play(g: Session, n: int, seed: int = 0) -> None:
    r = random.Random(seed)
    for _ in range(n):
        if g.over:
            return
        g.apply(r.choice(engine.legal_actions(g.state)))


def test_replay_reproduces_the_state():
    g = Session.new(RULES, "historical", seed=5)
    _play(g, 500)
    record = GameRecord.from_json(json.loads(json.dumps(g.record.to_json())))
    assert replay(RULES, record).hash() == g.state.hash()


def test_undo_takes_back_own_decisions_only():
    g = Session.new(RULES, "campaign", seed=3)
    g.apply("choose no")  # CP: no Guns of August; the deal that follows shuffles: a barrier
    assert not g.can_undo("cp")
    # Find an OPS play: activation decisions are undoable until dice or the other seat.
    card = next(a for a in engine.legal_actions(g.state) if str(a).startswith("play ops"))
    g.apply(card)
    assert g.can_undo("cp")
    before = g.state.hash()
    act = next(a for a in engine.legal_actions(g.state) if a.verb == "activate")
    g.apply(act)
    assert g.can_undo("cp") and not g.can_undo("ap")
    g.undo("cp")
    assert g.state.hash() == before
    with pytest.raises(IllegalActionError):
        g.undo("ap")


def test_undo_is_recorded_and_replays():
    g = Session.new(RULES, "campaign", seed=3)
    g.apply("choose no")
    g.apply(next(a for a in engine.legal_actions(g.state) if str(a).startswith("play ops")))
    g.undo()
    assert g.record.actions[-1] == "undo"
    assert replay(RULES, g.record).hash() == g.state.hash()


def test_undo_never_crosses_a_die_roll():
    g = Session.new(RULES, "campaign", seed=3)
    g.apply("choose no")
    g.state.chance += 0
    g.apply(next(a for a in engine.legal_actions(g.state) if str(a).startswith("play ops")))
    chance = g.state.chance
    # Apply until something random happens; then nothing is undoable.
    r = random.Random(1)
    while g.state.chance == chance and not g.over:
        g.apply(r.choice(engine.legal_actions(g.state)))
    assert not g.can_undo()


def test_failed_action_changes_nothing():
    g = Session.new(RULES, "campaign", seed=3)
    before, n = g.state.hash(), len(g.record.actions)
    with pytest.raises(IllegalActionError):
        g.apply("done")
    assert g.state.hash() == before and len(g.record.actions) == n


@pytest.mark.parametrize(
    "doc",
    [
        None,
        {"format": "greatwar.record/1"},
        {"format": "greatwar.record/1", "game": "pog", "scenario": 1, "seed": 0, "actions": []},
    ],
)
def test_corrupt_records_are_refused(doc):
    with pytest.raises(CorruptStateError):
        GameRecord.from_json(doc)


def test_a_record_without_a_version_still_loads():
    """Records saved before records named their engine version replay as they did."""
    doc = {
        "format": "greatwar.record/1",
        "game": "pog",
        "scenario": "campaign",
        "options": None,
        "seed": 3,
        "actions": ["choose no"],
    }
    record = GameRecord.from_json(doc)
    assert record.version is None and record.to_json() == doc
    assert replay(RULES, record).serial == 1
    made = Session.new(RULES, "campaign", seed=3)
    assert made.record.to_json()["version"] == RULES.version


def test_the_session_serial_counts_the_decisions_in_force():
    g = Session.new(RULES, "campaign", seed=3)
    g.apply("choose no")
    g.apply(next(a for a in engine.legal_actions(g.state) if str(a).startswith("play ops")))
    assert g.serial == g.state.serial == 2
    g.undo()
    assert g.serial == g.state.serial == 1 and len(g.record.actions) == 3


@pytest.mark.parametrize("game_id", ["pog", "qmg1914"])
@pytest.mark.parametrize("seat", ["xx", 5, -1, ""])
def test_a_bad_seat_is_malformed_input(game_id, seat):
    """Session.apply and the descriptor's check refuse a seat the game does not have with a
    clear error, never a KeyError or IndexError, and change nothing."""
    rules = game(game_id)
    g = Session.new(rules, rules.default_scenario, seed=4)
    before = rules.hash(g.state)
    legal = str(rules.legal_actions(g.state)[0])
    with pytest.raises(MalformedActionError, match="unknown seat"):
        g.apply(legal, seat)
    with pytest.raises(MalformedActionError, match="unknown seat"):
        rules.check(g.state, legal, seat)
    assert rules.hash(g.state) == before and g.record.actions == []


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"seed": True}, "seed"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**64}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"game": 7}, "game"),
        ({"scenario": "x" * 5000}, "scenario"),
        ({"options": []}, "options"),
        ({"actions": [1]}, "action 0"),
        ({"actions": ["x" * 5000]}, "action"),
        ({"version": 2}, "version"),
    ],
)
def test_malformed_record_fields_are_named(change, words):
    doc = {
        "format": "greatwar.record/1",
        "game": "pog",
        "scenario": "campaign",
        "seed": 3,
        "actions": [],
        **change,
    }
    with pytest.raises(CorruptStateError, match=words):
        GameRecord.from_json(doc)
