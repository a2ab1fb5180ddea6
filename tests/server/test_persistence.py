"""Persistence: every acknowledged action survives a crash; corrupt records are reported.

The kill test runs a real server under load and kills it (SIGKILL) at random moments, twenty
times, on SQLite and on PostgreSQL (with ``GREATWAR_TEST_PG``): after each restart every action
the server acknowledged is in the store at the place it was acknowledged for, a retry of an
acknowledged request gets its answer again, and play goes on.
"""

from __future__ import annotations

import random
import threading
import uuid
from http.client import HTTPException
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from greatwar.server import GameStore, create_app
from greatwar.server.store import database_url
from tests.server.conftest import create, play, view
from tests.server.live import Server, http

KILLS = 20
GAMES = 4


class Player(threading.Thread):
    """Plays both seats of one game as fast as the server answers, each action with a request
    id; keeps every acknowledged answer; stops at the first failed connection."""

    def __init__(self, base: str, gid: str, tokens: dict[str, str], seed: int) -> None:
        super().__init__(daemon=True)
        self.base, self.gid, self.tokens = base, gid, tokens
        self.rng = random.Random(seed)
        self.acked: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.stop = threading.Event()

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                status, v = http(
                    "GET", f"{self.base}/api/games/{self.gid}/view", token=self.token()
                )
                if status != 200:
                    self.errors.append(f"{status} {v}")
                    return
                if v.get("over"):
                    return
                seat = v["to_act"]
                if v["seat"] != seat:
                    _, v = http(
                        "GET", f"{self.base}/api/games/{self.gid}/view", token=self.tokens[seat]
                    )
                pick = self.rng.choice(v["legal"])
                rid = uuid.uuid4().hex
                status, res = http(
                    "POST",
                    f"{self.base}/api/games/{self.gid}/action",
                    {"action": pick, "serial": v["serial"], "log_from": v["log_len"]},
                    token=self.tokens[seat],
                    request_id=rid,
                )
                if status == 200:
                    self.acked.append({**res, "request_id": rid, "view": None})
                else:
                    self.errors.append(f"{status} {res}")
                    return
        except (OSError, HTTPException, ValueError):
            return  # the server is gone (mid-answer, perhaps)

    def token(self) -> str:
        return next(iter(self.tokens.values()))


def _kill_test(db: str, tmp_path: Path) -> None:
    rng = random.Random(13)
    server = Server(db)
    games: list[tuple[str, dict[str, str]]] = []
    try:
        for i in range(GAMES):
            status, doc = http(
                "POST",
                server.url("/api/games"),
                {"scenario": ("historical", "campaign")[i % 2], "creator": "ap"},
            )
            assert status == 201, doc
            games.append((doc["id"], doc["tokens"]))
        acked: list[dict[str, Any]] = []
        for kill in range(KILLS):
            players = [
                Player(server.base, gid, tokens, rng.randrange(1 << 30)) for gid, tokens in games
            ]
            for p in players:
                p.start()
            threading.Event().wait(rng.uniform(0.05, 1.0))  # a random moment of the load
            server.kill()
            for p in players:
                p.join(timeout=30)
                assert not p.is_alive()
                assert not p.errors, p.errors
                acked += [{**a, "game": p.gid} for a in p.acked]
            store = GameStore(db)
            try:
                stored = {gid: store.actions(gid) for gid, _ in games}
            finally:
                store.close()
            for a in acked:
                entries = stored[a["game"]]
                assert len(entries) >= a["version"], (kill, a)
                _n, action, seat = entries[a["version"] - 1]
                assert (action, seat) == (a["action"], a["seat"]), (kill, a)
            server = Server(db)
            for gid, tokens in games:  # every game loads and the last answer is kept
                last = [a for a in acked if a["game"] == gid]
                if not last:
                    continue
                a = last[-1]
                status, again = http(
                    "POST",
                    server.url(f"/api/games/{gid}/action"),
                    {"action": a["action"], "serial": a["serial"] - 1},
                    token=tokens[a["seat"]],
                    request_id=a["request_id"],
                )
                assert status == 200 and again["repeated"], again
                assert again["version"] == a["version"] and again["action"] == a["action"]
        assert len(acked) > KILLS, "the load acknowledged too few actions to mean anything"
        print(f"{len(acked)} acknowledged actions over {KILLS} kills, none lost")  # with -s
    finally:
        server.kill()


def test_killed_servers_lose_no_acknowledged_action_on_sqlite(tmp_path: Path) -> None:
    _kill_test(str(tmp_path / "kill.sqlite"), tmp_path)


def test_killed_servers_lose_no_acknowledged_action_on_postgresql(
    pg_url: str, tmp_path: Path
) -> None:
    _kill_test(pg_url, tmp_path)


def test_a_corrupt_record_is_reported_not_crashing(db_url: str, store: GameStore) -> None:
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
    third_store = GameStore(db_url)
    with TestClient(create_app(store=third_store)) as client:
        r = client.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": tokens["ap"]})
        assert r.status_code == 409, r.text
        assert r.json()["kind"] == "corrupt_record"
        assert f"entry {n}" in r.json()["detail"] and "(by ap)" in r.json()["detail"]
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


def test_games_are_rebuilt_from_the_store(db_url: str, store: GameStore) -> None:
    with TestClient(create_app(store=store)) as client:
        gid, tokens = create(client)
        before = play(client, gid, tokens, 8)
    with TestClient(create_app(store=GameStore(db_url))) as client:
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


@pytest.mark.parametrize(
    ("column", "value", "words"),
    [
        ("seats", "[1, 2]", "seats are not an object"),
        ("seats", '{"ap": {"kind": "human"}, "cp": {"kind": "bot", "bot": "random"}}', "seat"),
        ("seats", '{"ap": {"kind": "human", "token": "x"}}', "not the seats of"),
        ("options", "[]", "options are not an object"),
        ("seed", "'abc'", "seed"),
        ("extra", "'[1]'", "set-up facts"),
    ],
)
def test_a_malformed_stored_game_is_named_not_misread(
    client: TestClient, store: GameStore, column: str, value: str, words: str
) -> None:
    """A row that is not a game reads as a corrupt set-up saying what is wrong with it (never
    as an unknown game, never as an exception), and the server goes on."""
    gid, tokens = create(client, scenario="introductory")
    quoted = value if value.startswith("'") else "'" + value.replace("'", "''") + "'"
    if column == "seed" and store.engine.dialect.name != "sqlite":
        pytest.skip("PostgreSQL's typed columns cannot hold a text seed")
    with store.engine.begin() as conn:
        conn.execute(text(f"UPDATE games SET {column} = {quoted} WHERE id = :g"), {"g": gid})
    fresh = TestClient(create_app(store=store))
    g = fresh.get(f"/api/games/{gid}").json()
    assert g["problem"] and words in g["problem"] and "unknown game" not in g["problem"]
    listed = {x["id"]: x for x in fresh.get("/api/games").json()["games"]}
    assert words in listed[gid]["problem"]
    r = fresh.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": tokens["ap"]})
    assert r.status_code in (401, 409) and r.json()["kind"] in ("unauthorized", "corrupt_record")
