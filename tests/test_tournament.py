"""The tournament kit (issue 15): pairings, a bots' tournament played to its exported results
with every game's record (replayed here), and a tournament between people created on a store,
its links, its next round and its results."""

from __future__ import annotations

import csv
import io
import json
import re
import time
import warnings
from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner

from greatwar.cli import app
from greatwar.core.games import game
from greatwar.core.session import load_record, replay_checked
from greatwar.server.games import GameService
from greatwar.server.store import GameStore
from greatwar.tournament import (
    BYE,
    Result,
    Tournament,
    collect,
    create_games,
    next_round,
    round_robin,
    run_bots,
    standings,
    swiss,
)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

    from greatwar.server import create_app


# -- pairings ----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 10, 13])
def test_a_round_robin_pairs_everyone_once_and_nobody_twice_a_round(n: int) -> None:
    players = [f"p{i}" for i in range(n)]
    pairings = round_robin(players)
    games = [frozenset((p.white, p.black)) for p in pairings if p.black != BYE]
    assert sorted(map(sorted, games)) == sorted(
        map(sorted, map(frozenset, combinations(players, 2)))
    )
    for r in {p.round for p in pairings}:
        seated = [x for p in pairings if p.round == r for x in (p.white, p.black) if x != BYE]
        assert len(seated) == len(set(seated))
    whites = [p.white for p in pairings if p.black != BYE]
    assert max(whites.count(x) for x in players) - min(whites.count(x) for x in players) <= 1
    assert all(p.white != BYE for p in pairings)


def _won(round_no: int, table: int, white: str, black: str) -> Result:
    return Result(
        round_no,
        table,
        1,
        {"ap": white, "cp": black},
        status="over",
        outcome="ap",
        winner=white,
        points={white: 1.0, black: 0.0},
    )


def test_swiss_pairs_equal_scores_without_rematches_and_a_fair_bye() -> None:
    players = ["a", "b", "c", "d", "e"]
    first = swiss(players, [], 1, seed=3)
    assert sum(p.black == BYE for p in first) == 1
    results = [_won(1, p.table, p.white, p.black) for p in first if p.black != BYE]
    bye1 = next(p.white for p in first if p.black == BYE)
    results.append(Result(1, 3, 0, {"bye": bye1}, status="bye", points={bye1: 1.0}))
    second = swiss(players, results, 2, seed=3)
    met = {frozenset(r.sides.values()) for r in results if r.status == "over"}
    for p in second:
        if p.black == BYE:
            assert p.white != bye1  # nobody gets two byes while another can take one
        else:
            assert frozenset((p.white, p.black)) not in met
    # the winners of round 1 (and the bye) meet each other when they can
    table = standings(players, results)
    top = {row["player"] for row in table if row["points"] == 1}
    assert len(top) == 3
    paired_top = [p for p in second if p.black != BYE and {p.white, p.black} <= top]
    assert len(paired_top) == 1


# -- bots ----------------------------------------------------------------------------------------


def test_a_bots_round_robin_exports_results_with_replayable_records(tmp_path: Path) -> None:
    doc = run_bots(["random", "heuristic", "random"], "qmg1914", per_pairing=2, seed=5, workers=1)
    assert doc["players"] == ["random#1", "heuristic", "random#2"]
    games_ = [x for x in doc["games"] if x["status"] != "bye"]
    assert len(games_) == 3 * 2  # three pairs, two games each
    assert sum(x["status"] == "bye" for x in doc["games"]) == 3  # one bye a round
    g = game("qmg1914")
    for x in games_:
        assert x["status"] == "over", x["error"]
        gg, record = load_record(x["record"], "qmg1914")
        session = replay_checked(gg, record)  # the record is the game: it reaches its end
        assert session.outcome is not None
        assert session.outcome["outcome"] == x["outcome"]
        assert x["winner"] == x["sides"].get(x["outcome"])
        assert record.seed == x["seed"]
    # each pair's two games share a seed with the sides swapped
    for a, b in zip(games_[::2], games_[1::2], strict=True):
        assert a["seed"] == b["seed"] and a["table"] == b["table"]
        assert list(a["sides"].values()) == list(b["sides"].values())[::-1]
    points = {row["player"]: row["points"] for row in doc["standings"]}
    assert sum(points.values()) == len(games_) + 3 * 2  # a point a game, two a bye
    assert g.id == doc["game"]


def test_the_command_plays_a_swiss_and_writes_csv_and_json(tmp_path: Path) -> None:
    out = tmp_path / "res"
    r = CliRunner().invoke(
        app,
        [
            "tournament",
            "bots",
            "random",
            "random",
            "random",
            "random",
            "--game",
            "qmg1914",
            "--system",
            "swiss",
            "--rounds",
            "2",
            "--per-pairing",
            "1",
            "-w",
            "1",
            "--out",
            str(out),
        ],
    )
    assert r.exit_code == 0, r.output
    doc = json.loads((out / "results.json").read_text())
    rows = list(csv.DictReader(io.StringIO((out / "results.csv").read_text())))
    assert len(rows) == len(doc["games"]) == 4
    assert [row["round"] for row in rows] == ["1", "1", "2", "2"]
    pairs = [frozenset((row["first"], row["second"])) for row in rows]
    assert len(set(pairs)) == 4  # no rematch in round 2
    table = list(csv.DictReader(io.StringIO((out / "standings.csv").read_text())))
    assert [int(x["rank"]) for x in table] == [1, 2, 3, 4]
    assert sum(float(x["points"]) for x in table) == 4
    r = CliRunner().invoke(app, ["tournament", "bots", "random", "random", "--max-games", "1"])
    assert r.exit_code != 0 and "max-games" in r.output
    r = CliRunner().invoke(app, ["tournament", "bots", "random", "nobody"])
    assert r.exit_code != 0 and "unknown bot" in r.output


# -- people on a store ------------------------------------------------------------------------


def test_players_games_on_a_store_links_next_round_and_results(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    file = tmp_path / "t.json"
    r = CliRunner().invoke(
        app,
        [
            "tournament",
            "players",
            "ann",
            "bob",
            "cat",
            "dan",
            "--db",
            db,
            "--file",
            str(file),
            "--scenario",
            "introductory",
            "--bid",
            "cp:2",
            "--clock",
            "48/12/96",
            "--system",
            "swiss",
            "--rounds",
            "2",
            "--public-url",
            "https://pog.example.org",
        ],
    )
    assert r.exit_code == 0, r.output
    t = Tournament.load(file)
    assert len(t.games) == 2 and "token" not in file.read_text()
    links = re.findall(r"https://pog\.example\.org/play/(\w+)#([\w-]+)", r.output)
    assert len(links) == 4 and len({gid for gid, _ in links}) == 2
    store = GameStore(db)
    try:
        service = GameService(store)
        for entry in t.games:
            live = service.load(entry["id"])
            assert live.row.scenario == "introductory"
            assert live.row.options["bid"] == {"side": "cp", "vp": 2}
            assert live.clock is not None and live.clock["rule"]["increment"] == 12 * 3600
        # the next round waits for the games of this one
        with pytest.raises(ValueError, match="not over"):
            next_round(service, t, "https://pog.example.org")
        # the links are the players' seats: each one acts in its own game
        with TestClient(create_app(store=store)) as client:
            for gid, token in links:
                v = client.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": token})
                assert v.status_code == 200
        results = collect(service, t)
        assert [x.status for x in results] == ["playing", "playing"]
        # 49 hours later, the player to act in each game has run out of time
        late = GameService(store, now=lambda: time.time() + 49 * 3600)
        for entry in t.games:
            assert late.flag_if_due(late.load(entry["id"]))
        service = GameService(store)
        results = collect(service, t)
        assert all(x.status == "over" and x.reason == "time" and x.record for x in results)
        links2 = next_round(service, t, "https://pog.example.org")
        assert len({x.game_id for x in links2}) == 2 and len(t.games) == 4
        winners = {x.winner for x in results}
        assert {x.player for x in links2 if x.table == 1} == winners  # the winners meet
    finally:
        store.close()
    t.save(file)
    out = tmp_path / "res"
    r = CliRunner().invoke(app, ["tournament", "results", str(file), "--db", db, "--out", str(out)])
    assert r.exit_code == 0, r.output
    doc = json.loads((out / "results.json").read_text())
    assert [x["status"] for x in doc["games"]] == ["over", "over", "playing", "playing"]
    over = [x for x in doc["games"] if x["status"] == "over"]
    for x in over:
        g, record = load_record(x["record"])
        assert replay_checked(g, record).outcome == {
            "outcome": x["outcome"],
            "reason": "time",
            "seat": record.actions[-1].split()[1],
        }
    assert [row["points"] for row in doc["standings"]][:2] == [1.0, 1.0]


def test_create_games_gives_each_person_one_link_per_game(tmp_path: Path) -> None:
    store = GameStore(str(tmp_path / "g.sqlite"))
    try:
        service = GameService(store)
        t = Tournament(
            "t", "qmg1914", "standard", None, "slow", "round-robin", 3, 1, ["x", "y", "z"]
        )
        links = create_games(service, t, round_robin(["x", "y", "z"]), "http://h")
        assert len(t.games) == 6 and sum(1 for e in t.games if not e["id"]) == 3  # byes
        assert len(links) == 6  # two people a game, three games
        for player in "xyz":
            assert len([x for x in links if x.player == player]) == 2
        live = service.load(links[0].game_id)
        assert len(live.row.seats) == 5  # every power, held by two people
    finally:
        store.close()
