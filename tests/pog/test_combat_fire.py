"""Fire tables, column shifts and terrain effects (12.2.7-12.2.9, 11.2.8-11.2.9): the lookup
data points of requirements 4.5."""

from __future__ import annotations

import pytest

from greatwar.pog import board
from greatwar.pog.combat import fire
from greatwar.pog.combat.fire import ARMY, CORPS
from greatwar.pog.data import AP, CP

from .helpers import D, activate, play, position, put

# (table, column label after shifts, modified die, expected Loss Number) from 4.5.
LOOKUPS = [
    ("army", "6-8", 3, 4),
    ("army", "6-8", 4, 4),
    ("army", "6-8", 5, 5),
    ("army", "9-11", 1, 3),
    ("army", "9-11", 4, 5),
    ("army", "9-11", 5, 5),
    ("army", "9-11", 6, 7),
    ("army", "12-14", 6, 7),
    ("army", "15", 2, 5),
    ("army", "15", 4, 7),
    ("army", "15", 6, 7),
    ("army", "3", 2, 2),
    ("army", "3", 3, 2),
    ("army", "3", 5, 3),
    ("army", "2", 3, 2),
    ("army", "2", 6, 3),
    ("army", "1", 5, 2),
    ("corps", "1", 4, 1),
]


@pytest.mark.rule("12.2.9")
@pytest.mark.rule("12.4.1")
@pytest.mark.parametrize("table, label, die, ln", LOOKUPS)
def test_fire_table_data_points(table, label, die, ln):
    t = ARMY if table == "army" else CORPS
    assert t.result(t.labels.index(label), die) == ln


@pytest.mark.rule("12.2.9")
def test_ranges_stated_without_dice():
    # Army column 5 always gives 2 or more (X13); the Corps table's column 1 and column 4
    # never reach 3 (X13, X16).
    five = ARMY.labels.index("5")
    assert all(ARMY.result(five, d) >= 2 for d in range(1, 7))
    for col in ("1", "4"):
        assert all(CORPS.result(CORPS.labels.index(col), d) < 3 for d in range(1, 7))


@pytest.mark.rule("12.2.8")
def test_columns_by_strength_and_edges():
    assert ARMY.labels[ARMY.column(7)] == "6-8"
    assert ARMY.labels[ARMY.column(13)] == "12-14"
    assert ARMY.labels[ARMY.column(16)] == "16+"
    assert ARMY.labels[ARMY.column(40)] == "16+"
    assert ARMY.labels[ARMY.column(0)] == "1"  # below the first column: the first
    assert CORPS.labels[CORPS.column(0)] == "0"
    assert CORPS.labels[CORPS.column(11)] == "8+"
    # Shifts are cumulative and stop at the edges.
    assert ARMY.labels[ARMY.shifted(16, -1)] == "15"  # X17: 16 CF one left
    assert ARMY.labels[ARMY.shifted(3, -2)] == "1"  # X16: trench + mountain
    assert ARMY.labels[ARMY.shifted(2, -3)] == "1"
    assert ARMY.labels[ARMY.shifted(16, 2)] == "16+"
    assert CORPS.labels[CORPS.shifted(3, 1)] == "4"
    assert ARMY.labels[ARMY.shifted(13, -2)] == "6-8"  # C2: level-2 trench
    assert ARMY.labels[ARMY.shifted(9, 1)] == "12-14"


@pytest.mark.rule("12.2.9")
def test_modified_die_is_clamped():
    col = ARMY.labels.index("6-8")
    assert ARMY.result(col, 9) == ARMY.result(col, 6)
    assert ARMY.result(col, -2) == ARMY.result(col, 1)


@pytest.mark.rule("12.2.8")
@pytest.mark.rule("11.2.8")
@pytest.mark.rule("11.2.9")
@pytest.mark.parametrize(
    "terrain_space, level, expect",
    [
        ("cambrai", 0, (0, 0)),  # clear
        ("sedan", 0, (0, 0)),  # forest: no shift (C1, X01)
        ("belfort", 0, (-1, 0)),  # mountain
        ("cambrai", 1, (-1, 1)),  # level-1 trench
        ("cambrai", 2, (-2, 1)),  # level-2 trench (C2)
        ("belfort", 1, (-2, 1)),  # trench and mountain add up (X16)
    ],
)
def test_terrain_and_trench_shifts(terrain_space, level, expect):
    s = position()
    x = D.space(terrain_space)
    put(s, "fr_corps_01", terrain_space)  # a corps benefits from the trench too (11.2.8)
    s.ctrl[x] = AP
    board.set_trench(s, x, level, AP)
    c = {"tgt": x, "side": CP, "dfn": [D.unit("fr_corps_01")], "cards": []}
    assert fire.shifts(s, c) == expect


@pytest.mark.rule("11.2.9")
@pytest.mark.rule("15.1.6")
def test_a_fort_alone_gets_no_trench_benefit():
    s = position()
    x = D.space("belfort")
    board.set_trench(s, x, 1, AP)
    c = {"tgt": x, "side": CP, "dfn": [], "cards": []}
    assert fire.shifts(s, c) == (-1, 0)  # the mountain only
    # An enemy's trench in the space never helps the defender either.
    put(s, "fr_corps_01", "belfort")
    board.set_trench(s, x, 1, CP)
    c["dfn"] = [D.unit("fr_corps_01")]
    assert fire.shifts(s, c) == (-1, 0)


@pytest.mark.rule("12.2.8")
@pytest.mark.rule("12.1.7")
def test_corps_table_and_zero_cf_corps():
    # A 0-CF corps attacking with a corps adds nothing; without an army the Corps table is used.
    s = position(turn=3)
    put(s, "ah_corps_01", "stanislau", reduced=True)  # CF 0
    put(s, "ah_corps_02", "stanislau")  # CF 1
    put(s, "ru_corps_01", "tarnopol")
    s.ctrl[D.space("tarnopol")] = AP
    s.forced = [6, 1]
    activate(s, CP, 1, ["stanislau"])
    play(s, "attack tarnopol", "with ah_corps_01", "with ah_corps_02", "done", "done", "done")
    f = next(e["a"] for e in s.log if e["k"] == "combat.fire")
    assert (f["cf"], f["table"], f["column"], f["ln"]) == (1, "corps", "1", 1)


@pytest.mark.rule("12.1.7")
@pytest.mark.rule("12.2.8")
def test_a_zero_cf_corps_may_attack_alone():
    s = position(turn=3)
    put(s, "ah_corps_01", "stanislau", reduced=True)  # CF 0
    put(s, "ru_corps_01", "tarnopol")
    s.ctrl[D.space("tarnopol")] = AP
    s.forced = [6, 1]
    activate(s, CP, 1, ["stanislau"])
    play(s, "attack tarnopol", "with ah_corps_01", "done", "done", "done")
    f = next(e["a"] for e in s.log if e["k"] == "combat.fire")
    assert (f["cf"], f["table"], f["column"], f["ln"]) == (0, "corps", "0", 1)
