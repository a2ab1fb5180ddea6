"""The combat examples of the rulebook (requirements 4.2: C1, C2) and the rule-text examples
R07-R12 (requirements 4.1), with the rulebook's dice forced."""

from __future__ import annotations

import pytest

from greatwar.pog import board
from greatwar.pog.data import AP, CP
from greatwar.pog.state import State

from .helpers import (
    RB,
    D,
    activate,
    at,
    attack,
    control,
    give,
    legal,
    play,
    position,
    put,
    red,
    step,
)


@pytest.mark.rule("12.3.2")
@pytest.mark.rule("12.3.3")
@pytest.mark.rule("12.4.4")
@pytest.mark.rule("12.5.3")
@pytest.mark.rule("12.7.3")
@pytest.mark.rule("12.7.1")
def test_c1_tannenberg():
    s = position()
    put(s, "ge_8", "insterberg")
    put(s, "ge_corps_02", "danzig")
    put(s, "ru_2", "tannenberg")
    control(s, AP, "tannenberg")
    put(s, "ru_corps_01", RB[AP])
    s.forced = [3, 3, 4]  # flank, GE fire, RU fire
    attack(s, CP, 2, ["insterberg", "danzig"], "tannenberg", ["ge_8", "ge_corps_02"])
    assert step(s) == "combat_flank"
    assert {a for a in legal(s) if not a.startswith("cc ")} == {
        "pin insterberg",
        "pin danzig",
        "noflank",
    }
    play(s, "pin insterberg")  # 3 + 1 (Danzig touches no other enemy) = 4: success
    play(s, "done", "done")  # no combat cards
    # GE fire first: 7 CF, Army 6-8, die 3 -> 4; RU 2nd loses two steps, a corps replaces it;
    # the corps fires 1 CF on the Corps table, die 4 -> 1; the GE corps is reduced.
    assert s.loc[D.unit("ru_2")] == D.eliminated_box[AP]
    assert at(s, "ru_corps_01") == "tannenberg" and not red(s, "ru_corps_01")
    assert red(s, "ge_corps_02") and not red(s, "ge_8")
    # CP wins 4-1: a two-space retreat, which the forest would let the RU cancel.
    assert set(legal(s)) == {"choose retreat", "choose cancel"}
    play(s, "choose retreat", "retreat ru_corps_01 plock", "retreat ru_corps_01 warsaw")
    assert at(s, "ru_corps_01") == "warsaw"
    # Only the full-strength GE 8th may advance; it stops in the forest.
    assert legal(s) == ["advance ge_8 tannenberg", "done"]
    play(s, "advance ge_8 tannenberg")
    assert at(s, "ge_8") == "tannenberg" and s.ctrl[D.space("tannenberg")] == CP
    assert step(s) == "action_round"  # nothing left to attack: the operation is over


@pytest.mark.rule("12.1.11.1")
@pytest.mark.rule("12.2.8")
@pytest.mark.rule("12.4.5")
@pytest.mark.rule("12.2.11")
@pytest.mark.rule("11.2.8")
@pytest.mark.card("cp18")
def test_c2_cambrai():
    s = position(turn=10)
    put(s, "br_3", "amiens")
    put(s, "br_4", "amiens")
    put(s, "br_cnd_corps", "chateau_thierry", reduced=True)
    put(s, "fr_6", "chateau_thierry")
    for u in ("ge_2", "ge_corps_03", "ge_corps_04"):
        put(s, u, "cambrai")
    control(s, CP, "cambrai", "sedan")  # supplied through Sedan and Koblenz
    board.set_trench(s, D.space("cambrai"), 2, CP)
    give(s, CP, "cp18")
    s.forced = [4, 5]  # AP fire, CP fire
    activate(s, AP, 3, ["amiens", "chateau_thierry"])
    play(s, "attack cambrai", "with br_3", "with br_4", "with fr_6", "with br_cnd_corps", "done")
    # Trench-negating window (AP has nothing), no flank (trench), AP cards, CP cards.
    assert step(s) == "combat_cards"
    play(s, "done")
    assert step(s) == "combat_cards"  # no flank step
    play(s, "done")
    assert "cc cp18" in legal(s)
    play(s, "cc cp18", "done")
    # CP losses (LN 4) first: the CP chooses the 2nd Army (3) and then, necessarily, a corps
    # (the two full corps are interchangeable: one choice); four corps steps were possible too.
    assert set(legal(s)) == {"lose ge_2", "lose ge_corps_03"}
    play(s, "lose ge_2")
    # AP losses (LN 7): the CND corps first (12.4.5: the only choice, taken at once), then
    # two army steps of the player's choice.
    assert s.loc[D.unit("br_cnd_corps")] == D.eliminated_box[AP]
    assert set(legal(s)) == {"lose br_3", "lose br_4", "lose fr_6"}
    play(s, "lose br_3", "lose br_4")
    assert red(s, "br_3") and red(s, "br_4") and not red(s, "fr_6")
    assert red(s, "ge_2") and red(s, "ge_corps_03") and not red(s, "ge_corps_04")
    # CP won: no retreat, no advance; Fortified Machine Guns stays face up.
    assert D.card("cp18") in s.table[CP]
    assert step(s) == "action_round"
    assert [e["a"]["ln"] for e in s.log if e["k"] == "combat.fire"] == [4, 7]


# -- the September 1914 combats of the extended example (requirements 4.3.2, X12-X17) --------


def september(s: State) -> None:
    """Turn 2 after OberOst and Reichstag Truce (CP War Status 4)."""
    s.turn = 2
    s.round = 5
    s.ws[CP] = 4
    s.cws = 5
    s.events["oberost"] = 1


def lemberg_position() -> State:
    s = position(turn=2)
    september(s)
    put(s, "ah_4", "przemysl")
    put(s, "ru_3", "lemberg", reduced=True)
    control(s, AP, "lemberg", "tarnopol")
    for i in range(1, 5):
        put(s, f"ru_corps_0{i}", RB[AP])
    put(s, "ge_2", "sedan")
    put(s, "ge_3", "sedan")
    put(s, "ge_4", "sedan")
    control(s, CP, "sedan")
    put(s, "fr_corps_09", "chateau_thierry")
    put(s, "fr_1", "verdun", reduced=True)
    put(s, "fr_4", "verdun")
    control(s, CP, "liege")
    s.fort[D.space("liege")] = 2  # Guns of August
    put(s, "be_1", "cambrai")
    control(s, AP, "cambrai")
    return s


@pytest.mark.rule("12.4.4")
@pytest.mark.rule("12.2.11")
@pytest.mark.rule("7.1.7")
def test_x12_lemberg_defender_wins():
    s = lemberg_position()
    s.mo[CP] = "ah"
    s.forced = [3, 5]
    attack(s, CP, 1, ["przemysl"], "lemberg", ["ah_4"])
    play(s, "done", "done")
    # (RU 3rd) eliminated, a full RU corps replaces it; the AH 4th loses one step (2 of 3).
    assert s.loc[D.unit("ru_3")] == D.eliminated_box[AP]
    assert at(s, "ru_corps_01") == "lemberg" and not red(s, "ru_corps_01")
    assert red(s, "ah_4") and s.mo[CP] == "none"
    assert sum(1 for x in s.loc if x == D.reserve_box[AP]) == 3
    # The defender inflicted more (3 to 2): no retreat, no advance (flag F7).
    assert step(s) == "action_round"
    assert [e["k"] for e in s.log if e["k"] in ("combat.winner", "combat.tie")] == ["combat.winner"]
    assert [e["s"] for e in s.log if e["k"] == "combat.winner"] == ["ap"]


@pytest.mark.rule("12.1.5")
@pytest.mark.rule("12.1.6")
@pytest.mark.rule("12.2.8")
@pytest.mark.parametrize("cp_die, ap_die", [(1, 1), (1, 6), (3, 6), (6, 6), (4, 2)])
def test_x13_x14_one_space_two_combats(cp_die, ap_die):
    s = lemberg_position()
    s.forced = [cp_die, ap_die, 5, 3]
    activate(s, CP, 1, ["sedan"])
    play(s, "attack chateau_thierry", "with ge_2", "done", "done", "done")
    # X13: 5 CF on the Army table always inflicts 2 or more: the FR corps dies; its 1 CF on
    # the Corps table never reaches a German army's LF 3.
    assert s.loc[D.unit("fr_corps_09")] == D.eliminated_box[AP]
    assert not red(s, "ge_2")
    play(s, "done")  # the CP does not advance
    # X14: the same activated space attacks a second space with its other units.
    assert legal(s) == ["attack cambrai", "attack verdun", "done"]
    play(s, "attack cambrai")
    assert set(legal(s)) == {"with ge_3", "with ge_4"}
    play(s, "with ge_3", "with ge_4", "done", "done", "done")
    assert red(s, "be_1") and not red(s, "ge_3") and not red(s, "ge_4")
    play(s, "retreat be_1 amiens", "retreat be_1 calais", "done")
    assert at(s, "be_1") == "calais" and s.ctrl[D.space("cambrai")] == AP
    assert s.ctrl[D.space("calais")] == AP


def sedan_position() -> State:
    s = position(turn=2)
    september(s)
    s.round = 5
    put(s, "fr_1", "verdun", reduced=True)
    put(s, "fr_4", "verdun")
    put(s, "br_bef", "brussels")
    put(s, "br_1", "brussels")
    put(s, "fr_corps_01", "brussels")
    for u in ("ge_2", "ge_3", "ge_4"):
        put(s, u, "sedan")
    control(s, CP, "sedan")
    put(s, "ge_1", "liege")
    control(s, CP, "liege")
    s.fort[D.space("liege")] = 2
    put(s, "ge_5", "metz")
    put(s, "ge_6", "strasbourg")
    for i in range(6, 12):
        put(s, f"ge_corps_{i:02d}", RB[CP])
    return s


@pytest.mark.rule("12.3.3")
@pytest.mark.rule("12.4.4")
@pytest.mark.rule("12.4.5")
@pytest.mark.rule("12.5.5")
@pytest.mark.rule("12.7.1")
def test_x15_sedan_flank_bef_priority():
    s = sedan_position()
    s.forced = [5, 6, 1]
    activate(s, AP, 3, ["verdun", "brussels"])
    play(s, "attack sedan")
    for u in ("fr_1", "fr_4", "br_bef", "br_1", "fr_corps_01"):
        play(s, f"with {u}")
    play(s, "done", "pin verdun", "done", "done")
    # AP first: 15 CF, die 6 -> 7: one army eliminated (6), its replacement corps reduced (1).
    assert set(legal(s)) == {"lose ge_2", "lose ge_3", "lose ge_4"}
    play(s, "lose ge_2")
    assert s.loc[D.unit("ge_2")] == D.eliminated_box[CP]
    assert at(s, "ge_corps_06") == "sedan" and red(s, "ge_corps_06")
    # The CP fires with what is left: 5 + 5 + 1 = 11, die 1 -> 3; the BEF takes it (12.4.5).
    fires = [e["a"] for e in s.log if e["k"] == "combat.fire"]
    assert [(f["cf"], f["ln"]) for f in fires] == [(15, 7), (11, 3)]
    assert red(s, "br_bef") and not red(s, "fr_4") and not red(s, "br_1")
    # Forest: the CP may cancel the retreat; it retreats two spaces instead (flag F8).
    play(s, "choose retreat")
    play(s, "retreat ge_4 liege", "retreat ge_4 koblenz")
    play(s, "retreat ge_3 koblenz", "retreat ge_3 metz")
    play(s, "retreat ge_corps_06 metz", "retreat ge_corps_06 strasbourg")
    assert (at(s, "ge_4"), at(s, "ge_3"), at(s, "ge_corps_06")) == ("koblenz", "metz", "strasbourg")
    play(s, "done")  # the AP does not advance
    assert s.ctrl[D.space("sedan")] == CP
    assert sum(1 for x in s.loc if x == D.reserve_box[CP]) == 5


def lorraine_position() -> State:
    s = position(turn=2)
    september(s)
    s.round = 6
    put(s, "ge_7", "mulhouse", reduced=True)
    put(s, "fr_corps_08", "belfort")
    board.set_trench(s, D.space("belfort"), 1, AP)
    put(s, "ge_3", "metz")
    put(s, "ge_5", "metz")
    put(s, "ge_6", "strasbourg")
    put(s, "ge_corps_06", "strasbourg", reduced=True)
    put(s, "fr_2", "nancy")
    board.set_trench(s, D.space("nancy"), 1, AP)
    put(s, "fr_1", "verdun", reduced=True)
    put(s, "fr_4", "verdun")
    for i in (2, 3, 4):
        put(s, f"fr_corps_0{i}", RB[AP])
    return s


@pytest.mark.rule("12.2.8")
@pytest.mark.rule("11.2.9")
@pytest.mark.rule("15.1.4")
@pytest.mark.rule("15.1.8")
@pytest.mark.rule("12.7.1")
def test_x16_belfort_fort_survives():
    s = lorraine_position()
    s.forced = [5, 3]
    attack(s, CP, 3, ["metz", "strasbourg", "mulhouse"], "belfort", ["ge_7"])
    play(s, "done", "done", "done")  # trench window, no flank (one space), no cards
    fires = [e["a"] for e in s.log if e["k"] == "combat.fire"]
    # CP: 3 CF, one column left for the trench and one for the mountain: column 1, die 5 -> 2.
    # AP: corps 1 + fort 2 = 3 CF on the Corps/Fort table, one column right (trench).
    assert [(f["table"], f["column"], f["ln"]) for f in fires] == [
        ("army", "1", 2),
        ("corps", "4", 1),
    ]
    assert s.loc[D.unit("fr_corps_08")] == D.eliminated_box[AP]
    b = D.space("belfort")
    assert s.fort[b] == 0 and s.ctrl[b] == AP and s.trench[b] == 1  # fort intact, trench stays
    assert step(s) == "combat_designation"  # (GE 7th) is reduced: no advance


@pytest.mark.rule("12.2.8")
@pytest.mark.rule("12.4.3")
@pytest.mark.rule("12.4.6")
@pytest.mark.rule("12.7.6")
@pytest.mark.rule("15.1.10")
@pytest.mark.rule("11.2.5")
def test_x17_nancy_besieged_after_advance():
    s = lorraine_position()
    s.forced = [6, 6]
    attack(
        s,
        CP,
        3,
        ["metz", "strasbourg", "mulhouse"],
        "nancy",
        ["ge_3", "ge_5", "ge_6", "ge_corps_06"],
    )
    play(s, "done", "done", "done")  # trench window, no flank (trench), no cards
    fires = [e["a"] for e in s.log if e["k"] == "combat.fire"]
    assert [(f["cf"], f["column"], f["ln"]) for f in fires] == [(16, "15", 7), (5, "6-8", 5)]
    # AP: FR 2nd eliminated (6), a FR corps replaces it and is reduced (1); the fort is safe.
    assert s.loc[D.unit("fr_2")] == D.eliminated_box[AP]
    assert at(s, "fr_corps_02") == "nancy" and red(s, "fr_corps_02")
    # CP must absorb 4 of the 5 (flag F9: an army step and the reduced corps), not only 3.
    assert set(legal(s)) == {"lose ge_3", "lose ge_5", "lose ge_6", "lose ge_corps_06"}
    play(s, "lose ge_5")
    assert red(s, "ge_5") and s.loc[D.unit("ge_corps_06")] == D.eliminated_box[CP]
    play(s, "retreat fr_corps_02 verdun", "retreat fr_corps_02 bar_le_duc")
    assert set(legal(s)) == {"advance ge_3 nancy", "advance ge_6 nancy", "done"}
    play(s, "advance ge_3 nancy", "advance ge_6 nancy")
    n = D.space("nancy")
    assert s.fort[n] == 1 and s.trench[n] == 0 and s.ctrl[n] == AP
    assert at(s, "ge_6") == "nancy"
