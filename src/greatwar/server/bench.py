"""``greatwar bench-server``: the web server under load, measured from outside.

Starts ``greatwar serve`` in its own process on the loopback (127.0.0.1, a free port; nothing
else is ever contacted) with a fresh store, then for each level of load plays that many games
at once for a fixed time: one client thread per game plays both seats as fast as the server
answers, each action a POST with a request id and the part of the log the client already has
(as the browser does). Reported per level: actions per second, the p50 and p99 latency of an
action (the POST, from sending it to reading the whole answer; the client's parsing of it is not
counted), the server's CPU time per action and the machine's load average as the level began
(the figures of a shared machine say little without it). Printed, never judged.

With several processes (``--processes 1,2,4``, a PostgreSQL store: see ``docs/server.md``,
"Many processes"), each count of processes is measured in turn: that many ``greatwar serve`` on
the one store, and each game's two seats played through two different processes (the first seat
of game ``i`` through process ``i``, the second through the next), as two people behind a load
balancer would be; the client then plays from as many processes of its own as there are
servers, so that one client interpreter is not the limit being measured.
"""

from __future__ import annotations

import http.client
import json
import multiprocessing
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
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
        status, doc, _ = self.timed(method, path, body, headers)
        return status, doc

    def timed(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any, float]:
        """The status, the parsed answer and the seconds from sending the request to having
        read the whole answer (the client's own JSON parsing is not the server's time)."""
        data = None if body is None else json.dumps(body).encode()
        h = {"Content-Type": "application/json", **(headers or {})}
        for attempt in (0, 1):
            try:
                start = time.perf_counter()
                self.conn.request(method, path, body=data, headers=h)
                r = self.conn.getresponse()
                raw = r.read()
                took = time.perf_counter() - start
                return r.status, json.loads(raw), took
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
    def __init__(self, ports: list[int], scenario: str, until: float, seed: int) -> None:
        super().__init__(daemon=True)
        self.clients = [_Client(port) for port in ports]  # a seat's requests: one of them
        self.client = self.clients[0]
        self.scenario = scenario
        self.until = until
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.requests = 0
        self.errors: list[str] = []

    def of(self, game: _Game, seat: str) -> _Client:
        """The connection (the server) a seat of the game plays through."""
        return self.clients[list(game.tokens).index(seat) % len(self.clients)]

    def view(self, game: _Game, seat: str) -> dict[str, Any]:
        have = game.views.get(seat)
        q = f"?log_from={have['log_len']}&log_hash={have['log_hash']}" if have else ""
        if have and have["log_hash"] is None:
            q = ""
        status, v = self.of(game, seat).call(
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
                status, doc, took = self.of(game, seat).timed(
                    "POST", f"/api/games/{game.id}/action", body, headers
                )
                self.latencies.append(took)
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
            for c in self.clients:
                c.close()


def _percentile(xs: list[float], p: float) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    return ys[min(len(ys) - 1, max(0, round(p / 100 * len(ys)) - 1))]


def _cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) a process has used so far (Linux; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


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
    processes: list[int] | None = None,
) -> dict[str, Any]:
    """Measure the server at each level of load (games played at once), for each count of
    server processes (default: one)."""
    counts = processes or [1]
    if max(counts) > 1 and (db is None or not db.startswith(("postgresql", "postgres"))):
        raise ValueError("several server processes need a PostgreSQL store")
    with tempfile.TemporaryDirectory(prefix="greatwar-bench-") as tmp:
        store = db or str(Path(tmp) / "bench.sqlite")
        results = []
        for count in counts:
            # every game of every level is created from this one address; one at a time:
            # the first prepares an empty store
            procs = [start_server(store, ["--create-burst", "100000"]) for _ in range(count)]
            try:
                for n in levels:
                    row = _level(
                        [port for _, port in procs],
                        [p.pid for p, _ in procs],
                        n,
                        seconds,
                        scenario,
                        seed,
                    )
                    row["processes"] = count
                    results.append(row)
                    if progress is not None:
                        progress(row)
            finally:
                for proc, _ in procs:
                    proc.terminate()
                for proc, _ in procs:
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


def _play_group(
    routes: list[list[int]], scenario: str, seconds: float, seeds: list[int]
) -> dict[str, Any]:
    """Play one client process's games (one thread each) for ``seconds``: what it measured."""
    until = time.monotonic() + seconds
    players = [_Player(r, scenario, until, seed) for r, seed in zip(routes, seeds, strict=True)]
    start = time.monotonic()
    for p in players:
        p.start()
    for p in players:
        p.join()
    return {
        "took": time.monotonic() - start,
        "latencies": [x for p in players for x in p.latencies],
        "requests": sum(p.requests for p in players),
        "errors": [e for p in players for e in p.errors],
    }


def _level(
    ports: list[int], pids: list[int], n: int, seconds: float, scenario: str, seed: int
) -> dict[str, Any]:
    """One level: ``n`` games at once for ``seconds``, game ``i``'s seats through the servers
    ``i`` and ``i + 1`` (of ``ports``). With several servers the games are shared among as
    many client processes (one Python process's threads share one interpreter lock, and the
    client would otherwise be what is measured)."""
    routes = [ports[i % len(ports) :] + ports[: i % len(ports)] for i in range(n)]
    seeds = [seed * 1000 + i for i in range(n)]
    groups = min(n, len(ports))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    cpu_before = [_cpu_seconds(pid) for pid in pids]
    if groups == 1:
        parts = [_play_group(routes, scenario, seconds, seeds)]
    else:
        ctx = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=groups, mp_context=ctx) as pool:
            futures = [
                pool.submit(_play_group, routes[g::groups], scenario, seconds, seeds[g::groups])
                for g in range(groups)
            ]
            parts = [f.result() for f in futures]
    took = max(part["took"] for part in parts)
    cpu_after = [_cpu_seconds(pid) for pid in pids]
    known = None not in cpu_before and None not in cpu_after
    cpu = sum(x or 0.0 for x in cpu_after) - sum(x or 0.0 for x in cpu_before)
    lat = [x for part in parts for x in part["latencies"]]
    errors = [e for part in parts for e in part["errors"]]
    return {
        "games": n,
        "seconds": round(took, 2),
        "actions": len(lat),
        "requests": sum(part["requests"] for part in parts),
        "actions_per_second": round(len(lat) / took, 1) if took else 0.0,
        "p50_ms": round(_percentile(lat, 50) * 1000, 1),
        "p99_ms": round(_percentile(lat, 99) * 1000, 1),
        "max_ms": round(max(lat, default=0) * 1000, 1),
        # the servers' CPU time per action (their GET views included): what a level costs
        # whatever else the machine is doing
        "server_cpu_ms_per_action": round(cpu * 1000 / len(lat), 2) if known and lat else None,
        "load_average_before": round(load, 2) if load is not None else None,
        "errors": len(errors),
        "first_errors": errors[:3],
    }
