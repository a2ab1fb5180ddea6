"""Strategic Redeployment (9.3, 13): playing cards for SR, and every SR rule of 13.1-13.2,
on hand-built positions (edge cases 54-57 of the requirements and example R13)."""

from __future__ import annotations

import random

import pytest

from greatwar.core.errors import IllegalActionError, MalformedActionError
from greatwar.pog import board, engine, invariants, messages, redeployment, sequence, supply
from greatwar.pog.cards import CARDS
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import push
from greatwar.pog.state import FORT_BESIEGED, FORT_DESTROYED, FORT_INTACT, OFF, State

from .helpers import D, at, clear, control, game

# -- building positions --------------------------------------------------------------------------


def empty(scenario: str = "campaign") -> State:
    """A game with every unit taken out of play (control as at the start)."""
    return clear(game(scenario))


def put(s: State, space: str, *units: str) -> None:
    for u in units:
        board.place(s, D.unit(u), D.space(space))


def at_war(s: State, *nations: str) -> None:
    for n in nations:
        s.at_war[n] = 1
    board.invalidate(s)


def sr(s: State, side: int, points: int = 4) -> State:
    """Start an SR of ``points`` points for ``side`` on top of the current procedure."""
    push(s, "strategic_redeployment", side=side, card=-1, points=points, done=[], overstack=1)
    return s


def dests(s: State, unit: str) -> set[str]:
    """The spaces ``unit`` may SR to now (from the legal actions, choosing it on a copy)."""
    if engine.parse(f"sr {unit}") not in engine.legal_actions(s):
        return set()
    c = s.clone()
    engine.apply(c, f"sr {unit}")
    return {a.args[1] for a in engine.legal_actions(c) if a.verb == "sr"}


def redeploy(s: State, unit: str, space: str) -> None:
    """Choose ``unit``, then send it to ``space`` (13.1.10: one unit at a time)."""
    engine.apply(s, f"sr {unit}")
    engine.apply(s, f"sr {unit} {space}")


def how(s: State, unit: str, space: str) -> tuple[str, str]:
    """(mode, per-turn allowance used) of an offered SR."""
    return redeployment.unit_options(s, D.unit(unit))[D.space(space)]


def finish(s: State) -> None:
    """End the SR if it has not ended by itself."""
    if engine.step_name(s) == "strategic_redeployment":
        engine.apply(s, "done")


def card_in_hand(s: State, side: int, n: int = 0) -> str:
    return CARDS[s.hand[side][n]].id


# -- 9.3: playing a card for SR --------------------------------------------------------------


@pytest.mark.rule("9.3.1")
@pytest.mark.rule("9.3.2")
@pytest.mark.rule("8.1.3")
def test_card_played_for_sr_gives_its_sr_value_and_is_discarded():
    s = game()
    card = card_in_hand(s, CP)
    engine.apply(s, f"play sr {card}")
    assert engine.step_name(s) == "strategic_redeployment"
    f = s.stack[-1]
    assert f["points"] == CARDS[D.card(card)].sr
    assert f["overstack"] == 1  # 10.1.2: stacking is checked at the end of SR only
    assert D.card(card) in s.played[CP]
    assert s.uses[CP] == ["sr"]
    engine.apply(s, "done")
    assert D.card(card) in s.discard[CP]
    assert engine.to_act(s) == AP
    invariants.check(s)


def _sr_offered(s: State) -> bool:
    return any(a.verb == "play" and a.args[0] == "sr" for a in engine.legal_actions(s))


@pytest.mark.rule("9.3.3")
def test_no_sr_play_in_the_round_after_an_sr_play():
    s = game()
    engine.apply(s, f"play sr {card_in_hand(s, CP)}")
    engine.apply(s, "done")
    engine.apply(s, f"play sr {card_in_hand(s, AP)}")
    engine.apply(s, "done")
    # Round 2: neither player may play SR again...
    assert engine.to_act(s) == CP and not _sr_offered(s)
    assert any(a.verb == "play" and a.args[0] == "ops" for a in engine.legal_actions(s))
    engine.apply(s, f"play rp {card_in_hand(s, CP)}")
    assert engine.to_act(s) == AP and not _sr_offered(s)
    engine.apply(s, f"play rp {card_in_hand(s, AP)}")
    # ...but in round 3 they may.
    assert engine.to_act(s) == CP and _sr_offered(s)


@pytest.mark.rule("9.3.3")
def test_salonika_event_counts_as_an_sr_play():
    s = game()
    s.uses[AP] = ["salonika"]
    engine.apply(s, f"play rp {card_in_hand(s, CP)}")
    assert engine.to_act(s) == AP
    assert not _sr_offered(s)
    s.uses[AP] = ["salonika", "ops"]
    assert _sr_offered(s)


@pytest.mark.rule("9.3.3")
def test_sr_in_the_last_round_and_the_first_round_of_the_next_turn():
    s = game()
    card = s.hand[CP][0]
    s.uses[CP] = ["ops", "rp", "ops", "event", "ops", "sr"]  # the sixth round was SR
    assert not redeployment.may_play_sr(s, CP, card)
    sequence.end_of_turn(s)
    assert s.turn == 2
    assert redeployment.may_play_sr(s, CP, card)


# -- 13.1.2-13.1.4, 13.1.10: points, once per play, free order -----------------------------


@pytest.mark.rule("13.1.2")
def test_corps_cost_one_point_armies_four():
    s = empty()
    put(s, "kassel", "ge_1", "ge_corps_01")
    sr(s, CP, 3)
    assert "berlin" in dests(s, "ge_corps_01")
    assert dests(s, "ge_1") == set()  # 4 points needed
    s.stack[-1]["points"] = 4
    assert "berlin" in dests(s, "ge_1")
    redeploy(s, "ge_1", "berlin")
    assert at(s, "ge_1") == "berlin"
    assert engine.step_name(s) != "strategic_redeployment"  # no points left: SR is over


@pytest.mark.rule("13.1.2")
def test_reduced_units_cost_the_same():
    s = empty()
    board.place(s, D.unit("ge_1"), D.space("kassel"), reduced=True)
    sr(s, CP, 3)
    assert dests(s, "ge_1") == set()


@pytest.mark.rule("13.1.3")
def test_a_unit_redeploys_once_per_sr_play():
    s = empty()
    put(s, "kassel", "ge_corps_01", "ge_corps_02")
    sr(s, CP, 4)
    redeploy(s, "ge_corps_01", "berlin")
    assert dests(s, "ge_corps_01") == set()
    assert "essen" in dests(s, "ge_corps_02")
    assert s.stack[-1]["points"] == 3
    engine.apply(s, "done")
    sr(s, CP, 4)  # a later SR play: the unit may redeploy again
    assert "essen" in dests(s, "ge_corps_01")


@pytest.mark.rule("13.1.4")
def test_points_split_between_nations_and_part_of_a_stack():
    s = empty()
    put(s, "kassel", "ge_corps_01", "ge_corps_02", "ah_corps_05")
    sr(s, CP, 2)
    redeploy(s, "ah_corps_05", "berlin")
    redeploy(s, "ge_corps_02", "essen")
    assert at(s, "ge_corps_01") == "kassel"
    assert engine.step_name(s) != "strategic_redeployment"


@pytest.mark.rule("13.1.10")
def test_example_r13_sequencing():
    """R13: A (corps) from the Reserve Box onto B; B to another space; C from the Reserve
    Box onto B's new space. Each unit SRs only once."""
    s = empty()
    rb = "cp_reserve_box"
    put(s, rb, "ge_corps_01", "ge_corps_03")  # A and C
    put(s, "strasbourg", "ge_corps_02")  # B, supplied
    sr(s, CP, 4)
    assert "kassel" not in dests(s, "ge_corps_03")  # no German unit there yet
    redeploy(s, "ge_corps_01", "strasbourg")  # A onto B
    redeploy(s, "ge_corps_02", "kassel")  # B moves on
    assert "kassel" in dests(s, "ge_corps_03")
    redeploy(s, "ge_corps_03", "kassel")  # C onto B's new space
    assert at(s, "ge_corps_03") == "kassel"
    assert dests(s, "ge_corps_01") == dests(s, "ge_corps_02") == set()
    invariants.check(s)


# -- 13.1.5: supply and routes --------------------------------------------------------------


@pytest.mark.rule("13.1.5")
@pytest.mark.rule("14.3.1")
@pytest.mark.rule("14.3.2")
def test_out_of_supply_units_may_not_sr():
    """Edge case 54: SR needs the unit in supply."""
    s = empty()
    put(s, "strasbourg", "ge_corps_01")
    control(s, AP, "metz", "mulhouse", "mannheim")
    sr(s, CP)
    assert not supply.unit_supplied(s, D.unit("ge_corps_01"))
    assert dests(s, "ge_corps_01") == set()


@pytest.mark.rule("13.1.5")
def test_destination_must_be_a_supplied_space_for_the_unit():
    s = empty()
    s.flags["salonika"] = 1
    put(s, "salonika", "sb_corps_01", "fr_corps_01")
    sr(s, AP)
    assert "marseilles" in dests(s, "fr_corps_01")
    assert how(s, "fr_corps_01", "marseilles") == ("sea", "")
    # A Serb would be out of supply in Marseilles (Serbs trace only to Russia, Belgrade or
    # Salonika, never by sea).
    assert not supply.supplied_at(s, D.unit("sb_corps_01"), D.space("marseilles"))
    assert "marseilles" not in dests(s, "sb_corps_01")


@pytest.mark.rule("13.1.5")
def test_route_only_through_friendly_controlled_spaces():
    """Edge case 54: the route enters friendly-controlled spaces only."""
    s = empty()
    put(s, "calais", "fr_corps_01")
    control(s, CP, "amiens", "cambrai", "ostend")
    sr(s, AP)
    got = dests(s, "fr_corps_01")
    assert "paris" not in got and "amiens" not in got
    assert "cherbourg" in got  # by sea
    control(s, AP, "amiens")
    assert "paris" in dests(s, "fr_corps_01")


@pytest.mark.rule("13.1.5")
def test_never_into_a_space_with_enemy_units():
    """A friendly fort besieged by the enemy holds enemy units: no SR into it."""
    s = empty()
    put(s, "ostend", "fr_corps_01")
    put(s, "antwerp", "ge_corps_01")
    s.fort[D.space("antwerp")] = FORT_BESIEGED
    board.invalidate(s)
    sr(s, AP)
    got = dests(s, "fr_corps_01")
    assert "antwerp" not in got and "brussels" in got
    board.remove(s, D.unit("ge_corps_01"))
    s.fort[D.space("antwerp")] = FORT_INTACT
    board.invalidate(s)
    assert "antwerp" in dests(s, "fr_corps_01")


def _metz_besieged(s: State) -> None:
    """Metz (GE fort 3) besieged by a French army and corps; Strasbourg Allied and reached from
    Verdun only through Metz."""
    control(s, CP, "nancy")
    control(s, AP, "strasbourg")
    put(s, "metz", "fr_1", "fr_corps_02")
    s.fort[D.space("metz")] = FORT_BESIEGED
    put(s, "verdun", "fr_corps_01")
    board.invalidate(s)


@pytest.mark.rule("13.1.5")
@pytest.mark.rule("15.2.2")
def test_sr_through_and_into_a_besieged_enemy_fort():
    """Edge case 54 and 47: besieged enemy fort spaces may be passed and entered."""
    s = empty()
    _metz_besieged(s)
    sr(s, AP)
    got = dests(s, "fr_corps_01")
    assert {"metz", "strasbourg"} <= got
    redeploy(s, "fr_corps_01", "metz")
    m = D.space("metz")
    assert s.ctrl[m] == CP and s.fort[m] == FORT_BESIEGED  # SR changes no control


@pytest.mark.rule("13.1.5")
def test_unbesieged_enemy_fort_blocks_the_route():
    s = empty()
    _metz_besieged(s)
    for u in ("fr_1", "fr_corps_02"):
        board.remove(s, D.unit(u))
    s.fort[D.space("metz")] = FORT_INTACT
    board.invalidate(s)
    sr(s, AP)
    got = dests(s, "fr_corps_01")
    assert "metz" not in got and "strasbourg" not in got


@pytest.mark.rule("13.1.5")
def test_sr_out_of_a_besieged_fort_only_if_it_stays_besieged():
    s = empty()
    _metz_besieged(s)
    sr(s, AP, 5)
    assert dests(s, "fr_corps_02")  # the army still besieges Metz alone
    assert dests(s, "fr_1") == set()  # one corps cannot besiege a fort of 3
    redeploy(s, "fr_corps_02", "verdun")
    assert dests(s, "fr_1") == set()  # alone, the army may not leave either


@pytest.mark.rule("11.1.4")
@pytest.mark.rule("13.1.5")
def test_dashed_lines_only_for_the_nations_printed_on_them():
    s = empty()
    put(s, "london", "br_corps_01", "fr_corps_01")
    sr(s, AP)
    assert "amiens" in dests(s, "br_corps_01")
    assert how(s, "br_corps_01", "amiens") == ("land", "")
    got = dests(s, "fr_corps_01")
    assert "amiens" not in got  # London-Calais is a British line
    assert "calais" in got and how(s, "fr_corps_01", "calais") == ("sea", "")


@pytest.mark.rule("10.1.2")
def test_sr_into_a_full_stack_only_if_a_unit_there_can_still_leave():
    s = empty()
    put(s, "berlin", "ge_2", "ge_3", "ge_corps_02")
    put(s, "kassel", "ge_corps_01")
    sr(s, CP, 1)
    assert "berlin" not in dests(s, "ge_corps_01")  # no point would be left to make room
    s = empty()
    put(s, "berlin", "ge_2", "ge_3")
    put(s, "kassel", "ge_corps_01")
    put(s, "essen", "ge_corps_02", "ge_corps_03", "ge_corps_04")
    sr(s, CP, 4)
    got = dests(s, "ge_2")
    assert "kassel" in got and "essen" not in got  # the army would use every point
    s = empty()
    put(s, "berlin", "ge_2", "ge_3", "ge_corps_02")
    put(s, "kassel", "ge_corps_01")
    sr(s, CP, 4)
    assert "berlin" in dests(s, "ge_corps_01")
    redeploy(s, "ge_corps_01", "berlin")
    assert "done" not in {str(a) for a in engine.legal_actions(s)}  # four units in Berlin
    assert dests(s, "ge_2") == set()  # an army costs 4: only a corps can make room now
    assert "essen" in dests(s, "ge_corps_02")
    redeploy(s, "ge_corps_02", "essen")
    assert engine.step_name(s) != "strategic_redeployment"  # only armies are left
    invariants.check(s)  # the SR ended within the limits


@pytest.mark.rule("10.1.2")
@pytest.mark.rule("13.1.10")
def test_two_full_stacks_exchange_units_by_sr():
    s = empty()
    put(s, "berlin", "ge_corps_01", "ge_corps_02", "ge_corps_03")
    put(s, "essen", "ge_corps_04", "ge_corps_05", "ge_corps_06")
    sr(s, CP, 2)
    redeploy(s, "ge_corps_01", "essen")
    assert "done" not in {str(a) for a in engine.legal_actions(s)}
    # The last point must take a unit out of Essen: no other SR is offered.
    assert dests(s, "ge_corps_02") == set()
    assert "berlin" in dests(s, "ge_corps_04")
    redeploy(s, "ge_corps_04", "berlin")
    assert engine.step_name(s) != "strategic_redeployment"
    assert at(s, "ge_corps_01") == "essen" and at(s, "ge_corps_04") == "berlin"
    invariants.check(s)


@pytest.mark.rule("11.1.9")
def test_cp_may_not_sr_into_the_channel_ports_before_race_to_the_sea():
    s = empty()
    control(s, CP, "brussels", "ostend", "antwerp", "liege")
    put(s, "brussels", "ge_corps_01")
    sr(s, CP)
    assert "ostend" not in dests(s, "ge_corps_01")
    assert "antwerp" in dests(s, "ge_corps_01")
    s.ws[CP] = 4
    board.invalidate(s)
    assert "ostend" in dests(s, "ge_corps_01")
    s.ws[CP] = 0
    s.events["race_to_the_sea"] = 1
    board.invalidate(s)
    assert "ostend" in dests(s, "ge_corps_01")


@pytest.mark.rule("5.7.4")
def test_historical_italy_rules():
    """5.7.4 #6: until the AP is at Total War only AH and IT armies SR into Italy, and no
    German army ends an SR in Trent, Villach or Trieste."""
    s = empty("historical")
    at_war(s, "it")
    put(s, "nice", "fr_1", "fr_corps_01")
    put(s, "innsbruck", "ge_1", "ge_corps_01")
    sr(s, AP, 5)
    assert "turin" not in dests(s, "fr_1")
    assert "turin" in dests(s, "fr_corps_01")
    s.stack.pop()
    sr(s, CP, 5)
    assert "trent" not in dests(s, "ge_1") and "villach" not in dests(s, "ge_1")
    assert "trent" in dests(s, "ge_corps_01")
    s.commit[AP] = 2
    board.invalidate(s)
    assert "trent" in dests(s, "ge_1")


@pytest.mark.rule("5.7.4")
def test_italy_rules_only_in_the_historical_scenario():
    s = empty("campaign")
    at_war(s, "it")
    put(s, "nice", "fr_1")
    sr(s, AP)
    assert "turin" in dests(s, "fr_1")


@pytest.mark.rule("11.3.1")
def test_only_near_east_armies_enter_the_near_east():
    s = empty()
    at_war(s, "tu")
    put(s, "adrianople", "ge_1", "ge_corps_01")
    put(s, "gallipoli", "tu_yld")
    sr(s, CP, 5)
    assert "constantinople" not in dests(s, "ge_1")
    assert "constantinople" in dests(s, "ge_corps_01")
    assert "constantinople" in dests(s, "tu_yld")
    assert "gallipoli" in dests(s, "ge_1")


# -- 13.1.6 Russians ----------------------------------------------------------------------------


@pytest.mark.rule("13.1.6")
def test_russians_sr_only_inside_russia():
    """Edge case 57."""
    s = empty()
    control(s, AP, "posen")
    put(s, "lodz", "ru_corps_01")
    put(s, "posen", "ru_1", "ru_corps_02")
    put(s, "warsaw", "ru_2")
    put(s, "ap_reserve_box", "ru_corps_03")
    sr(s, AP)
    got = dests(s, "ru_corps_01")
    assert "posen" not in got and "warsaw" in got and "ap_reserve_box" in got
    assert dests(s, "ru_corps_02") == set()  # outside Russia: no SR at all, not even to RB
    got = dests(s, "ru_corps_03")
    assert "warsaw" in got and "posen" not in got  # Reserve Box SR only into Russia
    assert redeployment.ne_allowance(s, D.unit("ru_corps_01"), "sea") is None  # never by sea


# -- 13.1.7 by sea -----------------------------------------------------------------------------


@pytest.mark.rule("13.1.7")
def test_sea_sr_corps_only_port_to_port():
    """Edge case 54: armies never by sea; port to port only, not combined with land SR."""
    s = empty()
    put(s, "marseilles", "br_corps_01", "br_2")
    put(s, "avignon", "br_corps_02")
    sr(s, AP, 5)
    assert "port_said" in dests(s, "br_corps_01")
    assert how(s, "br_corps_01", "port_said") == ("sea", "sr_ne_br")
    assert how(s, "br_corps_01", "cherbourg") == ("land", "")  # overland is preferred
    assert "cairo" not in dests(s, "br_corps_01")  # no land SR after the sea SR
    assert "port_said" not in dests(s, "br_2")  # armies never by sea
    assert "port_said" not in dests(s, "br_corps_02")  # it must start in a port
    assert s.ctrl[D.space("libau")] == AP
    assert "libau" not in dests(s, "br_corps_01")  # no Allied sea SR to Russian ports


@pytest.mark.rule("13.1.7.1")
def test_cp_sea_sr_through_german_and_russian_ports():
    s = empty()
    control(s, CP, "libau")
    control(s, AP, "memel")
    put(s, "libau", "ge_corps_01")  # cut off overland, supplied by sea
    sr(s, CP)
    got = dests(s, "ge_corps_01")
    assert {"kiel", "konigsberg", "wilhelmshaven"} <= got
    assert how(s, "ge_corps_01", "kiel") == ("sea", "")
    assert "hamburg" not in got


@pytest.mark.rule("13.1.7.1")
def test_cp_units_besieging_riga_may_not_sail_from_it():
    s = empty()
    put(s, "riga", "ge_1", "ge_corps_01")
    s.fort[D.space("riga")] = FORT_BESIEGED
    board.invalidate(s)
    sr(s, CP)
    assert not redeployment.usable_port(s, CP, D.space("riga"))
    assert "kiel" not in dests(s, "ge_corps_01")


@pytest.mark.rule("13.1.7.2")
def test_allied_sea_sr_to_constantinople_needs_gallipoli():
    s = empty()
    at_war(s, "tu")
    control(s, AP, "constantinople")
    put(s, "marseilles", "br_corps_01")
    sr(s, AP)
    assert "constantinople" not in dests(s, "br_corps_01")
    control(s, AP, "gallipoli")
    assert "constantinople" in dests(s, "br_corps_01")
    assert how(s, "br_corps_01", "constantinople") == ("sea", "sr_ne_br")


@pytest.mark.rule("9.5.3.5")
def test_mef_beachhead_is_an_allied_port():
    s = empty()
    at_war(s, "tu")
    s.flags["mef_beachhead"] = D.space("mef1")
    put(s, "mef1", "br_mef")
    put(s, "marseilles", "br_corps_01", "fr_corps_01")
    board.invalidate(s)
    sr(s, AP)
    assert "mef1" in dests(s, "br_corps_01")
    assert how(s, "br_corps_01", "mef1") == ("sea", "")
    assert "mef1" not in dests(s, "fr_corps_01")  # French units draw no beachhead supply
    del s.flags["mef_beachhead"]
    board.invalidate(s)
    assert "mef1" not in dests(s, "br_corps_01")


# -- 13.1.8-13.1.9 the Reserve Box -------------------------------------------------------------


@pytest.mark.rule("13.1.9")
def test_corps_but_not_armies_sr_to_the_reserve_box():
    """Edge case 55 (to the Reserve Box)."""
    s = empty()
    put(s, "kassel", "ge_1", "ge_corps_01")
    sr(s, CP, 5)
    assert "cp_reserve_box" in dests(s, "ge_corps_01")
    assert "cp_reserve_box" not in dests(s, "ge_1")
    redeploy(s, "ge_corps_01", "cp_reserve_box")
    assert at(s, "ge_corps_01") == "cp_reserve_box"
    assert s.log[-1]["k"] == "sr.reserve" and s.log[-1]["r"] == "13.1.9"


@pytest.mark.rule("13.1.8")
@pytest.mark.rule("13.1.1")
def test_from_the_reserve_box_to_same_nation_units_capitals_and_sources():
    """Edge case 55 (from the Reserve Box)."""
    s = empty()
    put(s, "cp_reserve_box", "ge_corps_01", "ah_corps_01")
    put(s, "kassel", "ge_1")
    put(s, "strasbourg", "ge_2")  # out of supply: not a destination
    control(s, AP, "metz", "mulhouse", "mannheim")
    put(s, "frankfurt", "ah_corps_02")
    sr(s, CP)
    assert dests(s, "ge_corps_01") == {"kassel", "berlin", "essen", "breslau"}
    assert dests(s, "ah_corps_01") == {"frankfurt", "vienna", "budapest"}
    redeploy(s, "ge_corps_01", "kassel")
    assert s.log[-1]["k"] == "sr.reserve" and s.log[-1]["r"] == "13.1.8"


@pytest.mark.rule("13.1.8")
@pytest.mark.rule("13.0")
def test_ana_and_sn_alone_are_no_reserve_box_destination():
    s = empty()
    at_war(s, "tu")
    put(s, "aleppo", "tu_sn_corps")
    put(s, "cp_reserve_box", "tu_corps_01")
    put(s, "cairo", "br_ana_corps")
    put(s, "ap_reserve_box", "br_corps_01")
    sr(s, CP)
    assert "aleppo" not in dests(s, "tu_corps_01")
    put(s, "aleppo", "tu_corps_02")
    assert "aleppo" in dests(s, "tu_corps_01")
    s.stack.pop()
    sr(s, AP)
    assert "cairo" not in dests(s, "br_corps_01")
    put(s, "cairo", "br_corps_02")
    assert "cairo" in dests(s, "br_corps_01")
    assert how(s, "br_corps_01", "cairo") == ("reserve", "sr_ne_br")


@pytest.mark.rule("13.1.8")
def test_us_corps_to_any_allied_french_port():
    s = empty()
    put(s, "ap_reserve_box", "us_corps_01")
    control(s, CP, "calais")
    sr(s, AP)
    got = dests(s, "us_corps_01")
    assert {"cherbourg", "le_havre", "nantes", "la_rochelle", "bordeaux", "marseilles"} == got
    put(s, "paris", "us_1")
    assert "paris" in dests(s, "us_corps_01")  # a supplied US unit is there now


@pytest.mark.rule("13.1.8")
@pytest.mark.rule("14.1.5")
def test_serbs_from_the_reserve_box():
    """Edge case 55: the Serbian special supply does not allow Reserve Box SR; Salonika does."""
    s = empty()
    control(s, CP, "belgrade")
    put(s, "valjevo", "sb_1")
    put(s, "ap_reserve_box", "sb_corps_01")
    sr(s, AP)
    assert supply.unit_supplied(s, D.unit("sb_1"))  # supplied in Serbia (14.1.5) ...
    assert dests(s, "sb_corps_01") == set()  # ... but no Reserve Box SR onto it
    s.flags["salonika"] = 1
    board.invalidate(s)
    # Salonika is a Serbian source (Belgrade lost: Serbs are exempt from 13.1.11), and the
    # Serbian army now traces supply to it normally.
    assert dests(s, "sb_corps_01") == {"salonika", "valjevo"}


@pytest.mark.rule("13.1.11")
def test_montenegrin_corps_only_between_cetinje_and_the_reserve_box():
    """Edge case 55."""
    s = empty()
    put(s, "cetinje", "mn_corps_01")
    sr(s, AP)
    assert dests(s, "mn_corps_01") == {"ap_reserve_box"}
    redeploy(s, "mn_corps_01", "ap_reserve_box")
    finish(s)
    sr(s, AP)
    assert dests(s, "mn_corps_01") == {"cetinje"}
    control(s, CP, "cetinje")
    assert dests(s, "mn_corps_01") == set()


@pytest.mark.rule("13.1.11")
def test_no_reserve_box_sr_while_the_capital_is_lost_or_besieged():
    """Edge case 55: Paris; Vienna or Budapest; Belgians and Serbs exempt."""
    s = empty()
    put(s, "bordeaux", "fr_corps_01")
    put(s, "ap_reserve_box", "fr_corps_02")
    sr(s, AP)
    assert "ap_reserve_box" in dests(s, "fr_corps_01") and dests(s, "fr_corps_02")
    control(s, CP, "paris")
    assert "ap_reserve_box" not in dests(s, "fr_corps_01")
    assert dests(s, "fr_corps_02") == set()
    control(s, AP, "paris")
    put(s, "paris", "ge_1")
    s.fort[D.space("paris")] = FORT_BESIEGED
    board.invalidate(s)
    assert "ap_reserve_box" not in dests(s, "fr_corps_01")
    assert dests(s, "fr_corps_02") == set()


@pytest.mark.rule("13.1.11")
def test_belgians_keep_reserve_box_sr_without_brussels():
    s = empty()
    control(s, CP, "brussels", "liege")
    put(s, "antwerp", "be_1")
    put(s, "ostend", "be_corps_01")
    sr(s, AP)
    assert "ap_reserve_box" in dests(s, "be_corps_01")
    redeploy(s, "be_corps_01", "ap_reserve_box")
    finish(s)
    sr(s, AP)
    assert "antwerp" in dests(s, "be_corps_01")


@pytest.mark.rule("13.1.11")
def test_austria_loses_reserve_box_sr_with_vienna_or_budapest():
    s = empty()
    put(s, "cp_reserve_box", "ah_corps_01")
    put(s, "cracow", "ah_corps_02")
    sr(s, CP)
    assert dests(s, "ah_corps_01") and "cp_reserve_box" in dests(s, "ah_corps_02")
    control(s, AP, "budapest")
    assert dests(s, "ah_corps_01") == set()
    assert "cp_reserve_box" not in dests(s, "ah_corps_02")
    assert "berlin" in dests(s, "ah_corps_02")  # overland SR is unaffected


@pytest.mark.rule("13.1.12")
def test_no_reserve_box_sr_for_units_on_a_foreign_source():
    """Edge case 55: German units in Turkey supplied only through Constantinople."""
    s = empty()
    at_war(s, "tu")
    put(s, "adrianople", "ge_corps_01", "tu_corps_01")
    put(s, "kassel", "ge_corps_02")
    put(s, "cp_reserve_box", "ge_corps_03")
    sr(s, CP)
    assert supply.unit_supplied(s, D.unit("ge_corps_01"))
    assert not supply.home_supplied(s, D.unit("ge_corps_01"))
    got = dests(s, "ge_corps_01")
    assert "cp_reserve_box" not in got and "gallipoli" in got
    assert "cp_reserve_box" in dests(s, "tu_corps_01")
    got = dests(s, "ge_corps_03")
    assert "kassel" in got and "adrianople" not in got


# -- 13.2 Near East limits -----------------------------------------------------------------------


@pytest.mark.rule("13.2.1")
@pytest.mark.rule("13.2.5")
def test_one_british_corps_a_turn_by_sea_to_or_from_the_near_east():
    """Edge case 56; also before Turkey enters the war (13.2.5)."""
    s = empty()
    assert not s.at_war["tu"]
    put(s, "marseilles", "br_corps_01", "br_aus_corps", "br_cnd_corps")
    put(s, "bordeaux", "fr_corps_01", "br_corps_02")
    put(s, "alexandria", "br_corps_03")
    sr(s, AP)
    assert how(s, "br_corps_01", "port_said") == ("sea", "sr_ne_br")
    assert "port_said" in dests(s, "br_aus_corps")  # the AUS counts as British
    assert "port_said" not in dests(s, "br_cnd_corps")  # never CND, PT or BEF
    assert "nantes" in dests(s, "br_cnd_corps")
    assert "port_said" not in dests(s, "fr_corps_01")  # never French
    redeploy(s, "br_corps_01", "port_said")
    assert "port_said" not in dests(s, "br_aus_corps")
    assert "port_said" not in dests(s, "br_corps_02")
    assert "basra" in dests(s, "br_corps_03")  # inside the Near East: no limit
    assert "marseilles" not in dests(s, "br_corps_03")
    engine.apply(s, "done")
    s.tflags = {}  # a new turn
    board.invalidate(s)
    sr(s, AP)
    assert "port_said" in dests(s, "br_aus_corps")


@pytest.mark.rule("13.2.1")
def test_british_reserve_box_sr_to_the_near_east_uses_the_same_allowance():
    s = empty()
    put(s, "ap_reserve_box", "br_corps_01", "br_corps_02", "br_pt_corps", "fr_corps_01")
    put(s, "port_said", "br_corps_03", "fr_orient")
    put(s, "marseilles", "br_corps_04")
    sr(s, AP)
    assert "port_said" not in dests(s, "br_pt_corps")
    assert "port_said" not in dests(s, "fr_corps_01")  # 13.2.1: never French corps
    assert how(s, "br_corps_01", "port_said") == ("reserve", "sr_ne_br")
    assert how(s, "br_corps_03", "ap_reserve_box") == ("reserve", "sr_ne_br")
    redeploy(s, "br_corps_01", "port_said")
    assert "port_said" not in dests(s, "br_corps_02")
    assert "ap_reserve_box" not in dests(s, "br_corps_03")
    assert "port_said" not in dests(s, "br_corps_04")


@pytest.mark.rule("13.2.1")
def test_ana_never_to_the_reserve_box_nor_by_sea_out_of_the_near_east():
    """Edge case 56."""
    s = empty()
    put(s, "port_said", "br_ana_corps")
    sr(s, AP)
    got = dests(s, "br_ana_corps")
    assert "ap_reserve_box" not in got
    assert "marseilles" not in got
    assert {"basra", "cairo"} <= got  # by sea and overland within the Near East


@pytest.mark.rule("13.2.1")
def test_british_overland_sr_out_of_the_near_east_is_unlimited():
    s = empty()
    at_war(s, "tu")
    control(s, AP, "constantinople", "adrianople", "bursa", "gallipoli")
    put(s, "bursa", "br_corps_01", "br_corps_02")
    s.tflags["sr_ne_br"] = 1
    board.invalidate(s)
    sr(s, AP)
    assert how(s, "br_corps_01", "adrianople") == ("land", "")
    redeploy(s, "br_corps_01", "adrianople")
    assert "adrianople" in dests(s, "br_corps_02")


@pytest.mark.rule("13.2.2")
@pytest.mark.rule("11.3.2")
def test_one_russian_corps_a_turn_to_or_from_the_near_east():
    """Edge cases 56 and 20: never an army; one corps by SR besides the one by movement."""
    s = empty()
    put(s, "caucasus", "ru_corps_01", "ru_corps_02", "ru_1")
    put(s, "tbilisi", "ru_corps_03")
    put(s, "uman", "ru_cav_corps_01")
    s.tflags["caucasus_move"] = 1  # the movement crossing was used: SR may still cross
    s.events["fall_of_the_tsar"] = 1
    sr(s, AP, 5)
    assert how(s, "ru_corps_01", "grozny") == ("land", "sr_ne_ru")
    assert "odessa" in dests(s, "ru_corps_01")
    assert "grozny" not in dests(s, "ru_1")  # never an army
    assert "grozny" not in dests(s, "ru_cav_corps_01")  # cavalry never on the NE map
    redeploy(s, "ru_corps_01", "grozny")
    got = dests(s, "ru_corps_02")
    assert "grozny" not in got and "poti" not in got and "odessa" in got
    assert "baku" in dests(s, "ru_corps_03")  # within the Near East: no limit
    assert "caucasus" not in dests(s, "ru_corps_03")


@pytest.mark.rule("13.2.2")
def test_russian_reserve_box_sr_to_the_near_east_counts():
    s = empty()
    put(s, "batum", "ru_cau")
    put(s, "ap_reserve_box", "ru_corps_01", "ru_corps_02")
    put(s, "caucasus", "ru_corps_03")
    sr(s, AP)
    assert how(s, "ru_corps_01", "batum") == ("reserve", "sr_ne_ru")
    redeploy(s, "ru_corps_01", "batum")
    assert "batum" not in dests(s, "ru_corps_02")
    assert "caucasus" in dests(s, "ru_corps_02")
    assert "poti" not in dests(s, "ru_corps_03")


@pytest.mark.rule("13.2.3")
@pytest.mark.rule("13.2.4")
def test_one_non_turkish_cp_corps_a_turn_to_or_from_the_near_east():
    """Edge case 56."""
    s = empty()
    at_war(s, "tu")
    put(s, "adrianople", "ge_corps_01", "ge_corps_02", "tu_corps_01")
    put(s, "bursa", "ge_corps_03")
    sr(s, CP)
    assert how(s, "ge_corps_01", "constantinople") == ("land", "sr_ne_cp")
    assert how(s, "tu_corps_01", "constantinople") == ("land", "")
    redeploy(s, "ge_corps_01", "constantinople")
    got = dests(s, "ge_corps_02")
    assert "constantinople" not in got and "gallipoli" in got
    assert "constantinople" in dests(s, "tu_corps_01")  # Turks do not count
    assert "eskidor" in dests(s, "ge_corps_03")  # within the Near East: free
    assert "adrianople" not in dests(s, "ge_corps_03")
    engine.apply(s, "done")
    s.tflags = {}
    board.invalidate(s)
    sr(s, CP)
    assert "constantinople" in dests(s, "ge_corps_02")


# -- other limits --------------------------------------------------------------------------------


@pytest.mark.rule("16.4.9")
def test_brest_litovsk_russians_never_with_other_allied_units():
    s = empty()
    for sp in D.spaces:
        if sp.nation == "ru":
            s.ctrl[sp.ix] = CP
    control(s, AP, "petrograd", "reval", "riga", "szawli", "kovno", "vilna")
    put(s, "vilna", "ru_corps_01")
    put(s, "kovno", "br_corps_01")
    sr(s, AP)
    assert dests(s, "ru_corps_01") == {
        "kovno",
        "szawli",
        "riga",
        "reval",
        "petrograd",
        "ap_reserve_box",
    }
    s.events["treaty_of_brest_litovsk"] = 1
    board.invalidate(s)
    # Not into the British stack, nor through it.
    assert dests(s, "ru_corps_01") == {"ap_reserve_box"}


@pytest.mark.rule("16.4.9")
def test_brest_litovsk_no_reserve_box_sr_onto_a_mixed_space():
    s = empty()
    s.events["treaty_of_brest_litovsk"] = 1
    put(s, "warsaw", "ru_1", "fr_corps_01")
    put(s, "lodz", "ru_2")
    put(s, "ap_reserve_box", "ru_corps_01")
    board.invalidate(s)
    sr(s, AP)
    got = dests(s, "ru_corps_01")
    assert "lodz" in got and "warsaw" not in got


@pytest.mark.rule("9.5.2.4")
def test_greek_limited_entry():
    s = empty()
    put(s, "marseilles", "fr_corps_01")
    sr(s, AP)
    assert "salonika" not in dests(s, "fr_corps_01")  # Greece neutral
    s.flags["salonika"] = 1
    put(s, "athens", "gr_corps_01")
    put(s, "florina", "gr_corps_02")
    put(s, "larisa", "gr_corps_03")
    got = dests(s, "fr_corps_01")
    assert "salonika" in got and "athens" not in got  # Greek-held spaces stay closed
    assert dests(s, "gr_corps_01") == set()  # nobody moves the Greek units
    redeploy(s, "fr_corps_01", "salonika")
    finish(s)
    sr(s, AP)
    assert "kavala" in dests(s, "fr_corps_01")  # Allied-controlled at start
    at_war(s, "gr")
    assert dests(s, "gr_corps_01")


@pytest.mark.rule("11.1.12")
def test_albania_is_allied_controlled_for_sr():
    s = empty()
    put(s, "skopje", "sb_corps_01")
    sr(s, AP)
    assert {"tirana", "valona"} <= dests(s, "sb_corps_01")


# -- the step itself -------------------------------------------------------------------------------


@pytest.mark.rule("13.1.5")
def test_each_sr_is_logged_with_its_rule():
    s = empty()
    put(s, "kassel", "ge_corps_01")
    control(s, CP, "libau")
    control(s, AP, "memel")
    put(s, "libau", "ge_corps_02")
    sr(s, CP)
    redeploy(s, "ge_corps_01", "berlin")
    e = s.log[-1]
    assert e["k"] == "sr.land" and e["r"] == "13.1.5" and e["s"] == "cp"
    assert e["a"]["unit"] == "ge_corps_01" and e["a"]["frm"] == "kassel"
    assert "Berlin" in messages.render(e) and not messages.render(e).startswith("[")
    redeploy(s, "ge_corps_02", "kiel")
    assert s.log[-1]["k"] == "sr.sea" and s.log[-1]["r"] == "13.1.7"


@pytest.mark.rule("13.1")
def test_bad_sr_input_is_refused_and_changes_nothing():
    s = empty()
    put(s, "kassel", "ge_corps_01", "ge_1")
    sr(s, CP, 3)
    before = s.hash()
    # the unit comes first; an army costs 4 points (13.1.2); only one's own units
    for bad in ("sr ge_corps_01 paris", "sr ge_1", "sr ge_1 berlin", "sr fr_corps_01", "move x y"):
        with pytest.raises((IllegalActionError, MalformedActionError)):
            engine.apply(s, bad)
    with pytest.raises(MalformedActionError):
        engine.apply(s, "sr ge_corps_01 berlin kiel")
    assert s.hash() == before
    engine.apply(s, "sr ge_corps_01")
    before = s.hash()
    for bad in ("sr ge_corps_01 paris", "sr ge_1 berlin", "sr ge_1", "done"):
        with pytest.raises((IllegalActionError, MalformedActionError)):
            engine.apply(s, bad)
    assert s.hash() == before


@pytest.mark.rule("13.1.10")
@pytest.mark.rule("13.1.3")
def test_a_unit_is_chosen_before_its_destination():
    s = empty()
    put(s, "kassel", "ge_corps_01", "ge_corps_02")
    sr(s, CP, 4)
    first = [str(a) for a in engine.legal_actions(s)]
    assert first == ["sr ge_corps_01", "sr ge_corps_02", "done"]
    assert engine.prompt(s) == "sr.choose"
    engine.apply(s, "sr ge_corps_02")
    second = [str(a) for a in engine.legal_actions(s)]
    assert second and all(a.startswith("sr ge_corps_02 ") for a in second)
    assert "sr ge_corps_02 berlin" in second and "done" not in second
    assert engine.prompt(s) == "sr.destination"
    engine.apply(s, "sr ge_corps_02 berlin")
    assert at(s, "ge_corps_02") == "berlin" and s.stack[-1]["points"] == 3
    # the unit has redeployed in this play (13.1.3): only the other is offered
    assert [str(a) for a in engine.legal_actions(s)] == ["sr ge_corps_01", "done"]


@pytest.mark.rule("13.1.10")
def test_unit_and_destination_in_one_action_as_records_of_version_2_write_them():
    s = empty()
    put(s, "kassel", "ge_corps_01", "ge_corps_02")
    sr(s, CP, 4)
    assert engine.parse("sr ge_corps_02 berlin") not in engine.legal_actions(s)
    two = s.clone()
    engine.apply(s, "sr ge_corps_02 berlin")  # both decisions at once
    redeploy(two, "ge_corps_02", "berlin")
    assert at(s, "ge_corps_02") == "berlin" and s.stack[-1]["points"] == 3
    assert s.stack == two.stack and s.loc == two.loc and s.log[-1] == two.log[-1]


@pytest.mark.rule("13.1")
def test_sr_ends_by_itself_when_nothing_can_redeploy():
    s = game()
    for u in range(len(D.units)):
        if D.units[u].side == CP:
            s.loc[u] = OFF
    board.invalidate(s)
    card = card_in_hand(s, CP)
    engine.apply(s, f"play sr {card}")
    assert engine.to_act(s) == AP  # nothing to redeploy: the play is over
    assert D.card(card) in s.discard[CP]


@pytest.mark.rule("13.0")
def test_sr_nationality_of_the_ana_and_sn():
    s = empty()
    sn, ana = D.unit("tu_sn_corps"), D.unit("br_ana_corps")
    for mode in ("land", "sea", "reserve"):
        assert redeployment.ne_allowance(s, sn, mode) == ""  # Turkish: no limit
    assert redeployment.ne_allowance(s, ana, "sea") == "sr_ne_br"  # British
    assert redeployment.SR_NATION[ana] == "br" and redeployment.SR_NATION[sn] == "tu"


def _ana_in_sinai(s: State) -> None:
    """The ANA holds Sinai (a CP space) for the Allies; Beersheba (fort destroyed) is Allied
    beyond it."""
    at_war(s, "tu")
    control(s, AP, "beersheba")
    s.fort[D.space("beersheba")] = FORT_DESTROYED
    put(s, "sinai", "br_ana_corps")
    board.ana_arrives(s, D.space("sinai"))
    put(s, "cairo", "br_corps_01")


@pytest.mark.rule("11.1.15")
@pytest.mark.rule("13.1.5")
def test_a_space_the_ana_leaves_by_sr_is_the_cps_at_once():
    s = empty()
    _ana_in_sinai(s)
    sr(s, AP, 2)
    assert {"sinai", "beersheba"} <= dests(s, "br_corps_01")
    engine.apply(s, "sr br_ana_corps port_said")
    assert s.ctrl[D.space("sinai")] == CP
    # Sinai is the CP's again: no SR into it, nor through it to Beersheba.
    got = dests(s, "br_corps_01")
    assert "sinai" not in got and "beersheba" not in got
    assert not supply.space_supplied(s, D.space("beersheba"))
    invariants.check(s)


@pytest.mark.rule("11.1.15")
@pytest.mark.rule("3.0-control")
def test_a_unit_that_srs_into_a_space_the_ana_holds_keeps_it_allied():
    s = empty()
    _ana_in_sinai(s)
    sr(s, AP, 2)
    engine.apply(s, "sr br_corps_01 sinai")
    engine.apply(s, "sr br_ana_corps port_said")
    assert s.ctrl[D.space("sinai")] == AP
    invariants.check(s)


@pytest.mark.rule("13.1")
def test_legal_list_is_repeatable_and_cached_within_a_decision():
    s = game()
    engine.apply(s, f"play sr {card_in_hand(s, CP)}")
    first = engine.legal_actions(s)
    assert first[-1] == engine.parse("done")
    assert engine.legal_actions(s) == first
    fresh = s.clone()
    assert engine.legal_actions(fresh) == first  # recomputed from nothing: the same
    a = first[0]
    engine.apply(s, a)
    fresh = s.clone()
    assert engine.legal_actions(fresh) == engine.legal_actions(s)


@pytest.mark.rule("13.1")
@pytest.mark.parametrize("scenario, seed", [("historical", 3), ("campaign", 5)])
def test_cached_sr_lists_match_a_fresh_computation_in_random_play(scenario, seed):
    """The data kept from one SR to the next of a play gives the same legal actions as a
    computation from nothing, at every SR decision of a random game."""
    rng = random.Random(seed)
    s = engine.new_game(scenario, seed=seed)
    checked = 0
    while not engine.is_over(s) and checked < 60:
        legal = engine.legal_actions(s)
        if engine.step_name(s) == "strategic_redeployment":
            assert engine.legal_actions(s.clone()) == legal
            checked += 1
        engine.apply_unchecked(s, rng.choice(legal))
        invariants.check(s)
    assert checked
