"""Paths of Glory's face for the web client (pog/web.py): the drawing layout, and what dresses a
seat's view: prompt numbers, the procedure in words, combat numbers, markers, the round track,
events in force, the score, neutral nations and the warning before a wasteful ``done``."""

from __future__ import annotations

import json
import random

import pytest

from greatwar.pog import board, engine
from greatwar.pog.board import LINKS
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import STEPS
from greatwar.pog.replacements import replacement_phase
from greatwar.pog.view import view
from greatwar.pog.web import dress_view, static_data

from .helpers import D, clear, control, game, operation, put

ADDED = (
    "prompt_text",
    "prompt_detail",
    "supply",
    "neutral",
    "under_way",
    "combat",
    "map_marks",
    "rounds",
    "in_force",
    "score",
    "confirm_done",
)


def dressed(s, seat):
    v = view(s, seat)
    dress_view(v, s)
    return v


def _rect(sp):
    return (
        sp["x"] - sp["w"] / 2,
        sp["y"] - sp["h"] / 2,
        sp["x"] + sp["w"] / 2,
        sp["y"] + sp["h"] / 2,
    )


def _meet(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_no_two_spaces_or_boxes_are_drawn_over_each_other():
    spaces = static_data()["spaces"]
    rects = [(sp["id"], _rect(sp)) for sp in spaces]
    clashes = [
        (a, b) for i, (a, ra) in enumerate(rects) for b, rb in rects[i + 1 :] if _meet(ra, rb)
    ]
    assert clashes == []
    d = static_data()
    assert all(
        r[0] >= 0 and r[2] <= d["width"] and r[1] >= 0 and r[3] <= d["height"] for _, r in rects
    )


def test_the_near_east_map_is_drawn_clear_of_europe():
    spaces = static_data()["spaces"]
    ne = [_rect(sp) for sp in spaces if sp["map"] == "neareast"]
    box = (
        min(r[0] for r in ne) - 30,
        min(r[1] for r in ne) - 30,
        max(r[2] for r in ne) + 30,
        max(r[3] for r in ne) + 30,
    )
    assert not [sp["id"] for sp in spaces if sp["map"] != "neareast" and _meet(_rect(sp), box)]


@pytest.mark.rule("11.1.11")
def test_neutral_nations_spaces_are_named_until_the_nation_enters():
    s = game("historical")
    v = dressed(s, "ap")
    assert {"bucharest", "sofia", "rome", "athens"} <= set(v["neutral"])
    assert "paris" not in v["neutral"] and "berlin" not in v["neutral"]
    s.at_war["ro"] = 1
    assert "bucharest" not in dressed(s, "ap")["neutral"]


def test_every_decision_of_a_random_game_is_dressed_without_leaking_the_other_hand():
    s = engine.new_game("historical", seed=3)
    rng = random.Random(3)
    steps = set()
    for _ in range(700):
        if engine.is_over(s):
            break
        seat = engine.seat_name(engine.to_act(s))
        other = "cp" if seat == "ap" else "ap"
        for who in (seat, other):
            v = dressed(s, who)
            extra = {k: v[k] for k in ADDED}
            text = json.dumps(extra)  # JSON values only
            hidden = view(s, "cp" if who == "ap" else "ap")["cards"]["hand"]
            assert not [c for c in hidden if f'"{c}"' in text], (engine.step_name(s), who)
            if who == other:
                assert v["prompt_detail"] == [] and v["confirm_done"] is None
        steps.add(engine.step_name(s))
        engine.apply(s, rng.choice(engine.legal_actions(s)))
    assert {"operation", "movement", "combat_losses"} <= steps


def test_operation_prompt_says_the_ops_left_and_warns_before_wasting_them():
    s = clear(game())
    put(s, "ge_1", "koblenz")
    put(s, "ge_2", "metz")
    operation(s, CP, 4)
    v = dressed(s, "cp")
    assert "4 of 4 OPS left to spend." in v["prompt_detail"]
    assert "4 OPS" in v["confirm_done"]
    engine.apply(s, "activate move koblenz")
    v = dressed(s, "cp")
    assert "3 of 4 OPS left to spend." in v["prompt_detail"]
    assert v["map_marks"]["move"] == ["koblenz"]
    assert any("Move: Koblenz" in line for item in v["under_way"] for line in item["lines"])


@pytest.mark.rule("13.1.2")
def test_sr_prompt_says_the_points_left_and_warns_before_wasting_them():
    s = clear(game())
    put(s, "ge_corps_01", "kassel")
    card = D.cards[s.hand[CP][0]].id
    engine.apply(s, f"play sr {card}")
    v = dressed(s, "cp")
    points = s.stack[-1]["points"]
    assert f"{points} SR points left (a corps costs 1, an army 4)." in v["prompt_detail"]
    assert f"{points} SR points" in v["confirm_done"]
    engine.apply(s, "sr ge_corps_01")
    v = dressed(s, "cp")
    assert v["confirm_done"] is None  # done is not offered while a unit is chosen
    name = D.units[D.unit("ge_corps_01")].name
    assert f"Redeploying {name} from Kassel." in v["prompt_detail"]
    assert v["map_marks"]["unit"] == "ge_corps_01"


@pytest.mark.rule("12.2.3")
@pytest.mark.rule("12.2.8")
def test_combat_numbers_show_both_sides_tables_and_columns():
    s = clear(game())
    put(s, "ge_1", "koblenz")
    put(s, "ge_2", "koblenz")
    put(s, "fr_5", "sedan")
    operation(s, CP, 4)
    engine.apply(s, "activate attack koblenz")  # nothing else to activate: combat comes
    engine.apply(s, "attack sedan")
    engine.apply(s, "with ge_1")
    engine.apply(s, "with ge_2")
    v = dressed(s, "cp")
    c = v["combat"]
    assert c["target"] == "sedan" and c["attacker"] == "cp"
    assert c["att"]["cf"] == 10 and c["att"]["table"] == "army" and c["att"]["column"] == "9-11"
    assert c["dfn"]["cf"] == 3 and c["dfn"]["table"] == "army" and c["dfn"]["column"] == "3"
    assert v["map_marks"]["target"] == "sedan"
    assert set(v["map_marks"]["attackers"]) == {"ge_1", "ge_2"}
    assert any("10 CF on the army table, column 9-11" in x for x in v["prompt_detail"])


def test_round_track_lists_each_sides_plays_of_the_turn():
    s = game()
    cp_card = D.cards[s.hand[CP][0]].id
    engine.apply(s, f"play rp {cp_card}")
    ap_card = D.cards[s.hand[AP][0]].id
    engine.apply(s, f"play rp {ap_card}")
    r = dressed(s, "ap")["rounds"]
    assert r["uses"]["cp"] == [{"round": 1, "use": "rp", "card": cp_card}]
    assert r["uses"]["ap"] == [{"round": 1, "use": "rp", "card": ap_card}]
    assert r["current"] == 2 and r["rounds"] == 6


def test_score_summary_counts_vp_spaces_held():
    s = game("historical")
    sc = dressed(s, "ap")["score"]
    assert sc["vp"] == s.vp
    assert "paris" in sc["held"]["ap"] and "berlin" in sc["held"]["cp"]
    assert sc["last_turn"] == 20


@pytest.mark.rule("17.1.5")
@pytest.mark.rule("17.1.6")
def test_each_replacement_purchase_says_what_it_does_and_its_cost() -> None:
    """The Replacement Cost Table: an army step 1 RP, a corps step 1/2 RP; an eliminated army
    rebuilt, reduced, where a reinforcement may enter (17.1.5), an eliminated corps in the
    Reserve Box; a reduced unit flipped where it stands."""
    s = game()
    board.place(s, D.unit("ge_2"), board.ELIMINATED[CP])
    board.place(s, D.unit("ge_4"), D.space("koblenz"), reduced=True)
    corps = next(u.id for u in D.units if u.side == CP and u.nation == "ge" and not u.army)
    board.place(s, D.unit(corps), board.ELIMINATED[CP])
    s.rp["ge"] = 6
    replacement_phase(s)
    STEPS.settle(s)
    assert engine.step_name(s) == "spend_replacements" and engine.to_act(s) == CP
    v = view(s, CP)
    dress_view(v, s)
    offers = v["rp_offers"]
    assert set(offers) == {a for a in v["legal"] if a != "done"}
    assert offers["place ge_2 essen"] == {"rebuild": True, "space": "essen", "rp": 1.0}
    assert offers["replace ge_4"] == {"rebuild": False, "space": "koblenz", "rp": 1.0}
    assert offers[f"replace {corps}"] == {"rebuild": True, "space": "cp_reserve_box", "rp": 0.5}
    # the other seat, who decides nothing now, is told nothing of it
    w = view(s, AP)
    dress_view(w, s)
    assert w["rp_offers"] == {}


def _network(v: dict[str, object], key: str) -> set[str]:
    hexa = v["supply_networks"][key]  # type: ignore[index]
    bits = bytes.fromhex(hexa)
    return {sp.id for sp in D.spaces if bits[sp.ix // 8] >> (sp.ix % 8) & 1}


@pytest.mark.rule("14.2.1")
@pytest.mark.rule("14.2.2")
@pytest.mark.rule("14.2.4")
def test_the_supply_networks_are_the_spaces_each_side_traces_to_its_sources() -> None:
    """The map's network overlays: the Central Powers' reach Essen and Constantinople's
    spaces; the Western Allies' run from London through France, not to Russia; the Eastern
    Allies' the reverse; a space the enemy controls is in no network of ours."""
    s = game()
    v = view(s, AP)
    dress_view(v, s)
    cp, west, east = (_network(v, k) for k in ("cp", "ap_west", "ap_east"))
    assert {"essen", "berlin", "vienna", "breslau"} <= cp
    assert {"paris", "london", "calais"} <= west and "petrograd" not in west
    assert {"petrograd", "moscow", "warsaw"} <= east and "paris" not in east
    assert not cp & (west | east)
    assert all(s.ctrl[D.space(x)] == AP for x in west | east)
    # a space whose every neighbour the enemy controls traces nowhere: out of its network
    around = [D.spaces[n].id for n, _, _ in LINKS[D.space("warsaw")]]
    control(s, CP, *around)
    w = view(s, AP)
    dress_view(w, s)
    assert s.ctrl[D.space("warsaw")] == AP and "warsaw" not in _network(w, "ap_east")
    assert "moscow" in _network(w, "ap_east")
