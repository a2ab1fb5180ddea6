"""Requests uvicorn refuses before the app sees them get the app's JSON error shape, and a
request's head is bounded (issue 28, item 6): ``server/protocol.py`` under a real uvicorn."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from greatwar.server import GameStore, create_app
from greatwar.server.protocol import HEAD_LIMIT, JsonH11Protocol, protocol_class
from tests.server.live import free_port

PROTOCOLS = {"chosen": protocol_class(), "h11": JsonH11Protocol}


@pytest.fixture(params=list(PROTOCOLS))
def port(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[int]:
    """The app under uvicorn on a free port of the loopback, with the protocol given (the
    store's kind does not matter here: SQLite)."""
    store = GameStore(str(tmp_path / "games.sqlite"))
    number = free_port()
    config = uvicorn.Config(
        create_app(store=store, bot_workers=0),
        host="127.0.0.1",
        port=number,
        http=PROTOCOLS[request.param],
        log_config=None,
        log_level="critical",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.01)
    yield number
    server.should_exit = True
    thread.join(timeout=10)
    store.close()


def ask(port: int, *chunks: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send raw bytes (each chunk on its own), read the whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as c:
        for chunk in chunks:
            try:
                c.sendall(chunk)
            except OSError:  # the server answered and closed before all was sent
                break
            time.sleep(0.02)
        got = b""
        while True:
            try:
                b = c.recv(65536)
            except ConnectionResetError:
                break
            if not b:
                break
            got += b
    head, _, body = got.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        headers[k.strip().lower()] = v.strip()
    return int(lines[0].split()[1]), headers, body


def shape(status: int, headers: dict[str, str], body: bytes, want: int, kind: str) -> Any:
    assert status == want, body
    assert headers["content-type"] == "application/json", headers
    doc = json.loads(body)
    assert set(doc) == {"detail", "kind"} and doc["kind"] == kind, doc
    assert "ECHO" not in doc["detail"]
    return doc


def test_a_negative_content_length_gets_a_json_400(port: int) -> None:
    got = ask(
        port,
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\nX-ECHO: 1\r\n\r\n",
    )
    shape(*got, 400, "malformed")
    got = ask(port, b"GET /healthz ECHO/9\r\n\r\n")  # not HTTP at all
    shape(*got, 400, "malformed")


@pytest.mark.parametrize("pieces", [1, 8])
def test_a_head_over_the_limit_gets_a_json_431(port: int, pieces: int) -> None:
    big = b"a" * (100 * 1024)
    head = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ECHO" + big + b"\r\n\r\n"
    step = len(head) // pieces + 1
    got = ask(port, *(head[i : i + step] for i in range(0, len(head), step)))
    shape(*got, 431, "too_large")
    # a long path is part of the head too
    got = ask(port, b"GET /api/games/" + big + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    shape(*got, 431, "too_large")


def test_a_head_within_the_limit_is_served(port: int) -> None:
    filler = b"b" * (HEAD_LIMIT - 1024)
    status, _, body = ask(
        port,
        b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Fill: " + filler + b"\r\nConnection: close\r\n\r\n",
    )
    assert status == 200 and json.loads(body)["status"] == "ok"
    # and a body far larger than the head limit is not counted as head
    payload = b'{"text": "hello"' + b" " * 40_000 + b"}"
    status, _, body = ask(
        port,
        b"POST /api/games/nosuchgame/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
        b"\r\nConnection: close\r\nContent-Length: %d\r\n\r\n" % len(payload) + payload,
    )
    assert status == 404 and json.loads(body) == {"detail": "no such game", "kind": "not_found"}


def test_serve_runs_uvicorn_with_the_protocol(served: list[dict[str, Any]], tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from greatwar.cli import app as cli

    r = CliRunner().invoke(cli, ["serve", "--db", str(tmp_path / "g.sqlite")])
    assert r.exit_code == 0, r.output
    (kw,) = served
    assert kw["http"] is protocol_class()
    assert kw["h11_max_incomplete_event_size"] == HEAD_LIMIT
