"""United Kingdom & United States cards: each card's effect."""

import pytest

from greatwar.qmg1914 import engine
from greatwar.qmg1914.data import CARD_IDS, CARDS, space
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


def play(key, *hand, power="ukus", **kw):
    s = turn_at(power, **kw)
    (k,) = give(s, key)
    give(s, *hand)
    return s, k


def go(s, k):
    act(s, f"play {CARD_IDS[k]}")


THREE_NAVIES = ("britain", "north_atlantic", "english_channel", "north_sea")


@pytest.mark.card("the_pals_battalions")
@pytest.mark.parametrize("reading, vp", [("vp", [1, 2]), ("no_vp", [1, 3])])
def test_the_pals_battalions(reading, vp):
    s = turn_at("ukus", "draft", options={"pals_battalions": reading})
    table(s, "the_pals_battalions")
    s.vp = [1, 3]
    (b,) = give(s, "build_army/uk")
    s.hand[4].remove(b)
    s.discard[4].append(b)
    give(s, "ukus_uk_21", "ukus_uk_22")
    assert f"take {CARD_IDS[b]}" in legal(s)
    act(s, f"take {CARD_IDS[b]}")
    assert s.hand[4] == [b] and s.vp == vp and s.dhidden[4] == 2


@pytest.mark.card("commonwealth_support")
def test_commonwealth_support():
    s = turn_at("ukus")
    table(s, "commonwealth_support")
    put(s, "uk", *THREE_NAVIES)
    (b,) = give(s, "build_army/uk")
    go(s, b)
    act(s, "build ireland")
    assert b in s.hand[4] and "ireland" in pieces(s, "uk")


@pytest.mark.card("relied_on_for_any_enterprise")
def test_relied_on_for_any_enterprise():
    s = turn_at("ukus", "attrition")
    table(s, "relied_on_for_any_enterprise")
    put(s, "uk", "britain", "english_channel", "picardy")
    put(s, "de", "belgium")
    (c,) = prepare(s, "land_battle/uk")
    assert legal(s) == [f"attrition {CARD_IDS[c]} de", "pass"]
    act(s, f"attrition {CARD_IDS[c]} de")
    assert s.discard[4][-1] == c and s.dhidden[2] == 1


@pytest.mark.card("battlecruisers")
def test_battlecruisers():
    s = turn_at("ukus")
    table(s, "battlecruisers")
    put(s, "uk", "britain", "english_channel")
    put(s, "de", "berlin", "western_germany", "north_sea")
    (sb, sb2) = give(s, "sea_battle/uk", "sea_battle/uk")
    (r,) = prepare(s, "build_navy/de")
    go(s, sb)
    act(s, "battle north_sea from english_channel")
    act(s, f"reinforce {CARD_IDS[r]}")
    assert legal(s) == [f"sustain {CARD_IDS[sb2]}", "pass"]
    act(s, f"sustain {CARD_IDS[sb2]}")
    assert pieces(s, "de") == {"berlin", "western_germany"}


@pytest.mark.card("mark_iv_tanks")
def test_mark_iv_tanks_needs_clear_terrain_and_a_uk_card():
    s = turn_at("ukus")
    table(s, "mark_iv_tanks")
    put(s, "uk", "britain", "english_channel")
    put(s, "de", "picardy")
    (lb, _x) = give(s, "land_battle/uk", "ukus_uk_21")
    prepare(s, "land_battle/uk")
    go(s, lb)
    act(s, "battle picardy from english_channel")  # from the sea: difficult
    assert engine.step_name(s) != "mark_iv"


@pytest.mark.card("dreadnoughts")
def test_dreadnoughts():
    s = turn_at("de")
    table(s, "dreadnoughts")
    put(s, "de", "berlin", "baltic_sea")
    put(s, "uk", "britain", "english_channel", "north_sea")
    (sb,) = give(s, "sea_battle/de")
    (r,) = prepare(s, "build_navy/uk")
    go(s, sb)
    act(s, "battle north_sea from baltic_sea")
    assert set(legal(s)) == {f"reinforce {CARD_IDS[r]}", f"reinforce {CARD_IDS[r]} keep", "pass"}
    act(s, f"reinforce {CARD_IDS[r]} keep")
    assert r in s.prepared[4] and "north_sea" in pieces(s, "uk")


@pytest.mark.card("lawrence_foments_arab_revolts")
def test_lawrence_either():
    s, k = play("lawrence_foments_arab_revolts")
    put(s, "oe", "middle_east")
    go(s, k)
    assert s.dhidden[0] == 2
    assert legal(s) == ["eliminate oe middle_east", "pass"]
    act(s, "eliminate oe middle_east")
    assert pieces(s, "oe") == set() and engine.step_name(s) == "turn"


@pytest.mark.card("lawrence_foments_arab_revolts")
def test_lawrence_both_reading():
    s, k = play("lawrence_foments_arab_revolts", options={"lawrence_foments_arab_revolts": "both"})
    put(s, "oe", "middle_east")
    go(s, k)
    act(s, "eliminate oe middle_east")
    act(s, "recruit middle_east")
    assert pieces(s, "uk") == {"middle_east"}


@pytest.mark.card("united_kingdom_seizes_german_colonies_in_africa")
@pytest.mark.parametrize("navies, n", [(2, 3), (3, 5)])
def test_uk_seizes_german_colonies(navies, n):
    s, k = play("united_kingdom_seizes_german_colonies_in_africa")
    put(s, "uk", *THREE_NAVIES[1 : 1 + navies])
    go(s, k)
    assert s.dhidden[2] == n


@pytest.mark.card("japan_attacks_german_enclaves_at_tsingtao")
def test_japan_attacks_tsingtao():
    s, k = play("japan_attacks_german_enclaves_at_tsingtao")
    go(s, k)
    assert s.dhidden[2] == 4


@pytest.mark.card("the_blockade_of_europe")
@pytest.mark.parametrize("country, doubled", [("uk", True), ("us", False), (None, False)])
def test_the_blockade_of_europe(country, doubled):
    s, k = play("the_blockade_of_europe")
    if country:
        put(s, country, "north_sea")
    go(s, k)
    assert (s.dhidden[2], s.dhidden[0]) == ((4, 2) if doubled else (2, 1))


@pytest.mark.card("sidney_reilly")
def test_sidney_reilly():
    s, k = play("sidney_reilly")
    (a, b) = table(s, "stosstruppen", "mustard_gas")
    go(s, k)
    assert s.dhidden[2] == 1 and s.dhidden[1] == 1
    assert who(s) == "de" and set(legal(s)) == {f"discard {CARD_IDS[a]}", f"discard {CARD_IDS[b]}"}
    act(s, f"discard {CARD_IDS[b]}")
    assert s.status[2] == [a]
    act(s, "recruit ukraine")
    assert pieces(s, "uk") == {"ukraine"}


@pytest.mark.card("the_sinking_of_the_lusitania")
def test_the_sinking_of_the_lusitania():
    s, k = play("the_sinking_of_the_lusitania")
    go(s, k)
    assert s.dhidden[4] == 1
    act(s, "build united_states")
    act(s, "build western_atlantic")
    assert pieces(s, "us") == {"united_states", "western_atlantic"}


@pytest.mark.card("first_lord_of_the_admiralty_prepares_for_war")
def test_first_lord():
    s, k = play("first_lord_of_the_admiralty_prepares_for_war", "dreadnoughts", "ukus_us_34")
    put(s, "uk", "britain")
    go(s, k)
    act(s, "draft build_navy uk")
    assert legal(s) == ["play ukus_uk_33", "pass"]  # a UK Status card only
    act(s, "play ukus_uk_33")
    act(s, "build english_channel")
    assert pieces(s, "uk") == {"britain", "english_channel"}


@pytest.mark.card("persian_campaign")
@pytest.mark.parametrize("reading", ["all", "recruit_only"])
def test_persian_campaign(reading):
    s, k = play("persian_campaign", options={"persian_campaign": reading})
    assert (f"play {CARD_IDS[k]}" in legal(s)) == (reading == "recruit_only")
    put(s, "uk", *THREE_NAVIES)
    go(s, k)
    act(s, "recruit persia")
    assert s.tokens == 1 << space("persia") and pieces(s, "uk") >= {"persia"}


@pytest.mark.card("tunnel_mines")
@pytest.mark.parametrize("reading", ["one", "both"])
def test_tunnel_mines(reading):
    s, k = play("tunnel_mines", options={"tunnel_mines": reading})
    assert f"play {CARD_IDS[k]}" not in legal(s)
    put(s, "uk", "britain", "english_channel", "picardy")
    put(s, "de", "belgium")
    put(s, "ah", "burgundy")
    prepare(s, "de_de_21")
    s.vp = [5, 0]
    go(s, k)
    if reading == "one":
        assert legal(s) == ["target ahoe", "target de"]
        act(s, "target de")
        assert s.dhidden[2] == 1 and s.vp == [4, 0]
    else:
        assert s.dhidden[2] == 1 and s.vp == [2, 0]


@pytest.mark.card("asquith_sends_ultimatum")
def test_asquith_sends_ultimatum():
    s, k = play("asquith_sends_ultimatum", "mark_iv_tanks")
    put(s, "uk", "britain")
    go(s, k)
    act(s, "play ukus_uk_32")
    assert set(legal(s)) == {"build english_channel", "build north_atlantic", "pass"}


@pytest.mark.card("passchendaele")
def test_passchendaele():
    s, k = play("passchendaele")
    assert f"play {CARD_IDS[k]}" not in legal(s)  # no prepared card for the requirement
    (own,) = prepare(s, "ukus_uk_21")
    put(s, "uk", "britain", "english_channel", "picardy")
    put(s, "de", "belgium")
    s.vp = [3, 0]
    go(s, k)
    assert own in s.discard[4] and s.vp == [2, 0]  # Germany had no prepared card
    act(s, "battle belgium from picardy")
    assert pieces(s, "de") == set()


@pytest.mark.card("provisional_government_of_national_defence")
def test_provisional_government():
    s, k = play("provisional_government_of_national_defence")
    go(s, k)
    act(s, "recruit greece")
    assert s.tokens == 1 << space("greece") and pieces(s, "uk") == {"greece"}


@pytest.mark.card("the_grand_fleet")
def test_the_grand_fleet():
    s, k = play("the_grand_fleet")
    put(s, "uk", "britain")
    go(s, k)
    act(s, "draft build_navy uk")
    assert set(legal(s)) == {"build north_atlantic", "build english_channel", "pass"}


@pytest.mark.card("gallipoli")
def test_gallipoli_source_reading():
    s, k = play("gallipoli", options={"gallipoli": "source"})
    put(s, "uk", "britain", "north_atlantic", "western_mediterranean")
    go(s, k)
    act(s, "build eastern_mediterranean")
    act(s, "build istanbul")
    assert engine.step_name(s) == "turn"  # the Army was built: no battle


@pytest.mark.card("belgium_resists")
def test_belgium_resists():
    s, k = play("belgium_resists")
    go(s, k)
    act(s, "recruit belgium")
    assert pieces(s, "uk") == {"belgium"}


@pytest.mark.card("the_somme")
@pytest.mark.card("cambrai")
@pytest.mark.parametrize("key", ["the_somme", "cambrai"])
def test_requirement_uk_army_near_picardy(key):
    s, k = play(key, "ukus_uk_21", "mark_iv_tanks")
    put(s, "uk", "britain", "english_channel")
    assert f"play {CARD_IDS[k]}" not in legal(s)
    put(s, "uk", "paris")
    put(s, "de", "picardy")
    go(s, k)
    if key == "the_somme":
        act(s, "prepare ukus_uk_21")
        act(s, "pass")
    else:
        act(s, "play ukus_uk_32")
    act(s, "battle picardy from paris")
    assert pieces(s, "de") == set()


@pytest.mark.card("the_royal_navy")
def test_the_royal_navy():
    s, k = play("the_royal_navy")
    go(s, k)
    act(s, "recruit eastern_mediterranean")
    act(s, "recruit english_channel")
    assert pieces(s, "uk") == {"eastern_mediterranean", "english_channel"}


@pytest.mark.card("eddie_rickenbacker")
def test_eddie_rickenbacker():
    s, k = play("eddie_rickenbacker")
    (a,) = table(s, "stosstruppen")
    put(s, "us", "picardy")
    put(s, "de", "western_germany")
    assert f"play {CARD_IDS[k]}" in legal(s)  # two spaces apart
    go(s, k)
    act(s, f"discard {CARD_IDS[a]}")
    assert s.status[2] == [] and a in s.discard[2]
    s, k = play("eddie_rickenbacker")
    table(s, "stosstruppen")
    put(s, "us", "united_states")
    put(s, "de", "western_germany")
    assert f"play {CARD_IDS[k]}" not in legal(s)


@pytest.mark.card("american_public_outraged_by_zimmermann_telegram")
def test_zimmermann_telegram():
    s, k = play("american_public_outraged_by_zimmermann_telegram")
    go(s, k)
    assert set(legal(s)) == {"draft build_army us", "draft build_navy us", "pass"}
    act(s, "draft build_navy us")
    assert CARDS[s.hand[4][0]].type == "build_navy"
    act(s, "build united_states")
    assert pieces(s, "us") == {"united_states"}
