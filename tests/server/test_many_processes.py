"""Several servers on one PostgreSQL store (issue 22, item 1), here as two apps in one test
process, each with its own store connection and its own copies of the games: every write is
checked against the game's ``seq``, a stale copy is caught up and the request judged again, a
request answered by one server gets its stored answer from the other, and each server's
sockets hear the other's writes through LISTEN/NOTIFY.

(``test_hosting_many.py`` runs real ``greatwar serve`` processes.)"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from greatwar.server import GameStore, create_app
from greatwar.server.listen import parse
from tests.server.conftest import act, create, view


@pytest.fixture
def two(pg_url: str) -> Iterator[tuple[TestClient, TestClient]]:
    """Two servers (apps) on one PostgreSQL schema."""
    stores = [GameStore(pg_url), GameStore(pg_url)]
    clients = [
        TestClient(create_app(store=s, allow_bot_games=True, bot_pause=0, bot_workers=0))
        for s in stores
    ]
    for c in clients:
        c.__enter__()
    for c in clients:  # both listening before the test writes
        follower = c.app.state.follower  # type: ignore[attr-defined]
        assert follower is not None and follower.listener.connected.wait(10)
    try:
        yield clients[0], clients[1]
    finally:
        for c in clients:
            c.__exit__(None, None, None)
        for s in stores:
            s.close()


def pick(v: dict[str, Any]) -> str:
    return next((a for a in v["legal"] if a != "done"), v["legal"][0])


def test_each_server_judges_on_the_stores_position(two: tuple[TestClient, TestClient]) -> None:
    a, b = two
    gid, tokens = create(a)
    acked = 0
    for i in range(12):
        here, there = (a, b) if i % 2 else (b, a)
        v = view(here, gid, tokens["ap"])
        seat = v["to_act"]
        v = view(here, gid, tokens[seat])
        rid = uuid.uuid4().hex
        r = here.post(
            f"/api/games/{gid}/action",
            headers={"X-Seat-Token": tokens[seat], "X-Request-Id": rid},
            json={"action": pick(v), "serial": v["serial"]},
        )
        assert r.status_code == 200, r.text
        done = r.json()
        acked += 1
        # the other server: the same request again is answered as stored, never applied twice
        again = there.post(
            f"/api/games/{gid}/action",
            headers={"X-Seat-Token": tokens[seat], "X-Request-Id": rid},
            json={"action": pick(v), "serial": v["serial"]},
        )
        assert again.status_code == 200 and again.json()["repeated"], again.text
        assert again.json()["version"] == done["version"]
        # and a new action on the position before it is stale there too
        stale = act(there, gid, tokens[seat], pick(v), v["serial"])
        if stale.status_code != 403:  # (unless the turn passed: then it is not that seat's)
            assert stale.status_code == 409 and stale.json()["kind"] == "stale", stale.text
        assert view(there, gid, tokens[seat])["version"] == done["version"]
    store = a.app.state.store  # type: ignore[attr-defined]
    assert len(store.actions(gid)) == acked  # (each decision here is one record entry)
    assert len(store.requests(gid)) == acked


def test_a_write_on_a_stale_copy_is_judged_again(
    two: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The moment between a server's look at the store and its write: another server wrote
    first. The write finds the seq moved, the copy is rebuilt, and the request is judged again
    on it: 409 stale as in one server, or the stored answer to a request id already answered."""
    a, b = two
    gid, tokens = create(a)
    v = view(b, gid, tokens["ap"])  # b holds a copy at this position
    seat = v["to_act"]
    v = view(b, gid, tokens[seat])
    b_service = b.app.state.service  # type: ignore[attr-defined]
    live = b_service.load(gid)
    real = b_service.store.freshness
    # b's look at the store sees nothing new (as if it looked just before a's write)
    monkeypatch.setattr(b_service.store, "freshness", lambda gid, rid=None: (live.row.seq, None))
    monkeypatch.setattr(b.app.state.follower, "told", lambda *a: None)  # type: ignore[attr-defined]
    rid = uuid.uuid4().hex
    r = a.post(
        f"/api/games/{gid}/action",
        headers={"X-Seat-Token": tokens[seat], "X-Request-Id": rid},
        json={"action": pick(v), "serial": v["serial"]},
    )
    assert r.status_code == 200, r.text
    done = r.json()
    assert live.session.serial == v["serial"]  # b's copy is behind
    other = next((x for x in v["legal"] if x != pick(v)), pick(v))
    stale = act(b, gid, tokens[seat], other, v["serial"])
    assert stale.status_code == 409 and stale.json()["kind"] == "stale", stale.text
    assert live.session.serial == done["serial"]  # rebuilt from the store
    # the copy is behind again: a's next write, then a's request id sent to b
    monkeypatch.setattr(b_service.store, "freshness", lambda gid, rid=None: (live.row.seq, None))
    v2 = view(a, gid, tokens["ap"])
    seat2 = v2["to_act"]
    v2 = view(a, gid, tokens[seat2])
    rid2 = uuid.uuid4().hex
    body = {"action": pick(v2), "serial": v2["serial"]}
    headers = {"X-Seat-Token": tokens[seat2], "X-Request-Id": rid2}
    r = a.post(f"/api/games/{gid}/action", headers=headers, json=body)
    assert r.status_code == 200, r.text
    again = b.post(f"/api/games/{gid}/action", headers=headers, json=body)
    assert again.status_code == 200 and again.json()["repeated"], again.text
    assert again.json()["version"] == r.json()["version"]
    monkeypatch.setattr(b_service.store, "freshness", real)
    entries = b_service.store.actions(gid)
    assert [e[1] for e in entries] == [done["action"], r.json()["action"]]


def receive(ws: Any, timeout: float) -> dict[str, Any]:
    """The socket's next message, waiting at most ``timeout`` seconds."""
    box: list[dict[str, Any]] = []
    t = threading.Thread(target=lambda: box.append(ws.receive_json()), daemon=True)
    t.start()
    t.join(timeout)
    if not box:
        raise AssertionError(f"no message within {timeout:.1f} s")
    return box[0]


def recv_until(ws: Any, serial: int, timeout: float = 20) -> list[dict[str, Any]]:
    """The socket's messages until a view at ``serial`` (or later) arrives."""
    got: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = receive(ws, max(0.1, deadline - time.monotonic()))
        got.append(msg)
        if msg["type"] == "view" and msg["view"]["serial"] >= serial:
            return got
    raise AssertionError(f"no view at serial {serial} within {timeout} s: {got[-3:]}")


def test_sockets_hear_the_other_servers_writes(two: tuple[TestClient, TestClient]) -> None:
    a, b = two
    gid, tokens = create(a)
    with (
        b.websocket_connect(f"/api/games/{gid}/ws") as ws_cp,
        a.websocket_connect(f"/api/games/{gid}/ws") as ws_ap,
    ):
        ws_cp.send_json({"token": tokens["cp"]})
        ws_ap.send_json({"token": tokens["ap"]})
        assert ws_cp.receive_json()["type"] == "view"
        assert ws_ap.receive_json()["type"] == "view"
        for i in range(10):
            here = (a, b)[i % 2]  # actions through either server
            v = view(here, gid, tokens["ap"])
            seat = v["to_act"]
            v = view(here, gid, tokens[seat])
            r = act(here, gid, tokens[seat], pick(v), v["serial"])
            assert r.status_code == 200, r.text
            serial = r.json()["serial"]
            for ws in (ws_cp, ws_ap):  # each socket hears it, whichever server it is on
                last = recv_until(ws, serial)[-1]["view"]
                assert last["version"] == r.json()["version"]


def test_notices_name_the_game_and_its_seq() -> None:
    assert parse("abc123 7") == ("abc123", 7)
    assert parse("abc123") == ("abc123", None)
