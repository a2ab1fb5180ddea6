"""Austria-Hungary & Ottoman Empire cards: each card's effect."""

import pytest

from greatwar.qmg1914 import turn
from greatwar.qmg1914.data import CARD_IDS, space
from tests.qmg1914.helpers import (
    act,
    clear,
    empty_deck,
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


def play(power, key, *hand, step="play", **kw):
    s = turn_at(power, step, **kw)
    (k,) = give(s, key)
    give(s, *hand)
    return s, k


def go(s, k):
    act(s, f"play {CARD_IDS[k]}")


def lost(s, power):
    """Cards the power has lost unrevealed so far (with no hand or prepared card, losses come
    off the top of the draw deck by themselves)."""
    from greatwar.qmg1914.data import POWERS

    return s.dhidden[POWERS.index(power)]


@pytest.mark.card("russian_rail_gauge")
def test_russian_rail_gauge():
    s = turn_at("ahoe")
    table(s, "russian_rail_gauge")
    put(s, "ah", "vienna", "budapest")
    put(s, "ru", "moscow", "ukraine", "romania", "serbia")
    (lb, _spare) = give(s, "land_battle/ah", "ahoe_ah_18")
    prepare(s, "build_army/ru")
    go(s, lb)
    act(s, "battle serbia from budapest")  # Serbia is outside the Russian rail network
    assert "serbia" not in pieces(s, "ru")
    s = turn_at("ahoe")
    table(s, "russian_rail_gauge")
    put(s, "ah", "vienna", "galicia")
    put(s, "ru", "moscow", "ukraine")
    (lb,) = give(s, "land_battle/ah")
    (r,) = prepare(s, "build_army/ru")
    go(s, lb)
    act(s, "battle ukraine from galicia")
    assert who(s) == "ru" and f"reinforce {CARD_IDS[r]}" in legal(s)


@pytest.mark.card("balkan_domination")
@pytest.mark.heading("SCORING ROUNDS")
def test_balkan_domination():
    s = turn_at("ahoe", keep_board=True)
    (_k,) = table(s, "balkan_domination")
    assert turn.score(s) == [4, 4]  # a Russian Army in Serbia
    clear(s, "serbia")
    assert turn.score(s) == [6, 3]
    clear(s, "vienna")
    put(s, "ru", "vienna")  # Vienna enemy-held: no VP for AH Armies nor AH Status cards
    assert turn.score(s)[0] == 2


@pytest.mark.card("kuk_kriegsmarine")
def test_kuk_kriegsmarine():
    s = turn_at("ahoe", keep_board=True)
    table(s, "kuk_kriegsmarine")
    assert turn.score(s)[0] == 4
    put(s, "ah", "adriatic_sea")
    assert turn.score(s)[0] == 5


@pytest.mark.card("limited_rail_and_road_network")
def test_limited_rail_and_road_network():
    s = turn_at("ukus")
    table(s, "limited_rail_and_road_network")
    put(s, "uk", "britain", "north_atlantic", "western_mediterranean", "eastern_mediterranean")
    put(s, "oe", "istanbul")
    (lb, _a) = give(s, "land_battle/uk", "ukus_uk_21")
    go(s, lb)
    # Istanbul is difficult (1 card) and Ottoman (1 more): one hand card is not enough
    assert not any(x.startswith("battle istanbul") for x in legal(s))
    assert "battle middle_east from eastern_mediterranean" not in legal(s)
    assert "battle greece from eastern_mediterranean" in legal(s)
    s = turn_at("ukus")
    table(s, "limited_rail_and_road_network")
    put(s, "uk", "britain", "north_atlantic", "western_mediterranean", "eastern_mediterranean")
    (b, _c) = give(s, "build_army/uk", "ukus_uk_21")
    go(s, b)
    act(s, "build anatolia")
    assert s.hand[4] == [] and "anatolia" in pieces(s, "uk")


@pytest.mark.card("soviets_of_petrograd")
def test_soviets_of_petrograd():
    s, k = play("ahoe", "soviets_of_petrograd")
    put(s, "de", "poland", "baltic_sea")
    put(s, "ah", "ukraine")
    go(s, k)
    assert lost(s, "ru") == 5  # 2 + Poland + Ukraine + the Baltic Navy
    assert s.vp == [1, 0] and who(s) == "ahoe"


@pytest.mark.card("the_extravagant_lifestyle_of_the_aristocracy")
def test_extravagant_lifestyle():
    s, k = play("ahoe", "the_extravagant_lifestyle_of_the_aristocracy")
    hand = fill_hand(s, "ahoe", 5)
    go(s, k)
    act(s, f"discard {CARD_IDS[hand[0]]}")  # its own loss of 1
    assert lost(s, "ru") == 1 and s.vp == [1, 0]
    act(s, f"discard {CARD_IDS[hand[1]]}")
    act(s, f"discard {CARD_IDS[hand[2]]}")  # two more: Russia loses two more
    assert len(s.hand[0]) == 1 and lost(s, "ru") == 3


@pytest.mark.card("the_october_revolution")
@pytest.mark.parametrize("moscow, n", [(True, 4), (False, 3)])
def test_the_october_revolution(moscow, n):
    s, k = play("ahoe", "the_october_revolution", options={"october_revolution_moscow": moscow})
    put(s, "ah", "moscow", "galicia")
    put(s, "de", "black_sea")
    go(s, k)
    assert lost(s, "ru") == n and who(s) == "ahoe" and s.vp == [1, 0]


@pytest.mark.card("spanish_flu")
def test_spanish_flu():
    s, k = play("ahoe", "spanish_flu")
    fill_hand(s, "frit", 1)
    go(s, k)
    assert who(s) == "frit"  # France & Italy chooses: its hand card or the deck
    for _ in range(3):
        act(s, "discard deck")
    assert s.vp == [0, 0] and s.dhidden == [1, 2, 1, 3, 2]


@pytest.mark.card("imperial_austrian_landwehr")
def test_imperial_austrian_landwehr():
    s, k = play("ahoe", "imperial_austrian_landwehr", "ahoe_ah_17")
    go(s, k)
    act(s, "draft build_army ah")
    act(s, "prepare ahoe_ah_17")
    assert legal(s) == ["recruit vienna", "recruit tyrol", "recruit galicia", "pass"] or set(
        legal(s)
    ) == {"recruit vienna", "recruit tyrol", "recruit galicia", "pass"}
    act(s, "recruit tyrol")
    assert pieces(s, "ah") == {"tyrol"} and s.prepared[0]


@pytest.mark.card("caporetto")
def test_caporetto_requirement():
    s, k = play("ahoe", "caporetto")
    assert f"play {CARD_IDS[k]}" not in legal(s)  # Germany has no card in hand
    s, k = play("ahoe", "caporetto", "ahoe_ah_17")
    put(s, "ah", "vienna", "tyrol")
    put(s, "it", "italian_alps")
    (de_card,) = give(s, "de_de_21")
    give(s, "de_de_22")
    go(s, k)
    assert who(s) == "de"
    act(s, f"discard {CARD_IDS[de_card]}")
    act(s, "battle italian_alps from tyrol")
    assert "italian_alps" not in pieces(s, "it")
    act(s, "build italian_alps")
    assert "italian_alps" in pieces(s, "ah")


@pytest.mark.card("caporetto")
def test_caporetto_mandatory_reading():
    s, k = play("ahoe", "caporetto", options={"caporetto": "mandatory"})
    put(s, "ah", "vienna", "tyrol")
    s.vp = [3, 0]
    go(s, k)
    assert s.vp == [2, 0]  # Germany had no card: the Central Powers lose 1 VP
    assert "build italian_alps" in legal(s)


@pytest.mark.card("brudermann_orders_cavalry_charge")
def test_brudermann():
    s, k = play("ahoe", "brudermann_orders_cavalry_charge", "ahoe_ah_17")
    put(s, "ah", "vienna")
    put(s, "ru", "moscow", "ukraine", "galicia")
    go(s, k)
    assert s.dhidden[0] == 1  # the requirement, paid first
    act(s, "battle galicia from vienna")
    act(s, "build galicia")
    assert pieces(s, "ah") == {"vienna", "galicia"}


@pytest.mark.card("morava_offensive")
def test_morava_offensive_supplies_the_army_in_bulgaria():
    s, k = play("ahoe", "morava_offensive")
    put(s, "ah", "vienna", "bulgaria")
    put(s, "ru", "moscow", "romania")
    go(s, k)
    assert legal(s) == ["battle romania from bulgaria", "pass"]
    act(s, "battle romania from bulgaria")
    assert "romania" not in pieces(s, "ru")


@pytest.mark.card("anti_venizelists_surrender_fort_roupel")
@pytest.mark.heading("OBJECTIVE TOKENS")
def test_anti_venizelists():
    s, k = play("ahoe", "anti_venizelists_surrender_fort_roupel")
    put(s, "uk", "greece")
    go(s, k)
    assert s.tokens == 1 << space("greece")  # mandatory, even where the recruit cannot be
    assert "greece" not in pieces(s, "ah")


@pytest.mark.card("bulgaria_joins_central_powers")
@pytest.mark.heading("OBJECTIVE TOKENS")
def test_bulgaria_joins_central_powers():
    s, k = play("ahoe", "bulgaria_joins_central_powers")
    s.tokens = 1 << space("bulgaria")
    go(s, k)
    assert s.tokens == 1 << space("bulgaria")  # already there: done
    assert any(e["k"] == "token.already" for e in s.log)
    act(s, "recruit bulgaria")
    assert pieces(s, "ah") == {"bulgaria"}


@pytest.mark.card("royal_hungarian_honved")
def test_royal_hungarian_honved():
    s, k = play("ahoe", "royal_hungarian_honved")
    go(s, k)
    act(s, "draft build_army ah")
    act(s, "pass")
    assert {"recruit budapest", "recruit tyrol", "recruit galicia"} <= set(legal(s))


@pytest.mark.card("treaty_of_amity_and_alliance")
@pytest.mark.parametrize("country", ["ah", "oe"])
def test_treaty_of_amity_and_alliance(country):
    s, k = play("ahoe", "treaty_of_amity_and_alliance",
                options={"treaty_of_amity_country": country})  # fmt: skip
    go(s, k)
    act(s, "recruit bulgaria")
    assert pieces(s, country) == {"bulgaria"} and s.tokens == 1 << space("bulgaria")


@pytest.mark.card("i_order_you_to_die")
def test_i_order_you_to_die():
    s, k = play("ahoe", "i_order_you_to_die")
    put(s, "uk", "istanbul")
    put(s, "fr", "istanbul")
    go(s, k)
    assert legal(s) == ["eliminate fr istanbul", "eliminate uk istanbul", "pass"]
    act(s, "eliminate uk istanbul")
    assert pieces(s, "uk") == set() and pieces(s, "fr") == {"istanbul"}


@pytest.mark.card("persian_oil")
def test_persian_oil():
    s, k = play("ahoe", "persian_oil", "ahoe_ah_17")
    put(s, "oe", "istanbul", "anatolia")
    go(s, k)
    assert s.tokens == 1 << space("persia")
    act(s, "build persia")
    assert "persia" in pieces(s, "oe")


@pytest.mark.card("ottoman_mobilization")
def test_ottoman_mobilization():
    s, k = play("ahoe", "ottoman_mobilization")
    go(s, k)
    act(s, "draft build_army oe")
    act(s, "pass")
    assert legal(s) == ["build istanbul", "pass"]  # a build: only where supplied


@pytest.mark.card("a_crumbling_empire")
def test_a_crumbling_empire():
    s, k = play("ahoe", "a_crumbling_empire")
    assert f"play {CARD_IDS[k]}" not in legal(s)  # no card for the requirement
    give(s, "ahoe_ah_17")
    put(s, "oe", "istanbul", "anatolia")
    go(s, k)
    act(s, "build middle_east")
    assert s.tokens == 1 << space("middle_east") and "middle_east" in pieces(s, "oe")


@pytest.mark.card("franz_ferdinand_avenged")
def test_franz_ferdinand_avenged_needs_a_card_to_discard():
    s, k = play("ahoe", "franz_ferdinand_avenged")
    assert f"play {CARD_IDS[k]}" not in legal(s)
    empty_deck(s, "ahoe")
