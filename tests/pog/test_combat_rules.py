"""Combat rules on hand-built positions: designation (12.1), flank attacks (12.3), losses
(12.4), retreats (12.5), Withdrawal (12.6), advance (12.7), combat cards (9.5.4) - the edge
cases 27-45 of requirements section 6 and the rule-text examples R05, R07-R12."""

from __future__ import annotations

import pytest

from greatwar.pog import board, engine
from greatwar.pog.combat import fire
from greatwar.pog.combat.losses import loss_options, pick_replacement
from greatwar.pog.combat.resolution import flank_drm
from greatwar.pog.data import AP, CP

from .helpers import (
    RB,
    D,
    activate,
    at,
    attack,
    control,
    fresh,
    give,
    legal,
    play,
    position,
    put,
    red,
    step,
)


def u(uid: str) -> int:
    return D.unit(uid)


def x(sid: str) -> int:
    return D.space(sid)


def elim(s, uid: str) -> bool:
    return s.loc[u(uid)] == D.eliminated_box[D.units[u(uid)].side]


def perm(s, uid: str) -> bool:
    return s.loc[u(uid)] == D.perm_eliminated_box[D.units[u(uid)].side]


def fires(s) -> list[dict]:
    return [e["a"] for e in s.log if e["k"] == "combat.fire"]


# -- 12.1 designation ----------------------------------------------------------------------------


@pytest.mark.rule("12.1.11")
@pytest.mark.rule("12.1.11.1")
def test_multinational_attack_needs_a_common_space():
    s = position(turn=3)
    put(s, "fr_1", "verdun")
    put(s, "br_1", "chateau_thierry")
    put(s, "ge_4", "sedan")
    control(s, CP, "sedan")
    activate(s, AP, 2, ["verdun", "chateau_thierry"])
    play(s, "attack sedan", "with fr_1")
    assert legal(s) == ["done"]  # no space holds both French and British units
    s = position(turn=3)
    put(s, "fr_1", "verdun")
    put(s, "br_1", "chateau_thierry")
    put(s, "fr_corps_01", "chateau_thierry")
    put(s, "ge_4", "sedan")
    control(s, CP, "sedan")
    activate(s, AP, 3, ["verdun", "chateau_thierry"])
    play(s, "attack sedan", "with fr_1", "with br_1")
    assert legal(s) == ["with fr_corps_01"]  # not yet legal: CT must hold a French attacker
    play(s, "with fr_corps_01", "done")
    assert step(s) == "combat_flank"


@pytest.mark.rule("12.1.11")
@pytest.mark.rule("12.1.11.2")
@pytest.mark.rule("9.2.3")
def test_belgians_are_not_british_in_a_multinational_attack():
    # Example R05: BE with BR units still counts as a nationality of its own.
    s = position(turn=3)
    put(s, "br_bef", "brussels")
    put(s, "be_1", "brussels")
    put(s, "fr_1", "verdun")
    put(s, "ge_4", "sedan")
    control(s, CP, "sedan")
    activate(s, AP, 3, ["brussels", "verdun"])
    play(s, "attack sedan", "with fr_1")
    assert legal(s) == ["done"]
    s = position(turn=3)
    put(s, "br_bef", "brussels")
    put(s, "be_1", "brussels")
    put(s, "ge_4", "sedan")
    control(s, CP, "sedan")
    activate(s, AP, 2, ["brussels"])
    play(s, "attack sedan", "with br_bef", "with be_1", "done")  # stacked together: legal
    assert step(s) == "combat_cards"


@pytest.mark.rule("12.1.10")
@pytest.mark.rule("12.1.9")
@pytest.mark.rule("12.3.2")
def test_london_attacks_only_with_units_in_france():
    s = position(turn=3)
    put(s, "br_1", "london")
    put(s, "br_2", "rouen")
    put(s, "fr_1", "rouen")
    put(s, "ge_4", "le_havre")
    control(s, CP, "le_havre")
    activate(s, AP, 3, ["london", "rouen"])
    play(s, "attack le_havre")
    assert "with br_1" in legal(s)
    play(s, "with br_1")
    assert "done" not in legal(s)  # London alone may not attack
    assert set(legal(s)) == {"with br_2", "with fr_1"}
    play(s, "with br_2", "done")
    # The dashed London line adds nothing to the flank attempt (Exceptions summary).
    assert set(legal(s)) == {"pin london", "pin rouen", "noflank"}
    c = s.stack[-2]
    assert flank_drm(s, c, x("rouen")) == 0
    assert flank_drm(s, c, x("london")) == 1


@pytest.mark.rule("12.1.2")
@pytest.mark.rule("12.5.6")
def test_units_that_already_retreated():
    s = position(turn=3)
    put(s, "ru_3", "lutsk")
    put(s, "ru_8", "czernowitz")
    control(s, AP, "czernowitz")
    put(s, "ge_corps_01", "lemberg")
    put(s, "ge_corps_02", "lemberg")
    put(s, "ah_corps_02", "stanislau")
    s.forced = [2, 1, 4, 1]
    activate(s, AP, 2, ["lutsk", "czernowitz"])
    play(s, "attack lemberg", "with ru_3", "done", "done", "done")
    # LN 2: one corps step is taken at once (the two corps are alike), then the CP reduces
    # the other corps rather than eliminate the first.
    play(s, "lose ge_corps_02")
    play(s, "retreat ge_corps_01 stanislau", "retreat ge_corps_02 tarnopol", "done")
    # Tarnopol holds only units that retreated this round: it may not be attacked (12.1.2).
    assert "attack stanislau" in legal(s) and "attack tarnopol" not in legal(s)
    play(s, "attack stanislau", "with ru_8", "done", "done", "done")
    # The retreated GE corps adds nothing (the AH corps fires 1 CF) and dies on a Loss Number
    # of 3 without counting toward it: the AH corps absorbs 2, 1 is left over.
    assert fires(s)[-1]["cf"] == 1
    assert elim(s, "ge_corps_01") and elim(s, "ah_corps_02")
    assert any(e["k"] == "combat.old_eliminated" for e in s.log)
    assert [e["a"]["ln"] for e in s.log if e["k"] == "combat.unabsorbed"][-1] == 1


@pytest.mark.rule("12.1.6")
@pytest.mark.rule("12.1.4")
def test_each_space_and_unit_once_per_action():
    s = position(turn=3)
    put(s, "ge_1", "sedan")
    put(s, "ge_2", "sedan")
    control(s, CP, "sedan")
    put(s, "fr_corps_01", "chateau_thierry")
    put(s, "fr_corps_02", "cambrai")
    s.forced = [6, 1]
    activate(s, CP, 1, ["sedan"])
    play(s, "attack chateau_thierry", "with ge_1", "done", "done", "done")
    play(s, "done")  # the CP does not advance
    assert "attack chateau_thierry" not in legal(s)
    play(s, "attack cambrai")
    assert legal(s) == ["with ge_2"]  # GE 1st has attacked


@pytest.mark.rule("15.1.11")
def test_german_units_and_russian_forts():
    s = position(turn=2)
    put(s, "ge_8", "lodz")
    put(s, "ah_1", "ivangorod")
    put(s, "ru_2", "warsaw")
    control(s, CP, "lodz", "ivangorod")
    activate(s, CP, 2, ["lodz", "ivangorod"])
    play(s, "attack warsaw")
    assert legal(s) == ["with ah_1"]  # AH units are not restricted
    s.events["oberost"] = 2
    assert set(legal(s)) == {"with ah_1", "with ge_8"}
    del s.events["oberost"]
    s.ws[CP] = s.cws = 4
    assert set(legal(s)) == {"with ah_1", "with ge_8"}
    s.ws[CP] = s.cws = 0
    s.fort[x("warsaw")] = 2  # a destroyed fort is no longer a Russian fort
    assert set(legal(s)) == {"with ah_1", "with ge_8"}


@pytest.mark.rule("15.1.12")
def test_no_russian_attack_on_a_german_fort_space_in_august_1914():
    german_forts = [sp.id for sp in D.spaces if sp.fort and sp.nation == "ge"]
    fort = next(f for f in german_forts if any(D.spaces[n].nation == "ru" for n in D.adj[x(f)]))
    ru_side = next(D.spaces[n].id for n in D.adj[x(fort)] if D.spaces[n].nation == "ru")
    for turn, ok in ((1, False), (2, True)):
        s = position(turn=turn)
        put(s, "ru_1", ru_side)
        control(s, AP, ru_side)
        put(s, "ge_corps_01", fort)
        control(s, CP, fort)
        activate(s, AP, 1, [ru_side])
        assert (f"attack {fort}" in legal(s)) == ok, turn


@pytest.mark.rule("15.2.5")
def test_no_attack_into_the_desert_in_summer():
    for turn, ok in ((6, False), (7, True)):
        s = position(turn=turn)
        s.at_war["tu"] = 1
        put(s, "br_corps_01", "cairo")
        put(s, "tu_corps_01", "sinai")
        activate(s, AP, 1, ["cairo"])
        assert ("attack sinai" in legal(s)) == ok


@pytest.mark.rule("12.2.7")
@pytest.mark.rule("3.0-drm")
@pytest.mark.rule("Near East Special Rules")
@pytest.mark.card("ap49")
def test_sinai_drm():
    s = position(turn=3)
    c = {"side": AP, "spaces": [x("sinai")], "cards": [], "tgt": x("gaza")}
    assert fire.drm(s, c, AP) == -3
    c["spaces"] = [x("sinai"), x("beersheba")]
    assert fire.drm(s, c, AP) == 0  # Sinai with another space: no penalty
    c = {"side": CP, "spaces": [x("sinai")], "cards": [], "tgt": x("port_said")}
    assert fire.drm(s, c, CP) == -3  # the CP suffers it too ...
    s.events["sinai_pipeline"] = 12
    assert fire.drm(s, c, CP) == 0  # ... until Sinai Pipeline, which ends it for both sides
    c = {"side": AP, "spaces": [x("sinai")], "cards": [], "tgt": x("gaza")}
    assert fire.drm(s, c, AP) == 0  # (Exceptions summary, Near East: Combat; R49)


# -- 12.3 flank attacks ----------------------------------------------------------------------------


@pytest.mark.rule("12.3.1")
@pytest.mark.rule("15.1.6")
def test_flank_eligibility():
    def cards_or_flank(setup, spaces, units, target, side=CP):
        s = position(turn=3)
        setup(s)
        attack(s, side, len(spaces), spaces, target, units)
        return step(s)

    def base(s):
        put(s, "ge_1", "sedan")
        put(s, "ge_corps_01", "cambrai")
        control(s, CP, "sedan", "cambrai")
        put(s, "fr_corps_01", "chateau_thierry")

    assert cards_or_flank(
        base, ["sedan", "cambrai"], ["ge_1", "ge_corps_01"], "chateau_thierry"
    ) == ("combat_flank")

    def corps_only(s):
        put(s, "ge_corps_02", "sedan")
        put(s, "ge_corps_01", "cambrai")
        control(s, CP, "sedan", "cambrai")
        put(s, "fr_corps_01", "chateau_thierry")

    assert (
        cards_or_flank(
            corps_only, ["sedan", "cambrai"], ["ge_corps_02", "ge_corps_01"], "chateau_thierry"
        )
        == "combat_cards"
    )  # no army attacking

    def trench(s):
        base(s)
        board.set_trench(s, x("chateau_thierry"), 1, AP)

    s = position(turn=3)
    trench(s)
    attack(s, CP, 2, ["sedan", "cambrai"], "chateau_thierry", ["ge_1", "ge_corps_01"])
    play(s, "done")  # the trench-negating window
    assert step(s) == "combat_cards"  # then no flank step

    def mountain(s):
        put(s, "ge_7", "mulhouse")
        put(s, "ge_6", "nancy")
        control(s, CP, "nancy")
        put(s, "fr_corps_08", "belfort")
        board.set_trench(s, x("belfort"), 0, AP)

    assert cards_or_flank(mountain, ["mulhouse", "nancy"], ["ge_7", "ge_6"], "belfort") == (
        "combat_cards"
    )

    def empty_fort(s):
        put(s, "ge_1", "sedan")
        put(s, "ge_5", "metz")
        control(s, CP, "sedan")
        board.set_trench(s, x("verdun"), 0, AP)

    assert cards_or_flank(empty_fort, ["sedan", "metz"], ["ge_1", "ge_5"], "verdun") == (
        "combat_cards"
    )


@pytest.mark.rule("12.3.2")
def test_flank_drm_counts_spaces_not_touching_other_enemies():
    s = position(turn=3)
    put(s, "ge_1", "sedan")
    put(s, "ge_2", "cambrai")
    control(s, CP, "sedan", "cambrai")
    put(s, "fr_corps_01", "chateau_thierry")
    board.set_trench(s, x("verdun"), 0, AP)
    c = {"tgt": x("chateau_thierry"), "side": CP, "spaces": [x("sedan"), x("cambrai")]}
    # Sedan touches Verdun, an empty fort: not an occupied space.
    assert flank_drm(s, c, x("cambrai")) == 1
    put(s, "fr_corps_02", "verdun")
    assert flank_drm(s, c, x("cambrai")) == 0
    assert flank_drm(s, c, x("sedan")) == 1  # Cambrai touches no other enemy
    # Enemy spaces joined only by a dashed line are ignored (Riga - Reval).
    s = position(turn=3)
    put(s, "ge_corps_01", "reval")
    c = {"tgt": x("szawli"), "side": AP, "spaces": [x("riga"), x("dvinsk")]}
    assert flank_drm(s, c, x("dvinsk")) == 1
    put(s, "ge_corps_02", "vilna")
    assert flank_drm(s, c, x("riga")) == 0  # Dvinsk touches Vilna by a solid line


@pytest.mark.rule("12.3.2")
@pytest.mark.rule("Britain")
def test_flank_drm_counts_attacks_across_dashed_lines_other_than_london():
    # 12.3.2 gives +1 for every attacking space beyond the pinning one that touches no other
    # enemy by a solid line; only London's dotted line adds nothing (Exceptions summary).
    s = position(turn=3)
    put(s, "ge_corps_01", "riga")
    c = {"tgt": x("riga"), "side": AP, "spaces": [x("reval"), x("dvinsk")]}
    assert flank_drm(s, c, x("dvinsk")) == 1  # Reval attacks across the Russian dashed line
    assert flank_drm(s, c, x("reval")) == 1
    put(s, "ah_corps_01", "valona")
    c = {"tgt": x("valona"), "side": AP, "spaces": [x("taranto"), x("tirana")]}
    assert flank_drm(s, c, x("tirana")) == 1  # Taranto - Valona line
    put(s, "ge_corps_02", "calais")
    c = {"tgt": x("calais"), "side": AP, "spaces": [x("london"), x("amiens"), x("ostend")]}
    assert flank_drm(s, c, x("amiens")) == 1  # Ostend counts, London does not


@pytest.mark.rule("12.3.3")
@pytest.mark.rule("12.2.10")
def test_failed_flank_defender_fires_first():
    s = position(turn=3)
    put(s, "ru_3", "dubno")
    put(s, "ru_8", "kamenets_podolski")
    put(s, "ah_3", "tarnopol")
    s.forced = [1, 6, 6]  # flank 1 + 1 = 2: fails; AH fires first, then the RU
    attack(s, AP, 2, ["dubno", "kamenets_podolski"], "tarnopol", ["ru_3", "ru_8"])
    play(s, "pin kamenets_podolski", "done", "done")
    # AH: 3 CF, die 6 -> 4: both RU armies reduced before they fire (2 + 2).
    assert [(f["cf"], f["ln"]) for f in fires(s)] == [(3, 4)]
    play(s, "lose ru_3", "lose ru_8")
    assert red(s, "ru_3") and red(s, "ru_8")
    assert [(f["cf"], f["ln"]) for f in fires(s)] == [(3, 4), (4, 4)]


@pytest.mark.rule("12.3.3")
def test_successful_flank_attacker_fires_first():
    s = position(turn=3)
    put(s, "ru_3", "dubno")
    put(s, "ru_8", "kamenets_podolski")
    put(s, "ah_3", "tarnopol")
    s.forced = [4, 6, 6]
    attack(s, AP, 2, ["dubno", "kamenets_podolski"], "tarnopol", ["ru_3", "ru_8"])
    play(s, "pin kamenets_podolski", "done", "done")
    # RU 6 CF die 6 -> 5: AH 3rd eliminated (no corps in reserve: permanently); no fire back.
    assert perm(s, "ah_3")
    assert [f["ln"] for f in fires(s)] == [5]
    assert any(e["k"] == "combat.no_fire" for e in s.log)


# -- 12.4 losses ------------------------------------------------------------------------------


@pytest.mark.rule("12.4.3")
@pytest.mark.rule("12.4.4")
@pytest.mark.rule("12.4.2")
def test_r07_only_the_exact_five():
    s = position(turn=3)
    put(s, "fr_1", "nancy")
    put(s, "fr_2", "nancy", reduced=True)
    put(s, "fr_corps_01", RB[AP])
    c = {
        "side": CP,
        "tgt": x("nancy"),
        "att": [],
        "dfn": [u("fr_1"), u("fr_2")],
        "fort": 0,
        "rep": [],
    }
    f = {"role": "d", "ln": 5, "mode": "loss", "first": 0, "two": -1, "wd": 0}
    assert loss_options(s, c, f) == [u("fr_2")]
    # Without a corps in reserve no exact 5 exists: the best is 3 (either army, one step).
    board.place(s, u("fr_corps_01"), D.eliminated_box[AP])
    assert sorted(loss_options(s, c, f)) == sorted([u("fr_1"), u("fr_2")])


@pytest.mark.rule("12.4.4.2")
@pytest.mark.parametrize("armies, ln", [(("fr_1", "fr_2"), 7), (("ru_1", "ru_2"), 5)])
def test_r08_two_full_armies_without_reserve(armies, ln):
    s = position(turn=3)
    a, b = armies
    side = D.units[u(a)].side
    space = "nancy" if side == AP and D.units[u(a)].nation == "fr" else "warsaw"
    put(s, a, space)
    put(s, b, space)
    put(s, "ge_5", "metz")
    put(s, "ge_6", "metz")
    put(s, "ge_4", "metz")
    put(s, "ge_3", "strasbourg")
    control(s, CP, "metz", "strasbourg")
    board.set_trench(s, x("nancy"), 0, AP)
    c = {
        "side": CP,
        "tgt": x(space),
        "att": [],
        "dfn": [u(a), u(b)],
        "fort": 0,
        "rep": [],
        "oos": [],
        "cards": [],
        "dlog": [],
        "spaces": [],
    }
    from greatwar.pog.combat.losses import CombatLosses, push_losses

    s.stack.append(c | {"step": "combat"})
    push_losses(s, c, AP, ln)
    f = s.stack[-1]
    assert f["two"] == -2
    assert set(CombatLosses().legal(s, f)) == {engine.parse(f"lose {a}"), engine.parse(f"lose {b}")}
    CombatLosses().apply(s, f, engine.parse(f"lose {a}"))
    assert [str(x_) for x_ in CombatLosses().legal(s, f)] == [f"lose {a}"]
    CombatLosses().apply(s, f, engine.parse(f"lose {a}"))
    assert perm(s, a) and not red(s, b) and s.loc[u(b)] == x(space)


@pytest.mark.rule("12.4.5")
@pytest.mark.parametrize(
    "ln, first",
    [(3, ["br_bef"]), (2, ["br_bef_corps"]), (1, ["br_aus_corps"])],
)
@pytest.mark.rule("3.0-loss-priority")
def test_r09_british_loss_priority(ln, first):
    s = position(turn=3)
    for uid in ("br_bef", "br_bef_corps", "br_mef", "br_aus_corps"):
        put(s, uid, "amiens")
    att = [u(v) for v in ("br_bef", "br_bef_corps", "br_mef", "br_aus_corps")]
    c = {"side": AP, "tgt": x("cambrai"), "att": att, "dfn": [], "fort": 0, "rep": []}
    f = {"role": "a", "ln": ln, "mode": "loss", "first": 1, "two": -1, "wd": 0}
    assert loss_options(s, c, f) == [u(v) for v in first]
    f["first"] = 0  # after the first loss, 12.4.3 again
    assert len(loss_options(s, c, f)) > 1 or ln == 1


@pytest.mark.rule("12.4.5")
def test_cau_and_mef_choice_cau_before_australians():
    s = position(turn=3)
    for uid in ("ru_cau", "br_mef", "br_aus_corps"):
        put(s, uid, "erzerum" if "erzerum" in D.space_ix else "kars")
    att = [u(v) for v in ("ru_cau", "br_mef", "br_aus_corps")]
    c = {"side": AP, "tgt": x("cambrai"), "att": att, "dfn": [], "fort": 0, "rep": []}
    f = {"role": "a", "ln": 3, "mode": "loss", "first": 1, "two": -1, "wd": 0}
    assert sorted(loss_options(s, c, f)) == sorted([u("ru_cau"), u("br_mef")])
    c["att"] = [u("ru_cau"), u("br_aus_corps")]
    assert loss_options(s, c, f) == [u("ru_cau")]
    # As defenders, no priority.
    c = {"side": CP, "tgt": x("cambrai"), "att": [], "dfn": att, "fort": 0, "rep": []}
    f = {"role": "d", "ln": 1, "mode": "loss", "first": 0, "two": -1, "wd": 0}
    assert loss_options(s, c, f) == [u("br_aus_corps")]


@pytest.mark.rule("12.4.4.3")
def test_british_replacement_pairs():
    s = position(turn=3)
    for uid in ("br_bef", "br_1", "br_mef"):
        put(s, uid, "amiens", reduced=True)
    put(s, "br_aus_corps", RB[AP])
    put(s, "br_cnd_corps", RB[AP])
    assert pick_replacement(s, u("br_1")) == -1  # AUS and CND never replace an army
    assert pick_replacement(s, u("br_bef")) == -1
    put(s, "br_bef_corps", RB[AP])
    assert pick_replacement(s, u("br_bef")) == u("br_bef_corps")
    assert pick_replacement(s, u("br_1")) == -1  # the BEF corps replaces the BEF only
    put(s, "br_corps_05", RB[AP], reduced=True)
    put(s, "br_corps_06", RB[AP])
    assert pick_replacement(s, u("br_1")) == u("br_corps_06")  # a full corps first
    assert pick_replacement(s, u("br_mef")) == u("br_corps_06")
    board.place(s, u("br_corps_06"), D.eliminated_box[AP])
    assert pick_replacement(s, u("br_mef")) == u("br_corps_05")  # else a reduced one


@pytest.mark.rule("12.4.4.1")
@pytest.mark.rule("12.4.7")
def test_out_of_supply_army_replaced_but_permanently_eliminated():
    s = position(turn=3)
    put(s, "ge_4", "sedan", reduced=True)
    control(s, CP, "sedan")  # cut off: Koblenz, Metz and Liege are Allied
    control(s, AP, "koblenz", "metz", "liege")
    put(s, "ge_corps_05", RB[CP])
    put(s, "fr_1", "verdun")
    put(s, "fr_4", "verdun")
    s.forced = [1, 1]  # 6 CF, die 1 -> 3: exactly the army's last step
    attack(s, AP, 1, ["verdun"], "sedan", ["fr_1", "fr_4"])
    play(s, "done")  # the AP's cards; out of supply, the CP has no card window
    assert perm(s, "ge_4") and at(s, "ge_corps_05") == "sedan"


@pytest.mark.rule("12.4.6")
@pytest.mark.rule("15.1.7")
@pytest.mark.rule("12.7.1")
@pytest.mark.rule("15.1.2")
@pytest.mark.rule("15.1.6")
@pytest.mark.parametrize("attackers, die, ln", [(("ge_1", "ge_5"), 5, 5), (("ge_1",), 1, 2)])
def test_fort_alone(attackers, die, ln):
    s = position(turn=3)
    put(s, "ge_1", "sedan")
    put(s, "ge_5", "metz")
    control(s, CP, "sedan")
    board.set_trench(s, x("verdun"), 2, AP)  # no benefit for a fort alone
    s.forced = [die, 6]
    spaces = ["sedan", "metz"][: len(attackers)]
    attack(s, CP, len(spaces), spaces, "verdun", list(attackers))
    # No trench window, no flank (an unoccupied fort), no card for a fort without units.
    assert legal(s) == ["done"]
    play(s, "done")
    f = fires(s)
    assert f[0]["ln"] == ln and f[0]["column"] == ("9-11" if ln == 5 else "5")
    assert (f[1]["table"], f[1]["cf"], f[1]["column"]) == ("corps", 3, "3")  # no trench shift
    v = x("verdun")
    if ln >= 3:
        assert s.fort[v] == 2 and s.ctrl[v] == AP  # destroyed; control waits for the advance
        assert set(legal(s)) == {"advance ge_1 verdun", "advance ge_5 verdun", "done"}
        play(s, "advance ge_1 verdun")
        assert s.ctrl[v] == CP
    else:
        assert s.fort[v] == 0
        assert step(s) == "action_round"  # a fort alone that stands: no advance


@pytest.mark.rule("12.4.6")
@pytest.mark.rule("15.1.8")
@pytest.mark.parametrize("die, ln, fort_falls", [(4, 4, True), (2, 3, False)])
def test_fort_after_its_units(die, ln, fort_falls):
    # Verdun: a reduced FR corps (LF 1) and the fort (LF 3), attacked by 5 CF. LN 4: the corps
    # (1) and the fort (3); LN 3: the corps, and 2 left is not enough for the fort.
    s = position(turn=3)
    put(s, "ge_1", "sedan")
    control(s, CP, "sedan")
    board.set_trench(s, x("verdun"), 0, AP)
    put(s, "fr_corps_01", "verdun", reduced=True)
    s.forced = [die, 1]
    attack(s, CP, 1, ["sedan"], "verdun", ["ge_1"])
    play(s, "done", "done")
    assert fires(s)[0]["ln"] == ln
    assert elim(s, "fr_corps_01")
    assert (s.fort[x("verdun")] == 2) == fort_falls


# -- 12.2.11 the winner and the combat cards -------------------------------------------------------


def fmg_position(turn: int = 10):
    s = position(turn=turn)
    put(s, "ge_2", "cambrai")
    control(s, CP, "cambrai", "sedan")
    board.set_trench(s, x("cambrai"), 1, CP)
    put(s, "br_1", "amiens")
    give(s, CP, "cp18")
    return s


@pytest.mark.rule("12.2.11")
@pytest.mark.rule("9.5.4.3")
@pytest.mark.card("cp18")
@pytest.mark.parametrize(
    "ap_die, cp_die, pile", [(6, 1, "discard"), (1, 6, "table"), (4, 1, "discard")]
)
def test_winner_keeps_loser_and_tie_discard(ap_die, cp_die, pile):
    s = fmg_position()
    s.forced = [ap_die, cp_die]
    attack(s, AP, 1, ["amiens"], "cambrai", ["br_1"])
    play(s, "done", "done", "cc cp18", "done")
    f = fires(s)
    assert f[1]["drm"] == 1
    while step(s) == "combat_losses":
        play(s, legal(s)[0])
    card = D.card("cp18")
    assert card in getattr(s, pile)[CP], [e for e in s.log if e["k"].startswith("combat.")][-3:]


@pytest.mark.rule("9.5.4.4")
@pytest.mark.rule("9.5.4.2")
@pytest.mark.card("cp18")
def test_kept_card_once_per_action_round():
    s = fmg_position()
    put(s, "br_2", "calais")
    put(s, "ge_3", "ostend")
    control(s, CP, "ostend", "brussels")
    board.set_trench(s, x("ostend"), 1, CP)
    s.forced = [1, 6, 1, 1]
    activate(s, AP, 2, ["amiens", "calais"])
    play(s, "attack cambrai", "with br_1", "done", "done", "done", "cc cp18", "done")
    assert D.card("cp18") in s.table[CP]  # the CP won: kept face up
    # A second combat in the same action round: the kept card may not serve again.
    play(s, "attack ostend", "with br_2", "done", "done", "done")
    assert engine.to_act(s) == CP and step(s) == "combat_cards"
    assert legal(s) == ["done"]
    # In a later action round it may be selected again from the table.
    s2 = fmg_position()
    s2.hand[CP].remove(D.card("cp18"))
    s2.table[CP].append(D.card("cp18"))
    s2.forced = [1, 1]
    attack(s2, AP, 1, ["amiens"], "cambrai", ["br_1"])
    play(s2, "done", "done")
    assert legal(s2) == ["cc cp18", "done"]
    play(s2, "cc cp18", "done")
    assert any(e["k"] == "cc.used" for e in s2.log)


@pytest.mark.rule("14.3.4")
@pytest.mark.rule("14.1.1.2")
@pytest.mark.card("cp18")
def test_out_of_supply_defenders_get_no_card():
    s = fmg_position()
    control(s, AP, "sedan", "brussels", "calais")  # Cambrai cut off
    s.forced = [1, 1]
    attack(s, AP, 1, ["amiens"], "cambrai", ["br_1"])
    play(s, "done", "done")  # trench window and AP cards; no CP window
    assert step(s) != "combat_cards"


@pytest.mark.rule("9.5.4.1")
@pytest.mark.card("ap04")
@pytest.mark.rule("3.0-cc")
def test_pleve_needs_a_russian_unit_and_is_removed():
    s = position(turn=3)
    put(s, "ru_3", "dubno")
    put(s, "ah_3", "tarnopol")
    give(s, AP, "ap04")
    s.forced = [2, 1]
    attack(s, AP, 1, ["dubno"], "tarnopol", ["ru_3"])
    assert legal(s) == ["cc ap04", "done"]
    play(s, "cc ap04", "done", "done")
    assert fires(s)[0]["drm"] == 1
    assert D.card("ap04") in s.removed[AP] and s.events["pleve"] == 3
    # Pleve cannot help the Serbs.
    s = position(turn=3)
    put(s, "sb_1", "belgrade")
    put(s, "ah_5", "novi_sad")
    give(s, AP, "ap04")
    attack(s, CP, 1, ["novi_sad"], "belgrade", ["ah_5"])
    play(s, "done")
    assert "cc ap04" not in legal(s)


# -- 12.5 retreats ---------------------------------------------------------------------------------


@pytest.mark.rule("12.5.1")
@pytest.mark.rule("12.2.12")
def test_no_retreat_without_a_full_strength_attacker():
    s = position(turn=3)
    put(s, "ge_1", "sedan", reduced=True)
    control(s, CP, "sedan")
    put(s, "fr_5", "chateau_thierry")
    s.forced = [6, 1]  # (GE 1st) 3 CF die 6 -> 4; FR 3 CF die 1 -> 1
    attack(s, CP, 1, ["sedan"], "chateau_thierry", ["ge_1"])
    play(s, "done", "done")
    assert red(s, "fr_5") and at(s, "fr_5") == "chateau_thierry"
    assert step(s) == "action_round"  # the CP won, but with no full-strength attacker


@pytest.mark.rule("12.5.3")
@pytest.mark.rule("12.7.1")
def test_cancel_the_retreat_with_an_extra_step():
    s = position(turn=3)
    put(s, "ge_1", "koblenz")
    put(s, "ge_2", "koblenz")
    put(s, "fr_5", "sedan")
    put(s, "fr_corps_01", "sedan")
    s.forced = [1, 1]  # 10 CF die 1 -> 3: FR 5th reduced; FR 4 CF die 1 -> 2: retreat 1
    attack(s, CP, 1, ["koblenz"], "sedan", ["ge_1", "ge_2"])
    play(s, "done", "done")
    assert red(s, "fr_5") and not red(s, "fr_corps_01")
    assert set(legal(s)) == {"choose retreat", "choose cancel"}  # forest, 3 steps left
    play(s, "choose cancel")
    assert set(legal(s)) == {"lose fr_5", "lose fr_corps_01"}  # any defending unit
    play(s, "lose fr_corps_01")
    assert red(s, "fr_corps_01") and at(s, "fr_5") == at(s, "fr_corps_01") == "sedan"
    assert step(s) == "action_round"  # no retreat, so no advance


@pytest.mark.rule("12.5.3")
def test_no_cancel_with_the_last_step_or_in_clear_terrain():
    s = position(turn=3)
    put(s, "ge_1", "koblenz")
    put(s, "fr_5", "sedan")
    s.forced = [6, 1]  # 5 CF die 6 -> 5: FR 5th reduced, one step left
    attack(s, CP, 1, ["koblenz"], "sedan", ["ge_1"])
    play(s, "done", "done")
    assert engine.prompt(s) == "combat.retreat"  # forest, but the last step: no cancel
    s = position(turn=3)
    put(s, "ge_3", "sedan")
    control(s, CP, "sedan")
    put(s, "fr_5", "chateau_thierry")
    put(s, "fr_corps_01", "chateau_thierry")
    s.forced = [2, 1]  # 5 CF die 2 -> 3: FR 5th reduced; 4 CF die 1 -> 2: one space
    attack(s, CP, 1, ["sedan"], "chateau_thierry", ["ge_3"])
    play(s, "done", "done")
    assert engine.prompt(s) == "combat.retreat"  # three steps left, but clear and no trench


@pytest.mark.rule("12.5.5")
def test_r10_two_spaces_ending_next_to_the_start():
    s = position(turn=3)
    put(s, "ge_1", "koblenz")
    put(s, "ge_2", "koblenz")
    put(s, "fr_5", "sedan")
    put(s, "be_1", "brussels")
    put(s, "fr_1", "verdun")
    put(s, "ge_3", "liege")
    control(s, CP, "liege")
    s.forced = [1, 1]  # 10 CF die 1 -> 3 (FR 5th reduced); 3 CF die 1 -> 1: two spaces
    attack(s, CP, 1, ["koblenz"], "sedan", ["ge_1", "ge_2"])
    play(s, "done", "done")
    assert set(legal(s)) == {
        "retreat fr_5 cambrai",
        "retreat fr_5 chateau_thierry",
        "retreat fr_5 brussels",
        "retreat fr_5 verdun",
    }
    play(s, "retreat fr_5 cambrai")
    assert "retreat fr_5 chateau_thierry" in legal(s)  # next to Sedan, after two spaces
    assert "retreat fr_5 sedan" not in legal(s)
    play(s, "retreat fr_5 chateau_thierry")
    assert at(s, "fr_5") == "chateau_thierry"


@pytest.mark.rule("12.5.5")
def test_retreat_priorities_friendly_then_supplied():
    s = position(turn=3)
    put(s, "ru_3", "dubno")
    put(s, "ah_3", "tarnopol")
    control(s, AP, "lemberg")  # Lemberg Allied and empty; Stanislau, Czernowitz CP
    s.forced = [3, 1]  # 3 CF die 3 -> 2: AH 3rd reduced; AH die 1 -> 1: one space
    attack(s, AP, 1, ["dubno"], "tarnopol", ["ru_3"])
    play(s, "done", "done")
    # An empty enemy space only when no friendly one is open.
    assert set(legal(s)) == {"retreat ah_3 stanislau", "retreat ah_3 czernowitz"}
    s = position(turn=3)
    put(s, "ru_3", "dubno")
    put(s, "ah_3", "tarnopol")
    put(s, "ru_8", "kamenets_podolski")
    for sp in ("lemberg", "stanislau", "czernowitz", "przemysl", "uzhgorod", "munkacs"):
        control(s, AP, sp)
    s.forced = [5, 1]  # 3 CF die 5 -> 3: AH 3rd reduced (2); 1 back: two spaces
    attack(s, AP, 1, ["dubno"], "tarnopol", ["ru_3"])
    play(s, "done")  # cut off, the AH 3rd gets no card window
    assert set(legal(s)) == {
        "retreat ah_3 lemberg",
        "retreat ah_3 stanislau",
        "retreat ah_3 czernowitz",
    }
    play(s, "retreat ah_3 stanislau")
    # Przemysl now holds an enemy (Allied) fort: closed; the others are empty enemy spaces.
    assert "retreat ah_3 przemysl" not in legal(s)
    assert "retreat ah_3 tarnopol" not in legal(s)  # never back into the defending space
    play(s, "retreat ah_3 munkacs")
    assert s.ctrl[x("munkacs")] == CP and s.ctrl[x("stanislau")] == AP  # end space only


@pytest.mark.rule("12.5.4")
@pytest.mark.rule("12.4.7")
def test_armies_that_cannot_retreat_are_eliminated_permanently():
    s = liege_trap()
    s.forced = [1, 1]  # 10 CF die 1 -> 3: FR 5th reduced; 3 CF die 1 -> 1: retreat 2
    attack(s, CP, 1, ["koblenz"], "liege", ["ge_1", "ge_5"])
    play(s, "done")  # FR 5th is cut off: no card window for the AP
    assert perm(s, "fr_5")
    assert any(e["k"] == "combat.no_retreat" for e in s.log)


def liege_trap():
    """FR 5th in Liege (fort destroyed), every neighbour held by German armies."""
    s = position(turn=3)
    put(s, "ge_1", "koblenz")
    put(s, "ge_5", "koblenz")
    put(s, "fr_5", "liege")
    s.fort[x("liege")] = 2
    put(s, "ge_2", "aachen")
    put(s, "ge_3", "brussels")
    put(s, "ge_4", "sedan")
    control(s, CP, "brussels", "sedan")
    return s


@pytest.mark.rule("12.1.6")
@pytest.mark.rule("12.4.4")
def test_replacement_corps_of_an_attacking_army_does_not_attack_again():
    # R50: the corps that replaces an eliminated attacking army takes part in that combat, so
    # 12.1.6 bars it from a second combat in the same action (here against an empty fort).
    s = fresh(turn=3)
    put(s, "fr_2", "verdun", reduced=True)
    put(s, "fr_corps_02", "verdun")
    put(s, "fr_corps_01", RB[AP])
    put(s, "ge_1", "sedan")
    control(s, CP, "sedan", "metz")
    s.forced = [1, 2]  # AP 2 CF die 1 -> 1; CP 5 CF die 2 -> 3: the reduced army's last step
    attack(s, AP, 1, ["verdun"], "sedan", ["fr_2"])
    play(s, "done", "done")
    assert at(s, "fr_corps_01") == "verdun" and elim(s, "fr_2")
    assert step(s) == "combat_designation"
    assert "attack metz" in legal(s)  # the corps that stayed out of the combat still may
    play(s, "attack metz")
    assert legal(s) == ["with fr_corps_02"]


@pytest.mark.rule("12.5.4")
def test_replacement_corps_that_cannot_retreat_takes_its_army_with_it():
    s = liege_trap()
    s.red[u("fr_5")] = 1
    put(s, "fr_corps_01", RB[AP])
    s.forced = [2, 1]  # 10 CF die 2 -> 4: the army (3) and one corps step (1)
    attack(s, CP, 1, ["koblenz"], "liege", ["ge_1", "ge_5"])
    play(s, "done")
    assert perm(s, "fr_5") and elim(s, "fr_corps_01")
    steps = [e["a"]["unit"] for e in s.log if e["k"] == "combat.step"]
    assert steps == ["fr_5", "fr_corps_01"]


@pytest.mark.rule("12.5.4")
def test_montenegrin_corps_dies_when_it_must_retreat():
    s = position(turn=3)
    put(s, "mn_corps_01", "cetinje")
    put(s, "ah_6", "mostar")
    control(s, CP, "mostar")
    s.forced = [1, 1]  # 3 CF die 1 -> 1: the MN corps reduced; 1 CF die 1 -> 0
    attack(s, CP, 1, ["mostar"], "cetinje", ["ah_6"])
    play(s, "done", "done")
    assert red(s, "mn_corps_01") or elim(s, "mn_corps_01")
    assert elim(s, "mn_corps_01")  # forced to retreat: eliminated (12.5.4)
    assert [e["a"]["unit"] for e in s.log if e["k"] == "combat.no_retreat"] == ["mn_corps_01"]


@pytest.mark.rule("12.7.4")
@pytest.mark.rule("12.5.5")
@pytest.mark.rule("12.7.3")
def test_r12_partial_two_space_retreat():
    s = position(turn=3)
    put(s, "ru_4", "kishinev")
    put(s, "ah_1", "zhmerinka")
    control(s, CP, "zhmerinka", "kamenets_podolski")
    put(s, "ge_corps_01", "odessa")
    control(s, CP, "odessa")
    s.forced = [5, 1]  # 3 CF die 5 -> 3: RU 4th reduced (2); 3 CF die 1 -> 1: two spaces
    attack(s, CP, 1, ["zhmerinka"], "kishinev", ["ah_1"])
    play(s, "done")  # the Russians are cut off: no card window for them
    # Barlad is in neutral Romania: Ismail; from Ismail only Romania or Odessa (CP units).
    assert perm(s, "ru_4")
    assert [e["a"]["to"] for e in s.log if e["k"] == "combat.retreat"] == ["ismail"]
    assert legal(s) == ["advance ah_1 kishinev", "done"]
    play(s, "advance ah_1 kishinev")
    assert legal(s) == ["advance ah_1 ismail", "done"]
    play(s, "advance ah_1 ismail")
    assert at(s, "ah_1") == "ismail" and s.ctrl[x("ismail")] == CP
    assert s.ctrl[x("kishinev")] == CP


# -- 12.6 Withdrawal ------------------------------------------------------------------------------


@pytest.mark.rule("12.6.9")
@pytest.mark.rule("12.6.3")
@pytest.mark.rule("12.6.4")
@pytest.mark.rule("12.6.5")
@pytest.mark.card("ap06")
def test_r11_withdrawal_saves_a_corps_step():
    s = position(turn=3)
    put(s, "br_1", "sedan")
    put(s, "br_corps_01", "sedan")
    put(s, "br_corps_02", "sedan")
    put(s, "ge_1", "koblenz")
    give(s, AP, "ap06")
    s.forced = [2, 1]  # 5 CF die 2 -> 3; 8 CF die 1 -> 3: a tie
    attack(s, CP, 1, ["koblenz"], "sedan", ["ge_1"])
    play(s, "done", "cc ap06", "done")
    # LN 3 must come from the corps (2 + 1), not the 1st Army: the first corps step is the
    # only choice (taken at once); then either corps.
    assert red(s, "br_corps_01") and not red(s, "br_1")
    assert set(legal(s)) == {"lose br_corps_01", "lose br_corps_02"}
    play(s, "lose br_corps_01")
    assert elim(s, "br_corps_01") and red(s, "br_corps_02") and not red(s, "br_1")
    # Withdrawal gives one corps step back: the reduced corps to full, or the other back.
    assert set(legal(s)) == {"replace br_corps_02", "place br_corps_01 sedan"}
    play(s, "replace br_corps_02")
    assert not red(s, "br_corps_02") and elim(s, "br_corps_01")
    # A tie, yet one space of retreat, which the forest cannot cancel.
    assert engine.prompt(s) == "combat.retreat"
    play(s, "retreat br_1 cambrai", "retreat br_corps_02 cambrai")
    assert D.card("ap06") in s.removed[AP]
    assert red(s, "ge_1") and step(s) == "action_round"  # no full-strength attacker left


@pytest.mark.rule("12.6.8")
@pytest.mark.rule("12.6.10")
@pytest.mark.card("ap06")
@pytest.mark.parametrize("die, ln, back", [(2, 3, True), (6, 5, False)])
def test_withdrawal_army_without_reserve_only_on_an_exact_number(die, ln, back):
    s = position(turn=3)
    put(s, "fr_5", "cambrai", reduced=True)  # no FR corps in the Reserve Box
    put(s, "ge_1", "sedan")
    control(s, CP, "sedan")
    give(s, AP, "ap06")
    s.forced = [die, 1]
    attack(s, CP, 1, ["sedan"], "cambrai", ["ge_1"])
    play(s, "done", "cc ap06", "done")
    assert fires(s)[0]["ln"] == ln
    if back:  # LN 3 = its LF: the army comes back reduced, then retreats one space
        assert at(s, "fr_5") == "cambrai" and red(s, "fr_5")
        assert engine.prompt(s) == "combat.retreat"
    else:
        assert perm(s, "fr_5")
        assert any(e["k"] == "combat.withdrawal_nothing" for e in s.log)


# -- 12.7 advance ---------------------------------------------------------------------------------


@pytest.mark.rule("12.7.7")
def test_channel_ports_only_as_the_defending_space():
    s = position(turn=3)
    put(s, "ge_1", "cambrai")
    put(s, "ge_2", "cambrai")
    control(s, CP, "cambrai", "sedan")
    put(s, "be_1", "amiens", reduced=True)
    s.forced = [6, 1]
    attack(s, CP, 1, ["cambrai"], "amiens", ["ge_1", "ge_2"])
    play(s, "done", "done")
    assert "advance ge_1 amiens" in legal(s)  # the defending space itself
    s = position(turn=3)
    put(s, "ge_1", "sedan")
    put(s, "ge_2", "sedan")
    control(s, CP, "sedan")
    put(s, "be_1", "cambrai")
    s.forced = [1, 1]  # 10 CF die 1 -> 3 (BE 1st reduced); 2 CF die 1 -> 1: two spaces
    attack(s, CP, 1, ["sedan"], "cambrai", ["ge_1", "ge_2"])
    play(s, "done", "done", "retreat be_1 amiens", "retreat be_1 paris")
    play(s, "advance ge_1 cambrai")
    assert "advance ge_1 amiens" not in legal(s)  # vacated, but a channel port
    s.ws[CP] = s.cws = 4
    assert "advance ge_1 amiens" in legal(s)
    play(s, "advance ge_1 amiens")
    assert s.ctrl[x("amiens")] == CP


@pytest.mark.rule("12.4.7")
@pytest.mark.rule("12.4.4.3")
def test_dotted_army_replaced_yet_permanently_eliminated():
    s = position(turn=3)
    put(s, "br_bef", "sedan", reduced=True)
    put(s, "br_bef_corps", RB[AP])
    put(s, "ge_1", "koblenz")
    put(s, "ge_2", "koblenz")
    s.forced = [1, 1]  # 10 CF die 1 -> 3: the BEF's last step
    attack(s, CP, 1, ["koblenz"], "sedan", ["ge_1", "ge_2"])
    play(s, "done", "done")
    assert perm(s, "br_bef") and at(s, "br_bef_corps") == "sedan"
