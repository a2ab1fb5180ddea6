"""Rulings of docs/qmg1914-rulings.md that no other test shows."""

import pytest

from greatwar.qmg1914 import board, engine
from greatwar.qmg1914.data import CARD_IDS, COUNTRIES, space
from greatwar.qmg1914.view import view
from tests.qmg1914.helpers import act, give, legal, pieces, prepare, put, turn_at, who


@pytest.mark.heading("COUNTERATTACK")
def test_q13_a_failed_counterattack_may_be_counterattacked():
    s = turn_at("de")
    put(s, "de", "berlin", "western_germany", "belgium")
    put(s, "fr", "paris", "picardy")
    (lb,) = give(s, "land_battle/de")
    (fr_r, fr_ca) = prepare(s, "build_army/fr", "frit_fr_24")
    (de_r, de_ca) = prepare(s, "build_army/de", "de_de_46")
    act(s, f"play {CARD_IDS[lb]}")
    act(s, "battle picardy from belgium")
    act(s, f"reinforce {CARD_IDS[fr_r]}")
    act(s, f"counterattack {CARD_IDS[fr_ca]}")  # France battles Belgium
    act(s, f"reinforce {CARD_IDS[de_r]}")  # Germany holds it; France has no Sustain
    assert who(s) == "de" and legal(s) == [f"counterattack {CARD_IDS[de_ca]}", "pass"]
    act(s, f"counterattack {CARD_IDS[de_ca]}")
    assert "picardy" not in pieces(s, "fr") and "belgium" in pieces(s, "de")


@pytest.mark.heading("WHO CAN SEE WHAT?")
@pytest.mark.heading("DISCARDING CARDS")
def test_q17_discard_top_is_public_only_when_discarded_face_up():
    s = turn_at("ru", "draft")
    (a, b) = give(s, "ru_ru_18", "ru_ru_19")
    act(s, "draft build_army ru")  # both discarded unrevealed
    v = view(s, "de")
    assert v["cards"]["discard_top"]["ru"] is None
    assert view(s, "ru")["cards"]["discard"] == [CARD_IDS[b], CARD_IDS[a]]
    assert v["cards"]["counts"]["ru"]["discard"] == 2
    (k,) = [c for c in s.hand[1]]
    act(s, f"play {CARD_IDS[k]}")
    assert view(s, "de")["cards"]["discard_top"]["ru"] == CARD_IDS[k]


@pytest.mark.heading("WHO CAN SEE WHAT?")
def test_views_show_own_hand_and_prepared_only():
    s = turn_at("frit")
    (h,) = give(s, "frit_fr_22")
    (p,) = prepare(s, "frit_fr_23")
    (uk,) = give(s, "ukus_uk_21")
    mine = view(s, "frit")["cards"]
    assert mine["hand"] == [CARD_IDS[h]] and mine["prepared"] == [CARD_IDS[p]]
    mate = view(s, "ukus")["cards"]  # a teammate sees counts only
    assert mate["hand"] == [CARD_IDS[uk]] and CARD_IDS[h] not in str(mate)
    assert mate["counts"]["frit"] == {"hand": 1, "deck": 40, "discard": 0, "prepared": 1}


@pytest.mark.heading("SUPPLY")
def test_q15_a_supply_override_does_not_extend_supply():
    s = turn_at("ahoe")
    put(s, "ah", "vienna", "bulgaria")
    (k,) = give(s, "morava_offensive")
    act(s, f"play {CARD_IDS[k]}")
    ah = COUNTRIES.index("ah")
    assert board.supplied(s, ah, space("bulgaria"))
    assert not board.supplied_if_placed(s, ah, space("greece"))


@pytest.mark.heading("PROCEDURE")
def test_q18_defending_powers_are_asked_in_order_of_play():
    s = turn_at("de")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "picardy", "belgium")
    put(s, "uk", "britain", "english_channel", "belgium")
    (lb,) = give(s, "land_battle/de")
    (fr_r,) = prepare(s, "build_army/fr")
    (uk_r,) = prepare(s, "build_army/uk")
    act(s, f"play {CARD_IDS[lb]}")
    act(s, "battle belgium from western_germany")
    assert who(s) == "frit"
    act(s, "pass")
    assert who(s) == "ukus"
    act(s, f"reinforce {CARD_IDS[uk_r]}")
    assert "belgium" in pieces(s, "fr") and fr_r in s.prepared[3]


@pytest.mark.heading("DIFFICULT TERRAIN")
@pytest.mark.card("bersaglieri")
def test_q22_bersaglieri_waives_sustain_discards_too():
    s = turn_at("frit")
    put(s, "it", "rome", "italian_alps")
    put(s, "ah", "vienna", "tyrol")
    (k, keep) = give(s, "bersaglieri", "frit_fr_22")
    (sus,) = prepare(s, "land_battle/it")
    (r,) = prepare(s, "build_army/ah")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle tyrol from italian_alps")
    act(s, f"reinforce {CARD_IDS[r]}")
    act(s, f"sustain {CARD_IDS[sus]}")
    assert "tyrol" not in pieces(s, "ah") and s.hand[3] == [keep]


@pytest.mark.heading("1. DRAFT STEP")
def test_q7_and_q14_nothing_offered_that_cannot_be_done():
    s = turn_at("ahoe")
    give(s, "franz_ferdinand_avenged")  # its requirement: another card in hand
    assert legal(s) == ["pass"]
    s = turn_at("ahoe", "draft")
    give(s, "franz_ferdinand_avenged")  # one card: no draft
    assert legal(s) == ["pass"] and engine.step_name(s) == "turn"
