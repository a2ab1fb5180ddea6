"""The rulebook's worked examples, played through the engine."""

import pytest

from greatwar.qmg1914 import engine
from greatwar.qmg1914.data import CARD_IDS, CARDS, space
from tests.qmg1914.helpers import (
    act,
    fill_hand,
    give,
    legal,
    pieces,
    prepare,
    put,
    table,
    turn_at,
    who,
)


@pytest.mark.heading("EXTENDED EXAMPLE OF PLAY")
@pytest.mark.heading("COMPLEX CARDS")
@pytest.mark.heading("SUPPLY (RESOLVING BATTLE)")
@pytest.mark.card("franz_ferdinand_avenged")
@pytest.mark.card("montenegro")
@pytest.mark.card("morava_offensive")
def test_extended_example_of_play():
    s = turn_at("ahoe", "draft", round=4)
    put(s, "ah", "vienna", "galicia", "budapest")
    put(s, "ru", "moscow", "ukraine", "serbia")
    (ffa,) = give(s, "franz_ferdinand_avenged")
    hand = fill_hand(s, "ahoe", 7)
    (sustain, morava) = prepare(s, "land_battle/ah", "morava_offensive")
    (ru_build, montenegro) = prepare(s, "build_army/ru", "montenegro")
    ru_hand = fill_hand(s, "ru", 7)

    # Draft step: discard 2 (unrevealed, may be Ottoman) to take an Austro-Hungarian Build Army
    act(s, "draft build_army ah")
    act(s, f"discard {CARD_IDS[hand[0]]}")
    act(s, f"discard {CARD_IDS[hand[1]]}")
    assert s.dhidden[0] == 2 and len(s.hand[0]) == 6
    (drafted,) = set(s.hand[0]) - set(hand) - {ffa}
    assert CARDS[drafted].type == "build_army" and CARDS[drafted].country == 0

    # Play step: Franz Ferdinand Avenged, to the top of the discard pile
    act(s, f"play {CARD_IDS[ffa]}")
    assert s.discard[0][-1] == ffa
    act(s, f"discard {CARD_IDS[hand[2]]}")  # the card's requirement
    act(s, "battle serbia from budapest")
    act(s, f"discard {CARD_IDS[hand[3]]}")  # difficult terrain
    # Russia reveals Montenegro: a Reinforce Army with the Supply symbol for unsupplied Serbia;
    # the Russian Build Army cannot be used there
    assert who(s) == "ru" and legal(s) == [f"reinforce {CARD_IDS[montenegro]}", "pass"]
    act(s, f"reinforce {CARD_IDS[montenegro]}")
    assert who(s) == "ahoe" and legal(s) == [f"sustain {CARD_IDS[sustain]}", "pass"]
    act(s, f"sustain {CARD_IDS[sustain]}")
    act(s, f"discard {CARD_IDS[hand[4]]}")  # the Sustain's difficult-terrain card
    assert "serbia" not in pieces(s, "ru") and ru_build in s.prepared[1]
    act(s, "build serbia")
    assert pieces(s, "ah") == {"vienna", "galicia", "budapest", "serbia"}

    # Attrition step: Morava Offensive makes Russia discard a card, unrevealed
    assert legal(s) == [f"attrition {CARD_IDS[morava]} ru", "pass"]
    act(s, f"attrition {CARD_IDS[morava]} ru")
    assert who(s) == "ru"
    act(s, f"discard {CARD_IDS[ru_hand[0]]}")
    assert s.discard[1][0] == ru_hand[0] and s.dhidden[1] == 1

    # Prepare step: the drafted Build Army; Draw step: back to 7 (six cards: the example's
    # "five" does not match its own count, ruling Q49)
    act(s, f"prepare {CARD_IDS[drafted]}")
    assert len(s.hand[0]) == 1
    act(s, "draw 6")
    assert len(s.hand[0]) == 7 and who(s) == "ru"


@pytest.mark.heading("EXTENDED EXAMPLE OF PLAY 2")
@pytest.mark.heading("COUNTERATTACK")
@pytest.mark.card("schlieffen_plan")
@pytest.mark.card("stosstruppen")
@pytest.mark.card("paris_taxis")
@pytest.mark.card("la_revanche")
def test_extended_example_of_play_2():
    s = turn_at("de", "play", round=3)
    put(s, "de", "berlin", "prussia", "western_germany", "belgium")
    put(s, "fr", "paris", "burgundy")
    put(s, "uk", "britain", "picardy", "english_channel", "north_atlantic")
    table(s, "stosstruppen")
    (plan, lb) = give(s, "schlieffen_plan", "land_battle/de")
    fill_hand(s, "de", 7)
    (s1, s2) = prepare(s, "land_battle/de", "land_battle/de")
    (taxis, revanche) = prepare(s, "paris_taxis", "la_revanche")
    (uk_r,) = prepare(s, "build_army/uk")

    act(s, f"play {CARD_IDS[plan]}")
    assert s.discard[2][-1] == plan
    act(s, f"prepare {CARD_IDS[lb]}")  # first action: prepare a Land Battle (Sustain)
    act(s, "battle picardy from belgium")
    act(s, f"reinforce {CARD_IDS[uk_r]}")
    act(s, f"sustain {CARD_IDS[s1]}")
    assert "picardy" not in pieces(s, "uk")  # the UK cannot reinforce further
    act(s, "build picardy")
    # Stosstruppen: after the build, discard a second prepared Sustain to battle Paris
    assert engine.step_name(s) == "stosstruppen"
    act(s, "battle paris from picardy")
    act(s, f"sustain {CARD_IDS[s2]}")
    assert s.discard[2][-1] == s2  # revealed (EXAMPLE 1)
    assert who(s) == "frit" and f"reinforce {CARD_IDS[taxis]}" in legal(s)
    act(s, f"reinforce {CARD_IDS[taxis]}")
    # Germany "cannot overcome the Double Reinforce with its single remaining" Sustain and
    # "declines to use it": it is not offered (PROCEDURE: sufficient symbols), the attack fails
    assert "paris" in pieces(s, "fr")
    # La Revanche: the French Army counterattacks Picardy; Germany cannot reinforce
    assert who(s) == "frit" and legal(s) == [f"counterattack {CARD_IDS[revanche]}", "pass"]
    act(s, f"counterattack {CARD_IDS[revanche]}")
    assert "picardy" not in pieces(s, "de")
    assert pieces(s, "de") == {"berlin", "prussia", "western_germany", "belgium"}
    assert lb in s.prepared[2] and not s.prepared[3] and not s.prepared[4]


@pytest.mark.heading("EXAMPLE 1")
@pytest.mark.heading("DISCARDING CARDS")
@pytest.mark.card("stosstruppen")
def test_example_1_stosstruppen_discard_goes_on_top():
    s = turn_at("de")
    put(s, "de", "berlin")
    table(s, "stosstruppen")
    (b,) = give(s, "build_army/de")
    (sus,) = prepare(s, "land_battle/de")
    put(s, "ru", "prussia")
    act(s, f"play {CARD_IDS[b]}")
    act(s, "build western_germany")
    act(s, "battle belgium from western_germany")
    act(s, f"sustain {CARD_IDS[sus]}")
    assert s.discard[2][-1] == sus and s.dhidden[2] == 0
    assert engine.step_name(s) == "turn"  # once per turn: no second Stosstruppen battle


@pytest.mark.heading("EXAMPLE 2")
@pytest.mark.heading("DISCARDING CARDS")
@pytest.mark.card("mustard_gas")
def test_example_2_mustard_gas_discard_is_unrevealed_and_any_country():
    s = turn_at("de")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "burgundy")
    table(s, "mustard_gas")
    (lb,) = give(s, "land_battle/de")
    give(s, "de_de_21")
    (it_card, fr_card) = prepare(s, "build_army/it", "frit_fr_22")
    act(s, f"play {CARD_IDS[lb]}")
    act(s, "battle burgundy from western_germany")  # difficult: the other hand card goes
    assert s.hand[2] == []
    assert who(s) == "de" and legal(s) == ["target frit", "pass"]
    act(s, "target frit")
    assert who(s) == "frit"
    assert set(legal(s)) == {f"discard {CARD_IDS[it_card]}", f"discard {CARD_IDS[fr_card]}"}
    act(s, f"discard {CARD_IDS[it_card]}")  # an Italian card will do
    assert s.discard[3][0] == it_card and s.dhidden[3] == 1
    assert not any(e.get("a", {}).get("card") == CARD_IDS[it_card] for e in s.log if "v" not in e)


@pytest.mark.heading("DIFFICULT TERRAIN EXAMPLE")
@pytest.mark.heading("DIFFICULT TERRAIN")
@pytest.mark.card("gallipoli")
def test_difficult_terrain_example_gallipoli():
    s = turn_at("ukus")
    put(s, "uk", "britain", "north_atlantic", "western_mediterranean")
    put(s, "oe", "istanbul")
    (g,) = give(s, "gallipoli")
    (us_card,) = give(s, "build_army/us")
    act(s, f"play {CARD_IDS[g]}")
    act(s, "build eastern_mediterranean")
    act(s, "battle istanbul from eastern_mediterranean")
    # the card does not include the cost: one card from hand, unrevealed, UK or US alike
    assert s.discard[4][0] == us_card and s.dhidden[4] == 1
    assert "istanbul" not in pieces(s, "oe")
    act(s, "build istanbul")
    assert "istanbul" in pieces(s, "uk")


@pytest.mark.heading("PREPARE TEXT")
@pytest.mark.card("mark_iv_tanks")
def test_prepare_text_example_mark_iv_cannot_use_gallipoli_in_western_germany():
    s = turn_at("ukus")
    put(s, "uk", "britain", "english_channel", "belgium")
    table(s, "mark_iv_tanks")
    (lb,) = give(s, "land_battle/uk")
    prepare(s, "gallipoli")
    act(s, f"play {CARD_IDS[lb]}")
    act(s, "battle western_germany from belgium")
    assert engine.step_name(s) != "mark_iv" and "western_germany" not in pieces(s, "uk")


@pytest.mark.heading("DOUBLE SYMBOL CARDS")
@pytest.mark.card("mark_iv_tanks")
@pytest.mark.card("the_somme")
def test_double_symbol_example_the_somme_meets_mark_iv_in_picardy():
    s = turn_at("ukus")
    put(s, "uk", "britain", "english_channel", "paris")
    put(s, "de", "picardy")
    table(s, "mark_iv_tanks")
    (lb,) = give(s, "land_battle/uk")
    (somme,) = prepare(s, "the_somme")
    act(s, f"play {CARD_IDS[lb]}")
    act(s, "battle picardy from paris")
    assert legal(s) == [f"discard {CARD_IDS[somme]}", "pass"]
    act(s, f"discard {CARD_IDS[somme]}")
    assert "picardy" in pieces(s, "uk") and s.discard[4][-1] == somme


@pytest.mark.heading("ECONOMIC WARFARE")
@pytest.mark.heading("CARD TYPES")
@pytest.mark.card("zeppelins")
def test_economic_warfare_example_zeppelins():
    s = turn_at("de")
    (z,) = give(s, "zeppelins")
    fill_hand(s, "ukus", 4)
    fill_hand(s, "frit", 2)
    act(s, f"play {CARD_IDS[z]}")
    assert who(s) == "frit"
    act(s, "discard deck")
    assert who(s) == "ukus"
    for _ in range(3):
        act(s, "discard deck")
    assert who(s) == "de" and s.dhidden[3] == 1 and s.dhidden[4] == 3
    assert s.vp == [1, 0]  # and the Central Powers gain 1 VP


@pytest.mark.heading("STATUS")
@pytest.mark.heading("CARD TYPES")
@pytest.mark.card("the_girls_with_yellow_hands")
def test_status_example_girls_with_yellow_hands():
    s = turn_at("ukus")
    (girls,) = give(s, "the_girls_with_yellow_hands")
    act(s, f"play {CARD_IDS[girls]}")  # playable even when it cannot be used yet
    assert girls in s.status[4] and s.stack[-1]["k"] > 1
    s = turn_at("ukus")
    table(s, "the_girls_with_yellow_hands")
    put(s, "uk", "britain", "english_channel", "north_atlantic")
    put(s, "de", "picardy")
    (lb,) = give(s, "land_battle/uk")
    act(s, f"play {CARD_IDS[lb]}")
    assert lb not in s.hand[4]  # two Navies: discarded as usual
    s = turn_at("ukus")
    table(s, "the_girls_with_yellow_hands")
    put(s, "uk", "britain", "english_channel", "north_atlantic", "north_sea")
    put(s, "de", "picardy")
    (lb,) = give(s, "land_battle/uk")
    act(s, f"play {CARD_IDS[lb]}")
    assert lb in s.hand[4] and lb not in s.discard[4]


@pytest.mark.heading("EVENT")
@pytest.mark.heading("BATTLE VS. ELIMINATE")
@pytest.mark.card("bombing_of_the_russian_black_sea_ports")
def test_event_example_bombing_eliminates_without_reinforce():
    s = turn_at("ahoe")
    put(s, "ru", "moscow", "ukraine", "black_sea")
    prepare(s, "build_navy/ru")
    (b,) = give(s, "bombing_of_the_russian_black_sea_ports")
    act(s, f"play {CARD_IDS[b]}")
    assert legal(s) == ["eliminate ru black_sea", "pass"]
    act(s, "eliminate ru black_sea")
    assert "black_sea" not in pieces(s, "ru") and len(s.prepared[1]) == 1


@pytest.mark.heading("RECRUIT")
@pytest.mark.heading("OBJECTIVE TOKENS")
@pytest.mark.card("king_ferdinand_reorganizes_romanian_army")
def test_recruit_example_king_ferdinand():
    s = turn_at("frit")
    (k,) = give(s, "king_ferdinand_reorganizes_romanian_army")
    act(s, f"play {CARD_IDS[k]}")
    assert s.tokens == 1 << space("romania")  # the token is placed first, mandatory
    act(s, "recruit romania")
    assert pieces(s, "fr") == {"romania"}


@pytest.mark.heading("ATTRITION SYMBOLS")
@pytest.mark.card("prize_rules_submarine_warfare")
def test_attrition_step_example_prize_rules():
    s = turn_at("de", "attrition")
    (prize,) = prepare(s, "prize_rules_submarine_warfare")
    (h,) = give(s, "build_army/uk")
    act(s, f"attrition {CARD_IDS[prize]}")
    assert who(s) == "ukus"
    act(s, f"discard {CARD_IDS[h]}")  # the second card comes off the deck by itself
    assert s.dhidden[4] == 2 and who(s) == "de"


@pytest.mark.heading("COMPLEX CARDS")
@pytest.mark.card("franz_ferdinand_avenged")
def test_complex_cards_build_in_empty_serbia_without_battle():
    s = turn_at("ahoe")
    put(s, "ah", "vienna", "budapest")
    (ffa, cost, _spare) = give(s, "franz_ferdinand_avenged", "ahoe_ah_17", "ahoe_ah_18")
    act(s, f"play {CARD_IDS[ffa]}")
    act(s, f"discard {CARD_IDS[cost]}")  # the requirement first
    assert "battle serbia from budapest" in legal(s)
    act(s, "pass")  # no need to battle an empty Serbia
    assert legal(s) == ["build serbia", "pass"]
    act(s, "build serbia")
    assert "serbia" in pieces(s, "ah")


@pytest.mark.heading("COMPLEX CARDS")
@pytest.mark.card("prussian_military_tradition")
def test_complex_cards_prussian_military_tradition_prepared_card_serves_in_the_battle():
    s = turn_at("de")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "picardy", "belgium")
    (pmt, lb, st) = give(s, "prussian_military_tradition", "land_battle/de", "stosstruppen")
    (r,) = prepare(s, "build_army/fr")
    act(s, f"play {CARD_IDS[pmt]}")
    act(s, f"prepare {CARD_IDS[lb]}")
    assert f"play {CARD_IDS[st]}" in legal(s)
    act(s, "pass")  # decline the Status card
    act(s, "battle belgium from western_germany")
    act(s, f"reinforce {CARD_IDS[r]}")
    act(s, f"sustain {CARD_IDS[lb]}")
    assert "belgium" not in pieces(s, "fr") and st in s.hand[2]
