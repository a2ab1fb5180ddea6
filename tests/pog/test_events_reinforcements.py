"""Reinforcement events (9.5.3) of both sides, played through the engine, and the optional
events that bring units without being reinforcements (ap57, ap60, cp59)."""

import pytest

from greatwar.pog import board, engine, invariants
from greatwar.pog.data import AP, CP
from greatwar.pog.state import OFF

from .helpers import D, clear, control, game, give, legal, offered, put, sid, to_round

REINFORCEMENT_CARDS = [c for c in D.cards if c.reinforcement_nation and not c.variant]


def at(side: int, turn: int = 3):
    s = game()
    s.turn = turn
    return to_round(s, side)


def war(s):
    """Every nation at war, America in (Over There), Turkey in (its units aside)."""
    for n in ("it", "tu", "us", "bu", "ro", "gr"):
        s.at_war[n] = 1
    s.events["zimmermann_telegram"] = 1
    s.events["over_there"] = 2
    board.invalidate(s)
    return s


def place_all(s):
    """Choose the first listed space for each army until the card's play is over."""
    for _ in range(10):
        if engine.step_name(s) != "place_reinforcements":
            return s
        engine.apply(s, legal(s)[0])
    raise AssertionError("placement did not end")


@pytest.mark.rule("9.5.3.1")
@pytest.mark.rule("9.5.3.2")
@pytest.mark.rule("9.5.3.3")
@pytest.mark.parametrize(
    "card",
    [pytest.param(c.id, marks=pytest.mark.card(c.id)) for c in REINFORCEMENT_CARDS],
)
def test_every_reinforcement_card_brings_its_units(card):
    c = D.cards[D.card(card)]
    s = war(at(c.side))
    give(s, c.side, card)
    ws = s.ws[c.side]
    engine.apply(s, f"play event {card}")
    place_all(s)
    assert engine.step_name(s) == "action_round"
    for u in c.reinforcement_units:
        d = D.units[u]
        assert board.in_play(s, u), d.id
        if not d.army and d.id not in ("br_ana_corps", "tu_sn_corps"):
            assert s.loc[u] == board.RESERVE[c.side]  # 9.5.3.2
    assert s.ws[c.side] == ws + c.war_status
    assert card in [D.cards[x].id for x in s.removed[c.side]]
    assert s.tflags["reinforced"] == [c.reinforcement_nation]
    invariants.check(s)


@pytest.mark.rule("9.5.3.1")
@pytest.mark.card("cp07")
@pytest.mark.card("ap10")
def test_no_reinforcements_on_turn_one():
    s = at(CP, turn=1)
    give(s, CP, "cp07")
    assert not offered(s, "play event cp07")
    to_round(s, AP)
    give(s, AP, "ap10")
    assert not offered(s, "play event ap10")


@pytest.mark.rule("9.5.3.1")
@pytest.mark.card("ap10")
@pytest.mark.card("ap24")
@pytest.mark.card("ap53")
@pytest.mark.card("ap14")
def test_one_reinforcement_card_per_nation_per_turn():
    s = at(AP)
    for c in ("ap10", "ap24", "ap53", "ap14"):
        give(s, AP, c)
    engine.apply(s, "play event ap10")
    place_all(s)
    to_round(s, AP)
    assert not offered(s, "play event ap24")
    assert not offered(s, "play event ap53")  # the Army of the Orient is French too
    assert offered(s, "play event ap14")  # another nation
    s.turn = 4
    s.tflags = {}
    assert offered(s, "play event ap24")


@pytest.mark.rule("9.5.3.1")
@pytest.mark.card("cp07")
def test_refused_when_a_unit_cannot_be_placed():
    s = at(CP)
    give(s, CP, "cp07")
    for space, units in (
        ("berlin", ("ge_corps_12", "ge_corps_13", "ge_corps_14")),
        ("essen", ("ge_corps_15", "ge_corps_16", "ge_corps_17")),
    ):
        for u in units:
            put(s, u, space)
    control(s, AP, "breslau")
    put(s, "ru_corps_14", "breslau")
    assert not offered(s, "play event cp07")
    board.remove(s, D.unit("ru_corps_14"))
    control(s, CP, "breslau")
    assert offered(s, "play event cp07")


@pytest.mark.rule("9.5.3.1")
@pytest.mark.card("ap22")
@pytest.mark.card("cp42")
@pytest.mark.card("cp48")
@pytest.mark.card("cp24")
@pytest.mark.card("ap31")
@pytest.mark.card("ap41")
def test_refused_while_the_nation_or_turkey_is_neutral():
    s = at(AP)
    give(s, AP, "ap22")
    give(s, AP, "ap31")
    give(s, AP, "ap41")
    assert not offered(s, "play event ap22")  # Italy neutral
    assert not offered(s, "play event ap31")  # Turkey neutral (card)
    assert not offered(s, "play event ap41")
    s.at_war["it"] = s.at_war["tu"] = 1
    board.invalidate(s)
    assert offered(s, "play event ap22") and offered(s, "play event ap31")
    assert offered(s, "play event ap41")
    s = at(CP)
    for c in ("cp42", "cp48", "cp24"):
        give(s, CP, c)
        assert not offered(s, f"play event {c}")
    s.at_war["tu"] = 1
    board.invalidate(s)
    for c in ("cp42", "cp48", "cp24"):
        assert offered(s, f"play event {c}")


@pytest.mark.rule("16.3.4")
@pytest.mark.card("ap38")
@pytest.mark.card("ap43")
@pytest.mark.card("ap47")
@pytest.mark.card("ap64")
@pytest.mark.card("cp36")
@pytest.mark.card("ap52")
def test_us_reinforcements_need_over_there_and_no_uboats():
    s = at(AP, turn=10)
    cards = ("ap38", "ap43", "ap47", "ap64")
    for c in cards:
        give(s, AP, c)
    s.at_war["us"] = 1
    s.events["zimmermann_telegram"] = 9
    assert not any(offered(s, f"play event {c}") for c in cards)  # 16.3.3
    s.events["over_there"] = 10
    assert all(offered(s, f"play event {c}") for c in cards)
    s.events["uboats_unleashed"] = 10
    assert not any(offered(s, f"play event {c}") for c in cards)  # cp36
    s.events["convoy"] = 10
    assert all(offered(s, f"play event {c}") for c in cards)  # ap52


@pytest.mark.rule("9.5.3.3")
@pytest.mark.card("ap43")
def test_us_first_army_chooses_a_french_port():
    s = war(at(AP, turn=10))
    give(s, AP, "ap43")
    engine.apply(s, "play event ap43")
    assert engine.step_name(s) == "place_reinforcements"
    assert "place us_1 marseilles" in legal(s) and "place us_1 paris" not in legal(s)
    engine.apply(s, "place us_1 marseilles")
    assert sid(s.loc[D.unit("us_1")]) == "marseilles"
    assert sid(s.loc[D.unit("us_corps_02")]) == "ap_reserve_box"


# -- the Near East entries ---------------------------------------------------------------------


@pytest.mark.rule("9.5.3.5")
@pytest.mark.card("ap31")
def test_mef_invasion_with_the_beachhead():
    s = war(at(AP, turn=5))
    give(s, AP, "ap31")
    engine.apply(s, "play event ap31")
    assert "place br_mef london" in legal(s) and "place br_mef mef1" in legal(s)
    engine.apply(s, "place br_mef mef3")
    assert s.flags["mef_beachhead"] == D.space("mef3") and s.ws[AP] == 1
    invariants.check(s)


@pytest.mark.rule("9.5.3.4")
@pytest.mark.card("ap50")
@pytest.mark.card("ap49")
def test_allenby_in_london_without_sinai_pipeline():
    s = war(at(AP, turn=8))
    give(s, AP, "ap50")
    engine.apply(s, "play event ap50")  # a single space: placed at once
    u = D.unit("br_ne")
    assert sid(s.loc[u]) == "london" and u in s.flags["ne_lost"]
    assert s.ws[AP] == 1  # War Status still counts (9.5.3.4)
    s = war(at(AP, turn=8))
    s.events["sinai_pipeline"] = 7
    give(s, AP, "ap50")
    engine.apply(s, "play event ap50")
    engine.apply(s, "place br_ne alexandria")
    assert u not in s.flags.get("ne_lost", [])


@pytest.mark.rule("9.5.3.3")
@pytest.mark.card("ap29")
def test_yudenitch_enters_on_the_near_east_map():
    s = at(AP, turn=5)
    give(s, AP, "ap29")
    engine.apply(s, "play event ap29")
    engine.apply(s, "place ru_cau erivan")
    assert sid(s.loc[D.unit("ru_cau")]) == "erivan"


@pytest.mark.rule("9.5.3.2")
@pytest.mark.card("ap41")
def test_arab_northern_army_in_arabia():
    s = war(at(AP, turn=10))
    give(s, AP, "ap41")
    engine.apply(s, "play event ap41")
    assert sid(s.loc[D.unit("br_ana_corps")]) == "arabia"


@pytest.mark.rule("9.5.3.2")
@pytest.mark.rule("11.1.14")
@pytest.mark.card("cp24")
def test_libyan_revolt_takes_libya_unless_allies_stand_there():
    s = war(at(CP, turn=6))
    give(s, CP, "cp24")
    put(s, "br_corps_03", "libya")
    control(s, AP, "libya")
    assert not offered(s, "play event cp24")
    board.remove(s, D.unit("br_corps_03"))
    engine.apply(s, "play event cp24")
    assert sid(s.loc[D.unit("tu_sn_corps")]) == "libya" and s.ctrl[D.space("libya")] == CP
    invariants.check(s)


@pytest.mark.rule("9.5.3.3")
@pytest.mark.card("cp42")
def test_yildirim_in_constantinople():
    s = war(at(CP, turn=12))
    give(s, CP, "cp42")
    engine.apply(s, "play event cp42")
    assert sid(s.loc[D.unit("tu_yld")]) == "constantinople"


# -- Russian Cavalry, Czech Legion, Polish Restoration ------------------------------------------


@pytest.mark.card("ap57")
def test_russian_cavalry_joins_a_supplied_russian_army():
    s = clear(at(AP, turn=1))  # not a reinforcement card: turn 1 is fine
    give(s, AP, "ap57")
    put(s, "ru_1", "warsaw")
    put(s, "ru_2", "kovno")
    put(s, "ru_corps_01", "kovno")
    put(s, "ru_corps_02", "kovno")  # full
    engine.apply(s, "play event ap57")  # only Warsaw: placed at once
    assert [sid(s.loc[u]) for u in (D.unit("ru_cav_corps_01"), D.unit("ru_cav_corps_02"))] == [
        "warsaw",
        "warsaw",
    ]
    invariants.check(s)


@pytest.mark.card("ap57")
def test_russian_cavalry_choice_and_refusal():
    s = clear(at(AP))
    give(s, AP, "ap57")
    assert not offered(s, "play event ap57")  # no Russian army
    put(s, "ru_1", "warsaw")
    put(s, "ru_2", "riga")
    engine.apply(s, "play event ap57")
    assert set(legal(s)) == {"place ru_cav_corps_01 warsaw", "place ru_cav_corps_01 riga"}
    engine.apply(s, "place ru_cav_corps_01 riga")
    assert sid(s.loc[D.unit("ru_cav_corps_02")]) == "riga"


@pytest.mark.card("ap60")
def test_czech_legion():
    s = at(AP)
    give(s, AP, "ap60")
    ah = put(s, "ah_corps_03", "cp_eliminated_box")
    engine.apply(s, "play event ap60")
    assert s.loc[ah] == board.PERMANENT[CP]
    assert sid(s.loc[D.unit("ru_czech_legion_corps")]) == "ap_reserve_box"


@pytest.mark.card("ap60")
def test_czech_legion_without_an_eliminated_austrian_corps():
    s = at(AP)
    give(s, AP, "ap60")
    engine.apply(s, "play event ap60")
    assert sid(s.loc[D.unit("ru_czech_legion_corps")]) == "ap_reserve_box"
    assert all(s.loc[u] != board.PERMANENT[CP] for u in range(len(D.units)))


@pytest.mark.card("cp59")
def test_polish_restoration():
    s = at(CP)
    give(s, CP, "cp59")
    assert not offered(s, "play event cp59")  # Warsaw is Allied
    for u in list(board.units_in(s, D.space("warsaw"))):
        board.remove(s, u)
    control(s, CP, "warsaw")
    vp = s.vp
    engine.apply(s, "play event cp59")
    assert s.vp == vp - 1
    for i in (1, 2, 3):
        assert sid(s.loc[D.unit(f"pl_corps_0{i}")]) == "cp_reserve_box"
    assert all(s.loc[D.unit(f"pl_corps_0{i}")] != OFF for i in (1, 2, 3))
