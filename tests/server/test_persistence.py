"""Persistence: every acknowledged action survives a crash; corrupt records are reported."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from greatwar.server import GameStore, create_app
from greatwar.server.store import database_url
from tests.server.conftest import create, play, view


def _http(method: str, url: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _serve(db: Path, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "greatwar", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=2):
                return proc
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError(proc.stdout.read().decode() if proc.stdout else "") from None
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def test_a_killed_server_continues_from_the_last_acknowledged_action(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite"
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    proc = _serve(db, port)
    try:
        status, doc = _http(
            "POST",
            base + "/api/games",
            {"scenario": "historical", "seats": {"ap": "human", "cp": "human"}, "seed": 21},
        )
        assert status == 201
        gid, tokens = doc["id"], doc["tokens"]
        last: dict[str, Any] = {}
        for _ in range(12):
            _, v = _http("GET", f"{base}/api/games/{gid}/view", token=tokens["ap"])
            seat = v["to_act"]
            _, v = _http("GET", f"{base}/api/games/{gid}/view", token=tokens[seat])
            pick = next((a for a in v["legal"] if a != "done"), v["legal"][0])
            status, res = _http(
                "POST",
                f"{base}/api/games/{gid}/action",
                {"action": pick, "serial": v["serial"]},
                token=tokens[seat],
            )
            assert status == 200, res
            last = res["view"]  # acknowledged
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    proc = _serve(db, port)
    try:
        status, v = _http("GET", f"{base}/api/games/{gid}/view", token=tokens[last["seat"]])
        assert status == 200, v
        assert v["serial"] == last["serial"] and v["version"] == last["version"]
        assert v["board"] == last["board"] and v["cards"] == last["cards"]
        assert v["log_len"] == last["log_len"]
        # and the game goes on
        _, v = _http("GET", f"{base}/api/games/{gid}/view", token=tokens[v["to_act"]])
        status, res = _http(
            "POST",
            f"{base}/api/games/{gid}/action",
            {"action": v["legal"][0], "serial": v["serial"]},
            token=tokens[v["seat"]],
        )
        assert status == 200, res
        assert res["view"]["version"] == last["version"] + 1
    finally:
        proc.kill()
        proc.wait()


def test_a_corrupt_record_is_reported_not_crashing(db_path: Path, store: GameStore) -> None:
    with TestClient(create_app(store=store)) as client:
        gid, tokens = create(client)
        good, good_tokens = create(client, seed=8)
        play(client, gid, tokens, 3)
    n = len(store.actions(gid))
    with store.engine.begin() as conn:
        conn.execute(
            text("INSERT INTO actions (game_id, n, text, seat, at) VALUES (:g, :n, :t, 'ap', 0)"),
            {"g": gid, "n": n, "t": "move ge_1 the_moon"},
        )
        conn.execute(text("UPDATE games SET options = '{not json' WHERE id = :g"), {"g": good})
    third_store = GameStore(str(db_path))
    with TestClient(create_app(store=third_store)) as client:
        r = client.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": tokens["ap"]})
        assert r.status_code == 409, r.text
        assert r.json()["kind"] == "corrupt_record"
        assert f"entry {n}" in r.json()["detail"] and "move ge_1 the_moon" in r.json()["detail"]
        r = client.get(f"/api/games/{good}/view", headers={"X-Seat-Token": good_tokens["cp"]})
        assert r.status_code == 409 and "corrupt" in r.json()["detail"]
        g = client.get(f"/api/games/{gid}").json()
        assert g["problem"]
        listed = {x["id"]: x for x in client.get("/api/games").json()["games"]}
        assert listed[gid]["problem"] and listed[good]["problem"]
        r = client.post(
            f"/api/games/{gid}/action",
            headers={"X-Seat-Token": tokens["ap"]},
            json={"action": "done", "serial": 0},
        )
        assert r.status_code == 409
        # the server is fine: a new game works
        gid2, tokens2 = create(client, seed=12)
        assert view(client, gid2, tokens2["cp"])["legal"]
    third_store.close()


def test_games_are_rebuilt_from_the_store(db_path: Path, store: GameStore) -> None:
    with TestClient(create_app(store=store)) as client:
        gid, tokens = create(client)
        before = play(client, gid, tokens, 8)
    with TestClient(create_app(store=GameStore(str(db_path)))) as client:
        after = view(client, gid, tokens[before["seat"]])
        assert (after["serial"], after["board"], after["cards"]) == (
            before["serial"],
            before["board"],
            before["cards"],
        )


def test_database_urls() -> None:
    assert database_url("/tmp/x.sqlite") == "sqlite:////tmp/x.sqlite"
    assert database_url("postgresql://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    assert database_url("sqlite:///rel.db") == "sqlite:///rel.db"


def _postgres_url() -> str | None:
    url = os.environ.get("GREATWAR_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")
    try:
        import psycopg

        with psycopg.connect(url, connect_timeout=2):
            return url
    except Exception:
        return None


def test_the_store_runs_on_postgresql() -> None:
    url = _postgres_url()
    if url is None:
        pytest.skip("no PostgreSQL server reachable (set GREATWAR_TEST_POSTGRES to a URL)")
    store = GameStore(url)
    try:
        with TestClient(create_app(store=store)) as client:
            gid, tokens = create(client, seed=31)
            before = play(client, gid, tokens, 5)
        with TestClient(create_app(store=GameStore(url))) as client:
            after = view(client, gid, tokens[before["seat"]])
            assert after["serial"] == before["serial"] and after["board"] == before["board"]
    finally:
        with store.engine.begin() as conn:
            conn.execute(text("DELETE FROM actions WHERE game_id = :g"), {"g": gid})
            conn.execute(text("DELETE FROM games WHERE id = :g"), {"g": gid})
        store.close()
