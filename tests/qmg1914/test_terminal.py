"""Quartermaster General: 1914 in the terminal: whole games against the bots through ``greatwar
play`` with scripted input, the game's commands, prompts as sentences, ids written as names,
the demo."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from greatwar.cli import app
from greatwar.core.games import game
from greatwar.core.session import GameRecord, replay
from greatwar.qmg1914.card_text import describe as card_line
from greatwar.qmg1914.card_text import name, prepared_text, texts
from greatwar.qmg1914.data import CARD_INDEX, EVENT_KEYS
from greatwar.qmg1914.terminal import QmgTerminal, describe, prompt_text
from greatwar.terminal import new_terminal_game

G = game("qmg1914")


def scripted(answers: list[str], asked: list[str] | None = None):  # type: ignore[no-untyped-def]
    it = iter(answers)

    def read(prompt: str) -> str:
        if asked is not None:
            asked.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def test_a_whole_game_against_the_heuristic_bot(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    script = "help\nhand\nboard\ncards\npowers\ndiscard\nlog 5\n" + "1\n" * 3000
    result = CliRunner().invoke(
        app,
        [
            "play",
            "--game",
            "qmg1914",
            "--as",
            "frit",
            "--vs",
            "heuristic",
            "--seed",
            "3",
            "--save",
            str(record),
        ],
        input=script,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Game over" in out and ("Central Powers win" in out or "Entente Powers win" in out)
    # the position: round track with its Scoring Rounds, VP, the board with supply, the powers
    assert "Rounds: 1 2 3* 4" in out and "(* Scoring Round)" in out
    assert "VP: Central Powers" in out and "Pieces and Objectives" in out
    assert "Home of France" in out and "French Army" in out
    assert "The powers" in out and "discard top" in out and "Your hand" in out
    # the commands
    assert "show every space of the map" in out and "Cards in sight" in out
    assert "Your discard pile" in out and "play text" in out
    # prompts are sentences, actions are shown with names
    assert "Set-up: choose a card of the ten you drew" in out
    assert "Play step: you may play one card from your hand" in out
    assert "(bottom " in out
    doc = json.loads(record.read_text())
    assert doc["game"] == "qmg1914" and doc["version"] == G.version
    s = replay(G, GameRecord.from_json(doc))
    assert G.outcome(s) is not None


def test_playing_against_the_normal_bot_with_a_time_budget(tmp_path: Path) -> None:
    """``--vs normal`` (the search) with ``--think``: Austria-Hungary and Russia search the
    cards of their first turns before Germany's, in the time given."""
    record = tmp_path / "game.json"
    args = ["play", "--game", "qmg1914", "--as", "de", "--vs", "normal", "--think", "0.05"]
    args += ["--cores", "1", "--seed", "5", "--save", str(record)]
    result = CliRunner().invoke(app, args, input="1\n1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "against the normal bot" in result.output
    doc = json.loads(record.read_text())
    s = replay(G, GameRecord.from_json(doc))
    assert s.round == 1 and s.cur == 2  # Germany's turn: Austria-Hungary and Russia played


def test_one_person_holding_a_team_with_bad_input(tmp_path: Path) -> None:
    console = Console(record=True, width=120)
    answers = ["999", "fly to Moscow", "play de_de_44", "board", "undo", *["1"] * 40, "quit"]
    asked: list[str] = []
    tg = new_terminal_game(
        "ru,frit,ukus", "heuristic", seed=5, console=console, read=scripted(answers, asked),
        game_id="qmg1914",
    )  # fmt: skip
    assert tg.run() is None  # the player quit
    text = console.export_text()
    assert "No action 999" in text
    assert "unknown verb 'fly'" in text
    assert "is not legal now" in text
    assert "The board" in text
    assert "You left the game" in text
    # the person answered for each of the three powers it holds
    assert {f"[bold]{x}>[/bold] " for x in ("RU", "FRIT", "UKUS")} <= set(asked)


def test_actions_are_written_with_names() -> None:
    assert describe("play de_de_44") == "play " + name("de_de_44")
    assert describe("battle picardy from belgium") == "battle Picardy from Belgium"
    assert describe("draft build_army fr") == "draft a French Build Army"
    assert describe("attrition ru_ru_19 de") == (
        "use the Attrition symbols of The Tsar Will Not Help Us against Germany"
    )
    assert describe("eliminate oe middle_east") == "eliminate the Ottoman piece in Middle East"
    assert describe("discard deck") == "discard the top card of your draw deck"
    assert describe("draw 3") == "draw 3 cards"
    assert describe("pass") == "pass"
    assert name("frit_fr_01").endswith("(France)")  # a generic card names its country


def test_every_card_has_a_text_and_a_prepared_side() -> None:
    assert set(texts()) == set(EVENT_KEYS)
    assert prepared_text("frit_fr_34") == "Double Reinforce Army, only in or next to Paris"
    assert "Supply symbol" in prepared_text("ru_ru_22")
    assert "Event, France" in card_line("frit_fr_34")


def test_prompts_are_sentences_from_the_procedure() -> None:
    s = G.new_game("standard", None, 1)
    v = G.view(s, G.to_act(s))
    assert prompt_text(v).startswith("Set-up: choose a card")
    battle = {
        "prompt": "battle.reinforce",
        "seat": "frit",
        "procedure": [{"step": "battle", "a": 2, "t": 13, "r": 0, "su": 0, "st": "reinforce"}],
    }
    assert prompt_text(battle) == (
        "Germany battles Paris (Sustain 0 against Reinforce 0): reinforce with a prepared card "
        "to save the defending pieces, or pass to let them be removed."
    )
    place = {"prompt": "place.build", "procedure": [{"step": "place", "c": 4, "n": 1}]}
    assert prompt_text(place) == "Build a French piece: choose a space, or pass."


def test_position_shows_status_cards_and_discard_tops_face_up() -> None:
    s = G.new_game("standard", None, 2)
    status, top = CARD_INDEX["de_de_30"], CARD_INDEX["frit_fr_34"]
    for p in (2, 3):
        for name_ in ("deck", "hand"):
            getattr(s, name_)[p][:] = [k for k in getattr(s, name_)[p] if k not in (status, top)]
    s.status[2].append(status)
    s.discard[3].append(top)
    console = Console(record=True, width=200)
    for item in QmgTerminal().position(G.view(s, "ukus")):
        console.print(item)
    text = console.export_text()
    assert name("de_de_30") in text and "Paris Taxis" in text


def test_demo() -> None:
    r = CliRunner().invoke(app, ["demo", "--game", "qmg1914", "--seed", "4"])
    assert r.exit_code == 0, r.output
    assert "Story of the war" in r.output and "Scoring Round 3" in r.output
    assert "win in round" in r.output
