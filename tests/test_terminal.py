"""Terminal play: a whole game against the heuristic bot through ``greatwar play`` with
scripted input, commands, bad input, undo and the saved record."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from greatwar.cli import app
from greatwar.core.games import game
from greatwar.core.session import GameRecord, replay
from greatwar.pog.terminal import describe
from greatwar.terminal import new_terminal_game


def test_a_whole_game_against_the_heuristic_bot(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    script = "help\nhand\nboard\nlog 5\n" + "1\n" * 4000
    result = CliRunner().invoke(
        app,
        ["play", "--as", "cp", "--vs", "heuristic", "--seed", "3", "--save", str(record)],
        input=script,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Game over" in out
    assert any(w in out for w in ("The Allies win", "The Central Powers win", "draw"))
    assert "Your hand" in out and "The front" in out and "undo" in out
    doc = json.loads(record.read_text())
    assert doc["game"] == "pog" and doc["version"] == game("pog").version
    s = replay(game("pog"), GameRecord.from_json(doc))
    assert s.result is not None


def scripted(answers: list[str]):  # type: ignore[no-untyped-def]
    it = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def test_bad_input_changes_nothing(tmp_path: Path) -> None:
    console = Console(record=True, width=120)
    save = tmp_path / "quit.json"
    game = new_terminal_game(
        "ap",
        "random",
        seed=2,
        console=console,
        save=save,
        read=scripted(["999", "fly to the moon", "move nobody nowhere", "undo", "quit"]),
    )
    assert game.run() is None  # the player quit
    text = console.export_text()
    assert "No action 999" in text
    assert "unknown verb 'fly'" in text
    assert "not a valid unit" in text
    assert "nothing to undo" in text
    assert "You left the game" in text
    # The same game where the player quits at once: the same record, the same position.
    calm = new_terminal_game("ap", "random", seed=2, console=Console(file=None), read=scripted([]))
    calm.console = Console(record=True)
    assert calm.run() is None
    assert game.session.record.actions == calm.session.record.actions
    assert game.session.state.hash() == calm.session.state.hash()
    doc = json.loads(save.read_text())
    assert doc["format"] == "greatwar.record/1"
    assert doc["actions"] == game.session.record.actions


def test_an_action_by_text_then_undo() -> None:
    console = Console(record=True, width=120)
    game = new_terminal_game("cp", "random", seed=2, console=console, read=scripted([]))
    assert game.session.view("cp")["legal"] == ["play event cp01"]  # 5.7.4 #3
    hashes: list[str] = []

    def read(prompt: str) -> str:
        hashes.append(game.session.state.hash())
        return answers.pop(0) if answers else "quit"

    answers = ["play event cp01", "1", "undo"]
    game.read = read
    game.run()
    actions = game.session.record.actions
    assert actions[0] == "play event cp01"
    assert actions[-1] == "undo" and actions[-2] != "undo"
    assert hashes[-1] == hashes[-3]  # after the undo: the position before the "1"
    text = console.export_text()
    assert "Guns of August" in text and "taken back" in text


def test_names_are_written_out() -> None:
    assert describe("move ge_1 liege") == "move GE 1 Liege"
    assert describe("play ops cp01") == "play ops Guns of August"
    assert describe("done") == "done"


def test_resigning_in_the_terminal_asks_first_and_saves_a_record_that_replays(
    tmp_path: Path,
) -> None:
    from greatwar.core.session import Session

    console = Console(record=True, width=120)
    save = tmp_path / "resigned.json"
    game = new_terminal_game(
        "ap",
        "random",
        seed=2,
        console=console,
        save=save,
        read=scripted(["resign", "no", "1", "resign", "yes"]),
    )
    result = game.run()
    assert result is not None and result["reason"] == "resign" and result["seat"] == "ap"
    text = console.export_text()
    assert "You play on." in text and "The Allied Powers resigned" in text
    doc = json.loads(save.read_text())
    assert doc["actions"][-1] == "resign ap"
    again = Session(game.game, GameRecord.from_json(doc))
    assert again.over and again.outcome == result
