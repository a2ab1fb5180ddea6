"""The Allied combat cards (9.5.4, 12.2.6-12.2.8, 12.2.12; card-events.md): each card's effect
in a combat with forced dice, and its refusal when its condition fails. Pleve and Withdrawal
are in test_combat_rules.py; Putnik, Air Superiority, They Shall Not Pass and Royal Tank Corps
in test_combat_cards.py."""

from __future__ import annotations

import pytest

from greatwar.pog import board
from greatwar.pog.data import AP, CP

from .helpers import (
    at,
    attack,
    control,
    fires,
    fresh,
    give,
    legal,
    losses,
    pile,
    play,
    put,
    red,
    step,
    x,
)

# -- DRM cards ---------------------------------------------------------------------------------


def ap_attack_cambrai(units: list[str], card: str, trench: int = 0) -> tuple:
    s = fresh(turn=12)
    for v in units:
        put(s, v, "amiens")
    put(s, "ge_corps_01", "cambrai")
    put(s, "ge_corps_02", "cambrai")
    control(s, CP, "cambrai", "sedan")
    if trench:
        board.set_trench(s, x("cambrai"), trench, CP)
    give(s, AP, card)
    return s


@pytest.mark.rule("12.2.7")
@pytest.mark.rule("12.2.9")
@pytest.mark.card("ap18")
@pytest.mark.card("ap19")
@pytest.mark.card("ap21")
@pytest.mark.parametrize(
    "card, units",
    [("ap18", ["br_1"]), ("ap19", ["br_bef"]), ("ap19", ["fr_1"]), ("ap21", ["fr_1"])],
)
def test_allied_attack_drm_cards(card, units):
    s = ap_attack_cambrai(units, card)
    s.forced = [2, 1]
    attack(s, AP, 1, ["amiens"], "cambrai", units)
    assert legal(s) == [f"cc {card}", "done"]
    play(s, f"cc {card}", "done", "done")
    f = fires(s)
    assert f[0]["drm"] == 1 and f[1]["drm"] == 0


@pytest.mark.rule("9.5.4")
@pytest.mark.card("ap18")
@pytest.mark.card("ap19")
@pytest.mark.card("ap21")
@pytest.mark.parametrize(
    "card, units",
    [
        ("ap18", ["fr_1"]),
        ("ap18", ["br_aus_corps"]),  # the AUS, CND, PT and ANA corps do not count
        ("ap19", ["br_cnd_corps"]),
        ("ap19", ["be_1"]),
        ("ap21", ["br_1"]),
    ],
)
def test_allied_attack_drm_cards_refused(card, units):
    s = ap_attack_cambrai(units, card)
    attack(s, AP, 1, ["amiens"], "cambrai", units)
    assert legal(s) == ["done"]


@pytest.mark.rule("12.2.7")
@pytest.mark.card("ap18")
def test_hurricane_barrage_not_for_the_defender():
    s = fresh(turn=12)
    put(s, "br_1", "amiens")
    put(s, "ge_1", "cambrai")
    control(s, CP, "cambrai", "sedan")
    give(s, AP, "ap18")
    attack(s, CP, 1, ["cambrai"], "amiens", ["ge_1"])
    play(s, "done")
    assert legal(s) == ["done"]


@pytest.mark.rule("12.2.7")
@pytest.mark.rule("9.5.4.2")
@pytest.mark.card("ap36")
def test_mine_attack_against_a_cp_trench_once_per_turn():
    s = fresh(turn=12)
    put(s, "br_corps_01", "amiens")
    put(s, "ge_corps_01", "cambrai", reduced=True)
    control(s, CP, "cambrai", "sedan")
    board.set_trench(s, x("cambrai"), 1, CP)
    give(s, AP, "ap36")
    s.forced = [6, 1]  # AP 2 CF, trench -1: column 1, die 7 -> 1; CP 1 CF +1: column 2 -> 0
    attack(s, AP, 1, ["amiens"], "cambrai", ["br_corps_01"])
    assert step(s) == "combat_cards" and legal(s) == ["done"]  # the trench window
    play(s, "done")
    assert legal(s) == ["cc ap36", "done"]
    play(s, "cc ap36", "done", "done")
    f = fires(s)
    assert f[0]["drm"] == 1
    losses(s)
    assert [e["s"] for e in s.log if e["k"] == "combat.winner"] == ["ap"]
    assert pile(s, AP, "ap36") == "discard"  # won, but only one combat per turn (3.0)


@pytest.mark.rule("9.5.4")
@pytest.mark.card("ap36")
def test_mine_attack_needs_a_trench_and_british():
    s = ap_attack_cambrai(["br_1"], "ap36")
    attack(s, AP, 1, ["amiens"], "cambrai", ["br_1"])
    assert legal(s) == ["done"]  # no trench
    s = ap_attack_cambrai(["fr_1"], "ap36", trench=1)
    attack(s, AP, 1, ["amiens"], "cambrai", ["fr_1"])
    play(s, "done")
    assert legal(s) == ["done"]  # no British attacker


@pytest.mark.rule("12.2.7")
@pytest.mark.card("ap58")
def test_russian_guards():
    s = fresh(turn=12)
    put(s, "ru_1", "warsaw")
    put(s, "ge_corps_01", "lodz")
    control(s, CP, "lodz")
    give(s, AP, "ap58")
    s.forced = [3, 3]
    attack(s, AP, 1, ["warsaw"], "lodz", ["ru_1"])
    assert legal(s) == ["cc ap58", "done"]
    play(s, "cc ap58", "done", "done")
    assert fires(s)[0]["drm"] == 1
    assert pile(s, AP, "ap58") == "removed"


@pytest.mark.rule("9.5.4")
@pytest.mark.card("ap58")
def test_russian_guards_only_in_an_allied_attack():
    s = fresh(turn=12)
    put(s, "ru_1", "warsaw")
    put(s, "ru_2", "plock")
    put(s, "ge_1", "lodz")
    control(s, CP, "lodz")
    give(s, AP, "ap58")
    attack(s, CP, 1, ["lodz"], "plock", ["ge_1"])
    play(s, "done")
    assert legal(s) == ["done"]


def italian_front(units: list[str]):
    s = fresh(turn=12)
    s.at_war["it"] = 1
    control(s, AP, "verona", "milan", "venice", "bologna")
    for v in units:
        put(s, v, "verona")
    put(s, "ah_corps_01", "trent")
    give(s, AP, "ap59")
    return s


@pytest.mark.rule("12.2.7")
@pytest.mark.card("ap59")
def test_alpine_troops_for_italians_alone():
    s = italian_front(["it_1", "it_corps_01"])
    s.forced = [4, 1]
    attack(s, AP, 1, ["verona"], "trent", ["it_1", "it_corps_01"])
    assert legal(s) == ["cc ap59", "done"]
    play(s, "cc ap59", "done", "done")
    assert fires(s)[0]["drm"] == 1


@pytest.mark.rule("9.5.4")
@pytest.mark.card("ap59")
def test_alpine_troops_refused_with_other_nations():
    s = italian_front(["it_1", "fr_corps_01"])
    attack(s, AP, 2, ["verona"], "trent", ["it_1", "fr_corps_01"])
    assert legal(s) == ["done"]


# -- Severe Weather (both sides) ---------------------------------------------------------------


def belfort(turn: int, card: str = "ap07"):
    s = fresh(turn=turn)
    put(s, "ge_1", "mulhouse")
    put(s, "fr_1", "belfort")
    give(s, AP, card)
    return s


@pytest.mark.rule("12.2.7")
@pytest.mark.card("ap07")
@pytest.mark.parametrize("turn, offered", [(2, False), (3, True), (4, True), (5, False)])
def test_severe_weather_in_the_mountains_in_fall_and_winter(turn, offered):
    s = belfort(turn)
    s.forced = [3, 3]
    attack(s, CP, 1, ["mulhouse"], "belfort", ["ge_1"])
    play(s, "done")
    assert ("cc ap07" in legal(s)) is offered
    if offered:
        play(s, "cc ap07", "done")
        assert fires(s)[1]["drm"] == 2 and fires(s)[0]["drm"] == 0


@pytest.mark.rule("12.2.7")
@pytest.mark.card("ap07")
@pytest.mark.parametrize("turn, offered", [(5, True), (6, False), (7, True), (8, False)])
def test_severe_weather_in_the_swamps_in_spring_and_fall(turn, offered):
    s = fresh(turn=turn)
    put(s, "ge_1", "brest_litovsk")
    control(s, CP, "brest_litovsk", "warsaw", "lodz")
    put(s, "ru_1", "pinsk")
    give(s, AP, "ap07")
    attack(s, CP, 1, ["brest_litovsk"], "pinsk", ["ge_1"])
    play(s, "done")
    assert ("cc ap07" in legal(s)) is offered


@pytest.mark.rule("12.2.7")
@pytest.mark.card("cp04")
def test_cp_severe_weather_for_the_cp_defender():
    s = fresh(turn=4)
    put(s, "fr_1", "belfort")
    put(s, "ge_1", "mulhouse")
    give(s, CP, "cp04")
    give(s, AP, "ap07")
    s.forced = [3, 3]
    attack(s, AP, 1, ["belfort"], "mulhouse", ["fr_1"])
    assert legal(s) == ["done"]  # ap07 serves only the Allied defender
    play(s, "done")
    assert legal(s) == ["cc cp04", "done"]
    play(s, "cc cp04", "done")
    assert fires(s)[1]["drm"] == 2


def british_card_offered(card: str, units: list[str]) -> bool:
    """Is ``card`` offered to the AP in an attack by ``units``: on Cambrai (a clear space in
    France behind a CP trench) for Mine Attack and Royal Tank Corps, on Qurna from an Allied,
    supplied Basra for Maude?"""
    s = fresh(turn=12)
    s.events["landships"] = 11
    frm, tgt = ("basra", "qurna") if card == "ap61" else ("amiens", "cambrai")
    if card == "ap61":
        s.at_war["tu"] = 1
        put(s, "tu_corps_01", tgt)
    else:
        put(s, "ge_corps_01", tgt)
        control(s, CP, tgt, "sedan")
        board.set_trench(s, x(tgt), 1, CP)
    for v in units:
        put(s, v, frm)
    give(s, AP, card)
    attack(s, AP, 1, [frm], tgt, units)
    seen = False
    while step(s) == "combat_cards" and s.stack[-1]["side"] == AP:
        seen = seen or f"cc {card}" in legal(s)
        play(s, "done")
    return seen


@pytest.mark.rule("British Allied Nations")
@pytest.mark.rule("9.5.4")
@pytest.mark.card("ap36")
@pytest.mark.card("ap48")
@pytest.mark.card("ap61")
@pytest.mark.parametrize("card", ["ap36", "ap48", "ap61"])
@pytest.mark.parametrize("minor", ["br_aus_corps", "br_cnd_corps", "br_pt_corps"])
def test_aus_cnd_and_pt_cannot_use_british_combat_cards(card, minor):
    # Exceptions summary, British Allied Nations: they "cannot use BR-specific CC cards"; an
    # attack that also includes another British unit may play them.
    assert not british_card_offered(card, [minor])
    assert british_card_offered(card, [minor, "br_corps_01"])


# -- Maude ---------------------------------------------------------------------------------------


@pytest.mark.rule("12.2.8")
@pytest.mark.card("ap61")
def test_maude_puts_british_corps_on_the_army_table():
    s = fresh(turn=12)
    s.at_war["tu"] = 1
    put(s, "br_corps_01", "basra")
    put(s, "tu_corps_01", "qurna")
    give(s, AP, "ap61")
    s.forced = [4, 1]
    attack(s, AP, 1, ["basra"], "qurna", ["br_corps_01"])
    assert legal(s) == ["cc ap61", "done"]
    play(s, "cc ap61", "done", "done")
    f = fires(s)
    assert (f[0]["table"], f[0]["cf"]) == ("army", 2) and f[1]["table"] == "corps"
    assert pile(s, AP, "ap61") == "removed"


@pytest.mark.rule("9.5.4")
@pytest.mark.card("ap61")
def test_maude_needs_a_link_to_an_allied_basra():
    s = fresh(turn=12)
    s.at_war["tu"] = 1
    put(s, "tu_corps_01", "gaza")
    put(s, "br_corps_01", "sinai")
    control(s, AP, "sinai", "cairo")
    give(s, AP, "ap61")
    attack(s, AP, 1, ["sinai"], "gaza", ["br_corps_01"])
    assert legal(s) == ["done"]  # Sinai is not joined to Basra through Allied spaces
    s = fresh(turn=12)
    s.at_war["tu"] = 1
    put(s, "br_corps_01", "basra")
    put(s, "fr_corps_01", "basra")
    put(s, "tu_corps_01", "qurna")
    give(s, AP, "ap61")
    attack(s, AP, 2, ["basra"], "qurna", ["fr_corps_01"])
    assert legal(s) == ["done"]  # no British attacker


# -- retreat cards -------------------------------------------------------------------------------


@pytest.mark.rule("12.2.12")
@pytest.mark.card("ap63")
def test_backs_to_the_wall_ignores_the_retreat():
    s = fresh(turn=12)
    put(s, "ge_1", "cambrai")
    put(s, "ge_2", "cambrai")
    put(s, "br_1", "amiens")
    control(s, CP, "cambrai", "sedan")
    give(s, AP, "ap63")
    s.forced = [1, 1]  # CP 10 CF: 3; AP 4 CF: 2
    attack(s, CP, 1, ["cambrai"], "amiens", ["ge_1", "ge_2"])
    play(s, "done")
    assert legal(s) == ["cc ap63", "done"]
    play(s, "cc ap63", "done")
    losses(s)
    assert [e["s"] for e in s.log if e["k"] == "combat.winner"] == ["cp"]
    assert any(e["k"] == "combat.retreat_ignored" for e in s.log)
    assert at(s, "br_1") == "amiens" and red(s, "br_1")
    assert pile(s, AP, "ap63") == "removed" and step(s) == "action_round"


@pytest.mark.rule("9.5.4")
@pytest.mark.card("ap63")
def test_backs_to_the_wall_needs_a_british_army():
    s = fresh(turn=12)
    put(s, "ge_1", "cambrai")
    put(s, "br_corps_01", "amiens")
    put(s, "fr_1", "amiens")
    control(s, CP, "cambrai", "sedan")
    give(s, AP, "ap63")
    attack(s, CP, 1, ["cambrai"], "amiens", ["ge_1"])
    play(s, "done")
    assert legal(s) == ["done"]


@pytest.mark.rule("12.6.4")
@pytest.mark.rule("12.2.12")
@pytest.mark.card("ap63")
@pytest.mark.card("ap06")
def test_a_retreat_card_does_not_undo_withdrawal():
    s = fresh(turn=12)
    put(s, "ge_1", "cambrai")
    put(s, "br_1", "amiens")
    put(s, "br_corps_01", "amiens")
    control(s, CP, "cambrai", "sedan")
    give(s, AP, "ap63", "ap06")
    s.forced = [1, 6]  # the Allies win, yet Withdrawal makes them fall back one space
    attack(s, CP, 1, ["cambrai"], "amiens", ["ge_1"])
    play(s, "done", "cc ap63", "cc ap06", "done")
    losses(s)
    while step(s) == "combat_restore":
        play(s, legal(s)[0])
    while step(s) == "combat_retreat":
        play(s, legal(s)[0])
    assert not any(e["k"] == "combat.retreat_ignored" for e in s.log)
    assert at(s, "br_1") in ("rouen", "paris", "calais")  # one space back


@pytest.mark.rule("12.6.2")
@pytest.mark.card("ap06")
def test_withdrawal_only_for_the_defender():
    s = ap_attack_cambrai(["fr_1"], "ap06")
    attack(s, AP, 1, ["amiens"], "cambrai", ["fr_1"])
    assert legal(s) == ["done"]


@pytest.mark.rule("12.2.7")
@pytest.mark.card("cp04")
def test_cp_severe_weather_refused_out_of_season():
    s = fresh(turn=5)  # spring: mountains are not affected
    put(s, "fr_1", "belfort")
    put(s, "ge_1", "mulhouse")
    give(s, CP, "cp04")
    attack(s, AP, 1, ["belfort"], "mulhouse", ["fr_1"])
    play(s, "done")
    assert legal(s) == ["done"]
