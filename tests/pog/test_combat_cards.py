"""The combat-card framework (9.5.4, 12.2.4-12.2.6, 12.2.11): windows, conditions and every
kind of effect, shown with temporary registrations of card effects (removed after each test),
as the later card modules will add them."""

from __future__ import annotations

import pytest

from greatwar.pog import board
from greatwar.pog.combat.cards import (
    ALL_TRENCH,
    ATTACKER,
    COMBAT_CARDS,
    DEFENDER,
    FLANK,
    TRENCH,
    TRENCH_SHIFTS,
    CombatCard,
    any_nation,
    register_cc,
)
from greatwar.pog.data import AP, CP

from .helpers import D, control, legal
from .test_combat_examples import attack, play, position, put, red, step, to_hand


@pytest.fixture
def temporary():
    added: list[str] = []

    def add(cls: type[CombatCard]) -> None:
        register_cc(cls)
        added.append(cls.key)

    yield add
    for key in added:
        del COMBAT_CARDS[key]


def fires(s) -> list[dict]:
    return [e["a"] for e in s.log if e["k"] == "combat.fire"]


def x(sid: str) -> int:
    return D.space(sid)


def trench_position(level: int = 2):
    s = position(turn=12)
    put(s, "ge_8", "thorn")
    put(s, "ge_9", "lodz")
    control(s, CP, "thorn", "lodz")
    put(s, "ru_1", "plock")
    board.set_trench(s, x("plock"), level, AP)
    return s


@pytest.mark.rule("12.2.4")
@pytest.mark.rule("12.3.1")
@pytest.mark.rule("12.2.8")
@pytest.mark.card("cp44")
def test_trench_negation_allows_a_flank_and_attacker_fires_first(temporary):
    class VonHutier(CombatCard):
        key = "von_hutier"
        window = TRENCH
        role = ATTACKER
        negates = ALL_TRENCH
        fires_first = True

        def condition(self, s, c, side):
            return any_nation(s, c, side, "ge") and any_nation(s, c, 1 - side, "ru")

    temporary(VonHutier)
    s = trench_position()
    to_hand(s, CP, "cp44")
    s.forced = [6, 6]
    attack(s, CP, 2, ["thorn", "lodz"], "plock", ["ge_8", "ge_9"])
    assert legal(s) == ["cc cp44", "done"]  # the trench-negating window (12.2.4)
    play(s, "cc cp44", "done")
    assert step(s) == "combat_flank"  # trench effects gone: a flank attempt is allowed
    play(s, "noflank", "done", "done")
    # No trench shift; the CP fires first and the RU fires back with what survives.
    # RU 1st eliminated (4 of 7) before it could fire: nothing fires back.
    f = fires(s)
    assert [(g["column"], g["ln"]) for g in f] == [("9-11", 7)]
    assert any(e["k"] == "combat.no_fire" for e in s.log)
    assert D.card("cp44") in s.removed[CP]  # an asterisk card leaves the game
    assert s.events["von_hutier"] == 12


@pytest.mark.rule("12.2.5")
@pytest.mark.rule("12.3.3")
@pytest.mark.card("cp02")
def test_a_card_at_the_flank_step_makes_the_flank_succeed(temporary):
    class WirelessIntercepts(CombatCard):
        key = "wireless_intercepts"
        window = FLANK
        role = ATTACKER
        flank_success = True

        def condition(self, s, c, side):
            return any_nation(s, c, 1 - side, "ru")

    temporary(WirelessIntercepts)
    s = trench_position(level=0)
    to_hand(s, CP, "cp02")
    s.forced = [1, 1]  # no flank die is rolled: the first die is the CP's fire
    attack(s, CP, 2, ["thorn", "lodz"], "plock", ["ge_8", "ge_9"])
    assert "cc cp02" in legal(s) and "pin thorn" in legal(s)
    play(s, "cc cp02")
    assert step(s) == "combat_cards"
    assert any(e["k"] == "combat.flank_auto" for e in s.log)
    assert not any(e["a"].get("why") == "flank" for e in s.log if e["k"] == "die")


@pytest.mark.rule("12.2.8")
@pytest.mark.rule("12.5.3")
@pytest.mark.rule("9.5.4.2")
@pytest.mark.card("ap48")
def test_shift_only_negation_and_once_per_turn(temporary):
    class RoyalTankCorps(CombatCard):
        key = "royal_tank_corps"
        window = TRENCH
        role = ATTACKER
        negates = TRENCH_SHIFTS
        once_per_turn = True

    temporary(RoyalTankCorps)
    s = position(turn=12)
    put(s, "br_1", "amiens")
    put(s, "br_2", "amiens")
    put(s, "ge_2", "cambrai")
    put(s, "ge_corps_01", "cambrai")
    control(s, CP, "cambrai", "sedan")
    board.set_trench(s, x("cambrai"), 2, CP)
    to_hand(s, AP, "ap48")
    s.forced = [3, 1]  # AP 8 CF die 3 -> 4; CP 7 CF die 1 -> 3
    attack(s, AP, 1, ["amiens"], "cambrai", ["br_1", "br_2"])
    play(s, "cc ap48", "done", "done", "done")
    f = fires(s)
    assert f[0]["column"] == f[1]["column"] == "6-8"  # 8 CF and 7 CF, unshifted
    play(s, "lose ge_2", "lose br_1")  # CP: GE 2nd and then the corps; AP: one army step
    assert red(s, "ge_2") and red(s, "ge_corps_01")
    # The AP won, but a once-per-turn card is discarded; the trench still lets the CP
    # cancel the retreat.
    assert D.card("ap48") in s.discard[AP]
    assert set(legal(s)) == {"choose retreat", "choose cancel"}


@pytest.mark.rule("12.2.11")
@pytest.mark.rule("12.2.12")
@pytest.mark.card("ap39")
@pytest.mark.parametrize("cp_die, pile", [(1, "table"), (6, "discard")])
def test_kept_on_a_tie_and_no_retreat(temporary, cp_die, pile):
    class TheyShallNotPass(CombatCard):
        key = "they_shall_not_pass"
        role = DEFENDER
        keep_on_tie = True
        ignore_retreat = True

    temporary(TheyShallNotPass)
    s = position(turn=12)
    put(s, "ge_1", "metz")
    put(s, "ge_5", "metz")
    put(s, "fr_1", "verdun")
    put(s, "fr_4", "verdun")
    board.set_trench(s, x("verdun"), 0, AP)
    to_hand(s, AP, "ap39")
    s.forced = [cp_die, 1]  # CP 10 CF: die 1 -> 3, die 6 -> 7; AP 6 + fort 3 = 9: die 1 -> 3
    attack(s, CP, 1, ["metz"], "verdun", ["ge_1", "ge_5"])
    play(s, "done", "cc ap39", "done")
    while step(s) == "combat_losses":
        play(s, legal(s)[0])
    assert D.card("ap39") in getattr(s, pile)[AP]
    # A tie keeps the card; a lost combat discards it, and the defenders stay put.
    assert step(s) == "action_round"
    boxes = {D.eliminated_box[AP], D.perm_eliminated_box[AP]}
    assert {s.loc[D.unit(u)] for u in ("fr_1", "fr_4")} - boxes == {x("verdun")}


@pytest.mark.rule("12.2.8")
@pytest.mark.card("cp31")
def test_a_card_puts_the_defender_on_the_army_table(temporary):
    class Kemal(CombatCard):
        key = "kemal"
        role = DEFENDER
        army_table = True
        once_per_turn = True

    temporary(Kemal)
    s = position(turn=12)
    s.at_war["tu"] = 1
    put(s, "tu_corps_01", "gaza")
    put(s, "tu_corps_02", "gaza")
    put(s, "br_corps_01", "sinai")
    control(s, AP, "sinai", "cairo")
    to_hand(s, CP, "cp31")
    s.forced = [1, 6]
    attack(s, AP, 1, ["sinai"], "gaza", ["br_corps_01"])
    play(s, "done", "cc cp31", "done")
    f = fires(s)
    assert f[0]["drm"] == -3  # all attackers in Sinai (12.2.7)
    assert (f[1]["table"], f[1]["cf"]) == ("army", 4)  # 2 corps + fort 2, on the Army table
    assert f[1]["ln"] == 4 and s.loc[D.unit("br_corps_01")] == D.eliminated_box[AP]
    assert D.card("cp31") in s.discard[CP]  # the winner's, but once per turn
