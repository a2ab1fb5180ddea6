"""Clocks for games between people (issue 15): presets and custom rules, time running on the
person to act, the increment per move, the end on time (recorded, replayed, shown) and the pause
by agreement. The server's time is injected (:class:`FakeTime`): nothing sleeps for the clock.

The games are Dice Race (``tests/dicerace.py``): two people, the North holding red and green,
the South blue; the seats take turns red, blue, green, and each turn is three decisions (plan,
roll, move), so a move is three decisions and ends when the next seat is to act.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from greatwar.core import games as registry
from greatwar.core.session import TIME_OUT_KEY, load_record, replay_checked
from greatwar.server import GameStore, create_app
from greatwar.server import clockrules as clk
from tests import dicerace

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

H = 3600.0
NORTH, SOUTH = "red+green", "blue"


class FakeTime:
    """The server's clock, moved by the test."""

    def __init__(self) -> None:
        self.t = 1_700_000_000.0

    def __call__(self) -> float:
        return self.t

    def hours(self, n: float) -> None:
        self.t += n * H


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry.KNOWN, "dicerace", dicerace.WHERE)
    yield
    registry._LOADED.pop("dicerace", None)


@pytest.fixture
def now() -> FakeTime:
    return FakeTime()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    s = GameStore(str(tmp_path / "games.sqlite"))
    yield s
    s.close()


@pytest.fixture
def client(store: GameStore, now: FakeTime) -> Iterator[TestClient]:
    with TestClient(create_app(store=store, now=now, clock_check_every=3600)) as c:
        yield c


def new_game(client: TestClient, clock: Any = "fast") -> tuple[str, dict[str, str]]:
    body = {
        "game": "dicerace",
        "scenario": "marathon",
        "players": [["red", "green"], ["blue"]],
        "clock": clock,
    }
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    doc = r.json()
    return doc["id"], {p["seats"][0]: p["token"] for p in doc["players"]}


def view(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text
    v: dict[str, Any] = r.json()
    return v


def left(v: dict[str, Any]) -> dict[str, float]:
    return {p["key"]: round(p["left"] / H, 3) for p in v["clock"]["people"]}


def act(client: TestClient, gid: str, token: str, action: str) -> Any:
    serial = view(client, gid, token)["serial"]
    return client.post(
        f"/api/games/{gid}/action",
        headers={"X-Seat-Token": token},
        json={"action": action, "serial": serial},
    )


def turn(client: TestClient, gid: str, token: str) -> None:
    """One seat's turn: plan safe, roll, hold (one space: nobody wins soon)."""
    for a in ("plan safe", "roll", "hold"):
        r = act(client, gid, token, a)
        assert r.status_code == 200, r.text


def pause(client: TestClient, gid: str, token: str, on: bool) -> Any:
    return client.post(
        f"/api/games/{gid}/clock", headers={"X-Seat-Token": token}, json={"pause": on}
    )


# -- rules ---------------------------------------------------------------------------------


def test_presets_and_custom_rules() -> None:
    assert clk.parse_rule("fast") == clk.ClockRule(72 * H, 12 * H, 120 * H, "fast")
    assert clk.parse_rule("slow") == clk.ClockRule(72 * H, 36 * H, 240 * H, "slow")
    assert clk.parse_rule(None) is None and clk.parse_rule("none") is None
    custom = clk.parse_rule({"initial_hours": 48, "increment_hours": 24, "max_hours": 96})
    assert custom == clk.ClockRule(48 * H, 24 * H, 96 * H)
    for bad in (
        "blitz",
        {"initial_hours": 48},
        {"initial_hours": 48, "increment_hours": 1, "max_hours": 24},  # max below initial
        {"initial_hours": -1, "increment_hours": 1, "max_hours": 24},
        {"initial_hours": "48", "increment_hours": 1, "max_hours": 96},
        {"initial_hours": 48, "increment_hours": 1, "max_hours": 96, "delay": 3},
        7,
    ):
        with pytest.raises(clk.ClockError):
            clk.parse_rule(bad)


def test_a_bad_clock_is_refused_at_creation(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "dicerace", "clock": "blitz"})
    assert r.status_code == 400 and "preset" in r.json()["detail"]
    assert client.get("/api/games").json()["games"] == []


# -- time runs on the person to act ---------------------------------------------------------


def test_time_runs_only_on_the_person_to_act(client: TestClient, now: FakeTime) -> None:
    gid, tok = new_game(client)
    v = view(client, gid, tok["red"])
    assert v["clock"]["rule"]["preset"] == "fast"
    assert left(v) == {NORTH: 72, SOUTH: 72}
    assert v["clock"]["running"] == NORTH
    now.hours(5)
    assert left(view(client, gid, tok["blue"])) == {NORTH: 67, SOUTH: 72}
    turn(client, gid, tok["red"])
    now.hours(1)
    v = view(client, gid, tok["blue"])
    assert v["to_act"] == "blue" and v["clock"]["running"] == SOUTH
    assert left(v) == {NORTH: 67 + 12, SOUTH: 71}
    turn(client, gid, tok["blue"])
    now.hours(2)  # green's turn runs on the North's clock (the person holding green)
    v = view(client, gid, tok["red"])
    assert v["to_act"] == "green" and left(v) == {NORTH: 77, SOUTH: 83}
    assert client.get(f"/api/games/{gid}").json()["clock"]["running"] == NORTH


def test_the_increment_is_added_when_the_move_passes_to_the_other_person(
    client: TestClient, now: FakeTime
) -> None:
    gid, tok = new_game(client)
    now.hours(10)
    turn(client, gid, tok["red"])  # three decisions, one move: one increment
    v = view(client, gid, tok["blue"])
    assert v["to_act"] == "blue"
    assert left(v) == {NORTH: 72 - 10 + 12, SOUTH: 72}
    assert v["clock"]["running"] == SOUTH
    now.hours(30)
    turn(client, gid, tok["blue"])
    assert left(view(client, gid, tok["red"])) == {NORTH: 74, SOUTH: 72 - 30 + 12}


def test_the_increment_stops_at_the_maximum(client: TestClient, now: FakeTime) -> None:
    gid, tok = new_game(client, {"initial_hours": 10, "increment_hours": 8, "max_hours": 12})
    now.hours(1)
    turn(client, gid, tok["red"])
    assert left(view(client, gid, tok["red"])) == {NORTH: 12, SOUTH: 10}  # not 17


def test_decisions_within_a_move_earn_nothing(now: FakeTime) -> None:
    rule = clk.PRESETS["slow"]
    state = clk.advance(clk.new_state(rule, [["ap"], ["cp"]]), None, "ap", False, now.t)
    for _ in range(5):  # five decisions of the Allies, still theirs to act
        now.hours(1)
        state = clk.advance(state, "ap", "ap", False, now.t)
    assert clk.left_at(state, "ap", now.t) == 72 * H - 5 * H
    now.hours(1)
    state = clk.advance(state, "ap", "cp", False, now.t)  # the hand-over
    assert clk.left_at(state, "ap", now.t) == 72 * H - 6 * H + 36 * H
    assert state["running"] == "cp"
    # the decision that ends the game earns nothing and stops the clocks
    now.hours(2)
    state = clk.advance(state, "cp", None, True, now.t)
    assert state["running"] is None and clk.left_at(state, "cp", now.t) == 70 * H
    assert clk.deadline(state) is None


def test_a_bot_has_no_clock(now: FakeTime) -> None:
    state = clk.advance(clk.new_state(clk.PRESETS["fast"], [["ap"]]), None, "cp", False, now.t)
    assert state["running"] is None  # the bot (cp) is to act: no clock runs
    now.hours(50)
    state = clk.advance(state, "cp", "ap", False, now.t)  # the bot hands over: earns nothing
    assert state["running"] == "ap" and clk.left_at(state, "ap", now.t) == 72 * H
    now.hours(3)
    assert clk.left_at(state, "ap", now.t) == 69 * H


# -- the end on time -------------------------------------------------------------------------


def test_a_flag_ends_the_game_and_the_record_says_so(
    client: TestClient, store: GameStore, now: FakeTime
) -> None:
    gid, tok = new_game(client)
    turn(client, gid, tok["red"])  # blue to act with 72 h
    now.hours(71.9)
    v = view(client, gid, tok["blue"])
    assert not v["over"] and left(v)[SOUTH] == pytest.approx(0.1)
    now.hours(0.2)
    # blue's late action is refused and the game ends on time
    r = act(client, gid, tok["blue"], "plan safe")
    assert r.status_code == 422, r.text
    assert "ran out of time" in r.json()["detail"]
    v = view(client, gid, tok["red"])
    assert v["over"] and v["to_act"] is None and v["legal"] == []
    assert v["result"] == {"outcome": "north", "reason": "time", "seat": "blue"}
    last = v["log"][-1]
    assert last["k"] == TIME_OUT_KEY and "ran out of time" in last["text"]
    assert left(v)[SOUTH] == 0 and v["clock"]["flagged"] == "blue"
    assert v["clock"]["running"] is None
    facts = client.get(f"/api/games/{gid}").json()
    assert facts["over"] and facts["result"]["reason"] == "time" and facts["to_act"] is None
    # the record ends with the time-out, and replaying it reaches the same end
    doc = client.get(f"/api/games/{gid}/record").json()
    assert doc["actions"][-1] == "time-out blue"
    g, record = load_record(doc)
    session = replay_checked(g, record)
    assert session.over and session.outcome == v["result"]
    # and so does the server when it starts again on the same store
    with TestClient(create_app(store=store, now=now)) as again:
        v2 = view(again, gid, tok["blue"])
        assert v2["over"] and v2["result"] == v["result"]
        at_end = {"seat": "blue", "step": len(doc["actions"])}
        replayed = again.get(f"/api/games/{gid}/replay", params=at_end).json()
        assert replayed["result"] == v["result"] and replayed["entry"] == "time-out blue"


def test_the_watcher_ends_a_game_nobody_looks_at(store: GameStore, now: FakeTime) -> None:
    with TestClient(create_app(store=store, now=now, clock_check_every=0.02)) as client:
        gid, _ = new_game(client, "fast")
        now.hours(73)
        deadline = time.monotonic() + 20
        while not client.get(f"/api/games/{gid}").json()["over"]:  # GET flags nothing itself
            assert time.monotonic() < deadline, "the watcher did not end the game"
            time.sleep(0.02)
        facts = client.get(f"/api/games/{gid}").json()
        assert facts["result"] == {"outcome": "south", "reason": "time", "seat": "red"}


def test_a_game_without_a_clock_has_none(client: TestClient, now: FakeTime) -> None:
    gid, tok = new_game(client, None)
    now.hours(10_000)
    v = view(client, gid, tok["red"])
    assert "clock" not in v and not v["over"]
    assert pause(client, gid, tok["red"], True).status_code == 422


# -- pause by agreement ----------------------------------------------------------------------


def test_a_pause_needs_both_people_and_either_resumes(client: TestClient, now: FakeTime) -> None:
    gid, tok = new_game(client)
    r = pause(client, gid, tok["red"], True)
    assert r.status_code == 200, r.text
    assert not r.json()["clock"]["paused"] and r.json()["clock"]["asks"] == [NORTH]
    now.hours(2)  # one ask pauses nothing: the North's clock runs
    assert left(view(client, gid, tok["blue"])) == {NORTH: 70, SOUTH: 72}
    r = pause(client, gid, tok["blue"], True)
    assert r.json()["clock"]["paused"] and r.json()["clock"]["asks"] == []
    now.hours(500)  # far past any clock: nothing runs, nobody loses
    v = view(client, gid, tok["red"])
    assert not v["over"] and v["clock"]["paused"] and left(v) == {NORTH: 70, SOUTH: 72}
    r = act(client, gid, tok["red"], "plan safe")
    assert r.status_code == 409 and r.json()["kind"] == "clock_paused"
    # the South resumes alone; the North's clock runs again
    r = pause(client, gid, tok["blue"], False)
    assert r.status_code == 200 and not r.json()["clock"]["paused"]
    now.hours(1)
    assert left(view(client, gid, tok["red"])) == {NORTH: 69, SOUTH: 72}
    assert act(client, gid, tok["red"], "plan safe").status_code == 200


def test_an_ask_can_be_withdrawn_and_strangers_cannot_pause(client: TestClient) -> None:
    gid, tok = new_game(client)
    pause(client, gid, tok["red"], True)
    r = pause(client, gid, tok["red"], False)
    assert r.json()["clock"]["asks"] == []
    pause(client, gid, tok["blue"], True)
    assert not view(client, gid, tok["red"])["clock"]["paused"]  # the North withdrew
    r = client.post(f"/api/games/{gid}/clock", json={"pause": True})
    assert r.status_code == 401
    r = client.post(
        f"/api/games/{gid}/clock", headers={"X-Seat-Token": tok["red"]}, json={"pause": "x"}
    )
    assert r.status_code == 400
