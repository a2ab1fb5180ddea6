"""The rulebook's extended example of play (requirements 4.3), end to end: August and
September 1914 played through the engine's own actions with the rulebook's dice, checking the
tracks after every action and the positions after each turn (requirements 4.3.4).

The August action phase is in ``test_combat_example_of_play``; this test continues from there.
Where the example contradicts the rules (requirements 4.3.5) the rules are followed; see
docs/rulings.md R67 and below.
"""

from __future__ import annotations

import pytest

from greatwar.pog import engine
from greatwar.pog.data import AP, CP
from greatwar.pog.state import FORT_BESIEGED, State

from .helpers import D, at, legal, play, red, step
from .test_combat_example_of_play import end_moves, path, play_august_1914, rb, walk


def log_since(s: State, mark: int, key: str) -> list[dict]:
    return [e for e in s.log[mark:] if e["k"] == key]


def order_deck(s: State, side: int, top_first: list[str]) -> None:
    """Put these cards on top of the draw pile, the first named drawn first."""
    deck = s.deck[side]
    ids = [D.card(c) for c in top_first]
    rest = [c for c in deck if c not in ids]
    deck[:] = rest + ids[::-1]


def stack_done(s: State) -> None:
    """Finish the stack now moving (11.1.1) before another stack moves."""
    if engine.prompt(s) == "movement.stack":
        play(s, "done")


def units_at(s: State, space: str) -> set[str]:
    x = D.space(space)
    return {D.units[u].id for u, y in enumerate(s.loc) if y == x}


@pytest.mark.slow
@pytest.mark.rule("6.0")
@pytest.mark.rule("17.1.4")
@pytest.mark.rule("17.1.5")
@pytest.mark.rule("9.5.3.3")
@pytest.mark.rule("6.0G")
@pytest.mark.rule("16.1.3")
@pytest.mark.rule("16.1.3.1")
@pytest.mark.rule("15.3.3")
@pytest.mark.card("cp11")
@pytest.mark.card("ap14")
@pytest.mark.card("cp09")
@pytest.mark.card("cp05")
@pytest.mark.card("ap10")
def test_the_extended_example_of_play() -> None:
    s = play_august_1914()
    # -- August 1914: attrition, siege and war status passed without effect (X-ATTR) --------
    t1 = [e for e in s.log if e["t"] == 1]
    assert not [e for e in t1 if e["k"] in ("attrition.unit", "siege.roll")]
    # Only Libya, which no CP source can reach while Turkey is neutral, changes hands
    # (11.1.16; docs/rulings.md R72); Arabia never does (R15); the fronts are all in supply.
    assert [e["a"]["space"] for e in t1 if e["k"] == "attrition.space"] == ["libya"]
    assert s.commit == [0, 0]  # no War Commitment check on turn 1

    # -- August 1914, Replacement Phase (X-REPL-T1) ----------------------------------------
    assert step(s) == "spend_replacements" and engine.to_act(s) == CP  # AP had no RPs
    play(s, "place ah_2 budapest", "place ah_3 budapest")
    play(s, "place ge_2 essen", "place ge_3 essen")
    # The last RP is spent next; the Draw Phase and September's MO rolls follow at once. The
    # CP draws the six cards it plays in September (CP 14 stays in its draw pile, X-DRAW).
    order_deck(s, CP, ["cp11", "cp09", "cp08", "cp02", "cp06", "cp04"])
    s.forced = [1, 5]  # September's MO rolls: CP 1 -> AH; AP 5 -> IT, neutral: none
    mark = len(s.log)
    play(s, "replace ge_4")
    assert units_at(s, "budapest") == {"ah_2", "ah_3"} and red(s, "ah_2") and red(s, "ah_3")
    assert units_at(s, "essen") == {"ge_2", "ge_3"} and red(s, "ge_2") and red(s, "ge_3")
    assert not red(s, "ge_4") and at(s, "ge_4") == "koblenz"
    assert all(v == 0 for v in s.rp.values())

    # -- August 1914, Draw Phase (X-DRAW) --------------------------------------------------
    drawn = {e["s"]: e["a"]["count"] for e in log_since(s, mark, "cards.drawn")}
    assert drawn == {"ap": 7, "cp": 6}  # the AP's hand was empty, the CP kept Landwehr
    assert len(s.deck[AP]) == 0 and [D.cards[c].id for c in s.deck[CP]] == ["cp14"]

    # -- September 1914: MO phase (X-MO) -----------------------------------------------------
    assert s.turn == 2 and s.mo == ["none", "ah"]

    # CP 1: OberOst; AP 1: British Reinforcements (BR 1st Army); CP 2: Reichstag Truce.
    play(s, "play event cp11")
    assert (s.ws[CP], s.cws) == (3, 3) and D.card("cp11") in s.removed[CP]
    play(s, "play event ap14")
    assert at(s, "br_1") == "london" and (s.ws[AP], s.cws) == (1, 4)
    assert rb(s, AP, "br") == 3  # one more British corps (with the BEF corps and another)
    play(s, "play event cp09")
    assert (s.vp, s.ws[CP], s.cws) == (11, 4, 5)

    # AP 2: Entrench for 3 OPS: London (1), Brussels (2: BR and BE).
    play(s, "play ops ap12", "activate move london", "activate move brussels")
    assert [e["a"]["cost"] for e in s.log if e["k"] == "activate"][-2:] == [1, 2]
    walk(s, "br_1", "calais", "ostend", "brussels")
    stack_done(s)
    walk(s, "be_1", "cambrai")
    end_moves(s)
    assert s.vp == 10 and s.ctrl[D.space("cambrai")] == AP

    # CP 3: Landwehr flips the two reduced armies in Essen; AP 3: French Reinforcements.
    play(s, "play event cp05", "replace ge_2", "replace ge_3")
    assert not red(s, "ge_2") and not red(s, "ge_3")
    play(s, "play event ap10")
    assert at(s, "fr_10") == "paris"

    # CP 4: Race to the Sea for 3 OPS: Essen, Koblenz, Budapest.
    play(s, "play ops cp08", "activate move essen", "activate move koblenz")
    play(s, "activate move budapest")
    walk(s, "ge_2", "aachen", "liege", "sedan")
    walk(s, "ge_3", "aachen", "liege", "sedan")
    stack_done(s)
    walk(s, "ge_4", "sedan")
    walk(s, "ah_2", *path("budapest", "munkacs"))
    walk(s, "ah_3", *path("budapest", "munkacs"))
    end_moves(s)
    assert units_at(s, "sedan") == {"ge_2", "ge_3", "ge_4"}

    # AP 4: Putnik for 2 OPS: Paris and Belfort.
    play(s, "play ops ap05", "activate move paris", "activate move belfort")
    walk(s, "fr_corps_10", "amiens", "cambrai", "brussels")
    stack_done(s)  # the armies in Paris stay
    walk(s, "fr_corps_08", "nancy", "bar_le_duc", "chateau_thierry")
    end_moves(s)

    # CP 5: Wireless Intercepts for 2 OPS: X12 Lemberg, X13 Chateau-Thierry, X14 Cambrai.
    play(s, "play ops cp02", "activate attack sedan", "activate attack przemysl")
    s.forced = [3, 5]
    play(s, "attack lemberg", "with ah_4", "done", "done", "done")
    assert s.loc[D.unit("ru_3")] == D.eliminated_box[AP] and red(s, "ah_4")
    assert s.mo[CP] == "none"  # the AH mandated offensive is met
    s.forced = [3, 3]
    play(s, "attack chateau_thierry", "with ge_2", "done", "done", "done")
    assert s.loc[D.unit("fr_corps_08")] == D.eliminated_box[AP]
    play(s, "done")  # no advance
    s.forced = [5, 3]
    play(s, "attack cambrai", "with ge_3", "with ge_4", "done", "done", "done")
    assert red(s, "be_1")
    play(s, "retreat be_1 amiens", "retreat be_1 calais", "done")
    assert s.ctrl[D.space("cambrai")] == AP

    # AP 5: Russian Reinforcements for 3 OPS: Verdun (1), Brussels (2). X15 Sedan.
    play(s, "play ops ap11", "activate attack verdun", "activate attack brussels")
    s.forced = [5, 6, 1]
    play(s, "attack sedan", "with fr_1", "with fr_4", "with br_bef", "with br_1")
    play(s, "with fr_corps_10", "done", "pin verdun", "done", "done")
    # Flank success; AP LN 7: the GE 2nd Army's two steps (6), then its replacement corps
    # loses one (1). The CP fires back with 11 CF: LN 3, taken by the BEF first (12.4.5).
    play(s, "lose ge_2")  # then the only exact total follows by itself
    assert s.loc[D.unit("ge_2")] == D.eliminated_box[CP] and red(s, "br_bef")
    play(s, "choose retreat")  # Sedan is forest: the CP could have cancelled with a step
    play(s, "retreat ge_4 liege", "retreat ge_4 koblenz")
    play(s, "retreat ge_3 koblenz", "retreat ge_3 metz")
    corps = next(u for u in units_at(s, "sedan"))
    play(s, f"retreat {corps} metz", f"retreat {corps} strasbourg", "done")
    assert (at(s, "ge_4"), at(s, "ge_3"), at(s, corps)) == ("koblenz", "metz", "strasbourg")

    # CP 6: Entrench for 3 OPS: X16 Belfort, X17 Nancy.
    play(s, "play ops cp06", "activate attack metz", "activate attack strasbourg")
    play(s, "activate attack mulhouse")
    s.forced = [5, 3]
    play(s, "attack belfort", "with ge_7", "done", "done", "done", "done")
    assert s.loc[D.unit("fr_corps_09")] == D.eliminated_box[AP]
    assert s.trench[D.space("belfort")] == 1 and s.ctrl[D.space("belfort")] == AP
    s.forced = [6, 6]
    play(s, "attack nancy", "with ge_3", "with ge_5", "with ge_6", f"with {corps}", "done")
    play(s, "done", "done", "done")
    # CP LN 5 can be absorbed only up to 4: the GE 5th's step and the reduced corps (flag F9).
    while engine.prompt(s) == "combat.losses":
        choice = next((a for a in legal(s) if a in ("lose ge_5", f"lose {corps}")), None)
        assert choice is not None, legal(s)
        play(s, choice)
    assert red(s, "ge_5") and s.loc[D.unit(corps)] == D.eliminated_box[CP]  # flag F9
    fc = next(u for u in units_at(s, "nancy") if u.startswith("fr_corps"))  # from the RB
    play(s, f"retreat {fc} verdun", f"retreat {fc} bar_le_duc")
    play(s, "advance ge_3 nancy", "advance ge_6 nancy")
    n = D.space("nancy")
    assert s.fort[n] == FORT_BESIEGED and s.trench[n] == 0 and s.ctrl[n] == AP

    # AP 6: Rape of Belgium for RPs (X-RP): Italy is neutral, no Italian RP.
    s.forced = [4]  # the Siege Phase: Nancy holds (4 - 2 = 2, not above 2)
    play(s, "play rp ap13")
    # X-RP: A 1, FR 2, BR 2, RU 3 (half points); Italy neutral: nothing.
    assert step(s) == "spend_replacements" and engine.to_act(s) == AP
    assert {k: v for k, v in s.rp.items() if v} == {"allied": 2, "fr": 4, "br": 4, "ru": 6}

    # -- September 1914: attrition, siege (X-SIEGE), war status (X-WS) ----------------------
    t2 = [e for e in s.log if e["t"] == 2]
    assert not [e for e in t2 if e["k"] == "attrition.unit"]
    rolls = [e["a"] for e in t2 if e["k"] == "siege.roll"]
    assert [(r["space"], r["die"], r["total"]) for r in rolls] == [("nancy", 4, 2)]
    assert s.fort[D.space("nancy")] == FORT_BESIEGED  # Nancy holds
    assert s.commit == [0, 1] and s.at_war["tu"] == 1  # CP Limited War brings Turkey in
    assert at(s, "tu_corps_03") == "constantinople" and s.ctrl[D.space("kermanshah")] == CP
    assert (s.cws, s.vp) == (5, 10) and s.result is None

    # -- September 1914, Replacement Phase (X-REPL-T2) ---------------------------------------
    play(s, "place ru_3 caucasus", "replace ru_3")  # recreated, then to full: 2 RU RP
    play(s, "replace be_1")  # the A RP
    near_east = [u for u in ("port_said", "cairo", "basra") for u in units_at(s, u)]
    for u in near_east:  # flag F10: three corps at half an RP each (docs/rulings.md R39)
        play(s, f"replace {u}")
    play(s, "place fr_2 paris")
    assert units_at(s, "paris") == {"fr_6", "fr_10", "fr_2"}
    assert "place fr_3 paris" not in legal(s)  # Paris is full: Orleans (9.5.3.3)
    play(s, "place fr_3 orleans")
    while step(s) == "spend_replacements":
        play(s, "done")

    # -- September 1914, Draw Phase (X-DRAW) ------------------------------------------------
    mark = len(s.log)
    play(s, "discard ap07")  # the AP first discards its unused combat card
    play(s, "discard cp04")  # then the CP its Severe Weather (no other card may go)
    new_pile = log_since(s, mark, "deck.new_draw_pile")
    assert [(e["s"], e["a"]["cards"]) for e in new_pile] == [("cp", 30)]  # 10 Mob + 20 LW
    assert len(s.hand[CP]) == 7 and len(s.deck[CP]) == 23
    assert len(s.hand[AP]) == 7 and len(s.deck[AP]) == 3  # 10 reshuffled, 7 drawn

    # -- the position at the end of September 1914 (requirements 4.3.4) -----------------------
    where = {
        "ge_1": "liege",
        "ge_4": "koblenz",
        "ge_5": "metz",
        "ge_7": "mulhouse",
        "ge_3": "nancy",
        "ge_6": "nancy",
        "br_bef": "brussels",
        "br_1": "brussels",
        "fr_corps_10": "brussels",
        "fr_1": "verdun",
        "fr_4": "verdun",
        fc: "bar_le_duc",
        "fr_6": "paris",
        "fr_10": "paris",
        "fr_2": "paris",
        "fr_3": "orleans",
        "be_1": "calais",
        "ah_2": "munkacs",
        "ah_3": "munkacs",
        "ah_4": "przemysl",
        "ru_3": "caucasus",
        "ru_8": "czernowitz",
    }
    assert {u: at(s, u) for u in where} == where
    for empty in ("sedan", "strasbourg", "essen", "cambrai", "chateau_thierry", "belfort"):
        assert units_at(s, empty) == set(), empty
    reduced = {"ge_5", "ge_7", "br_bef", "fr_1", fc, "fr_6", "fr_2", "fr_3", "ah_4"}
    assert all(red(s, u) for u in reduced)
    assert not any(red(s, u) for u in ("be_1", "ru_3", "ge_2", "ge_3", "fr_10", *near_east))
    assert any(u.startswith("ru_corps") for u in units_at(s, "lemberg"))
    for x, side in (
        ("sedan", CP),
        ("liege", CP),
        ("cambrai", AP),
        ("chateau_thierry", AP),
        ("nancy", AP),
        ("lemberg", AP),
        ("belfort", AP),
    ):
        assert s.ctrl[D.space(x)] == side, x
    assert s.trench[D.space("belfort")] == 1 and s.trench[D.space("mulhouse")] == 1
    assert s.trench[D.space("metz")] == 1
    # Reserve Boxes: GE 5, AH 2, FR 3, RU 4, BR 2 + the BEF corps, BE 1, SB 2 (4.3.4).
    counts = {
        n: rb(s, side, n)
        for side, n in (
            (CP, "ge"),
            (CP, "ah"),
            (AP, "fr"),
            (AP, "ru"),
            (AP, "br"),
            (AP, "be"),
            (AP, "sb"),
        )
    }
    assert counts == {"ge": 5, "ah": 2, "fr": 3, "ru": 4, "br": 3, "be": 1, "sb": 2}
    assert (s.vp, s.ws, s.cws) == (10, [1, 4], 5)
