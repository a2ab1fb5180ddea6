"""Ratings (issue 30, item 6): written once per finished rated game in the transaction that ends
it, per game and per subject (accounts, and each bot strength as a player of its own), teams of
several people rated as teams; the leaderboard, a player's page and a game's changes."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import func, select

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from greatwar.server import GameStore
from greatwar.server.ratings import MU, SIGMA, ranks_of, rate, rated_teams, shown
from greatwar.server.tables import rating_history_table, ratings_table
from tests.server.test_accounts import app
from tests.server.test_lobby import Person


@pytest.fixture
def people(store: GameStore) -> Iterator[list[Person]]:
    with TestClient(app(store, allow_bot_games=True)) as running:
        out = [Person(running, n) for n in ("Joffre", "Moltke", "Conrad")]
        yield out
        for p in out:
            p.close()


def offer_and_take(poster: Person, takers: list[Person], **body: Any) -> str:
    r = poster.post("/api/lobby", {"scenario": "historical", "creator": "ap", **body})
    assert r.status_code == 201, r.text
    oid = r.json()["id"]
    gid = None
    for p in takers:
        r = p.post(f"/api/lobby/{oid}/take")
        assert r.status_code == 200, r.text
        gid = r.json()["game_id"]
    assert gid
    return str(gid)


def resign(p: Person, gid: str) -> dict[str, Any]:
    v = p.get(f"/api/games/{gid}/view").json()
    r = p.post(f"/api/games/{gid}/resign", {"serial": v["serial"]})
    assert r.status_code == 200, r.text
    doc: dict[str, Any] = r.json()
    return doc


def to_act(people: list[Person], gid: str) -> Person:
    seat = people[0].get(f"/api/games/{gid}").json()["to_act"]
    for p in people:
        v = p.get(f"/api/games/{gid}/view")
        if v.status_code == 200 and seat in v.json()["held"]:
            return p
    raise AssertionError(f"nobody holds {seat}")


def history_rows(store: GameStore, gid: str | None = None) -> int:
    q = select(func.count()).select_from(rating_history_table)
    if gid is not None:
        q = q.where(rating_history_table.c.game_id == gid)
    with store.engine.connect() as conn:
        return int(conn.execute(q).scalar_one())


def test_a_rated_game_between_two_accounts_rates_both_once(
    people: list[Person], store: GameStore
) -> None:
    joffre, moltke, conrad = people
    gid = offer_and_take(joffre, [moltke], rated=True)
    assert joffre.get(f"/api/games/{gid}/ratings").json() == {"rated": True, "ratings": []}
    loser = to_act([joffre, moltke], gid)
    winner = moltke if loser is joffre else joffre
    resign(loser, gid)
    doc = conrad.get(f"/api/games/{gid}/ratings").json()  # anyone may see them
    changes = {x["name"]: x for x in doc["ratings"]}
    assert set(changes) == {"Joffre", "Moltke"}
    assert changes[winner.name]["result"] == "win" and changes[loser.name]["result"] == "loss"
    assert changes[winner.name]["rating"] > changes[winner.name]["before"] == shown(MU, SIGMA)
    assert changes[loser.name]["rating"] < changes[winner.name]["rating"]
    assert history_rows(store, gid) == 2
    board = conrad.get("/api/ratings", params={"game": "pog"}).json()["ratings"]
    assert [x["name"] for x in board] == [winner.name, loser.name]
    assert [x["place"] for x in board] == [1, 2] and board[0]["games"] == 1
    page = conrad.get(f"/api/players/{winner.name.lower()}").json()
    assert page["name"] == winner.name and page["subject"].startswith("user:")
    (pog,) = page["ratings"]
    assert pog["game"] == "pog" and [h["game_id"] for h in pog["history"]] == [gid]
    assert [g["id"] for g in page["games"]] == [gid] and page["games"][0]["over"]
    assert "token" not in str(page) and "password" not in str(page)
    # a second game: the history grows, the ratings change again, each game once
    gid2 = offer_and_take(moltke, [joffre], rated=True)
    resign(to_act([joffre, moltke], gid2), gid2)
    assert history_rows(store) == 4
    page = conrad.get(f"/api/players/{winner.name}").json()
    assert [h["game_id"] for h in page["ratings"][0]["history"]] == [gid, gid2]
    assert page["ratings"][0]["games"] == 2
    assert conrad.get("/api/players/nobody-at-all").status_code == 404
    assert conrad.get("/api/ratings", params={"game": "chess"}).status_code == 404


def test_an_unrated_game_changes_no_rating(people: list[Person], store: GameStore) -> None:
    joffre, moltke, _ = people
    gid = offer_and_take(joffre, [moltke], rated=False)
    resign(to_act([joffre, moltke], gid), gid)
    assert history_rows(store) == 0
    assert joffre.get(f"/api/games/{gid}/ratings").json() == {"rated": False, "ratings": []}
    assert joffre.get("/api/ratings").json()["ratings"] == []


def test_each_bot_strength_is_rated_as_a_player_of_its_own(
    people: list[Person], store: GameStore
) -> None:
    joffre, _, conrad = people
    r = joffre.post(
        "/api/games",
        {"scenario": "historical", "seats": {"ap": "human", "cp": "random"}, "rated": True},
    )
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    deadline = time.monotonic() + 60
    while not joffre.get(f"/api/games/{gid}/view").json()["legal"]:  # the bot moves first
        assert time.monotonic() < deadline, "the bot did not move"
        time.sleep(0.05)
    resign(joffre, gid)
    changes = {x["subject"]: x for x in joffre.get(f"/api/games/{gid}/ratings").json()["ratings"]}
    assert changes["bot:random"]["result"] == "win" and changes["bot:random"]["name"] == "random"
    assert changes[f"user:{joffre.user['id']}"]["result"] == "loss"
    page = conrad.get("/api/players/bot:random").json()
    assert page["bot"] == "random" and page["ratings"][0]["games"] == 1
    assert conrad.get("/api/players/bot:heuristic").status_code == 404  # never rated
    board = conrad.get("/api/ratings").json()["ratings"]
    assert [x["subject"] for x in board] == ["bot:random", f"user:{joffre.user['id']}"]
    # a guest's game is never rated, and a seed chosen by the player is refused for a rated one
    r = conrad.c.post("/api/games", headers={"X-Seat-Token": "x"}, json={"rated": True})
    assert r.status_code == 400
    r = joffre.post("/api/games", {"seats": {"cp": "random"}, "rated": True, "seed": 5})
    assert r.status_code == 400
    assert history_rows(store) == 2


def test_a_quartermaster_general_game_rates_its_teams_of_people(
    people: list[Person], store: GameStore
) -> None:
    joffre, moltke, conrad = people
    body = {"game": "qmg1914", "players": [["ahoe", "de"], ["ru", "frit"], ["ukus"]]}
    r = joffre.post("/api/lobby", {**body, "creator": "ahoe", "rated": True})
    assert r.status_code == 201, r.text
    oid = r.json()["id"]
    moltke.post(f"/api/lobby/{oid}/take")
    gid = conrad.post(f"/api/lobby/{oid}/take").json()["game_id"]
    loser = to_act(people, gid)
    resign(loser, gid)
    changes = {x["name"]: x for x in joffre.get(f"/api/games/{gid}/ratings").json()["ratings"]}
    assert set(changes) == {"Joffre", "Moltke", "Conrad"}
    central = {"Joffre"}  # ahoe and de
    lost = central if loser is joffre else {"Moltke", "Conrad"}
    for name, x in changes.items():
        assert x["result"] == ("loss" if name in lost else "win"), (name, x)
        assert x["game"] == "qmg1914"
    assert joffre.get("/api/ratings", params={"game": "pog"}).json()["ratings"] == []
    assert len(joffre.get("/api/ratings", params={"game": "qmg1914"}).json()["ratings"]) == 3


def spec(**seats: Any) -> Any:
    return SimpleNamespace(
        game=__import__("greatwar.core.games", fromlist=["game"]).game("qmg1914"),
        row=SimpleNamespace(seats=seats, extra={"rated": True}),
        id="g1",
    )


def test_who_is_rated_in_a_game() -> None:
    user = {"kind": "human", "user": 7}
    bot = {"kind": "bot", "bot": "heuristic"}
    # one person with a heuristic bot ally against the heuristic bots: the bot is on both
    # teams, so the person alone is rated against the other team's remaining subjects: none
    live = spec(ahoe=user, de=bot, ru=bot, frit=bot, ukus=bot)
    assert rated_teams(live) is None  # type: ignore[arg-type]
    live = spec(ahoe=user, de=user, ru=bot, frit=bot, ukus={"kind": "bot", "bot": "random"})
    assert rated_teams(live) == [  # type: ignore[arg-type]
        ("central", ["user:7"]),
        ("entente", ["bot:heuristic", "bot:random"]),
    ]
    guest = {"kind": "human", "token": "digest"}
    assert rated_teams(spec(ahoe=user, de=user, ru=guest, frit=bot, ukus=bot)) is None  # type: ignore[arg-type]
    unrated = spec(ahoe=user, de=user, ru=bot, frit=bot, ukus=bot)
    unrated.row.extra = {}
    assert rated_teams(unrated) is None  # type: ignore[arg-type]
    teams = [("central", ["a"]), ("entente", ["b"])]
    assert ranks_of(teams, {"outcome": "entente"}) == [2, 1]
    assert ranks_of(teams, {"outcome": "draw"}) == [1, 1]


def test_a_game_is_rated_once_even_when_its_end_is_written_again(store: GameStore) -> None:
    teams = [("ap", ["user:1"]), ("cp", ["bot:random"])]
    with store.engine.begin() as conn:
        assert rate(conn, "g1", "pog", teams, [1, 2], 10.0)
    with store.engine.begin() as conn:
        assert not rate(conn, "g1", "pog", teams, [2, 1], 11.0)  # nothing written
        assert rate(conn, "g2", "pog", teams, [1, 1], 12.0)  # a draw: another game
    with store.engine.connect() as conn:
        rows = {r.subject: r for r in conn.execute(select(ratings_table))}
    assert rows["user:1"].games == 2 and rows["bot:random"].games == 2
    assert rows["user:1"].mu > MU > rows["bot:random"].mu
    assert history_rows(store) == 4


def test_the_ratings_commit_with_the_end_of_the_game_or_not_at_all(
    people: list[Person], store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ratings are written in the transaction of the record entry that ends the game: when
    they cannot be written, the game does not end either (and ends, rated once, on a retry)."""
    import greatwar.server.ratings as ratings_module

    joffre, moltke, _ = people
    gid = offer_and_take(joffre, [moltke], rated=True)
    loser = to_act([joffre, moltke], gid)

    def broken(*_a: Any, **_k: Any) -> bool:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(ratings_module, "rate", broken)
    v = loser.get(f"/api/games/{gid}/view").json()
    r = loser.post(f"/api/games/{gid}/resign", {"serial": v["serial"]})
    assert r.status_code == 503, r.text
    assert not loser.get(f"/api/games/{gid}").json()["over"]
    assert store.actions(gid) == []  # the resignation was not stored either
    monkeypatch.undo()
    resign(loser, gid)
    assert loser.get(f"/api/games/{gid}").json()["over"]
    assert history_rows(store, gid) == 2
