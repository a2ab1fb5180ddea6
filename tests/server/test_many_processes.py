"""Several servers on one PostgreSQL store (issue 22, item 1), here as two apps in one test
process, each with its own store connection and its own copies of the games: every write is
checked against the game's ``seq``, a stale copy is caught up and the request judged again, a
request answered by one server gets its stored answer from the other, and each server's
sockets hear the other's writes through LISTEN/NOTIFY.

(``test_hosting_many.py`` runs real ``greatwar serve`` processes.)"""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from greatwar.server import GameStore, create_app
from greatwar.server.claims import BotClaims
from greatwar.server.listen import parse
from tests.server.conftest import act, create, settled, view

Make = Callable[..., TestClient]


@pytest.fixture
def servers(pg_url: str) -> Iterator[Make]:
    """Servers (apps) on one PostgreSQL schema: ``make(**create_app options)`` starts one."""
    made: list[tuple[TestClient, GameStore]] = []

    def make(**kw: Any) -> TestClient:
        store = GameStore(pg_url)
        options = {"allow_bot_games": True, "bot_pause": 0, "bot_workers": 0, **kw}
        client = TestClient(create_app(store=store, **options))
        client.__enter__()
        made.append((client, store))
        follower = client.app.state.follower  # type: ignore[attr-defined]
        assert follower is not None and follower.listener.connected.wait(10)
        return client

    try:
        yield make
    finally:
        for client, store in made:
            client.__exit__(None, None, None)
            store.close()


@pytest.fixture
def two(servers: Make) -> tuple[TestClient, TestClient]:
    """Two servers on one PostgreSQL schema, both listening."""
    return servers(), servers()


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


def test_a_bot_move_is_claimed_by_one_process(pg_url: str) -> None:
    store = GameStore(pg_url)
    try:
        a, b = BotClaims(store, owner="a"), BotClaims(store, lease=0.3, owner="b")
        assert a.claim("g1", 3)
        assert a.claim("g1", 3)  # its own claim: kept
        assert not b.claim("g1", 3)  # held by a, not lapsed, same position
        assert b.claim("g1", 4)  # a newer position of the game
        assert not a.renew("g1") and b.renew("g1")
        a.drop("g1")  # not a's: nothing dropped
        assert not a.claim("g1", 4)
        time.sleep(0.4)  # b's lease lapses (b died)
        assert a.claim("g1", 4)
        a.drop("g1")
        assert b.claim("g1", 4)
    finally:
        store.close()


def bot_entries(store: GameStore, gid: str, seat: str) -> int:
    return sum(1 for _n, _t, s in store.actions(gid) if s == seat)


def counting(client: TestClient) -> list[str]:
    """Count the decisions the client's bots are asked for (by game)."""
    pool = client.app.state.runner.pool  # type: ignore[attr-defined]
    asked: list[str] = []
    decide = pool.decide

    async def counted(job: Any, line: bytes) -> Any:
        asked.append(job.game_id)
        return await decide(job, line)

    pool.decide = counted
    return asked


def test_each_bot_move_is_made_once_by_one_of_the_servers(servers: Make) -> None:
    a, b = servers(rescan_every=0.2), servers(rescan_every=0.2)
    asked_a, asked_b = counting(a), counting(b)
    gid, tokens = create(a, cp="random")
    view(b, gid, tokens["ap"])  # b holds the game too: it hears of every change
    humans = 0
    for i in range(8):
        here = (a, b)[i % 2]
        v = settled(here, gid, tokens["ap"])
        assert v["to_act"] == "ap", v
        r = act(here, gid, tokens["ap"], pick(v), v["serial"])
        assert r.status_code == 200, r.text
        humans += 1
    settled(a, gid, tokens["ap"])
    store = a.app.state.store  # type: ignore[attr-defined]
    made = bot_entries(store, gid, "cp")
    assert made > 0 and bot_entries(store, gid, "ap") == humans
    # every decision was asked of one bot only, in one server or the other
    assert len(asked_a) + len(asked_b) == made, (len(asked_a), len(asked_b), made)


def test_a_lapsed_claim_is_taken_over(servers: Make) -> None:
    """A server claims the bot's move and never makes it (as if it died): another server
    makes it once the claim lapses, not before."""
    a = servers(bot_lease=1.5, rescan_every=0.2)
    runner = a.app.state.runner  # type: ignore[attr-defined]

    async def hang(job: Any, line: bytes) -> Any:
        await asyncio.sleep(3600)

    async def no_renewal(claims: Any, game_id: str) -> None:
        return None

    runner.pool.decide = hang
    runner._renew = no_renewal
    b = servers(bot_lease=1.5, rescan_every=0.2)
    asked_b = counting(b)
    start = time.monotonic()
    gid, tokens = create(a, cp="random")  # cp acts first: a claims the move, and hangs
    time.sleep(0.8)
    assert view(b, gid, tokens["ap"])["to_act"] == "cp" and not asked_b
    v = settled(b, gid, tokens["ap"], timeout=20)
    assert time.monotonic() - start >= 1.5 and v["to_act"] == "ap"
    # every decision of the bot (until ap's turn) made by b, each once
    assert set(asked_b) == {gid} and len(asked_b) == v["version"] > 0


def test_chat_reaches_the_sockets_of_every_server(two: tuple[TestClient, TestClient]) -> None:
    a, b = two
    gid, tokens = create(a)
    with (
        b.websocket_connect(f"/api/games/{gid}/ws") as ws_cp,
        a.websocket_connect(f"/api/games/{gid}/ws") as ws_ap,
    ):
        ws_cp.send_json({"token": tokens["cp"]})
        ws_ap.send_json({"token": tokens["ap"]})
        assert receive(ws_cp, 10)["type"] == "view"
        assert receive(ws_ap, 10)["type"] == "view"
        for i, (here, token) in enumerate([(a, tokens["ap"]), (b, tokens["cp"])]):
            r = here.post(
                f"/api/games/{gid}/chat", headers={"X-Seat-Token": token}, json={"text": f"hi {i}"}
            )
            assert r.status_code == 201, r.text
            for ws in (ws_ap, ws_cp):  # once on each socket, whichever server stored it
                msg = receive(ws, 10)
                assert msg["type"] == "chat" and msg["message"]["text"] == f"hi {i}", msg
        ws_ap.send_json({"type": "ping"})  # nothing else was queued before the pong
        assert receive(ws_ap, 10) == {"type": "pong"}
        ws_cp.send_json({"type": "ping"})
        assert receive(ws_cp, 10) == {"type": "pong"}


def test_a_lost_listening_connection_costs_no_update(
    two: tuple[TestClient, TestClient], pg_server: str
) -> None:
    """b's listening connection is cut, and a writes while b does not listen (its notice is
    lost for b): on reconnecting, b compares its sockets' games with the store and sends the
    update."""
    import psycopg

    a, b = two
    gid, tokens = create(a)
    listener = b.app.state.follower.listener  # type: ignore[attr-defined]
    with b.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": tokens["cp"]})
        assert receive(ws, 10)["type"] == "view"
        listener.RETRY = 1.5  # long enough for a's write to land while b is deaf
        with psycopg.connect(pg_server, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (listener.backend_pid,))
        deadline = time.monotonic() + 10
        while listener.connected.is_set() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not listener.connected.is_set()
        v = view(a, gid, tokens["ap"])
        seat = v["to_act"]
        v = view(a, gid, tokens[seat])
        r = act(a, gid, tokens[seat], pick(v), v["serial"])
        assert r.status_code == 200, r.text
        last = recv_until(ws, r.json()["serial"])[-1]["view"]
        assert last["version"] == r.json()["version"]
        assert listener.connected.is_set()
