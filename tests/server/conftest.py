"""Fixtures of the server tests: an app over a temporary SQLite store, and small helpers."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from greatwar.server import GameStore, create_app


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite"


@pytest.fixture
def store(db_path: Path) -> Iterator[GameStore]:
    s = GameStore(str(db_path))
    yield s
    s.close()


@pytest.fixture
def client(store: GameStore) -> Iterator[TestClient]:
    with TestClient(create_app(store=store)) as c:
        yield c


def create(
    client: TestClient, ap: str = "human", cp: str = "human", seed: int = 3, **kw: Any
) -> tuple[str, dict[str, str]]:
    r = client.post(
        "/api/games",
        json={
            "scenario": kw.pop("scenario", "historical"),
            "seats": {"ap": ap, "cp": cp},
            "seed": seed,
            **kw,
        },
    )
    assert r.status_code == 201, r.text
    doc = r.json()
    return doc["id"], doc["tokens"]


def view(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text
    v: dict[str, Any] = r.json()
    return v


def act(client: TestClient, gid: str, token: str, action: str, serial: int) -> Any:
    return client.post(
        f"/api/games/{gid}/action",
        headers={"X-Seat-Token": token},
        json={"action": action, "serial": serial},
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
