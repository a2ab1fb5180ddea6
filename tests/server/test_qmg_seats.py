"""Quartermaster General: 1914 on the server: people hold the rulebook's Player / Power
assignments, or part of one with the computer playing the rest; each person's token opens
their own powers' hands only."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import view

POWERS = ("ahoe", "ru", "de", "frit", "ukus")


def _make(client: TestClient, seats: dict[str, str], players: list[list[str]]) -> Any:
    # no chosen seed: between people one would wait for the others' agreement (docs/server.md)
    return client.post("/api/games", json={"game": "qmg1914", "seats": seats, "players": players})


def test_people_hold_the_assignments_or_part_of_one(client: TestClient) -> None:
    # three people (the rulebook's 3-player assignments)
    r = _make(client, dict.fromkeys(POWERS, "human"), [["ahoe", "de"], ["ru", "frit"], ["ukus"]])
    assert r.status_code == 201, r.text
    doc = r.json()
    assert [p["seats"] for p in doc["players"]] == [["ahoe", "de"], ["ru", "frit"], ["ukus"]]
    assert len({p["token"] for p in doc["players"]}) == 3
    v = view(client, doc["id"], doc["tokens"]["ru"])
    assert v["held"] == ["ru", "frit"]
    assert all(c.startswith(("ru_", "frit_")) for c in v["cards"]["hand"])
    # two people, the second's France & Italy played by the computer
    seats = dict.fromkeys(POWERS, "human") | {"frit": "random"}
    r = _make(client, seats, [["ahoe", "de"], ["ru", "ukus"]])
    assert r.status_code == 201, r.text
    assert r.json()["players"][1]["seats"] == ["ru", "ukus"]
    # powers of two teams, or not one assignment's, are never one person's
    for group in (["ahoe", "ru"], ["de", "ukus"]):
        r = _make(client, dict.fromkeys(POWERS, "human"), [group])
        assert r.status_code == 400, (group, r.text)


def test_a_replay_of_a_game_under_way_hides_the_others_secrets(client: TestClient) -> None:
    seats = dict.fromkeys(POWERS, "human")
    r = _make(client, seats, [[p] for p in POWERS])
    assert r.status_code == 201, r.text
    doc = r.json()
    gid, tokens = doc["id"], doc["tokens"]
    v = view(client, gid, tokens["ahoe"])
    bottom = next(a for a in v["legal"] if a.startswith("bottom "))
    r = client.post(
        f"/api/games/{gid}/action",
        headers={"X-Seat-Token": tokens["ahoe"]},
        json={"action": bottom, "serial": v["serial"]},
    )
    assert r.status_code == 200, r.text
    card = bottom.split()[1]
    seen = client.get(
        f"/api/games/{gid}/replay",
        params={"seat": "ru", "step": 1},
        headers={"X-Seat-Token": tokens["ru"]},
    )
    assert seen.status_code == 200, seen.text
    assert seen.json()["entry_hidden"] and card not in seen.text
    own = client.get(
        f"/api/games/{gid}/replay",
        params={"seat": "ahoe", "step": 1},
        headers={"X-Seat-Token": tokens["ahoe"]},
    ).json()
    assert own["entry"] == bottom and own["entry_text"].startswith("Put ")
