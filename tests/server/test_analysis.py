"""The analysis route: each side's chance to win through a finished game and its turning
points, for both games; refused while a game is played (no live evaluation); computed once."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from greatwar.server import games as service_module
from tests.server.conftest import create, finished, play

POWERS = ("ahoe", "ru", "de", "frit", "ukus")


def _check(doc: dict[str, Any], steps: int, teams: list[str], outcome: str) -> None:
    assert doc["teams"] == teams and doc["steps"] == steps
    pts = doc["points"]
    assert len(pts) >= 3
    at = [p["step"] for p in pts]
    assert at == sorted(at) and at[0] >= 0 and at[-1] == steps
    for p in pts:
        assert set(p["chances"]) == set(teams)
        assert abs(sum(p["chances"].values()) - 1) < 1e-3
    assert pts[-1]["at"] == {"end": True} and pts[-1]["chances"][outcome] == 1.0
    assert len(doc["turning"]) <= 5
    for t in doc["turning"]:
        assert t["step"] in at and t["from_step"] in at and t["team"] in teams
        assert t["swing"] >= 0.05


@pytest.mark.parametrize(
    ("body", "teams"),
    [
        ({"scenario": "introductory", "seats": {"ap": "random", "cp": "random"}}, ["ap", "cp"]),
        ({"game": "qmg1914", "seats": dict.fromkeys(POWERS, "random")}, ["central", "entente"]),
    ],
)
def test_a_finished_game_is_analysed_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, body: dict[str, Any], teams: list[str]
) -> None:
    calls = []
    real = service_module.analyse

    def counted(*a: Any, **kw: Any) -> Any:
        calls.append(1)
        return real(*a, **kw)

    monkeypatch.setattr(service_module, "analyse", counted)
    r = client.post("/api/games", json={**body, "seed": 5})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    g = finished(client, gid)
    assert g["over"] and not g.get("bot_error")
    first = client.get(f"/api/games/{gid}/analysis")
    assert first.status_code == 200, first.text
    _check(first.json(), g["actions"], teams, g["result"]["outcome"])
    again = client.get(f"/api/games/{gid}/analysis")
    assert again.json() == first.json() and len(calls) == 1  # kept, not computed again


def test_a_game_being_played_is_never_evaluated(client: TestClient) -> None:
    gid, tokens = create(client)
    play(client, gid, tokens, 3)
    r = client.get(f"/api/games/{gid}/analysis")
    assert r.status_code == 403 and "over" in r.json()["detail"]
    assert client.get("/api/games/nosuchgame/analysis").status_code == 404
