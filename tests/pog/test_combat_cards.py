"""The combat-card framework with the real cards (9.5.4, 12.2.4-12.2.6, 12.2.11): windows,
conditions, every kind of effect, and what becomes of a card after the combat (kept by the
winner, discarded by the loser, removed, once per turn, once per action round, They Shall Not
Pass). The helpers here serve the other combat-card test files."""

from __future__ import annotations

import pytest

from greatwar.pog import board
from greatwar.pog.data import AP, CP
from greatwar.pog.state import State

from .helpers import (
    D,
    attack,
    control,
    fires,
    fresh,
    give,
    legal,
    losses,
    operation,
    pile,
    play,
    put,
    red,
    step,
    u,
    x,
)


def trench_position(level: int = 2) -> State:
    s = fresh(turn=12)
    put(s, "ge_8", "thorn")
    put(s, "ge_9", "lodz")
    control(s, CP, "thorn", "lodz")
    put(s, "ru_1", "plock")
    board.set_trench(s, x("plock"), level, AP)
    return s


# -- windows and effects ------------------------------------------------------------------------


@pytest.mark.rule("12.2.4")
@pytest.mark.rule("12.3.1")
@pytest.mark.rule("12.2.8")
@pytest.mark.card("cp44")
def test_von_hutier_negates_the_trench_allows_a_flank_and_fires_first():
    s = trench_position()
    give(s, CP, "cp44")
    s.forced = [6, 6]
    attack(s, CP, 2, ["thorn", "lodz"], "plock", ["ge_8", "ge_9"])
    assert legal(s) == ["cc cp44", "done"]  # the trench-negating window (12.2.4)
    play(s, "cc cp44", "done")
    assert step(s) == "combat_flank"  # trench effects gone: a flank attempt is allowed
    play(s, "noflank", "done", "done")
    # No trench shift; the CP fires first; the RU 1st is eliminated (4 of 7) before it fires.
    assert [(g["column"], g["ln"]) for g in fires(s)] == [("9-11", 7)]
    assert any(e["k"] == "combat.no_fire" for e in s.log)
    assert pile(s, CP, "cp44") == "removed"  # an asterisk card leaves the game
    assert s.events["von_hutier"] == 12


@pytest.mark.rule("12.2.4")
@pytest.mark.card("cp44")
def test_von_hutier_needs_russians_and_germans():
    s = fresh(turn=12)
    put(s, "ah_1", "przemysl")
    put(s, "ge_9", "przemysl")
    put(s, "ru_1", "lemberg")
    put(s, "ah_2", "tarnow")
    board.set_trench(s, x("lemberg"), 1, AP)
    control(s, AP, "lemberg")
    give(s, CP, "cp44")
    attack(s, CP, 2, ["przemysl"], "lemberg", ["ah_1"])
    assert legal(s) == ["done"]  # no German attacker
    play(s, "done", "done", "done")
    s = fresh(turn=12)
    put(s, "ge_9", "przemysl")
    put(s, "fr_1", "lemberg")
    control(s, AP, "lemberg")
    give(s, CP, "cp44")
    attack(s, CP, 1, ["przemysl"], "lemberg", ["ge_9"])
    assert legal(s) == ["done"]  # no Russian defender


@pytest.mark.rule("12.2.5")
@pytest.mark.rule("12.3.3")
@pytest.mark.card("cp02")
def test_wireless_intercepts_makes_the_flank_succeed():
    s = trench_position(level=0)
    give(s, CP, "cp02")
    s.forced = [1, 1]  # no flank die is rolled: the first die is the CP's fire
    attack(s, CP, 2, ["thorn", "lodz"], "plock", ["ge_8", "ge_9"])
    assert "cc cp02" in legal(s) and "pin thorn" in legal(s)
    play(s, "cc cp02")
    assert step(s) == "combat_cards"
    assert any(e["k"] == "combat.flank_auto" for e in s.log)
    assert not any(e["a"].get("why") == "flank" for e in s.log if e["k"] == "die")
    play(s, "done", "done")
    assert [g["s"] for g in (e for e in s.log if e["k"] == "combat.fire")] == ["cp", "ap"]
    assert pile(s, CP, "cp02") == "removed"


@pytest.mark.rule("12.3.1")
@pytest.mark.card("cp02")
def test_wireless_intercepts_needs_russian_defenders_only_and_a_flank_chance():
    s = trench_position(level=0)
    put(s, "ru_corps_01", "plock")
    put(s, "fr_corps_01", "plock")
    give(s, CP, "cp02")
    attack(s, CP, 2, ["thorn", "lodz"], "plock", ["ge_8", "ge_9"])
    assert step(s) == "combat_flank" and "cc cp02" not in legal(s)  # a French defender
    s = trench_position(level=0)
    give(s, CP, "cp02")
    attack(s, CP, 1, ["thorn"], "plock", ["ge_8"])
    assert step(s) == "combat_cards" and "cc cp02" not in legal(s)  # one space: no flank


@pytest.mark.rule("12.2.8")
@pytest.mark.rule("12.5.3")
@pytest.mark.rule("9.5.4.2")
@pytest.mark.card("ap48")
def test_royal_tank_corps_negates_only_the_shifts_and_is_discarded_when_won():
    s = fresh(turn=12)
    s.events["landships"] = 11
    put(s, "br_1", "amiens")
    put(s, "br_2", "amiens")
    put(s, "ge_2", "cambrai")
    put(s, "ge_corps_01", "cambrai")
    control(s, CP, "cambrai", "sedan")
    board.set_trench(s, x("cambrai"), 2, CP)
    give(s, AP, "ap48")
    s.forced = [3, 1]  # AP 8 CF die 3 -> 4; CP 7 CF die 1 -> 3
    attack(s, AP, 1, ["amiens"], "cambrai", ["br_1", "br_2"])
    assert legal(s) == ["cc ap48", "done"]
    play(s, "cc ap48", "done", "done", "done")
    f = fires(s)
    assert f[0]["column"] == f[1]["column"] == "6-8"  # 8 CF and 7 CF, unshifted
    play(s, "lose ge_2", "lose br_1")  # CP: GE 2nd and then the corps; AP: one army step
    assert red(s, "ge_2") and red(s, "ge_corps_01")
    # The AP won, but a once-per-turn card is discarded; the trench still lets the CP
    # cancel the retreat.
    assert pile(s, AP, "ap48") == "discard"
    assert set(legal(s)) == {"choose retreat", "choose cancel"}


@pytest.mark.rule("12.2.4")
@pytest.mark.card("ap48")
@pytest.mark.card("ap48v")
@pytest.mark.card("ap28")
@pytest.mark.parametrize(
    "card, landships, offered",
    [("ap48", False, False), ("ap48", True, True), ("ap48v", False, True)],
)
def test_royal_tank_corps_needs_landships_unless_valiant(card, landships, offered):
    s = fresh(turn=12)
    if landships:
        s.events["landships"] = 11
    put(s, "br_1", "amiens")
    put(s, "ge_2", "cambrai")
    control(s, CP, "cambrai", "sedan")
    board.set_trench(s, x("cambrai"), 1, CP)
    give(s, AP, card)
    attack(s, AP, 1, ["amiens"], "cambrai", ["br_1"])
    assert (f"cc {card}" in legal(s)) is offered


@pytest.mark.rule("12.2.4")
@pytest.mark.card("ap48")
def test_royal_tank_corps_needs_british_on_clear_ground_in_france_or_belgium():
    s = fresh(turn=12)
    s.events["landships"] = 11
    put(s, "fr_1", "amiens")
    put(s, "ge_2", "cambrai")
    control(s, CP, "cambrai", "sedan")
    board.set_trench(s, x("cambrai"), 1, CP)
    give(s, AP, "ap48")
    attack(s, AP, 1, ["amiens"], "cambrai", ["fr_1"])
    assert legal(s) == ["done"]  # no British attacker
    s = fresh(turn=12)
    s.events["landships"] = 11
    put(s, "br_1", "cambrai")
    put(s, "ge_2", "sedan")  # forest
    control(s, CP, "sedan")
    board.set_trench(s, x("sedan"), 1, CP)
    give(s, AP, "ap48")
    attack(s, AP, 1, ["cambrai"], "sedan", ["br_1"])
    assert legal(s) == ["done"]


# -- what becomes of the cards ------------------------------------------------------------------


@pytest.mark.rule("12.2.11")
@pytest.mark.rule("12.2.12")
@pytest.mark.rule("9.5.4.2")
@pytest.mark.card("ap39")
@pytest.mark.parametrize("cp_die, where", [(1, "table"), (6, "discard")])
def test_they_shall_not_pass_kept_on_a_tie_and_no_retreat(cp_die, where):
    s = fresh(turn=12)
    put(s, "ge_1", "metz")
    put(s, "ge_5", "metz")
    put(s, "fr_1", "verdun")
    put(s, "fr_4", "verdun")
    board.set_trench(s, x("verdun"), 0, AP)
    give(s, AP, "ap39")
    s.forced = [cp_die, 1]  # CP 10 CF: die 1 -> 3, die 6 -> 7; AP 6 + fort 3 = 9: die 1 -> 3
    attack(s, CP, 1, ["metz"], "verdun", ["ge_1", "ge_5"])
    play(s, "done", "cc ap39", "done")
    losses(s)
    assert pile(s, AP, "ap39") == where
    # A tie keeps the card; a lost combat discards it, and the defenders stay put.
    assert step(s) == "action_round"
    boxes = {D.eliminated_box[AP], D.perm_eliminated_box[AP]}
    assert {s.loc[u(v)] for v in ("fr_1", "fr_4")} - boxes == {x("verdun")}


@pytest.mark.rule("12.2.11")
@pytest.mark.card("ap39")
def test_they_shall_not_pass_needs_a_french_fort_in_france():
    s = fresh(turn=12)
    put(s, "ge_1", "cambrai")
    put(s, "fr_1", "amiens")
    control(s, CP, "cambrai", "sedan")
    give(s, AP, "ap39")
    attack(s, CP, 1, ["cambrai"], "amiens", ["ge_1"])
    play(s, "done")
    assert legal(s) == ["done"]  # no fort in Amiens


@pytest.mark.rule("12.2.8")
@pytest.mark.rule("12.2.7")
@pytest.mark.rule("9.5.4.2")
@pytest.mark.card("cp31")
def test_kemal_puts_the_defender_on_the_army_table_once_per_turn():
    s = fresh(turn=12)
    s.at_war["tu"] = 1
    put(s, "tu_corps_01", "gaza")
    put(s, "tu_corps_02", "gaza")
    put(s, "br_corps_01", "sinai")
    control(s, AP, "sinai", "cairo")
    give(s, CP, "cp31")
    s.forced = [1, 6]
    attack(s, AP, 1, ["sinai"], "gaza", ["br_corps_01"])
    play(s, "done", "cc cp31", "done")
    f = fires(s)
    assert f[0]["drm"] == -3  # all attackers in Sinai (12.2.7)
    assert (f[1]["table"], f[1]["cf"]) == ("army", 4)  # 2 corps + fort 2, on the Army table
    assert f[1]["ln"] == 4 and s.loc[u("br_corps_01")] == D.eliminated_box[AP]
    assert pile(s, CP, "cp31") == "discard"  # the winner's, but once per turn


@pytest.mark.rule("12.3.4.1")
@pytest.mark.card("cp31")
def test_kemal_still_applies_when_the_turks_are_gone():
    """A successful flank attack kills the Turkish corps before it fires: the reduced
    Bulgarian corps left reads its strength (0) on the Army table's first column (12.3.4.1)."""
    s = fresh(turn=12)
    s.at_war["tu"] = 1
    s.at_war["bu"] = 1
    put(s, "tu_corps_01", "qurna")
    put(s, "bu_corps_01", "qurna")
    put(s, "br_ne", "basra")
    put(s, "br_corps_01", "ahwaz")
    control(s, AP, "basra", "ahwaz")
    give(s, CP, "cp31")
    s.forced = [6, 1, 4]  # flank roll; AP 6 CF die 1 -> 3; CP fire
    attack(s, AP, 2, ["basra", "ahwaz"], "qurna", ["br_ne", "br_corps_01"])
    assert step(s) == "combat_flank"
    play(s, "pin basra", "done", "cc cp31", "done")
    while step(s) == "combat_losses":
        play(s, "lose tu_corps_01" if "lose tu_corps_01" in legal(s) else legal(s)[0])
    assert s.loc[u("tu_corps_01")] == D.eliminated_box[CP] and red(s, "bu_corps_01")
    f = fires(s)
    assert (f[1]["table"], f[1]["cf"], f[1]["column"], f[1]["ln"]) == ("army", 0, "1", 1)


@pytest.mark.rule("9.5.4")
@pytest.mark.card("cp31")
def test_kemal_needs_a_turk_with_strength():
    s = fresh(turn=12)
    s.at_war["tu"] = 1
    put(s, "tu_corps_01", "gaza", reduced=True)  # CF 0
    put(s, "br_corps_01", "sinai")
    control(s, AP, "sinai", "cairo")
    give(s, CP, "cp31")
    attack(s, AP, 1, ["sinai"], "gaza", ["br_corps_01"])
    play(s, "done")
    assert legal(s) == ["done"]


def verdun_attack(s: State, ap_cards: tuple[str, ...] = ()) -> None:
    put(s, "ge_1", "metz")
    put(s, "fr_1", "verdun")
    give(s, AP, *ap_cards)
    attack(s, CP, 1, ["metz"], "verdun", ["ge_1"])
    play(s, "done")


@pytest.mark.rule("9.5.4.2")
@pytest.mark.rule("9.5.4.3")
@pytest.mark.rule("9.5.4.4")
@pytest.mark.card("ap19")
def test_a_kept_card_serves_once_per_round_and_is_lost_with_a_defeat():
    s = fresh(turn=12)
    put(s, "fr_1", "chateau_thierry")
    put(s, "fr_2", "chateau_thierry")
    put(s, "ge_corps_01", "cambrai")
    put(s, "ge_1", "sedan")
    control(s, CP, "cambrai", "sedan")
    give(s, AP, "ap19")
    s.forced = [6, 1, 1, 1]
    attack(s, AP, 1, ["chateau_thierry"], "cambrai", ["fr_1"])
    play(s, "cc ap19", "done", "done")
    assert pile(s, AP, "ap19") == "table"  # the winner keeps it face up (9.5.4.2)
    play(s, "done")  # no advance
    # A second combat in the same action round: the kept card has served this round.
    play(s, "attack sedan", "with fr_2", "done")
    assert step(s) == "combat_cards" and legal(s) == ["done"]
    play(s, "done", "done")
    assert [e["s"] for e in s.log if e["k"] == "combat.winner"] == ["ap", "cp"]
    assert pile(s, AP, "ap19") == "table"  # not used in that lost combat
    s.round += 1  # the next action round: it may be selected again
    s.forced = [1, 6]
    operation(s, AP, 1)
    play(s, "activate attack chateau_thierry", "attack sedan", "with fr_2", "done")
    assert legal(s) == ["cc ap19", "done"]
    play(s, "cc ap19", "done", "done")
    assert any(e["k"] == "cc.used" for e in s.log)
    losses(s)
    assert pile(s, AP, "ap19") == "discard"  # lost with it (9.5.4.3, 12.2.11)


@pytest.mark.rule("9.5.4.4")
@pytest.mark.card("ap05")
def test_putnik_serves_attack_or_defence_once_per_round():
    s = fresh(turn=3)
    put(s, "sb_1", "belgrade")
    put(s, "ah_corps_01", "novi_sad")
    put(s, "ah_corps_02", "novi_sad")
    give(s, AP, "ap05")
    s.forced = [1, 6, 1, 6]
    attack(s, CP, 1, ["novi_sad"], "belgrade", ["ah_corps_01"])
    play(s, "done", "cc ap05", "done")
    assert fires(s)[1]["drm"] == 1
    assert pile(s, AP, "ap05") == "table"  # the Serbs won
    # The same round the Serbs attack: Putnik served this round already (in defence).
    operation(s, AP, 1)
    play(s, "activate attack belgrade", "attack novi_sad", "with sb_1", "done")
    assert step(s) == "combat_cards" and legal(s) == ["done"]
    play(s, "done", "done")
    losses(s)
    assert step(s) == "action_round"
    s.round += 1  # a new round: Putnik may serve again
    operation(s, CP, 1)
    play(s, "activate attack novi_sad", "attack belgrade", "with ah_corps_02", "done", "done")
    assert legal(s) == ["cc ap05", "done"]


@pytest.mark.rule("9.5.4")
@pytest.mark.card("ap05")
def test_putnik_only_in_1914_and_1915_and_only_for_serbs():
    for turn, offered in ((7, True), (8, False)):
        s = fresh(turn=turn)
        put(s, "sb_1", "belgrade")
        put(s, "ah_corps_01", "novi_sad")
        give(s, AP, "ap05")
        attack(s, CP, 1, ["novi_sad"], "belgrade", ["ah_corps_01"])
        play(s, "done")
        assert ("cc ap05" in legal(s)) is offered
    s = fresh(turn=3)
    put(s, "mn_corps_01", "cetinje")
    put(s, "ah_corps_01", "mostar")
    give(s, AP, "ap05")
    attack(s, CP, 1, ["mostar"], "cetinje", ["ah_corps_01"])
    play(s, "done")
    assert legal(s) == ["done"]  # the Montenegrin corps is not Serbian
