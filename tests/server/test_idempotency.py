"""Idempotent actions: a retried request gets the same answer and is never applied twice."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from greatwar.server import GameStore, create_app
from tests.server.conftest import create, view


def _post(client: TestClient, gid: str, token: str, what: str, rid: str | None, **body: Any) -> Any:
    headers = {"X-Seat-Token": token}
    if rid is not None:
        headers["X-Request-Id"] = rid
    return client.post(f"/api/games/{gid}/{what}", headers=headers, json=body)


def _undoable(client: TestClient, gid: str, tokens: dict[str, str]) -> tuple[str, dict[str, Any]]:
    """Play until a seat makes a decision it may take back; its seat and its view before."""
    for n in range(60):
        seat = view(client, gid, tokens["cp"])["to_act"]
        v = view(client, gid, tokens[seat])
        pick = next((a for a in v["legal"] if a != "done"), v["legal"][0])
        r = _post(client, gid, tokens[seat], "action", f"warm-{n}", action=pick, serial=v["serial"])
        assert r.status_code == 200, r.text
        if r.json()["view"]["can_undo"]:
            _post(client, gid, tokens[seat], "undo", f"back-{n}", serial=v["serial"] + 1)
            return seat, v
    pytest.fail("no undoable decision came up")


def test_a_retry_gets_the_same_answer_and_is_not_applied_again(
    client: TestClient, store: GameStore
) -> None:
    gid, tokens = create(client, seed=5)
    v = view(client, gid, tokens["cp"])
    first = _post(client, gid, tokens["cp"], "action", "req-1", action=v["legal"][0], serial=0)
    assert first.status_code == 200
    n = len(store.actions(gid))
    again = _post(client, gid, tokens["cp"], "action", "req-1", action=v["legal"][0], serial=0)
    assert again.status_code == 200, again.text
    a, b = first.json(), again.json()
    assert {k: a[k] for k in ("action", "seat", "serial", "version")} == {
        k: b[k] for k in ("action", "seat", "serial", "version")
    }
    assert b["repeated"] is True and "repeated" not in a
    assert len(store.actions(gid)) == n
    # the id may also come in the body
    v = view(client, gid, tokens[b["view"]["to_act"]])
    body = {"action": v["legal"][0], "serial": v["serial"], "request_id": "req-2"}
    token = tokens[v["seat"]]
    one = client.post(f"/api/games/{gid}/action", headers={"X-Seat-Token": token}, json=body)
    two = client.post(f"/api/games/{gid}/action", headers={"X-Seat-Token": token}, json=body)
    assert one.status_code == two.status_code == 200 and two.json()["repeated"]
    assert len(store.actions(gid)) == n + 1


def test_a_retry_after_an_undo_does_not_replay_the_undone_move(
    client: TestClient, store: GameStore
) -> None:
    gid, tokens = create(client, seed=5)
    seat, before = _undoable(client, gid, tokens)
    pick = next(a for a in before["legal"] if a != "done")
    token = tokens[seat]
    r = _post(client, gid, token, "action", "move-1", action=pick, serial=before["serial"])
    assert r.status_code == 200 and r.json()["view"]["can_undo"]
    r = _post(client, gid, token, "undo", "undo-1", serial=before["serial"] + 1)
    assert r.status_code == 200
    assert view(client, gid, token)["serial"] == before["serial"]
    n = len(store.actions(gid))
    # the first request is sent again (its answer was lost): the serial matches again, but
    # it was applied once already
    again = _post(client, gid, token, "action", "move-1", action=pick, serial=before["serial"])
    assert again.status_code == 200 and again.json()["repeated"]
    undo_again = _post(client, gid, token, "undo", "undo-1", serial=before["serial"] + 1)
    assert undo_again.status_code == 200 and undo_again.json()["repeated"]
    after = view(client, gid, token)
    assert after["serial"] == before["serial"] and after["board"] == before["board"]
    assert len(store.actions(gid)) == n


def test_a_request_id_is_one_request_of_one_player(client: TestClient) -> None:
    gid, tokens = create(client, seed=5)
    v = view(client, gid, tokens["cp"])
    ok = _post(client, gid, tokens["cp"], "action", "same", action=v["legal"][0], serial=0)
    assert ok.status_code == 200
    other = _post(client, gid, tokens["cp"], "action", "same", action="done", serial=0)
    assert other.status_code == 409 and other.json()["kind"] == "request_conflict"
    theirs = _post(client, gid, tokens["ap"], "action", "same", action=v["legal"][0], serial=0)
    assert theirs.status_code == 409 and theirs.json()["kind"] == "request_conflict"
    assert "legal" not in theirs.text and v["legal"][0] not in theirs.json()["detail"]
    for bad in ("", "x" * 65, "no spaces", "é"):
        r = _post(
            client, gid, tokens["cp"], "action", None, action="done", serial=1, request_id=bad
        )
        assert r.status_code == 400 and r.json()["kind"] == "malformed"


def test_answers_to_request_ids_survive_a_restart(db_url: str, store: GameStore) -> None:
    with TestClient(create_app(store=store)) as client:
        gid, tokens = create(client, seed=5)
        v = view(client, gid, tokens["cp"])
        r = _post(client, gid, tokens["cp"], "action", "kept", action=v["legal"][0], serial=0)
        assert r.status_code == 200
    fresh = GameStore(db_url)
    with TestClient(create_app(store=fresh)) as client:
        again = _post(client, gid, tokens["cp"], "action", "kept", action=v["legal"][0], serial=0)
        assert again.status_code == 200 and again.json()["repeated"]
        assert again.json()["version"] == r.json()["version"]
        assert len(fresh.actions(gid)) == r.json()["version"]
    fresh.close()
