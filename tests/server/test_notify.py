"""Notifications when it becomes a seat's turn (issue 15): webhooks against a receiver in the
test, retried on a 500, never delaying an action; e-mail against an SMTP sink in the test.

The games are Dice Race (``tests/dicerace.py``): the North holds red and green, the South blue;
the seats take turns red, blue, green, red..., so the turn passes to the other person after red's
turn and after blue's, and stays with the North from green to red.
"""

from __future__ import annotations

import json
import socketserver
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from greatwar.core import games as registry
from greatwar.server import GameStore, create_app
from greatwar.server.notify import Notifier, Smtp
from tests import dicerace

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

PUBLIC = "http://games.example.org"


class Receiver:
    """A webhook receiver on the loopback: records every call; answers with the statuses
    queued (then 200); waits on ``gate`` before answering when one is set."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, str], dict[str, Any]]] = []
        self.statuses: list[int] = []
        self.gate: threading.Event | None = None
        self.entered = threading.Event()
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with receiver.lock:
                    receiver.calls.append((self.path, dict(self.headers), body))
                    status = receiver.statuses.pop(0) if receiver.statuses else 200
                receiver.entered.set()
                if receiver.gate is not None:
                    receiver.gate.wait(30)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def to(self, path: str) -> list[dict[str, Any]]:
        with self.lock:
            return [body for p, _, body in self.calls if p == path]

    def close(self) -> None:
        if self.gate is not None:
            self.gate.set()
        self.server.shutdown()
        self.server.server_close()


class SmtpSink:
    """An SMTP server on the loopback that keeps every message (just enough SMTP for
    ``smtplib``)."""

    def __init__(self) -> None:
        self.messages: list[tuple[list[str], str]] = []
        sink = self

        class Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                rcpt: list[str] = []
                self.wfile.write(b"220 sink ready\r\n")
                while True:
                    line = self.rfile.readline().decode()
                    if not line:
                        return
                    verb = line[:4].upper()
                    if verb == "RCPT":
                        rcpt.append(line.split(":", 1)[1].strip().strip("<>"))
                    if verb == "DATA":
                        self.wfile.write(b"354 go on\r\n")
                        data = []
                        while (part := self.rfile.readline().decode()) not in (".\r\n", ""):
                            data.append(part)
                        sink.messages.append((rcpt, "".join(data)))
                        rcpt = []
                    elif verb == "QUIT":
                        self.wfile.write(b"221 bye\r\n")
                        return
                    self.wfile.write(b"250 ok\r\n")

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry.KNOWN, "dicerace", dicerace.WHERE)
    yield
    registry._LOADED.pop("dicerace", None)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver()
    yield r
    r.close()


@pytest.fixture
def sink() -> Iterator[SmtpSink]:
    s = SmtpSink()
    yield s
    s.close()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    s = GameStore(str(tmp_path / "games.sqlite"))
    yield s
    s.close()


def app_client(store: GameStore, **kw: Any) -> TestClient:
    kw.setdefault("allow_private_webhooks", True)  # the receiver is on the loopback
    web = create_app(store=store, public_url=PUBLIC, notify_delays=(0.05, 0.1, 0.2), **kw)
    return TestClient(web)


@pytest.fixture
def client(store: GameStore) -> Iterator[TestClient]:
    with app_client(store) as c:
        yield c


def notifier(client: TestClient) -> Notifier:
    n: Notifier = client.app.state.notifier  # type: ignore[attr-defined]
    return n


def new_game(client: TestClient, **kw: Any) -> tuple[str, dict[str, str]]:
    body = {"game": "dicerace", "scenario": "marathon", "players": [["red", "green"], ["blue"]]}
    r = client.post("/api/games", json={**body, **kw})
    assert r.status_code == 201, r.text
    doc = r.json()
    return doc["id"], {p["seats"][0]: p["token"] for p in doc["players"]}


def subscribe(client: TestClient, gid: str, token: str, **body: Any) -> Any:
    return client.post(f"/api/games/{gid}/notify", headers={"X-Seat-Token": token}, json=body)


def turn(client: TestClient, gid: str, token: str) -> None:
    """One turn of the seat to act (``token`` "": the client's account plays it)."""
    headers = {"X-Seat-Token": token} if token else {}
    for a in ("plan safe", "roll", "hold"):
        v = client.get(f"/api/games/{gid}/view", headers=headers).json()
        r = client.post(
            f"/api/games/{gid}/action",
            headers=headers,
            json={"action": a, "serial": v["serial"]},
        )
        assert r.status_code == 200, r.text


def wait_for(what: Callable[[], bool], timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not what():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def quiet(client: TestClient) -> None:
    """Wait until nothing is left to send, and a little longer for a stray repeat."""
    wait_for(notifier(client).idle)
    time.sleep(0.3)
    wait_for(notifier(client).idle)


def test_a_webhook_is_called_once_per_turn_change(client: TestClient, receiver: Receiver) -> None:
    gid, tok = new_game(client)
    r = subscribe(client, gid, tok["red"], webhook=receiver.url + "/north")
    assert r.status_code == 200, r.text
    assert set(r.json()["seats"]) == {"red", "green"}
    assert subscribe(client, gid, tok["blue"], webhook=receiver.url + "/south").status_code == 200
    # each person sees only their own settings
    mine = client.get(f"/api/games/{gid}/notify", headers={"X-Seat-Token": tok["blue"]}).json()
    assert mine["seats"] == {"blue": {"webhook": receiver.url + "/south", "email": None}}
    for seat in ("red", "blue", "red", "red"):  # red, blue, green, red: three hand-overs
        turn(client, gid, tok[seat])
    wait_for(lambda: len(receiver.to("/south")) >= 2 and len(receiver.to("/north")) >= 1)
    quiet(client)
    south, north = receiver.to("/south"), receiver.to("/north")
    assert [(x["event"], x["seat"], x["serial"]) for x in south] == [
        ("your_turn", "blue", 3),
        ("your_turn", "blue", 12),
    ]
    assert [(x["event"], x["seat"], x["to_act"]) for x in north] == [
        ("your_turn", "green", "green")
    ]
    first = south[0]
    assert first["link"] == f"{PUBLIC}/play/{gid}" and first["game_id"] == gid
    assert first["title"] == "Dice Race" and first["seat_name"] == "Blue"
    # nothing secret: no token, no other seat's settings, no hidden bonus
    with receiver.lock:
        sent = json.dumps([c[2] for c in receiver.calls])
    for secret in (*tok.values(), '/north"', "bonus"):
        assert secret not in sent


def test_a_failed_delivery_is_retried_with_the_same_id(
    client: TestClient, receiver: Receiver
) -> None:
    receiver.statuses = [500, 503]
    gid, tok = new_game(client)
    subscribe(client, gid, tok["blue"], webhook=receiver.url + "/south")
    turn(client, gid, tok["red"])
    wait_for(lambda: len(receiver.to("/south")) >= 3)
    quiet(client)
    with receiver.lock:
        calls = list(receiver.calls)
    assert len(calls) == 3  # two refusals, then delivered once
    assert len({c[1]["X-Greatwar-Delivery"] for c in calls}) == 1
    assert calls[0][2] == calls[2][2]
    assert notifier(client).sent[-1][1] == receiver.url + "/south"


def test_a_slow_receiver_never_delays_an_action(client: TestClient, receiver: Receiver) -> None:
    receiver.gate = threading.Event()  # the receiver answers nothing until the test says so
    gid, tok = new_game(client)
    subscribe(client, gid, tok["blue"], webhook=receiver.url + "/south")
    subscribe(client, gid, tok["red"], webhook=receiver.url + "/north")
    turn(client, gid, tok["red"])  # the turn passes: blue's receiver is called, and hangs
    assert receiver.entered.wait(20)
    start = time.monotonic()
    turn(client, gid, tok["blue"])  # another hand-over while the receiver still hangs
    turn(client, gid, tok["red"])
    assert time.monotonic() - start < 15  # the receiver holds each call for 30 s
    assert not receiver.gate.is_set()
    receiver.gate.set()
    wait_for(lambda: len(receiver.to("/north")) >= 1)


def test_the_end_of_the_game_is_sent_to_each_person(store: GameStore, receiver: Receiver) -> None:
    hours = [1_700_000_000.0]
    with app_client(store, now=lambda: hours[0], clock_check_every=3600) as client:
        gid, tok = new_game(client, clock="fast")
        subscribe(client, gid, tok["red"], webhook=receiver.url + "/north")
        subscribe(client, gid, tok["blue"], webhook=receiver.url + "/south")
        hours[0] += 73 * 3600  # red's clock runs out
        v = client.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": tok["blue"]}).json()
        assert v["over"]
        wait_for(lambda: len(receiver.to("/north")) >= 1 and len(receiver.to("/south")) >= 1)
        quiet(client)
        for path in ("/north", "/south"):
            (msg,) = receiver.to(path)
            assert msg["event"] == "game_over"
            assert msg["result"] == {"outcome": "south", "reason": "time", "seat": "red"}


def test_webhooks_to_private_addresses_are_refused_unless_allowed(
    store: GameStore, receiver: Receiver
) -> None:
    with app_client(store, allow_private_webhooks=False) as client:
        gid, tok = new_game(client)
        subscribe(client, gid, tok["blue"], webhook=receiver.url + "/south")
        turn(client, gid, tok["red"])
        wait_for(lambda: notifier(client).failed == 1)
        assert receiver.calls == []


def test_bad_settings_are_refused(client: TestClient) -> None:
    gid, tok = new_game(client)
    for body in (
        {"webhook": "ftp://example.org/x"},
        {"webhook": "http:///nohost"},
        {"webhook": "http://example.org/" + "x" * 600},
        {"email": "not an address"},
        {"email": "someone@example.org"},  # this server has no SMTP host
        {"seat": "blue", "webhook": "http://example.org/x"},  # not a seat of this token
    ):
        r = subscribe(client, gid, tok["red"], **body)
        assert r.status_code == 400, (body, r.text)
    assert subscribe(client, gid, "nope", webhook="http://example.org/").status_code == 401
    got = client.get(f"/api/games/{gid}/notify", headers={"X-Seat-Token": tok["red"]}).json()
    assert got["email"] is False
    assert all(s == {"webhook": None, "email": None} for s in got["seats"].values())


def test_an_email_goes_to_the_seat_to_act(store: GameStore, sink: SmtpSink) -> None:
    smtp = Smtp("127.0.0.1", sink.port, "referee@example.org")
    with app_client(store, smtp=smtp) as client:
        gid, tok = new_game(client)
        r = subscribe(client, gid, tok["blue"], email="blue@example.org")
        assert r.status_code == 200, r.text
        subscribe(client, gid, tok["red"], email="north@example.org", seat="green")
        turn(client, gid, tok["red"])  # to blue
        turn(client, gid, tok["blue"])  # to green
        wait_for(lambda: len(sink.messages) >= 2)
        quiet(client)
        assert len(sink.messages) == 2
        by_rcpt = {rcpt[0]: text for rcpt, text in sink.messages}
        text = by_rcpt["blue@example.org"]
        assert "Subject: Dice Race: your turn (Blue) in game " + gid in text
        assert f"{PUBLIC}/play/{gid}" in text and "From: referee@example.org" in text
        assert "Green" in by_rcpt["north@example.org"]
        for token in tok.values():
            assert all(token not in t for _, t in sink.messages)


def test_a_seat_an_account_holds_is_told_as_the_account_says(
    store: GameStore, receiver: Receiver, sink: SmtpSink
) -> None:
    """Notification settings once per account, not per seat: a lobby game's seats are told by
    their accounts' settings (a webhook; e-mail to the account's address), which the per-seat
    route neither shows nor changes."""
    from argon2 import PasswordHasher

    from tests.server.conftest import browser

    smtp = Smtp("127.0.0.1", sink.port, "referee@example.org")
    cheap = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    with app_client(store, smtp=smtp, accounts="open", password_hasher=cheap) as running:
        north, south = browser(running), browser(running)
        for c, name in ((north, "Hindenburg"), (south, "Brusilov")):
            r = c.post("/api/account/signup", json={"name": name, "password": "a long password"})
            assert r.status_code == 200, r.text
            c.headers["X-CSRF-Token"] = r.json()["csrf"]
        r = north.post("/api/account/settings", json={"webhook": receiver.url + "/north"})
        assert r.status_code == 200, r.text
        r = south.post(
            "/api/account/settings",
            json={"email": "brusilov@example.org", "notify_email": True},
        )
        assert r.status_code == 200, r.text
        body = {"game": "dicerace", "scenario": "marathon", "players": [["red", "green"], ["blue"]]}
        r = north.post("/api/lobby", json={**body, "creator": "red"})
        assert r.status_code == 201, r.text
        gid = south.post(f"/api/lobby/{r.json()['id']}/take").json()["game_id"]
        got = south.get(f"/api/games/{gid}/notify").json()
        assert got["account"] is True
        r = south.post(f"/api/games/{gid}/notify", json={"webhook": receiver.url + "/seat"})
        assert r.status_code == 403 and r.json()["kind"] == "forbidden"
        turn(north, gid, "")  # red's turn: to blue (the South's account: e-mail)
        turn(south, gid, "")  # blue's: to green (the North's account: its webhook)
        wait_for(lambda: len(sink.messages) >= 1 and len(receiver.to("/north")) >= 1)
        quiet(running)
        assert [rcpt for rcpt, _ in sink.messages] == [["brusilov@example.org"]]
        assert "your turn (Blue)" in sink.messages[0][1]
        (told,) = receiver.to("/north")
        assert told["event"] == "your_turn" and told["seat"] == "green"
        assert receiver.to("/seat") == []
        assert "user" not in told and "Hindenburg" not in json.dumps(told)  # no account facts
