"""Seats and tokens: who may act, and what each seat is told."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from greatwar.server import GameStore
from tests.server.conftest import act, create, play, settled, view


def _state(client: TestClient, gid: str) -> tuple[int, int]:
    g = client.get(f"/api/games/{gid}").json()
    return g["serial"], g["actions"]


def test_a_request_without_a_valid_token_is_refused(client: TestClient) -> None:
    gid, _tokens = create(client)
    before = _state(client, gid)
    for headers in ({}, {"X-Seat-Token": ""}, {"X-Seat-Token": "not-a-token"}):
        r = client.get(f"/api/games/{gid}/view", headers=headers)
        assert r.status_code == 401, r.text
        assert "token" in r.json()["detail"]
        r = client.post(
            f"/api/games/{gid}/action", headers=headers, json={"action": "done", "serial": 0}
        )
        assert r.status_code == 401
        r = client.post(f"/api/games/{gid}/undo", headers=headers, json={"serial": 0})
        assert r.status_code == 401
    # a token of another game is no token of this one
    _other, other_tokens = create(client, seed=4)
    r = client.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": other_tokens["ap"]})
    assert r.status_code == 401
    assert _state(client, gid) == before


def test_one_seat_cannot_act_for_the_other(client: TestClient) -> None:
    gid, tokens = create(client)
    cp = view(client, gid, tokens["cp"])
    assert cp["to_act"] == "cp" and cp["legal"]
    before = _state(client, gid)
    # the Allies try a Central Powers action, with the right serial
    r = act(client, gid, tokens["ap"], cp["legal"][0], cp["serial"])
    assert r.status_code == 403, r.text
    assert r.json()["kind"] == "not_your_turn"
    assert _state(client, gid) == before
    ap = view(client, gid, tokens["ap"])
    assert ap["legal"] == [] and ap["prompt"] is None
    # the right seat can
    r = act(client, gid, tokens["cp"], cp["legal"][0], cp["serial"])
    assert r.status_code == 200, r.text
    assert r.json()["view"]["seat"] == "cp"


def _private_cards(v_cp: dict[str, Any], v_ap: dict[str, Any]) -> set[str]:
    """The CP hand minus the cards the Allies have been told about (in their log)."""
    told = {x for e in v_ap["log"] for x in e.get("a", {}).values() if isinstance(x, str)}
    return set(v_cp["cards"]["hand"]) - told


def _hands(doc: Any) -> list[Any]:
    found = []
    if isinstance(doc, dict):
        for k, x in doc.items():
            if k == "hand" and isinstance(x, list):
                found.append(x)
            found.extend(_hands(x))
    elif isinstance(doc, list):
        for x in doc:
            found.extend(_hands(x))
    return found


def test_the_other_hand_never_appears(client: TestClient, store: GameStore) -> None:
    gid, tokens = create(client, seed=None)  # the server draws the seed
    row = store.get(gid)
    assert row is not None
    seed = row.seed
    seen: list[Any] = []  # every answer the Allies get
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": tokens["ap"]})
        seen.append(ws.receive_json())
        for _ in range(25):
            v_cp = view(client, gid, tokens["cp"])
            seat = v_cp["to_act"]
            v = v_cp if seat == "cp" else view(client, gid, tokens["ap"])
            if seat == "ap":
                seen.append(v)
            pick = next((a for a in v["legal"] if a != "done"), v["legal"][0])
            r = act(client, gid, tokens[seat], pick, v["serial"])
            assert r.status_code == 200
            if seat == "ap":
                seen.append(r.json())
            seen.append(ws.receive_json())  # every change reaches the Allies' socket
        v_ap = view(client, gid, tokens["ap"])
        v_cp = view(client, gid, tokens["cp"])
        seen.append(v_ap)
        seen.append(client.get(f"/api/games/{gid}").json())
        seen.append(client.get("/api/games").json())
        seen.append(
            client.get(
                f"/api/games/{gid}/replay",
                params={"seat": "ap", "step": 10},
                headers={"X-Seat-Token": tokens["ap"]},
            ).json()
        )
    private = _private_cards(v_cp, v_ap)
    assert private, "the test needs Central Powers cards the Allies do not know"
    text = json.dumps(seen)
    for card in private:
        assert (f'"{card}"' in text) is False, card
    for hand in _hands(seen):
        assert all(c.startswith("ap") for c in hand), hand
    assert (tokens["cp"] in text or tokens["ap"] in text) is False
    assert (str(seed) in text) is False  # the seed would give away every shuffle


def test_the_replay_of_a_running_game_is_only_from_your_own_seat(client: TestClient) -> None:
    gid, tokens = create(client)
    play(client, gid, tokens, 3)
    url = f"/api/games/{gid}/replay"
    ok = client.get(url, params={"seat": "cp", "step": 2}, headers={"X-Seat-Token": tokens["cp"]})
    assert ok.status_code == 200 and ok.json()["step"] == 2
    assert ok.json()["cards"]["hand"] and all(
        c.startswith("cp") for c in ok.json()["cards"]["hand"]
    )
    r = client.get(url, params={"seat": "cp", "step": 2}, headers={"X-Seat-Token": tokens["ap"]})
    assert r.status_code == 403
    r = client.get(url, params={"seat": "both", "step": 2}, headers={"X-Seat-Token": tokens["ap"]})
    assert r.status_code == 403
    r = client.get(url, params={"seat": "cp", "step": 2})
    assert r.status_code in (401, 403)
    assert client.get(f"/api/games/{gid}/record").status_code == 403


def test_websocket_needs_a_token(client: TestClient) -> None:
    gid, tokens = create(client)
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": "wrong"})
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["status"] == 401
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": tokens["cp"]})
        msg = ws.receive_json()
        assert msg["type"] == "view" and msg["view"]["seat"] == "cp" and msg["view"]["legal"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_one_person_may_hold_several_seats(client: TestClient) -> None:
    """One token for both sides (Paths of Glory's one-person grouping): the view follows the
    seat to act, the person acts for whichever held seat is to act, and may ask for either."""
    r = client.post(
        "/api/games",
        json={"scenario": "historical", "seed": 4, "players": [["ap", "cp"]]},
    )
    assert r.status_code == 201, r.text
    doc = r.json()
    gid, tokens = doc["id"], doc["tokens"]
    assert tokens["ap"] == tokens["cp"]
    assert doc["players"] == [
        {"seats": ["ap", "cp"], "token": tokens["ap"], "link": f"/play/{gid}#{tokens['ap']}"}
    ]
    token = tokens["ap"]
    for _ in range(6):
        v = view(client, gid, token)
        assert v["held"] == ["ap", "cp"] and v["seat"] == v["to_act"]
        r = act(client, gid, token, v["legal"][0], v["serial"])
        assert r.status_code == 200, r.text
    v = view(client, gid, token)
    other = "ap" if v["to_act"] == "cp" else "cp"
    r = client.get(
        f"/api/games/{gid}/view", params={"seat": other}, headers={"X-Seat-Token": token}
    )
    assert r.status_code == 200 and r.json()["seat"] == other and r.json()["legal"] == []


def test_seat_groups_are_checked(client: TestClient) -> None:
    def make(**body: object) -> tuple[int, str]:
        r = client.post("/api/games", json={"scenario": "introductory", **body})
        return r.status_code, r.json().get("detail", "")

    assert make(players=[["ap"], ["ap"]]) == (400, "seat ap is given to more than one person")
    code, why = make(players=[["ap", "xx"]])
    assert code == 400 and "unknown seat" in why and "xx" not in why
    code, why = make(seats={"cp": "random"}, players=[["ap", "cp"]])
    assert code == 400 and "played by a bot" in why
    code, why = make(players=[[]])
    assert code == 400
    code, why = make(seats={"ap": "human", "cp": "human", "de": "human"})
    assert code == 400 and "unknown seats" in why


def test_the_creator_keeps_only_their_own_seat(client: TestClient) -> None:
    r = client.post("/api/games", json={"scenario": "historical", "creator": "cp"})
    assert r.status_code == 201, r.text
    doc = r.json()
    gid = doc["id"]
    assert (
        doc["you"]["seats"] == ["cp"] and doc["you"]["link"] == f"/play/{gid}#{doc['you']['token']}"
    )
    assert [p["seats"] for p in doc["invites"]] == [["ap"]]
    assert doc["invites"][0]["token"] != doc["you"]["token"]
    assert view(client, gid, doc["you"]["token"])["seat"] == "cp"
    assert view(client, gid, doc["invites"][0]["token"])["seat"] == "ap"
    r = client.post("/api/games", json={"creator": "xx"})
    assert r.status_code == 400 and "creator" in r.json()["detail"]
    r = client.post("/api/games", json={"creator": "ap", "seats": {"ap": "random"}})
    assert r.status_code == 400  # the creator's seat is a human's
    r = client.post("/api/games", json={"seats": {"cp": "random"}})
    assert r.json()["you"]["seats"] == ["ap"] and r.json()["invites"] == []


def test_a_two_human_game_gets_a_seed_drawn_by_the_server_shown_when_it_ends(
    client: TestClient, store: GameStore
) -> None:
    doc = client.post("/api/games", json={"scenario": "introductory", "creator": "ap"}).json()
    gid = doc["id"]
    facts = client.get(f"/api/games/{gid}").json()
    assert facts["seeded"] is False and facts["seed"] is None and facts["seed_pending"] == []
    row = store.get(gid)
    assert row is not None and 0 <= row.seed < 2**62
    v = view(client, gid, doc["you"]["token"])
    assert v["seed"] is None and not v["seeded"]


def test_a_chosen_seed_waits_for_the_other_player_and_is_shown_to_both(
    client: TestClient, store: GameStore
) -> None:
    r = client.post("/api/games", json={"scenario": "campaign", "creator": "ap", "seed": 77})
    assert r.status_code == 201, r.text
    doc = r.json()
    gid, mine, theirs = doc["id"], doc["you"]["token"], doc["invites"][0]["token"]
    assert doc["game"]["seeded"] and doc["game"]["seed"] == 77
    assert doc["game"]["seed_pending"] == ["cp"]
    v = view(client, gid, theirs)
    assert v["seeded"] and v["seed"] == 77 and v["seed_pending"] == ["cp"]
    r = act(client, gid, theirs, v["legal"][0], v["serial"])
    assert r.status_code == 409 and r.json()["kind"] == "seed_pending"
    assert "77" in r.json()["detail"]
    # the creator cannot agree for the other player
    r = client.post(f"/api/games/{gid}/seed", headers={"X-Seat-Token": mine}, json={"agree": True})
    assert r.status_code == 422
    r = client.post(
        f"/api/games/{gid}/seed", headers={"X-Seat-Token": theirs}, json={"agree": True}
    )
    assert r.status_code == 200 and r.json()["seed_pending"] == []
    assert act(client, gid, theirs, v["legal"][0], v["serial"]).status_code == 200
    listed = client.get("/api/games").json()["games"][0]
    assert listed["id"] == gid and listed["seeded"] is True
    assert store.get(gid).extra == {"seeded": True, "seed_pending": []}  # type: ignore[union-attr]


def test_a_refused_seed_is_replaced_by_one_the_server_draws(
    client: TestClient, store: GameStore
) -> None:
    doc = client.post(
        "/api/games", json={"scenario": "campaign", "creator": "ap", "seed": 77}
    ).json()
    gid, theirs = doc["id"], doc["invites"][0]["token"]
    r = client.post(
        f"/api/games/{gid}/seed", headers={"X-Seat-Token": theirs}, json={"agree": False}
    )
    assert r.status_code == 200 and r.json() == {
        "ok": True,
        "seeded": False,
        "seed_pending": [],
        "seed": None,
    }
    row = store.get(gid)
    assert row is not None and row.seed != 77
    v = view(client, gid, theirs)
    assert not v["seeded"] and v["seed"] is None and v["legal"]
    assert act(client, gid, theirs, v["legal"][0], v["serial"]).status_code == 200
    r = client.post(
        f"/api/games/{gid}/seed", headers={"X-Seat-Token": theirs}, json={"agree": True}
    )
    assert r.status_code == 422  # nothing to answer any more


def test_a_chosen_seed_against_a_bot_needs_no_agreement(client: TestClient) -> None:
    doc = client.post(
        "/api/games", json={"scenario": "campaign", "seats": {"cp": "random"}, "seed": 5}
    ).json()
    assert doc["game"]["seeded"] and doc["game"]["seed"] == 5 and doc["game"]["seed_pending"] == []
    v = settled(client, doc["id"], doc["you"]["token"])
    assert v["to_act"] == "ap" and v["legal"]
