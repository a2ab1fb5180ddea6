"""The Replacement Phase (6.0 F, 17): spending RPs, its restrictions, and the extended example's
replacement vectors (X-REPL-T1, X-REPL-T2)."""

import pytest

from greatwar.core.errors import IllegalActionError
from greatwar.pog import action_phase, board, engine, entry, invariants, replacements
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import STEPS
from greatwar.pog.replacements import historical_bonus, replacement_phase
from greatwar.pog.state import FORT_BESIEGED

from .helpers import D, at, control, game, legal, put, sid


def eliminate(s, *units):
    for name in units:
        u = D.unit(name)
        board.place(s, u, board.ELIMINATED[D.units[u].side])


def reduce(s, *units):
    for name in units:
        s.red[D.unit(name)] = 1


def phase(s, **rp):
    """Record ``rp`` (in RPs) and start the Replacement Phase on top of the current step."""
    for pool, amount in rp.items():
        s.rp[pool] = round(2 * amount)
    replacement_phase(s)
    STEPS.settle(s)
    return s


def spending(s, side):
    return engine.step_name(s) == "spend_replacements" and engine.to_act(s) == side


def offers(s, unit):
    """The actions offered for ``unit`` at the current spending step."""
    return [a for a in legal(s) if a.split()[1:2] == [unit]]


# -- the extended example of play -----------------------------------------------------------------


@pytest.mark.rule("17.1.1")
@pytest.mark.rule("17.1.4")
@pytest.mark.rule("17.1.5")
@pytest.mark.rule("9.5.3.3")
def test_x_repl_t1_central_powers():
    s = game()
    eliminate(s, "ah_2", "ah_3", "ge_2", "ge_3")
    board.place(s, D.unit("ge_4"), D.space("koblenz"), reduced=True)
    phase(s, ah=2, ge=3)
    assert spending(s, CP)  # the AP, with no RPs, had nothing to decide (F.1)
    assert set(offers(s, "ah_2")) == {"place ah_2 vienna", "place ah_2 budapest"}
    for a in (
        "place ah_2 budapest",
        "place ah_3 budapest",
        "place ge_2 essen",
        "place ge_3 essen",
        "replace ge_4",
    ):
        engine.apply(s, a)
    assert engine.step_name(s) == "action_round"  # nothing left to buy: the phase ended
    for u, x, red in (
        ("ah_2", "budapest", 1),
        ("ah_3", "budapest", 1),
        ("ge_2", "essen", 1),
        ("ge_3", "essen", 1),
        ("ge_4", "koblenz", 0),
    ):
        assert (at(s, u), s.red[D.unit(u)]) == (x, red)
    assert all(v == 0 for v in s.rp.values())
    invariants.check(s)


@pytest.mark.rule("17.1.1")
@pytest.mark.rule("17.1.1.1")
@pytest.mark.rule("17.1.2")
@pytest.mark.rule("17.1.5")
@pytest.mark.rule("17.1.7")
@pytest.mark.rule("9.5.3.3")
def test_x_repl_t2_allies():
    s = game()
    entry.turkey_enters(s)
    eliminate(s, "ru_3", "fr_2", "fr_3")
    put(s, "be_1", "calais", reduced=True)
    put(s, "fr_10", "paris")  # with the (FR 6th)
    reduce(s, "br_bef", "br_corps_02", "br_corps_03", "br_corps_04")
    phase(s, ru=3, allied=1, fr=2, br=2)
    assert spending(s, AP)
    # RU: the 3rd Army recreated at full strength for 2 RPs in "Caucasus".
    engine.apply(s, "place ru_3 caucasus")
    assert s.red[D.unit("ru_3")] == 1 and s.rp["ru"] == 4
    engine.apply(s, "replace ru_3")
    assert s.red[D.unit("ru_3")] == 0 and s.rp["ru"] == 2
    # A: the BE 1st Army flipped in Calais.
    engine.apply(s, "replace be_1")
    assert s.rp["allied"] == 0 and not s.red[D.unit("be_1")]
    # FR: (FR 2nd) to Paris, which is then full, so (FR 3rd) to Orleans.
    assert "place fr_3 orleans" not in legal(s)
    engine.apply(s, "place fr_2 paris")
    assert offers(s, "fr_3") == ["place fr_3 orleans"]
    engine.apply(s, "place fr_3 orleans")
    # BR: the BEF cannot be replaced (17.1.7); the three Near East corps (flag F10: at 1/2 RP a
    # step, 2 BR RPs pay for all three).
    assert offers(s, "br_bef") == []
    for c in ("br_corps_02", "br_corps_03", "br_corps_04"):
        engine.apply(s, f"replace {c}")
        assert not s.red[D.unit(c)]
    # Nothing else can be bought: the phase ends by itself; the third RU RP and the last half
    # BR RP are lost (17.1.2, F11).
    assert engine.step_name(s) == "action_round"
    lost = [e for e in s.log if e["k"] == "rp.lost"][-1]
    assert lost["a"]["rp"] == {"br": 0.5, "ru": 1.0}
    assert all(v == 0 for v in s.rp.values())
    assert [sid(u) for u in [s.loc[D.unit(x)] for x in ("fr_6", "fr_10", "fr_2")]] == ["paris"] * 3
    assert at(s, "fr_3") == "orleans" and at(s, "ru_3") == "caucasus"
    invariants.check(s)


# -- 17.1.4 costs and what can be bought ----------------------------------------------------------


@pytest.mark.rule("17.1.4")
def test_corps_cost_half_an_rp_and_are_rebuilt_in_the_reserve_box():
    s = game()
    eliminate(s, "ge_corps_01")
    phase(s, ge=1)
    engine.apply(s, "replace ge_corps_01")
    u = D.unit("ge_corps_01")
    assert s.loc[u] == board.RESERVE[CP] and s.red[u] == 1 and s.rp["ge"] == 1
    engine.apply(s, "replace ge_corps_01")  # and flipped in the same phase
    assert s.red[u] == 0 and s.rp["ge"] == 0
    assert engine.step_name(s) == "action_round"
    invariants.check(s)


@pytest.mark.rule("17.1.4")
def test_an_army_step_costs_one_rp():
    s = game()
    eliminate(s, "ge_2")
    reduce(s, "ge_3")
    phase(s, ge=0.5)
    assert offers(s, "ge_2") == [] and offers(s, "ge_3") == []
    assert offers(s, "ge_corps_01") == ["replace ge_corps_01"]  # a corps step is affordable


@pytest.mark.rule("17.1.4")
def test_reduced_unit_on_the_map_must_be_in_supply():
    s = game()
    put(s, "ge_corps_01", "orleans", reduced=True)
    control(s, CP, "orleans")
    reduce(s, "ge_3")
    phase(s, ge=1)
    assert offers(s, "ge_corps_01") == []
    assert offers(s, "ge_3") == ["replace ge_3"]


@pytest.mark.rule("17.1.4.1")
def test_german_unit_tracing_only_to_sofia_cannot_be_replaced():
    s = game()
    s.at_war["bu"] = 1
    put(s, "ge_corps_01", "sofia", reduced=True)
    put(s, "ge_corps_02", "essen", reduced=True)
    phase(s, ge=1)
    assert offers(s, "ge_corps_01") == []
    assert offers(s, "ge_corps_02") == ["replace ge_corps_02"]


@pytest.mark.rule("17.1.4")
@pytest.mark.rule("14.1.5")
def test_turkish_units_in_medina_supplied_only_for_attrition_cannot_be_replaced():
    s = game()
    entry.turkey_enters(s)
    put(s, "tu_corps_13", "medina", reduced=True)
    phase(s, tu=1)
    assert offers(s, "tu_corps_13") == ["replace tu_corps_13"]  # traces through Aqaba
    s2 = game()
    entry.turkey_enters(s2)
    put(s2, "tu_corps_13", "medina", reduced=True)
    control(s2, AP, "aqaba")
    phase(s2, tu=1)
    assert offers(s2, "tu_corps_13") == []


# -- 17.1.1.1 Allied RPs -----------------------------------------------------------------------


@pytest.mark.rule("17.1.1.1")
def test_allied_rps_pay_only_for_the_minor_allies_and_only_they_do():
    s = game()
    eliminate(s, "be_corps_01", "fr_corps_01", "br_aus_corps")
    phase(s, fr=1, allied=0.5)
    assert offers(s, "fr_corps_01") == ["replace fr_corps_01"]
    assert offers(s, "be_corps_01") == ["replace be_corps_01"]
    assert offers(s, "br_aus_corps") == ["replace br_aus_corps"]
    engine.apply(s, "replace be_corps_01")
    assert s.rp["allied"] == 0 and s.rp["fr"] == 2
    assert offers(s, "br_aus_corps") == []  # FR RPs cannot pay for it
    s2 = game()
    eliminate(s2, "be_corps_01", "fr_corps_01")
    phase(s2, allied=1)
    assert offers(s2, "fr_corps_01") == []


# -- 17.1.3 capitals -----------------------------------------------------------------------------


@pytest.mark.rule("17.1.3")
def test_no_french_rps_with_paris_enemy_held_or_besieged():
    s = game()
    reduce(s, "fr_1")
    paris = D.space("paris")
    s.loc[D.unit("fr_6")] = -1
    put(s, "ge_corps_01", "paris")
    s.fort[paris] = FORT_BESIEGED
    board.invalidate(s)
    phase(s, fr=1)
    assert engine.step_name(s) == "action_round"
    assert replacements.capital_lost(s, "fr")
    s.fort[paris] = 2
    control(s, CP, "paris")
    assert replacements.capital_lost(s, "fr")


@pytest.mark.rule("17.1.3")
def test_out_of_supply_but_free_paris_allows_french_rps():
    s = game()
    for n in D.adj[D.space("paris")]:
        s.ctrl[n] = CP
    board.invalidate(s)
    assert not replacements.capital_lost(s, "fr")
    eliminate(s, "fr_corps_01")
    phase(s, fr=1)
    assert offers(s, "fr_corps_01") == ["replace fr_corps_01"]


@pytest.mark.rule("17.1.3")
def test_austria_needs_both_vienna_and_budapest():
    s = game()
    eliminate(s, "ah_corps_01", "ge_corps_01")
    control(s, AP, "budapest")
    phase(s, ah=1, ge=1)
    assert offers(s, "ah_corps_01") == []
    assert offers(s, "ge_corps_01") == ["replace ge_corps_01"]


@pytest.mark.rule("17.1.3")
@pytest.mark.rule("17.1.5")
def test_belgium_and_serbia_are_exempt_but_their_armies_need_a_space():
    s = game()
    control(s, CP, "brussels", "antwerp", "ostend", "belgrade", "nis", "calais")
    for u in ("be_1", "be_corps_01", "sb_1", "sb_corps_01"):
        eliminate(s, u)
    phase(s, allied=4)
    assert offers(s, "be_corps_01") == ["replace be_corps_01"]
    assert offers(s, "sb_corps_01") == ["replace sb_corps_01"]
    assert offers(s, "be_1") == [] and offers(s, "sb_1") == []


@pytest.mark.rule("17.1.3")
def test_other_capitals_count_too():
    s = game()
    control(s, CP, "london")
    assert replacements.capital_lost(s, "br")
    assert replacements.capital_lost(s, "ana")
    assert not replacements.capital_lost(s, "ru")  # no Russian capital (3.0)
    assert not replacements.capital_lost(s, "sb") and not replacements.capital_lost(s, "be")


# -- 17.1.5 Belgian and Serbian armies -------------------------------------------------------------


@pytest.mark.rule("17.1.5")
def test_belgian_army_rebuilt_in_belgium_else_calais():
    s = game()
    eliminate(s, "be_1")
    phase(s, allied=1)
    assert set(offers(s, "be_1")) == {
        "place be_1 brussels",
        "place be_1 antwerp",
        "place be_1 ostend",
    }
    s2 = game()
    eliminate(s2, "be_1")
    control(s2, CP, "brussels", "ostend")
    # Antwerp is Allied but cut off: no line of supply, so not there; none of the three is
    # Allied and supplied, so Calais.
    phase(s2, allied=1)
    assert offers(s2, "be_1") == ["place be_1 calais"]


@pytest.mark.rule("17.1.5")
def test_serbian_army_at_belgrade_unless_nis_is_cp_or_at_salonika():
    s = game()
    eliminate(s, "sb_1")
    phase(s, allied=1)
    assert offers(s, "sb_1") == ["place sb_1 belgrade"]
    s2 = game()
    eliminate(s2, "sb_1")
    control(s2, CP, "nis")
    s2.events["salonika"] = 3
    s2.flags["salonika"] = 1
    phase(s2, allied=1)
    assert offers(s2, "sb_1") == ["place sb_1 salonika"]
    engine.apply(s2, "place sb_1 salonika")
    assert at(s2, "sb_1") == "salonika" and s2.red[D.unit("sb_1")] == 1
    invariants.check(s2)


@pytest.mark.rule("17.1.5")
@pytest.mark.rule("10.1.1")
def test_rebuilt_army_respects_stacking():
    s = game()
    eliminate(s, "ah_2")
    for c in ("ah_corps_01", "ah_corps_02", "ah_corps_03"):
        put(s, c, "vienna")
    phase(s, ah=1)
    assert offers(s, "ah_2") == ["place ah_2 budapest"]


# -- 17.1.6, 17.1.7 ----------------------------------------------------------------------------


@pytest.mark.rule("17.1.6")
def test_ana_rebuilt_in_arabia():
    s = game()
    eliminate(s, "br_ana_corps")
    phase(s, allied=0.5)
    engine.apply(s, "replace br_ana_corps")
    assert at(s, "br_ana_corps") == "arabia" and s.red[D.unit("br_ana_corps")] == 1
    invariants.check(s)


@pytest.mark.rule("17.1.7")
@pytest.mark.rule("12.4.7")
def test_dotted_and_permanently_eliminated_units_never_take_rps():
    s = game()
    reduce(s, "br_bef")
    board.place(s, D.unit("br_bef_corps"), board.RESERVE[AP], reduced=True)
    board.place(s, D.unit("fr_orient"), board.ELIMINATED[AP])
    board.place(s, D.unit("fr_1"), board.PERMANENT[AP])
    eliminate(s, "fr_corps_01")
    phase(s, br=2, fr=2)
    for u in ("br_bef", "br_bef_corps", "fr_orient", "fr_1"):
        assert offers(s, u) == []
    assert offers(s, "fr_corps_01") == ["replace fr_corps_01"]


# -- 16.4.7, Polish corps -----------------------------------------------------------------------


@pytest.mark.rule("16.4.7")
def test_one_russian_rp_a_turn_after_the_bolshevik_revolution():
    s = game()
    s.events["bolshevik_revolution"] = 1
    eliminate(s, "ru_corps_01", "ru_corps_02", "ru_corps_03")
    phase(s, ru=3)
    engine.apply(s, "replace ru_corps_01")
    engine.apply(s, "replace ru_corps_02")
    # The cap is reached: nothing more on offer, the phase ends and 2 RU RPs are lost.
    assert engine.step_name(s) == "action_round"
    assert s.loc[D.unit("ru_corps_03")] == board.ELIMINATED[AP]
    lost = [e for e in s.log if e["k"] == "rp.lost"][-1]
    assert lost["a"]["rp"] == {"ru": 2.0}


@pytest.mark.rule("17.1.1")
@pytest.mark.card("cp59")
def test_polish_corps_not_replaced_while_warsaw_is_allied():
    s = game()
    board.place(s, D.unit("pl_corps_01"), board.RESERVE[CP], reduced=True)
    phase(s, ge=1)
    assert offers(s, "pl_corps_01") == []
    s2 = game()
    board.place(s2, D.unit("pl_corps_01"), board.RESERVE[CP], reduced=True)
    control(s2, CP, "warsaw")
    phase(s2, ge=1)
    assert offers(s2, "pl_corps_01") == ["replace pl_corps_01"]


# -- the step itself ---------------------------------------------------------------------------


@pytest.mark.rule("6.0F")
@pytest.mark.rule("17.1.2")
def test_allies_spend_first_then_central_powers_and_done_loses_the_rest():
    s = game()
    eliminate(s, "fr_corps_01", "ge_corps_01")
    phase(s, fr=1, ge=1)
    assert spending(s, AP)
    engine.apply(s, "done")
    assert spending(s, CP)
    assert s.rp["fr"] == 2  # lost only when the phase ends
    engine.apply(s, "replace ge_corps_01")
    engine.apply(s, "done")
    assert s.rp == {k: 0 for k in s.rp}
    assert s.loc[D.unit("fr_corps_01")] == board.ELIMINATED[AP]


@pytest.mark.rule("17.1")
def test_illegal_purchase_is_refused_and_changes_nothing():
    s = game()
    eliminate(s, "fr_corps_01")
    phase(s, fr=0.5)
    before = s.hash()
    with pytest.raises(IllegalActionError):
        engine.apply(s, "replace fr_6")  # reduced, but the pool holds only 1/2 RP
    with pytest.raises(IllegalActionError):
        engine.apply(s, "place fr_corps_01 paris")
    assert s.hash() == before


@pytest.mark.rule("5.7.3")
def test_historical_german_bonus_rp_at_total_war():
    s = game("historical")
    s.commit[CP] = 2
    s.flags["total_war_turn"] = [0, 1]
    s.turn = 3
    control(s, CP, "sedan", "liege", "brussels")
    assert historical_bonus(s)
    control(s, AP, "brussels")
    assert not historical_bonus(s)


@pytest.mark.rule("9.4.1")
@pytest.mark.rule("17.1.1.1")
def test_no_turkish_rps_recorded_while_turkey_is_neutral():
    s = game()
    card = D.card("cp06")  # RPs: GE 2, AH 1, TU 1
    for pile in (s.deck, s.later, s.discard):
        if card in pile[CP]:
            pile[CP].remove(card)
    if card not in s.hand[CP]:
        s.hand[CP].append(card)
    action_phase.play_rp(s, CP, card)
    assert s.rp["tu"] == 0 and s.rp["ge"] == 4 and s.rp["ah"] == 2
