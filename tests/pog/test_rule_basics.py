"""The game's components, set-up, action phase and card-use basics (sections 1-10, 16),
each test marked with the rules it checks."""

import pytest

from greatwar.core.errors import IllegalActionError
from greatwar.pog import action_phase, board, engine, sequence, setup, war_status
from greatwar.pog.cards import CARDS
from greatwar.pog.data import AP, CP, load
from greatwar.pog.state import FORT_DESTROYED, OFF
from greatwar.pog.view import view

from .helpers import D, clear, control, game, give, legal, put, to_round


@pytest.mark.rule("1.0")
@pytest.mark.rule("3.0-active-player")
def test_two_seats_each_with_its_own_view():
    s = engine.new_game("campaign", seed=3)
    assert engine.seat_name(engine.to_act(s)) == "cp"
    assert view(s, "ap")["seat"] == "ap" and view(s, "cp")["seat"] == "cp"
    assert view(s, "ap")["legal"] == [] and view(s, "cp")["legal"]


@pytest.mark.rule("2.0")
@pytest.mark.rule("2.1")
@pytest.mark.rule("2.4")
def test_components_are_loaded():
    d = load()
    assert len(d.cards) == 134 and len(d.units) == 193 and len(d.spaces) == 287
    assert {u.nation for u in d.units} >= {
        "ge",
        "ah",
        "tu",
        "bu",
        "fr",
        "br",
        "be",
        "it",
        "ru",
        "sb",
        "mn",
        "ro",
        "gr",
        "us",
        "ana",
        "sn",
    }
    sp = d.spaces[d.space("verdun")]
    assert (sp.terrain, sp.fort, sp.initial_control) == ("clear", 3, AP)
    assert any(s.mef_beach for s in d.spaces) and d.spaces[d.space("sinai")].notes


@pytest.mark.rule("2.2.1")
@pytest.mark.rule("3.0-cf")
@pytest.mark.rule("3.0-lf-loss-number")
@pytest.mark.rule("3.0-mf-mp")
def test_units_have_two_steps_with_factors():
    d = load()
    ge1 = d.units[d.unit("ge_1")]
    assert ge1.army and ge1.factors(False) == (5, 3, 3) and ge1.factors(True) == (3, 3, 3)
    corps = d.units[d.unit("ru_corps_01")]
    assert not corps.army and corps.factors(False) == (1, 1, 3)
    assert all(u.reduced_cf <= u.cf and u.lf >= 1 for u in d.units)


@pytest.mark.rule("2.2.2")
def test_markers_are_not_limited():
    s = clear(game())
    spaces = list(D.map_spaces)[:80]
    for x in spaces:
        board.set_trench(s, x, 1, s.ctrl[x])
    assert all(s.trench[x] == 1 for x in spaces)


@pytest.mark.rule("2.3")
@pytest.mark.rule("9.1.2")
@pytest.mark.rule("3.0-war-commitment-level")
@pytest.mark.rule("16.1.1")
def test_decks_start_with_mobilization_cards_only():
    s = game()
    for side in (AP, CP):
        in_play = [c for c in (*s.deck[side], *s.hand[side])]
        assert len(in_play) == 14 and all(CARDS[c].deck == "mobilization" for c in in_play)
        later = s.later[side]
        assert sorted(CARDS[c].deck for c in later) == ["limited"] * 20 + ["total"] * 21
    assert s.commit == [0, 0]


@pytest.mark.rule("4.0")
@pytest.mark.rule("4.1.1")
@pytest.mark.rule("4.1.2")
@pytest.mark.rule("4.2.1")
@pytest.mark.rule("4.2.2")
def test_the_august_1914_set_up():
    for scenario in ("introductory", "limited", "campaign"):
        s = engine.new_game(scenario, seed=1)
        assert (s.turn, s.vp, s.ws, s.cws, s.tsar_vp) == (1, 10, [0, 0], 0, -1)
        assert all(v == 0 for v in s.rp.values())
        v = view(s, "ap")["tracks"]
        assert v["us_entry"] == "us_neutral" and v["russian_capitulation"] == "god_save_the_tsar"
        on_map = sum(1 for u, x in enumerate(s.loc) if x != OFF)
        assert on_map == 83  # the units of the set-up lists, reserve boxes included
        assert s.loc[D.unit("ge_1")] == D.space("aachen")
        assert s.loc[D.unit("it_1")] == OFF and s.loc[D.unit("tu_corps_01")] == OFF  # neutrals
        assert s.red[D.unit("ah_2")] == 1  # (2nd Army) at Munkacs starts reduced


@pytest.mark.rule("5.7.1")
def test_historical_set_up_changes():
    hist, camp = engine.new_game("historical", seed=1), engine.new_game("campaign", seed=1)
    strasbourg, brussels = D.space("strasbourg"), D.space("brussels")
    assert (hist.trench[strasbourg], hist.tside[strasbourg]) == (1, CP)
    assert camp.trench[strasbourg] == 0
    assert hist.trench[brussels] == 0 and camp.trench[brussels] == 1


@pytest.mark.rule("4.3.1")
@pytest.mark.rule("4.3.2")
@pytest.mark.rule("4.3.3")
def test_opening_hands_and_first_mandated_offensives():
    s = engine.new_game("campaign", seed=5)
    assert engine.step_name(s) == "setup_guns_of_august"
    engine.apply(s, "choose yes")
    assert D.card("cp01") in s.hand[CP] and len(s.hand[CP]) == 7 and len(s.hand[AP]) == 7
    assert any(e["k"] == "mo.result" and e["s"] == "cp" for e in s.log)  # turn-1 MO rolls
    assert any(e["k"] == "mo.result" and e["s"] == "ap" for e in s.log)
    s2 = engine.new_game("campaign", seed=5)
    engine.apply(s2, "choose no")  # Guns of August stays in the deck, and may be drawn
    assert len(s2.hand[CP]) == 7 and len(s2.hand[AP]) == 7


@pytest.mark.rule("5.1.1")
@pytest.mark.rule("5.3.3")
def test_victory_by_vp_and_peace_is_a_draw():
    from greatwar.pog import peace

    s = game("introductory")
    s.vp = 5
    assert not peace.may_offer(s, AP)  # no peace terms in the Introductory scenario
    s = game()
    s.turn, s.vp = 20, 14
    sequence.end_of_turn(s)
    assert s.result["outcome"] == "cp"


@pytest.mark.rule("5.5.1")
@pytest.mark.rule("5.6.2")
def test_campaign_ends_and_tournament_draws():
    s = game("campaign", options={"tournament": True})
    s.turn, s.vp = 20, 11
    sequence.end_of_turn(s)
    assert s.result["reason"] == "last_turn" and s.result["outcome"] == "ap"  # draw -> AP
    s = game()
    s.turn, s.vp = 19, 11
    sequence.end_of_turn(s)
    assert s.result is None and s.turn == 20


@pytest.mark.rule("8.1.1")
@pytest.mark.rule("8.1.2")
@pytest.mark.rule("8.1.4")
@pytest.mark.rule("8.1.5")
def test_six_action_rounds_cp_first_alternating():
    s = game()
    order = []
    for _ in range(12):
        assert engine.step_name(s) == "action_round"
        order.append((s.round, engine.to_act(s)))
        engine.apply(s, "play auto")
        while engine.step_name(s) != "action_round" and s.phase == "action":
            engine.apply(s, "done")
    assert order == [(r, side) for r in range(1, 7) for side in (CP, AP)]
    assert s.uses == [["auto"] * 6, ["auto"] * 6]  # each player's actions are recorded
    assert s.phase != "action"


@pytest.mark.rule("9.1.1")
@pytest.mark.rule("3.0-ops-value")
def test_actions_come_from_cards_except_three():
    s = game()
    non_card = {str(a) for a in engine.legal_actions(s) if len(a.args) < 2}
    assert non_card <= {"play auto", "peace offer"}
    card = next(c for c in s.hand[CP] if CARDS[c].ops >= 3)
    engine.apply(s, f"play ops {CARDS[card].id}")
    assert s.stack[-1]["ops"] == CARDS[card].ops


@pytest.mark.rule("9.2.8")
def test_only_units_that_began_in_move_spaces_move():
    s = clear(game())
    put(s, "ge_1", "koblenz")
    put(s, "ge_2", "frankfurt")
    from .helpers import operation

    operation(s, CP, 1)
    engine.apply(s, "activate move koblenz")
    moves = {a.split()[1] for a in legal(s) if a.startswith("move ")}
    assert moves == {"ge_1"}  # Frankfurt was not activated


@pytest.mark.rule("9.4.2")
@pytest.mark.rule("9.4.4")
@pytest.mark.rule("3.0-rp-rp-box")
def test_rp_play_is_the_whole_action_and_rps_wait_for_phase_f():
    s = game()
    card = next(c for c in s.hand[CP] if CARDS[c].rp)
    engine.apply(s, f"play rp {CARDS[card].id}")
    assert engine.to_act(s) == AP and engine.step_name(s) == "action_round"
    assert any(v > 0 for v in s.rp.values())  # recorded now, spent only in phase F


@pytest.mark.rule("9.4.5")
@pytest.mark.rule("17.1.8")
def test_us_rps_come_only_after_over_there():
    assert all(pool != "us" for c in CARDS for pool, _ in c.rp)
    s = game()
    to_round(s, AP)
    card = next(c for c in s.hand[AP] if CARDS[c].rp)
    engine.apply(s, f"play rp {CARDS[card].id}")
    assert s.rp["us"] == 0


@pytest.mark.rule("9.5.1.2")
@pytest.mark.rule("3.0-asterisk")
@pytest.mark.rule("3.0-war-status-number")
def test_asterisk_events_leave_the_game_other_uses_do_not():
    s = game()
    give(s, CP, "cp09")  # Reichstag Truce: asterisk, War Status 1
    engine.apply(s, "play event cp09")
    assert D.card("cp09") in s.removed[CP] and s.ws[CP] == 1 and s.cws == 1
    s = game()
    give(s, CP, "cp09")
    engine.apply(s, "play rp cp09")
    assert D.card("cp09") in s.discard[CP]


@pytest.mark.rule("9.5.2.3")
@pytest.mark.rule("16.1.3.1")
def test_turkey_and_the_us_enter_without_entry_cards():
    entry_cards = {c.event_key for c in CARDS if c.event_key.endswith("_entry")}
    assert entry_cards == {"italy_entry", "romania_entry", "bulgaria_entry", "greece_entry"}
    s = game()
    s.turn, s.ws[CP], s.cws = 2, 4, 4
    war_status.war_status_phase(s)
    assert s.at_war["tu"] == 1 and "neutral_entry" not in s.tflags


@pytest.mark.rule("9.5.4.5")
def test_combat_cards_on_the_table_are_discarded_at_the_end_of_the_turn():
    s = game()
    c = D.card("cp18")
    for pile in ("deck", "hand", "later"):
        if c in getattr(s, pile)[CP]:
            getattr(s, pile)[CP].remove(c)
    s.table[CP].append(c)
    sequence.end_of_action_phase(s)
    assert c in s.discard[CP] and not s.table[CP]


@pytest.mark.rule("10.1.3")
@pytest.mark.rule("10.1.4")
@pytest.mark.rule("10.1.5")
def test_no_overstacking_and_no_mixed_sides():
    s = clear(game())
    for u in ("ge_1", "ge_2", "ge_3"):
        put(s, u, "aachen")
    put(s, "ge_4", "koblenz")
    put(s, "fr_1", "sedan")
    from .helpers import operation

    operation(s, CP, 1)
    engine.apply(s, "activate move koblenz")
    engine.apply(s, "move ge_4 aachen")
    # A fourth unit may pass through but never stay: the engine never lets a space be
    # overstacked, so the 10.1.3 penalty can never arise, and units never share a space
    # with the enemy.
    assert "done" not in legal(s)
    assert "move ge_4 sedan" not in legal(s)


@pytest.mark.rule("10.1.6")
def test_nations_of_one_side_stack_freely():
    s = clear(game())
    for u in ("fr_1", "br_1", "be_1"):
        put(s, u, "amiens")
    from greatwar.pog import invariants

    invariants.check(s)


@pytest.mark.rule("11.2.4")
def test_trenches_stay_in_empty_spaces():
    s = clear(game())
    x = D.space("mulhouse")
    assert s.trench[x] == 1  # the set-up trench, now with nobody in the space
    for _ in range(3):
        sequence.end_of_turn(s)
    assert s.trench[x] == 1 and s.tside[x] == CP


@pytest.mark.rule("15.1.9")
def test_destroyed_forts_stay_destroyed():
    s = clear(game())
    x = D.space("liege")
    board.destroy_fort(s, x)
    assert s.fort[x] == FORT_DESTROYED
    control(s, AP, "liege")
    for _ in range(2):
        sequence.end_of_turn(s)
    assert s.fort[x] == FORT_DESTROYED


@pytest.mark.rule("16.1.6")
def test_war_status_after_total_war_still_feeds_the_combined_marker():
    s = game()
    s.commit[CP] = 2
    s.ws[CP], s.cws = 11, 15
    give(s, CP, "cp13")
    s.turn = 3
    engine.apply(s, "play event cp13")
    assert s.cws == 17


@pytest.mark.rule("16.2.2")
@pytest.mark.rule("16.3.2")
def test_combined_war_status_gates_the_tracks():
    from greatwar.pog.tracks import US_ZIMMERMANN_ALLOWED, us_entry_box

    s = game()
    s.cws = 29
    assert us_entry_box(s) != US_ZIMMERMANN_ALLOWED
    s.cws = 30
    assert us_entry_box(s) == US_ZIMMERMANN_ALLOWED


@pytest.mark.rule("16.5.1.1")
@pytest.mark.rule("16.5.3")
def test_peace_offers_repeat_once_per_round():
    s = game()
    s.vp = 12
    engine.apply(s, "peace offer")
    s.forced = [5]
    engine.apply(s, "peace decline")
    assert engine.to_act(s) == AP  # the offer was the CP's whole action
    to_round(s, CP)
    assert "peace offer" in legal(s)  # offered again in a later round
    with pytest.raises(IllegalActionError):
        engine.apply(s, "peace accept")


@pytest.mark.rule("9.3.2")
@pytest.mark.rule("3.0-sr-value-sr")
def test_sr_value_gives_sr_points():
    s = game()  # German corps wait in the Reserve Box: there is something to redeploy
    card = s.hand[CP][0]
    engine.apply(s, f"play sr {CARDS[card].id}")
    assert s.stack[-1]["step"] == "strategic_redeployment"
    assert s.stack[-1]["points"] == CARDS[card].sr


def test_setup_module_helpers():
    assert setup.game_cards({"valiant": False, "optional_cards": "all"}) >= setup.game_cards(
        {"valiant": False, "optional_cards": "none"}
    )
    assert action_phase.ROUNDS == 6
