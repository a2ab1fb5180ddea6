"""The turn structure (6.0), mandated offensives (7.1), card-use limits (9.x), commitment (16.1),
victory (5.x), each marked with the rules it checks."""

import pytest

from greatwar.core.errors import MalformedActionError
from greatwar.pog import action_phase, engine, mandated, sequence, war_status
from greatwar.pog.cards import CARDS
from greatwar.pog.data import AP, CP
from greatwar.pog.draw_phase import draw_phase
from greatwar.pog.flow import STEPS
from greatwar.pog.scenarios import hand_size
from greatwar.pog.victory import end_game

from .helpers import D
from .helpers import game as fresh

# -- 7.1 mandated offensives ---------------------------------------------------------------


@pytest.mark.rule("7.1.1")
@pytest.mark.parametrize("ex", D.tables["mo_worked_examples"], ids=lambda e: e["ref"][-30:])
def test_mo_worked_examples(ex):
    s = fresh("campaign")
    side = AP if ex["side"] == "ap" else CP
    got = mandated.resolve(s, side, ex["die"])
    # Italy is neutral in the example: its result has no effect (7.1.2).
    assert got == ("none" if ex["result"] == "it" else ex["result"])


@pytest.mark.rule("7.1.2")
def test_capital_lost_shifts_right():
    s = fresh()
    s.ctrl[D.space("paris")] = CP
    assert mandated.resolve(s, AP, 1) == "br"
    s.ctrl[D.space("london")] = CP
    assert mandated.resolve(s, AP, 1) == "none"  # BR lost too, IT neutral: no MO


@pytest.mark.rule("7.1.2")
def test_austria_shifts_only_when_both_capitals_are_lost():
    s = fresh()
    s.ctrl[D.space("vienna")] = AP
    assert mandated.resolve(s, CP, 1) == "ah"
    s.ctrl[D.space("budapest")] = AP
    assert mandated.resolve(s, CP, 1) == "none"  # ah -> ah(it) -> tu (neutral)
    s.at_war["tu"] = 1
    assert mandated.resolve(s, CP, 1) == "tu"


@pytest.mark.rule("7.1.2")
def test_neutral_nation_result_has_no_effect():
    s = fresh()
    assert mandated.resolve(s, AP, 4) == "none"  # Italy neutral
    s.at_war["it"] = 1
    assert mandated.resolve(s, AP, 4) == "it"


@pytest.mark.rule("7.1.6")
def test_ah_italy():
    s = fresh()
    assert mandated.resolve(s, CP, 2) == "ah"  # Italy neutral
    s.at_war["it"] = 1
    assert mandated.resolve(s, CP, 2) == "ah_it"
    s.ctrl[D.space("rome")] = CP
    assert mandated.resolve(s, CP, 2) == "ah"


@pytest.mark.rule("7.1.9")
def test_hoffmann_adds_one():
    s = fresh()
    assert mandated.resolve(s, CP, 4) == "ge"
    s.events["hoffmann"] = 5
    assert mandated.resolve(s, CP, 4) == "none"
    assert mandated.resolve(s, CP, 6) == "none"


@pytest.mark.rule("7.1.10")
@pytest.mark.rule("7.1.11")
@pytest.mark.rule("7.1.8")
def test_events_that_change_results():
    s = fresh()
    s.events["h_l_take_command"] = 9
    assert mandated.resolve(s, CP, 4) == "none"
    s.events["bolshevik_revolution"] = 15
    assert mandated.resolve(s, AP, 6) == "none"
    s.events["french_mutiny"] = 14
    assert mandated.resolve(s, AP, 1) == "fr_mutiny"


@pytest.mark.rule("5.7.4")
def test_historical_turn_one_british_mo_becomes_french():
    s = fresh("historical")
    assert s.turn == 1
    assert mandated.resolve(s, AP, 3) == "fr"
    s.turn = 2
    assert mandated.resolve(s, AP, 3) == "br"


@pytest.mark.rule("7.1.3")
def test_missed_mo_penalty():
    s = fresh()
    s.mo = ["fr", "ge"]
    vp = s.vp
    mandated.missed_penalty(s)
    assert s.vp == vp  # +1 (AP missed) -1 (CP missed)
    s.mo = ["none", "ah"]
    mandated.missed_penalty(s)
    assert s.vp == vp - 1
    s.mo = ["fr_mutiny", "none"]
    mandated.missed_penalty(s)
    assert s.vp == vp - 1  # no penalty on a French Mutiny turn


@pytest.mark.rule("7.1.4")
@pytest.mark.rule("7.1.5")
def test_mo_fulfilment_targets():
    s = fresh()
    s.mo = ["br", "ge"]
    ge_1, fr_5, br_bef = D.unit("ge_1"), D.unit("fr_5"), D.unit("br_bef")
    aus = D.unit("br_aus_corps")
    sedan = D.space("sedan")
    assert not mandated.attack_satisfies(s, AP, [aus], sedan, [ge_1])  # AUS is not British
    assert mandated.attack_satisfies(s, AP, [br_bef], sedan, [ge_1])
    assert mandated.attack_satisfies(s, CP, [ge_1], sedan, [fr_5])
    assert not mandated.attack_satisfies(s, CP, [ge_1], D.space("warsaw"), [D.unit("ru_2")])


# -- 8, 9: the action phase ----------------------------------------------------------------


def _action_round(scenario="campaign"):
    s = fresh(scenario)
    assert engine.step_name(s) == "action_round"
    return s


@pytest.mark.rule("9.4.3")
def test_no_consecutive_rp_plays():
    s = _action_round()
    rp = next(a for a in engine.legal_actions(s) if str(a).startswith("play rp"))
    engine.apply(s, rp)
    # The AP acts, then it is the CP again: no RP play this round.
    engine.apply(s, next(a for a in engine.legal_actions(s) if str(a) == "play auto"))
    while engine.step_name(s) != "action_round" or engine.to_act(s) != CP:
        engine.apply(s, engine.legal_actions(s)[-1])
    assert not any(str(a).startswith("play rp") for a in engine.legal_actions(s))
    assert any(str(a).startswith("play ops") for a in engine.legal_actions(s))


@pytest.mark.rule("9.4.3")
def test_rp_allowed_across_turns():
    s = _action_round()
    s.uses = [["ops"] * 6, ["ops"] * 5 + ["rp"]]
    sequence.end_of_turn(s)
    assert s.uses == [[], []]
    assert action_phase.may_play_rp(s, CP, s.hand[CP][0])


@pytest.mark.rule("8.1.3")
def test_six_actions_offered():
    s = _action_round()
    uses = {str(a).split()[1] if a.verb == "play" else a.verb for a in engine.legal_actions(s)}
    assert {"ops", "rp", "auto"} <= uses


@pytest.mark.rule("9.4.1")
def test_rp_not_recorded_for_neutral_nations():
    s = _action_round()
    card = D.card("ap13")  # Rape of Belgium: RPs for IT among others
    s.hand[AP].append(card)
    s.deck[AP].remove(card) if card in s.deck[AP] else s.later[AP].remove(card)
    action_phase.play_rp(s, AP, card)
    assert s.rp["it"] == 0
    assert s.rp["fr"] == 4 and s.rp["allied"] == 2  # half points: FR 2, A 1


# -- 16.1 commitment, 6.0 E.4 and G ---------------------------------------------------------


@pytest.mark.rule("16.1.2")
@pytest.mark.rule("16.1.3")
@pytest.mark.rule("16.1.3.1")
def test_limited_war_adds_cards_and_brings_turkey():
    s = fresh()
    s.turn = 2
    s.ws[CP] = 4
    s.cws = 4
    later = len(s.later[CP])
    war_status.war_status_phase(s)
    assert s.commit[CP] == 1
    assert len(s.later[CP]) == later - 20
    assert s.at_war["tu"] == 1 and s.loc[D.unit("tu_corps_03")] == D.space("constantinople")
    assert s.ctrl[D.space("kermanshah")] == CP  # 11.1.13
    assert s.tflags["reshuffle"] == [0, 1]


@pytest.mark.rule("16.1.2")
def test_no_commitment_check_on_turn_one():
    s = fresh()
    s.ws[CP] = 11
    s.cws = 11
    war_status.war_status_phase(s)
    assert s.commit[CP] == 0


@pytest.mark.rule("5.3.2")
def test_introductory_commitment_frozen():
    s = fresh("introductory")
    s.turn = 2
    s.ws[AP] = 6
    s.cws = 6
    war_status.war_status_phase(s)
    assert s.commit == [0, 0]


@pytest.mark.rule("16.1.4")
def test_jump_to_total_war_adds_both_decks():
    s = fresh()
    s.turn = 3
    s.ws[AP] = 11
    s.cws = 11
    war_status.war_status_phase(s)
    assert s.commit[AP] == 2 and s.later[AP] == [c for c in s.later[AP] if CARDS[c].optional]


@pytest.mark.rule("6.0G")
@pytest.mark.rule("16.1.3")
def test_reshuffle_happens_in_the_draw_phase_after_discards():
    s = fresh()
    s.turn = 2
    s.ws[CP] = 4
    s.cws = 4
    # Put some cards in the CP discard pile to see them reshuffled in.
    for c in list(s.hand[CP])[:3]:
        s.hand[CP].remove(c)
        s.discard[CP].append(c)
    war_status.war_status_phase(s)
    assert s.discard[CP]  # not yet: reshuffle waits for the Draw Phase
    s.stack = [{"step": "turn", "ph": 7}]
    draw_phase(s)
    STEPS.settle(s)
    while engine.step_name(s) == "discard_combat_cards":
        engine.apply(s, "done")
    assert not s.discard[CP]
    assert len(s.hand[CP]) == 7


@pytest.mark.rule("9.1.4")
@pytest.mark.rule("6.0G")
@pytest.mark.parametrize(
    "scenario, options, size",
    [
        ("campaign", None, 7),
        ("campaign", {"hand8": True}, 8),
        ("historical", None, 8),
        ("limited", {"optional_cards": "all"}, 8),
    ],
)
def test_hand_sizes(scenario, options, size):
    s = fresh(scenario, options=options)
    assert hand_size(s.options) == size
    assert len(s.hand[AP]) == size and len(s.hand[CP]) == size


@pytest.mark.rule("6.0G")
def test_short_hand_when_cards_run_out():
    s = fresh()
    s.deck[AP] = s.deck[AP][:2]
    moved = [c for c in list(s.hand[AP])]
    s.hand[AP] = []
    s.out[AP].extend(moved)
    s.discard[AP] = []
    from greatwar.pog.cards import draw_to_full

    assert draw_to_full(s, AP) == 2 and len(s.hand[AP]) == 2


# -- 5.x victory -----------------------------------------------------------------------------


@pytest.mark.rule("5.2.1")
@pytest.mark.rule("5.2.2")
@pytest.mark.parametrize("vp, winner", [(20, "cp"), (25, "cp"), (0, "ap"), (-3, "ap")])
def test_automatic_victory(vp, winner):
    s = fresh()
    s.vp = vp
    war_status.war_status_phase(s)
    assert s.result["reason"] == "automatic_victory" and s.result["winner"] == winner


@pytest.mark.rule("5.1.2")
def test_no_automatic_victory_between_1_and_19():
    s = fresh()
    s.vp = 19
    war_status.war_status_phase(s)
    assert s.result is None


@pytest.mark.rule("16.2.1")
def test_armistice():
    s = fresh()
    s.turn = 12
    s.cws = 40
    s.vp = 14
    war_status.war_status_phase(s)
    assert s.result["reason"] == "armistice" and s.result["outcome"] == "cp"


@pytest.mark.rule("5.3.1")
@pytest.mark.rule("5.3.4")
@pytest.mark.rule("5.4.2")
@pytest.mark.rule("5.5.2.1")
@pytest.mark.rule("5.5.2.2")
@pytest.mark.rule("5.7.2")
@pytest.mark.parametrize(
    "scenario, last, vp, brest, outcome",
    [
        ("introductory", 3, 14, False, "cp"),
        ("introductory", 3, 13, False, "draw"),
        ("introductory", 3, 11, False, "draw"),
        ("introductory", 3, 10, False, "ap"),
        ("limited", 10, 17, False, "cp"),
        ("limited", 10, 13, False, "draw"),
        ("limited", 10, 12, False, "ap"),
        ("campaign", 20, 13, False, "cp"),
        ("campaign", 20, 12, False, "draw"),
        ("campaign", 20, 10, False, "draw"),
        ("campaign", 20, 9, False, "ap"),
        ("campaign", 20, 11, True, "cp"),
        ("campaign", 20, 10, True, "draw"),
        ("campaign", 20, 9, True, "ap"),
    ],
)
def test_last_turn_and_victory_levels(scenario, last, vp, brest, outcome):
    s = fresh(scenario)
    s.turn = last
    s.vp = vp
    if brest:
        s.events["treaty_of_brest_litovsk"] = 18
    sequence.end_of_turn(s)
    assert s.result["reason"] == "last_turn" and s.result["turn"] == last
    assert s.result["outcome"] == outcome


@pytest.mark.rule("5.4.1")
def test_limited_war_ends_at_total_war():
    s = fresh("limited")
    s.turn = 6
    s.ws[AP] = 11
    s.cws = 11
    s.vp = 15
    war_status.war_status_phase(s)
    assert s.result["reason"] == "total_war" and s.result["outcome"] == "draw"


@pytest.mark.rule("5.7.4")
def test_historical_end_adjustments():
    s = fresh("historical")
    s.turn = 20
    s.vp = 10
    sequence.end_of_turn(s)
    adj = {a["rule"]: a["vp"] for a in s.result["adjustments"]}
    assert adj == {"5.7.4.8": 2, "5.7.4.9": -2}
    assert s.result["final_vp"] == 10
    assert s.result["outcome"] == "ap"  # a draw, and the AP wins all draws (5.7.2)


@pytest.mark.rule("5.7.4")
def test_historical_adjustments_follow_the_events():
    s = fresh("historical")
    s.turn = 20
    s.vp = 12
    s.events["fall_of_the_tsar"] = 14
    s.events["reinf_us1"] = 17
    sequence.end_of_turn(s)
    assert s.result["final_vp"] == 13  # +1 for the unplayed US 2nd Army card
    assert s.result["outcome"] == "cp"


@pytest.mark.rule("5.6.1.1")
def test_bid_only_at_the_end():
    s = fresh("campaign", options={"bid": {"side": "cp", "vp": 3}})
    s.vp = 20
    war_status.war_status_phase(s)
    assert s.result["winner"] == "cp"  # automatic victory ignores the bid
    s = fresh("campaign", options={"bid": {"side": "cp", "vp": 3}})
    s.turn = 20
    s.vp = 14
    sequence.end_of_turn(s)
    assert s.result["final_vp"] == 11 and s.result["outcome"] == "ap"  # draw 11 -> AP (5.6.2)


@pytest.mark.rule("5.6.1")
def test_a_bid_is_a_whole_number_of_vp_within_the_track():
    """Ruling R9: a bid from 0 to 20 VP (the VP track's span); anything else is refused."""
    for vp in (0, 1, 20):
        opts = engine.new_game("campaign", {"bid": {"side": "ap", "vp": vp}}, seed=1).options
        assert opts["bid"] == {"side": "ap", "vp": vp} and opts["tournament"]
    for vp in (21, 10**30, -1, True, 1.0, "1"):
        with pytest.raises(MalformedActionError, match="option 'bid'"):
            engine.new_game("campaign", {"bid": {"side": "ap", "vp": vp}}, seed=1)
    opts = engine.new_game("campaign", {"bid": {"side": "cp", "vp": 2, "x": "y"}}, seed=1).options
    assert opts["bid"] == {"side": "cp", "vp": 2}  # only the bid's own fields are kept


@pytest.mark.rule("5.6.3")
def test_tournament_peace_means_both_lose():
    s = fresh("campaign", options={"tournament": True})
    from greatwar.pog.victory import PEACE

    end_game(s, PEACE)
    assert s.result["outcome"] == "both_lose" and s.result["winner"] is None


@pytest.mark.rule("16.5.1")
def test_peace_offers_by_range_and_scenario():
    from greatwar.pog import peace

    s = fresh("campaign")
    s.vp = 10
    assert not peace.may_offer(s, CP) and not peace.may_offer(s, AP)
    s.vp = 11
    assert peace.may_offer(s, CP)
    s.vp = 9
    assert peace.may_offer(s, AP)
    assert not peace.may_offer(fresh("historical"), AP) or fresh("historical").vp > 9
    s2 = fresh("introductory")
    s2.vp = 5
    assert not peace.may_offer(s2, AP)


@pytest.mark.rule("16.5.2")
def test_peace_declined_rolls_the_table():
    s = _action_round()
    s.vp = 12
    engine.apply(s, "peace offer")
    assert engine.to_act(s) == AP and engine.step_name(s) == "peace_answer"
    s.forced = [1]
    engine.apply(s, "peace decline")
    assert s.vp == 13 and s.result is None


@pytest.mark.rule("16.5.2")
def test_peace_accepted_is_a_draw():
    s = _action_round()
    s.vp = 12
    engine.apply(s, "peace offer")
    engine.apply(s, "peace accept")
    assert s.result["outcome"] == "draw" and s.result["reason"] == "peace_terms"


def test_last_turn_is_the_scenarios():
    for name, last in (("introductory", 3), ("limited", 10), ("campaign", 20), ("historical", 20)):
        assert engine.new_game(name).scenario == name
        from greatwar.pog.scenarios import SCENARIOS

        assert SCENARIOS[name].last_turn == last


@pytest.mark.rule("5.1.2")
@pytest.mark.rule("5.2.1")
def test_vp_is_not_clamped_and_victory_waits_for_e2():
    s = _action_round()
    s.vp = 25  # during the Action Phase nothing happens
    engine.apply(s, "play auto")
    assert s.result is None and s.vp == 25


@pytest.mark.rule("9.5.4.6")
def test_only_combat_cards_may_be_discarded_before_drawing():
    from greatwar.pog.draw_phase import discardable

    s = fresh()
    for side in (AP, CP):
        assert all(CARDS[c].combat_card for c in discardable(s, side))
    assert any(CARDS[c].combat_card for c in s.hand[CP]) == bool(discardable(s, CP))


@pytest.mark.rule("9.5.2.5")
def test_late_entry_cards_only_as_events_or_discards():
    s = fresh()
    italy = D.card("ap17")
    for pile in ("deck", "later", "hand"):
        if italy in getattr(s, pile)[AP]:
            getattr(s, pile)[AP].remove(italy)
    s.hand[AP].append(italy)
    assert not action_phase.entry_card_locked(s, italy)
    s.commit = [1, 2]
    assert action_phase.entry_card_locked(s, italy)
    from greatwar.pog.draw_phase import discardable

    assert italy in discardable(s, AP)


@pytest.mark.rule("optional cards")
@pytest.mark.rule("4.3.1")
def test_guns_of_august_may_be_set_aside_for_a_matching_optional_card():
    """Optional-cards note, way 2: "a matching card (both in terms of the War Status Decks and
    Ops/SR value) is secretly removed"; Guns of August (Mobilization, 3 OPS / 4 SR) matches
    Kaisertreu (cp57) like the other 3 / 4 Mobilization cards, and once it is set aside the CP
    has no Guns of August to start with (4.3.1)."""
    s = engine.new_game("campaign", {"optional_cards": "select"}, seed=2)
    assert CARDS[D.card("cp57")].deck == CARDS[D.card("cp01")].deck == "mobilization"
    engine.apply(s, "select cp57")
    offered = {a.args[0] for a in engine.legal_actions(s)}
    assert offered == {"cp01", "cp06", "cp07", "cp08", "cp10"}
    engine.apply(s, "select cp01")
    engine.apply(s, "done")  # the CP's selection
    engine.apply(s, "done")  # the AP's
    assert D.card("cp01") in s.out[CP] and D.card("cp57") in s.deck[CP] + s.hand[CP]
    assert not any(str(a).startswith("choose") for a in engine.legal_actions(s))
    assert D.card("cp01") not in s.hand[CP]
