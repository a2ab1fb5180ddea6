"""The card-choice comparison (``python3 -m greatwar.pog.bots.choices``, docs/bots.md)."""

from __future__ import annotations

import json

import pytest

from greatwar.pog.bots import choices


def test_the_use_of_a_card_is_read_from_the_answer() -> None:
    """8.1.3: a card is played for operations, redeployment, replacements or its event."""
    assert choices.use_of("play sr ap07") == "sr"
    assert choices.use_of("play event cp12") == "event"
    assert choices.use_of("play auto") == "ops"  # 9.1.3.1: an Automatic Operation
    assert choices.use_of("pass") == "other"


def test_bots_are_compared_on_the_same_choices(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        choices.main(
            ["--bots", "easy,heuristic,yardstick-easy", "--games", "5", "--per-game", "6", "--json"]
        )
        == 0
    )
    r = json.loads(capsys.readouterr().out)
    assert r["choices"] == 6 and r["by_side"] == {"ap": 3, "cp": 3}
    for bot in ("easy", "heuristic", "yardstick-easy"):
        assert sum(sum(r["uses"][bot][s].values()) for s in ("ap", "cp")) == 6
        assert len(r["picks"][bot]) == 6
    same = {tuple(p["bots"]): p["same"] for p in r["pairs"]}
    assert same[("easy", "heuristic")] == 6  # one bot under two names
    for (x, y), n in same.items():
        assert n == sum(a == b for a, b in zip(r["picks"][x], r["picks"][y], strict=True))


def test_a_bad_request_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--bots", "easy,nobody"], ["--games", "x"], ["--per-game", "0"]):
        with pytest.raises(SystemExit) as e:
            choices.main(argv)
        assert e.value.code == 2
    assert "unknown bot nobody" in capsys.readouterr().err
