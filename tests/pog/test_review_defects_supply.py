"""Supply, attrition and siege defects found by review: sieges broken by attrition (15.2.4),
the limits of the Serbian exception (14.3.6), Arabia (17.1.6), the MEF Beachhead as a port
and after its capture (9.5.3.5, 11.1.10), Albania and Taranto (11.1.12), Greek spaces opened
by Salonika (9.5.2.4)."""

import pytest

from greatwar.pog import attrition, board, engine, invariants, siege, supply
from greatwar.pog.data import AP, CP
from greatwar.pog.state import FORT_BESIEGED, FORT_INTACT

from .helpers import D, at, clear, control, game, give, legal, operation, put, x


def supplied(s, unit):
    return supply.unit_supplied(s, D.unit(unit))


def besiege(s, space):
    s.fort[x(space)] = FORT_BESIEGED
    board.invalidate(s)


def moves_of(s, unit):
    return sorted(a.split()[2] for a in legal(s) if a.startswith(f"move {unit} "))


def activate_moves(s, side, space):
    operation(s, side, 3)
    engine.apply(s, f"activate move {space}")
    if engine.step_name(s) == "operation":
        engine.apply(s, "done")
    assert engine.step_name(s) == "movement"


# -- 15.2.4: a siege broken in the Attrition Phase ----------------------------------------------


@pytest.mark.rule("15.2.4")
@pytest.mark.rule("14.3.5")
@pytest.mark.rule("15.3.1")
def test_attrition_that_removes_the_besiegers_lifts_the_siege():
    s = clear(game())
    put(s, "ge_corps_01", "antwerp")  # Antwerp (fort 1) between Allied Brussels and Ostend
    besiege(s, "antwerp")
    assert not supplied(s, "ge_corps_01")
    attrition.attrition(s)
    assert at(s, "ge_corps_01") == "cp_eliminated_box"
    assert s.fort[x("antwerp")] == FORT_INTACT  # nobody besieges it any more
    # ...so the besieger's side traces no supply through it (14.1.3, 15.2.4)...
    assert not supply.passable(s, x("antwerp"), CP)
    # ...and the Siege Phase rolls nothing for it, even a 6 (15.2.4, 15.3.1).
    s.forced = [6]
    siege.siege_phase(s)
    assert s.fort[x("antwerp")] == FORT_INTACT and s.ctrl[x("antwerp")] == AP
    assert not [e for e in s.log if e["k"] == "siege.roll"]


@pytest.mark.rule("15.2.4")
@pytest.mark.rule("15.2.1")
@pytest.mark.rule("11.1.8")
def test_attrition_that_leaves_too_few_besiegers_lifts_the_siege():
    s = clear(game())
    s.at_war["tu"] = 1
    # Beersheba (fort 2) besieged by two corps: the ANA, always in supply on the Near East map
    # (14.1.5), and a British corps cut off among Turkish spaces.
    put(s, "br_ana_corps", "beersheba")
    put(s, "br_corps_01", "beersheba")
    besiege(s, "beersheba")
    assert supplied(s, "br_ana_corps") and not supplied(s, "br_corps_01")
    attrition.attrition(s)
    assert at(s, "br_corps_01") == "ap_eliminated_box" and at(s, "br_ana_corps") == "beersheba"
    assert s.fort[x("beersheba")] == FORT_INTACT  # one corps cannot besiege a fort of 2
    s.forced = [6]
    siege.siege_phase(s)
    assert s.fort[x("beersheba")] == FORT_INTACT
    # 11.1.8: a lone corps may no longer enter it "as already besieged".
    put(s, "br_corps_02", "sinai")
    control(s, AP, "sinai")
    activate_moves(s, AP, "sinai")
    assert "beersheba" in moves_of(s, "br_corps_02")  # with the ANA it makes a force of 2
    board.relocate(s, D.unit("br_ana_corps"), x("arabia"))
    assert "beersheba" not in moves_of(s, "br_corps_02")


# -- 14.3.6, 14.1.5: the Serbian exception protects Allied Serbian spaces only ------------------


@pytest.mark.rule("14.3.6")
@pytest.mark.rule("14.1.5")
def test_a_cut_off_central_powers_serbian_space_becomes_allied():
    s = clear(game())
    control(s, AP, "nis", "belgrade", "sarajevo")
    control(s, CP, "valjevo")
    assert not supply.space_supplied(s, x("valjevo"))
    attrition.attrition(s)
    assert s.ctrl[x("valjevo")] == AP
    # An Allied Serbian space, cut off, stays Allied (14.1.5: Serbia supplies its own).
    control(s, CP, "nis", "belgrade", "sarajevo")
    attrition.attrition(s)
    assert s.ctrl[x("valjevo")] == AP


# -- 17.1.6, 11.1.16: Arabia never changes hands by attrition; Libya does -----------------------


@pytest.mark.rule("14.3.6")
@pytest.mark.rule("17.1.6")
@pytest.mark.rule("11.1.16")
def test_arabia_keeps_its_control_in_the_attrition_phase_libya_does_not():
    s = clear(game())  # August 1914: Turkey neutral, no source reaches either space
    attrition.attrition(s)
    assert s.ctrl[x("arabia")] == AP
    assert s.ctrl[x("libya")] == AP  # 11.1.16: Libya suffers normal attrition
    s.at_war["tu"] = 1
    control(s, CP, "amman", "jerusalem", "medina", "aqaba")
    attrition.attrition(s)
    assert s.ctrl[x("arabia")] == AP


# -- 9.5.3.5, 9.2.7.1, 14.1.4: the MEF Beachhead is an Allied port --------------------------


@pytest.mark.rule("9.5.3.5")
@pytest.mark.rule("9.2.7.1")
@pytest.mark.rule("14.1.4")
def test_british_corps_trace_supply_inland_from_the_beachhead():
    s = clear(game())
    s.at_war["tu"] = 1
    s.flags["mef_beachhead"] = x("mef1")
    control(s, AP, "mef1", "gallipoli", "adrianople")
    put(s, "br_corps_01", "adrianople")  # Adrianople -> Gallipoli -> the beachhead -> London
    put(s, "fr_corps_01", "adrianople")
    assert supplied(s, "br_corps_01")
    assert not supplied(s, "fr_corps_01")  # 9.2.7.1: only BR and AUS corps (and the MEF)
    put(s, "br_aus_corps", "gallipoli")
    assert supplied(s, "br_aus_corps")
    attrition.attrition(s)
    assert at(s, "br_corps_01") == "adrianople" and s.ctrl[x("adrianople")] == AP
    assert at(s, "fr_corps_01") == "ap_eliminated_box"


# -- 9.5.3.5, 11.1.10: a Central Powers unit that took the beachhead -----------------------------


@pytest.mark.rule("9.5.3.5")
@pytest.mark.rule("11.1.10")
@pytest.mark.rule("14.1.2")
def test_a_central_powers_unit_on_a_captured_beach_is_supplied_and_may_leave():
    s = clear(game())
    s.at_war["tu"] = 1
    s.flags["mef_beachhead"] = x("mef1")
    control(s, AP, "mef1")
    put(s, "tu_corps_02", "gallipoli")
    activate_moves(s, CP, "gallipoli")
    engine.apply(s, "move tu_corps_02 mef1")
    assert "mef_beachhead" not in s.flags and s.ctrl[x("mef1")] == CP
    assert supplied(s, "tu_corps_02")  # mef1 -> Gallipoli -> Constantinople
    # A later activation: the unit leaves the beach across its link.
    s = clear(game())
    s.at_war["tu"] = 1
    put(s, "tu_corps_02", "mef1")
    control(s, CP, "mef1")
    assert supplied(s, "tu_corps_02")
    activate_moves(s, CP, "mef1")
    assert moves_of(s, "tu_corps_02") == ["gallipoli"]
    engine.apply(s, "move tu_corps_02 gallipoli")
    assert at(s, "tu_corps_02") == "gallipoli"
    # 11.1.10: without the marker nobody may enter the beach again.
    assert "mef1" not in moves_of(s, "tu_corps_02")


@pytest.mark.rule("9.5.3.5")
@pytest.mark.rule("11.1.10")
@pytest.mark.rule("13.1.5")
def test_a_central_powers_unit_on_a_captured_beach_may_redeploy_overland():
    s = clear(game())
    s.at_war["tu"] = 1
    put(s, "tu_corps_02", "mef1")
    control(s, CP, "mef1")
    engine.apply(s, f"play sr {D.cards[give(s, CP, 'cp01')].id}")
    engine.apply(s, "sr tu_corps_02")
    assert "sr tu_corps_02 constantinople" in legal(s)


@pytest.mark.rule("9.5.3.5")
@pytest.mark.rule("14.3.5")
def test_a_central_powers_unit_on_a_captured_beach_survives_attrition():
    s = clear(game())
    s.at_war["tu"] = 1
    put(s, "tu_corps_02", "mef1")  # the marker is gone: the CP took the beach
    control(s, CP, "mef1")
    attrition.attrition(s)
    assert at(s, "tu_corps_02") == "mef1"


# -- 11.1.12: Albania traces to Taranto only while the Allies hold it ---------------------------


@pytest.mark.rule("11.1.12")
@pytest.mark.rule("14.1.2")
@pytest.mark.rule("14.1.3")
@pytest.mark.parametrize("occupied", [True, False])
def test_albania_traces_to_taranto_only_while_it_is_not_the_enemys(occupied):
    s = clear(game())
    s.at_war["it"] = 1
    control(s, CP, "cetinje", "skopje", "florina", "taranto")
    if occupied:
        put(s, "ah_corps_01", "taranto")
    assert not supply.space_supplied(s, x("valona"))
    attrition.attrition(s)
    assert s.ctrl[x("valona")] == CP and s.ctrl[x("tirana")] == CP


@pytest.mark.rule("11.1.12")
def test_albania_does_not_trace_to_a_taranto_held_by_central_powers_units():
    s = clear(game())
    s.at_war["it"] = 1
    control(s, CP, "cetinje", "skopje", "florina")
    put(s, "ah_corps_01", "taranto")  # occupied, not yet controlled (a mid-move position)
    assert not supply.space_supplied(s, x("valona"))
    board.remove(s, D.unit("ah_corps_01"))
    assert supply.space_supplied(s, x("valona"))


# -- 9.5.2.4, 14.3.6: Greek spaces opened by Salonika --------------------------------------------


@pytest.mark.rule("9.5.2.4")
@pytest.mark.rule("14.3.6")
def test_greek_spaces_opened_by_salonika_suffer_attrition():
    s = clear(game())
    s.flags["salonika"] = 1
    s.at_war["bu"] = 1
    for unit, space in (("gr_corps_01", "florina"), ("gr_corps_02", "larisa")):
        put(s, unit, space)
    put(s, "gr_corps_03", "athens")
    control(s, CP, "salonika", "strumitsa", "philippoli")
    attrition.attrition(s)
    assert s.ctrl[x("kavala")] == CP  # cut off from every Allied source
    # Spaces holding the neutral Greek units stay closed to both sides and keep their control.
    assert all(s.ctrl[x(g)] == AP for g in ("florina", "larisa", "athens"))
    assert all(at(s, f"gr_corps_0{i}") != "ap_eliminated_box" for i in (1, 2, 3))


@pytest.mark.rule("15.2.4")
def test_the_invariants_reject_a_siege_without_besiegers():
    s = clear(game())
    put(s, "ge_corps_01", "antwerp")
    besiege(s, "antwerp")
    assert not invariants.problems(s)
    board.remove(s, D.unit("ge_corps_01"))
    assert any("antwerp" in p for p in invariants.problems(s))
