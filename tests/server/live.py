"""A real ``greatwar serve`` in its own process, and a small HTTP client, for the tests that
stop or kill the server."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def http(
    method: str,
    url: str,
    body: Any = None,
    token: str | None = None,
    request_id: str | None = None,
    timeout: float = 30,
) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    if request_id:
        headers["X-Request-Id"] = request_id
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


class Server:
    """``greatwar serve`` on a free port of the loopback, on the store ``db``."""

    def __init__(self, db: str, *args: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        env["PYTHONPATH"] = os.pathsep.join(
            x for x in (str(ROOT / "src"), env.get("PYTHONPATH")) if x
        )
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "greatwar",
                "serve",
                "--port",
                str(self.port),
                "--db",
                db,
                *list(args),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=ROOT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.base + "/api/meta", timeout=2):
                    return
            except OSError:
                if self.proc.poll() is not None:
                    out = self.proc.stdout.read().decode() if self.proc.stdout else ""
                    raise RuntimeError(f"the server did not start: {out}") from None
                time.sleep(0.05)
        self.proc.kill()
        raise RuntimeError("the server did not start in 60 s")

    def url(self, path: str) -> str:
        return self.base + path

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=30)

    def output(self) -> str:
        return self.proc.stdout.read().decode(errors="replace") if self.proc.stdout else ""
