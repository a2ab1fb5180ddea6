"""German Aid in the East, Blackjack and the Doughboys, Big Bertha Railway Guns, War Revenue
Act."""

import pytest

from greatwar.qmg1914 import engine
from greatwar.qmg1914.data import CARD_IDS, CARDS
from tests.qmg1914.helpers import (
    act,
    give,
    legal,
    pieces,
    prepare,
    put,
    table,
    turn_at,
    who,
)


@pytest.mark.card("german_aid_in_the_east")
def test_german_aid_reinforces_austria():
    s = turn_at("ru")
    table(s, "german_aid_in_the_east")
    put(s, "ru", "moscow", "ukraine")
    put(s, "ah", "vienna", "galicia")
    (lb,) = give(s, "land_battle/ru")
    (de_r,) = prepare(s, "build_army/de")
    act(s, f"play {CARD_IDS[lb]}")
    act(s, "battle galicia from ukraine")
    assert who(s) == "de" and legal(s) == [f"reinforce {CARD_IDS[de_r]}", "pass"]
    act(s, f"reinforce {CARD_IDS[de_r]}")
    assert "galicia" in pieces(s, "ah") and s.discard[2][-1] == de_r


@pytest.mark.card("german_aid_in_the_east")
def test_german_aid_sustains_an_austrian_attack():
    s = turn_at("ahoe")
    table(s, "german_aid_in_the_east")
    put(s, "ah", "vienna", "galicia")
    put(s, "ru", "moscow", "ukraine")
    (lb,) = give(s, "land_battle/ah")
    (r,) = prepare(s, "build_army/ru")
    (de_s,) = prepare(s, "land_battle/de")
    act(s, f"play {CARD_IDS[lb]}")
    act(s, "battle ukraine from galicia")
    act(s, f"reinforce {CARD_IDS[r]}")
    assert who(s) == "de" and legal(s) == [f"sustain {CARD_IDS[de_s]}", "pass"]
    act(s, f"sustain {CARD_IDS[de_s]}")
    assert "ukraine" not in pieces(s, "ru")


@pytest.mark.card("german_aid_in_the_east")
@pytest.mark.parametrize("allowed", [True, False])
def test_german_aid_counterattack_reading(allowed):
    s = turn_at("ru", options={"german_aid_counterattack": allowed})
    table(s, "german_aid_in_the_east")
    put(s, "ru", "moscow", "ukraine")
    put(s, "ah", "vienna", "galicia")
    (lb,) = give(s, "land_battle/ru")
    (r, ca) = prepare(s, "build_army/ah", "de_de_46")  # Tannenberg: a German Counterattack
    act(s, f"play {CARD_IDS[lb]}")
    act(s, "battle galicia from ukraine")
    act(s, f"reinforce {CARD_IDS[r]}")
    if allowed:
        assert who(s) == "de" and legal(s) == [f"counterattack {CARD_IDS[ca]}", "pass"]
        act(s, f"counterattack {CARD_IDS[ca]}")  # the Austro-Hungarian Army attacks
        assert "ukraine" not in pieces(s, "ru")
    else:
        assert engine.step_name(s) == "turn" and ca in s.prepared[2]


@pytest.mark.card("blackjack_and_the_doughboys")
@pytest.mark.parametrize("us_near, offered", [(True, True), (False, False)])
def test_blackjack_reinforces_france_next_to_a_us_piece(us_near, offered):
    s = turn_at("de")
    table(s, "blackjack_and_the_doughboys")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "picardy", "belgium")
    put(s, "us", "english_channel" if us_near else "western_atlantic")
    (lb,) = give(s, "land_battle/de")
    (us_r,) = prepare(s, "build_army/us")
    act(s, f"play {CARD_IDS[lb]}")
    act(s, "battle belgium from western_germany")
    assert (who(s) == "ukus" and f"reinforce {CARD_IDS[us_r]}" in legal(s)) == offered


@pytest.mark.card("blackjack_and_the_doughboys")
def test_blackjack_sustains_a_french_attack():
    s = turn_at("frit")
    table(s, "blackjack_and_the_doughboys")
    put(s, "fr", "paris", "picardy")
    put(s, "us", "english_channel")
    put(s, "de", "berlin", "western_germany", "belgium")
    (lb,) = give(s, "land_battle/fr")
    (r,) = prepare(s, "build_army/de")
    (us_s,) = prepare(s, "land_battle/us")
    act(s, f"play {CARD_IDS[lb]}")
    act(s, "battle belgium from picardy")
    act(s, f"reinforce {CARD_IDS[r]}")
    assert who(s) == "ukus" and legal(s) == [f"sustain {CARD_IDS[us_s]}", "pass"]
    act(s, f"sustain {CARD_IDS[us_s]}")
    assert "belgium" not in pieces(s, "de")


@pytest.mark.card("big_bertha_railway_guns")
def test_big_bertha_keeps_the_sustain_prepared():
    s = turn_at("de")
    table(s, "big_bertha_railway_guns")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "picardy", "belgium")
    (lb, _h1, _h2) = give(s, "land_battle/de", "de_de_21", "de_de_22")
    (r,) = prepare(s, "build_army/fr")
    (d,) = prepare(s, "de_de_44")  # Schlieffen Plan: Double Sustain in Belgium
    act(s, f"play {CARD_IDS[lb]}")
    act(s, "battle belgium from western_germany")
    act(s, f"reinforce {CARD_IDS[r]}")
    assert f"sustain {CARD_IDS[d]} keep" in legal(s)
    act(s, f"sustain {CARD_IDS[d]} keep")
    assert d in s.prepared[2] and s.hand[2] == [] and "belgium" not in pieces(s, "fr")


@pytest.mark.card("big_bertha_railway_guns")
@pytest.mark.card("stosstruppen")
@pytest.mark.parametrize("allowed", [True, False])
def test_big_bertha_with_stosstruppen(allowed):
    s = turn_at("de", options={"big_bertha_stosstruppen": allowed})
    table(s, "big_bertha_railway_guns", "stosstruppen")
    put(s, "de", "berlin")
    (b, h) = give(s, "build_army/de", "de_de_21")
    (sus,) = prepare(s, "land_battle/de")
    act(s, f"play {CARD_IDS[b]}")
    act(s, "build western_germany")
    act(s, "battle belgium from western_germany")
    assert (f"sustain {CARD_IDS[sus]} keep" in legal(s)) == allowed
    if allowed:
        act(s, f"sustain {CARD_IDS[sus]} keep")
        assert sus in s.prepared[2] and h in s.discard[2]


@pytest.mark.card("war_revenue_act")
def test_war_revenue_act_uses_each_card_at_once():
    s = turn_at("ukus")
    (w,) = give(s, "war_revenue_act")
    for key in ("ukus_us_47", "ukus_us_48", "build_army/us"):
        (c,) = give(s, key)
        s.hand[4].remove(c)
        s.discard[4].append(c)
    act(s, f"play {CARD_IDS[w]}")
    assert "play ukus_us_48" in legal(s) and "prepare ukus_us_47" in legal(s)
    assert "play ukus_us_47" not in legal(s)  # Eddie Rickenbacker's requirement is not met
    act(s, "bottom ukus_us_47")
    assert CARD_IDS[s.deck[4][0]] == "ukus_us_47"
    act(s, "play ukus_us_48")  # Zimmermann Telegram resolves at once
    act(s, "pass")
    act(s, "pass")
    # only the Build Army is left to prepare (Zimmermann, back on the pile, was taken already)
    (last,) = [x for x in legal(s) if x.startswith("prepare")]
    act(s, last)
    assert CARDS[s.prepared[4][0]].type == "build_army" and engine.step_name(s) == "turn"


@pytest.mark.card("war_revenue_act")
def test_war_revenue_act_to_hand_reading():
    s = turn_at("ukus", options={"war_revenue_act": "to_hand"})
    (w,) = give(s, "war_revenue_act")
    for key in ("ukus_us_47", "ukus_us_48"):
        (c,) = give(s, key)
        s.hand[4].remove(c)
        s.discard[4].append(c)
    act(s, f"play {CARD_IDS[w]}")
    act(s, "take ukus_us_47")
    act(s, "take ukus_us_48")
    act(s, "prepare ukus_us_48")
    act(s, "pass")  # Eddie Rickenbacker stays in hand
    assert [CARD_IDS[c] for c in s.hand[4]] == ["ukus_us_47"]
