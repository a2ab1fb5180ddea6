"""``greatwar bench-server``: the web server under load, measured from outside.

Starts ``greatwar serve`` in its own process on the loopback (127.0.0.1, a free port; nothing
else is ever contacted) with a fresh store, then for each level of load plays that many games
at once for a fixed time: one client thread per game plays both seats as fast as the server
answers, each action a POST with a request id and the part of the log the client already has
(as the browser does). Reported per level: actions per second, and the p50 and p99 latency of
an action (the POST, from sending it to reading the whole answer). Printed, never judged.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class _Client:
    """One keep-alive HTTP connection to the loopback server."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        h = {"Content-Type": "application/json", **(headers or {})}
        for attempt in (0, 1):
            try:
                self.conn.request(method, path, body=data, headers=h)
                r = self.conn.getresponse()
                return r.status, json.loads(r.read())
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        self.conn.close()


@dataclass
class _Game:
    id: str
    tokens: dict[str, str]
    views: dict[str, dict[str, Any]] = field(default_factory=dict)


def _new_game(client: _Client, scenario: str) -> _Game:
    status, doc = client.call("POST", "/api/games", {"scenario": scenario})
    if status != 201:
        raise RuntimeError(f"cannot create a game: {status} {doc}")
    return _Game(doc["id"], doc["tokens"])


class _Player(threading.Thread):
    def __init__(self, port: int, scenario: str, until: float, seed: int) -> None:
        super().__init__(daemon=True)
        self.client = _Client(port)
        self.scenario = scenario
        self.until = until
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.requests = 0
        self.errors: list[str] = []

    def view(self, game: _Game, seat: str) -> dict[str, Any]:
        have = game.views.get(seat)
        q = f"?log_from={have['log_len']}&log_hash={have['log_hash']}" if have else ""
        if have and have["log_hash"] is None:
            q = ""
        status, v = self.client.call(
            "GET", f"/api/games/{game.id}/view{q}", headers={"X-Seat-Token": game.tokens[seat]}
        )
        self.requests += 1
        if status != 200:
            raise RuntimeError(f"view: {status} {v}")
        game.views[seat] = v
        return dict(v)

    def run(self) -> None:
        try:
            game = _new_game(self.client, self.scenario)
            seat = self.view(game, next(iter(game.tokens)))["to_act"]
            fresh = False  # whether game.views[seat] is the position now
            while time.monotonic() < self.until:
                v = game.views[seat] if fresh else self.view(game, seat)
                fresh = False
                if v["over"] or v["to_act"] is None:
                    game = _new_game(self.client, self.scenario)
                    seat = self.view(game, next(iter(game.tokens)))["to_act"]
                    continue
                if v["to_act"] != seat or not v["legal"]:
                    seat = v["to_act"]
                    continue
                body = {
                    "action": self.rng.choice(v["legal"]),
                    "serial": v["serial"],
                    "log_from": v["log_len"],
                    "log_hash": v["log_hash"],
                }
                headers = {"X-Seat-Token": game.tokens[seat], "X-Request-Id": uuid.uuid4().hex}
                start = time.perf_counter()
                status, doc = self.client.call(
                    "POST", f"/api/games/{game.id}/action", body, headers
                )
                self.latencies.append(time.perf_counter() - start)
                self.requests += 1
                if status != 200:
                    self.errors.append(f"{status} {doc.get('kind')}: {doc.get('detail')}")
                    game.views.clear()
                    continue
                nv = doc["view"]
                game.views[seat] = nv
                fresh = nv["to_act"] == seat
                seat = nv["to_act"] or seat
        except Exception as e:
            self.errors.append(f"{type(e).__name__}: {e}")
        finally:
            self.client.close()


def _percentile(xs: list[float], p: float) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    return ys[min(len(ys) - 1, max(0, round(p / 100 * len(ys)) - 1))]


def start_server(db: str, extra: list[str] | None = None) -> tuple[subprocess.Popen[bytes], int]:
    """``greatwar serve`` on a free loopback port (returns once it answers)."""
    port = _free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    src = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(x for x in (src, env.get("PYTHONPATH")) if x)
    cmd = [sys.executable, "-m", "greatwar", "serve", "--host", "127.0.0.1"]
    proc = subprocess.Popen(
        [*cmd, "--port", str(port), "--db", db, *(extra or [])],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            c = _Client(port)
            c.call("GET", "/api/meta")
            c.close()
            return proc, port
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                why = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
                raise RuntimeError(f"the server did not start: {why[-500:]}") from None
            time.sleep(0.1)


def bench_server(
    levels: list[int],
    seconds: float = 10.0,
    scenario: str = "historical",
    db: str | None = None,
    seed: int = 1,
    progress: Any = None,
) -> dict[str, Any]:
    """Measure the server at each level of load (games played at once)."""
    with tempfile.TemporaryDirectory(prefix="greatwar-bench-") as tmp:
        store = db or str(Path(tmp) / "bench.sqlite")
        # every game of every level is created from this one address
        proc, port = start_server(store, ["--create-burst", "100000"])
        results = []
        try:
            for n in levels:
                until = time.monotonic() + seconds
                players = [_Player(port, scenario, until, seed * 1000 + i) for i in range(n)]
                start = time.monotonic()
                for p in players:
                    p.start()
                for p in players:
                    p.join()
                took = time.monotonic() - start
                lat = [x for p in players for x in p.latencies]
                errors = [e for p in players for e in p.errors]
                row = {
                    "games": n,
                    "seconds": round(took, 2),
                    "actions": len(lat),
                    "requests": sum(p.requests for p in players),
                    "actions_per_second": round(len(lat) / took, 1) if took else 0.0,
                    "p50_ms": round(_percentile(lat, 50) * 1000, 1),
                    "p99_ms": round(_percentile(lat, 99) * 1000, 1),
                    "max_ms": round(max(lat, default=0) * 1000, 1),
                    "errors": len(errors),
                    "first_errors": errors[:3],
                }
                results.append(row)
                if progress is not None:
                    progress(row)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
    return {
        "scenario": scenario,
        "seconds_per_level": seconds,
        "store": "sqlite" if db is None or "://" not in db else db.split("://")[0],
        "cpus": os.cpu_count(),
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        "levels": results,
    }
