"""Bad input raises one of two error kinds, says what was expected, and changes nothing."""

import pytest

from greatwar.core.errors import IllegalActionError, MalformedActionError
from greatwar.pog import engine


@pytest.fixture
def s():
    return engine.new_game("campaign", seed=2)


@pytest.mark.parametrize(
    "text, match",
    [
        ("", "empty action"),
        ("fly away", "unknown verb 'fly'"),
        ("play ops", "malformed 'play' action"),
        ("play ops zz99", "'zz99' is not a valid card"),
        ("move ge_1", "expected: move <unit> <space>"),
    ],
)
def test_malformed_action(s, text, match):
    before = s.hash()
    with pytest.raises(MalformedActionError, match=match):
        engine.apply(s, text)
    assert s.hash() == before


def test_illegal_action_names_the_legal_ones(s):
    before = s.hash()
    with pytest.raises(IllegalActionError, match=r"not legal now.*choose yes"):
        engine.apply(s, "move ge_1 liege")
    assert s.hash() == before


def test_action_out_of_turn(s):
    before = s.hash()
    with pytest.raises(IllegalActionError, match="CP's decision"):
        engine.apply(s, "choose yes", seat="ap")
    assert s.hash() == before


def test_no_action_after_the_end(s):
    s.result = {"outcome": "draw"}
    s.stack = []
    with pytest.raises(IllegalActionError, match="game is over"):
        engine.apply(s, "done")


@pytest.mark.parametrize("seat", ["xx", "AP", 2, -1, 7])
def test_an_unknown_seat_is_malformed_input(s, seat):
    before = s.hash()
    for call in (engine.check, engine.apply):
        with pytest.raises(MalformedActionError, match="unknown seat"):
            call(s, "choose yes", seat=seat)
    assert s.hash() == before
