"""Stored games name their game and its engine version; stores made before versions were
recorded still load and play on; a record of an unknown game is refused with a clear reason."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from greatwar.core.games import game
from greatwar.server import GameStore, create_app
from greatwar.server.games import GameService
from tests.server.conftest import act, create, view

DATA = Path(__file__).parent / "data"

# store-before-versions.sql: a store written by greatwar before games recorded their engine
# version (commit 7e91d23), dumped with sqlite3's .dump. What that code said about its games:
HUMANS = "8a9ad157a6"  # campaign, two humans, 13 record entries (one undo), CP to act
HUMAN_TOKENS = {"ap": "JVfXirXEdW54eDMz8Oup18xsxjtfK8bq", "cp": "dtgRQhov2NHiXnqx6ZlGWZxyV1YZn027"}
BOTS = "1b20d41d2d"  # introductory, random against random, finished: a draw with VP 12
MIXED = "1c475f89fc"  # limited with trench_mod, a human AP against the heuristic bot
MIXED_TOKEN = "GmGopkiLFmziO0AKhtXXyVg-yDjnDnEy"
HASHES = {
    # The stacking fix of the review (issue 19, 10.1.2) keeps more in the movement frame.
    HUMANS: "650d2089a542a1d340562281fc32e863",
    # The review's rules fixes (issue 19: Arabia no longer changes hands in the Attrition Phase)
    # change where this finished random game ends; it still replays and ends in its draw.
    BOTS: "35d01fe1961b1a787045c8d475c6b2a8",
    MIXED: "fdc40b164654272c27a457427e674ebc",
}


def old_store(tmp_path: Path) -> GameStore:
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as conn:
        conn.executescript((DATA / "store-before-versions.sql").read_text(encoding="utf-8"))
    return GameStore(str(path))


def test_games_stored_before_versions_load_to_the_same_positions(tmp_path: Path) -> None:
    store = old_store(tmp_path)
    service = GameService(store)
    for gid, digest in HASHES.items():
        live = service.load(gid)
        assert live.problem is None, live.problem
        assert live.row.game == "pog" and live.row.version is None
        assert game("pog").hash(live.ok().state) == digest
    store.close()


def test_games_stored_before_versions_play_on(tmp_path: Path) -> None:
    store = old_store(tmp_path)
    with TestClient(create_app(store=store)) as client:
        listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
        assert set(listed) == set(HASHES)
        assert listed[BOTS]["over"] and listed[BOTS]["result"]["outcome"] == "draw"
        assert listed[HUMANS]["game"] == "pog" and listed[HUMANS]["engine_version"] is None
        v = view(client, HUMANS, HUMAN_TOKENS["cp"])
        assert (v["seat"], v["to_act"], v["serial"], v["log_len"]) == ("cp", "cp", 11, 19)
        r = act(client, HUMANS, HUMAN_TOKENS["cp"], v["legal"][0], v["serial"])
        assert r.status_code == 200, r.text
        assert r.json()["view"]["serial"] == 12
        v = view(client, MIXED, MIXED_TOKEN)
        assert v["seat"] == "ap" and v["options"]["trench_mod"] is True
        replay = client.get(f"/api/games/{BOTS}/replay", params={"seat": "both", "step": 170})
        assert replay.status_code == 200 and replay.json()["result"]["vp"] == 12
    store.close()
    # The upgraded store keeps the new action, and new games record their version.
    store = GameStore(str(tmp_path / "old.sqlite"))
    assert len(store.actions(HUMANS)) == 14
    with TestClient(create_app(store=store)) as client:
        gid, _ = create(client, scenario="introductory")
        assert client.get(f"/api/games/{gid}").json()["engine_version"] == game("pog").version
    assert store.get(gid).version == game("pog").version  # type: ignore[union-attr]
    store.close()


def test_a_stored_game_of_an_unknown_game_is_refused(client: TestClient, store: GameStore) -> None:
    gid, tokens = create(client, scenario="introductory")
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE games SET game = 'chess' WHERE id = :id"), {"id": gid})
    fresh = TestClient(create_app(store=store))
    r = fresh.get(f"/api/games/{gid}")
    assert r.status_code == 200
    assert "unknown game 'chess'" in r.json()["problem"]
    r = fresh.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": tokens["ap"]})
    assert r.status_code == 409 and "unknown game 'chess'" in r.json()["detail"]
    listed = {g["id"]: g for g in fresh.get("/api/games").json()["games"]}
    assert "unknown game 'chess'" in listed[gid]["problem"]


def test_a_game_of_an_unknown_kind_cannot_be_created(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "chess"})
    detail = r.json()["detail"]
    assert r.status_code == 400 and "unknown game" in detail and "chess" not in detail
    assert client.get("/api/meta", params={"game": "chess"}).status_code == 400
    assert client.get("/api/data", params={"game": "chess"}).status_code == 400


def test_options_are_stored_normalised(client: TestClient, store: GameStore) -> None:
    gid, _ = create(client, scenario="historical", options={"tournament": True})
    row = store.get(gid)
    assert row is not None
    assert row.options == game("pog").normalise_options("historical", {"tournament": True})
    assert row.options["hand8"] is True  # 5.7.4: the Historical scenario always has them
    bad = client.post("/api/games", json={"options": {"hand9": True}})
    detail = bad.json()["detail"]  # what the game has, never what was sent
    assert bad.status_code == 400 and "unknown option" in detail and "hand9" not in detail
    assert "hand8" in detail


def test_meta_comes_from_the_descriptor(client: TestClient) -> None:
    m = client.get("/api/meta").json()
    g = game("pog")
    assert m["game"] == "pog" and m["seats"] == list(g.seats)
    assert [s["id"] for s in m["scenarios"]] == [s.id for s in g.scenarios()]
    assert m["options"]["optional_cards"]["choices"] == ["none", "all", "select"]
    assert m["teams"] == [
        {"id": "ap", "name": "Allied Powers", "seats": ["ap"]},
        {"id": "cp", "name": "Central Powers", "seats": ["cp"]},
    ]
    assert m["seat_groups"] == {"1": [["ap", "cp"]], "2": [["ap"], ["cp"]]}
    assert "heuristic" in m["bots"] and "random" in m["bots"]


def test_stored_numbers_json_cannot_carry_are_never_sent(
    client: TestClient, store: GameStore
) -> None:
    """A row edited by hand (or imported before imports were checked): infinite times, and
    JSON columns holding Infinity or 1e400. Every answer stays JSON a browser can read (issue
    28, item 5): the times are read as 0, the summary as empty, the options as a problem."""
    import json

    def strict(body: str) -> object:
        def refuse(name: str) -> object:
            raise ValueError(name)

        return json.loads(body, parse_constant=refuse)

    gid, tokens = create(client, scenario="introductory")
    other, _ = create(client, scenario="introductory")
    r = client.post(f"/api/games/{gid}/chat", headers={"X-Seat-Token": tokens["ap"]},
                    json={"text": "hello"})  # fmt: skip
    assert r.status_code == 201, r.text
    with store.engine.begin() as conn:
        conn.execute(
            text("UPDATE games SET created = :x, updated = :x, summary = :s WHERE id = :id"),
            {"x": float("inf"), "s": '{"turn": Infinity, "to_act": "ap"}', "id": gid},
        )
        conn.execute(
            text("UPDATE games SET options = :o WHERE id = :id"),
            {"o": '{"hand8": 1e400}', "id": other},
        )
        conn.execute(text("UPDATE chat SET at = :x"), {"x": float("-inf")})
    fresh = TestClient(create_app(store=store, bot_workers=0))
    r = fresh.get("/api/games")
    listed = {g["id"]: g for g in strict(r.text)["games"]}  # type: ignore[index]
    assert listed[gid]["created"] == 0 and listed[gid]["problem"] is None
    assert "turn" not in listed[gid]
    assert "options" in listed[other]["problem"]
    g = strict(fresh.get(f"/api/games/{gid}").text)
    assert g["created"] == 0 and g["problem"] is None  # type: ignore[index]
    g = strict(fresh.get(f"/api/games/{other}").text)
    assert "options" in g["problem"]  # type: ignore[index]
    r = fresh.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": tokens["ap"]})
    assert r.status_code == 200 and strict(r.text)
    r = fresh.get(f"/api/games/{gid}/chat", headers={"X-Seat-Token": tokens["ap"]})
    assert r.status_code == 200 and strict(r.text) == {"messages": [
        {"n": 0, "seat": "ap", "text": "hello", "at": 0.0}]}  # fmt: skip


def test_an_answer_that_is_not_json_is_never_sent(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were a value JSON cannot carry to reach an answer, the server refuses to send it (a
    500 in JSON), rather than send ``NaN`` (issue 28, item 5)."""
    import json

    app = create_app(store=store, bot_workers=0)
    client = TestClient(app, raise_server_exceptions=False)
    gid, _ = create(client, scenario="introductory")
    service = app.state.service
    monkeypatch.setattr(service, "describe", lambda live: {"id": live.id, "x": float("nan")})
    r = client.get(f"/api/games/{gid}")
    assert r.status_code == 500 and "NaN" not in r.text
    assert json.loads(r.text)["kind"] == "internal"
