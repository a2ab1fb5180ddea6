"""The lobby, my games and rematches (issue 30, items 2 to 4): post, list, take in one click,
invite, withdraw, expire; the game's seats name the accounts, so a session plays them and no
other account's; one game per full offer however many take it; a rematch with sides swapped."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from greatwar.server import GameStore
from tests.server.conftest import browser
from tests.server.test_accounts import PASSWORD, app, signup


class Person:
    """A browser logged in to one account."""

    def __init__(self, running: TestClient, name: str) -> None:
        self.c = browser(running)
        self.name = name
        self.user = signup(self.c, name)["user"]
        self.c.headers["X-CSRF-Token"] = self.c.get("/api/me").json()["csrf"]

    def get(self, path: str, **kw: Any) -> Any:
        return self.c.get(path, **kw)

    def post(self, path: str, body: Any = None, **kw: Any) -> Any:
        return self.c.post(path, json=body if body is not None else {}, **kw)

    def close(self) -> None:
        self.c.close()


@pytest.fixture
def people(store: GameStore) -> Iterator[list[Person]]:
    application = app(store)
    with TestClient(application) as running:
        out = [Person(running, n) for n in ("Joffre", "Moltke", "Conrad")]
        yield out
        for p in out:
            p.close()


def offer(p: Person, **kw: Any) -> dict[str, Any]:
    body = {"scenario": "historical", "creator": "ap", "clock": "fast", "rated": True, **kw}
    r = p.post("/api/lobby", body)
    assert r.status_code == 201, r.text
    doc: dict[str, Any] = r.json()
    return doc


def test_an_offer_is_listed_taken_in_one_click_and_becomes_a_game_of_the_two_accounts(
    people: list[Person],
) -> None:
    joffre, moltke, conrad = people
    doc = offer(joffre, public=True)
    assert doc["state"] == "open" and doc["by"] == "Joffre" and doc["rated"]
    seen = moltke.get("/api/lobby").json()["offers"]
    assert [o["id"] for o in seen] == [doc["id"]]
    assert "token" not in str(seen) and "your_token" not in seen[0]
    assert moltke.get("/api/lobby", params={"game": "qmg1914"}).json()["offers"] == []
    assert moltke.get("/api/lobby", params={"rated": False}).json()["offers"] == []
    r = joffre.post(f"/api/lobby/{doc['id']}/take")
    assert r.status_code == 400  # the poster holds a place already
    r = moltke.post(f"/api/lobby/{doc['id']}/take")
    assert r.status_code == 200, r.text
    gid = r.json()["game_id"]
    assert gid and r.json()["token"]
    for p in people:
        assert p.get("/api/lobby").json()["offers"] == []  # gone from the lobby
    r = conrad.post(f"/api/lobby/{doc['id']}/take")
    assert r.status_code == 409 and r.json()["kind"] == "offer_gone"
    # the seats name the accounts: each session plays its own seat, and no other
    v = joffre.get(f"/api/games/{gid}/view").json()
    assert v["held"] == ["ap"]
    assert moltke.get(f"/api/games/{gid}/view").json()["held"] == ["cp"]
    r = conrad.get(f"/api/games/{gid}/view")
    assert r.status_code in (200, 401)  # public: an observer's view, never a seat's
    if r.status_code == 200:
        assert r.json()["held"] == [] and r.json()["legal"] == []
    seat = v["to_act"]
    actor, other = (joffre, moltke) if seat == "ap" else (moltke, joffre)
    mine = actor.get(f"/api/games/{gid}/view").json()
    body = {"action": mine["legal"][0], "serial": mine["serial"]}
    r = other.post(f"/api/games/{gid}/action", body)
    assert r.status_code == 403 and r.json()["kind"] == "not_your_turn"
    r = conrad.post(f"/api/games/{gid}/action", body)
    assert r.status_code == 401
    r = actor.post(f"/api/games/{gid}/action", body)
    assert r.status_code == 200, r.text
    facts = joffre.get(f"/api/games/{gid}").json()
    assert facts["clock"] is not None
    mine_j = joffre.get("/api/my/games").json()
    assert [g["id"] for g in mine_j["playing"]] == [gid]
    assert mine_j["playing"][0]["seats"]["cp"]["player"] == "Moltke"
    waiting = sum(p.get("/api/me").json()["waiting"] for p in (joffre, moltke))
    assert waiting == 1
    # the replay of the unfinished game, from the account's own seat only (no link needed)
    assert joffre.get(f"/api/games/{gid}").json()["yours"] == ["ap"]
    assert "yours" not in TestClient(joffre.c.app).get(f"/api/games/{gid}").json()
    r = joffre.get(f"/api/games/{gid}/replay", params={"seat": "ap", "step": 1})
    assert r.status_code == 200, r.text
    r = joffre.get(f"/api/games/{gid}/replay", params={"seat": "cp", "step": 1})
    assert r.status_code == 403
    assert conrad.get(f"/api/games/{gid}/replay", params={"seat": "ap"}).status_code == 401


def test_an_invitation_is_seen_and_taken_only_by_its_player(people: list[Person]) -> None:
    joffre, moltke, conrad = people
    doc = offer(joffre, invite="moltke")
    assert doc["invited"] == "Moltke"
    assert conrad.get("/api/lobby").json()["offers"] == []
    assert [o["for_me"] for o in moltke.get("/api/lobby").json()["offers"]] == [True]
    r = conrad.post(f"/api/lobby/{doc['id']}/take")
    assert r.status_code == 403
    r = joffre.post("/api/lobby", {"invite": "nobody-here"})
    assert r.status_code == 404 and "nobody-here" not in r.text
    assert moltke.post(f"/api/lobby/{doc['id']}/take").status_code == 200


def test_an_offer_is_withdrawn_by_its_poster_only(people: list[Person]) -> None:
    joffre, moltke, _ = people
    doc = offer(joffre)
    r = moltke.post(f"/api/lobby/{doc['id']}/withdraw")
    assert r.status_code == 403
    assert joffre.post(f"/api/lobby/{doc['id']}/withdraw").status_code == 200
    assert moltke.get("/api/lobby").json()["offers"] == []
    r = moltke.post(f"/api/lobby/{doc['id']}/take")
    assert r.status_code == 409


def test_an_offer_nobody_takes_expires(people: list[Person]) -> None:
    joffre, moltke, _ = people
    doc = offer(joffre, hours=0.0001)
    import time

    time.sleep(0.5)
    assert moltke.get("/api/lobby").json()["offers"] == []
    r = moltke.post(f"/api/lobby/{doc['id']}/take")
    assert r.status_code == 409 and r.json()["kind"] == "offer_gone"


def test_a_quartermaster_general_offer_fills_its_places_one_by_one(people: list[Person]) -> None:
    joffre, moltke, conrad = people
    body = {
        "game": "qmg1914",
        "players": [["ahoe", "de"], ["ru", "frit"], ["ukus"]],
        "creator": "ahoe",
        "rated": True,
    }
    r = joffre.post("/api/lobby", body)
    assert r.status_code == 201, r.text
    oid = r.json()["id"]
    first = moltke.post(f"/api/lobby/{oid}/take").json()
    assert first["game_id"] is None
    listed = conrad.get("/api/lobby").json()["offers"][0]
    assert [p["taken"] for p in listed["places"]] == [True, True, False]
    last = conrad.post(f"/api/lobby/{oid}/take").json()
    gid = last["game_id"]
    assert gid
    assert sorted(conrad.get(f"/api/games/{gid}/view").json()["held"]) == ["ukus"]
    assert sorted(moltke.get(f"/api/games/{gid}/view").json()["held"]) == ["frit", "ru"]


def test_bad_offers_are_refused_without_echo_and_store_nothing(people: list[Person]) -> None:
    joffre, moltke, _ = people
    for body in (
        {"game": "chess-of-doom"},
        {"scenario": "no-such-scenario"},
        {"creator": "zz"},
        {"seats": {"ap": "human", "cp": "random"}},  # nobody else wanted
        {"hours": -1},
        {"rated": "yes"},
    ):
        r = joffre.post("/api/lobby", body)
        assert r.status_code == 400, (body, r.text)
        for v in body.values():
            if isinstance(v, str) and len(v) > 4:
                assert v not in r.json()["detail"]
    assert moltke.get("/api/lobby").json()["offers"] == []
    anon = TestClient(joffre.c.app)
    r = anon.post("/api/lobby", json={})
    assert r.status_code == 401


def test_a_rematch_swaps_the_sides_once_both_ask(people: list[Person]) -> None:
    joffre, moltke, _ = people
    doc = offer(joffre, clock=None)
    gid = moltke.post(f"/api/lobby/{doc['id']}/take").json()["game_id"]
    v = joffre.get(f"/api/games/{gid}/view").json()
    loser = joffre if v["to_act"] == "ap" else moltke
    mine = loser.get(f"/api/games/{gid}/view").json()
    r = loser.post(f"/api/games/{gid}/resign", {"serial": mine["serial"]})
    assert r.status_code == 200, r.text
    r = joffre.post(f"/api/games/{gid}/rematch")
    assert r.status_code == 200, r.text
    assert r.json()["rematch"]["state"] == "open" and r.json()["token"]
    # the people who asked, by the seats they played (Joffre the Allies), and by the seats of
    # their places in the rematch (the Central Powers)
    state = moltke.get(f"/api/games/{gid}/rematch").json()["rematch"]
    assert state["asked_by"] == [["ap"]] and state["waiting_for"] == [["cp"]]
    assert state["asked"] == [["cp"]] and state["waiting"] == [["ap"]]
    r = moltke.post(f"/api/games/{gid}/rematch")
    new = r.json()["rematch"]["game_id"]
    assert r.json()["rematch"]["state"] == "started" and new
    assert joffre.get(f"/api/games/{new}/view").json()["held"] == ["cp"]
    assert moltke.get(f"/api/games/{new}/view").json()["held"] == ["ap"]
    assert joffre.get(f"/api/games/{gid}/rematch").json()["rematch"]["game_id"] == new


def test_the_lobby_needs_accounts(store: GameStore) -> None:
    from greatwar.server import create_app

    with TestClient(create_app(store=store)) as c:
        assert c.get("/api/lobby").status_code == 404
        assert (
            c.post("/api/account/login", json={"name": "x", "password": PASSWORD}).status_code
            == 404
        )
