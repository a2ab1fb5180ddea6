"""The home-front events of pog/events/politics.py: each card's event and its refusal."""

import pytest

from greatwar.pog import engine, replacements, war_status
from greatwar.pog.data import AP, CP

from .helpers import D, game, give, offered, to_round


def event(s, side, card):
    to_round(s, side)
    give(s, side, card)
    engine.apply(s, f"play event {card}")


def not_offered(s, side, card):
    to_round(s, side)
    give(s, side, card)
    return not offered(s, f"play event {card}")


@pytest.mark.card("ap02")
@pytest.mark.rule("6.0E.1")
def test_blockade_costs_the_cp_a_vp_every_winter():
    s = game()
    event(s, AP, "ap02")
    assert s.ws[AP] == 2 and s.cws == 2
    s.mo = ["none", "none"]
    for turn, vp in ((3, 10), (4, 9)):
        s.turn, s.vp = turn, 10
        war_status.vp_table_items(s)
        assert s.vp == vp


def refused_outside_the_hand(side, card):
    """A card without a precondition is still refused when it is not in the player's hand."""
    from greatwar.core.errors import IllegalActionError

    s = game()
    to_round(s, side)
    give(s, side, card)
    c = D.card(card)
    s.hand[side].remove(c)
    s.discard[side].append(c)
    with pytest.raises(IllegalActionError):
        engine.apply(s, f"play event {card}")


@pytest.mark.card("ap02")
def test_blockade_refused_outside_the_hand():
    refused_outside_the_hand(AP, "ap02")


@pytest.mark.card("ap13")
def test_rape_of_belgium_needs_guns_of_august():
    s = game()
    assert not_offered(s, AP, "ap13")
    s.events["guns_of_august"] = 1
    vp = s.vp
    engine.apply(s, "play event ap13")
    assert s.vp == vp - 1 and s.ws[AP] == 2


@pytest.mark.card("cp09")
def test_reichstag_truce():
    s = game()
    vp = s.vp
    event(s, CP, "cp09")
    assert s.vp == vp + 1 and s.ws[CP] == 1


@pytest.mark.card("cp09")
def test_reichstag_truce_refused_at_total_war():
    s = game()
    s.commit[CP] = 2
    assert not_offered(s, CP, "cp09")


@pytest.mark.card("cp65")
@pytest.mark.card("cp65v")
def test_prince_max_and_its_valiant_version():
    s = game()
    event(s, CP, "cp65")
    assert s.ws[CP] == 3
    s = game()
    s.turn = 17
    assert not_offered(s, CP, "cp65")  # up to turn 16 only
    v = game(options={"valiant": True})
    assert not_offered(v, CP, "cp65v")  # the Valiant card needs Combined War Status 30
    v.cws = 30
    engine.apply(v, "play event cp65v")
    assert v.cws == 33


@pytest.mark.card("cp54")
@pytest.mark.rule("7.1.10")
def test_h_l_take_command_cancels_the_german_mo():
    s = game()
    s.mo[CP] = "ge"
    event(s, CP, "cp54")
    assert s.mo[CP] == "none" and s.ws[CP] == 2


@pytest.mark.card("cp37")
@pytest.mark.rule("7.1.9")
@pytest.mark.rule("3.0-underlined-event-name")
def test_hoffmann_needs_h_l_take_command():
    s = game()
    assert not_offered(s, CP, "cp37")
    s.events["h_l_take_command"] = 1
    engine.apply(s, "play event cp37")
    assert "hoffmann" in s.events


@pytest.mark.card("cp33")
@pytest.mark.card("ap37")
@pytest.mark.rule("17.1.1")
def test_rathenau_until_independent_air_force():
    s = game()
    event(s, CP, "cp33")
    replacements.adjust_pools(s)
    assert s.rp["ge"] == 2
    s.rp["ge"] = 0
    event(s, AP, "ap37")
    replacements.adjust_pools(s)
    assert s.rp["ge"] == 0


@pytest.mark.card("cp33")
@pytest.mark.card("ap37")
def test_rathenau_and_air_force_are_refused_outside_the_hand():
    refused_outside_the_hand(CP, "cp33")
    refused_outside_the_hand(AP, "ap37")


@pytest.mark.card("cp27")
def test_zeppelin_raids_cut_british_rps_this_turn():
    s = game()
    event(s, CP, "cp27")
    s.rp["br"] = 10
    replacements.adjust_pools(s)
    assert s.rp["br"] == 2
    s.tflags = {}
    s.rp["br"] = 10
    replacements.adjust_pools(s)
    assert s.rp["br"] == 10


@pytest.mark.card("cp27")
def test_zeppelin_raids_never_below_zero():
    s = game()
    event(s, CP, "cp27")
    s.rp["br"] = 4
    replacements.adjust_pools(s)
    assert s.rp["br"] == 0


@pytest.mark.card("ap62")
@pytest.mark.card("ap62v")
@pytest.mark.rule("16.5.2")
def test_the_sixtus_affair():
    s = game()
    s.forced = [1]
    vp = s.vp
    event(s, AP, "ap62")
    assert s.vp == vp - 1 and s.result is None  # not a peace offer
    v = game(options={"valiant": True})
    v.turn = 17
    assert not_offered(v, AP, "ap62v")  # the Valiant card: up to turn 16


@pytest.mark.card("ap65")
def test_influenza_stops_rp_plays_this_turn():
    s = game()
    assert not_offered(s, AP, "ap65")  # Combined War Status 30 needed
    s.cws = 30
    engine.apply(s, "play event ap65")
    to_round(s, CP)
    assert not any(str(a).startswith("play rp") for a in engine.legal_actions(s))
