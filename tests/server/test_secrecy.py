"""Secrecy: every answer a seat gets is built from that seat's view.

The whole-game walk plays complete games through the server with every option (the secret
selection of optional cards included), both seats human, and checks every answer each seat gets
(actions, views, websocket messages, replays, errors, the public game facts) against what the
engine's own views of that seat have shown it so far: no card id it was never shown, no seed,
no state of the dice generator. The other tests pin each leak the review found.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from greatwar.core.games import game
from greatwar.pog.flow import D
from greatwar.server import GameStore, create_app
from tests.server.conftest import act, create, settled, view

CARD_IDS = frozenset(c.id for c in D.cards)
CARD = re.compile(r"\b[ac]p\d\dv?\b")
POG = game("pog")


def card_ids(doc: Any) -> set[str]:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    return {x for x in CARD.findall(text) if x in CARD_IDS}


def test_the_replay_of_a_running_game_hides_the_other_seats_secret_picks(
    client: TestClient,
) -> None:
    gid, tokens = create(client, scenario="campaign", options={"optional_cards": "select"})
    v = view(client, gid, tokens["cp"])
    pick = next(a for a in v["legal"] if a.startswith("select"))
    assert act(client, gid, tokens["cp"], pick, v["serial"]).status_code == 200
    url = f"/api/games/{gid}/replay"
    theirs = client.get(
        url, params={"seat": "ap", "step": 1}, headers={"X-Seat-Token": tokens["ap"]}
    )
    assert theirs.status_code == 200
    doc = theirs.json()
    assert doc["entry"] is None and doc["entry_hidden"] and doc["entry_seat"] == "cp"
    assert (pick.split()[1] in theirs.text) is False
    mine = client.get(url, params={"seat": "cp", "step": 1}, headers={"X-Seat-Token": tokens["cp"]})
    assert mine.json()["entry"] == pick and not mine.json()["entry_hidden"]


def test_a_record_that_cannot_be_replayed_never_shows_a_hand(
    client: TestClient, store: GameStore
) -> None:
    gid, tokens = create(client, scenario="campaign", options={"optional_cards": "select"})
    with store.engine.begin() as conn:
        conn.execute(
            text("INSERT INTO actions (game_id, n, text, seat, at) VALUES (:g, 0, :t, 'cp', 0)"),
            {"g": gid, "t": "select ap01"},
        )
    fresh = TestClient(create_app(store=store))
    g = fresh.get(f"/api/games/{gid}")
    problem = g.json()["problem"]
    assert "entry 0" in problem and "(by cp)" in problem
    assert not card_ids(g.text), problem  # neither the entry nor the legal picks
    r = fresh.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": tokens["ap"]})
    assert r.status_code == 409 and not card_ids(r.text)
    assert not card_ids(fresh.get("/api/games").text)


def test_a_failing_bot_never_tells_its_hand(store: GameStore, monkeypatch: Any) -> None:
    """A bot that answers with an illegal action: the engine's refusal lists the bot's hand;
    the game shows only that the bot failed."""
    import greatwar.bots as registry

    class Wrong:
        name = "wrong"

        def __init__(self, seed: int) -> None:
            pass

        def choose(self, view: dict[str, Any]) -> str:
            if view["legal"][0].startswith("choose"):  # Guns of August: then a hand is dealt
                return str(view["legal"][0])
            return "move ge_1 paris"

    monkeypatch.setitem(registry.COMMON, "wrong", Wrong)
    with TestClient(create_app(store=store, bot_workers=0)) as client:
        gid, tokens = create(client, ap="human", cp="wrong", scenario="campaign")
        v = settled(client, gid, tokens["ap"])
        assert v["bot_error"] and "wrong bot (cp) failed" in v["bot_error"]
        hand = set(POG.view(client.app.state.service.load(gid).ok().state, "cp")["cards"]["hand"])
        assert hand
        for doc in (v, client.get(f"/api/games/{gid}").json()):
            assert not (card_ids(doc["bot_error"]) & hand)
            assert "may play" not in doc["bot_error"]


def test_only_a_public_game_is_watched_and_never_with_a_hand(client: TestClient) -> None:
    gid, tokens = create(client, scenario="campaign", options={"optional_cards": "select"})
    r = client.get(f"/api/games/{gid}/watch")
    assert r.status_code == 403 and r.json()["kind"] == "forbidden"
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"watch": True})
        assert ws.receive_json()["status"] == 403
    doc = client.post(
        "/api/games",
        json={"scenario": "campaign", "options": {"optional_cards": "select"}, "public": True},
    ).json()
    gid, tokens = doc["id"], doc["tokens"]
    assert doc["game"]["public"]
    v = view(client, gid, tokens["cp"])
    pick = next(a for a in v["legal"] if a.startswith("select"))
    assert act(client, gid, tokens["cp"], pick, v["serial"]).status_code == 200
    seen = client.get(f"/api/games/{gid}/watch")
    assert seen.status_code == 200, seen.text
    w = seen.json()
    assert w["observer"] and w["seat"] is None and w["legal"] == [] and w["cards"]["hand"] == []
    assert pick.split()[1] not in seen.text  # the secret pick
    for _ in range(80):  # on to the hands dealt
        hands = {c for t in tokens.values() for c in view(client, gid, t)["cards"]["hand"]}
        if hands:
            break
        seat = view(client, gid, tokens["cp"])["to_act"]
        v = view(client, gid, tokens[seat])
        assert act(client, gid, tokens[seat], v["legal"][0], v["serial"]).status_code == 200
    seen = client.get(f"/api/games/{gid}/watch")
    assert hands and not (card_ids(seen.text) & hands)
    assert seen.json()["cards"]["hand_count"] == {"ap": 7, "cp": 7}  # their numbers only


# -- the whole-game walk ---------------------------------------------------------------------

WALKS = [
    ("campaign", {"optional_cards": "select", "bid": {"side": "ap", "vp": 1}}),
    ("historical", {"optional_cards": "all", "tournament": True}),
    ("limited", {"valiant": True, "hand8": True, "trench_mod": True}),
    ("introductory", {"optional_cards": "select"}),
]

QMG = game("qmg1914")
QMG_CARD = re.compile(r"\b(?:ahoe|ru|de|frit|ukus)_[a-z]{2}_\d\d\b")


def qmg_card_ids(doc: Any) -> set[str]:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    return set(QMG_CARD.findall(text))


OBSERVER = "observer"  # the walk's name for an observer of a public game (no token)


class Walk:
    """One game played to its end through the server by its people (each a token holding one
    or more seats), every answer each person gets collected and checked against the engine's
    views of that person's seats: no card id they were never shown, no seed, no state of the
    dice generator until the game is over. A public game is watched too, by an observer with
    no token (``watch``): every answer the observer gets is checked against the public views
    (never a card no observer was shown), and every public view against the people's (no
    card that some person was never shown)."""

    def __init__(
        self,
        client: TestClient,
        gid: str,
        people: dict[str, list[str]],
        seed: int,
        watch: bool = False,
    ) -> None:
        self.client, self.gid, self.people = client, gid, people
        self.rng = random.Random(seed)
        self.service = client.app.state.service  # type: ignore[attr-defined]
        self.game = game(self.service.load(gid).ok().record.game)
        self.cards = card_ids if self.game.id == "pog" else qmg_card_ids
        self.holder = {seat: token for token, seats in people.items() for seat in seats}
        self.known: dict[str, set[str]] = {token: set() for token in people}
        self.read = {seat: 0 for seat in self.holder}  # log entries of each view already learnt
        self.watch = watch
        if watch:
            self.known[OBSERVER] = set()
        self.secrets: set[str] = set()  # seed and generator states, as text
        self.answers = 0
        self.watched = 0  # answers to the observer

    def state(self) -> Any:
        return self.service.load(self.gid).ok().state

    def learn(self) -> None:
        """What each person may know now: every card id the engine views of their seats show
        (the log: the entries not read yet)."""
        s = self.state()
        for seat, token in self.holder.items():
            v = self.game.view(s, seat)
            log = v.pop("log")
            self.known[token] |= self.cards(v) | self.cards(log[self.read[seat] :])
            self.read[seat] = len(log)
        if self.watch:
            public = self.cards(self.game.web().public(s))  # type: ignore[attr-defined]
            everyone = set.intersection(*(self.known[t] for t in self.people))
            assert public <= everyone, f"the public view shows {sorted(public - everyone)}"
            self.known[OBSERVER] |= public
        self.secrets.add(str(s.rng))
        self.secrets.add(str(s.seed))

    def check(self, token: str | None, doc: Any) -> None:
        """An answer to the person of ``token`` (None: to anyone) shows nothing that person
        was not shown."""
        self.answers += 1
        text = doc if isinstance(doc, str) else json.dumps(doc)
        allowed = self.known[token] if token else set.intersection(*self.known.values())
        leaked = self.cards(text) - allowed
        who = "/".join(self.people[token]) if token in self.people else token if token else "anyone"
        self.watched += token == OBSERVER
        assert not leaked, f"{who} was sent {sorted(leaked)} in {text[:300]}"
        over = '"over": true' in text or '"over":true' in text
        if not over:
            for secret in self.secrets:
                assert (f"{secret}" in text) is False, f"a seed or generator state reached {who}"

    def get(self, token: str | None, path: str, **params: Any) -> Any:
        headers = {"X-Seat-Token": token} if token and token != OBSERVER else {}
        r = self.client.get(path, params=params, headers=headers)
        self.check(token, r.text)
        return r

    def run(self, limit: int = 4000) -> int:
        c, gid = self.client, self.gid
        self.learn()
        with contextlib.ExitStack() as stack:
            sockets = {
                token: stack.enter_context(c.websocket_connect(f"/api/games/{gid}/ws"))
                for token in self.people
            }
            for token, ws in sockets.items():
                ws.send_json({"token": token})
                self.check(token, ws.receive_text())
            views = {t: self.get(t, f"/api/games/{gid}/view").json() for t in sockets}
            if self.watch:  # the observer's socket: the public view, as it changes
                ws = stack.enter_context(c.websocket_connect(f"/api/games/{gid}/ws"))
                ws.send_json({"watch": True})
                raw = ws.receive_text()
                self.check(OBSERVER, raw)
                seen = json.loads(raw)["view"]
                assert seen["observer"] and seen["seat"] is None and seen["legal"] == []
                sockets[OBSERVER] = ws
            first = next(iter(sockets))
            for n in range(limit):
                seat = views[first]["to_act"]
                if seat is None:
                    break
                token = self.holder[seat]
                v = views[token]
                assert v["seat"] == seat, (v["seat"], seat)  # a person's view: the seat to act
                if n % 40 == 7:
                    self.probe(token, v)
                pick = self.rng.choice(v["legal"])
                r = self.client.post(
                    f"/api/games/{gid}/action",
                    headers={"X-Seat-Token": token, "X-Request-Id": f"r{n}"},
                    json={
                        "action": pick,
                        "serial": v["serial"],
                        "log_from": v["log_len"],
                        "log_hash": v["log_hash"],
                    },
                )
                assert r.status_code == 200, r.text
                self.learn()
                self.check(token, r.text)
                for who, ws in sockets.items():
                    raw = ws.receive_text()
                    self.check(who, raw)
                    views[who] = json.loads(raw)["view"]
                if self.watch:
                    seen = views[OBSERVER]
                    assert seen["serial"] == views[token]["serial"]  # live: the same position
                    assert seen["legal"] == [] and seen["prompt"] is None
            else:
                pytest.fail(f"game {gid} did not end in {limit} decisions")
        end = self.get(None, f"/api/games/{gid}").json()
        assert end["over"] and end["seed"] is not None  # told once the game is over
        if self.watch:  # the whole replay, every hand, once it is over
            r = self.client.get(f"/api/games/{gid}/replay", params={"seat": "all", "step": 1})
            assert r.status_code == 200, r.text
        return n

    def probe(self, token: str, v: dict[str, Any]) -> None:
        """Answers besides the game's own flow: errors, replays, the public facts."""
        c, gid = self.client, self.gid
        other = next(t for t in self.people if t != token)
        wrong = "move ge_1 paris" if self.game.id == "pog" else "battle berlin"
        for who, body in (
            (other, {"action": v["legal"][0], "serial": v["serial"]}),  # 403: not your turn
            (token, {"action": wrong, "serial": v["serial"]}),  # 422: illegal
            (token, {"action": "play ops zz99", "serial": v["serial"]}),  # 400: malformed
            (token, {"action": v["legal"][0], "serial": v["serial"] + 3}),  # 409: stale
            (token, {"action": v["legal"][0]}),  # 400: no serial
        ):
            r = c.post(f"/api/games/{gid}/action", headers={"X-Seat-Token": who}, json=body)
            assert 400 <= r.status_code < 500, r.text
            self.check(who, r.text)
        r = c.post(
            f"/api/games/{gid}/undo", headers={"X-Seat-Token": other}, json={"serial": v["serial"]}
        )
        self.check(other, r.text)
        steps = v["version"]
        for who, seats in self.people.items():
            for step in {0, self.rng.randrange(steps + 1), steps}:
                r = self.get(who, f"/api/games/{gid}/replay", seat=seats[0], step=step)
                assert r.status_code == 200, r.text
            theirs = next(s for s in self.holder if s not in seats)
            r = self.get(who, f"/api/games/{gid}/replay", seat=theirs, step=steps)
            assert r.status_code == 403
            if self.game.id == "pog":
                r = self.get(who, f"/api/games/{gid}/replay", seat="both", step=steps)
                assert r.status_code == 403
            self.get(who, f"/api/games/{gid}/record")
        self.get(None, f"/api/games/{gid}")
        self.get(None, "/api/games")
        if self.watch:  # what an observer may ask, and what it is refused
            v = self.get(OBSERVER, f"/api/games/{gid}/watch").json()
            assert v["observer"] and v["held"] == [] and not v["legal"]
            assert not v["cards"]["hand"]
            for path, refused in (
                (f"/api/games/{gid}/view", 401),
                (f"/api/games/{gid}/replay", 401),
                (f"/api/games/{gid}/record", 403),
                (f"/api/games/{gid}/chat", 401),
                (f"/api/games/{gid}/notify", 401),
            ):
                assert self.get(OBSERVER, path).status_code == refused, path
            r = c.post(f"/api/games/{gid}/action", json={"action": "done", "serial": v["serial"]})
            assert r.status_code == 401
            self.check(OBSERVER, r.text)
            self.get(OBSERVER, "/api/lobby")


@pytest.mark.parametrize(("scenario", "options"), WALKS, ids=[w[0] for w in WALKS])
def test_whole_games_never_show_a_seat_another_seats_secrets(
    tmp_path: Path, monkeypatch: Any, scenario: str, options: dict[str, Any]
) -> None:
    import greatwar.server.games as service_module

    store = GameStore(str(tmp_path / "walk.sqlite"))

    seed = 4_000_000_000_000_000_001 + len(scenario)  # drawn by the server (patched to be fixed)
    monkeypatch.setattr(service_module.secrets, "randbelow", lambda _n: seed)
    with TestClient(create_app(store=store)) as client:
        body = {"scenario": scenario, "options": options, "creator": "cp", "public": True}
        r = client.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        doc = r.json()
        assert doc["game"]["seed"] is None and not doc["game"]["seeded"]
        people = {token: [seat] for seat, token in doc["tokens"].items()}
        walk = Walk(client, doc["id"], people, seed=len(scenario), watch=True)
        decisions = walk.run()
    store.close()
    assert decisions > 20 and walk.answers > 2 * decisions and walk.watched > decisions


QMG_PEOPLE = [["ahoe", "de"], ["ru", "frit"], ["ukus"]]


@pytest.mark.heading("WHO CAN SEE WHAT?")
@pytest.mark.parametrize("walk_seed", [1, 2])
def test_a_quartermaster_general_game_of_three_people_never_shows_another_power_s_secrets(
    tmp_path: Path, monkeypatch: Any, walk_seed: int
) -> None:
    """Three people (the rulebook's three-player assignments) play a whole game; no answer any
    of them gets shows a card of another person's hand, deck or prepared row, the seed or the
    generator's state before the end."""
    import greatwar.server.games as service_module

    store = GameStore(str(tmp_path / "walk.sqlite"))
    seed = 4_100_000_000_000_000_003 + walk_seed
    monkeypatch.setattr(service_module.secrets, "randbelow", lambda _n: seed)
    with TestClient(create_app(store=store)) as client:
        seats = dict.fromkeys(QMG.seats, "human")
        body = {"game": "qmg1914", "seats": seats, "players": QMG_PEOPLE, "public": True}
        r = client.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        doc = r.json()
        assert doc["game"]["seed"] is None and not doc["game"]["seeded"]
        people = {p["token"]: list(p["seats"]) for p in doc["players"]}
        assert sorted(map(sorted, people.values())) == sorted(map(sorted, QMG_PEOPLE))
        walk = Walk(client, doc["id"], people, seed=walk_seed, watch=True)
        decisions = walk.run()
        assert str(seed) in client.get(f"/api/games/{doc['id']}").text  # shown at the end
    store.close()
    assert decisions > 20 and walk.answers > 3 * decisions and walk.watched > decisions
