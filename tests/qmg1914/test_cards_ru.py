"""Russia's cards: each card's effect."""

import pytest

from greatwar.qmg1914 import turn
from greatwar.qmg1914.data import CARD_IDS, CARDS, space
from tests.qmg1914.helpers import (
    act,
    clear,
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


def play(key, *hand, power="ru", **kw):
    s = turn_at(power, **kw)
    (k,) = give(s, key)
    give(s, *hand)
    return s, k


def go(s, k):
    act(s, f"play {CARD_IDS[k]}")


@pytest.mark.card("warm_water_port")
@pytest.mark.parametrize("reading", ["listed", "in_or_adjacent"])
def test_warm_water_port(reading):
    s = turn_at("ru", keep_board=True, options={"warm_water_port": reading})
    table(s, "warm_water_port")
    clear(s, "serbia")
    base = turn.score(s)[1]
    put(s, "ru", "ukraine", "romania", "bulgaria")  # supplied through Ukraine and Romania
    assert turn.score(s)[1] == base + 1
    clear(s, "romania")  # Bulgaria is now cut off
    assert turn.score(s)[1] == base


@pytest.mark.card("warm_water_port")
@pytest.mark.parametrize("reading, bonus", [("listed", 0), ("in_or_adjacent", 1)])
def test_warm_water_port_navy_in_the_eastern_mediterranean(reading, bonus):
    s = turn_at("ru", keep_board=True, options={"warm_water_port": reading})
    table(s, "warm_water_port")
    base = turn.score(s)[1]
    put(s, "ru", "ukraine", "romania", "adriatic_sea", "eastern_mediterranean")
    assert turn.score(s)[1] == base + bonus


@pytest.mark.card("the_tsar_will_not_help_us")
def test_the_tsar_will_not_help_us():
    s, k = play("the_tsar_will_not_help_us")
    go(s, k)
    assert s.dhidden[1] == 1 and s.vp == [0, 2]


@pytest.mark.card("assassins_of_the_black_hand")
def test_assassins_of_the_black_hand():
    s, k = play("assassins_of_the_black_hand")
    go(s, k)
    assert s.dhidden[0] == 2 and s.vp == [0, 0]


@pytest.mark.card("trench_warfare")
def test_trench_warfare():
    s, k = play("trench_warfare")
    go(s, k)
    assert s.dhidden[:3] == [2, 2, 2]


@pytest.mark.card("montenegro")
@pytest.mark.card("serbia_russias_ally")
@pytest.mark.parametrize("key", ["montenegro", "serbia_russias_ally"])
def test_recruit_in_serbia(key):
    s, k = play(key)
    put(s, "ah", "budapest")
    go(s, k)
    act(s, "recruit serbia")
    assert pieces(s, "ru") == {"serbia"}
    s, k = play(key)
    put(s, "ah", "serbia")
    go(s, k)
    assert pieces(s, "ru") == set() and who(s) == "ru" and "recruit serbia" not in legal(s)


@pytest.mark.card("russia_mobilizes")
def test_russia_mobilizes():
    s, k = play("russia_mobilizes")
    put(s, "ru", "moscow")
    go(s, k)
    assert {x.split()[1] for x in legal(s) if x.startswith("build")} == {
        "petrograd", "ukraine", "caucasus",
    }  # fmt: skip
    act(s, "build ukraine")
    assert "build galicia" in legal(s)  # now supplied next to Ukraine, two from Moscow
    act(s, "build galicia")
    assert pieces(s, "ru") == {"moscow", "ukraine", "galicia"}


@pytest.mark.card("redl_blackmailed")
@pytest.mark.parametrize("reading, hidden", [("shown", 0), ("hidden", 1)])
def test_redl_blackmailed(reading, hidden):
    s, k = play("redl_blackmailed", options={"redl_blackmailed": reading})
    ah = fill_hand(s, "ahoe", 3)
    go(s, k)
    assert who(s) == "ru" and s.stack[-1]["_hand"] == [CARD_IDS[c] for c in ah]
    act(s, f"discard {CARD_IDS[ah[1]]}")
    assert ah[1] in s.discard[0] and s.dhidden[0] == hidden
    assert any(e["k"] == "redl.seen" and e.get("v") == "ru" for e in s.log)


@pytest.mark.card("redl_blackmailed")
@pytest.mark.heading("RUNNING OUT OF CARDS")
def test_redl_blackmailed_empty_hand_costs_a_vp():
    s, k = play("redl_blackmailed")
    s.vp = [2, 0]
    go(s, k)
    assert s.vp == [1, 0]


@pytest.mark.card("cossacks")
def test_cossacks_the_new_army_battles():
    s, k = play("cossacks")
    put(s, "ru", "moscow")
    put(s, "de", "poland")
    go(s, k)
    act(s, "build ukraine")
    # only spaces next to the new Army; the Caucasus is difficult and Russia has no hand card
    assert set(legal(s)) == {
        "battle poland from ukraine", "battle galicia from ukraine",
        "battle romania from ukraine", "battle petrograd from ukraine", "pass",
    }  # fmt: skip
    act(s, "battle poland from ukraine")
    assert pieces(s, "de") == set()


@pytest.mark.card("serbia_defies_austrian_ultimatum")
def test_serbia_defies_austrian_ultimatum():
    s, k = play("serbia_defies_austrian_ultimatum")
    put(s, "de", "serbia")
    put(s, "ah", "serbia")
    prepare(s, "build_army/ah")
    go(s, k)
    act(s, "eliminate de serbia")
    assert pieces(s, "de") == set() and pieces(s, "ah") == {"serbia"}


@pytest.mark.card("kerensky_vows_to_continue_war")
def test_kerensky_prepares_two():
    s, k = play("kerensky_vows_to_continue_war", "ru_ru_19", "ru_ru_20", "ru_ru_21")
    go(s, k)
    act(s, "prepare ru_ru_19")
    act(s, "prepare ru_ru_21")
    assert len(s.prepared[1]) == 2 and len(s.hand[1]) == 1


@pytest.mark.card("scottish_womens_hospitals")
def test_scottish_womens_hospitals():
    s, k = play("scottish_womens_hospitals")
    b1, b2, b3 = [c for c in s.deck[1] if CARDS[c].type == "build_army"][:3]
    for c in (b1, b2, b3):
        s.deck[1].remove(c)
        s.discard[1].append(c)
    go(s, k)
    takes = [x for x in legal(s) if x.startswith("take")]
    assert len(takes) == 1  # copies are alike: one choice
    act(s, takes[0])
    act(s, next(x for x in legal(s) if x.startswith("take")))
    assert sum(CARDS[c].type == "build_army" for c in s.hand[1]) == 2


@pytest.mark.card("peace_bread_land")
def test_peace_bread_land():
    s, k = play("peace_bread_land")
    put(s, "ru", "moscow", "ukraine", "black_sea")
    go(s, k)
    act(s, "remove ukraine")
    act(s, "remove black_sea")
    act(s, "pass")
    assert pieces(s, "ru") == {"moscow"} and s.vp == [0, 2]


@pytest.mark.card("brusilov_offensive")
@pytest.mark.card("east_prussian_offensive")
@pytest.mark.card("grand_duke_nicholas_nikolaevich_appointed_viceroy")
@pytest.mark.parametrize(
    "key, build, target",
    [
        ("brusilov_offensive", "ukraine", "vienna"),
        ("east_prussian_offensive", "petrograd", "prussia"),
        ("grand_duke_nicholas_nikolaevich_appointed_viceroy", "caucasus", "anatolia"),
    ],
)
def test_build_then_battle(key, build, target):
    s, k = play(key, "ru_ru_19")
    put(s, "ru", "moscow")
    if key == "brusilov_offensive":
        put(s, "ru", "galicia")
    go(s, k)
    act(s, f"build {build}")
    options = {x for x in legal(s) if x.startswith("battle")}
    assert options and all(x.split()[1] in _zone(key) for x in options)


def _zone(key):
    from greatwar.qmg1914.data import SPACE_IDS, in_or_adjacent, spaces_of

    where = {"brusilov_offensive": "galicia", "east_prussian_offensive": "poland"}.get(
        key, "azerbaijan"
    )
    return {SPACE_IDS[x] for x in spaces_of(in_or_adjacent(where))}


@pytest.mark.card("rasputin")
def test_rasputin():
    s, k = play("rasputin")
    go(s, k)
    assert s.vp == [0, 1]
    assert space("moscow") >= 0
