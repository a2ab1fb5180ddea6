"""A second game on the same core: Dice Race (``tests/dicerace.py``: three seats, two teams, a
person may hold both seats of a team) goes through every layer above the engines exactly as
Paths of Glory does: sessions and undo barriers, records and replay, selfplay, bench, the arena,
the terminal, the command line, the store and the server."""

from __future__ import annotations

import json
import pstats
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from greatwar.arena import play_game, run_arena
from greatwar.bots import bot_names, make_bot
from greatwar.cli import app
from greatwar.core import games as registry
from greatwar.core.errors import IllegalActionError
from greatwar.core.games import Game, UnknownGameError, game, games, scenario_id
from greatwar.core.session import GameRecord, Session, load_record, replay
from greatwar.selfplay import bench, play_random, problems_checker
from greatwar.server import GameStore, create_app
from greatwar.server.games import GameService
from greatwar.terminal import new_terminal_game
from tests import dicerace
from tests.dicerace import Race

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[Game[Race]]:
    """Dice Race registered the way a game package registers: one line in KNOWN."""
    monkeypatch.setitem(registry.KNOWN, "dicerace", dicerace.WHERE)
    yield dicerace.GAME
    registry._LOADED.pop("dicerace", None)


def test_the_registry_finds_it(registered: Game[Race]) -> None:
    assert game("dicerace") is registered
    assert games()[0] == "pog" and "dicerace" in games()
    assert scenario_id(registered, "SHORT") == "sprint"
    assert bot_names("dicerace") == ["eager", "random"]
    assert make_bot("eager", 1, "dicerace").name == "eager"
    with pytest.raises(ValueError, match="unknown bot 'heuristic'"):
        make_bot("heuristic", 1, "dicerace")  # Paths of Glory's own bot is not Dice Race's


def test_undo_stops_at_a_roll_and_at_another_seat() -> None:
    g = Session.new(game("dicerace"), "sprint", seed=3)
    assert g.record.version == "1"
    g.apply("plan safe")
    assert g.can_undo("red") and not g.can_undo("blue")
    with pytest.raises(IllegalActionError):
        g.undo("blue")
    g.undo("red")
    assert g.state.stage == "plan"
    g.apply("plan bold")
    g.apply("roll")  # a die: a barrier
    assert not g.can_undo()
    g.apply("advance")  # the turn passes to blue: a barrier
    assert g.rules.to_act(g.state) == "blue" and not g.can_undo()
    g.apply("plan safe", "blue")
    assert g.can_undo("blue")
    with pytest.raises(IllegalActionError):
        g.apply("roll", "green")  # not green's turn: refused, nothing changed
    assert g.serial == 4 and g.record.actions[-1] == "plan safe"
    doc = json.loads(json.dumps(g.record.to_json()))
    assert doc["game"] == "dicerace" and doc["version"] == "1"
    again_game, again = load_record(doc, "dicerace")
    assert again_game.hash(replay(again_game, again)) == g.rules.hash(g.state)


def test_a_record_of_one_game_is_refused_by_the_other() -> None:
    record = GameRecord("dicerace", "sprint", None, 1, ["plan safe"])
    with pytest.raises(UnknownGameError, match="not of 'pog'"):
        Session(game("pog"), record)
    with pytest.raises(UnknownGameError, match="not of 'pog'"):
        load_record(record.to_json(), "pog")
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        load_record({**record.to_json(), "game": "chess"})


def test_random_games_end_cleanly_and_replay() -> None:
    for seed in range(5):
        rg = play_random("sprint", seed, check=problems_checker("dicerace"), game_id="dicerace")
        assert rg.error is None and rg.result is not None
        assert rg.result["outcome"] in ("north", "south", "draw")
        g = game("dicerace")
        assert g.hash(replay(g, rg.record())) == rg.final_hash


def test_the_invariant_checker_is_the_games_own() -> None:
    g = game("dicerace")
    s = g.new_game("sprint", None, 1)
    s.pos[1] = -1
    with pytest.raises(AssertionError, match="behind the start"):
        problems_checker("dicerace")(s)


def test_bench_measures_it_without_another_games_figures() -> None:
    r = bench("marathon", 3, 1, game_id="dicerace")
    assert r["game"] == "dicerace" and r["games"] == 3 and r["finished"] == 3
    assert r["legal_actions_us_median"] > 0 and r["clone_us_median"] > 0
    assert "combat_us_median" not in r  # Paths of Glory's own figure


def test_the_arena_rotates_bots_across_teams() -> None:
    one = play_game(
        0, 7, {"north": ("eager", "eager"), "south": ("random", "random")}, game_id="dicerace"
    )
    assert one.error is None and one.teams == {"north": "eager", "south": "random"}
    # eager plays red and green, random plays blue
    assert one.decisions["eager"] > one.decisions["random"] > 0
    r = run_arena(("eager", "random"), 6, seed=2, game_id="dicerace", workers=2)
    assert r["game"] == "dicerace" and r["teams"] == ["north", "south"] and not r["errors"]
    assert r["games_by_team"] == {
        "eager": {"north": 3, "south": 3},
        "random": {"north": 3, "south": 3},
    }
    assert sum(r["wins"].values()) + r["draws"] == 6
    for p in r["results"]:
        assert set(p["teams"]) == {"north", "south"}


def test_one_person_plays_a_whole_team_in_the_terminal() -> None:
    console = Console(record=True, width=100)
    answers = iter(["help", "1", "undo", "2"] + ["1"] * 500)
    tg = new_terminal_game(
        "red,green",
        "eager",
        seed=4,
        console=console,
        read=lambda _: next(answers),
        game_id="dicerace",
    )
    res = tg.run()
    assert res is not None and res["outcome"] in ("north", "south", "draw")
    text = console.export_text()
    assert "Dice Race: you play the Red and the Green against the eager bot" in text
    assert "taken back" in text and "Game over" in text
    assert "red rolls" in text  # the log, rendered by the descriptor
    seats_played = {e["seat"] for e in tg.session.state.log if e["k"] == "roll"}
    assert seats_played == {"red", "blue", "green"}


def test_the_command_line_takes_the_game(tmp_path: Path) -> None:
    run = CliRunner().invoke
    r = run(app, ["selfplay", "--game", "dicerace", "-n", "3", "--check", "--verify", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["replay_mismatches"] == []
    r = run(app, ["arena", "-g", "dicerace", "--bots", "eager,random", "-n", "2", "-w", "1"])
    assert r.exit_code == 0, r.output
    assert "as The North" in r.output
    r = run(app, ["arena", "-g", "dicerace", "--bots", "eager", "-n", "2"])
    assert r.exit_code != 0 and "one bot per team" in r.output
    r = run(app, ["bench", "--game", "dicerace", "-n", "2", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["game"] == "dicerace"
    r = run(app, ["demo", "--game", "dicerace", "--scenario", "short"])
    assert r.exit_code == 0, r.output
    assert "Dice Race, Sprint scenario" in r.output
    r = run(app, ["selfplay", "--game", "dicerace", "--scenario", "historical"])
    assert r.exit_code != 0 and "unknown scenario 'historical'" in r.output
    for command in ("cards", "rules-coverage"):
        r = run(app, [command, "--game", "dicerace", "--tests", str(tmp_path)])
        assert r.exit_code == 2 and "Dice Race has no" in r.output
    saved = tmp_path / "race.json"
    r = run(
        app,
        ["play", "-g", "dicerace", "--as", "blue", "--vs", "random", "--save", str(saved)],
        input="1\n" * 400,
    )
    assert r.exit_code == 0, r.output
    r = run(app, ["replay", str(saved), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["game"] == "dicerace"
    r = run(app, ["replay", str(saved), "--game", "pog"])
    assert r.exit_code == 2 and "not of 'pog'" in r.output


def _view(client: TestClient, gid: str, token: str, **params: Any) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/view", params=params, headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text
    v: dict[str, Any] = r.json()
    return v


def test_the_server_plays_it_with_a_team_in_one_hand(tmp_path: Path) -> None:
    store = GameStore(str(tmp_path / "games.sqlite"))
    with TestClient(create_app(store=store)) as client:
        meta = client.get("/api/meta", params={"game": "dicerace"}).json()
        assert meta["seats"] == ["red", "blue", "green"] and meta["bots"] == ["eager", "random"]
        assert meta["seat_groups"]["2"] == [["red", "green"], ["blue"]]
        assert client.get("/api/data", params={"game": "dicerace"}).status_code == 404
        refused = client.post("/api/games", json={"game": "dicerace", "players": [["red", "blue"]]})
        assert refused.status_code == 400 and "may not hold red, blue" in refused.text
        r = client.post(
            "/api/games",
            json={
                "game": "dicerace",
                "scenario": "short",
                "options": {"goal": 15},
                "seats": {"blue": "eager"},
                "players": [["red", "green"]],
                "seed": 9,
            },
        )
        assert r.status_code == 201, r.text
        doc = r.json()
        gid, token = doc["id"], doc["tokens"]["red"]
        assert doc["tokens"] == {"red": token, "green": token}
        assert doc["game"]["game"] == "dicerace" and doc["game"]["engine_version"] == "1"
        v = _view(client, gid, token)
        assert v["held"] == ["red", "green"] and v["seat"] == "red" and v["serial"] == 0
        assert v["log"][0]["text"] == "The race to 15 begins"
        r = client.post(
            f"/api/games/{gid}/action",
            headers={"X-Seat-Token": token},
            json={"action": "plan safe", "serial": 0},
        )
        assert r.status_code == 200 and r.json()["view"]["can_undo"]
        r = client.post(
            f"/api/games/{gid}/undo", headers={"X-Seat-Token": token}, json={"serial": 1}
        )
        assert r.status_code == 200, r.text
        for _ in range(200):
            v = _view(client, gid, token)
            while v["bots_to_move"]:  # blue's bot plays in the background
                time.sleep(0.01)
                v = _view(client, gid, token)
            if v["over"]:
                break
            assert v["to_act"] in ("red", "green") and v["seat"] == v["to_act"]
            r = client.post(
                f"/api/games/{gid}/action",
                headers={"X-Seat-Token": token},
                json={"action": v["legal"][0], "serial": v["serial"]},
            )
            assert r.status_code == 200, r.text
        assert v["over"] and v["result"]["outcome"] in ("north", "south", "draw")
        assert _view(client, gid, token, seat="green")["seat"] == "green"
        listed = client.get("/api/games").json()["games"][0]
        assert listed["game"] == "dicerace" and listed["over"]
        assert listed["seats"] == {
            "red": {"kind": "human"},
            "blue": {"kind": "bot", "bot": "eager"},
            "green": {"kind": "human"},
        }
        rep = client.get(f"/api/games/{gid}/replay", params={"seat": "blue", "step": 6})
        assert rep.status_code == 200 and rep.json()["seat"] == "blue"
        every = client.get(f"/api/games/{gid}/replay", params={"seat": "all", "step": 6})
        assert every.status_code == 400  # Dice Race has no web face to show every seat
        record = client.get(f"/api/games/{gid}/record").json()
        assert record["game"] == "dicerace" and record["actions"][1] == "undo"
    # The store alone rebuilds the same position.
    live = GameService(store).load(gid)
    assert live.problem is None and live.row.version == "1"
    g = game("dicerace")
    assert g.hash(live.ok().state) == g.hash(replay(g, GameRecord.from_json(record)))
    store.close()


def test_bench_writes_a_profile_that_pstats_reads(tmp_path: Path) -> None:
    """``greatwar bench --profile`` (core, any game)."""
    path = tmp_path / "bench.prof"
    r = CliRunner().invoke(
        app, ["bench", "--game", "dicerace", "-n", "2", "--json", "--profile", str(path)]
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout.strip().splitlines()[-1])["games"] == 2
    stats = pstats.Stats(str(path))
    # The run itself was profiled: the games' own functions are in it.
    assert any(name == "play_random" for _, _, name in stats.stats)  # type: ignore[attr-defined]
    r = CliRunner().invoke(app, ["bench", "--help"])
    assert "--profile" in r.output and "pstats" in r.output and "snakeviz" in r.output
