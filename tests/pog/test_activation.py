"""Activation (9.2): costs by nationality and the cases that change them, what may be
activated, supply frozen at activation."""

import pytest

from greatwar.pog import activation, engine
from greatwar.pog.data import AP, CP

from .helpers import D, clear, control, game, legal, operation, put


def cost(s, side, space, mode="move"):
    return activation.activation_cost(s, side, D.space(space), mode)


@pytest.mark.rule("9.2.3")
def test_cost_is_the_number_of_nationalities():
    s = clear(game())
    put(s, "fr_1", "verdun")
    assert cost(s, AP, "verdun") == 1
    put(s, "br_bef", "verdun")
    assert cost(s, AP, "verdun") == 2
    put(s, "fr_corps_01", "verdun")
    assert cost(s, AP, "verdun") == 2


@pytest.mark.rule("9.2.3")
@pytest.mark.rule("12.1.11")
def test_belgians_count_as_british_in_four_spaces_only():
    # Example R05 and the extended example: BEF + BE cost 1 in Antwerp, 2 in Brussels.
    s = clear(game())
    put(s, "br_bef", "antwerp")
    put(s, "be_1", "antwerp")
    assert cost(s, AP, "antwerp") == 1
    put(s, "br_1", "brussels")
    put(s, "be_corps_01", "brussels")
    assert cost(s, AP, "brussels") == 2


@pytest.mark.rule("9.2.3")
def test_british_family_is_one_nationality():
    s = clear(game())
    for u in ("br_1", "br_aus_corps", "br_cnd_corps"):
        put(s, u, "amiens")
    assert cost(s, AP, "amiens") == 1


@pytest.mark.rule("9.2.3")
def test_french_and_americans_in_france_and_germany_only():
    s = clear(game())
    put(s, "fr_1", "nancy")
    put(s, "us_1", "nancy")
    assert cost(s, AP, "nancy") == 1
    put(s, "fr_2", "milan")
    put(s, "us_2", "milan")
    assert cost(s, AP, "milan") == 2


@pytest.mark.rule("9.2.3")
def test_sn_is_turkish_and_mn_serbian():
    s = clear(game())
    put(s, "tu_corps_01", "libya")
    put(s, "tu_sn_corps", "libya")
    assert cost(s, CP, "libya") == 1
    put(s, "mn_corps_01", "cetinje")
    put(s, "sb_corps_01", "cetinje")
    assert cost(s, AP, "cetinje") == 1


@pytest.mark.rule("9.2.4")
def test_out_of_supply_units_still_count():
    s = clear(game())
    put(s, "fr_1", "metz")  # deep in German-held country: out of supply
    put(s, "br_1", "metz")
    control(s, AP, "metz")
    assert cost(s, AP, "metz") == 2


@pytest.mark.rule("9.2.2")
@pytest.mark.rule("16.4.5")
def test_fall_of_the_tsar_combat_cost_per_russian_unit():
    s = clear(game())
    for u in ("ru_1", "ru_2", "ru_corps_01"):
        put(s, u, "warsaw")
    assert cost(s, AP, "warsaw", "attack") == 1
    s.events["fall_of_the_tsar"] = 14
    assert cost(s, AP, "warsaw", "attack") == 3
    assert cost(s, AP, "warsaw", "move") == 1


@pytest.mark.rule("9.2.2")
@pytest.mark.rule("16.4.5")
@pytest.mark.card("cp52")
def test_fall_of_the_tsar_combat_cost_counts_every_unit_in_a_russian_space():
    # A Russian army with two Romanian corps: one OPS per unit, not per Russian unit plus one
    # for the Romanians; a space without Russian units keeps the nationality cost.
    s = clear(game())
    s.events["fall_of_the_tsar"] = 14
    for u in ("ru_1", "ro_corps_01", "ro_corps_02"):
        put(s, u, "bucharest")
    for u in ("ro_corps_03", "ro_corps_04"):
        put(s, u, "constanta")
    assert cost(s, AP, "bucharest", "attack") == 3
    assert cost(s, AP, "bucharest", "move") == 2
    assert cost(s, AP, "constanta", "attack") == 1


@pytest.mark.rule("9.2.7.1")
def test_mef_beachhead_cost():
    # Example R01: MEF + two British corps supplied through the beachhead cost 3 + 1 + 1.
    s = clear(game())
    s.at_war["tu"] = 1
    s.flags["mef_beachhead"] = D.space("mef1")
    for u in ("br_mef", "br_corps_01", "br_corps_02"):
        put(s, u, "mef1")
    assert cost(s, AP, "mef1") == 5
    s.flags["mef_normal"] = 1  # the MEF entered as a normal reinforcement (9.5.3.4)
    assert cost(s, AP, "mef1") == 1


@pytest.mark.rule("9.2.3")
def test_moltke_charges_the_cp_per_unit_in_belgium_and_france():
    s = clear(game())
    put(s, "ge_1", "liege")
    put(s, "ge_2", "liege")
    put(s, "ge_3", "aachen")
    put(s, "ge_4", "aachen")
    s.events["moltke"] = 1
    assert cost(s, CP, "liege") == 2 and cost(s, CP, "aachen") == 1
    s.events["falkenhayn"] = 2
    assert cost(s, CP, "liege") == 1


@pytest.mark.rule("9.2.3")
def test_sud_army_and_eleventh_army():
    s = clear(game())
    put(s, "ah_1", "lemberg")
    put(s, "ge_corps_01", "lemberg")
    assert cost(s, CP, "lemberg") == 2
    s.events["sud_army"] = 3
    assert cost(s, CP, "lemberg") == 1
    put(s, "ge_11", "warsaw")
    put(s, "ah_corps_01", "warsaw")
    assert cost(s, CP, "warsaw") == 2
    s.events["eleventh_army"] = 5
    assert cost(s, CP, "warsaw") == 1


@pytest.mark.rule("9.2.3")
def test_everyone_into_battle():
    s = clear(game())
    for u in ("fr_1", "br_1", "us_1"):
        put(s, u, "cambrai")
    assert cost(s, AP, "cambrai") == 2
    s.tflags["everyone_into_battle"] = 1
    assert cost(s, AP, "cambrai") == 1


@pytest.mark.rule("9.2.6")
def test_only_occupied_spaces_are_activated():
    s = clear(game())
    put(s, "ge_1", "koblenz")
    operation(s, CP, 3)
    acts = [a for a in legal(s) if a.startswith("activate")]
    assert acts == ["activate move koblenz"] or "activate move koblenz" in acts
    assert not any("metz" in a for a in acts)  # Metz: a German fort, no unit


@pytest.mark.rule("9.2.1")
@pytest.mark.rule("9.2.5")
@pytest.mark.rule("3.0-activated")
def test_activation_spends_ops_and_a_space_is_activated_once():
    s = clear(game())
    put(s, "ge_1", "koblenz")
    put(s, "fr_1", "verdun")
    put(s, "br_1", "verdun")
    put(s, "ge_2", "metz")
    operation(s, CP, 2)
    engine.apply(s, "activate move koblenz")
    assert "activate move koblenz" not in legal(s)
    engine.apply(s, "activate move metz")
    assert engine.step_name(s) == "movement"  # no OPS left: activation ends by itself


@pytest.mark.rule("14.1.1.1")
@pytest.mark.rule("14.3.1")
def test_supply_is_frozen_at_activation():
    s = clear(game())
    put(s, "ge_1", "orleans")  # cut off in Allied France
    put(s, "ge_2", "koblenz")
    operation(s, CP, 2)
    engine.apply(s, "activate move koblenz")
    assert "activate move orleans" not in legal(s)  # nobody there could act
    engine.apply(s, "done")
    assert all("ge_1" not in a for a in legal(s))


@pytest.mark.rule("9.2.7")
def test_near_east_combat_activation_count():
    s = clear(game())
    s.at_war["tu"] = 1
    assert activation.ne_combat_counts(s, D.space("baghdad"))
    assert activation.ne_combat_counts(s, D.space("constantinople"))
    assert not activation.ne_combat_counts(s, D.space("gallipoli"))
    s.flags["mef_beachhead"] = D.space("mef4")
    assert not activation.ne_combat_counts(s, D.space("mef4"))
    put(s, "br_ne", "gaza")
    control(s, AP, "gaza")
    assert not activation.ne_combat_counts(s, D.space("gaza"))


@pytest.mark.rule("8.1.3")
def test_automatic_operation_has_one_ops():
    s = game()
    engine.apply(s, "play auto")
    assert engine.step_name(s) == "operation" and s.stack[-1]["ops"] == 1


@pytest.mark.rule("14.1.1.1")
def test_units_supplied_at_activation_may_move_even_if_cut_later():
    s = clear(game())
    u = put(s, "ge_1", "koblenz")
    put(s, "ge_2", "frankfurt")
    operation(s, CP, 2)
    engine.apply(s, "activate move koblenz")
    # The line is cut after the markers are placed: the unit still moves.
    from greatwar.pog import board, supply

    for x in D.adj[D.space("koblenz")]:
        board.set_control(s, x, AP)
    assert not supply.unit_supplied(s, u)
    engine.apply(s, "done")
    assert any(a.startswith("move ge_1 ") for a in legal(s))


@pytest.mark.rule("9.2.7")
def test_r15_one_near_east_combat_activation_a_round():
    # Example R15: one Near East space for combat, plus Gallipoli (off the Near East map), the
    # MEF Beachhead space and the BR NE Army's space; never a second ordinary one.
    s = clear(game())
    s.turn = 8
    s.at_war["tu"] = 1
    s.flags["mef_beachhead"] = D.space("mef1")
    put(s, "br_corps_01", "mef1")
    control(s, AP, "mef1", "gallipoli", "baghdad", "kut", "qurna", "gaza", "sinai")
    put(s, "br_corps_02", "gallipoli")
    put(s, "br_corps_03", "kut")
    put(s, "br_corps_04", "baghdad")
    put(s, "br_ne", "gaza")
    operation(s, AP, 9)
    engine.apply(s, "activate attack kut")
    acts = legal(s)
    assert "activate attack baghdad" not in acts  # a second Near East combat activation
    assert "activate move baghdad" in acts  # movement activations are not limited
    for x in ("gallipoli", "mef1", "gaza"):
        assert f"activate attack {x}" in acts, x
