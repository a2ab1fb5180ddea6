"""Who may attack what (12.1.9, 11.1.17, 11.3.1, 16.4.9, 5.7.4 #6), and the advance into a
fort's space with corps (12.7.6)."""

from __future__ import annotations

import pytest

from greatwar.pog.combat.designation import eligible
from greatwar.pog.data import AP, CP
from greatwar.pog.state import FORT_BESIEGED

from .helpers import D, at, attack, control, game, legal, play, position, put, red, step


def x(sid: str) -> int:
    return D.space(sid)


def may(s, side: int, unit: str, target: str, sel: tuple[str, ...] = ()) -> bool:
    u = D.unit(unit)
    f = {"side": side, "spaces": [s.loc[u]], "oos": [], "attacked": [], "used": [], "out": []}
    return eligible(s, f, u, x(target), [D.unit(v) for v in sel])


@pytest.mark.rule("12.1.9")
@pytest.mark.rule("11.3.2")
def test_one_russian_corps_across_the_caucasus_a_turn():
    s = position(turn=5)
    for uid in ("ru_corps_01", "ru_corps_02", "ru_3"):
        put(s, uid, "caucasus")
    put(s, "tu_corps_01", "grozny")
    control(s, CP, "grozny")
    assert may(s, AP, "ru_corps_01", "grozny")
    assert not may(s, AP, "ru_3", "grozny")  # never an army
    assert not may(s, AP, "ru_corps_02", "grozny", ("ru_corps_01",))  # one corps
    s.tflags["caucasus_move"] = 1  # the turn's crossing already made
    assert not may(s, AP, "ru_corps_01", "grozny")
    del s.tflags["caucasus_move"]
    s.events["fall_of_the_tsar"] = 4
    assert not may(s, AP, "ru_corps_01", "grozny")


@pytest.mark.rule("11.3.1")
def test_only_near_east_armies_attack_into_the_near_east():
    s = position(turn=5)
    for uid in ("br_1", "br_mef", "br_corps_01"):
        put(s, uid, "gallipoli")
    put(s, "tu_corps_01", "constantinople")
    assert not may(s, AP, "br_1", "constantinople")
    assert may(s, AP, "br_mef", "constantinople")
    assert may(s, AP, "br_corps_01", "constantinople")
    s.flags["ne_lost"] = [D.unit("br_mef")]  # a Near East army placed at home (9.5.3.4)
    assert not may(s, AP, "br_mef", "constantinople")


@pytest.mark.rule("11.1.17")
def test_bef_attacks_only_into_britain_france_belgium_germany():
    s = position(turn=5)
    put(s, "br_bef", "grenoble")
    put(s, "br_bef_corps", "grenoble")
    put(s, "fr_corps_01", "grenoble")
    put(s, "ah_corps_01", "turin")
    assert not may(s, AP, "br_bef", "turin")
    assert not may(s, AP, "br_bef_corps", "turin")
    assert may(s, AP, "fr_corps_01", "turin")


@pytest.mark.rule("16.4.9")
def test_brest_litovsk():
    s = position(turn=15)
    s.events["treaty_of_brest_litovsk"] = 15
    put(s, "ru_1", "warsaw")
    put(s, "ge_8", "lodz")
    put(s, "ge_corps_01", "lodz")
    assert not may(s, AP, "ru_1", "lodz")  # Russians no longer attack
    assert not may(s, CP, "ge_8", "warsaw")  # Russian spaces are immune...
    put(s, "ru_corps_11", "grozny")
    put(s, "tu_corps_01", "petrovsk")
    put(s, "ge_corps_02", "petrovsk")
    assert may(s, CP, "tu_corps_01", "grozny")  # ... except to Turks in the Near East
    assert not may(s, CP, "ge_corps_02", "grozny")


@pytest.mark.rule("5.7.4")
def test_historical_italy_armies():
    s = game("historical")
    s.turn = 6
    for uid in ("ge_9", "ah_7", "ge_corps_05"):
        put(s, uid, "trent")
    put(s, "it_1", "verona")
    assert not may(s, CP, "ge_9", "verona")  # until the AP is at Total War
    assert may(s, CP, "ah_7", "verona") and may(s, CP, "ge_corps_05", "verona")
    s.commit[AP] = 2
    assert may(s, CP, "ge_9", "verona")


@pytest.mark.rule("12.7.6")
@pytest.mark.rule("15.2.1")
@pytest.mark.rule("12.7.9")
def test_corps_advance_into_a_fort_space_together():
    s = position(turn=3)
    for uid in ("ge_corps_01", "ge_corps_02", "ge_corps_03"):
        put(s, uid, "metz")
    put(s, "fr_2", "nancy")
    s.trench[x("nancy")] = 0
    s.tside[x("nancy")] = -1
    s.forced = [6, 1]  # 6 CF (Corps table) die 6 -> 3; FR 5 CF (army + fort) die 1 -> 2
    attack(s, CP, 1, ["metz"], "nancy", ["ge_corps_01", "ge_corps_02", "ge_corps_03"])
    play(s, "done", "done")
    assert red(s, "fr_2")
    play(s, "lose ge_corps_01")  # the CP keeps two full corps by eliminating one
    play(s, "retreat fr_2 bar_le_duc")
    assert set(legal(s)) == {"advance ge_corps_02 nancy", "advance ge_corps_03 nancy", "done"}
    play(s, "advance ge_corps_02 nancy")
    # One corps cannot besiege a fort of 2: the second must follow before the advance ends.
    assert legal(s) == ["advance ge_corps_03 nancy"]
    play(s, "advance ge_corps_03 nancy")
    n = x("nancy")
    assert s.fort[n] == FORT_BESIEGED and s.ctrl[n] == AP
    assert at(s, "ge_corps_02") == at(s, "ge_corps_03") == "nancy"
    assert step(s) == "action_round"
