"""The command line: every command takes --game; bad records and games get one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from greatwar.cli import app
from greatwar.core.games import game


def test_a_record_of_an_unknown_game_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "chess.json"
    doc = {"format": "greatwar.record/1", "game": "chess", "scenario": "x", "seed": 1}
    path.write_text(json.dumps({**doc, "actions": []}))
    r = CliRunner().invoke(app, ["replay", str(path)])
    assert r.exit_code == 2
    assert "unknown game 'chess'" in r.output and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1


def test_replay_names_the_game_and_warns_of_another_engine_version(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    doc = {"format": "greatwar.record/1", "game": "pog", "scenario": "introductory", "seed": 2}
    path.write_text(json.dumps({**doc, "version": "0", "actions": []}))
    r = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["game"] == "pog" and out["version"] == "0" and out["to_act"] == "cp"
    assert out["hash"] == game("pog").hash(game("pog").new_game("introductory", None, 2))
    assert "made by version 0" in r.stderr


def test_unknown_games_and_scenarios_are_refused() -> None:
    for args in (["selfplay", "--game", "chess"], ["arena", "-g", "chess"], ["play", "-g", "x"]):
        r = CliRunner().invoke(app, args)
        assert r.exit_code == 2 and "unknown game" in r.output
    r = CliRunner().invoke(app, ["bench", "--scenario", "waterloo"])
    assert r.exit_code == 2 and "unknown scenario 'waterloo'" in r.output
    r = CliRunner().invoke(app, ["play", "--as", "de"])
    assert r.exit_code == 2 and "the seats are ap, cp" in r.output


def test_the_games_are_listed() -> None:
    r = CliRunner().invoke(app, ["games", "--json"])
    assert r.exit_code == 0
    pog = json.loads(r.stdout)["games"][0]
    assert pog["id"] == "pog" and [s["id"] for s in pog["seats"]] == ["ap", "cp"]
    assert pog["default_scenario"] == "historical" and "heuristic" in pog["bots"]
