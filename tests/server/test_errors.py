"""One error shape everywhere, the documented statuses, size limits, options checked before
they are stored, and websockets that time out, close with a code and limit their syncs."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from greatwar.server import GameStore, create_app
from tests.server.conftest import create, view


def _shape(r: Any, status: int, kind: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    doc: dict[str, Any] = r.json()
    assert set(doc) == {"detail", "kind"} and isinstance(doc["detail"], str), doc
    assert doc["kind"] == kind, doc
    return doc


def test_malformed_bodies_get_400_without_an_echo(client: TestClient) -> None:
    gid, tokens = create(client)
    h = {"X-Seat-Token": tokens["cp"]}
    url = f"/api/games/{gid}/action"
    marker = "ECHO-" + "x" * 300
    for body in (
        {"action": 5, "serial": "x"},
        {"serial": 0},
        {"action": marker, "serial": 0},  # too long an action
        {"action": "done", "serial": -1},
        {"action": "done", "serial": 10**30},
        [marker],
    ):
        doc = _shape(client.post(url, headers=h, json=body), 400, "malformed")
        assert "ECHO" not in doc["detail"] and len(doc["detail"]) < 800
    doc = _shape(
        client.post(url, headers=h, content=b"{not json " + marker.encode()), 400, "malformed"
    )
    assert "ECHO" not in doc["detail"]
    _shape(client.post("/api/games", json={"scenario": 5}), 400, "malformed")
    _shape(client.post("/api/games", json={"colour": "red"}), 400, "malformed")  # no such field
    _shape(
        client.get(f"/api/games/{gid}/view", headers=h, params={"log_from": -1}), 400, "malformed"
    )
    _shape(
        client.get(f"/api/games/{gid}/view", headers=h, params={"log_hash": "9" * 5000}),
        400,
        "malformed",
    )


def test_every_status_has_its_kind(client: TestClient) -> None:
    gid, tokens = create(client)
    v = view(client, gid, tokens["cp"])
    url = f"/api/games/{gid}/action"

    def post(token: str | None, **body: Any) -> Any:
        return client.post(url, headers={"X-Seat-Token": token} if token else {}, json=body)

    _shape(post(tokens["cp"], action="fly away", serial=v["serial"]), 400, "malformed")
    _shape(post(None, action="done", serial=v["serial"]), 401, "unauthorized")
    _shape(post(tokens["ap"], action=v["legal"][0], serial=v["serial"]), 403, "not_your_turn")
    _shape(client.get("/api/games/nosuchgame"), 404, "not_found")
    _shape(client.get("/api/no/such/route"), 404, "not_found")
    _shape(client.delete(f"/api/games/{gid}"), 405, "method_not_allowed")
    _shape(post(tokens["cp"], action=v["legal"][0], serial=v["serial"] + 1), 409, "stale")
    _shape(post(tokens["cp"], action="move ge_1 paris", serial=v["serial"]), 422, "illegal")
    _shape(client.get(f"/api/games/{gid}/record"), 403, "forbidden")


def test_a_large_body_is_refused_with_413_before_it_is_read(client: TestClient) -> None:
    gid, tokens = create(client)
    big = "x" * (5 * 2**20)
    r = client.post(
        f"/api/games/{gid}/action",
        headers={"X-Seat-Token": tokens["cp"]},
        json={"action": big, "serial": 0},
    )
    doc = _shape(r, 413, "too_large")
    assert len(r.content) < 200
    # a declared length over the limit is refused at once, and so is a body streamed past it
    r = client.post("/api/games", content=b"{}", headers={"Content-Length": "999999999"})
    _shape(r, 413, "too_large")

    def chunks() -> Any:
        for _ in range(100):
            yield b" " * 1024

    _shape(client.post("/api/games", content=chunks()), 413, "too_large")
    _shape(
        client.post("/api/games", json={"options": {"bid": {"side": "ap", "vp": 1, "pad": big}}}),
        413,
        "too_large",
    )
    assert doc["detail"]
    assert client.get("/api/games").json()["games"][0]["id"] == gid  # nothing more stored


def test_options_are_checked_and_normalised_before_they_are_stored(
    client: TestClient, store: GameStore
) -> None:
    r = client.post(
        "/api/games",
        json={"scenario": "campaign", "options": {"bid": {"side": "ap", "vp": 10**30}}},
    )
    doc = _shape(r, 400, "malformed")
    assert "bid" in doc["detail"]
    for bid in ({"side": "ap", "vp": 21}, {"side": "ap", "vp": -1}, {"side": "ap", "vp": True}):
        _shape(client.post("/api/games", json={"options": {"bid": bid}}), 400, "malformed")
    r = client.post(
        "/api/games",
        json={
            "scenario": "campaign",
            "options": {"bid": {"side": "cp", "vp": 2, "note": "x" * 900}},
        },
    )
    assert r.status_code == 201, r.text
    row = store.get(r.json()["id"])
    assert row is not None and row.options["bid"] == {"side": "cp", "vp": 2}
    assert "note" not in json.dumps(row.options)
    assert [g["id"] for g in client.get("/api/games").json()["games"]] == [r.json()["id"]]


def test_game_creation_is_limited_per_client(store: GameStore) -> None:
    with TestClient(create_app(store=store, create_burst=3, create_every=60)) as client:
        for _ in range(3):
            assert client.post("/api/games", json={"scenario": "introductory"}).status_code == 201
        r = client.post("/api/games", json={"scenario": "introductory"})
        _shape(r, 429, "rate_limited")
        assert int(r.headers["Retry-After"]) > 0
        assert len(client.get("/api/games").json()["games"]) == 3


def test_games_between_bots_need_the_server_option(store: GameStore) -> None:
    with TestClient(create_app(store=store)) as client:
        r = client.post("/api/games", json={"seats": {"ap": "random", "cp": "random"}})
        doc = _shape(r, 403, "forbidden")
        assert "--allow-bot-games" in doc["detail"]
        assert client.get("/api/meta").json()["allow_bot_games"] is False
        r = client.post("/api/games", json={"seats": {"ap": "human", "cp": "random"}})
        assert r.status_code == 201


# -- websockets ------------------------------------------------------------------------------


def _closed(ws: Any) -> tuple[int, list[dict[str, Any]]]:
    """The messages until the socket closes, and its close code."""
    got = []
    while True:
        try:
            got.append(json.loads(ws.receive_text()))
        except WebSocketDisconnect as e:
            return e.code, got


def test_a_socket_that_never_says_who_it_is_is_closed(store: GameStore) -> None:
    with TestClient(create_app(store=store, ws_auth_timeout=0.3)) as client:
        gid, _ = create(client)
        with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
            start = time.monotonic()
            code, got = _closed(ws)
            assert code == 4408 and got[-1]["kind"] == "auth_timeout"
            assert time.monotonic() - start < 5


@pytest.mark.parametrize(
    ("send", "code"),
    [
        ("text:{not json", 1007),
        ("text:[1, 2]", 1007),
        ("bytes:\x00\x01", 1003),
        ("text:" + json.dumps({"token": "x" * 20000}), 1009),
        ("json:" + json.dumps({"token": "wrong"}), 4401),
        ("json:" + json.dumps({"token": 5}), 4401),
    ],
)
def test_a_bad_first_message_gets_a_close_frame_with_a_code(
    client: TestClient, send: str, code: int
) -> None:
    gid, _ = create(client)
    kind, _, payload = send.partition(":")
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        if kind == "bytes":
            ws.send_bytes(payload.encode("latin-1"))
        else:
            ws.send_text(payload)
        got_code, got = _closed(ws)
        assert got_code == code, got
        assert got and got[-1]["type"] == "error" and set(got[-1]) >= {"kind", "detail"}


def test_a_malformed_message_later_closes_the_socket_with_a_code(client: TestClient) -> None:
    gid, tokens = create(client)
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": tokens["cp"]})
        assert ws.receive_json()["type"] == "view"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
        ws.send_text("{oops")
        code, got = _closed(ws)
        assert code == 1007 and got[-1]["kind"] == "malformed"
    with client.websocket_connect("/api/games/nosuchgame/ws") as ws:
        ws.send_json({"token": tokens["cp"]})
        code, got = _closed(ws)
        assert code == 4404 and got[-1]["kind"] == "not_found"


def test_syncs_are_rate_limited(store: GameStore) -> None:
    with TestClient(create_app(store=store, sync_burst=2, sync_every=60)) as client:
        gid, tokens = create(client)
        with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_json({"token": tokens["cp"]})
            first = ws.receive_json()
            assert first["type"] == "view" and first["view"]["log_start"] == 0
            answers = []
            for _ in range(5):
                ws.send_json({"type": "sync"})
                answers.append(ws.receive_json())
            views = [a for a in answers if a["type"] == "view"]
            refused = [a for a in answers if a["type"] == "error"]
            assert len(views) == 2 and len(refused) == 3
            assert all(a["kind"] == "rate_limited" and a["status"] == 429 for a in refused)
            # a sync that says how much of the log it has gets only what is new
            log_len, log_hash = views[-1]["view"]["log_len"], views[-1]["view"]["log_hash"]
        with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_json({"token": tokens["cp"], "log_from": log_len, "log_hash": log_hash})
            v = ws.receive_json()["view"]
            assert v["log_start"] == log_len and v["log"] == []


# -- the error contract: no echo, strict bodies (issue 28, item 6) ----------------------------


def test_every_route_says_no_such_game_without_an_echo(client: TestClient) -> None:
    """Short ids were echoed ("no game 'x' in this store"); long ones were not."""
    _, tokens = create(client)
    h = {"X-Seat-Token": tokens["ap"]}
    for bad in ("ECHO-game", "ECHO" * 100):
        base = f"/api/games/{bad}"
        for r in (
            client.get(base),
            client.get(f"{base}/view", headers=h),
            client.post(f"{base}/action", headers=h, json={"action": "done", "serial": 0}),
            client.post(f"{base}/undo", headers=h, json={"serial": 0}),
            client.post(f"{base}/seed", headers=h, json={"agree": True}),
            client.post(f"{base}/clock", headers=h, json={"pause": True}),
            client.get(f"{base}/replay", headers=h),
            client.get(f"{base}/record"),
            client.get(f"{base}/notify", headers=h),
            client.post(f"{base}/notify", headers=h, json={"webhook": None}),
            client.get(f"{base}/chat", headers=h),
            client.post(f"{base}/chat", headers=h, json={"text": "hi"}),
        ):
            doc = _shape(r, 404, "not_found")
            assert doc["detail"] == "no such game", (r.request.url, doc)


def test_no_refusal_repeats_what_was_sent(client: TestClient) -> None:
    """``detail`` names what is wrong in the API's own words: a seat, scenario, game, option,
    clock or field the client made up is never sent back, not even its first characters."""
    gid, tokens = create(client)
    h = {"X-Seat-Token": tokens["cp"]}
    mark = "ECHO"
    seat = mark + "x" * 30
    refusals = [
        (client.get(f"/api/games/{gid}/view", headers=h, params={"seat": seat}), 403),
        (client.get(f"/api/games/{gid}/replay", headers=h, params={"seat": seat}), 400),
        (client.post(f"/api/games/{gid}/notify", headers=h, json={"seat": seat}), 400),
        (client.get("/api/meta", params={"game": mark}), 400),
        (client.get("/api/data", params={"game": mark}), 400),
    ]
    for body in (
        {"scenario": mark + "s" * 60},
        {"game": mark + "g" * 30},
        {"seats": {mark: "human"}},
        {"seats": {"ap": mark + "bot"}},
        {"seats": {mark: 5}},  # a key of the client's own in a validation error
        {mark + "field": 1},  # an unknown field
        {"players": [["ap", mark]]},
        {"creator": mark},
        {"clock": mark},
        {"clock": {mark: 1}},
        {"options": {mark: True}},
        {"game": "qmg1914", "options": {"mulligan": mark}},
    ):
        refusals.append((client.post("/api/games", json=body), 400))
    for r, status in refusals:
        assert r.status_code == status, (r.request.url, r.text)
        doc = r.json()
        assert set(doc) == {"detail", "kind"} and doc["detail"], doc
        assert mark not in r.text, (r.request.url, r.request.content, doc)
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": tokens["cp"], "seat": seat})
        code, got = _closed(ws)
        assert code == 4403 and mark not in json.dumps(got), got


@pytest.mark.parametrize(
    ("route", "body"),
    [
        ("/api/games", {"seed": "1"}),
        ("/api/games", {"seed": 1.0}),
        ("/api/games", {"seed": True}),
        ("action", {"action": "done", "serial": "0"}),
        ("action", {"action": "done", "serial": 0, "log_from": "0"}),
        ("undo", {"serial": "0"}),
        ("seed", {"agree": 1}),
        ("seed", {"agree": "true"}),
        ("clock", {"pause": "false"}),
    ],
)
def test_request_bodies_are_strictly_typed(
    client: TestClient, route: str, body: dict[str, Any]
) -> None:
    """A field of a request body is of its own JSON type: "1" is no number, 1 no true."""
    gid, tokens = create(client, seed=None)
    url = route if route.startswith("/") else f"/api/games/{gid}/{route}"
    r = client.post(url, headers={"X-Seat-Token": tokens["cp"]}, json=body)
    doc = _shape(r, 400, "malformed")
    assert any(name in doc["detail"] for name in body), doc
    if route == "/api/games":
        assert [g["id"] for g in client.get("/api/games").json()["games"]] == [gid]


def test_a_seat_takes_only_a_named_bot_not_a_budget(store: GameStore) -> None:
    """``normal@24`` is for the arena (docs/bots.md); a game on the server takes the levels
    people pick, so a request cannot ask for a search of any size."""
    with TestClient(create_app(store=store)) as client:
        for bot in ("normal@100000", "normal@24", "nobody"):
            r = client.post("/api/games", json={"seats": {"ap": "human", "cp": bot}})
            doc = _shape(r, 400, "malformed")
            assert "neither 'human' nor a bot" in doc["detail"]
        assert client.get("/api/games").json()["games"] == []
