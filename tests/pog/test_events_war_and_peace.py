"""War and peace: the US Entry (16.3) and Russian Capitulation (16.4) tracks and their cards,
the neutral entry events (9.5.2), and the cards that move VP and mandated offensives (French
Mutiny, War in Africa, High Seas Fleet, Grand Fleet)."""

import random

import pytest

from greatwar.core.errors import IllegalActionError
from greatwar.pog import board, engine, invariants, mandated, supply, tracks, victory, war_status
from greatwar.pog.activation import can_act
from greatwar.pog.data import AP, CP
from greatwar.pog.reinforcements import army_spaces
from greatwar.pog.state import FORT_BESIEGED, FORT_INTACT, State
from greatwar.pog.tracks import (
    RC_BOLSHEVIK,
    RC_BOLSHEVIK_ALLOWED,
    RC_BREST_LITOVSK,
    RC_FOT,
    RC_FOT_ALLOWED,
    RC_GOD_SAVE_THE_TSAR,
    RC_TTC,
    RC_TTC_ALLOWED,
    US_NEUTRAL,
    US_OVER_THERE,
    US_ZIMMERMANN,
    US_ZIMMERMANN_ALLOWED,
    russian_capitulation_box,
    us_entry_box,
)
from greatwar.selfplay import play_random

from .helpers import D, clear, control, game, give, legal, offered, put, sid, to_round


def at(side: int, turn: int = 3, scenario: str = "campaign"):
    """A game on ``turn`` at ``side``'s action."""
    s = game(scenario)
    s.turn = turn
    return to_round(s, side)


def finish(s):
    """Take the first listed choice until the next action round (operations: done)."""
    for _ in range(50):
        name = engine.step_name(s)
        if name in ("action_round", None):
            return s
        acts = legal(s)
        engine.apply(s, "done" if "done" in acts else acts[0])
    raise AssertionError("the play did not end")


def keys(s):
    return [e["k"] for e in s.log]


def rvp_spaces(s, n):
    """Give the CP the first ``n`` Russian VP spaces (in the scenario's order), the rest to the
    AP, with no units in the way."""
    spaces = board.russian_vp_spaces(s)
    for i, x in enumerate(spaces):
        for u in list(board.units_in(s, x)):
            board.remove(s, u)
        s.ctrl[x] = CP if i < n else AP
    board.invalidate(s)
    assert board.cp_russian_vp(s) == n


# -- 16.3 the US Entry track ----------------------------------------------------------------------


@pytest.mark.rule("16.3.1")
@pytest.mark.rule("16.3.2")
@pytest.mark.rule("16.3.3")
@pytest.mark.rule("16.3.4")
@pytest.mark.card("ap54")
@pytest.mark.card("ap55")
def test_us_entry_track_walks_through_every_box():
    s = at(AP, turn=9)
    give(s, AP, "ap54")
    s.cws = 29
    assert us_entry_box(s) == US_NEUTRAL
    assert not offered(s, "play event ap54")
    s.cws = 30  # 16.3.2
    assert us_entry_box(s) == US_ZIMMERMANN_ALLOWED
    engine.apply(s, "play event ap54")
    assert us_entry_box(s) == US_ZIMMERMANN
    finish(s)
    give(s, AP, "ap55")
    to_round(s, AP)
    assert not offered(s, "play event ap55")  # 16.3.4: not on the Zimmermann turn
    s.turn = 10
    assert offered(s, "play event ap55")
    engine.apply(s, "play event ap55")
    assert us_entry_box(s) == US_OVER_THERE
    finish(s)
    moves = [e["a"]["box"] for e in s.log if e["k"] == "track.us_entry"]
    assert moves == ["zimmermann_telegram", "over_there"]
    invariants.check(s)


@pytest.mark.rule("16.3.3")
@pytest.mark.card("ap54")
def test_zimmermann_telegram():
    s = at(AP, turn=9)
    give(s, AP, "ap54")
    s.cws = 31
    s.vp = 12
    ws = s.ws[AP]
    engine.apply(s, "play event ap54")
    assert s.vp == 11 and s.ws[AP] == ws + 2 and s.cws == 33
    assert s.at_war["us"] == 1 and tracks.at_war(s, "us")
    assert engine.step_name(s) == "operation"  # 5.7.4 #7: then a 5-OPS operation
    assert s.stack[-1]["ops"] == 5
    finish(s)
    assert D.card("ap54") in s.removed[AP]
    # The US is at war, but its reinforcement cards wait for Over There (16.3.3).
    give(s, AP, "ap38")
    to_round(s, AP)
    assert not offered(s, "play event ap38")


@pytest.mark.rule("16.3.2")
@pytest.mark.card("ap54")
def test_zimmermann_telegram_refused_below_combined_30():
    s = at(AP, turn=9)
    give(s, AP, "ap54")
    s.cws = 29
    assert not offered(s, "play event ap54")
    with pytest.raises(IllegalActionError):
        engine.apply(s, "play event ap54")


@pytest.mark.rule("16.3.4")
@pytest.mark.rule("17.1.8")
@pytest.mark.card("ap55")
def test_over_there_opens_us_reinforcements_and_rp():
    s = at(AP, turn=10)
    s.cws = 32
    s.events["zimmermann_telegram"] = 9
    s.at_war["us"] = 1
    give(s, AP, "ap55")
    give(s, AP, "ap38")
    assert not offered(s, "play event ap38")
    engine.apply(s, "play event ap55")
    assert s.stack[-1]["step"] == "operation" and s.stack[-1]["ops"] == 5
    finish(s)
    to_round(s, AP)
    assert offered(s, "play event ap38")
    card = next(c for c in s.hand[AP] if c != D.card("ap38"))
    engine.apply(s, f"play rp {D.cards[card].id}")
    assert s.rp["us"] == 2  # one US RP, in half points (17.1.8)


@pytest.mark.rule("16.3.4")
@pytest.mark.card("ap55")
def test_over_there_refused_without_or_on_the_zimmermann_turn():
    s = at(AP, turn=10)
    give(s, AP, "ap55")
    assert not offered(s, "play event ap55")
    s.events["zimmermann_telegram"] = 10
    assert not offered(s, "play event ap55")


@pytest.mark.rule("16.3.5")
@pytest.mark.card("ap40")
def test_fourteen_points_only_after_zimmermann():
    s = at(AP, turn=10)
    give(s, AP, "ap40")
    assert not offered(s, "play event ap40")
    s.events["zimmermann_telegram"] = 9
    vp = s.vp
    engine.apply(s, "play event ap40")
    assert s.vp == vp - 1


@pytest.mark.rule("16.3.3")
@pytest.mark.card("ap26")
def test_lusitania_not_after_zimmermann():
    s = at(AP, turn=6)
    give(s, AP, "ap26")
    s.events["blockade"] = 2
    assert offered(s, "play event ap26")
    s.events["zimmermann_telegram"] = 5
    assert not offered(s, "play event ap26")


# -- 16.4 the Russian Capitulation track ----------------------------------------------------------


@pytest.mark.rule("16.4.1")
@pytest.mark.rule("16.4.2")
@pytest.mark.rule("16.4.3")
@pytest.mark.rule("16.4.4")
@pytest.mark.rule("16.4.5")
@pytest.mark.rule("16.4.6")
@pytest.mark.rule("16.4.7")
@pytest.mark.rule("16.4.8")
@pytest.mark.card("cp28")
@pytest.mark.card("cp52")
@pytest.mark.card("cp53")
@pytest.mark.card("cp45")
def test_russian_capitulation_track_walks_through_every_box():
    s = at(CP, turn=8, scenario="historical")
    for c in ("cp28", "cp52", "cp53", "cp45"):
        give(s, CP, c)
    rvp_spaces(s, 2)
    assert russian_capitulation_box(s) == RC_GOD_SAVE_THE_TSAR
    assert not offered(s, "play event cp28")
    rvp_spaces(s, 3)  # 16.4.3
    assert russian_capitulation_box(s) == RC_TTC_ALLOWED
    rvp_spaces(s, 2)  # back below 3 before the event: back to God Save the Tsar
    assert russian_capitulation_box(s) == RC_GOD_SAVE_THE_TSAR
    rvp_spaces(s, 3)
    engine.apply(s, "play event cp28")
    finish(s)
    assert russian_capitulation_box(s) == RC_TTC
    rvp_spaces(s, 2)  # once played, Tsar Takes Command stays
    assert russian_capitulation_box(s) == RC_TTC
    s.cws = 30
    assert russian_capitulation_box(s) == RC_TTC  # 30 + 2 < 33
    rvp_spaces(s, 3)
    assert russian_capitulation_box(s) == RC_FOT_ALLOWED  # 16.4.4: 30 + 3
    s.cws = 29
    assert russian_capitulation_box(s) == RC_TTC  # below 33 again
    s.cws = 30
    to_round(s, CP)
    engine.apply(s, "play event cp52")
    finish(s)
    assert s.tsar_vp == 3 and russian_capitulation_box(s) == RC_FOT
    rvp_spaces(s, 4)
    assert russian_capitulation_box(s) == RC_FOT  # 16.4.6: only on a later turn
    s.turn = 9
    assert russian_capitulation_box(s) == RC_BOLSHEVIK_ALLOWED
    rvp_spaces(s, 3)
    assert russian_capitulation_box(s) == RC_FOT  # not above the Tsar Fell marker
    to_round(s, CP)
    assert not offered(s, "play event cp53")
    rvp_spaces(s, 4)
    engine.apply(s, "play event cp53")
    finish(s)
    assert russian_capitulation_box(s) == RC_BOLSHEVIK
    rvp_spaces(s, 0)
    assert russian_capitulation_box(s) == RC_BOLSHEVIK
    to_round(s, CP)
    engine.apply(s, "play event cp45")  # 16.4.8: the same turn is fine
    finish(s)
    assert russian_capitulation_box(s) == RC_BREST_LITOVSK
    moves = [e["a"]["box"] for e in s.log if e["k"] == "track.russia"]
    # Logged when an event moves the marker, and at the end of each action for the moves
    # that follow control and War Status (here the AP's action after Combined 30 was set).
    assert moves == [
        "tsar_takes_command",
        "fall_of_the_tsar_allowed",
        "fall_of_the_tsar",
        "bolshevik_revolution",
        "treaty_of_brest_litovsk",
    ]


@pytest.mark.rule("16.4.6")
def test_bolshevik_revolution_allowed_by_all_seven_spaces_without_baku():
    s = at(CP, turn=12, scenario="historical")
    spaces = board.russian_vp_spaces(s)
    s.events["tsar_takes_command"] = 6
    s.events["fall_of_the_tsar"] = 10
    rvp_spaces(s, 7)  # the first seven: Baku is last
    assert D.spaces[spaces[-1]].id == "baku"
    s.tsar_vp = 7
    assert russian_capitulation_box(s) == RC_BOLSHEVIK_ALLOWED  # all seven but Baku
    s.ctrl[spaces[0]] = AP
    s.ctrl[spaces[-1]] = CP  # Baku does not replace a European space
    board.invalidate(s)
    assert russian_capitulation_box(s) == RC_FOT  # 7 held, not more than the marker
    s.tsar_vp = 6
    assert russian_capitulation_box(s) == RC_BOLSHEVIK_ALLOWED  # Baku counts for #1


@pytest.mark.rule("16.4.3")
@pytest.mark.card("cp28")
def test_tsar_takes_command():
    s = at(CP, turn=6)
    give(s, CP, "cp28")
    assert not offered(s, "play event cp28")  # God Save the Tsar
    rvp_spaces(s, 3)
    ws = s.ws[CP]
    engine.apply(s, "play event cp28")
    assert s.ws[CP] == ws + 1
    assert s.stack[-1]["step"] == "operation" and s.stack[-1]["ops"] == 4
    finish(s)
    assert "tsar_takes_command" in s.events and D.card("cp28") in s.removed[CP]


@pytest.mark.rule("16.4.5")
@pytest.mark.card("cp52")
@pytest.mark.parametrize("romania_at_war, gain", [(False, 3), (True, 1)])
def test_fall_of_the_tsar(romania_at_war, gain):
    s = at(CP, turn=10)
    give(s, CP, "cp52")
    s.events["tsar_takes_command"] = 7
    s.at_war["ro"] = int(romania_at_war)
    s.cws = 29
    rvp_spaces(s, 4)
    vp = s.vp
    engine.apply(s, "play event cp52")
    assert s.vp == vp + gain
    assert s.tsar_vp == 4
    assert s.stack[-1]["step"] == "operation" and s.stack[-1]["ops"] == 5
    finish(s)


@pytest.mark.rule("16.4.4")
@pytest.mark.card("cp52")
def test_fall_of_the_tsar_refused():
    s = at(CP, turn=10)
    give(s, CP, "cp52")
    s.cws = 35
    rvp_spaces(s, 3)
    assert not offered(s, "play event cp52")  # Tsar Takes Command not played
    s.events["tsar_takes_command"] = 7
    assert offered(s, "play event cp52")
    s.cws = 29  # 29 + 3 < 33
    assert not offered(s, "play event cp52")


@pytest.mark.rule("16.4.5")
@pytest.mark.card("ap16")
@pytest.mark.card("cp52")
def test_romania_cannot_enter_after_the_fall_of_the_tsar():
    s = at(AP, turn=10)
    give(s, AP, "ap16")
    assert offered(s, "play event ap16")
    s.events["fall_of_the_tsar"] = 9
    assert not offered(s, "play event ap16")


@pytest.mark.rule("16.4.7")
@pytest.mark.rule("7.1.11")
@pytest.mark.card("cp53")
def test_bolshevik_revolution_cancels_the_russian_mo():
    s = at(CP, turn=12)
    give(s, CP, "cp53")
    s.events["tsar_takes_command"] = 6
    s.events["fall_of_the_tsar"] = 10
    s.tsar_vp = 3
    rvp_spaces(s, 4)
    s.mo[AP] = "ru"
    engine.apply(s, "play event cp53")
    assert s.mo[AP] == "none"
    assert s.stack[-1]["step"] == "operation" and s.stack[-1]["ops"] == 5
    finish(s)
    assert mandated.TABLE[AP][6] == "ru" and mandated.resolve(s, AP, 6) == "none"


@pytest.mark.rule("16.4.6")
@pytest.mark.card("cp53")
def test_bolshevik_revolution_refused():
    s = at(CP, turn=10)
    give(s, CP, "cp53")
    s.events["tsar_takes_command"] = 6
    s.events["fall_of_the_tsar"] = 10
    s.tsar_vp = 3
    rvp_spaces(s, 4)
    assert not offered(s, "play event cp53")  # the Fall of the Tsar turn
    s.turn = 11
    rvp_spaces(s, 3)
    assert not offered(s, "play event cp53")  # no gain over the Tsar Fell marker
    rvp_spaces(s, 4)
    assert offered(s, "play event cp53")


@pytest.mark.rule("16.4.9")
@pytest.mark.card("cp45")
def test_brest_litovsk_eliminates_and_interns_russians():
    s = clear(at(CP, turn=14))
    give(s, CP, "cp45")
    for k, t in (("tsar_takes_command", 6), ("fall_of_the_tsar", 10)):
        s.events[k] = t
    s.events["bolshevik_revolution"] = 13
    home = put(s, "ru_1", "warsaw")  # in Russia: stays
    in_germany = put(s, "ru_2", "konigsberg")  # in Germany: stays
    abroad = put(s, "ru_corps_01", "belgrade")  # in Serbia: eliminated
    in_france = put(s, "ru_corps_05", "paris")  # in France: eliminated
    with_french = put(s, "ru_corps_02", "lodz")
    french = put(s, "fr_corps_01", "lodz")  # in Russia but with the French: interned
    with_romanians = put(s, "ru_corps_03", "bucharest")
    put(s, "ro_corps_01", "bucharest")
    reserve = put(s, "ru_corps_04", "ap_reserve_box")  # not on the map: stays
    control(s, AP, "konigsberg", "belgrade", "bucharest")
    engine.apply(s, "play event cp45")
    finish(s)
    assert sid(s.loc[home]) == "warsaw" and sid(s.loc[in_germany]) == "konigsberg"
    assert sid(s.loc[reserve]) == "ap_reserve_box"
    for u in (abroad, in_france, with_french, with_romanians):
        assert s.loc[u] == board.ELIMINATED[AP]
    assert sid(s.loc[french]) == "lodz"
    assert keys(s).count("event.brest_interned") == 2
    assert russian_capitulation_box(s) == RC_BREST_LITOVSK


@pytest.mark.rule("16.4.9")
@pytest.mark.rule("15.2.4")
@pytest.mark.card("cp45")
def test_brest_litovsk_internment_may_lift_a_siege():
    s = clear(at(CP, turn=14))
    s.events["bolshevik_revolution"] = 13
    give(s, CP, "cp45")
    metz, przemysl = D.space("metz"), D.space("przemysl")
    put(s, "ru_corps_01", "metz")  # with two French corps: interned
    put(s, "fr_corps_01", "metz")
    put(s, "fr_corps_02", "metz")
    put(s, "ru_1", "przemysl")  # alone in Austria-Hungary: stays
    s.fort[metz] = s.fort[przemysl] = FORT_BESIEGED
    engine.apply(s, "play event cp45")
    finish(s)
    assert s.fort[metz] == FORT_INTACT  # two corps cannot besiege a fort of 3 (15.2.1)
    assert s.fort[przemysl] == FORT_BESIEGED
    assert len(board.units_in(s, metz)) == 2


@pytest.mark.rule("16.4.8")
@pytest.mark.card("cp45")
def test_brest_litovsk_refused_before_the_bolshevik_revolution():
    s = at(CP, turn=14)
    give(s, CP, "cp45")
    s.events["fall_of_the_tsar"] = 10
    assert not offered(s, "play event cp45")
    s.events["bolshevik_revolution"] = 14
    assert offered(s, "play event cp45")


# -- 5.7.4 #8 and #9: the historical end adjustments follow the events ---------------------------


@pytest.mark.rule("5.7.4.8")
@pytest.mark.rule("5.7.4.9")
@pytest.mark.card("ap43")
@pytest.mark.card("ap47")
@pytest.mark.card("cp52")
def test_historical_end_adjustments_after_the_events_are_played():
    s = at(CP, turn=12, scenario="historical")
    adj = {a["rule"]: a["vp"] for a in victory.final_adjustments(s, victory.ARMISTICE)}
    assert adj == {"5.7.4.8": 2, "5.7.4.9": -2}
    # Fall of the Tsar played as an event.
    give(s, CP, "cp52")
    s.events["tsar_takes_command"] = 8
    s.cws = 30
    rvp_spaces(s, 3)
    engine.apply(s, "play event cp52")
    finish(s)
    # One US Army card played as an event.
    s.at_war["us"] = 1
    s.events["zimmermann_telegram"] = 9
    s.events["over_there"] = 10
    give(s, AP, "ap43")
    to_round(s, AP)
    engine.apply(s, "play event ap43")
    finish(s)
    assert board.on_map(s, D.unit("us_1"))
    adj = {a["rule"]: a["vp"] for a in victory.final_adjustments(s, victory.LAST_TURN)}
    assert adj == {"5.7.4.8": 1}
    assert victory.final_adjustments(s, victory.AUTOMATIC_VICTORY) == []
    # Only in the historical scenario.
    c = at(CP, turn=12)
    assert victory.final_adjustments(c, victory.ARMISTICE) == []


# -- 9.5.2 neutral entry --------------------------------------------------------------------------


@pytest.mark.rule("9.5.2.1")
@pytest.mark.rule("9.4.1")
@pytest.mark.card("ap17")
def test_italy_enters():
    s = at(AP, turn=4, scenario="historical")
    give(s, AP, "ap17")
    rome = D.space("rome")
    assert supply.closed_to_all(s, rome)
    engine.apply(s, "play event ap17")
    finish(s)
    assert tracks.at_war(s, "it") and not supply.closed_to_all(s, rome)
    it1 = D.unit("it_1")
    assert sid(s.loc[it1]) == "verona" and s.red[it1] == 1
    assert s.trench[D.space("verona")] == 1  # 5.7.1
    assert sid(s.loc[D.unit("it_corps_01")]) == "ap_reserve_box"
    assert s.ws[AP] == 2 and "nation.enters" in keys(s)
    assert mandated.resolve(s, AP, 5) == "it"  # the IT MO is live (7.1.2)
    invariants.check(s)


@pytest.mark.rule("9.5.2.2")
@pytest.mark.card("ap17")
@pytest.mark.card("cp34")
def test_one_neutral_entry_per_turn_for_both_players():
    s = at(AP, turn=4)
    give(s, AP, "ap17")
    give(s, CP, "cp34")
    engine.apply(s, "play event ap17")
    finish(s)
    to_round(s, CP)
    assert not offered(s, "play event cp34")
    s.turn = 5
    s.tflags = {}
    assert offered(s, "play event cp34")


@pytest.mark.rule("9.5.2.2")
@pytest.mark.rule("16.1.3.1")
@pytest.mark.card("cp34")
def test_turkish_entry_does_not_use_the_neutral_entry():
    s = at(CP, turn=4)
    give(s, CP, "cp34")
    war_status.raise_commitment(s, CP, 1)  # Turkey enters this turn
    assert tracks.at_war(s, "tu")
    assert offered(s, "play event cp34")


@pytest.mark.rule("9.5.2.1")
@pytest.mark.card("cp34")
def test_bulgaria_enters_and_places_four_corps():
    s = at(CP, turn=5)
    give(s, CP, "cp34")
    sofia = D.space("sofia")
    engine.apply(s, "play event cp34")
    assert tracks.at_war(s, "bu")
    assert engine.step_name(s) == "entry_placement"
    assert [sid(s.loc[D.unit(f"bu_corps_0{i}")]) for i in (1, 2)] == ["sofia", "sofia"]
    chosen = []
    for _ in range(4):
        act = legal(s)[0]
        assert "sofia" not in act
        chosen.append(act.split()[2])
        engine.apply(s, act)
    assert len(set(chosen)) == 4
    finish(s)
    assert supply.unit_supplied(s, D.unit("bu_corps_01"))
    assert s.ws[CP] == 2 and D.card("cp34") in s.removed[CP]
    # Sofia is a CP supply source now (14.2.1).
    assert supply.traces_from(s, sofia, "home_bu")
    invariants.check(s)


@pytest.mark.rule("9.5.2.1")
@pytest.mark.card("cp34")
def test_bulgaria_refused_once_at_war():
    s = at(CP, turn=5)
    give(s, CP, "cp34")
    s.at_war["bu"] = 1
    assert not offered(s, "play event cp34")


@pytest.mark.rule("9.5.2.1")
@pytest.mark.card("ap16")
def test_romania_enters():
    s = at(AP, turn=6)
    give(s, AP, "ap16")
    engine.apply(s, "play event ap16")
    assert engine.step_name(s) == "entry_placement" and engine.to_act(s) == AP
    finish(s)
    placed = [u for u, d in enumerate(D.units) if d.nation == "ro" and board.on_map(s, u)]
    assert len(placed) == 6
    assert len({s.loc[u] for u in placed}) == 5  # two in Bucharest, one in each of four others
    invariants.check(s)


@pytest.mark.rule("9.5.2.1")
@pytest.mark.rule("9.5.2.4")
@pytest.mark.card("ap44")
def test_greece_enters():
    s = at(AP, turn=12)
    give(s, AP, "ap44")
    engine.apply(s, "play event ap44")
    finish(s)
    assert tracks.at_war(s, "gr")
    locs = sorted(sid(s.loc[D.unit(f"gr_corps_0{i}")]) for i in (1, 2, 3))
    assert locs == ["athens", "florina", "larisa"]
    assert can_act(s, D.unit("gr_corps_01"))  # Greek units may now act
    invariants.check(s)


@pytest.mark.rule("9.5.2.4")
@pytest.mark.rule("9.5.2.4.1")
@pytest.mark.card("ap44")
@pytest.mark.card("ap30")
def test_greece_after_salonika_keeps_the_greek_corps_where_they_are():
    s = at(AP, turn=12)
    give(s, AP, "ap44")
    s.flags["salonika"] = 1
    s.events["salonika"] = 10
    put(s, "gr_corps_01", "florina")
    put(s, "gr_corps_02", "larisa")
    gr3 = put(s, "gr_corps_03", "athens")
    board.eliminate(s, gr3)  # whatever happened to it, the set-up is not placed again
    engine.apply(s, "play event ap44")
    finish(s)
    assert s.loc[gr3] == board.ELIMINATED[AP]
    assert army_spaces(s, D.unit("br_mef")) == [D.space("london")]  # still no invasion


@pytest.mark.rule("9.5.2.1")
@pytest.mark.rule("9.5.2.2")
@pytest.mark.card("ap16")
@pytest.mark.card("ap44")
@pytest.mark.parametrize("card, turn, earlier", [("ap16", 6, "bu"), ("ap44", 12, "it")])
def test_entry_refused_after_another_entry_this_turn(card, turn, earlier):
    s = at(AP, turn=turn)
    give(s, AP, card)
    assert offered(s, f"play event {card}")
    s.tflags["neutral_entry"] = earlier
    assert not offered(s, f"play event {card}")


# -- Salonika (9.5.2.4) -----------------------------------------------------------------------


@pytest.mark.rule("9.5.2.4")
@pytest.mark.rule("9.3.3")
@pytest.mark.card("ap30")
def test_salonika_limited_greek_entry_and_landing():
    s = at(AP, turn=5)
    give(s, AP, "ap30")
    engine.apply(s, "play event ap30")
    assert s.flags["salonika"] == 1 and not tracks.at_war(s, "gr")
    for i in (1, 2, 3):
        u = D.unit(f"gr_corps_0{i}")
        assert board.on_map(s, u)
        assert not can_act(s, u)  # 9.5.2.4: neutral, never moved
        assert supply.unit_supplied(s, u, attrition=True)  # and never attrited
    assert supply.closed_to_all(s, D.space("athens"))
    assert not supply.closed_to_all(s, D.space("salonika"))
    assert engine.step_name(s) == "salonika_landing"
    choices = legal(s)
    assert "move fr_corps_01 salonika" in choices  # from the Reserve Box
    assert "move br_corps_02 salonika" in choices  # from Port Said, an Allied port
    assert "move br_bef_corps salonika" not in choices
    assert "move fr_corps_08 salonika" not in choices  # Belfort is no port
    engine.apply(s, "move fr_corps_01 salonika")
    engine.apply(s, "move br_corps_02 salonika")
    engine.apply(s, "move fr_corps_02 salonika")
    assert engine.step_name(s) != "salonika_landing"  # three corps: done
    finish(s)
    assert len(board.units_in(s, D.space("salonika"))) == 3
    assert s.uses[AP][-1] == "salonika"
    assert army_spaces(s, D.unit("br_mef")) == [D.space("london")]  # 9.5.2.4.1
    # 9.3.3: no SR play in the next action round.
    to_round(s, AP)
    assert not any(a.startswith("play sr") for a in legal(s))
    invariants.check(s)


@pytest.mark.rule("9.5.2.4")
@pytest.mark.card("ap30")
def test_salonika_landing_may_stop_early():
    s = at(AP, turn=5)
    give(s, AP, "ap30")
    engine.apply(s, "play event ap30")
    engine.apply(s, "move fr_corps_01 salonika")
    engine.apply(s, "done")
    assert engine.step_name(s) == "action_round"
    assert board.units_in(s, D.space("salonika")) == [D.unit("fr_corps_01")]


@pytest.mark.rule("9.3.3")
@pytest.mark.rule("9.5.2.4")
@pytest.mark.card("ap30")
def test_salonika_refused_after_an_sr_play_or_without_room():
    s = at(AP, turn=5)
    give(s, AP, "ap30")
    s.uses[AP].append("sr")
    assert not offered(s, "play event ap30")
    s.uses[AP].append("ops")
    assert offered(s, "play event ap30")
    s.at_war["gr"] = 1
    put(s, "bu_corps_01", "salonika")
    control(s, CP, "salonika")
    assert not offered(s, "play event ap30")


# -- 7.1.8 French Mutiny ----------------------------------------------------------------------


@pytest.mark.rule("7.1.8")
@pytest.mark.card("cp47")
def test_french_mutiny_turns_an_owed_french_mo_into_a_mutiny():
    s = at(CP, turn=12)
    give(s, CP, "cp47")
    s.mo[AP] = "fr"
    engine.apply(s, "play event cp47")
    assert s.mo[AP] == "fr_mutiny"
    assert mandated.resolve(s, AP, 2) == "fr_mutiny"  # every later French MO
    # A French attack in France now costs a VP, once.
    vp = s.vp
    mandated.note_attack(s, AP, [D.unit("fr_1")], D.space("metz"), [D.unit("ge_1")])
    assert s.vp == vp + 1 and s.mo[AP] == "none"


@pytest.mark.rule("7.1.8")
@pytest.mark.card("cp47")
def test_french_mutiny_after_the_french_mo_was_made_does_nothing_this_turn():
    s = at(CP, turn=12)
    give(s, CP, "cp47")
    s.mo[AP] = "none"  # the French MO was made
    engine.apply(s, "play event cp47")
    assert s.mo[AP] == "none"
    vp = s.vp
    mandated.note_attack(s, AP, [D.unit("fr_1")], D.space("metz"), [D.unit("ge_1")])
    assert s.vp == vp  # no penalty this turn


# -- War in Africa (cp32) ---------------------------------------------------------------------


@pytest.mark.card("cp32")
@pytest.mark.rule("9.5.1")
def test_war_in_africa_the_allies_give_a_corps():
    s = clear(at(CP, turn=6))
    give(s, CP, "cp32")
    full = put(s, "br_corps_01", "ap_reserve_box")
    put(s, "br_corps_02", "london", reduced=True)
    put(s, "br_aus_corps", "ap_reserve_box")
    put(s, "br_bef_corps", "ap_reserve_box")
    engine.apply(s, "play event cp32")
    assert engine.step_name(s) == "war_in_africa" and engine.to_act(s) == AP
    # Only plain British corps, and the full-strength one since there is one.
    assert legal(s) == ["eliminate br_corps_01", "choose vp"]
    vp = s.vp
    engine.apply(s, "eliminate br_corps_01")
    assert s.loc[full] == board.PERMANENT[AP] and s.vp == vp


@pytest.mark.card("cp32")
@pytest.mark.rule("15.2.4")
def test_war_in_africa_removal_may_lift_a_siege():
    s = clear(at(CP, turn=6))
    give(s, CP, "cp32")
    x = D.space("metz")
    put(s, "br_corps_01", "metz")
    put(s, "br_corps_02", "metz")
    put(s, "br_corps_03", "metz")
    s.fort[x] = FORT_BESIEGED  # Metz fort 3: three corps besiege it
    engine.apply(s, "play event cp32")
    engine.apply(s, "eliminate br_corps_02")
    assert s.fort[x] == FORT_INTACT


@pytest.mark.card("cp32")
def test_war_in_africa_vp_when_chosen_or_without_corps():
    s = clear(at(CP, turn=6))
    give(s, CP, "cp32")
    put(s, "br_corps_01", "ap_reserve_box")
    vp = s.vp
    engine.apply(s, "play event cp32")
    engine.apply(s, "choose vp")
    assert s.vp == vp + 1 and sid(s.loc[D.unit("br_corps_01")]) == "ap_reserve_box"
    s = clear(at(CP, turn=6))
    give(s, CP, "cp32")
    put(s, "br_aus_corps", "ap_reserve_box")  # no plain British corps: no choice
    engine.apply(s, "play event cp32")
    assert engine.step_name(s) == "action_round" and s.vp == vp + 1


# -- High Seas Fleet (cp25) and Grand Fleet (ap33) ------------------------------------------------


@pytest.mark.card("cp25")
def test_high_seas_fleet_vp_after_the_next_allied_action():
    s = at(CP, turn=5)
    give(s, CP, "cp25")
    vp = s.vp
    engine.apply(s, "play event cp25")
    assert s.vp == vp and engine.to_act(s) == AP
    engine.apply(s, "play auto")
    assert s.vp == vp  # the AP's operation is still going on
    finish(s)
    assert s.vp == vp + 1 and "high_seas_fleet" not in s.tflags


@pytest.mark.card("cp25")
@pytest.mark.card("ap33")
def test_grand_fleet_cancels_the_high_seas_fleet_vp():
    s = at(CP, turn=5)
    give(s, CP, "cp25")
    give(s, AP, "ap33")
    vp = s.vp
    engine.apply(s, "play event cp25")
    assert offered(s, "play event ap33")
    engine.apply(s, "play event ap33")
    finish(s)
    assert s.vp == vp and D.card("ap33") in s.removed[AP]


@pytest.mark.card("ap33")
def test_grand_fleet_refused_without_high_seas_fleet():
    s = at(AP, turn=5)
    give(s, AP, "ap33")
    assert not offered(s, "play event ap33")
    s.tflags["high_seas_fleet"] = 1
    assert offered(s, "play event ap33")


# -- the log of random historical games ----------------------------------------------------------


@pytest.mark.slow
@pytest.mark.rule("9.5.2.1")
@pytest.mark.rule("16.1.3")
@pytest.mark.rule("16.1.3.1")
def test_random_historical_games_show_nations_entering_and_commitment_rising():
    nations, raised = set(), set()
    for seed in (3, 4, 5):
        g = play_random("historical", seed, check=invariants.check, keep_state=True)
        assert g.error is None, g.error
        log = g.state.log
        nations |= {e["a"]["nation"] for e in log if e["k"] == "nation.enters"}
        raised |= {(e["s"], e["a"]["level"]) for e in log if e["k"] == "commitment.raised"}
    assert "tu" in nations and len(nations & {"it", "bu", "ro", "gr"}) >= 2
    assert {("cp", 1), ("ap", 1)} <= raised


def play_eventful(seed: int, east: bool) -> State:
    """A random historical game in which players choose an event when they can nine times in
    ten (uniform play rarely brings Combined War Status to 30). With ``east`` the CP starts
    holding Warsaw, Lodz and Kovno, so the Russian Capitulation track can move."""
    pick = random.Random(seed)
    s = engine.new_game("historical", None, seed)
    if east:
        for name, corps in (
            ("warsaw", "ge_corps_16"),
            ("lodz", "ge_corps_17"),
            ("kovno", "ge_corps_18"),
        ):
            x = D.space(name)
            for u in list(board.units_in(s, x)):
                board.place(s, u, board.RESERVE[AP])
            board.place(s, D.unit(corps), x)
            board.set_control(s, x, CP)
    while not engine.is_over(s):
        acts = engine.legal_actions(s)
        events = [a for a in acts if a.verb == "play" and a.args[0] == "event"]
        a = pick.choice(events if events and pick.random() < 0.9 else acts)
        engine.apply_unchecked(s, a)
        invariants.check(s)
    return s


@pytest.mark.slow
@pytest.mark.rule("16.3.1")
@pytest.mark.rule("16.4.1")
@pytest.mark.card("ap54")
@pytest.mark.card("ap55")
@pytest.mark.card("cp28")
def test_random_historical_games_move_the_us_and_russian_tracks():
    us, russia, nations = set(), set(), set()
    for seed, east in ((1, False), (2, True), (3, True)):
        log = play_eventful(seed, east).log
        us |= {e["a"]["box"] for e in log if e["k"] == "track.us_entry"}
        russia |= {e["a"]["box"] for e in log if e["k"] == "track.russia"}
        nations |= {e["a"]["nation"] for e in log if e["k"] == "nation.enters"}
    assert {"zimmermann_allowed", "zimmermann_telegram", "over_there"} <= us
    assert "us" in nations
    assert "tsar_takes_command_allowed" in russia and len(russia) >= 3
