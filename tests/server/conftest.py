"""Fixtures of the server tests: an app over a temporary store, and small helpers.

The store fixtures run every test on SQLite, and again on PostgreSQL when the environment
variable ``GREATWAR_TEST_PG`` gives a server's URL (``postgresql://user@host:port/db``): each
test then gets a schema of its own, dropped afterwards. Without the variable the PostgreSQL runs
are skipped, saying why.
"""

from __future__ import annotations

import os
import secrets
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from greatwar.server import GameStore, create_app

PG_ENV = "GREATWAR_TEST_PG"


def postgres_url() -> str | None:
    """The PostgreSQL server the tests may use, if one is given and answers."""
    url = os.environ.get(PG_ENV) or os.environ.get("GREATWAR_TEST_POSTGRES")
    if not url:
        return None
    try:
        import psycopg

        with psycopg.connect(url, connect_timeout=3):
            return url
    except Exception:
        return None


@pytest.fixture(scope="session")
def pg_server() -> str:
    url = postgres_url()
    if url is None:
        why = (
            f"{PG_ENV} is not set"
            if not os.environ.get(PG_ENV)
            else f"the PostgreSQL server in {PG_ENV} does not answer"
        )
        pytest.skip(f"PostgreSQL store tests skipped: {why}")
    return url


@pytest.fixture
def pg_url(pg_server: str) -> Iterator[str]:
    """A URL of a fresh schema on the test PostgreSQL server (dropped afterwards)."""
    import psycopg

    schema = "gw_" + secrets.token_hex(6)
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in pg_server else "?"
    yield f"{pg_server}{sep}options=-csearch_path%3D{schema}"
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, db_path: Path) -> str:
    """Where a test's store lives: an SQLite file, then a PostgreSQL schema."""
    if request.param == "sqlite":
        return str(db_path)
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def store(db_url: str) -> Iterator[GameStore]:
    s = GameStore(db_url)
    yield s
    s.close()


@pytest.fixture
def client(store: GameStore) -> Iterator[TestClient]:
    with TestClient(create_app(store=store, allow_bot_games=True, bot_pause=0)) as c:
        yield c


def browser(running: TestClient, **kw: Any) -> TestClient:
    """Another browser (its own cookies) on the app ``running`` runs: its requests go through
    that client's event loop, so the app's lifespan is entered once, as by a server."""
    other = TestClient(running.app, **kw)
    other.portal = running.portal
    return other


def create(
    client: TestClient, ap: str = "human", cp: str = "human", seed: int | None = 3, **kw: Any
) -> tuple[str, dict[str, str]]:
    """A new game; with a seed, every other player agrees to it (as the tests choose seeds to
    get the same game every time)."""
    body = {"scenario": kw.pop("scenario", "historical"), "seats": {"ap": ap, "cp": cp}, **kw}
    if seed is not None:
        body["seed"] = seed
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    doc = r.json()
    for person in doc.get("invites", []):
        if doc["game"].get("seed_pending"):
            r = client.post(
                f"/api/games/{doc['id']}/seed",
                headers={"X-Seat-Token": person["token"]},
                json={"agree": True},
            )
            assert r.status_code == 200, r.text
    return doc["id"], doc["tokens"]


def view(client: TestClient, gid: str, token: str, **params: Any) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": token}, params=params)
    assert r.status_code == 200, r.text
    v: dict[str, Any] = r.json()
    return v


def settled(client: TestClient, gid: str, token: str, timeout: float = 60) -> dict[str, Any]:
    """The seat's view once no bot is to move (bots play in the background)."""
    deadline = time.monotonic() + timeout
    while True:
        v = view(client, gid, token)
        if not v.get("bots_to_move") or v["bot_error"]:
            return v
        if time.monotonic() > deadline:
            raise AssertionError(f"the bots of game {gid} did not move in {timeout} s")
        time.sleep(0.02)


def finished(client: TestClient, gid: str, timeout: float = 120) -> dict[str, Any]:
    """The game's public facts once it is over (a game between bots)."""
    deadline = time.monotonic() + timeout
    while True:
        g: dict[str, Any] = client.get(f"/api/games/{gid}").json()
        if g.get("over") or g.get("bot_error"):
            return g
        if time.monotonic() > deadline:
            raise AssertionError(f"game {gid} did not end in {timeout} s")
        time.sleep(0.05)


def act(client: TestClient, gid: str, token: str, action: str, serial: int, **kw: Any) -> Any:
    return client.post(
        f"/api/games/{gid}/action",
        headers={"X-Seat-Token": token},
        json={"action": action, "serial": serial, **kw},
    )


def play(client: TestClient, gid: str, tokens: dict[str, str], n: int) -> dict[str, Any]:
    """Play ``n`` decisions (the first legal action each time) through the API."""
    v = view(client, gid, tokens["ap"])
    for _ in range(n):
        seat = v["to_act"]
        v = view(client, gid, tokens[seat])
        pick = next((a for a in v["legal"] if a != "done"), v["legal"][0])
        r = act(client, gid, tokens[seat], pick, v["serial"])
        assert r.status_code == 200, r.text
        v = r.json()["view"]
    return v


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """``greatwar serve`` with uvicorn replaced by a recorder (and logging left alone): the
    arguments each run was given."""
    import uvicorn

    from greatwar.server import logs

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    monkeypatch.setattr(logs, "configure", lambda *a, **kw: None)
    for name in ("GREATWAR_DB", "GREATWAR_HOST", "GREATWAR_PORT"):
        monkeypatch.delenv(name, raising=False)
    return calls
