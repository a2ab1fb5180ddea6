import json

import pytest

from greatwar.core.errors import CorruptStateError
from greatwar.core.timing import play_randomly
from greatwar.pog import engine
from greatwar.pog.state import State


def _advance(s: State, n: int, seed: int = 0) -> State:
    return play_randomly(engine, s, seed, n)


def test_json_round_trip_is_exact():
    s = _advance(engine.new_game("historical", seed=3), 400)
    text = json.dumps(s.to_json())
    back = State.from_json(json.loads(text))
    assert back == s
    assert back.hash() == s.hash()
    assert json.dumps(back.to_json()) == text


def test_clone_is_independent():
    s = _advance(engine.new_game("historical", seed=4), 300)
    c = s.clone()
    assert c == s and c.hash() == s.hash()
    _advance(c, 200, seed=9)
    assert c.hash() != s.hash()
    assert s == State.from_json(s.to_json())


def test_clone_without_log_keeps_the_position():
    s = _advance(engine.new_game("campaign", seed=4), 100)
    c = s.clone(with_log=False)
    assert c.hash() == s.hash() and c.log == [] and not c.logging


def test_same_seed_and_actions_give_the_same_game():
    a = _advance(engine.new_game("historical", seed=21), 600, seed=1)
    b = _advance(engine.new_game("historical", seed=21), 600, seed=1)
    assert a.hash() == b.hash() and a.log == b.log


@pytest.mark.parametrize(
    "doc",
    [None, [], {"format": "other"}, {"format": "greatwar.pog.state/1"}],
)
def test_corrupt_documents_are_refused(doc):
    with pytest.raises(CorruptStateError):
        State.from_json(doc)


def test_wrong_field_type_is_refused():
    doc = engine.new_game("campaign", seed=1).to_json()
    doc["loc"] = "nowhere"
    with pytest.raises(CorruptStateError, match="loc"):
        State.from_json(doc)
    with pytest.raises(CorruptStateError):
        State.loads("{not json")
