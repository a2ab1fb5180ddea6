"""The end on time, a record entry of the core (``time-out <seat>``): it ends the game for the
seat to act, replays to the same end, and refuses what would make no sense."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from greatwar.core.errors import IllegalActionError, MalformedActionError
from greatwar.core.session import (
    TIME_OUT_KEY,
    GameRecord,
    Session,
    render_entry,
    replay_checked,
)
from greatwar.pog.game import RULES
from tests import dicerace


def test_a_time_out_ends_the_game_for_the_seat_to_act() -> None:
    s = Session.new(dicerace.GAME, "sprint", seed=2)
    s.apply("plan bold")
    assert s.can_undo("red")
    with pytest.raises(IllegalActionError, match="only the seat to act"):
        s.time_out("blue")
    with pytest.raises(MalformedActionError):
        s.time_out("purple")
    before = dicerace.GAME.hash(s.state)
    out = s.time_out("red")
    assert out == {"outcome": "south", "reason": "time", "seat": "red"}
    assert s.over and s.outcome == out and s.to_act is None
    assert dicerace.GAME.hash(s.state) == before  # the position is left as it was
    assert s.record.actions == ["plan bold", "time-out red"]
    assert not s.can_undo("red")  # nothing before the end can be taken back
    with pytest.raises(IllegalActionError, match="ran out of time"):
        s.apply("roll")
    with pytest.raises(IllegalActionError):
        s.undo("red")
    with pytest.raises(IllegalActionError):
        s.time_out("red")
    v = s.view("blue")
    assert v["result"] == out and v["legal"] == [] and v["prompt"] is None
    last = v["log"][-1]
    assert last["k"] == TIME_OUT_KEY
    assert render_entry(dicerace.GAME, last) == (
        "Red ran out of time and lost: The South win the game on time"
    )


def test_a_record_ending_on_time_replays_to_the_same_end() -> None:
    s = Session.new(RULES, "historical", seed=4)
    for _ in range(3):
        s.apply(RULES.legal_actions(s.state)[0])
    seat = s.to_act
    assert seat is not None
    s.time_out(seat)
    doc = json.loads(json.dumps(s.record.to_json()))
    again = replay_checked(RULES, GameRecord.from_json(doc))
    assert again.over and again.outcome == s.outcome
    winner = "ap" if seat == "cp" else "cp"
    assert again.outcome == {"outcome": winner, "reason": "time", "seat": seat}
    assert RULES.hash(again.state) == RULES.hash(s.state)
    rebuilt = Session(RULES, GameRecord.from_json(doc))
    assert rebuilt.verdict == s.verdict and rebuilt.serial == s.serial
    # an entry after the end cannot be replayed
    doc["actions"].append(str(RULES.legal_actions(s.state)[0]))
    with pytest.raises(Exception, match="ran out of time"):
        replay_checked(RULES, GameRecord.from_json(doc))


def test_greatwar_replay_reports_the_end_on_time(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from greatwar.cli import app

    s = Session.new(RULES, "historical", seed=4)
    s.apply(RULES.legal_actions(s.state)[0])
    seat = s.to_act
    assert seat is not None
    s.time_out(seat)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(s.record.to_json()))
    r = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    assert doc["to_act"] is None and doc["result"] == s.outcome


def test_the_time_out_entry_in_russian() -> None:
    """The core's own log entry reads in the reader's language like the game's entries."""
    from greatwar.core.games import game
    from greatwar.core.session import TIME_OUT_KEY, render_entry

    pog = game("pog")
    entry = {"k": TIME_OUT_KEY, "seat": "ap", "outcome": "cp"}
    en = render_entry(pog, entry, "en")
    ru = render_entry(pog, entry, "ru")
    assert en == "Allied Powers ran out of time and lost: Central Powers win the game on time"
    assert ru == "Союзники: время вышло, это поражение; по времени побеждают Центральные державы"


def test_a_country_runs_out_of_time_without_an_article() -> None:
    from greatwar.core.games import game
    from greatwar.core.session import TIME_OUT_KEY, render_entry

    entry = {"k": TIME_OUT_KEY, "seat": "ru", "outcome": "central"}
    assert render_entry(game("qmg1914"), entry, "en") == (
        "Russia ran out of time and lost: Central Powers win the game on time"
    )
