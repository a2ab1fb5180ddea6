""" "The Great War", the 1916 tournament scenario: the built position equals the scenario's data
files field by field, its options are fixed, its turn starts in turn 10's Replacement Phase, and
random and bot games of it run to the end.

The data files are read here with the csv module, apart from the engine's loader, so a mistake
in the loader cannot hide itself.
"""

from __future__ import annotations

import csv
import warnings
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from greatwar.bots import make_bot
from greatwar.core.session import replay
from greatwar.pog import board, engine, invariants, setup
from greatwar.pog.action_phase import playable_event
from greatwar.pog.activation import can_act
from greatwar.pog.cards import CARDS
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import D
from greatwar.pog.game import RULES
from greatwar.pog.scenarios import SCENARIOS, OptionsError, find_scenario, hand_size
from greatwar.pog.state import FORT_DESTROYED, OFF, PILES, State
from greatwar.pog.tracks import (
    RC_GOD_SAVE_THE_TSAR,
    US_NEUTRAL,
    russian_capitulation_box,
    us_entry_box,
)
from greatwar.pog.view import view
from greatwar.selfplay import game_seeds, play_random
from tests.pog.helpers import give, legal, play, step

SC = "great_war_1916"
SIDES = {"ap": AP, "cp": CP}
COMMIT = {"mobilization": 0, "limited": 1, "total": 2}


def rows(name: str) -> list[dict[str, str]]:
    text = resources.files("greatwar.pog").joinpath("data", name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


VALUES = {r["key"]: r["value"] for r in rows("scenario-great-war-1916-values.csv")}
CARD_ROWS = rows("scenario-great-war-1916-cards.csv")
VP_ROWS = rows("scenario-great-war-1916-vp.csv")
SETUP_ROWS = rows("setup-great-war-1916.csv")
START_ROWS = [r for r in SETUP_ROWS if r["trigger"] == "start"]


def num(key: str) -> int:
    return int(VALUES[key])


@pytest.fixture(scope="module")
def built() -> State:
    """The position as set up, before its first phase runs (the RP markers as set up)."""
    return setup.new_state(SC, seed=5)


@pytest.fixture(scope="module")
def opened() -> State:
    """The game at its first decision: the Replacement Phase has opened."""
    return engine.new_game(SC, seed=5)


def pile(s: State, side: int, card: int) -> str:
    return next(p for p in PILES if card in getattr(s, p)[side])


# -- the table of values -----------------------------------------------------------------------

POOLS = ("fr", "br", "ru", "it", "allied", "us", "ge", "ah", "tu", "bu")


def _pile_size(s: State, side: str, name: str) -> int:
    return len(getattr(s, name)[SIDES[side]])


def _check_values(built: State, opened: State) -> dict[str, Callable[[], Any]]:
    """For each key of the table, the check that the state agrees with its value."""
    s, o = built, opened
    v = VALUES
    sc = SCENARIOS[SC]

    def entered(nations: tuple[str, ...], key: str) -> None:
        assert 1 <= num(key) < num("start_turn")
        assert all(o.at_war[n] for n in nations)

    checks: dict[str, Callable[[], Any]] = {
        "start_turn": lambda: (s.turn, o.turn) == (num("start_turn"),) * 2,
        "start_phase": lambda: s.phase == o.phase == v["start_phase"] == "replacement",
        # first_full_turn is checked by test_turn_10_ends_and_turn_11_is_a_full_turn.
        "first_full_turn": lambda: num("first_full_turn") == num("start_turn") + 1,
        "last_turn": lambda: sc.last_turn == num("last_turn"),
        "ap_commitment": lambda: s.commit[AP] == COMMIT[v["ap_commitment"]],
        "cp_commitment": lambda: s.commit[CP] == COMMIT[v["cp_commitment"]],
        "vp": lambda: s.vp == o.vp == num("vp"),
        "ap_war_status": lambda: s.ws[AP] == num("ap_war_status"),
        "cp_war_status": lambda: s.ws[CP] == num("cp_war_status"),
        "combined_war_status": lambda: s.cws == num("combined_war_status") == sum(s.ws),
        "cp_russian_vp": lambda: board.cp_russian_vp(s) == num("cp_russian_vp"),
        "us_entry_box": lambda: us_entry_box(s) == US_NEUTRAL == num("us_entry_box"),
        "russian_capitulation_box": lambda: (
            russian_capitulation_box(s) == RC_GOD_SAVE_THE_TSAR == num("russian_capitulation_box")
        ),
        **{f"rp_{p}": (lambda p=p: s.rp[p] == 2 * num(f"rp_{p}")) for p in POOLS},
        "rp_ge_when_phase_opens": lambda: o.rp == {**s.rp, "ge": 2 * num("rp_ge_when_phase_opens")},
        "hand_size": lambda: hand_size(s.options) == num("hand_size"),
        **{
            f"{side}_{key}": (
                lambda side=side, name=name, key=key: (
                    _pile_size(s, side, name) == num(f"{side}_{key}")
                )
            )
            for side in ("ap", "cp")
            for key, name in (
                ("hand", "hand"),
                ("draw_pile", "deck"),
                ("discard", "discard"),
                ("removed", "removed"),
            )
        },
        "ap_mo": lambda: s.mo[AP] == v["ap_mo"] == "none",
        "cp_mo": lambda: s.mo[CP] == v["cp_mo"] == "none",
        "turkey_entry_turn": lambda: entered(("tu", "pe"), "turkey_entry_turn"),
        "italy_entry_turn": lambda: (
            entered(("it",), "italy_entry_turn"),
            o.events["italy_entry"] == num("italy_entry_turn"),
        ),
        "bulgaria_entry_turn": lambda: entered(("bu",), "bulgaria_entry_turn"),
        "romania_status": lambda: (
            v["romania_status"] == "neutral"
            and not o.at_war["ro"]
            and all(o.loc[u.ix] == OFF for u in D.units if u.nation == "ro")
        ),
        "greece_status": lambda: (
            v["greece_status"] == "neutral_limited_entry"
            and not o.at_war["gr"]
            and o.flags.get("salonika") == 1
            and all(board.on_map(o, u.ix) for u in D.units if u.nation == "gr")
        ),
        "us_status": lambda: v["us_status"] == "neutral" and not o.at_war["us"],
        "mef_beachhead": lambda: s.flags["mef_beachhead"] == D.space(v["mef_beachhead"]),
        "valiant_variant": lambda: (
            v["valiant_variant"] == "not_allowed"
            and s.options["valiant"] is False
            and all(c.ix in s.out[c.side] for c in CARDS if c.variant)
        ),
        "optional_cards": lambda: (
            v["optional_cards"] == "not_used"
            and s.options["optional_cards"] == "none"
            and all(c.ix in s.out[c.side] for c in CARDS if c.optional)
        ),
    }
    return checks


def test_every_value_of_the_table_has_a_check(built: State, opened: State) -> None:
    assert set(_check_values(built, opened)) == set(VALUES)


@pytest.mark.rule("5.7")
@pytest.mark.parametrize("key", list(VALUES))
def test_the_position_has_the_tables_value(key: str, built: State, opened: State) -> None:
    result = _check_values(built, opened)[key]()
    assert result is not False, f"{key}: the state disagrees with {VALUES[key]!r}"
    if isinstance(result, tuple):
        assert all(r is not False for r in result), key


def test_the_built_position_is_sound(built: State, opened: State) -> None:
    assert invariants.problems(built) == []
    assert invariants.problems(opened) == []


# -- the cards ---------------------------------------------------------------------------------


@pytest.mark.rule("9.5.1.2")
def test_every_card_is_in_the_pile_the_data_gives(built: State) -> None:
    listed = {D.card(r["card"]) for r in CARD_ROWS}
    assert listed == {c.ix for c in CARDS if not c.optional and not c.variant}
    for r in CARD_ROWS:
        c = D.card(r["card"])
        assert pile(built, CARDS[c].side, c) == r["pile"], r["card"]
    for c in CARDS:
        if c.ix not in listed:
            assert pile(built, c.side, c.ix) == "out", c.id


@pytest.mark.rule("9.5.1.2")
@pytest.mark.rule("9.5.1.3")
def test_the_played_cards_are_out_of_the_game_with_their_war_status() -> None:
    played = [r for r in CARD_ROWS if r["pile"] != "deck"]
    assert len(played) == num("ap_removed") + num("cp_removed")
    for r in played:
        c = CARDS[D.card(r["card"])]
        assert c.removed_after_event, r["card"]  # 9.5.1.2: every one carries an asterisk
        assert int(r["war_status"]) == c.war_status, r["card"]
    for side, key in ((AP, "ap_war_status"), (CP, "cp_war_status")):
        ws = sum(int(r["war_status"]) for r in played if CARDS[D.card(r["card"])].side == side)
        assert ws == num(key)


@pytest.mark.rule("9.5.1.1")
def test_the_events_in_force_are_the_played_cards_on_their_turns(built: State) -> None:
    expected = {
        CARDS[D.card(r["card"])].event_key: int(r["turn"]) for r in CARD_ROWS if r["pile"] != "deck"
    }
    assert built.events == expected
    for r in CARD_ROWS:
        if r["in_effect"].startswith("yes"):
            assert CARDS[D.card(r["card"])].event_key in built.events


@pytest.mark.rule("9.5.1.1")
@pytest.mark.card("ap12")
def test_the_allied_entrench_is_spent_with_the_cps(opened: State) -> None:
    """cp06 was played: ap12 may no longer be played as an event (the card's text)."""
    s = opened.clone()
    c = give(s, AP, "ap12")
    assert not playable_event(s, AP, c)


@pytest.mark.rule("9.5.2.4")
def test_the_greek_corps_placed_by_salonika_stay_put(opened: State) -> None:
    for u in D.units:
        if u.nation == "gr":
            assert not can_act(opened, u.ix), u.id


# -- the VP history ----------------------------------------------------------------------------


@pytest.mark.rule("5.7.2")
def test_the_vp_marker_is_explained_by_its_history(built: State) -> None:
    """VP 10 = the new-game 10 (4.1.1) + the VP events + the VP spaces each side took from the
    other (the historical set, 5.7.2)."""
    played = {r["card"]: int(r["turn"]) for r in CARD_ROWS if r["pile"] != "deck"}
    total = 10
    for r in VP_ROWS:
        kind, what = r["item"].split(":")
        if kind == "event":
            assert what in played and int(r["turn"]) < num("start_turn")
        elif what == "cp_held":
            held = [
                sp.id
                for sp in D.spaces
                if board.vp_space(built, sp.ix)
                and sp.initial_control == AP
                and built.ctrl[sp.ix] == CP
            ]
            assert len(held) == int(r["vp"]), held
        else:
            assert what == "ap_held"
            held = [
                sp.id
                for sp in D.spaces
                if board.vp_space(built, sp.ix)
                and sp.initial_control == CP
                and built.ctrl[sp.ix] == AP
            ]
            assert -len(held) == int(r["vp"]), held
        total += int(r["vp"])
    assert total == built.vp == num("vp")


# -- the set-up file ---------------------------------------------------------------------------


@pytest.mark.rule("4.2.1")
def test_every_unit_is_where_the_setup_puts_it(built: State) -> None:
    units = [r for r in START_ROWS if r["kind"] == "unit"]
    for r in units:
        u = D.unit(r["unit_id"])
        assert built.loc[u] == D.space(r["space_id"]), r["unit_id"]
        assert built.red[u] == (r["reduced"] == "true"), r["unit_id"]
        assert D.units[u].side == SIDES[r["side"]], r["unit_id"]
    placed = {r["unit_id"] for r in units}
    for u in D.units:
        if u.id not in placed:
            assert built.loc[u.ix] == OFF, u.id


@pytest.mark.rule("11.2.1")
def test_every_trench_is_the_setups(built: State) -> None:
    trenches = {r["space_id"]: r for r in START_ROWS if r["kind"] == "trench"}
    for sp in D.spaces:
        r = trenches.get(sp.id)
        if r is None:
            assert built.trench[sp.ix] == 0 and built.tside[sp.ix] == -1, sp.id
        else:
            assert built.trench[sp.ix] == int(r["trench_level"]), sp.id
            assert built.tside[sp.ix] == SIDES[r["side"]], sp.id


@pytest.mark.rule("11.1.14")
def test_control_is_the_setups_or_the_maps(built: State) -> None:
    ctrl = {r["space_id"]: SIDES[r["side"]] for r in START_ROWS if r["kind"] == "control"}
    for sp in D.spaces:
        assert built.ctrl[sp.ix] == ctrl.get(sp.id, sp.initial_control), sp.id


@pytest.mark.rule("15.1.10")
def test_the_destroyed_forts_are_the_setups_and_the_rest_stand(built: State) -> None:
    gone = {r["space_id"] for r in START_ROWS if r["kind"] == "fort_destroyed"}
    for sp in D.spaces:
        if sp.fort:
            want = FORT_DESTROYED if sp.id in gone else 0
            assert built.fort[sp.ix] == want, sp.id
    assert gone and all(D.spaces[D.space(x)].fort for x in gone)


@pytest.mark.rule("9.5.3.5")
def test_the_mef_beachhead_marker(built: State) -> None:
    (r,) = [r for r in START_ROWS if r["kind"] == "mef_beachhead"]
    assert built.flags["mef_beachhead"] == D.space(r["space_id"])
    assert built.loc[D.unit("br_mef")] == D.space(r["space_id"])


def test_every_row_of_the_setup_is_a_known_kind() -> None:
    kinds = {r["kind"] for r in START_ROWS}
    assert kinds == {"unit", "trench", "control", "fort_destroyed", "mef_beachhead"}
    later = {r["trigger"] for r in SETUP_ROWS} - {"start"}
    assert later == {"romania_entry"}


@pytest.mark.rule("9.5.2.1")
def test_romania_entering_places_its_whole_setup(opened: State) -> None:
    """The module shows two RO corps in Bucharest; here Romania's set-up, those two corps
    included, goes on the map when Romania enters (docs/rulings.md)."""
    from greatwar.pog import entry

    s = opened.clone()
    entry.nation_enters(s, "ro", AP, "romania_entry")
    bucharest = D.space("bucharest")
    assert s.loc[D.unit("ro_corps_01")] == s.loc[D.unit("ro_corps_02")] == bucharest
    assert step(s) == "entry_placement"


# -- options -----------------------------------------------------------------------------------


@pytest.mark.rule("5.7.4")
@pytest.mark.parametrize(
    "options, words",
    [
        ({"hand8": False}, "eight-card hands"),
        ({"trench_mod": False}, "trench roll modification"),
        ({"optional_cards": "all"}, "optional cards"),
        ({"optional_cards": "select"}, "optional cards"),
        ({"valiant": True}, "Valiant"),
    ],
)
def test_options_the_scenario_fixes_are_refused(options: dict[str, Any], words: str) -> None:
    with pytest.raises(OptionsError, match=words):
        engine.new_game(SC, options, seed=1)


@pytest.mark.rule("5.6.1")
def test_the_scenario_takes_its_own_and_the_tournament_options() -> None:
    s = engine.new_game(SC, {"hand8": True, "bid": {"side": "ap", "vp": 1}}, seed=1)
    assert s.options == {
        "hand8": True,
        "optional_cards": "none",
        "trench_mod": True,
        "valiant": False,
        "tournament": True,
        "bid": {"side": "ap", "vp": 1},
    }


def test_the_scenario_is_found_by_its_names() -> None:
    for name in ("great_war_1916", "great-war-1916", "1916", "GREAT_WAR"):
        assert find_scenario(name).id == SC


# -- the start in turn 10's Replacement Phase ------------------------------------------------


@pytest.mark.rule("6.0")
@pytest.mark.rule("5.7.3")
def test_turn_10_opens_in_the_replacement_phase(opened: State) -> None:
    """Segments A-E of turn 10 do not happen; the phase opens with Walter Rathenau's and the
    5.7.3 German RP, then the AP spends (F.1)."""
    assert [e["k"] for e in opened.log] == ["game.setup", "rp.rathenau", "rp.historical_bonus"]
    assert step(opened) == "spend_replacements" and engine.to_act(opened) == AP
    assert opened.round == 0 and opened.uses == [[], []]


@pytest.mark.rule("6.0")
@pytest.mark.rule("9.1.4")
def test_turn_10_ends_and_turn_11_is_a_full_turn(opened: State) -> None:
    s = opened.clone()
    play(s, "done")  # F.1
    assert engine.to_act(s) == CP
    play(s, "done")  # F.2: unspent RPs are lost (17.1.2), each side draws 8 (G)
    assert s.turn == num("first_full_turn")
    assert all(v == 0 for v in s.rp.values())
    for side, key in ((AP, "ap_draw_pile"), (CP, "cp_draw_pile")):
        assert len(s.hand[side]) == num("hand_size")
        assert len(s.deck[side]) == num(key) - num("hand_size")
    keys = [e["k"] for e in s.log]
    assert "turn.begins" in keys
    assert step(s) == "action_round" and engine.to_act(s) == CP and s.round == 1
    assert s.phase == "action"
    invariants.check(s)


def test_the_start_is_deterministic_and_round_trips() -> None:
    a, b = engine.new_game(SC, seed=9), engine.new_game(SC, seed=9)
    assert a.hash() == b.hash()
    assert State.from_json(a.to_json()).hash() == a.hash()
    c = engine.new_game(SC, seed=10)
    assert c.deck != a.deck  # the draw piles are freshly shuffled (6.0 G)
    assert sorted(c.deck[AP]) == sorted(a.deck[AP])


# -- where scenarios are listed ----------------------------------------------------------------


def test_the_scenario_is_listed_for_every_layer() -> None:
    assert SC in {x.id for x in RULES.scenarios()}
    opts = RULES.normalise_options(SC, None)
    assert opts["hand8"] and opts["trench_mod"]
    v = view(engine.new_game(SC, seed=2), "ap")
    assert v["scenario"] == SC and v["historical"] is True  # the 5.7.2 VP spaces on the board


def test_the_web_app_offers_the_scenario_and_refuses_its_fixed_options(tmp_path: Path) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    from greatwar.server import GameStore, create_app

    store = GameStore(str(tmp_path / "games.sqlite"))
    try:
        with TestClient(create_app(store=store)) as client:
            meta = client.get("/api/meta").json()
            assert SC in [x["id"] for x in meta["scenarios"]]
            seats = {"ap": "human", "cp": "human"}
            bad = {"scenario": SC, "seats": seats, "options": {"valiant": True}}
            r = client.post("/api/games", json=bad)
            assert r.status_code == 400 and "Valiant" in r.text
            r = client.post("/api/games", json={"scenario": SC, "seats": seats, "seed": 4})
            assert r.status_code == 201, r.text
    finally:
        store.close()


# -- whole games -------------------------------------------------------------------------------

SEEDS = game_seeds(1916, 100)
QUICK = 15  # in every run; the other 85 of the 100 are marked slow


@pytest.mark.rule("6.0")
@pytest.mark.parametrize(
    "seed",
    [
        *SEEDS[:QUICK],
        *(pytest.param(x, marks=pytest.mark.slow) for x in SEEDS[QUICK:]),
    ],
)
def test_random_game_ends_cleanly_and_replays(seed: int) -> None:
    g = play_random(SC, seed, check=invariants.check)
    assert g.error is None, g.error
    assert g.result is not None
    assert replay(RULES, g.record()).hash() == g.final_hash


@pytest.mark.parametrize("ap, cp", [("heuristic", "random"), ("random", "heuristic")])
def test_both_bots_play_the_scenario_to_the_end(ap: str, cp: str) -> None:
    s = engine.new_game(SC, seed=1916)
    bots = {"ap": make_bot(ap, 1), "cp": make_bot(cp, 2)}
    for _ in range(20_000):
        if engine.is_over(s):
            break
        seat = engine.seat_name(engine.to_act(s))
        assert seat is not None
        engine.apply(s, str(bots[seat].choose(view(s, seat))), seat)
    assert s.result is not None
    assert s.result["outcome"] in ("ap", "cp")  # 5.7.2: no draws, no peace terms
    assert legal(s) == []
