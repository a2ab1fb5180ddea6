"""Movement (11.1, 11.3), besieging on the move (11.1.8, 15.1.1, 15.2.1-15.2.4), trenches
captured on entry (11.2.5-11.2.6)."""

import pytest

from greatwar.pog import board, engine
from greatwar.pog.data import AP, CP
from greatwar.pog.state import FORT_BESIEGED, FORT_INTACT

from .helpers import D, at, clear, control, game, legal, operation, play, put


def moving(s, side, *spaces, ops=None, attack=()):
    """Activate ``spaces`` for movement (and ``attack`` for combat) and reach the movement."""
    operation(s, side, ops or (len(spaces) + len(attack)) * 3)
    for x in spaces:
        engine.apply(s, f"activate move {x}")
    for x in attack:
        s.stack[-1]["attacks"].append(D.space(x))
    if engine.step_name(s) == "operation":
        engine.apply(s, "done")
    assert engine.step_name(s) == "movement"
    return s


def moves_of(s, unit):
    return sorted(a.split()[2] for a in legal(s) if a.startswith(f"move {unit} "))


@pytest.mark.rule("11.1.3")
@pytest.mark.rule("11.1.2")
def test_moves_follow_connections():
    s = clear(game())
    put(s, "ge_1", "koblenz")
    moving(s, CP, "koblenz")
    assert moves_of(s, "ge_1") == ["aachen", "frankfurt", "liege", "metz", "sedan"]


@pytest.mark.rule("11.1.5")
def test_movement_factor_limits_the_spaces_entered():
    s = clear(game())
    put(s, "ge_1", "koblenz")  # MF 3
    moving(s, CP, "koblenz")
    engine.apply(s, "move ge_1 aachen")
    engine.apply(s, "move ge_1 essen")
    engine.apply(s, "move ge_1 bremen")
    # Three spaces entered: the unit has stopped and no further move is offered.
    assert moves_of(s, "ge_1") == []
    assert s.loc[D.unit("ge_1")] == D.space("bremen")


@pytest.mark.rule("11.1.1")
def test_one_stack_at_a_time():
    s = clear(game())
    put(s, "ge_1", "koblenz")
    put(s, "ge_2", "koblenz")
    put(s, "ge_3", "frankfurt")
    moving(s, CP, "koblenz", "frankfurt")
    engine.apply(s, "move ge_1 aachen")
    assert moves_of(s, "ge_3") == [] and moves_of(s, "ge_2") == []  # ge_1 is moving
    engine.apply(s, "done")  # ge_1 stops
    assert moves_of(s, "ge_3") == [] and moves_of(s, "ge_2")  # the Koblenz stack goes on
    engine.apply(s, "done")  # the Koblenz stack is finished
    assert moves_of(s, "ge_3")


@pytest.mark.rule("11.1.4")
def test_restricted_connection_london_calais():
    # Example R04: only British units may cross the London lines.
    s = clear(game())
    put(s, "br_1", "london")
    put(s, "fr_corps_01", "calais")
    moving(s, AP, "london", "calais")
    assert "calais" in moves_of(s, "br_1")
    assert "london" not in moves_of(s, "fr_corps_01")


@pytest.mark.rule("11.1.6")
def test_pass_through_but_not_stop_in_an_attack_space():
    s = clear(game())
    put(s, "ge_corps_01", "aachen")  # MF 4
    put(s, "ge_2", "koblenz")
    moving(s, CP, "aachen", attack=("koblenz",))
    engine.apply(s, "move ge_corps_01 koblenz")
    assert "done" not in legal(s)  # may not stop in Koblenz
    engine.apply(s, "move ge_corps_01 frankfurt")
    assert "done" in legal(s)


@pytest.mark.rule("11.1.7")
def test_no_entry_into_enemy_units():
    s = clear(game())
    put(s, "ge_1", "koblenz")
    put(s, "fr_1", "sedan")
    moving(s, CP, "koblenz")
    assert "sedan" not in moves_of(s, "ge_1")


@pytest.mark.rule("11.1.14")
@pytest.mark.rule("3.0-vp-vp-space")
@pytest.mark.rule("3.0-control")
def test_entering_takes_control_and_vp():
    s = clear(game())
    put(s, "ge_corps_01", "breslau")
    moving(s, CP, "breslau")
    vp = s.vp
    engine.apply(s, "move ge_corps_01 lodz")  # a VP space in the classic set
    assert s.ctrl[D.space("lodz")] == CP and s.vp == vp + 1
    engine.apply(s, "move ge_corps_01 plock")
    assert s.ctrl[D.space("plock")] == CP and s.vp == vp + 1


@pytest.mark.rule("11.1.14")
def test_the_move_is_logged_before_the_control_and_vp_it_causes():
    s = clear(game())
    put(s, "ge_corps_01", "breslau")
    moving(s, CP, "breslau")
    start = len(s.log)
    engine.apply(s, "move ge_corps_01 lodz")
    keys = [e["k"] for e in s.log[start:]]
    assert keys == ["move", "vp.space"]
    engine.apply(s, "move ge_corps_01 plock")
    assert [e["k"] for e in s.log[start + 2 :]] == ["move", "control"]


@pytest.mark.rule("11.1.8")
@pytest.mark.rule("15.2.1")
@pytest.mark.rule("15.1.1")
def test_an_army_besieges_verdun_and_stops():
    # Example R14: one army (full or reduced) besieges Verdun (LF 3).
    s = clear(game())
    put(s, "ge_4", "metz", reduced=True)
    moving(s, CP, "metz")
    assert "verdun" in moves_of(s, "ge_4")
    engine.apply(s, "move ge_4 verdun")
    v = D.space("verdun")
    assert s.fort[v] == FORT_BESIEGED and s.ctrl[v] == AP  # 15.1.10
    assert moves_of(s, "ge_4") == []  # 15.1.1: it stops


@pytest.mark.rule("11.1.8")
@pytest.mark.rule("15.2.1")
def test_two_corps_cannot_besiege_verdun():
    s = clear(game())
    put(s, "ge_corps_01", "metz")
    put(s, "ge_corps_02", "metz")
    moving(s, CP, "metz")
    assert "verdun" not in moves_of(s, "ge_corps_01")


@pytest.mark.rule("11.1.8")
@pytest.mark.rule("15.2.1")
def test_three_corps_besiege_verdun_one_after_another():
    s = clear(game())
    for c in ("ge_corps_01", "ge_corps_02", "ge_corps_03"):
        put(s, c, "metz")
    moving(s, CP, "metz")
    v = D.space("verdun")
    engine.apply(s, "move ge_corps_01 verdun")
    # The siege must be completed this round: the stack may not finish before it is.
    assert s.fort[v] == FORT_INTACT and "done" not in legal(s)
    assert "verdun" in moves_of(s, "ge_corps_02")
    engine.apply(s, "move ge_corps_02 verdun")
    engine.apply(s, "move ge_corps_03 verdun")
    assert s.fort[v] == FORT_BESIEGED


@pytest.mark.rule("15.2.2")
def test_a_besieged_fort_is_passed_by_later_units():
    s = clear(game())
    put(s, "ge_4", "metz")
    put(s, "ge_corps_01", "metz")
    moving(s, CP, "metz")
    engine.apply(s, "move ge_4 verdun")
    engine.apply(s, "move ge_corps_01 verdun")
    engine.apply(s, "move ge_corps_01 bar_le_duc")
    assert s.loc[D.unit("ge_corps_01")] == D.space("bar_le_duc")


@pytest.mark.rule("15.2.4")
def test_besiegers_may_leave_together_but_not_leave_the_fort_occupied_unbesieged():
    # Three corps besiege Verdun (LF 3). 15.2.4 judges the fort at the end of the round: they
    # may all march off, one after another, but not leave two of them in an unbesieged fort.
    s = clear(game())
    for c in ("ge_corps_01", "ge_corps_02", "ge_corps_03"):
        put(s, c, "verdun")
    v = D.space("verdun")
    s.fort[v] = FORT_BESIEGED
    moving(s, CP, "verdun")
    assert "sedan" in moves_of(s, "ge_corps_01")
    play(s, "move ge_corps_01 sedan", "done")
    assert s.fort[v] == FORT_INTACT  # two corps no longer besiege it...
    assert "done" not in legal(s)  # ...so the Verdun stack may not finish yet
    play(s, "move ge_corps_02 sedan", "done")
    assert "done" not in legal(s)
    play(s, "move ge_corps_03 sedan", "done")
    assert engine.step_name(s) != "movement"
    assert not board.units_in(s, v) and s.fort[v] == FORT_INTACT


@pytest.mark.rule("15.2.4")
def test_a_besieger_may_leave_if_the_rest_still_besieges():
    s = clear(game())
    for c in ("ge_corps_01", "ge_corps_02", "ge_corps_03", "ge_corps_04"):
        put(s, c, "verdun")
    v = D.space("verdun")
    s.fort[v] = FORT_BESIEGED
    moving(s, CP, "verdun")
    play(s, "move ge_corps_01 sedan", "done", "done")  # three corps still besiege Verdun
    assert engine.step_name(s) != "movement" and s.fort[v] == FORT_BESIEGED


@pytest.mark.rule("11.1.9")
@pytest.mark.rule("16.1.5")
def test_channel_ports_before_race_to_the_sea():
    s = clear(game())
    put(s, "ge_corps_01", "cambrai")
    control(s, CP, "cambrai", "sedan")
    moving(s, CP, "cambrai")
    engine.apply(s, "move ge_corps_01 amiens")
    assert "done" not in legal(s)  # may not end in Amiens...
    assert s.ctrl[D.space("amiens")] == CP  # ...but takes control passing through
    s = clear(game())
    put(s, "ge_corps_01", "cambrai")
    control(s, CP, "cambrai", "sedan")
    s.ws[CP] = 4
    moving(s, CP, "cambrai")
    engine.apply(s, "move ge_corps_01 amiens")
    assert "done" in legal(s)


@pytest.mark.rule("11.1.10")
def test_mef_beaches_need_the_beachhead():
    s = clear(game())
    s.at_war["tu"] = 1
    put(s, "tu_corps_02", "gallipoli")
    moving(s, CP, "gallipoli")
    assert "mef1" not in moves_of(s, "tu_corps_02")


@pytest.mark.rule("11.1.11")
@pytest.mark.rule("11.1.12")
def test_neutral_nations_closed_albania_open():
    s = clear(game())
    put(s, "ah_corps_01", "trent")
    put(s, "mn_corps_01", "cetinje")
    put(s, "sb_1", "nis")
    moving(s, CP, "trent")
    assert moves_of(s, "ah_corps_01") == ["innsbruck"]  # Verona, Asiago: neutral Italy
    s = clear(game())
    put(s, "ah_corps_01", "mostar")
    moving(s, CP, "mostar")
    engine.apply(s, "move ah_corps_01 cetinje")
    assert "tirana" in moves_of(s, "ah_corps_01")  # Albania is always open


@pytest.mark.rule("11.1.17")
def test_bef_stays_in_britain_france_belgium_germany():
    s = clear(game())
    put(s, "br_bef", "nancy")
    moving(s, AP, "nancy")
    engine.apply(s, "move br_bef belfort")
    assert "dijon" in moves_of(s, "br_bef")  # still France
    s = clear(game())
    s.at_war["it"] = 1
    put(s, "br_bef", "grenoble")
    put(s, "br_1", "nice")
    moving(s, AP, "grenoble", "nice")
    assert "turin" not in moves_of(s, "br_bef")
    assert "turin" in moves_of(s, "br_1")


@pytest.mark.rule("11.2.5")
@pytest.mark.rule("11.2.6")
def test_entering_enemy_trenches():
    from greatwar.pog import board

    s = clear(game())
    put(s, "ge_corps_01", "koblenz")
    board.set_trench(s, D.space("sedan"), 1, AP)
    board.set_trench(s, D.space("cambrai"), 2, AP)
    moving(s, CP, "koblenz")
    engine.apply(s, "move ge_corps_01 sedan")
    assert s.trench[D.space("sedan")] == 0
    engine.apply(s, "move ge_corps_01 cambrai")
    assert s.trench[D.space("cambrai")] == 1 and s.tside[D.space("cambrai")] == CP


@pytest.mark.rule("11.3.1")
def test_only_near_east_armies_enter_the_near_east():
    s = clear(game())
    s.at_war["tu"] = 1
    put(s, "br_1", "port_said")  # not a Near East army: stuck on the Near East map
    put(s, "br_ne", "cairo")
    put(s, "br_corps_01", "alexandria")
    moving(s, AP, "port_said", "cairo", "alexandria")
    assert moves_of(s, "br_1") == []
    assert "sinai" in moves_of(s, "br_ne")
    assert "cairo" in moves_of(s, "br_corps_01")


@pytest.mark.rule("11.3.2")
def test_one_russian_corps_a_turn_across_the_caucasus():
    s = clear(game())
    put(s, "ru_corps_01", "caucasus")
    put(s, "ru_corps_02", "caucasus")
    put(s, "ru_1", "caucasus")
    moving(s, AP, "caucasus")
    assert "grozny" in moves_of(s, "ru_corps_01")
    assert "grozny" not in moves_of(s, "ru_1")  # never an army
    engine.apply(s, "move ru_corps_01 grozny")
    engine.apply(s, "done")
    assert "grozny" not in moves_of(s, "ru_corps_02")  # the turn's crossing is used
    assert "poti" not in moves_of(s, "ru_corps_02")


@pytest.mark.rule("11.3.2")
def test_no_caucasus_crossing_by_movement_after_the_fall_of_the_tsar():
    s = clear(game())
    s.events["fall_of_the_tsar"] = 12
    put(s, "ru_corps_01", "caucasus")
    moving(s, AP, "caucasus")
    assert "grozny" not in moves_of(s, "ru_corps_01")


@pytest.mark.rule("15.1.12")
def test_russians_do_not_enter_german_forts_on_turn_one():
    s = clear(game())
    put(s, "ru_1", "insterberg")
    control(s, AP, "insterberg")
    moving(s, AP, "insterberg")
    assert "konigsberg" not in moves_of(s, "ru_1")
    s.turn = 2
    assert "konigsberg" in moves_of(s, "ru_1")


@pytest.mark.rule("10.1.2")
def test_no_stop_in_a_full_space_nobody_can_leave():
    s = clear(game())
    for u in ("ge_1", "ge_2", "ge_3"):
        put(s, u, "aachen")
    put(s, "ge_4", "koblenz")
    moving(s, CP, "koblenz")
    play(s, "move ge_4 aachen")
    # Passing through a full space is fine; ending there is not, as the units in Aachen
    # cannot move this round to make room.
    assert "done" not in legal(s)
    assert moves_of(s, "ge_4")


@pytest.mark.rule("10.1.2")
def test_two_full_stacks_exchange_units_by_movement():
    s = clear(game())
    for c in ("ge_corps_01", "ge_corps_02", "ge_corps_03"):
        put(s, c, "aachen")
    for c in ("ge_corps_04", "ge_corps_05", "ge_corps_06"):
        put(s, c, "koblenz")
    moving(s, CP, "aachen", "koblenz")
    # Koblenz may hold four units for a while: a unit there has still to move.
    play(s, "move ge_corps_01 koblenz", "done", "done")
    assert len(board.units_in(s, D.space("koblenz"))) == 4
    assert "done" not in legal(s)  # movement cannot end with Koblenz over the limit
    play(s, "move ge_corps_04 aachen", "done", "done")
    assert engine.step_name(s) != "movement"
    assert at(s, "ge_corps_01") == "koblenz" and at(s, "ge_corps_04") == "aachen"


@pytest.mark.rule("10.1.2")
def test_an_overstack_is_allowed_only_while_it_can_be_put_right():
    # Aachen holds one mover; three Koblenz corps may join it (four units: one can leave), but
    # a fifth unit may not end there too, as only one unit in Aachen can still move.
    s = clear(game())
    put(s, "ge_corps_01", "aachen")
    for c in ("ge_corps_02", "ge_corps_03", "ge_corps_04"):
        put(s, c, "koblenz")
    put(s, "ge_corps_05", "essen")
    moving(s, CP, "aachen", "koblenz", "essen")
    for c in ("ge_corps_02", "ge_corps_03", "ge_corps_04"):
        play(s, f"move {c} aachen", "done")
    assert len(board.units_in(s, D.space("aachen"))) == 4
    play(s, "move ge_corps_05 aachen")
    assert "done" not in legal(s)  # five units, one able to leave
    play(s, "move ge_corps_05 koblenz", "done")
    assert "done" not in legal(s)
    assert moves_of(s, "ge_corps_01")
    play(s, "move ge_corps_01 essen", "done")
    assert engine.step_name(s) != "movement"


@pytest.mark.rule("5.7.4")
def test_historical_italy_restrictions():
    s = clear(game("historical"))
    s.at_war["it"] = 1
    put(s, "ge_1", "innsbruck")
    put(s, "ah_1", "innsbruck")
    moving(s, CP, "innsbruck")
    assert "trent" not in moves_of(s, "ge_1")  # no German army ends in Trent...
    assert "trent" in moves_of(s, "ah_1")
    s.commit[AP] = 2
    assert "trent" in moves_of(s, "ge_1")


@pytest.mark.rule("16.4.9")
def test_brest_litovsk_keeps_russians_apart():
    s = clear(game())
    s.events["treaty_of_brest_litovsk"] = 17
    put(s, "ru_corps_01", "warsaw")
    put(s, "fr_corps_01", "lodz")
    moving(s, AP, "warsaw")
    assert "lodz" not in moves_of(s, "ru_corps_01")


@pytest.mark.rule("11.1.13")
@pytest.mark.rule("11.1.11")
def test_persia_opens_when_turkey_enters():
    from greatwar.pog import entry

    s = clear(game())
    put(s, "br_corps_01", "basra")
    moving(s, AP, "basra")
    assert moves_of(s, "br_corps_01") == []  # Qurna (TU) and Ahwaz (PE) are neutral
    s = clear(game())
    put(s, "br_corps_01", "basra")
    entry.turkey_enters(s)
    moving(s, AP, "basra")
    assert "ahwaz" in moves_of(s, "br_corps_01")
    assert s.ctrl[D.space("ahwaz")] == AP and s.ctrl[D.space("kermanshah")] == CP


@pytest.mark.rule("9.5.2.4")
def test_limited_greek_entry_opens_empty_greek_spaces_only():
    s = clear(game())
    s.flags["salonika"] = 1
    put(s, "gr_corps_01", "florina")
    put(s, "fr_corps_01", "monastir")
    moving(s, AP, "monastir")
    assert "salonika" in moves_of(s, "fr_corps_01")
    assert "florina" not in moves_of(s, "fr_corps_01")  # holds a (neutral) Greek unit


@pytest.mark.rule("11.1.10")
@pytest.mark.rule("9.5.3.5")
def test_units_leave_the_beachhead_across_its_link():
    s = clear(game())
    s.at_war["tu"] = 1
    s.flags["mef_beachhead"] = D.space("mef1")
    put(s, "br_corps_01", "mef1")
    control(s, AP, "mef1")
    moving(s, AP, "mef1")
    assert moves_of(s, "br_corps_01") == ["gallipoli"]


@pytest.mark.rule("11.1.8")
@pytest.mark.rule("15.2.1")
def test_several_sieges_begun_in_one_round_must_all_be_completable():
    # Posen and Thorn (forts of 2) each take one corps; the third corps in Lodz could finish
    # either siege, not both: after one corps enters Posen, the other may not start Thorn.
    s = clear(game())
    s.turn = 2
    put(s, "ru_corps_01", "lodz")
    put(s, "ru_corps_02", "lodz")
    put(s, "ru_corps_03", "lodz")
    moving(s, AP, "lodz")
    engine.apply(s, "move ru_corps_01 posen")
    assert "thorn" not in moves_of(s, "ru_corps_02")
    assert "posen" in moves_of(s, "ru_corps_02")
    engine.apply(s, "move ru_corps_02 posen")
    assert s.fort[D.space("posen")] == FORT_BESIEGED
    assert "thorn" not in moves_of(s, "ru_corps_03")  # alone it cannot besiege Thorn
