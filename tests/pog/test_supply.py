"""Supply (14) on hand-built positions, and the Attrition Phase (6.0 C, 14.3.5-14.3.6)."""

import pytest

from greatwar.pog import attrition, board, supply
from greatwar.pog.data import AP, CP
from greatwar.pog.state import FORT_BESIEGED

from .helpers import D, clear, control, game, put


def supplied(s, unit):
    return supply.unit_supplied(s, D.unit(unit))


@pytest.mark.rule("14.1.2")
@pytest.mark.rule("14.3.5")
@pytest.mark.rule("12.4.7")
@pytest.mark.rule("3.0-oos")
def test_a_cut_off_pocket_is_out_of_supply_and_dies_in_attrition():
    s = clear(game())
    put(s, "ge_1", "amiens")
    put(s, "ge_corps_01", "rouen")
    control(s, CP, "amiens", "rouen")
    put(s, "ge_2", "koblenz")
    assert not supplied(s, "ge_1") and not supplied(s, "ge_corps_01")
    assert supplied(s, "ge_2")
    attrition.attrition(s)
    assert s.loc[D.unit("ge_1")] == D.perm_eliminated_box[CP]  # armies permanently (14.3.5)
    assert s.loc[D.unit("ge_corps_01")] == D.eliminated_box[CP]
    assert s.loc[D.unit("ge_2")] == D.space("koblenz")


@pytest.mark.rule("14.1.3")
def test_own_space_is_not_part_of_the_path():
    s = clear(game())
    put(s, "ge_1", "sedan")  # Allied-controlled, next to German Koblenz
    assert supplied(s, "ge_1")


@pytest.mark.rule("14.1.3")
def test_path_blocked_by_enemy_spaces_and_enemy_units():
    s = clear(game())
    put(s, "fr_1", "sedan")
    assert supplied(s, "fr_1")
    control(s, CP, "chateau_thierry", "cambrai", "brussels", "verdun", "liege")
    assert not supplied(s, "fr_1")
    control(s, AP, "verdun")
    assert supplied(s, "fr_1")
    put(s, "ge_corps_01", "bar_le_duc")
    put(s, "ge_corps_02", "chateau_thierry")
    put(s, "ge_corps_03", "nancy")
    assert not supplied(s, "fr_1")  # Verdun's exits are blocked by enemy units


@pytest.mark.rule("14.1.4")
@pytest.mark.rule("14.2.4")
def test_a_port_traces_supply_by_sea():
    s = clear(game())
    put(s, "fr_corps_01", "caen")
    control(s, CP, "rouen", "rennes", "le_mans")
    assert supplied(s, "fr_corps_01")  # Caen -> Cherbourg, a port, -> London
    control(s, CP, "cherbourg")
    assert not supplied(s, "fr_corps_01")


@pytest.mark.rule("14.1.4")
@pytest.mark.rule("13.1.7.1")
def test_central_powers_sea_supply_and_besieged_riga():
    s = clear(game())
    put(s, "ge_corps_01", "reval")
    control(s, CP, "riga", "reval")
    assert not supplied(s, "ge_corps_01")  # GE units may not cross the RU dashed lines
    put(s, "ge_corps_02", "riga")
    control(s, CP, "szawli", "dvinsk")
    control(s, AP, "libau", "memel")
    assert supplied(s, "ge_corps_02")  # Riga is a CP port in Russia, Danzig one in Germany
    s.fort[D.space("riga")] = FORT_BESIEGED
    board.invalidate(s)
    assert not supply.usable_port(s, D.space("riga"), supply.CLASSES["cp"])


@pytest.mark.rule("14.1.4")
def test_constantinople_port_only_with_gallipoli():
    s = clear(game())
    s.at_war["tu"] = 1
    control(s, AP, "constantinople")
    cls = supply.CLASSES["ap_west"]
    assert not supply.usable_port(s, D.space("constantinople"), cls)
    control(s, AP, "gallipoli")
    assert supply.usable_port(s, D.space("constantinople"), cls)


@pytest.mark.rule("14.2.3")
def test_salonika_supplies_serbians_only():
    s = clear(game())
    s.at_war["gr"] = 1
    s.at_war["bu"] = 1
    control(s, CP, "belgrade", "nis", "skopje", "valjevo", "strumitsa", "florina", "kavala")
    put(s, "sb_1", "monastir")
    put(s, "ru_corps_01", "monastir")
    assert supplied(s, "sb_1")  # through Salonika, a Serbian source (and Monastir is Serbia)
    assert not supplied(s, "ru_corps_01")  # Russians may use neither Salonika nor the sea
    control(s, CP, "salonika")
    s.loc[D.unit("sb_1")] = D.space("florina")
    board.invalidate(s)
    control(s, AP, "florina")
    assert not supplied(s, "sb_1")


@pytest.mark.rule("15.2.2")
@pytest.mark.rule("14.1.3")
def test_a_besieged_fort_space_is_supplied_but_passes_no_supply():
    s = clear(game())
    v = D.space("verdun")
    put(s, "ge_4", "verdun")  # besieging the French fort
    s.fort[v] = FORT_BESIEGED
    board.invalidate(s)
    # The besieger's side passes through the besieged enemy fort...
    put(s, "ge_corps_01", "bar_le_duc")
    control(s, CP, "bar_le_duc")
    assert supplied(s, "ge_corps_01")  # Bar le Duc -> Verdun -> Metz
    # ...the fort's own side does not: Verdun holds enemy units.
    assert not supply.passable(s, v, AP)
    # The fort keeps its space (15.1.10) and no attrition flips it.
    attrition.attrition(s)
    assert s.ctrl[v] == AP


@pytest.mark.rule("14.1.3")
@pytest.mark.rule("14.2.2")
def test_russians_trace_over_their_dashed_lines():
    s = clear(game())
    control(s, CP, "riga")
    put(s, "ru_corps_01", "reval")
    put(s, "br_corps_01", "reval")
    assert supplied(s, "ru_corps_01")  # Reval -> Petrograd over the RU line
    assert not supplied(s, "br_corps_01")  # no British line, and Reval is no port
    put(s, "ro_corps_01", "reval")
    assert supplied(s, "ro_corps_01")  # 14.1.3: RO and SB may use the RU lines


@pytest.mark.rule("14.1.5")
def test_always_in_supply():
    s = clear(game())
    put(s, "mn_corps_01", "tirana")
    control(s, CP, "cetinje", "valona", "skopje")
    assert supplied(s, "mn_corps_01")
    put(s, "sb_corps_01", "valjevo")
    control(s, CP, "belgrade", "nis", "sarajevo")
    assert supplied(s, "sb_corps_01")  # Serbian units in Serbia
    s.at_war["tu"] = 1
    put(s, "tu_corps_14", "medina")
    control(s, AP, "aqaba")
    u = D.unit("tu_corps_14")
    assert supply.unit_supplied(s, u, attrition=True)
    assert not supply.unit_supplied(s, u)  # only for attrition


@pytest.mark.rule("14.2.1")
def test_sofia_and_constantinople_only_once_at_war():
    s = clear(game())
    src = supply.reach(s, "cp")
    assert not src[D.space("sofia")]
    s.at_war["bu"] = 1
    board.invalidate(s)
    assert supply.reach(s, "cp")[D.space("sofia")]


@pytest.mark.rule("13.1.12")
@pytest.mark.rule("17.1.4.1")
def test_foreign_sources():
    s = clear(game())
    s.at_war["tu"] = 1  # Bulgaria neutral: Adrianople reaches only Turkish sources
    ge = put(s, "ge_corps_01", "adrianople")
    tu = put(s, "tu_corps_01", "gallipoli")
    assert supply.unit_supplied(s, ge) and not supply.home_supplied(s, ge)
    assert supply.home_supplied(s, tu)
    ge2 = put(s, "ge_corps_02", "koblenz")
    assert supply.home_supplied(s, ge2)


@pytest.mark.rule("14.3.6")
@pytest.mark.rule("11.2.7")
def test_space_attrition_and_trenches():
    s = clear(game())
    control(s, CP, "amiens", "rouen")
    board.set_trench(s, D.space("amiens"), 2, CP)
    board.set_trench(s, D.space("rouen"), 1, CP)
    attrition.attrition(s)
    assert s.ctrl[D.space("amiens")] == AP and s.ctrl[D.space("rouen")] == AP
    assert (s.trench[D.space("amiens")], s.tside[D.space("amiens")]) == (1, AP)
    assert s.trench[D.space("rouen")] == 0


@pytest.mark.rule("14.3.6")
def test_serbian_spaces_and_fort_spaces_never_flip_by_attrition():
    s = clear(game())
    control(s, CP, "belgrade", "nis", "valjevo", "sarajevo", "novi_sad", "timisvar")
    s.ctrl[D.space("valjevo")] = AP
    board.invalidate(s)
    attrition.attrition(s)
    assert s.ctrl[D.space("valjevo")] == AP  # Serbia: only entry converts
    control(s, AP, "metz")  # cut-off... no: Metz is a German fort held by the CP
    s2 = clear(game())
    control(s2, AP, "koblenz", "sedan", "nancy", "strasbourg", "verdun")
    attrition.attrition(s2)
    assert s2.ctrl[D.space("metz")] == CP  # an intact fort holds its space


@pytest.mark.rule("14.3.5")
def test_attrition_is_simultaneous():
    s = clear(game())
    # Two pockets cutting each other off: both die, neither removal saves the other.
    put(s, "ge_corps_01", "amiens")
    control(s, CP, "amiens")
    put(s, "fr_corps_01", "berlin")
    control(s, AP, "berlin")
    attrition.attrition(s)
    assert s.loc[D.unit("ge_corps_01")] == D.eliminated_box[CP]
    assert s.loc[D.unit("fr_corps_01")] == D.eliminated_box[AP]


@pytest.mark.rule("11.1.12")
def test_albania_traces_to_taranto_while_italy_is_neutral():
    s = clear(game())
    control(s, CP, "cetinje", "skopje", "florina")
    attrition.attrition(s)
    assert s.ctrl[D.space("valona")] == AP and s.ctrl[D.space("tirana")] == AP


@pytest.mark.rule("6.0C")
def test_extended_example_attrition_cambrai_supplied_through_sedan():
    # X-ATTR: at the end of T1 the CP holds Cambrai and Sedan; Cambrai traces through Sedan.
    s = clear(game())
    control(s, CP, "cambrai", "sedan")
    attrition.attrition(s)
    assert s.ctrl[D.space("cambrai")] == CP and s.ctrl[D.space("sedan")] == CP


@pytest.mark.rule("14.2.5")
@pytest.mark.rule("11.1.4")
def test_spaces_trace_across_friendly_dashed_lines_units_do_not():
    s = clear(game())
    control(s, CP, "riga")
    # Reval's only links are Russian dashed lines: a space traces across them, a British unit
    # could not (14.2.5, 11.1.4; edge case 50).
    put(s, "br_corps_01", "reval")
    assert supply.space_supplied(s, D.space("reval"))
    assert not supplied(s, "br_corps_01")
    attrition.attrition(s)
    assert s.loc[D.unit("br_corps_01")] == D.eliminated_box[AP]
    assert s.ctrl[D.space("reval")] == AP
