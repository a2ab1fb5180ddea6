"""Entrenching (11.2.1-11.2.3), the optional roll modification (11.2.10), OOS armies (14.3.3)."""

import pytest

from greatwar.pog import board, engine
from greatwar.pog.data import CP

from .helpers import D, clear, control, game, legal, operation, put


def attempt(s, unit, die):
    """Declare an entrench attempt and finish the movement, with the die forced."""
    s.forced = [die]
    engine.apply(s, f"entrench {unit}")
    if engine.step_name(s) == "movement":
        engine.apply(s, "done")
    assert not s.forced


def entrench_ready(s, space="koblenz", ops=1):
    operation(s, CP, ops)
    engine.apply(s, f"activate move {space}")
    if engine.step_name(s) == "operation":
        engine.apply(s, "done")
    return s


@pytest.mark.rule("11.2.1")
def test_no_entrenching_before_the_entrench_event():
    s = clear(game())
    put(s, "ge_1", "koblenz")
    entrench_ready(s)
    assert not any(a.startswith("entrench") for a in legal(s))


@pytest.mark.rule("11.2.1")
@pytest.mark.rule("11.2.2")
@pytest.mark.rule("11.2.3")
def test_an_army_entrenches_on_a_roll_at_most_its_lf():
    s = clear(game())
    s.events["ap_entrench"] = 2  # either side's event allows both sides
    put(s, "ge_1", "koblenz")  # LF 3
    put(s, "ge_corps_01", "koblenz")
    entrench_ready(s)
    assert "entrench ge_corps_01" not in legal(s)  # armies only
    engine.apply(s, "entrench ge_1")
    assert not any(a.startswith("move ge_1") for a in legal(s))  # instead of moving
    s.forced = [3]
    engine.apply(s, "done")
    x = D.space("koblenz")
    assert (s.trench[x], s.tside[x]) == (1, CP)
    # A second success raises it to level 2, never beyond.
    for die, level in ((2, 2), (1, 2)):
        entrench_ready(s)
        attempt(s, "ge_1", die)
        assert s.trench[x] == level


@pytest.mark.rule("11.2.2")
def test_a_roll_above_lf_fails():
    s = clear(game())
    s.events["cp_entrench"] = 2
    put(s, "ge_1", "koblenz")
    entrench_ready(s)
    attempt(s, "ge_1", 4)
    assert s.trench[D.space("koblenz")] == 0


@pytest.mark.rule("11.2.1")
def test_one_army_per_space_and_while_besieging():
    s = clear(game())
    s.events["cp_entrench"] = 2
    put(s, "ge_1", "verdun")
    put(s, "ge_2", "verdun")
    from greatwar.pog.state import FORT_BESIEGED

    s.fort[D.space("verdun")] = FORT_BESIEGED
    put(s, "ge_3", "metz")
    control(s, CP, "sedan")
    entrench_ready(s, "verdun")
    engine.apply(s, "entrench ge_1")
    assert "entrench ge_2" not in legal(s)


@pytest.mark.rule("14.3.3")
def test_out_of_supply_armies_do_not_entrench():
    s = clear(game())
    s.events["cp_entrench"] = 2
    put(s, "ge_1", "orleans")
    put(s, "ge_2", "koblenz")
    control(s, CP, "orleans")
    operation(s, CP, 2)
    assert "activate move orleans" not in legal(s)


@pytest.mark.rule("11.2.10")
def test_trench_roll_modification_after_a_failure():
    s = clear(game("historical"))  # 5.7.4 #2 uses 11.2.10
    s.events["cp_entrench"] = 2
    put(s, "ge_1", "koblenz")
    s.round = 1
    entrench_ready(s)
    attempt(s, "ge_1", 5)  # fails: the unit gets a marker
    assert s.flags["trench_fail"] == {str(D.unit("ge_1")): s.turn * 6 + 1}
    s.round = 2  # the following round: -1
    entrench_ready(s)
    attempt(s, "ge_1", 4)
    assert s.trench[D.space("koblenz")] == 1  # 4 - 1 = 3 <= LF 3


@pytest.mark.rule("11.2.10")
def test_marker_lapses_without_an_attempt_and_not_for_other_nations():
    s = clear(game("historical"))
    s.events["cp_entrench"] = 2
    put(s, "ge_1", "koblenz")
    s.round = 1
    entrench_ready(s)
    attempt(s, "ge_1", 5)
    s.round = 3  # round 2 passed without an attempt: no modifier any more
    entrench_ready(s)
    attempt(s, "ge_1", 4)
    assert s.trench[D.space("koblenz")] == 0
    s2 = clear(game("historical"))
    s2.events["cp_entrench"] = 2
    put(s2, "ah_1", "cracow")  # AH units never get the marker
    s2.round = 1
    entrench_ready(s2, "cracow")
    attempt(s2, "ah_1", 6)
    assert s2.flags.get("trench_fail", {}) == {}


@pytest.mark.rule("11.2.10")
def test_no_modification_without_the_option():
    s = clear(game("campaign"))
    s.events["cp_entrench"] = 2
    put(s, "ge_1", "koblenz")
    s.round = 1
    entrench_ready(s)
    attempt(s, "ge_1", 5)
    assert s.flags.get("trench_fail", {}) == {}


def test_board_trench_helpers():
    s = clear(game())
    board.set_trench(s, D.space("sedan"), 0, CP)
    assert s.tside[D.space("sedan")] == -1
