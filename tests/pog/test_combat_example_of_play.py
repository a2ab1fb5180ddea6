"""The August 1914 turn of the rulebook's extended example of play (requirements 4.3.1),
played through the engine with the rulebook's dice: combats X01-X11 (requirements 4.3.2), the
Guns of August opening, the mandated offensives they fulfil and the VP track.

Flags of requirements 4.3.5 followed here: F3 (the units in Verdun at X09 are FR 1st and FR
4th), F5 (no advance where the text records none), F6 (attacks from two spaces without a flank
attempt).
"""

from __future__ import annotations

from collections import deque

import pytest

from greatwar.pog import engine
from greatwar.pog.cards import pile_of
from greatwar.pog.data import AP, CP
from greatwar.pog.state import State

from .helpers import D, at, play, red, step


def path(frm: str, to: str) -> list[str]:
    """A shortest chain of spaces from ``frm`` to ``to`` (``to`` included)."""
    a, b = D.space(frm), D.space(to)
    prev = {a: a}
    todo = deque([a])
    while todo:
        x = todo.popleft()
        for n in D.adj[x]:
            if n not in prev:
                prev[n] = x
                todo.append(n)
    out = []
    while b != a:
        out.append(D.spaces[b].id)
        b = prev[b]
    return out[::-1]


def walk(s: State, unit: str, *spaces: str) -> None:
    play(s, *(f"move {unit} {x}" for x in spaces))
    if step(s) == "movement" and engine.prompt(s) == "movement.unit":
        play(s, "done")


def end_moves(s: State) -> None:
    while step(s) == "movement":
        play(s, "done")


def hands(s: State, cards: dict[int, list[str]]) -> None:
    for side, ids in cards.items():
        for c in list(s.hand[side]):
            s.hand[side].remove(c)
            s.deck[side].append(c)
        for cid in ids:
            c = D.card(cid)
            getattr(s, pile_of(s, side, c))[side].remove(c)
            s.hand[side].append(c)


def rb(s: State, side: int, nation: str) -> int:
    box = D.reserve_box[side]
    return sum(1 for u, x in enumerate(s.loc) if x == box and D.units[u].nation == nation)


def lose_all(s: State) -> None:
    """Take steps in the listed order while the same side is losing them."""
    side = engine.to_act(s)
    while step(s) == "combat_losses" and engine.to_act(s) == side:
        play(s, str(engine.legal_actions(s)[0]))


def play_august_1914() -> State:
    """The Action Phase of August 1914 as the rulebook plays it; returns the position."""
    s = engine.new_game("campaign", seed=7)
    s.forced = [4, 2]  # mandated offensives: CP 4 -> GE, AP 2 -> FR
    play(s, "choose yes")  # Guns of August in hand
    assert s.mo == ["fr", "ge"]
    hands(
        s,
        {
            CP: ["cp01", "cp10", "cp12", "cp07", "cp13", "cp03", "cp05"],
            AP: ["ap03", "ap02", "ap08", "ap09", "ap01", "ap04", "ap06"],
        },
    )

    # -- CP 1: Guns of August; X01 Sedan --------------------------------------------------
    play(s, "play event cp01")
    assert s.ws[CP] == 2 and s.fort[D.space("liege")] == 2 and s.ctrl[D.space("liege")] == CP
    assert at(s, "ge_1") == at(s, "ge_2") == "liege"
    s.forced = [2, 3]
    play(s, "attack sedan", "with ge_1", "with ge_2", "with ge_3", "done", "noflank")
    play(s, "done", "done")  # combat cards: CP, AP
    assert red(s, "fr_5") and s.mo[CP] == "none"  # 15 CF die 2 -> 5; FR 2 -> no loss
    play(s, "retreat fr_5 chateau_thierry", "retreat fr_5 cambrai")  # one step: no cancel
    play(s, "advance ge_2 sedan", "advance ge_3 sedan", "done")
    assert at(s, "ge_1") == "liege" and s.ctrl[D.space("sedan")] == CP and s.vp == 10
    assert D.card("cp01") in s.removed[CP]

    # -- AP 1: X02 Tarnopol -------------------------------------------------------------
    play(s, "play ops ap03", "activate move bar_le_duc", "activate attack dubno")
    play(s, "activate attack kamenets_podolski")
    walk(s, "fr_9", "chateau_thierry")
    end_moves(s)
    s.forced = [4, 3, 4]
    play(s, "attack tarnopol", "with ru_3", "with ru_8", "done", "pin kamenets_podolski")
    play(s, "done", "done")
    assert s.loc[D.unit("ah_3")] == D.eliminated_box[CP] and rb(s, CP, "ah") == 3
    assert not red(s, "ru_3") and not red(s, "ru_8")
    play(s, "retreat ah_corps_01 stanislau", "retreat ah_corps_01 czernowitz")
    play(s, "advance ru_3 tarnopol", "done")
    assert at(s, "ru_3") == "tarnopol"

    # -- CP 2: X03 Cambrai (Withdrawal) ------------------------------------------------
    play(s, "play ops cp10", "activate move oppeln", "activate move munkacs")
    play(s, "activate attack sedan")
    walk(s, "ge_corps_03", "czestochowa", "lodz")
    assert s.vp == 11
    walk(s, "ah_2", "czernowitz")
    end_moves(s)
    s.forced = [4, 6]
    play(s, "attack cambrai", "with ge_2", "with ge_3", "done")
    play(s, "done", "cc ap06", "done")
    play(s, "lose ge_2")  # AP LN 3: one German army step
    # (FR 5th) eliminated, a FR corps replaces it and loses both steps (5); Withdrawal gives
    # one corps step back; the reduced corps retreats exactly one space.
    assert s.loc[D.unit("fr_5")] == D.eliminated_box[AP]
    assert at(s, "fr_corps_01") == "cambrai" and red(s, "fr_corps_01") and rb(s, AP, "fr") == 6
    play(s, "retreat fr_corps_01 amiens", "advance ge_3 cambrai")
    assert s.vp == 12 and D.card("ap06") in s.removed[AP]

    # -- AP 2: X04 Sedan, X05 Czernowitz (Pleve) ---------------------------------------------
    play(s, "play ops ap02", "activate attack chateau_thierry", "activate attack verdun")
    play(s, "activate attack tarnopol", "activate attack kamenets_podolski")
    # (The BEF in Brussels could not have joined: no space holds both French and British
    # units; see test_combat_rules.test_multinational_attack_needs_a_common_space.)
    s.forced = [5, 3]
    play(s, "attack sedan", "with fr_9", "with fr_3", "with fr_4", "done", "noflank")
    play(s, "done", "done")
    assert s.loc[D.unit("ge_2")] == D.eliminated_box[CP]  # 8 CF die 5 -> 5 = 3 + 1 + 1
    assert [u for u in range(len(D.units)) if s.loc[u] == D.space("sedan")] == []
    # All defenders eliminated: full-strength attackers may enter Sedan only ((FR 9th) is
    # reduced).
    assert legal_set(s) == {"advance fr_3 sedan", "advance fr_4 sedan", "done"}
    play(s, "advance fr_3 sedan", "done")
    assert s.mo[AP] == "none" and s.ctrl[D.space("sedan")] == AP
    s.forced = [2, 3]
    play(s, "attack czernowitz", "with ru_3", "with ru_8", "done", "noflank")
    play(s, "cc ap04", "done", "done")
    play(s, "lose ah_corps_01", "lose ah_corps_01", "lose ah_corps_06")  # CP LN 4
    play(s, "lose ru_3")  # AP LN 2
    play(s, "retreat ah_2 stanislau", "retreat ah_2 munkacs")
    play(s, "advance ru_8 czernowitz")
    assert s.vp == 11 and D.card("ap04") in s.removed[AP]
    assert step(s) == "action_round"

    # -- CP 3: X06 Sedan, X07 Belgrade ---------------------------------------------------
    play(s, "play ops cp12", "activate attack liege", "activate attack metz")
    play(s, "activate attack timisvar", "activate attack novi_sad")
    s.forced = [4, 3]
    play(s, "attack sedan", "with ge_1", "with ge_4", "with ge_5", "done", "noflank")
    play(s, "done", "done")
    assert s.loc[D.unit("fr_3")] == D.eliminated_box[AP]
    assert at(s, "fr_corps_02") == "sedan" and red(s, "fr_corps_02")
    play(s, "retreat fr_corps_02 verdun", "retreat fr_corps_02 chateau_thierry")
    play(s, "advance ge_4 sedan", "done")
    s.forced = [4, 3, 6]
    play(s, "attack belgrade", "with ah_corps_08", "with ah_5", "done", "pin novi_sad")
    play(s, "done", "done")
    assert red(s, "sb_1") and s.fort[D.space("belgrade")] == 0
    assert legal_set(s) == {"lose ah_corps_08", "lose ah_5"}
    play(s, "lose ah_5")
    assert red(s, "ah_corps_08") and red(s, "ah_5")  # the only exact allocation of 3
    assert step(s) == "action_round"  # a tie: no retreat, no advance

    # -- AP 3 and CP 4: X08 Chateau-Thierry ------------------------------------------------
    play(s, "play ops ap08", "activate move amiens", "activate move nancy")
    walk(s, "fr_corps_01", "calais", "ostend", "brussels")
    walk(s, "fr_1", "verdun")
    end_moves(s)
    play(s, "play ops cp07", "activate move insterberg", "activate attack cambrai")
    play(s, "activate attack sedan")
    walk(s, "ge_8", "konigsberg")
    walk(s, "ge_corps_02", "konigsberg")
    end_moves(s)
    s.forced = [6, 5]
    play(s, "attack chateau_thierry", "with ge_3", "with ge_4", "done", "noflank")
    play(s, "done", "done")
    lose_all(s)  # AP LN 7: everything (6)
    assert not any(x == D.space("chateau_thierry") for x in s.loc)
    assert rb(s, AP, "fr") == 4
    play(s, "lose ge_3")
    play(s, "done")  # no advance (F5)

    # -- AP 4: X09 Sedan -----------------------------------------------------------------
    play(s, "play ops ap09", "activate attack brussels", "activate attack verdun")
    costs = [e["a"]["cost"] for e in s.log if e["k"] == "activate"][-2:]
    assert costs == [2, 1]  # Brussels: FR and BR
    s.forced = [6, 2, 2]
    play(s, "attack sedan", "with fr_corps_01", "with br_bef", "with fr_1", "with fr_4")
    play(s, "done", "pin verdun", "done", "done")
    assert red(s, "ge_4")
    # CP LN 2: the BEF (LF 3) cannot take it; the (FR corps) is eliminated, 1 point unused.
    assert s.loc[D.unit("fr_corps_01")] == D.eliminated_box[AP] and not red(s, "br_bef")
    play(s, "retreat ge_4 koblenz", "retreat ge_4 liege", "done")
    assert s.ctrl[D.space("sedan")] == CP

    # -- CP 5, AP 5, CP 6 ----------------------------------------------------------------
    play(s, "play rp cp13", "play auto", "activate move antwerp")
    walk(s, "be_1", "brussels")
    end_moves(s)
    play(s, "play ops cp03", "activate move cambrai", "activate move liege")
    walk(s, "ge_3", "sedan")
    walk(s, "ge_4", "sedan")
    end_moves(s)

    # -- AP 6: X10 Sedan, X11 Munkacs ----------------------------------------------------
    play(s, "play ops ap01", "activate move grenoble", "activate move tarnopol")
    play(s, "activate attack verdun", "activate attack czernowitz")
    walk(s, "ru_3", "lemberg")
    walk(s, "fr_corps_10", *path("grenoble", "paris"))
    end_moves(s)
    assert s.vp == 10
    s.forced = [5, 4]
    play(s, "attack sedan", "with fr_1", "with fr_4", "done", "done", "done")
    play(s, "lose ge_3")  # and its replacement corps, both steps
    play(s, "lose fr_1")
    assert s.loc[D.unit("ge_3")] == D.eliminated_box[CP]
    play(s, "retreat ge_4 koblenz", "done")
    s.forced = [3, 1]
    play(s, "attack munkacs", "with ru_8", "done", "done", "done")
    fires = [e["a"] for e in s.log if e["k"] == "combat.fire"][-2:]
    assert (fires[0]["column"], fires[0]["ln"], fires[1]["ln"]) == ("2", 2, 0)
    assert s.loc[D.unit("ah_2")] == D.eliminated_box[CP] and rb(s, CP, "ah") == 2
    play(s, "choose retreat", "retreat ah_corps_02 cluj", "retreat ah_corps_02 debrecen", "done")

    # -- the position at the end of the action phase (requirements 4.3.4) ------------------
    assert step(s) != "action_round" or s.round == 0
    where = {
        "ge_1": "liege",
        "ge_4": "koblenz",
        "ge_5": "metz",
        "ge_6": "strasbourg",
        "ge_8": "konigsberg",
        "ge_corps_02": "konigsberg",
        "ge_corps_03": "lodz",
        "ru_3": "lemberg",
        "ru_8": "czernowitz",
        "ah_corps_07": "stanislau",
        "ah_corps_02": "debrecen",
        "ah_corps_01": "cp_eliminated_box",
        "ah_4": "przemysl",
        "ah_1": "tarnow",
        "sb_1": "belgrade",
        "ah_5": "novi_sad",
        "ah_corps_08": "timisvar",
        "br_bef": "brussels",
        "be_1": "brussels",
        "fr_1": "verdun",
        "fr_4": "verdun",
        "fr_6": "paris",
        "fr_corps_10": "paris",
        "fr_corps_08": "belfort",
        "fr_corps_09": "belfort",
        "fr_2": "nancy",
    }
    assert {u: at(s, u) for u in where} == where
    assert red(s, "fr_1") and red(s, "ge_4") and red(s, "ru_3") and red(s, "sb_1")
    for x in ("sedan", "cambrai", "lodz", "czestochowa", "munkacs", "liege"):
        assert s.ctrl[D.space(x)] == CP, x
    for x in ("chateau_thierry", "tarnopol", "lemberg", "czernowitz"):
        assert s.ctrl[D.space(x)] == AP, x
    assert s.vp == 10 and s.mo == ["none", "none"]
    assert rb(s, CP, "ge") == 6 and rb(s, CP, "ah") == 2 and rb(s, AP, "fr") == 4
    assert rb(s, AP, "ru") == 5
    return s


@pytest.mark.rule("12.2.1")
@pytest.mark.rule("12.3.3")
@pytest.mark.rule("12.4.3")
@pytest.mark.rule("12.4.4")
@pytest.mark.rule("12.5.2")
@pytest.mark.rule("12.5.5")
@pytest.mark.rule("12.6.4")
@pytest.mark.rule("12.7.2")
@pytest.mark.rule("12.7.3")
@pytest.mark.rule("7.1.3")
@pytest.mark.card("cp01")
@pytest.mark.card("ap04")
@pytest.mark.card("ap06")
def test_august_1914() -> None:
    play_august_1914()


def legal_set(s: State) -> set[str]:
    return {str(a) for a in engine.legal_actions(s)}
