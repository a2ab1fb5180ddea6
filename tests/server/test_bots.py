"""Bots outside the request cycle: they think in worker processes, no request waits for them,
the server stops at once on SIGTERM or Ctrl+C and takes their games up again when it starts."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from greatwar.server import GameStore, create_app
from tests.server.conftest import finished, settled, view
from tests.server.live import Server, http


def test_no_request_waits_for_a_bot(store: GameStore, monkeypatch: Any) -> None:
    import greatwar.bots as registry

    class Slow:
        name = "slow"

        def __init__(self, seed: int) -> None:
            pass

        def choose(self, view: dict[str, Any]) -> str:
            time.sleep(1.5)
            return str(view["legal"][0])

    monkeypatch.setitem(registry.COMMON, "slow", Slow)
    with TestClient(create_app(store=store, bot_workers=0)) as client:
        start = time.monotonic()
        r = client.post("/api/games", json={"scenario": "campaign", "seats": {"cp": "slow"}})
        assert r.status_code == 201
        assert time.monotonic() - start < 1.2  # the bot thinks after the answer, not in it
        token = r.json()["you"]["token"]
        v = view(client, r.json()["id"], token)
        assert v["bots_to_move"] and v["to_act"] == "cp" and v["legal"] == []
        v = settled(client, r.json()["id"], token)
        assert v["to_act"] == "ap" and v["legal"]


def test_bots_think_in_a_bounded_number_of_worker_processes(store: GameStore) -> None:
    app = create_app(store=store, bot_workers=1, allow_bot_games=True, bot_pause=0.0)
    with TestClient(app) as client:
        runner = client.app.state.runner  # type: ignore[attr-defined]
        ids = []
        for seed in (1, 2, 3):
            r = client.post(
                "/api/games",
                json={
                    "scenario": "introductory",
                    "seats": {"ap": "random", "cp": "random"},
                    "seed": seed,
                },
            )
            ids.append(r.json()["id"])
        for gid in ids:  # three games' decisions, about 1,200, queue for the one worker
            assert finished(client, gid, timeout=600)["over"]
        workers = runner.pool._workers
        assert len(workers) == 1 and workers[0].proc.pid != os.getpid()


def _actions(db: str, gid: str) -> int:
    store = GameStore(db)
    try:
        return len(store.actions(gid))
    finally:
        store.close()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl+C"])
def test_the_server_stops_within_two_seconds_and_resumes_bot_games(
    tmp_path: Path, sig: signal.Signals
) -> None:
    db = str(tmp_path / "bots.sqlite")
    server = Server(db, "--allow-bot-games")
    try:
        status, doc = http(
            "POST",
            server.url("/api/games"),
            {"scenario": "historical", "seats": {"ap": "heuristic", "cp": "heuristic"}},
        )
        assert status == 201, doc
        gid = doc["id"]
        deadline = time.monotonic() + 60
        while _actions(db, gid) < 5 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _actions(db, gid) >= 5, server.output()
        start = time.monotonic()
        server.proc.send_signal(sig)
        server.proc.wait(timeout=30)
        stopped = time.monotonic() - start
        assert stopped < 2.0, f"the server took {stopped:.1f} s to stop"
        before = _actions(db, gid)
        time.sleep(0.5)
        assert _actions(db, gid) == before  # the workers are gone too
        # started again, the server takes the game up without being asked
        server = Server(db, "--allow-bot-games")
        deadline = time.monotonic() + 60
        while _actions(db, gid) <= before and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _actions(db, gid) > before
    finally:
        server.kill()
