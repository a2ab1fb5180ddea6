"""Combat basics of 12.1-12.7 and 15, and the rules of single units (11.1.15, 11.1.16) and
Withdrawal (12.6) not covered elsewhere; each test marked with the rules it checks."""

import pytest

from greatwar.pog import attrition, board, engine, siege, supply
from greatwar.pog.data import AP, CP
from greatwar.pog.state import FORT_BESIEGED, FORT_DESTROYED

from .helpers import D, activate, at, attack, control, give, legal, play, position, put, red, step


def fire_by_side(s):
    return {e["s"]: e["a"] for e in s.log if e["k"] == "combat.fire"}


@pytest.mark.rule("12.1.1")
def test_combat_is_voluntary():
    s = position(turn=3)
    put(s, "ge_1", "koblenz")
    put(s, "fr_5", "sedan")
    activate(s, CP, 1, ["koblenz"])
    assert step(s) == "combat_designation" and "done" in legal(s)
    play(s, "done")
    assert step(s) == "action_round" and not s.red[D.unit("fr_5")]


@pytest.mark.rule("12.1.3")
@pytest.mark.rule("12.2.2")
@pytest.mark.rule("12.2.6")
@pytest.mark.rule("12.2.3")
@pytest.mark.rule("15.1.5")
def test_attacker_designates_then_both_card_windows_and_strengths():
    s = position(turn=3)
    put(s, "ge_1", "metz")  # Metz holds a German fort: it never adds to an attack
    put(s, "fr_1", "verdun")  # Verdun: a French fort (3) adds to the defence
    board.set_trench(s, D.space("verdun"), 0, AP)  # no trench: no trench-card window
    s.forced = [1, 1]
    activate(s, CP, 1, ["metz"])
    assert engine.to_act(s) == CP
    play(s, "attack verdun", "with ge_1", "done")
    # Step 5: the attacker's window, then the defender's (the non-active seat).
    assert engine.prompt(s) == "combat.cards" and engine.to_act(s) == CP
    play(s, "done")
    assert engine.prompt(s) == "combat.cards" and engine.to_act(s) == AP
    play(s, "done")
    fire = fire_by_side(s)
    assert fire["cp"]["cf"] == 5  # the GE 1st Army alone
    assert fire["ap"]["cf"] == 6  # the FR 1st Army (3) and the Verdun fort (3)


@pytest.mark.rule("12.1.8")
def test_only_participating_attackers_take_losses():
    s = position(turn=3)
    put(s, "ge_1", "koblenz", reduced=True)
    put(s, "ge_2", "koblenz")
    put(s, "fr_5", "sedan")
    put(s, "fr_6", "sedan")
    s.forced = [1, 6]  # GE 3 CF die 1 -> 1; FR 6 CF die 6 -> 5
    attack(s, CP, 1, ["koblenz"], "sedan", ["ge_1"])
    play(s, "done", "done")
    assert at(s, "ge_1") == "cp_eliminated_box" or at(s, "ge_1") != "koblenz"
    assert not red(s, "ge_2") and at(s, "ge_2") == "koblenz"  # did not attack: untouched


@pytest.mark.rule("12.2.13")
@pytest.mark.rule("12.7.2")
@pytest.mark.rule("12.7.8")
def test_advance_after_the_defenders_are_eliminated_only_by_the_attacker():
    s = position(turn=3)
    put(s, "ge_1", "koblenz")
    put(s, "ge_2", "koblenz")
    put(s, "fr_corps_01", "sedan")
    s.forced = [6, 1]  # 10 CF die 6 -> 7: the corps is destroyed
    attack(s, CP, 1, ["koblenz"], "sedan", ["ge_1", "ge_2"])
    play(s, "done", "done")
    assert engine.to_act(s) == CP and engine.prompt(s) == "combat.advance"
    assert {a for a in legal(s) if a != "done"} == {"advance ge_1 sedan", "advance ge_2 sedan"}
    play(s, "advance ge_1 sedan", "done")
    assert s.ctrl[D.space("sedan")] == CP


@pytest.mark.rule("12.5.7")
def test_retreating_does_not_give_up_control():
    s = position(turn=3)
    put(s, "ge_1", "koblenz")
    put(s, "fr_1", "sedan")
    s.forced = [4, 1]  # 5 CF die 4 -> 4: the army loses a step; FR 3 CF die 1 -> 1
    attack(s, CP, 1, ["koblenz"], "sedan", ["ge_1"])
    play(s, "done", "done")
    for _ in range(10):
        p = engine.prompt(s)
        if p == "combat.advance" or step(s) == "action_round":
            break
        if p == "combat.retreat_or_cancel":
            play(s, "choose retreat")
        else:
            play(s, legal(s)[0])
    assert at(s, "fr_1") != "sedan"
    assert s.ctrl[D.space("sedan")] == AP  # the defenders left, nobody advanced yet
    assert engine.prompt(s) == "combat.advance"
    play(s, "done")
    assert s.ctrl[D.space("sedan")] == AP


@pytest.mark.rule("12.7.5")
@pytest.mark.rule("12.7.3")
def test_advance_never_into_enemy_units():
    s = position(turn=3)
    put(s, "ge_1", "koblenz")
    put(s, "ge_2", "koblenz")
    put(s, "ge_3", "koblenz")
    put(s, "fr_5", "sedan")
    put(s, "fr_corps_01", "chateau_thierry")
    s.forced = [6, 1]  # 15 CF die 6 -> 7 against a lone army: eliminated? (LF 3, reduced 3)
    s.red[D.unit("fr_5")] = 0
    attack(s, CP, 1, ["koblenz"], "sedan", ["ge_1", "ge_2", "ge_3"])
    play(s, "done", "done")
    advances = {a for a in legal(s) if a.startswith("advance ")}
    assert all("chateau_thierry" not in a for a in advances)


@pytest.mark.rule("15.3.1")
@pytest.mark.rule("15.3.2")
def test_every_besieged_fort_is_rolled_for():
    s = position(turn=3)
    put(s, "ge_1", "verdun")
    put(s, "ge_2", "nancy")
    for x in ("verdun", "nancy"):
        s.fort[D.space(x)] = FORT_BESIEGED
    board.invalidate(s)
    s.forced = [6, 1]
    siege.siege_phase(s)
    rolls = [e["a"]["space"] for e in s.log if e["k"] == "siege.roll"]
    assert sorted(rolls) == ["nancy", "verdun"]
    assert s.fort[D.space("verdun")] == 2 and s.ctrl[D.space("verdun")] == CP  # 6 > 3
    assert s.fort[D.space("nancy")] == FORT_BESIEGED  # 1 is not above 2


@pytest.mark.rule("12.6.1")
@pytest.mark.rule("12.6.2")
@pytest.mark.rule("12.3.4.2")
@pytest.mark.card("ap06")
def test_withdrawal_is_played_after_the_flank_roll_and_still_works_when_it_failed():
    s = position(turn=3)
    put(s, "br_1", "sedan")
    put(s, "br_corps_01", "sedan")
    put(s, "ge_1", "koblenz")
    put(s, "ge_2", "liege")
    control(s, CP, "liege")
    give(s, AP, "ap06")
    s.forced = [1, 2, 1]  # flank die 1 (+1 at most): fails; the AP fires first, then the CP
    attack(s, CP, 2, ["koblenz", "liege"], "sedan", ["ge_1", "ge_2"])
    assert step(s) == "combat_flank"
    play(s, "pin koblenz")
    assert any(e["k"] == "combat.flank" for e in s.log)
    play(s, "done")  # CP cards
    assert "cc ap06" in legal(s)  # Withdrawal offered after the flank roll
    play(s, "cc ap06", "done")
    restored = [e for e in s.log if e["k"] in ("combat.step_restored", "combat.withdrawal_nothing")]
    while not restored and step(s) != "action_round":
        play(s, legal(s)[0])
        restored = [
            e for e in s.log if e["k"] in ("combat.step_restored", "combat.withdrawal_nothing")
        ]
    assert restored


@pytest.mark.rule("12.6.6")
@pytest.mark.rule("12.6.7")
@pytest.mark.rule("12.6.4")
@pytest.mark.card("ap06")
def test_withdrawal_restores_an_army_step_and_always_retreats():
    s = position(turn=3)
    put(s, "br_1", "sedan")
    put(s, "ge_1", "koblenz")
    give(s, AP, "ap06")
    s.forced = [4, 1]  # 5 CF die 4 -> 3: the army loses one step; BR 4 CF die 1 -> 2
    attack(s, CP, 1, ["koblenz"], "sedan", ["ge_1"])
    play(s, "done", "cc ap06", "done")
    while step(s) != "action_round" and engine.prompt(s) != "combat.retreat":
        play(s, legal(s)[0])
    assert not red(s, "br_1")  # 12.6.6: no corps step lost, so the army step comes back
    assert engine.prompt(s) == "combat.retreat"  # 12.6.4: the retreat is required
    s2 = position(turn=3)
    put(s2, "br_1", "sedan")
    put(s2, "ge_1", "koblenz", reduced=True)
    give(s2, AP, "ap06")
    s2.forced = [1, 6]  # 3 CF die 1 -> 1: nothing lost; the CP loses the combat
    attack(s2, CP, 1, ["koblenz"], "sedan", ["ge_1"])
    play(s2, "done", "cc ap06", "done")
    while step(s2) != "action_round" and engine.prompt(s2) != "combat.retreat":
        play(s2, legal(s2)[0])
    assert engine.prompt(s2) == "combat.retreat"  # 12.6.7: still one space back


@pytest.mark.rule("11.1.15")
def test_the_ana_holds_a_space_only_while_it_is_there():
    from .helpers import operation

    s = position(turn=8)
    s.at_war["tu"] = 1
    put(s, "br_ana_corps", "arabia")
    control(s, CP, "aqaba", "medina")
    vp = s.vp
    operation(s, AP, 1)
    play(s, "activate move arabia")
    play(s, "move br_ana_corps medina")  # Medina is a VP space
    assert s.ctrl[D.space("medina")] == AP and s.vp == vp - 1
    play(s, "move br_ana_corps arabia")
    assert s.ctrl[D.space("medina")] == CP and s.vp == vp  # the ANA left: back to the CP


@pytest.mark.rule("11.1.15")
def test_a_space_taken_by_another_allied_unit_stays_allied():
    s = position(turn=8)
    s.at_war["tu"] = 1
    x = D.space("medina")
    control(s, CP, "medina")
    put(s, "br_ana_corps", "arabia")
    board.relocate(s, D.unit("br_ana_corps"), x)
    board.ana_arrives(s, x)
    assert s.ctrl[x] == AP
    from greatwar.pog import movement

    put(s, "br_corps_01", "aqaba")
    movement.enter(s, D.unit("br_corps_01"), x)
    board.relocate(s, D.unit("br_ana_corps"), D.space("arabia"))
    assert s.ctrl[x] == AP


@pytest.mark.rule("11.1.15")
@pytest.mark.rule("12.5.5")
def test_a_unit_that_retreats_into_a_space_the_ana_holds_keeps_it_allied():
    s = position(turn=8)
    s.at_war["tu"] = 1
    sinai = D.space("sinai")
    put(s, "br_ana_corps", "sinai")
    board.ana_arrives(s, sinai)
    put(s, "br_ne", "beersheba")
    control(s, AP, "beersheba")
    s.fort[D.space("beersheba")] = FORT_DESTROYED
    for u in ("tu_corps_01", "tu_corps_02", "tu_yld"):
        put(s, u, "jerusalem")
    s.forced = [4, 1]  # the CP wins by one: a one-space retreat, and Sinai is the only way
    attack(s, CP, 3, ["jerusalem"], "beersheba", ["tu_corps_01", "tu_corps_02", "tu_yld"])
    while step(s) != "action_round" and engine.prompt(s) != "combat.advance":
        play(s, legal(s)[0])
    assert at(s, "br_ne") == "sinai"
    board.relocate(s, D.unit("br_ana_corps"), D.space("port_said"))  # the ANA leaves
    assert s.ctrl[sinai] == AP


@pytest.mark.rule("11.1.16")
@pytest.mark.rule("14.3.6")
def test_spaces_the_senussi_converts_suffer_attrition():
    s = position(turn=8)
    s.at_war["tu"] = 1
    sn = put(s, "tu_sn_corps", "alexandria")
    control(s, CP, "alexandria", "libya", "cairo")
    control(s, AP, "sinai", "port_said")
    assert supply.unit_supplied(s, sn)  # always supplied on the Near East map
    attrition.attrition(s)
    assert s.ctrl[D.space("alexandria")] == CP  # the space it occupies stays
    assert s.ctrl[D.space("cairo")] == AP  # a converted space out of supply does not
