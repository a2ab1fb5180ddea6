"""Germany's cards: each card's effect."""

import pytest

from greatwar.qmg1914 import engine, turn
from greatwar.qmg1914.battle import options
from greatwar.qmg1914.data import CARD_IDS, CARDS, LAND_MASK, space
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


def play(key, *hand, power="de", **kw):
    s = turn_at(power, **kw)
    (k,) = give(s, key)
    give(s, *hand)
    return s, k


def go(s, k):
    act(s, f"play {CARD_IDS[k]}")


@pytest.mark.card("unrestricted_submarine_warfare")
def test_unrestricted_submarine_warfare():
    s, k = play("unrestricted_submarine_warfare", "sea_battle/de")
    go(s, k)
    assert s.dhidden[4] == 3 and s.vp == [1, 0]
    sb = s.hand[2][0]
    assert legal(s) == [f"discard {CARD_IDS[sb]}", "pass"]
    act(s, f"discard {CARD_IDS[sb]}")
    assert s.discard[2][-1] == sb and s.dhidden[4] == 5  # revealed; two more losses


@pytest.mark.card("french_army_mutinies")
def test_french_army_mutinies():
    s, k = play("french_army_mutinies")
    put(s, "fr", "paris", "burgundy", "picardy")
    put(s, "it", "rome")
    go(s, k)
    assert s.dhidden[3] == 4 and s.vp == [1, 0]


@pytest.mark.card("von_lettow_vorbecks_east_african_army")
@pytest.mark.parametrize("navies, n", [(2, 5), (3, 3)])
def test_von_lettow_vorbeck(navies, n):
    s, k = play("von_lettow_vorbecks_east_african_army")
    put(s, "uk", *["north_atlantic", "english_channel", "north_sea"][:navies])
    go(s, k)
    assert s.dhidden[4] == n and s.vp == [1, 0]


@pytest.mark.card("mata_hari")
def test_mata_hari():
    s, k = play("mata_hari")
    go(s, k)
    assert s.dhidden[3:] == [3, 1] and s.vp == [1, 0]


@pytest.mark.card("prize_rules_submarine_warfare")
def test_prize_rules_play():
    s, k = play("prize_rules_submarine_warfare")
    go(s, k)
    assert s.dhidden[4] == 3 and s.vp == [2, 0]


@pytest.mark.card("the_christmas_truce")
def test_the_christmas_truce():
    s, k = play("the_christmas_truce")
    go(s, k)
    assert s.dhidden[2:] == [1, 1, 1] and s.vp == [2, 0]
    assert s.rflags["truce"]
    # later this round France may not battle a German Army; Italy may
    s.cur = 3
    s.stack = [{"step": "game", "ph": "play", "i": 4}, {"step": "turn", "p": 3, "k": 1}]
    put(s, "fr", "paris", "picardy")
    put(s, "it", "rome", "italian_alps", "provence")
    put(s, "de", "belgium", "burgundy")
    fr, it = 4, 5
    land = LAND_MASK
    assert (space("belgium"), space("picardy")) not in options(s, fr, "land", land, -1)
    put(s, "de", "tyrol")
    give(s, "frit_fr_22")  # a card for Tyrol's difficult terrain
    assert (space("tyrol"), space("italian_alps")) in options(s, it, "land", land, -1)
    s.round += 1
    s.rflags = {}
    assert (space("belgium"), space("picardy")) in options(s, fr, "land", land, -1)


@pytest.mark.card("surface_raiders")
def test_surface_raiders():
    s, k = play("surface_raiders")
    put(s, "de", "north_sea", "baltic_sea")
    put(s, "ah", "adriatic_sea")
    go(s, k)
    assert s.dhidden[3:] == [1, 6] and s.vp == [1, 0]


@pytest.mark.card("third_ohl")
def test_third_ohl():
    s, k = play("third_ohl", "stosstruppen", "zeppelins", "de_de_22")
    go(s, k)
    assert who(s) == "de"  # its own loss of 2: its choice
    act(s, "discard deck")
    act(s, "discard deck")
    act(s, "draft build_army de")
    act(s, "play de_de_33")  # Stosstruppen to the table
    assert legal(s) == ["play de_de_25", "play de_de_22", "pass"]
    act(s, "play de_de_25")  # Zeppelins resolved
    assert s.vp == [1, 0] and s.dhidden[4] > 0


@pytest.mark.card("easter_rising_of_ireland")
def test_easter_rising_of_ireland():
    s, k = play("easter_rising_of_ireland")
    go(s, k)
    assert k in s.status[2] and s.dhidden[4] == 3 and s.vp == [1, 0]
    s = turn_at("de", keep_board=True)
    table(s, "easter_rising_of_ireland")
    assert turn.score(s)[0] == 5
    put(s, "uk", "ireland")
    assert turn.score(s)[0] == 4


def _battle(s, key="land_battle/de"):
    (lb,) = give(s, key)
    go(s, lb)


@pytest.mark.card("mustard_gas")
def test_mustard_gas_hand_reading_and_no_card():
    s = turn_at("de", options={"mustard_gas": "hand"})
    table(s, "mustard_gas")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "belgium")
    (h,) = give(s, "frit_fr_22")
    _battle(s)
    act(s, "battle belgium from western_germany")
    act(s, "target frit")
    assert h in s.discard[3] and s.dhidden[3] == 1  # the only hand card
    s = turn_at("de")
    table(s, "mustard_gas")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "belgium")
    s.vp = [0, 3]
    _battle(s)
    act(s, "battle belgium from western_germany")
    act(s, "target frit")
    assert s.vp == [0, 2]  # no prepared card: the Entente loses 1 VP


@pytest.mark.card("tripled_trench_lines")
def test_tripled_trench_lines():
    s = turn_at("frit")
    table(s, "tripled_trench_lines")
    put(s, "fr", "paris", "picardy")
    put(s, "de", "belgium")
    _battle(s, "land_battle/fr")
    deck = len(s.deck[3])
    act(s, "battle belgium from picardy")
    assert len(s.deck[3]) == deck - 1 and s.dhidden[3] == 1


@pytest.mark.card("german_high_seas_fleet")
def test_german_high_seas_fleet():
    s = turn_at("de", keep_board=True)
    table(s, "german_high_seas_fleet")
    assert turn.score(s)[0] == 4
    put(s, "de", "baltic_sea")
    assert turn.score(s)[0] == 4
    put(s, "de", "north_sea")
    assert turn.score(s)[0] == 6


@pytest.mark.card("rumpler_taube_air_reconnaissance")
def test_rumpler_taube():
    s = turn_at("de")
    (rt,) = table(s, "rumpler_taube_air_reconnaissance")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "belgium")
    (a, b) = prepare(s, "build_army/fr", "frit_fr_22")
    _battle(s)
    act(s, "battle belgium from western_germany")
    assert legal(s) == [f"discard {CARD_IDS[rt]}", "pass"]
    act(s, f"discard {CARD_IDS[rt]}")
    assert rt in s.discard[2] and s.stack[-1]["_seen"] == [CARD_IDS[a], CARD_IDS[b]]
    act(s, f"discard {CARD_IDS[a]}")
    assert s.prepared[3] == [b] and "belgium" not in pieces(s, "fr")


@pytest.mark.card("woe_to_them_that_yet_draw_sword_against_me")
def test_woe_to_them():
    s = turn_at("de", "draft")
    table(s, "woe_to_them_that_yet_draw_sword_against_me")
    (a, b, c) = give(s, "de_de_21", "de_de_22", "de_de_23")
    act(s, f"prepare {CARD_IDS[a]}")
    assert a in s.prepared[2]
    assert f"prepare {CARD_IDS[b]}" not in legal(s) and "draft build_army de" in legal(s)
    act(s, "draft build_army de")  # the two other cards pay for it
    assert b in s.discard[2] and c in s.discard[2] and s.stack[-1]["k"] == turn.PLAY


@pytest.mark.card("the_red_baron")
def test_the_red_baron():
    s = turn_at("de")
    table(s, "the_red_baron")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "belgium")
    put(s, "uk", "britain", "english_channel", "belgium")
    _battle(s)
    act(s, "battle belgium from western_germany")
    assert legal(s) == ["target frit", "target ukus", "pass"]
    act(s, "target ukus")
    assert s.dhidden[4] == 1


@pytest.mark.card("moltke_the_younger_mobilizes_western_advance")
@pytest.mark.card("ninth_army_formed_to_defend_east_prussia")
@pytest.mark.card("landwehr")
@pytest.mark.parametrize(
    "key, where",
    [
        ("moltke_the_younger_mobilizes_western_advance", "belgium"),
        ("ninth_army_formed_to_defend_east_prussia", "prussia"),
        ("landwehr", "prussia"),
    ],
)
def test_prepare_status_build(key, where):
    s, k = play(key, "de_de_21", "stosstruppen")
    put(s, "de", "berlin", "western_germany")
    go(s, k)
    act(s, "prepare de_de_21")
    act(s, "play de_de_33")
    assert CARDS[s.status[2][0]].event_key == "stosstruppen"
    act(s, f"build {where}")
    assert where in pieces(s, "de")


@pytest.mark.card("moltke_the_younger_mobilizes_western_advance")
def test_moltke_area():
    s, k = play("moltke_the_younger_mobilizes_western_advance")
    put(s, "de", "berlin", "western_germany", "prussia")
    go(s, k)
    assert {x.split()[1] for x in legal(s) if x.startswith("build")} == {
        "belgium", "burgundy", "tyrol", "vienna",
    }  # fmt: skip


@pytest.mark.card("kaiserschlacht")
def test_kaiserschlacht_both_battles():
    s, k = play("kaiserschlacht", "de_de_21")
    put(s, "de", "berlin", "western_germany", "belgium")
    put(s, "fr", "paris", "picardy", "burgundy")
    give(s, "de_de_22")
    go(s, k)
    act(s, "pass")
    assert legal(s) == ["battle picardy from belgium", "pass"]
    act(s, "battle picardy from belgium")
    assert set(legal(s)) == {
        "battle burgundy from belgium", "battle burgundy from western_germany", "pass",
    }  # fmt: skip


@pytest.mark.card("kaiserschlacht")
def test_kaiserschlacht_either_reading():
    s, k = play("kaiserschlacht", "de_de_21", options={"kaiserschlacht": "either"})
    put(s, "de", "berlin", "western_germany", "belgium")
    put(s, "fr", "paris", "picardy", "burgundy")
    go(s, k)
    act(s, "pass")
    assert "battle picardy from belgium" in legal(s)
    act(s, "battle picardy from belgium")
    assert engine.step_name(s) == "turn"


@pytest.mark.card("jutland")
def test_jutland_through_the_kiel_canal():
    s, k = play("jutland")
    put(s, "de", "berlin", "baltic_sea")
    put(s, "uk", "north_sea")
    go(s, k)
    act(s, "battle north_sea from baltic_sea")
    act(s, "build north_sea")
    assert pieces(s, "de") == {"berlin", "baltic_sea", "north_sea"}


@pytest.mark.card("schlieffen_plan")
def test_schlieffen_plan_build_without_battle():
    s, k = play("schlieffen_plan")
    put(s, "de", "berlin", "western_germany")
    go(s, k)
    act(s, "pass")  # no battle
    assert set(legal(s)) == {"build belgium", "pass"}  # ruling Q24: any of the three
    act(s, "build belgium")


@pytest.mark.card("tannenberg")
def test_tannenberg():
    s, k = play("tannenberg")
    put(s, "de", "berlin")
    put(s, "ru", "moscow", "poland")
    go(s, k)
    act(s, "build prussia")
    act(s, "battle poland from prussia")
    assert pieces(s, "ru") == {"moscow"}


@pytest.mark.card("weltpolitik_drives_military_expansion")
def test_weltpolitik_new_navy_battles():
    s, k = play("weltpolitik_drives_military_expansion")
    put(s, "de", "berlin", "western_germany")
    put(s, "uk", "north_sea")
    go(s, k)
    act(s, "build baltic_sea")
    assert legal(s) == ["battle north_sea from baltic_sea", "pass"]
    act(s, "battle north_sea from baltic_sea")
    assert pieces(s, "uk") == set()


@pytest.mark.card("landsturm")
def test_landsturm():
    s, k = play("landsturm", "de_de_21", "de_de_22")
    put(s, "ru", "prussia")
    go(s, k)
    act(s, "prepare de_de_21")
    act(s, "prepare de_de_22")
    assert set(legal(s)) == {"recruit western_germany", "recruit berlin", "pass"}


@pytest.mark.card("volunteer_movement")
def test_volunteer_movement():
    s, k = play("volunteer_movement", "tripled_trench_lines")
    go(s, k)
    act(s, "draft build_army de")
    drafted = next(c for c in s.hand[2] if CARDS[c].type == "build_army")
    act(s, f"prepare {CARD_IDS[drafted]}")
    act(s, "play de_de_34")
    assert s.prepared[2] == [drafted] and len(s.status[2]) == 1


@pytest.mark.card("a_place_in_the_sun")
def test_a_place_in_the_sun():
    s, k = play("a_place_in_the_sun")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "belgium")
    go(s, k)
    act(s, "battle belgium from western_germany")
    act(s, "build belgium")
    assert "belgium" in pieces(s, "de")
    s, k = play("a_place_in_the_sun", "de_de_21")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "burgundy")
    go(s, k)
    act(s, "pass")  # prepare nothing
    act(s, "battle burgundy from western_germany")  # difficult terrain: no build
    assert "burgundy" not in pieces(s, "de") and engine.step_name(s) == "turn"


@pytest.mark.card("hindenburg_line")
def test_hindenburg_line():
    s, k = play("hindenburg_line")
    put(s, "de", "berlin", "western_germany", "belgium")
    go(s, k)
    assert {x.split()[1] for x in legal(s) if x.startswith("build")} == {"picardy", "burgundy"}


@pytest.mark.card("gorlice_tarnow_offensive")
@pytest.mark.parametrize("reading, navy", [("piece", True), ("army", False)])
def test_gorlice_tarnow(reading, navy):
    s, k = play("gorlice_tarnow_offensive", "de_de_21", options={"gorlice_tarnow": reading})
    put(s, "de", "berlin", "prussia")
    put(s, "ru", "baltic_sea")
    go(s, k)
    act(s, "pass")
    act(s, "battle baltic_sea from berlin")  # an Army battling a sea: difficult, paid
    assert ("build baltic_sea" in legal(s)) == navy


@pytest.mark.card("stosstruppen")
def test_stosstruppen_prepare_text_limits_the_target():
    s = turn_at("de")
    put(s, "de", "berlin")
    table(s, "stosstruppen")
    (b,) = give(s, "build_army/de")
    prepare(s, "schlieffen_plan")  # Double Sustain only in Belgium, Picardy or Paris
    act(s, f"play {CARD_IDS[b]}")
    act(s, "build western_germany")
    assert legal(s) == ["battle belgium from western_germany", "pass"]
    fill_hand(s, "de", 0)
