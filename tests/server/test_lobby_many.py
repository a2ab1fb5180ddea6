"""Issue 30's acceptance on many processes: three ``greatwar serve`` processes, accounts open, on
one PostgreSQL store. People signed up through one process are logged in on every process (the
sessions are in the store); a lobby offer taken through one process is gone from the lobby of the
others at once, and of two people taking the last place through two processes at the same moment
exactly one gets it (one game is made); a rated game that ends (its loser resigning through all
three processes at once) updates the ratings exactly once."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from greatwar.server import GameStore
from greatwar.server.tables import rating_history_table, ratings_table
from tests.server.live import Server

PASSWORD = "a long enough password"


@pytest.fixture
def three(pg_url: str) -> Iterator[list[Server]]:
    servers = [Server(pg_url, "--accounts", "open", "--bot-workers", "0") for _ in range(3)]
    try:
        yield servers
    finally:
        for s in servers:
            s.kill()


class Person:
    """One browser: its cookies go to every server (they are all 127.0.0.1)."""

    def __init__(self, server: Server, name: str) -> None:
        self.name = name
        self.c = httpx.Client(timeout=30)
        r = self.c.post(
            server.url("/api/account/signup"), json={"name": name, "password": PASSWORD}
        )
        assert r.status_code == 200, r.text
        self.c.headers["X-CSRF-Token"] = r.json()["csrf"]

    def get(self, server: Server, path: str) -> Any:
        return self.c.get(server.url(path))

    def post(self, server: Server, path: str, body: Any = None) -> Any:
        return self.c.post(server.url(path), json=body if body is not None else {})


def listed(p: Person, server: Server) -> list[str]:
    r = p.get(server, "/api/lobby")
    assert r.status_code == 200, r.text
    return [o["id"] for o in r.json()["offers"]]


def test_three_servers_one_lobby_and_ratings_once(three: list[Server], pg_url: str) -> None:
    s0, s1, s2 = three
    alice, bob, carol = Person(s0, "Alice"), Person(s1, "Bob"), Person(s2, "Carol")
    for p in (alice, bob, carol):  # logged in on every process
        for s in three:
            assert p.get(s, "/api/me").json()["user"]["name"] == p.name

    # an offer posted through one process is seen through the others; taken through a second,
    # it is gone from every lobby at once, and a third person is told so
    r = alice.post(s0, "/api/lobby", {"scenario": "historical", "creator": "ap", "rated": True})
    assert r.status_code == 201, r.text
    oid = r.json()["id"]
    assert oid in listed(bob, s1) and oid in listed(carol, s2)
    r = bob.post(s1, f"/api/lobby/{oid}/take")
    assert r.status_code == 200, r.text
    gid = r.json()["game_id"]
    assert gid
    for p, s in ((carol, s2), (alice, s0), (bob, s1)):
        assert oid not in listed(p, s)
    r = carol.post(s2, f"/api/lobby/{oid}/take")
    assert r.status_code == 409 and r.json()["kind"] == "offer_gone"

    # two people take the last place of another offer through two processes at once: one game
    r = alice.post(s0, "/api/lobby", {"scenario": "historical", "creator": "cp"})
    race = r.json()["id"]
    answers: dict[str, Any] = {}
    go = threading.Barrier(2)

    def take(p: Person, s: Server) -> None:
        go.wait()
        answers[p.name] = p.post(s, f"/api/lobby/{race}/take")

    threads = [threading.Thread(target=take, args=x) for x in ((bob, s1), (carol, s2))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    codes = sorted(a.status_code for a in answers.values())
    assert codes == [200, 409], {k: a.text for k, a in answers.items()}
    store = GameStore(pg_url)
    try:
        made = [gid2 for gid2, extra in store.extras_with("offer") if extra["offer"] == race]
        assert len(made) == 1

        # the first game: the player to act resigns through all three processes at once
        facts = alice.get(s0, f"/api/games/{gid}").json()
        loser = alice if facts["to_act"] == "ap" else bob
        v = loser.get(s0, f"/api/games/{gid}/view").json()
        results: list[Any] = []
        go = threading.Barrier(3)

        def resign(s: Server) -> None:
            go.wait()
            results.append(loser.post(s, f"/api/games/{gid}/resign", {"serial": v["serial"]}))

        threads = [threading.Thread(target=resign, args=(s,)) for s in three]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        ok = [x for x in results if x.status_code == 200]
        assert len(ok) == 1, [x.text for x in results]
        assert all(x.status_code in (200, 409, 422) for x in results), [x.text for x in results]
        entries = [text for _n, text, _seat in store.actions(gid)]
        assert entries == [f"resign {v['seat']}"]  # the end, once
        with store.engine.connect() as conn:
            h = rating_history_table.c
            n = conn.execute(select(func.count()).where(h.game_id == gid)).scalar_one()
            games = [r.games for r in conn.execute(select(ratings_table))]
        assert n == 2 and sorted(games) == [1, 1]
        for s in three:  # every process tells the same ratings
            changes = carol.get(s, f"/api/games/{gid}/ratings").json()["ratings"]
            assert {x["name"]: x["result"] for x in changes} == {
                loser.name: "loss",
                ("Bob" if loser is alice else "Alice"): "win",
            }
            board = carol.get(s, "/api/ratings").json()["ratings"]
            assert [x["games"] for x in board] == [1, 1]
    finally:
        store.close()
