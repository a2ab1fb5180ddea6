import pytest

from greatwar.core.actions import Action, ArgKind, Grammar, word
from greatwar.core.errors import MalformedActionError

G = Grammar(
    {
        "move": [
            (ArgKind("unit", frozenset({"ge_1", "fr_5"})), ArgKind("space", frozenset({"liege"})))
        ],
        "play": [(word("ops", "rp"), ArgKind("card", frozenset({"cp01"}))), (word("auto"),)],
        "done": [()],
    }
)


def test_text_form_round_trips():
    for text in ("move ge_1 liege", "play ops cp01", "play auto", "done"):
        a = G.parse(text)
        assert str(a) == text
        assert Action.parse(str(a)) == a
        assert eval(repr(a), {"Action": Action}) == a


def test_parse_normalises_case_and_spaces():
    assert G.parse("  MOVE  ge_1   LIEGE ") == Action("move", ("ge_1", "liege"))


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", "empty action"),
        ("fly ge_1", "unknown verb 'fly'"),
        ("move ge_9 liege", "'ge_9' is not a valid unit"),
        ("move ge_1", "expected: move"),
        ("play sr cp01", "'sr' is not a valid ops|rp"),
    ],
)
def test_malformed_actions_say_what_was_expected(text, expected):
    with pytest.raises(MalformedActionError, match=expected):
        G.parse(text)


def test_non_text_is_malformed():
    with pytest.raises(MalformedActionError):
        G.parse(42)  # type: ignore[arg-type]
