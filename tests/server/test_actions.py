"""Acting through the server: bad input is refused with a 4xx and changes nothing; undo; bots."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from greatwar.server import GameStore
from tests.server.conftest import act, create, finished, play, settled, view


def _snapshot(client: TestClient, store: GameStore, gid: str, token: str) -> tuple[Any, ...]:
    v = view(client, gid, token)
    return v["serial"], v["version"], v["board"], v["cards"], len(store.actions(gid))


@pytest.mark.parametrize(
    ("action", "status", "kind", "words"),
    [
        ("fly to the moon", 400, "malformed", "unknown verb"),
        ("play ops", 400, "malformed", "malformed"),
        ("move nobody nowhere", 400, "malformed", "not a valid"),
        ("", 400, "malformed", "empty"),
        ("done", 422, "illegal", "not legal"),
        ("play ops ap01", 422, "illegal", "not legal"),
        ("move ge_1 paris", 422, "illegal", "not legal"),
    ],
)
def test_bad_actions_get_a_4xx_and_change_nothing(
    client: TestClient, store: GameStore, action: str, status: int, kind: str, words: str
) -> None:
    gid, tokens = create(client)
    before = _snapshot(client, store, gid, tokens["cp"])
    r = act(client, gid, tokens["cp"], action, before[0])
    assert r.status_code == status, r.text
    assert r.json()["kind"] == kind
    assert words in r.json()["detail"]
    assert _snapshot(client, store, gid, tokens["cp"]) == before


def test_a_stale_action_is_refused(client: TestClient, store: GameStore) -> None:
    gid, tokens = create(client)
    v = view(client, gid, tokens["cp"])
    first = v["legal"][0]
    assert act(client, gid, tokens["cp"], first, v["serial"]).status_code == 200
    v2 = view(client, gid, tokens[view(client, gid, tokens["cp"])["to_act"]])
    before = _snapshot(client, store, gid, tokens[v2["seat"]])
    # the same seat sends an action against the position it saw before
    r = act(client, gid, tokens[v2["seat"]], v2["legal"][0], v["serial"])
    assert r.status_code == 409, r.text
    assert r.json()["kind"] == "stale" and "stale" in r.json()["detail"]
    r = act(client, gid, tokens[v2["seat"]], v2["legal"][0], v2["serial"] + 5)
    assert r.status_code == 409
    assert _snapshot(client, store, gid, tokens[v2["seat"]]) == before


def test_missing_or_wrong_fields_are_refused(client: TestClient, store: GameStore) -> None:
    gid, tokens = create(client)
    before = _snapshot(client, store, gid, tokens["cp"])
    h = {"X-Seat-Token": tokens["cp"]}
    for body in ({"action": "done"}, {"serial": 0}, {"action": 5, "serial": "x"}, None):
        r = client.post(f"/api/games/{gid}/action", headers=h, json=body)
        assert 400 <= r.status_code < 500, r.text
    assert client.get("/api/games/nosuchgame/view", headers=h).status_code == 404
    assert _snapshot(client, store, gid, tokens["cp"]) == before


def test_bad_game_settings_are_refused(client: TestClient) -> None:
    bad = [
        {"scenario": "grand_war"},
        {"scenario": "historical", "options": {"hand9": True}},
        {"scenario": "campaign", "options": {"optional_cards": "some"}},
        {"scenario": "historical", "seats": {"ap": "wizard", "cp": "human"}},
        {"scenario": "historical", "seats": {"ap": "human", "xx": "human"}},
    ]
    for body in bad:
        r = client.post("/api/games", json=body)
        assert r.status_code in (400, 422), (body, r.text)
        assert r.json()["detail"]
    assert client.get("/api/games").json()["games"] == []


def test_undo_takes_back_the_seats_own_decision(client: TestClient, store: GameStore) -> None:
    gid, tokens = create(client, seed=5)
    # find a decision that can be taken back (a movement or activation choice)
    for _ in range(40):
        v = view(client, gid, tokens["cp"])
        seat = v["to_act"]
        v = view(client, gid, tokens[seat])
        pick = next((a for a in v["legal"] if a != "done"), v["legal"][0])
        r = act(client, gid, tokens[seat], pick, v["serial"])
        assert r.status_code == 200
        after = r.json()["view"]
        if after["can_undo"]:
            break
    else:
        pytest.fail("no undoable decision came up")
    other = "ap" if seat == "cp" else "cp"
    r = client.post(
        f"/api/games/{gid}/undo",
        headers={"X-Seat-Token": tokens[other]},
        json={"serial": after["serial"]},
    )
    assert r.status_code == 422  # the other seat has nothing to undo
    r = client.post(
        f"/api/games/{gid}/undo",
        headers={"X-Seat-Token": tokens[seat]},
        json={"serial": after["serial"] - 1},
    )
    assert r.status_code == 409  # stale
    r = client.post(
        f"/api/games/{gid}/undo",
        headers={"X-Seat-Token": tokens[seat]},
        json={"serial": after["serial"]},
    )
    assert r.status_code == 200, r.text
    back = r.json()["view"]
    assert back["serial"] == v["serial"] and back["board"] == v["board"]
    assert back["legal"] == v["legal"]
    assert [t for _, t, _ in store.actions(gid)][-1] == "undo"


def test_bots_move_server_side(client: TestClient) -> None:
    gid, tokens = create(client, ap="human", cp="random", seed=11)
    assert set(tokens) == {"ap"}
    v = settled(client, gid, tokens["ap"])
    # the Central Powers move first; their bot has played up to the Allies' decision
    assert v["to_act"] == "ap" and v["legal"]
    assert any(e["k"].startswith("card.") and e.get("s") == "cp" for e in v["log"])
    for _ in range(30):
        pick = next((a for a in v["legal"] if a != "done"), v["legal"][0])
        r = act(client, gid, tokens["ap"], pick, v["serial"])
        assert r.status_code == 200
        v = settled(client, gid, tokens["ap"])
        assert v["to_act"] == "ap" or v["over"]
    assert v["round"] > 1 or v["turn"] > 1


def test_a_game_between_bots_is_played_to_the_end(client: TestClient) -> None:
    gid, tokens = create(client, ap="random", cp="random", seed=2, scenario="introductory")
    assert tokens == {}
    g = finished(client, gid)
    assert g["over"] and g["result"]["outcome"]
    games = client.get("/api/games").json()["games"]
    assert games[0]["id"] == gid and games[0]["over"]
    rec = client.get(f"/api/games/{gid}/record").json()
    assert rec["format"] == "greatwar.record/1" and len(rec["actions"]) == g["actions"]
    both = client.get(f"/api/games/{gid}/replay", params={"seat": "both", "step": 20}).json()
    assert set(both["cards"]["hands"]) == {"ap", "cp"} and both["step"] == 20
    end = client.get(f"/api/games/{gid}/replay", params={"seat": "cp", "step": 10**6}).json()
    assert end["step"] == g["actions"] and end["result"]
    start = client.get(f"/api/games/{gid}/replay", params={"seat": "ap", "step": 0}).json()
    assert start["entry"] is None and start["serial"] == 0


def test_the_log_is_sent_in_slices(client: TestClient) -> None:
    gid, tokens = create(client)
    full = view(client, gid, tokens["cp"])
    n, h = full["log_len"], full["log_hash"]
    v = play(client, gid, tokens, 3)
    r = client.get(
        f"/api/games/{gid}/view",
        headers={"X-Seat-Token": tokens[v["seat"]]},
        params={"log_from": n, "log_hash": h} if v["seat"] == "cp" else {},
    )
    part = r.json()
    if v["seat"] == "cp":
        assert part["log_start"] == n and len(part["log"]) == part["log_len"] - n
    # a wrong digest gets the whole log again
    r = client.get(
        f"/api/games/{gid}/view",
        headers={"X-Seat-Token": tokens["cp"]},
        params={"log_from": n, "log_hash": 12345},
    )
    assert r.json()["log_start"] == 0 and all("text" in e for e in r.json()["log"])
