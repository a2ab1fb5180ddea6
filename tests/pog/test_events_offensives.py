"""Events played in an action round that change later combats (card-events.md): Great Retreat,
Landships, Yanks and Tanks, Kerensky Offensive, Brusilov Offensive, Lloyd George, Stavka
Timidity and Haig."""

from __future__ import annotations

import pytest

from greatwar.pog import board, engine
from greatwar.pog.data import AP, CP
from greatwar.pog.state import State

from .helpers import (
    D,
    activate,
    at,
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
    to_round,
    u,
    x,
)


def ap_event(s: State, card: str) -> None:
    """The Allies play ``card`` as the event of their action (the CP passes first)."""
    give(s, AP, card)
    to_round(s, AP)
    play(s, f"play event {card}")


def cp_event(s: State, card: str) -> None:
    give(s, CP, card)
    assert engine.step_name(s) == "action_round" and engine.to_act(s) == CP
    play(s, f"play event {card}")


def activate_now(s: State, *spaces: str) -> None:
    """Activate ``spaces`` for attack in the operation under way."""
    play(s, *(f"activate attack {sp}" for sp in spaces))
    if step(s) == "operation":
        play(s, "done")


def finish_operation(s: State) -> None:
    """End the event's operation without activating anything."""
    while step(s) == "operation":
        play(s, "done")


# -- ap27 Great Retreat ---------------------------------------------------------------------------


def polish_front(turn: int = 5) -> State:
    s = fresh(turn=turn)
    put(s, "ge_1", "lodz")
    put(s, "ge_2", "lodz")
    put(s, "ru_1", "plock")
    put(s, "ru_corps_01", "plock")
    control(s, CP, "lodz")
    return s


@pytest.mark.rule("12.5.5")
@pytest.mark.rule("12.1.2")
@pytest.mark.card("ap27")
def test_great_retreat_pulls_russians_out_of_the_combat():
    s = polish_front()
    put(s, "ru_corps_02", "czestochowa")
    ap_event(s, "ap27")
    assert pile(s, AP, "ap27") == "removed" and s.events["great_retreat"] == 5
    s.forced = [1, 6]
    attack(s, CP, 1, ["lodz"], "plock", ["ge_1"])
    assert step(s) == "great_retreat" and engine.to_act(s) == AP
    assert set(legal(s)) == {
        "retreat ru_1 warsaw",
        "retreat ru_1 lomza",
        "retreat ru_corps_01 warsaw",
        "retreat ru_corps_01 lomza",
        "done",
    }
    play(s, "retreat ru_1 warsaw", "done")
    assert at(s, "ru_1") == "warsaw"
    play(s, "done", "done")  # the combat cards
    # Only the RU corps defends: 1 CF on the Corps table.
    f = fires(s)
    assert (f[1]["cf"], f[1]["table"]) == (1, "corps")
    losses(s)
    assert s.loc[u("ru_corps_01")] == D.eliminated_box[AP]
    play(s, "done")  # no advance
    # The RU 1st retreated this round: Warsaw may not be attacked while only it is there.
    assert legal(s) == ["attack czestochowa", "done"]


@pytest.mark.rule("12.7.1")
@pytest.mark.card("ap27")
def test_great_retreat_empties_the_space_and_the_attackers_advance():
    s = polish_front()
    ap_event(s, "ap27")
    attack(s, CP, 1, ["lodz"], "plock", ["ge_1", "ge_2"])
    play(s, "retreat ru_1 lomza", "retreat ru_corps_01 warsaw")
    # Nobody is left: the combat ends without fire, and the Germans may advance one space.
    assert step(s) == "combat_advance"
    assert set(legal(s)) == {"advance ge_1 plock", "advance ge_2 plock", "done"}
    play(s, "advance ge_1 plock", "done")
    assert at(s, "ge_1") == "plock" and s.ctrl[x("plock")] == CP
    assert not fires(s)
    assert not [e for e in s.log if e["k"] == "die" and e["a"]["why"] == "combat"]


@pytest.mark.rule("15.1.6")
@pytest.mark.card("ap27")
def test_great_retreat_leaves_the_fort_to_fight():
    s = fresh(turn=5)
    s.events["oberost"] = 3
    put(s, "ge_1", "lodz")
    put(s, "ru_1", "warsaw")
    control(s, CP, "lodz")
    ap_event(s, "ap27")
    give(s, AP, "ap04")
    s.forced = [1, 4]
    attack(s, CP, 1, ["lodz"], "warsaw", ["ge_1"])
    play(s, "retreat ru_1 plock", "done")
    play(s, "done")  # the CP's cards; a fort alone gets none (15.1.6)
    f = fires(s)
    assert (f[1]["cf"], f[1]["table"]) == (2, "corps")  # the fort alone fires


@pytest.mark.rule("9.5.1")
@pytest.mark.card("ap27")
def test_great_retreat_only_this_turn_and_only_against_cp_attacks():
    s = polish_front()
    ap_event(s, "ap27")
    s.turn = 6
    attack(s, CP, 1, ["lodz"], "plock", ["ge_1"])
    assert step(s) == "combat_cards"  # no Great Retreat on a later turn
    s = polish_front()
    ap_event(s, "ap27")
    put(s, "ge_corps_01", "thorn")
    activate(s, AP, 1, ["plock"])
    play(s, "attack thorn", "with ru_1", "done")
    assert step(s) == "combat_cards"  # the Allies attack: nothing to pull back


@pytest.mark.rule("9.5.1")
@pytest.mark.card("ap27v")
def test_valiant_great_retreat_is_also_an_operation():
    s = polish_front()
    ap_event(s, "ap27v")
    assert step(s) == "operation" and engine.to_act(s) == AP
    assert s.stack[-1]["ops"] == 3
    finish_operation(s)
    attack(s, CP, 1, ["lodz"], "plock", ["ge_1"])
    assert step(s) == "great_retreat"


# -- ap28 Landships, ap35 Yanks and Tanks ------------------------------------------------------


@pytest.mark.rule("9.5.1")
@pytest.mark.card("ap28")
@pytest.mark.card("ap48")
def test_landships_then_royal_tank_corps():
    s = fresh(turn=12)
    put(s, "br_1", "amiens")
    put(s, "ge_1", "cambrai")
    control(s, CP, "cambrai", "sedan")
    board.set_trench(s, x("cambrai"), 2, CP)
    ap_event(s, "ap28")
    assert "landships" in s.events and s.stack[-1]["ops"] == 4
    give(s, AP, "ap48")
    activate_now(s, "amiens")
    play(s, "attack cambrai", "with br_1", "done")
    assert legal(s) == ["cc ap48", "done"]


def us_front(turn: int = 16) -> State:
    s = fresh(turn=turn)
    put(s, "us_1", "amiens")
    put(s, "fr_1", "chateau_thierry")
    put(s, "ge_corps_01", "cambrai")
    put(s, "ge_corps_02", "sedan")
    control(s, CP, "cambrai", "sedan")
    return s


@pytest.mark.rule("12.2.7")
@pytest.mark.card("ap35")
def test_yanks_and_tanks_adds_two_to_american_attacks_this_round():
    s = us_front()
    ap_event(s, "ap35")
    assert step(s) == "operation" and s.stack[-1]["ops"] == 4
    s.forced = [1, 1, 1, 1]
    activate_now(s, "amiens", "chateau_thierry")
    play(s, "attack cambrai", "with us_1", "done", "done", "done")
    assert fires(s)[0]["drm"] == 2
    assert any(e["k"] == "cc.effect" for e in s.log)
    losses(s)
    while step(s) == "combat_advance":
        play(s, "done")
    play(s, "attack sedan", "with fr_1", "done", "done", "done")
    assert fires(s)[2]["drm"] == 0  # no American unit


@pytest.mark.rule("9.5.4")
@pytest.mark.card("ap35")
@pytest.mark.card("cp64")
def test_yanks_and_tanks_keeps_alberich_away_this_round_only():
    s = us_front()
    ap_event(s, "ap35")
    give(s, CP, "cp64")
    activate_now(s, "amiens")
    play(s, "attack cambrai", "with us_1", "done", "done")
    assert legal(s) == ["done"]
    s = us_front()
    give(s, CP, "cp64")
    attack(s, AP, 1, ["amiens"], "cambrai", ["us_1"])
    play(s, "done")
    assert legal(s) == ["cc cp64", "done"]


# -- ap45 Kerensky Offensive, ap46 Brusilov Offensive --------------------------------------------


def galicia(turn: int = 14) -> State:
    s = fresh(turn=turn)
    put(s, "ru_1", "dubno")
    put(s, "ru_2", "lutsk")
    put(s, "ru_3", "kamenets_podolski")
    put(s, "ah_corps_01", "tarnopol")
    put(s, "ah_corps_02", "lemberg")
    control(s, AP, "lutsk", "dubno", "kamenets_podolski")
    return s


@pytest.mark.rule("12.2.7")
@pytest.mark.card("ap45")
def test_kerensky_offensive_once_for_plus_two():
    s = galicia()
    give(s, AP, "ap45")
    to_round(s, AP)
    assert "play event ap45" not in legal(s)  # needs the Fall of the Tsar
    s.events["fall_of_the_tsar"] = 13
    assert "play event ap45" in legal(s)
    play(s, "play event ap45")
    assert s.stack[-1]["ops"] == 3
    s.forced = [2, 2, 2, 2]
    activate_now(s, "dubno", "lutsk")
    play(s, "attack tarnopol", "with ru_1", "done")
    assert legal(s) == ["select ap45", "done"]
    play(s, "select ap45", "done", "done")
    assert fires(s)[0]["drm"] == 2
    losses(s)
    while step(s) in ("combat_retreat", "combat_advance"):
        play(s, legal(s)[-1] if step(s) == "combat_advance" else legal(s)[0])
    play(s, "attack lemberg", "with ru_2", "done")
    assert legal(s) == ["done"]  # used once
    assert s.tflags["kerensky_offensive"] == -1


@pytest.mark.rule("9.5.1")
@pytest.mark.card("ap45")
def test_kerensky_offensive_not_after_the_bolshevik_revolution_nor_against_germans():
    s = galicia()
    s.events["fall_of_the_tsar"] = 13
    s.events["bolshevik_revolution"] = 14
    give(s, AP, "ap45")
    to_round(s, AP)
    assert "play event ap45" not in legal(s)
    s = fresh(turn=14)
    s.events["fall_of_the_tsar"] = 13
    put(s, "ru_1", "warsaw")
    put(s, "ge_corps_01", "lodz")
    control(s, CP, "lodz")
    ap_event(s, "ap45")
    activate_now(s, "warsaw")
    play(s, "attack lodz", "with ru_1", "done")
    assert legal(s) == ["done"]


@pytest.mark.rule("12.2.7")
@pytest.mark.rule("12.2.4")
@pytest.mark.rule("12.3.1")
@pytest.mark.card("ap46")
def test_brusilov_offensive():
    s = galicia()
    board.set_trench(s, x("tarnopol"), 2, CP)
    ws = s.ws[AP]
    ap_event(s, "ap46")
    assert s.ws[AP] == ws + 2 and s.stack[-1]["ops"] == 4
    s.forced = [6, 3, 3, 3, 3]
    activate_now(s, "dubno", "kamenets_podolski", "lutsk")
    play(s, "attack tarnopol", "with ru_1", "with ru_3", "done")
    # The trench step: the Allies may cancel the trench of a space without Germans.
    assert legal(s) == ["select ap46", "done"]
    play(s, "select ap46", "done")
    assert step(s) == "combat_flank"  # no trench effect: a flank attempt is allowed
    play(s, "pin dubno", "done", "done")
    f = fires(s)
    assert f[0]["drm"] == 1 and f[0]["column"] == "6-8"  # +1 for Russians, no trench shift
    losses(s)
    while step(s) in ("combat_retreat", "combat_advance"):
        play(s, legal(s)[-1] if step(s) == "combat_advance" else legal(s)[0])
    # A second Russian attack this round: +1 again, the trench cancelling was used.
    board.set_trench(s, x("lemberg"), 1, CP)
    play(s, "attack lemberg", "with ru_2", "done")
    assert legal(s) == ["done"]  # the trench step: nothing to play
    play(s, "done", "done", "done")
    assert fires(s)[-2]["drm"] == 1 and fires(s)[-2]["column"] == "2"  # 3 CF, trench -1


@pytest.mark.rule("12.2.4")
@pytest.mark.card("ap46")
def test_brusilov_trench_cancelling_not_against_germans():
    s = galicia()
    put(s, "ge_corps_01", "tarnopol")
    board.set_trench(s, x("tarnopol"), 1, CP)
    ap_event(s, "ap46")
    activate_now(s, "dubno")
    play(s, "attack tarnopol", "with ru_1", "done")
    assert legal(s) == ["done"]


# -- cp55 Lloyd George, cp58 Stavka Timidity, cp61 Haig ------------------------------------------


def flanders(*ap_units: str) -> State:
    s = fresh(turn=14)
    for v in ap_units:
        put(s, v, "amiens")
    put(s, "ge_1", "cambrai")
    control(s, CP, "cambrai", "sedan")
    board.set_trench(s, x("cambrai"), 2, CP)
    return s


@pytest.mark.rule("7.1.4")
@pytest.mark.card("cp55")
def test_lloyd_george_holds_the_british_back_this_turn():
    s = flanders("br_1", "br_aus_corps")
    cp_event(s, "cp55")
    operation(s, AP, 2)
    play(s, "activate attack amiens", "attack cambrai")
    assert legal(s) == ["with br_aus_corps"]  # 7.1.4: the AUS corps is not held back
    s.turn = 15  # a later turn: no effect
    assert set(legal(s)) == {"with br_1", "with br_aus_corps"}


@pytest.mark.rule("7.1.4")
@pytest.mark.card("cp55")
@pytest.mark.card("cp49")
def test_lloyd_george_ends_with_michael_and_needs_a_level_two_trench():
    s = flanders("br_1")
    cp_event(s, "cp55")
    operation(s, AP, 1)
    play(s, "activate attack amiens")
    assert step(s) == "action_round"  # nothing to attack
    s = flanders("br_1")
    cp_event(s, "cp55")
    s.events["michael"] = 14
    operation(s, AP, 1)
    play(s, "activate attack amiens", "attack cambrai", "with br_1")
    s = flanders("br_1")
    board.set_trench(s, x("cambrai"), 1, CP)
    cp_event(s, "cp55")
    operation(s, AP, 1)
    play(s, "activate attack amiens", "attack cambrai", "with br_1")
    s = flanders("br_1")
    s.events["blucher"] = 13
    give(s, CP, "cp55")
    assert "play event cp55" not in legal(s)


@pytest.mark.rule("9.5.1")
@pytest.mark.card("cp58")
def test_stavka_timidity():
    s = fresh(turn=14)
    put(s, "ru_1", "warsaw")
    put(s, "ge_corps_01", "lodz")
    control(s, CP, "lodz")
    board.set_trench(s, x("lodz"), 1, CP)
    give(s, CP, "cp58")
    assert "play event cp58" not in legal(s)  # needs Tsar Takes Command
    s.events["tsar_takes_command"] = 12
    play(s, "play event cp58")
    assert pile(s, CP, "cp58") == "discard"  # no asterisk
    operation(s, AP, 1)
    play(s, "activate attack warsaw")
    assert step(s) == "action_round"  # nothing the Russians may attack
    # With an Austrian corps in the space, it may be attacked.
    put(s, "ah_corps_01", "lodz")
    operation(s, AP, 1)
    play(s, "activate attack warsaw", "attack lodz", "with ru_1")


@pytest.mark.rule("12.2.12")
@pytest.mark.card("cp61")
@pytest.mark.parametrize("michael", [False, True])
def test_haig_keeps_entrenched_germans_in_place(michael):
    s = flanders("br_1", "br_2")
    board.set_trench(s, x("cambrai"), 1, CP)
    put(s, "ge_corps_01", "cambrai")
    cp_event(s, "cp61")
    assert pile(s, CP, "cp61") == "removed"
    if michael:
        s.events["michael"] = 14
    s.forced = [5, 1]  # AP 8 CF, -1: column 5, die 5 -> 4; CP 7 CF +1: column 9-11 -> 3
    attack(s, AP, 1, ["amiens"], "cambrai", ["br_1", "br_2"])
    play(s, "done", "done", "done")
    while step(s) == "combat_losses":
        play(s, legal(s)[0])
    assert [e["s"] for e in s.log if e["k"] == "combat.winner"] == ["ap"]
    if michael:
        assert set(legal(s)) == {"choose retreat", "choose cancel"}
    else:
        assert any(e["k"] == "combat.retreat_ignored" for e in s.log)
        assert at(s, "ge_1") == "cambrai" and red(s, "ge_1")


@pytest.mark.rule("12.2.12")
@pytest.mark.card("cp61")
def test_haig_needs_british_attackers_and_a_trench():
    s = flanders("fr_1")
    board.set_trench(s, x("cambrai"), 0, -1)
    cp_event(s, "cp61")
    s.forced = [6, 1]
    attack(s, AP, 1, ["amiens"], "cambrai", ["fr_1"])
    play(s, "done", "done")
    losses(s)
    assert [e["s"] for e in s.log if e["k"] == "combat.winner"] == ["ap"]
    while step(s) == "combat_retreat":
        play(s, legal(s)[0])
    assert not any(e["k"] == "combat.retreat_ignored" for e in s.log)
    assert at(s, "ge_1") != "cambrai"
