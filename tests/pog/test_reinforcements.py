"""Reinforcement placement (9.5.3): entry spaces of armies, corps to the Reserve Box, whether a
card's units can all be placed, and the owner's choice of space."""

import pytest

from greatwar.core.errors import IllegalActionError
from greatwar.pog import board, engine, invariants, movement, reinforcements
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import STEPS
from greatwar.pog.reinforcements import army_spaces, can_place_all, card_placeable, corps_space
from greatwar.pog.state import FORT_BESIEGED

from .helpers import D, control, game, legal, put, sid


def spaces(s, unit):
    return [sid(x) for x in army_spaces(s, D.unit(unit))]


def fill(s, space, *units):
    """Put these units in ``space``."""
    for u in units:
        put(s, u, space)


def placement(s, side, *units):
    reinforcements.push_placement(s, side, [D.unit(u) for u in units])
    STEPS.settle(s)
    return s


# -- 9.5.3.3 the normal entry spaces -------------------------------------------------------------


@pytest.mark.rule("9.5.3.3")
def test_german_army_enters_at_berlin_essen_or_breslau():
    s = game()
    assert spaces(s, "ge_9") == sorted(["berlin", "essen", "breslau"], key=D.space)


@pytest.mark.rule("9.5.3.3")
def test_austrian_army_enters_at_vienna_or_budapest():
    s = game()
    assert spaces(s, "ah_7") == sorted(["vienna", "budapest"], key=D.space)


@pytest.mark.rule("9.5.3.3")
def test_russian_army_enters_at_a_russian_supply_source():
    s = game()
    assert spaces(s, "ru_9") == sorted(["petrograd", "moscow", "kharkov", "caucasus"], key=D.space)
    assert spaces(s, "br_1") == ["london"]


@pytest.mark.rule("9.5.3.3")
@pytest.mark.rule("9.5.3.1")
def test_enemy_controlled_or_full_spaces_are_not_entry_spaces():
    s = game()
    control(s, AP, "berlin")
    fill(s, "essen", "ge_corps_12", "ge_corps_13", "ge_corps_14")
    # 9.5.3.1: the capital in enemy hands does not stop a card with another entry space.
    assert spaces(s, "ge_9") == ["breslau"]
    assert card_placeable(s, D.card("cp07"))


@pytest.mark.rule("9.5.3.3")
def test_not_into_a_besieged_fort():
    s = game()
    breslau = D.space("breslau")
    put(s, "ru_corps_14", "breslau")
    s.fort[breslau] = FORT_BESIEGED
    board.invalidate(s)
    assert "breslau" not in spaces(s, "ge_9")


@pytest.mark.rule("9.5.3.3")
def test_reinforcing_army_must_be_in_supply():
    s = game()
    vienna = D.space("vienna")
    for n in D.adj[vienna]:
        s.ctrl[n] = AP
    board.invalidate(s)
    assert spaces(s, "ah_7") == []  # Budapest is AP-controlled now, Vienna cut off


@pytest.mark.rule("9.5.3.3")
def test_french_armies_use_orleans_only_when_paris_is_full():
    s = game()
    assert spaces(s, "fr_10") == ["paris"]
    fill(s, "paris", "fr_corps_08", "fr_corps_09")  # with the (FR 6th): full
    assert spaces(s, "fr_10") == ["orleans"]


@pytest.mark.rule("9.5.3.3")
@pytest.mark.rule("9.5.3.1")
def test_no_orleans_when_paris_is_besieged_or_enemy_held():
    s = game()
    s.loc[D.unit("fr_6")] = -1
    fill(s, "paris", "ge_corps_12", "ge_corps_13", "ge_corps_14")
    s.fort[D.space("paris")] = FORT_BESIEGED
    board.invalidate(s)
    assert spaces(s, "fr_10") == []
    assert not card_placeable(s, D.card("ap10"))
    s.fort[D.space("paris")] = 2
    control(s, CP, "paris")
    assert spaces(s, "fr_10") == []


@pytest.mark.rule("9.5.3.3")
def test_us_armies_enter_at_friendly_french_ports():
    s = game()
    ports = [sp.id for sp in D.spaces if sp.nation == "fr" and sp.ap_port]
    assert spaces(s, "us_1") == ports
    control(s, CP, "calais")
    fill(s, "cherbourg", "fr_corps_08", "fr_corps_09", "fr_corps_10")
    got = spaces(s, "us_1")
    assert "calais" not in got and "cherbourg" not in got
    assert "marseilles" in got and "paris" not in got


# -- 9.5.3.4 the Allied Near East armies -------------------------------------------------------


@pytest.mark.rule("9.5.3.3")
@pytest.mark.rule("9.5.3.4")
@pytest.mark.card("ap53")
def test_army_of_the_orient_at_salonika_or_at_home():
    s = game()
    assert spaces(s, "fr_orient") == ["paris"]  # Salonika not usable yet
    s.events["salonika"] = 3
    s.flags["salonika"] = 1
    board.invalidate(s)
    assert spaces(s, "fr_orient") == sorted(["paris", "salonika"], key=D.space)
    placement(s, AP, "fr_orient")
    assert engine.step_name(s) == "place_reinforcements"
    engine.apply(s, "place fr_orient salonika")
    assert sid(s.loc[D.unit("fr_orient")]) == "salonika"
    assert D.unit("fr_orient") not in s.flags.get("ne_lost", [])
    invariants.check(s)


@pytest.mark.rule("9.5.3.4")
@pytest.mark.rule("11.3.1")
@pytest.mark.card("ap53")
def test_near_east_army_entering_at_home_loses_its_abilities():
    s = game()
    placement(s, AP, "fr_orient")  # only Paris: placed without asking
    u = D.unit("fr_orient")
    assert sid(s.loc[u]) == "paris"
    assert s.flags["ne_lost"] == [u]
    assert movement.ne_army_barred(s, u)
    assert any(e["k"] == "reinforcement.ne_lost" for e in s.log)
    invariants.check(s)


@pytest.mark.rule("9.5.3.4")
@pytest.mark.card("ap29")
def test_yudenitch_russian_near_east_spaces_or_home():
    s = game()
    got = spaces(s, "ru_cau")
    ne = [sp.id for sp in D.spaces if sp.nation == "ru" and sp.map == "neareast"]
    assert set(got) == set(ne) | {"petrograd", "moscow", "kharkov", "caucasus"}
    placement(s, AP, "ru_cau")
    engine.apply(s, "place ru_cau caucasus")  # Caucasus is on the main map: 9.5.3.4
    assert D.unit("ru_cau") in s.flags["ne_lost"]


@pytest.mark.rule("9.5.3.4")
@pytest.mark.card("ap50")
def test_allenby_at_alexandria_only_after_sinai_pipeline():
    s = game()
    assert spaces(s, "br_ne") == ["london"]
    s.events["sinai_pipeline"] = 2
    assert spaces(s, "br_ne") == sorted(["london", "alexandria"], key=D.space)


@pytest.mark.rule("9.5.3.3")
@pytest.mark.rule("9.5.3.5")
@pytest.mark.rule("9.5.2.4.1")
@pytest.mark.card("ap31")
def test_mef_lands_on_a_beach_with_the_beachhead_marker():
    s = game()
    beaches = [sp.id for sp in D.spaces if sp.mef_beach]
    assert set(spaces(s, "br_mef")) == {"london", *beaches}
    placement(s, AP, "br_mef")
    engine.apply(s, "place br_mef mef2")
    assert s.flags["mef_beachhead"] == D.space("mef2")
    assert D.unit("br_mef") not in s.flags.get("ne_lost", [])
    invariants.check(s)


@pytest.mark.rule("9.5.2.4.1")
@pytest.mark.rule("9.5.3.4")
@pytest.mark.card("ap31")
def test_mef_after_salonika_only_at_home():
    s = game()
    s.events["salonika"] = 3
    s.flags["salonika"] = 1
    assert spaces(s, "br_mef") == ["london"]


# -- 9.5.3.2 corps ------------------------------------------------------------------------------


@pytest.mark.rule("9.5.3.2")
@pytest.mark.card("ap41")
@pytest.mark.card("cp24")
def test_corps_go_to_the_reserve_box_except_ana_and_sn():
    s = game()
    assert corps_space(s, D.unit("ge_corps_12")) == board.RESERVE[CP]
    assert corps_space(s, D.unit("br_corps_05")) == board.RESERVE[AP]
    assert sid(corps_space(s, D.unit("br_ana_corps"))) == "arabia"
    assert sid(corps_space(s, D.unit("tu_sn_corps"))) == "libya"
    put(s, "tu_corps_01", "arabia")
    s.ctrl[D.space("arabia")] = CP
    board.invalidate(s)
    assert corps_space(s, D.unit("br_ana_corps")) == -1
    assert not card_placeable(s, D.card("ap41"))


@pytest.mark.rule("9.5.3.2")
@pytest.mark.rule("9.5.3.3")
@pytest.mark.card("cp12")
def test_card_with_army_and_corps_asks_only_for_the_army():
    s = game()
    placement(s, CP, "ge_10", "ge_corps_12", "ge_corps_13")
    assert s.loc[D.unit("ge_corps_12")] == board.RESERVE[CP]
    assert s.loc[D.unit("ge_corps_13")] == board.RESERVE[CP]
    assert engine.step_name(s) == "place_reinforcements"
    assert engine.to_act(s) == CP
    assert legal(s) == [
        f"place ge_10 {x}" for x in sorted(["berlin", "essen", "breslau"], key=D.space)
    ]
    with pytest.raises(IllegalActionError):
        engine.apply(s, "place ge_10 vienna")
    engine.apply(s, "place ge_10 essen")
    assert sid(s.loc[D.unit("ge_10")]) == "essen" and not s.red[D.unit("ge_10")]
    assert engine.step_name(s) != "place_reinforcements"
    invariants.check(s)


# -- 9.5.3.1 every unit must fit ------------------------------------------------------------------


@pytest.mark.rule("9.5.3.1")
@pytest.mark.rule("10.1.1")
@pytest.mark.card("cp46")
def test_two_armies_need_room_for_both():
    s = game()
    fill(s, "essen", "ge_corps_01", "ge_corps_02", "ge_corps_03")
    fill(s, "breslau", "ge_corps_04", "ge_corps_05", "ge_corps_06")
    fill(s, "berlin", "ge_corps_07", "ge_corps_08")
    assert spaces(s, "ge_17") == ["berlin"]
    assert not card_placeable(s, D.card("cp46"))
    s.loc[D.unit("ge_corps_08")] = board.RESERVE[CP]
    board.invalidate(s)
    assert card_placeable(s, D.card("cp46"))
    placement(s, CP, "ge_17", "ge_18")  # both only Berlin: placed without asking
    assert sid(s.loc[D.unit("ge_17")]) == "berlin" == sid(s.loc[D.unit("ge_18")])
    invariants.check(s)


@pytest.mark.rule("9.5.3.1")
@pytest.mark.rule("9.5.3.3")
def test_paris_then_orleans_counts_as_room_for_two_french_armies():
    s = game()
    fill(s, "paris", "fr_corps_08")  # (FR 6th) + corps: one slot left
    units = [D.unit("fr_7"), D.unit("fr_10")]
    assert can_place_all(s, units)
    placement(s, AP, "fr_7", "fr_10")
    assert {sid(s.loc[u]) for u in units} == {"paris", "orleans"}
    invariants.check(s)


@pytest.mark.rule("9.5.3.1")
@pytest.mark.rule("17.1.5")
def test_a_choice_that_would_strand_another_army_is_not_offered():
    # The FR Orient Army could take Salonika's last slot, but the Serbian army (Belgrade barred
    # while Nis is CP) has nowhere else to go: the Orient Army must go home.
    s = game()
    s.events["salonika"] = 3
    s.flags["salonika"] = 1
    control(s, CP, "nis")
    fill(s, "salonika", "fr_corps_08", "fr_corps_09")
    assert spaces(s, "fr_orient") == sorted(["paris", "salonika"], key=D.space)
    assert spaces(s, "sb_1") == ["salonika"]
    placement(s, AP, "fr_orient", "sb_1")
    assert sid(s.loc[D.unit("sb_1")]) == "salonika"
    assert sid(s.loc[D.unit("fr_orient")]) == "paris"
    invariants.check(s)
