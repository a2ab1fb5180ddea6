"""SUPPLY (with the SUPPLY EXAMPLE), the KIEL CANAL, PLACING PIECES: BUILD and RECRUIT."""

import pytest

from greatwar.qmg1914 import board
from greatwar.qmg1914.data import CARD_IDS, COUNTRIES, space
from tests.qmg1914.helpers import act, give, legal, pieces, put, turn_at, who


def sup(s, country, name):
    return board.supplied(s, COUNTRIES.index(country), space(name))


@pytest.mark.heading("SUPPLY EXAMPLE")
@pytest.mark.heading("SUPPLY")
def test_supply_example():
    s = turn_at("ru")
    put(s, "ru", "moscow", "ukraine", "azerbaijan", "serbia", "black_sea")
    for name in ("moscow", "ukraine", "azerbaijan", "black_sea"):
        assert sup(s, "ru", name), name
    assert not sup(s, "ru", "serbia")


@pytest.mark.heading("SUPPLY")
def test_home_space_must_hold_the_countrys_own_army():
    s = turn_at("ru")
    put(s, "ru", "ukraine", "petrograd")
    assert not sup(s, "ru", "ukraine") and not sup(s, "ru", "petrograd")
    put(s, "ru", "moscow")
    assert sup(s, "ru", "ukraine") and sup(s, "ru", "petrograd")


@pytest.mark.heading("SUPPLY")
@pytest.mark.heading("POWERS AND COUNTRIES")
def test_no_supply_through_another_countrys_pieces_even_of_the_same_power():
    s = turn_at("frit")
    put(s, "it", "rome", "provence")
    put(s, "fr", "italian_alps")
    assert sup(s, "it", "rome") and not sup(s, "it", "provence")
    put(s, "it", "italian_alps")
    assert sup(s, "it", "provence")


@pytest.mark.heading("KIEL CANAL")
@pytest.mark.heading("SUPPLY")
def test_kiel_canal_carries_central_supply_only():
    s = turn_at("de")
    put(s, "de", "berlin", "baltic_sea", "north_sea")
    assert sup(s, "de", "north_sea")
    s = turn_at("ru")
    put(s, "ru", "moscow", "petrograd", "baltic_sea", "north_sea")
    assert sup(s, "ru", "baltic_sea") and not sup(s, "ru", "north_sea")


@pytest.mark.heading("BUILD")
@pytest.mark.heading("PLACING PIECES")
@pytest.mark.heading("BUILD ARMY")
@pytest.mark.card("build_army")
def test_build_army_only_where_it_will_be_supplied():
    s = turn_at("ru")
    put(s, "ru", "moscow", "serbia")
    (k,) = give(s, "build_army/ru")
    act(s, f"play {CARD_IDS[k]}")
    builds = {a.split()[1] for a in legal(s) if a.startswith("build")}
    assert builds == {"petrograd", "ukraine", "caucasus"}  # not next to unsupplied Serbia


@pytest.mark.heading("BUILD")
def test_build_in_an_empty_home_space():
    s = turn_at("ru")
    (k,) = give(s, "build_army/ru")
    act(s, f"play {CARD_IDS[k]}")
    assert legal(s) == ["build moscow", "pass"]
    act(s, "build moscow")
    assert pieces(s, "ru") == {"moscow"}


@pytest.mark.heading("BUILD NAVY")
@pytest.mark.heading("KIEL CANAL")
@pytest.mark.card("build_navy")
def test_build_navy_next_to_a_supplied_piece_with_the_kiel_canal():
    s = turn_at("de")
    put(s, "de", "berlin", "baltic_sea")
    (k,) = give(s, "build_navy/de")
    act(s, f"play {CARD_IDS[k]}")
    assert {a.split()[1] for a in legal(s) if a.startswith("build")} == {"north_sea"}


@pytest.mark.heading("PIECES")
def test_pieces_rules_one_per_country_never_with_enemies_teammates_share():
    s = turn_at("frit")
    put(s, "fr", "paris")
    put(s, "uk", "picardy")
    put(s, "de", "burgundy")
    (k,) = give(s, "build_army/fr")
    act(s, f"play {CARD_IDS[k]}")
    builds = {a.split()[1] for a in legal(s) if a.startswith("build")}
    assert "picardy" in builds  # with a UK Army: same team
    assert "burgundy" not in builds  # an enemy piece
    assert "paris" not in builds  # France already there
    assert "provence" in builds


@pytest.mark.heading("PIECES")
def test_piece_limit_and_removing_your_own_piece():
    s = turn_at("frit")
    put(s, "it", "rome", "italian_alps", "tyrol", "provence")  # all 4 Italian Armies
    (k,) = give(s, "build_army/it")
    act(s, f"play {CARD_IDS[k]}")
    assert not [a for a in legal(s) if a.startswith("build")]
    assert "remove tyrol" in legal(s)
    act(s, "remove tyrol")
    assert "build tyrol" in legal(s) and "remove rome" not in legal(s)
    act(s, "build tyrol")
    assert pieces(s, "it") == {"rome", "italian_alps", "tyrol", "provence"}


@pytest.mark.heading("RECRUIT")
def test_recruit_ignores_supply():
    s = turn_at("ru")
    (k,) = give(s, "ru_ru_22")  # Montenegro: recruit a Russian Army in Serbia
    act(s, f"play {CARD_IDS[k]}")
    assert legal(s) == ["recruit serbia", "pass"]
    act(s, "recruit serbia")
    assert pieces(s, "ru") == {"serbia"} and who(s) == "ru"
