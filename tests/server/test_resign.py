"""Resigning through the server: at a decision of one's own, a record entry that replays to the
same end, answered once per request id, refused when it is not one's decision."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from greatwar.core.games import game
from greatwar.core.session import GameRecord, replay_checked
from tests.server.conftest import create, play, view


def resign(client: TestClient, gid: str, token: str, serial: int, **kw: Any) -> Any:
    return client.post(
        f"/api/games/{gid}/resign",
        headers={"X-Seat-Token": token, **kw.pop("headers", {})},
        json={"serial": serial, **kw},
    )


def test_a_seat_resigns_at_its_own_decision_and_the_record_replays_to_that_end(
    client: TestClient,
) -> None:
    gid, tokens = create(client)
    v = play(client, gid, tokens, 3)
    seat = v["to_act"]
    other = "ap" if seat == "cp" else "cp"
    r = resign(client, gid, tokens[other], v["serial"])
    assert r.status_code == 403 and r.json()["kind"] == "not_your_turn"
    r = resign(client, gid, tokens[seat], v["serial"] + 1)
    assert r.status_code == 409 and r.json()["kind"] == "stale"
    r = resign(client, gid, tokens[seat], v["serial"], headers={"X-Request-Id": "give-up-1"})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["result"] == {"outcome": other, "reason": "resign", "seat": seat}
    assert doc["view"]["over"] and doc["view"]["result"] == doc["result"]
    again = resign(client, gid, tokens[seat], v["serial"], headers={"X-Request-Id": "give-up-1"})
    assert again.status_code == 200 and again.json()["repeated"]
    later = resign(client, gid, tokens[seat], doc["serial"])
    assert later.status_code == 422 and later.json()["kind"] == "illegal"
    for token in tokens.values():
        seen = view(client, gid, token)
        assert seen["over"] and seen["result"]["reason"] == "resign"
        assert "resigned" in seen["log"][-1]["text"]
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["actions"][-1] == f"resign {seat}"
    replayed = replay_checked(game("pog"), GameRecord.from_json(record))
    assert replayed.outcome == doc["result"]
    facts = client.get(f"/api/games/{gid}").json()
    assert facts["over"] and facts["result"]["reason"] == "resign"


def test_a_quartermaster_general_power_resigns_for_its_team(client: TestClient) -> None:
    g = game("qmg1914")
    body = {"game": "qmg1914", "seats": dict.fromkeys(g.seats, "human")}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    gid, tokens = r.json()["id"], r.json()["tokens"]
    v = view(client, gid, tokens[g.seats[0]])
    seat = v["to_act"]
    r = resign(client, gid, tokens[seat], v["serial"])
    assert r.status_code == 200, r.text
    mine = next(t.id for t in g.teams() if seat in t.seats)
    assert r.json()["result"]["outcome"] != mine


def test_a_clocked_game_resigned_stops_its_clocks(client: TestClient) -> None:
    gid, tokens = create(client, clock="fast")
    v = view(client, gid, tokens["ap"])
    seat = v["to_act"]
    r = resign(client, gid, tokens[seat], v["serial"])
    assert r.status_code == 200, r.text
    clock = client.get(f"/api/games/{gid}").json()["clock"]
    assert clock["running"] is None and clock["deadline"] is None
