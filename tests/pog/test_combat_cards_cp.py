"""The Central Powers' combat cards (9.5.4, 12.2.4-12.2.8, 12.6; card-events.md): each card's
effect in a combat with forced dice, and its refusal when its condition fails. Fortified
Machine Guns is in test_combat_examples.py; Wireless Intercepts, Kemal and Von Hutier in
test_combat_cards.py; Severe Weather (cp04) in test_combat_cards_ap.py."""

from __future__ import annotations

import pytest

from greatwar.pog import board
from greatwar.pog.data import AP, CP

from .helpers import (
    D,
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
    step,
    u,
    x,
)

# -- German attack DRM cards -----------------------------------------------------------------


def east(card: str, attacker: str = "ge_1", defender: str = "ru_1"):
    s = fresh(turn=12)
    put(s, attacker, "lodz")
    put(s, defender, "plock")
    control(s, CP, "lodz")
    give(s, CP, card)
    return s


@pytest.mark.rule("12.2.7")
@pytest.mark.card("cp03")
@pytest.mark.card("cp15")
@pytest.mark.card("cp19")
@pytest.mark.card("cp35")
@pytest.mark.card("cp40")
@pytest.mark.card("cp62")
@pytest.mark.parametrize("card", ["cp03", "cp15", "cp19", "cp35", "cp40", "cp62"])
def test_german_attack_drm_cards(card):
    s = east(card)
    s.forced = [2, 2]
    attack(s, CP, 1, ["lodz"], "plock", ["ge_1"])
    assert legal(s) == [f"cc {card}", "done"]
    play(s, f"cc {card}", "done", "done")
    assert fires(s)[0]["drm"] == 1 and fires(s)[1]["drm"] == 0
    removed = card not in ("cp03", "cp40")
    assert pile(s, CP, card) == ("removed" if removed else "table")


@pytest.mark.rule("9.5.4")
@pytest.mark.card("cp03")
@pytest.mark.card("cp15")
@pytest.mark.card("cp19")
@pytest.mark.card("cp35")
@pytest.mark.card("cp40")
@pytest.mark.card("cp62")
@pytest.mark.parametrize("card", ["cp03", "cp15", "cp19", "cp35", "cp40", "cp62"])
def test_german_attack_drm_cards_refused_without_germans(card):
    s = east(card, attacker="ah_1")
    attack(s, CP, 1, ["lodz"], "plock", ["ah_1"])
    assert legal(s) == ["done"]


@pytest.mark.rule("9.5.4")
@pytest.mark.card("cp03")
def test_von_francois_needs_russians():
    s = east("cp03", defender="fr_1")
    attack(s, CP, 1, ["lodz"], "plock", ["ge_1"])
    assert legal(s) == ["done"]


@pytest.mark.rule("9.5.4")
@pytest.mark.card("cp62")
def test_achtung_panzer_needs_clear_terrain():
    s = fresh(turn=12)
    put(s, "ge_1", "cambrai")
    put(s, "fr_1", "sedan")  # forest
    control(s, CP, "cambrai", "brussels", "liege")
    control(s, AP, "sedan")
    give(s, CP, "cp62")
    attack(s, CP, 1, ["cambrai"], "sedan", ["ge_1"])
    assert legal(s) == ["done"]


# -- Liman von Sanders, Kaisertreu: attack or defence ----------------------------------------


@pytest.mark.rule("12.2.7")
@pytest.mark.card("cp16")
@pytest.mark.card("cp57")
@pytest.mark.parametrize("card, unit", [("cp16", "tu_corps_01"), ("cp57", "ah_corps_01")])
def test_cp_drm_cards_in_attack_and_defence(card, unit):
    s = fresh(turn=12)
    s.at_war["tu"] = 1
    put(s, unit, "qurna")
    put(s, "br_corps_01", "basra")
    give(s, CP, card)
    s.forced = [3, 3]
    attack(s, AP, 1, ["basra"], "qurna", ["br_corps_01"])
    play(s, "done")
    assert legal(s) == [f"cc {card}", "done"]
    play(s, f"cc {card}", "done")
    assert fires(s)[1]["drm"] == 1
    s = fresh(turn=12)
    s.at_war["tu"] = 1
    put(s, unit, "qurna")
    put(s, "br_corps_01", "basra")
    give(s, CP, card)
    attack(s, CP, 1, ["qurna"], "basra", [unit])
    assert legal(s) == [f"cc {card}", "done"]


@pytest.mark.rule("9.5.4")
@pytest.mark.card("cp16")
@pytest.mark.card("cp57")
@pytest.mark.parametrize("card", ["cp16", "cp57"])
def test_cp_drm_cards_refused_without_their_nation(card):
    s = east(card)
    attack(s, CP, 1, ["lodz"], "plock", ["ge_1"])
    assert legal(s) == ["done"]


@pytest.mark.rule("9.5.4")
@pytest.mark.card("cp16")
def test_liman_von_sanders_does_not_count_the_senussi():
    s = fresh(turn=12)
    s.at_war["tu"] = 1
    put(s, "tu_sn_corps", "qurna")
    put(s, "br_corps_01", "basra")
    give(s, CP, "cp16")
    attack(s, AP, 1, ["basra"], "qurna", ["br_corps_01"])
    play(s, "done")
    assert legal(s) == ["done"]


# -- Place of Execution, Alpenkorps -----------------------------------------------------------


def verdun(card: str = "cp26"):
    s = fresh(turn=12)
    put(s, "ge_1", "metz")
    put(s, "fr_1", "verdun")
    give(s, CP, card)
    return s


@pytest.mark.rule("12.2.7")
@pytest.mark.rule("9.5.1.3")
@pytest.mark.card("cp26")
def test_place_of_execution_adds_two_and_war_status():
    s = verdun()
    s.events["falkenhayn"] = 5
    ws, cws = s.ws[CP], s.cws
    s.forced = [3, 3]
    attack(s, CP, 1, ["metz"], "verdun", ["ge_1"])
    assert legal(s) == ["cc cp26", "done"]
    play(s, "cc cp26")
    assert (s.ws[CP], s.cws) == (ws + 1, cws + 1)
    play(s, "done", "done")
    assert fires(s)[0]["drm"] == 2
    losses(s)
    assert pile(s, CP, "cp26") == "removed"


@pytest.mark.rule("9.5.4")
@pytest.mark.card("cp26")
@pytest.mark.parametrize("events", [(), ("falkenhayn", "h_l_take_command")])
def test_place_of_execution_between_falkenhayn_and_hl(events):
    s = verdun()
    for k in events:
        s.events[k] = 5
    attack(s, CP, 1, ["metz"], "verdun", ["ge_1"])
    assert legal(s) == ["done"]


@pytest.mark.rule("9.5.4")
@pytest.mark.card("cp26")
def test_place_of_execution_needs_a_fort():
    s = fresh(turn=12)
    s.events["falkenhayn"] = 5
    put(s, "ge_1", "cambrai")
    put(s, "fr_1", "amiens")
    control(s, CP, "cambrai", "sedan")
    give(s, CP, "cp26")
    attack(s, CP, 1, ["cambrai"], "amiens", ["ge_1"])
    assert legal(s) == ["done"]


@pytest.mark.rule("12.2.7")
@pytest.mark.card("cp30")
def test_alpenkorps_into_the_mountains():
    s = fresh(turn=12)
    put(s, "ge_1", "mulhouse")
    put(s, "fr_1", "belfort")
    give(s, CP, "cp30")
    s.forced = [3, 3]
    attack(s, CP, 1, ["mulhouse"], "belfort", ["ge_1"])
    assert legal(s) == ["cc cp30", "done"]
    play(s, "cc cp30", "done", "done")
    assert fires(s)[0]["drm"] == 1


@pytest.mark.rule("9.5.4")
@pytest.mark.card("cp30")
def test_alpenkorps_refused_on_the_plain():
    s = verdun("cp30")
    attack(s, CP, 1, ["metz"], "verdun", ["ge_1"])
    assert legal(s) == ["done"]


# -- trench-negating cards ---------------------------------------------------------------------


def western_trench(card: str, level: int = 2):
    s = fresh(turn=16)
    put(s, "ge_1", "cambrai")
    put(s, "ge_2", "calais")
    put(s, "fr_1", "amiens")
    control(s, CP, "cambrai", "calais", "sedan")
    board.set_trench(s, x("amiens"), level, AP)
    give(s, CP, card)
    return s


@pytest.mark.rule("12.2.4")
@pytest.mark.rule("12.2.8")
@pytest.mark.card("cp49")
@pytest.mark.card("cp50")
@pytest.mark.parametrize("card, drm", [("cp49", 1), ("cp50", 0)])
def test_michael_and_blucher_cancel_the_trench(card, drm):
    s = western_trench(card)
    s.events["h_l_take_command"] = 14
    ws = s.ws[CP]
    s.forced = [3, 3]
    attack(s, CP, 1, ["cambrai"], "amiens", ["ge_1"])
    assert legal(s) == [f"cc {card}", "done"]
    play(s, f"cc {card}", "done", "done", "done")
    f = fires(s)
    assert f[0]["column"] == "5" and f[1]["column"] == "3"  # no trench shifts
    assert f[0]["drm"] == drm
    assert s.ws[CP] == ws + (1 if card == "cp49" else 0)  # Michael carries War Status
    losses(s)
    assert not any(e["k"] == "combat.retreat_or_cancel" for e in s.log)
    assert pile(s, CP, card) == "removed"


@pytest.mark.rule("12.2.4")
@pytest.mark.card("cp49")
@pytest.mark.card("cp50")
@pytest.mark.card("cp51")
@pytest.mark.parametrize("card", ["cp49", "cp50", "cp51"])
def test_hl_offensives_need_hl_take_command(card):
    s = western_trench(card)
    attack(s, CP, 1, ["cambrai"], "amiens", ["ge_1"])
    assert legal(s) == ["done"]
    s = western_trench(card)
    s.events["h_l_take_command"] = 14
    put(s, "ah_1", "cambrai")
    attack(s, CP, 2, ["cambrai"], "amiens", ["ah_1"])
    assert legal(s) == ["done"]  # no German attacker


@pytest.mark.rule("12.2.4")
@pytest.mark.rule("12.3.1")
@pytest.mark.rule("12.7.1")
@pytest.mark.card("cp51")
@pytest.mark.parametrize("advance, vp_change", [(True, 0), (False, -1)])
def test_peace_offensive_costs_a_vp_without_an_advance(advance, vp_change):
    s = western_trench("cp51")
    s.events["h_l_take_command"] = 14
    vp = s.vp
    s.forced = [6, 6, 1]  # flank roll, CP fire, AP fire
    attack(s, CP, 2, ["cambrai", "calais"], "amiens", ["ge_1", "ge_2"])
    play(s, "cc cp51", "done")
    assert step(s) == "combat_flank"  # all trench effects gone: a flank attack is allowed
    play(s, "pin cambrai", "done", "done")
    losses(s)
    assert s.loc[u("fr_1")] in (D.eliminated_box[AP], D.perm_eliminated_box[AP])
    assert step(s) == "combat_advance"
    play(s, "advance ge_1 amiens" if advance else "done")
    if step(s) == "combat_advance":
        play(s, "done")
    assert s.vp == vp + vp_change
    assert pile(s, CP, "cp51") == "removed"


@pytest.mark.rule("12.2.4")
@pytest.mark.card("cp43")
def test_von_below_against_italians():
    s = fresh(turn=14)
    s.at_war["it"] = 1
    put(s, "ge_corps_01", "trieste")
    put(s, "it_1", "udine")
    control(s, AP, "udine", "venice", "verona", "milan")
    board.set_trench(s, x("udine"), 1, AP)
    give(s, CP, "cp43")
    s.forced = [3, 3]
    attack(s, CP, 1, ["trieste"], "udine", ["ge_corps_01"])
    assert legal(s) == ["cc cp43", "done"]
    play(s, "cc cp43", "done", "done", "done")
    f = fires(s)
    assert f[0]["column"] == "2" and f[1]["column"] == "2"  # no trench shifts
    assert pile(s, CP, "cp43") == "removed"


@pytest.mark.rule("12.2.4")
@pytest.mark.card("cp43")
def test_von_below_only_against_italians_alone():
    s = fresh(turn=14)
    s.at_war["it"] = 1
    put(s, "ge_corps_01", "trieste")
    put(s, "it_1", "udine")
    put(s, "fr_corps_01", "udine")
    control(s, AP, "udine", "venice", "verona", "milan")
    board.set_trench(s, x("udine"), 1, AP)
    give(s, CP, "cp43")
    attack(s, CP, 1, ["trieste"], "udine", ["ge_corps_01"])
    assert legal(s) == ["done"]


# -- Turk Determination, Withdrawal, Alberich -----------------------------------------------------


def mesopotamia(card: str):
    s = fresh(turn=12)
    s.at_war["tu"] = 1
    put(s, "tu_corps_01", "qurna")
    put(s, "tu_corps_02", "qurna")
    put(s, "br_ne", "basra")
    give(s, CP, card)
    return s


@pytest.mark.rule("11.2.8")
@pytest.mark.rule("12.5.3")
@pytest.mark.card("cp60")
def test_turk_determination_fights_as_if_entrenched():
    s = mesopotamia("cp60")
    s.forced = [3, 1]  # AP 4 CF, column 4 shifted to 3: die 3 -> 2; CP 2 CF corps +1: 3 -> 1
    attack(s, AP, 1, ["basra"], "qurna", ["br_ne"])
    play(s, "done")
    assert legal(s) == ["cc cp60", "done"]
    play(s, "cc cp60", "done")
    f = fires(s)
    assert (f[0]["column"], f[1]["column"]) == ("3", "3")
    while step(s) == "combat_losses":
        play(s, "lose tu_corps_01" if "lose tu_corps_01" in legal(s) else legal(s)[0])
    # The AP won by 1: the Turks may cancel the retreat as if entrenched (clear terrain).
    assert set(legal(s)) == {"choose retreat", "choose cancel"}
    assert pile(s, CP, "cp60") == "removed"


@pytest.mark.rule("9.5.4")
@pytest.mark.card("cp60")
def test_turk_determination_refused_with_a_trench():
    s = mesopotamia("cp60")
    board.set_trench(s, x("qurna"), 1, CP)
    attack(s, AP, 1, ["basra"], "qurna", ["br_ne"])
    play(s, "done", "done")
    assert legal(s) == ["done"]


@pytest.mark.rule("12.6.3")
@pytest.mark.rule("12.6.4")
@pytest.mark.card("cp56")
def test_cp_withdrawal():
    s = fresh(turn=12)
    put(s, "fr_1", "amiens")
    put(s, "ge_1", "cambrai")
    put(s, "ge_corps_01", "cambrai")
    control(s, CP, "cambrai", "sedan", "brussels")
    give(s, CP, "cp56")
    s.forced = [4, 1]  # AP 3 CF: 3; CP 7 CF: 3 (a tie)
    attack(s, AP, 1, ["amiens"], "cambrai", ["fr_1"])
    play(s, "done")
    assert legal(s) == ["cc cp56", "done"]
    play(s, "cc cp56", "done")
    losses(s)
    while step(s) == "combat_restore":
        play(s, legal(s)[0])
    # A step is given back, and the Germans fall back one space despite the tie.
    assert any(e["k"] == "combat.step_restored" for e in s.log)
    while step(s) == "combat_retreat":
        play(s, legal(s)[0])
    assert at(s, "ge_1") != "cambrai"
    assert pile(s, CP, "cp56") == "removed"


@pytest.mark.rule("9.5.4")
@pytest.mark.card("cp56")
def test_cp_withdrawal_only_in_defence():
    s = east("cp56")
    attack(s, CP, 1, ["lodz"], "plock", ["ge_1"])
    assert legal(s) == ["done"]


def alberich_attack(ap_cards: tuple[str, ...] = ()):
    s = fresh(turn=16)
    put(s, "br_1", "amiens")
    put(s, "ge_1", "cambrai")
    put(s, "ge_2", "brussels")
    control(s, CP, "cambrai", "brussels", "sedan", "liege")
    give(s, CP, "cp64")
    give(s, AP, *ap_cards)
    return s


@pytest.mark.rule("9.5.4")
@pytest.mark.rule("12.1.6")
@pytest.mark.card("cp64")
def test_alberich_calls_the_attack_off():
    s = alberich_attack(("ap18", "ap19"))
    s.events["ap_air_superiority"] = 9  # played once before
    attack(s, AP, 1, ["amiens"], "cambrai", ["br_1"])
    play(s, "cc ap18", "cc ap19", "done")
    assert "hurricane_barrage" in s.events
    assert legal(s) == ["cc cp64", "done"]
    play(s, "cc cp64")
    # No fire; the Allied cards are back in hand as if unplayed; Alberich leaves the game.
    assert not fires(s) and not any(e["k"] == "die" and e["a"]["why"] == "combat" for e in s.log)
    assert pile(s, AP, "ap18") == "hand" and pile(s, AP, "ap19") == "hand"
    assert "hurricane_barrage" not in s.events and s.events["ap_air_superiority"] == 9
    assert pile(s, CP, "cp64") == "removed"
    assert at(s, "br_1") == "amiens" and at(s, "ge_1") == "cambrai"
    assert step(s) == "action_round"  # Cambrai was the only target, now attacked (12.1.6)


@pytest.mark.rule("9.5.4.4")
@pytest.mark.card("cp64")
def test_alberich_returns_a_kept_card_to_the_table_unused():
    s = alberich_attack()
    give(s, AP, "ap19")
    ap19 = D.card("ap19")
    s.hand[AP].remove(ap19)
    s.table[AP].append(ap19)  # kept from an earlier combat
    attack(s, AP, 1, ["amiens"], "cambrai", ["br_1"])
    play(s, "cc ap19", "done", "cc cp64")
    assert pile(s, AP, "ap19") == "table"
    assert [e["a"]["card"] for e in s.log if e["k"] == "cc.returned"] == ["ap19"]
    put(s, "ge_corps_05", "calais")
    control(s, CP, "calais")
    operation(s, AP, 1)
    play(s, "activate attack amiens", "attack calais", "with br_1", "done")
    assert "cc ap19" in legal(s)  # free again this round


@pytest.mark.rule("9.5.4")
@pytest.mark.card("cp64")
@pytest.mark.card("ap48")
def test_alberich_refused_against_royal_tank_corps_or_outside_the_west():
    s = alberich_attack(("ap48",))
    s.events["landships"] = 12
    board.set_trench(s, x("cambrai"), 1, CP)
    attack(s, AP, 1, ["amiens"], "cambrai", ["br_1"])
    play(s, "cc ap48", "done", "done")
    assert legal(s) == ["done"]
    s = fresh(turn=16)
    put(s, "ru_1", "warsaw")
    put(s, "ge_1", "lodz")
    control(s, CP, "lodz")
    give(s, CP, "cp64")
    attack(s, AP, 1, ["warsaw"], "lodz", ["ru_1"])
    play(s, "done")
    assert legal(s) == ["done"]
