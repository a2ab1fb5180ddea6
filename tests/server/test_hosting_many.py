"""Issue 22's acceptance: three ``greatwar serve`` processes on one PostgreSQL database.

Two people play one game to the end, each through a different process and listening on a
websocket of that process, choosing at random among the legal actions; one of those processes
is killed (SIGKILL) mid-game, with a request in flight, and its player goes on through another
process. Then a person plays a game against a bot to the end, through a process other than the
one that created it. Every acknowledged action is in the record once, at the place it was
acknowledged for (the record has exactly the acknowledged entries, and a retried request id is
answered as stored), and each socket's log, rebuilt from the views it was sent, is the whole log.
"""

from __future__ import annotations

import contextlib
import json
import random
import threading
import uuid
from typing import Any

import pytest
from websockets.sync.client import connect

from greatwar.server import GameStore
from tests.server.live import Server, http

MAX_DECISIONS = 3000


class Socket(threading.Thread):
    """A seat's websocket on one server: keeps the log rebuilt from the views it is sent."""

    def __init__(self, base: str, gid: str, token: str, seat: str, log: list[Any]) -> None:
        super().__init__(daemon=True)
        self.url = base.replace("http://", "ws://") + f"/api/games/{gid}/ws"
        self.token, self.seat = token, seat
        self.log = log  # shared with the socket that replaces this one
        self.last: dict[str, Any] = {}
        self.views = 0
        self.ready = threading.Event()
        self.closed = threading.Event()

    def run(self) -> None:
        try:
            with connect(self.url, open_timeout=10) as ws:
                hello: dict[str, Any] = {"token": self.token, "seat": self.seat}
                if self.log:
                    hello["log_from"] = len(self.log)
                    hello["log_hash"] = self.last_hash
                ws.send(json.dumps(hello))
                self.ws = ws
                for raw in ws:
                    msg = json.loads(raw)
                    if msg.get("type") != "view":
                        continue
                    v = msg["view"]
                    self.log[v["log_start"] :] = v["log"]
                    self.last = v
                    self.views += 1
                    self.ready.set()
        except Exception:
            pass
        finally:
            self.closed.set()

    last_hash: int | None = None

    def stop(self) -> None:
        ws = getattr(self, "ws", None)
        if ws is not None:
            ws.close()


class Player:
    """Plays the seats it is given through one server each, at random."""

    def __init__(self, gid: str, tokens: dict[str, str], servers: dict[str, Server]) -> None:
        self.gid, self.tokens, self.servers = gid, tokens, servers
        self.rng = random.Random(gid)
        self.acked: list[dict[str, Any]] = []

    def url(self, seat: str, path: str) -> str:
        return self.servers[seat].url(f"/api/games/{self.gid}{path}")

    def view(self, seat: str) -> dict[str, Any]:
        status, v = http("GET", self.url(seat, "/view"), token=self.tokens[seat])
        assert status == 200, v
        return dict(v)

    def step(
        self, v: dict[str, Any], seat: str, rid: str | None = None, action: str | None = None
    ) -> dict[str, Any]:
        rid = rid or uuid.uuid4().hex
        body = {"action": action or self.rng.choice(v["legal"]), "serial": v["serial"]}
        status, res = http(
            "POST", self.url(seat, "/action"), body, token=self.tokens[seat], request_id=rid
        )
        assert status == 200, res
        self.acked.append({**res, "request_id": rid, "view": None})
        return dict(res)


def check_record(store_url: str, gid: str, acked: list[dict[str, Any]]) -> None:
    store = GameStore(store_url)
    try:
        entries = store.actions(gid)
    finally:
        store.close()
    for a in acked:
        _n, action, seat = entries[a["version"] - 1]
        assert (action, seat) == (a["action"], a["seat"]), a


def test_three_servers_one_database(pg_url: str) -> None:
    servers = [Server(pg_url, "--bot-workers", "0", "--bot-lease", "3") for _ in range(3)]
    sockets: list[Socket] = []
    try:
        status, doc = http(
            "POST", servers[0].url("/api/games"), {"scenario": "limited", "creator": "ap"}
        )
        assert status == 201, doc
        gid, tokens = doc["id"], doc["tokens"]
        where = {"ap": servers[1], "cp": servers[2]}  # each person on their own server
        logs: dict[str, list[Any]] = {"ap": [], "cp": []}
        socks = {
            seat: Socket(where[seat].base, gid, tokens[seat], seat, logs[seat]) for seat in where
        }
        for s in socks.values():
            s.start()
            assert s.ready.wait(10)
        sockets += socks.values()
        player = Player(gid, tokens, where)
        v = player.view("ap")
        killed = False
        for n in range(MAX_DECISIONS):
            if v.get("over"):
                break
            seat = v["to_act"]
            if v["seat"] != seat:
                v = player.view(seat)
            if n >= 40 and seat == "cp" and not killed:
                # kill the cp server with a request in flight; cp goes on through server 0
                rid, pick = uuid.uuid4().hex, player.rng.choice(v["legal"])
                flight = threading.Thread(target=_quiet, args=(player.step, v, seat, rid, pick))
                flight.start()
                servers[2].kill()
                flight.join(30)
                killed = True
                socks["cp"].closed.wait(10)
                where["cp"] = servers[0]
                again = Socket(servers[0].base, gid, tokens["cp"], "cp", logs["cp"])
                again.last_hash = socks["cp"].last.get("log_hash")
                socks["cp"] = again
                again.start()
                assert again.ready.wait(10)
                sockets.append(again)
                # the request in flight, again through server 0: applied once, whether or not
                # the killed server had committed it before it died
                player.acked = [a for a in player.acked if a["request_id"] != rid]
                v = player.step(v, seat, rid, pick)["view"]
                continue
            v = player.step(v, seat)["view"]
        assert v.get("over"), f"no end after {MAX_DECISIONS} decisions"
        assert killed
        check_record(pg_url, gid, player.acked)
        store = GameStore(pg_url)
        try:
            assert len(store.actions(gid)) == len({a["version"] for a in player.acked})
        finally:
            store.close()
        final = {seat: player.view(seat) for seat in ("ap", "cp")}
        for seat, s in socks.items():
            _wait(lambda s=s, seat=seat: s.last.get("version") == final[seat]["version"])
            full = http("GET", player.url(seat, "/view"), token=tokens[seat])[1]
            assert logs[seat] == full["log"], seat  # every update reached the socket
            assert s.last["over"]
        # the last acknowledged request, sent again to another server: its stored answer
        last = player.acked[-1]
        status, again = http(
            "POST",
            servers[1].url(f"/api/games/{gid}/action"),
            {"action": last["action"], "serial": last["serial"] - 1},
            token=tokens[last["seat"]],
            request_id=last["request_id"],
        )
        assert status == 200 and again["repeated"] and again["version"] == last["version"]

        # a person against a bot, created on server 0, played through server 1
        status, doc = http(
            "POST",
            servers[0].url("/api/games"),
            {"scenario": "limited", "seats": {"ap": "human", "cp": "random"}},
        )
        assert status == 201, doc
        gid2, token = doc["id"], doc["tokens"]["ap"]
        log2: list[Any] = []
        sock = Socket(servers[1].base, gid2, token, "ap", log2)
        sock.start()
        assert sock.ready.wait(10)
        sockets.append(sock)
        human = Player(gid2, {"ap": token}, {"ap": servers[1]})
        for _ in range(MAX_DECISIONS):
            v = _settled(human)
            if v["over"]:
                break
            human.step(v, "ap")
        v = _settled(human)
        assert v["over"], f"no end after {MAX_DECISIONS} decisions"
        check_record(pg_url, gid2, human.acked)
        store = GameStore(pg_url)
        try:
            entries = store.actions(gid2)
        finally:
            store.close()
        assert sum(1 for e in entries if e[2] == "ap") == len(human.acked)
        assert sum(1 for e in entries if e[2] == "cp") > 0
        _wait(lambda: sock.last.get("version") == len(entries))
        full = http("GET", servers[1].url(f"/api/games/{gid2}/view"), token=token)[1]
        assert log2 == full["log"]
    finally:
        for s in sockets:
            s.stop()
        for server in servers:
            server.kill()


def _quiet(fn: Any, *args: Any) -> None:
    with contextlib.suppress(Exception):  # the server died under the request
        fn(*args)


def _settled(p: Player, timeout: float = 30) -> dict[str, Any]:
    """The person's view once the bot has moved (or the game is over)."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        v = p.view("ap")
        if v["over"] or not v["bots_to_move"]:
            return v
        if time.monotonic() > deadline:
            pytest.fail("the bot did not move")
        time.sleep(0.02)


def _wait(cond: Any, timeout: float = 20) -> None:
    import time

    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            pytest.fail("timed out waiting")
        time.sleep(0.02)
