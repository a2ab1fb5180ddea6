"""The command line: every command takes --game; bad records and games get one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
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


def _record(**change: object) -> dict[str, object]:
    doc: dict[str, object] = {
        "format": "greatwar.record/1",
        "game": "pog",
        "scenario": "introductory",
        "seed": 2,
        "actions": [],
    }
    doc.update(change)
    return doc


BAD_RECORDS: dict[str, tuple[bytes, str]] = {
    "latin1": (b"\xff\xfe{}", "not UTF-8"),
    "nested": (b"[" * 100_000 + b"]" * 100_000, "nested"),
    "bigint": (
        json.dumps(_record(seed=0)).replace('"seed": 0', '"seed": ' + "9" * 5000).encode(),
        "JSON",
    ),
    "seedtrue": (json.dumps(_record(seed=True)).encode(), "'seed'"),
    "chess": (json.dumps(_record(game="chess")).encode(), "unknown game 'chess'"),
    "options": (json.dumps(_record(options={"hand9": True})).encode(), "hand9"),
    "scenario": (json.dumps(_record(scenario="waterloo")).encode(), "waterloo"),
    "illegal": (json.dumps(_record(actions=["move ge_1 paris"])).encode(), "entry 0"),
    "empty": (b"", "JSON"),
    "list": (b"[]", "not a greatwar game record"),
    "nan": (json.dumps(_record()).replace('"seed": 2', '"seed": NaN').encode(), "seed"),
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_a_malformed_record_gets_one_line_and_exit_2(tmp_path: Path, name: str) -> None:
    content, words = BAD_RECORDS[name]
    path = tmp_path / f"{name}.json"
    path.write_bytes(content)
    r = CliRunner().invoke(app, ["replay", str(path)])
    assert r.exit_code == 2, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1, r.output
    assert words in r.output


def test_replay_refuses_a_record_of_another_game_than_asked(tmp_path: Path) -> None:
    path = tmp_path / "pog.json"
    path.write_text(json.dumps(_record()))
    r = CliRunner().invoke(app, ["replay", str(path), "--game", "qmg1914"])
    assert r.exit_code == 2 and "not of 'qmg1914'" in r.output
    r = CliRunner().invoke(app, ["replay", str(tmp_path / "missing.json")])
    assert r.exit_code == 2 and "Traceback" not in r.output


@pytest.mark.parametrize(
    ("command", "extra"), [("arena", "rl"), ("arena", "ratings"), ("selfplay", "rl")]
)
def test_help_names_the_extras_to_install_with_their_brackets(command: str, extra: str) -> None:
    # The help is rendered with rich markup, where "[rl]" alone would vanish as a tag.
    out = CliRunner().invoke(app, [command, "--help"]).output
    text = " ".join(out.replace("│", " ").split())
    assert f"pip install 'greatwar[{extra}]'" in text
