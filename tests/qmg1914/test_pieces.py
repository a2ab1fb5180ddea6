"""PIECES: "At any time during your turn you may remove your own piece from the board to make
it available" (ruling Q6): offered at every decision of the power whose turn it is, as one
``remove`` choice leading to the pieces; and why it matters beyond placing a piece."""

from __future__ import annotations

import pytest

from greatwar.core.games import game
from greatwar.core.session import Session
from greatwar.qmg1914 import board, engine
from greatwar.qmg1914.data import CARD_IDS, COUNTRIES, LAND_MASK, POWERS, SPACE_INDEX
from greatwar.qmg1914.placement import RECRUIT, push_place
from greatwar.qmg1914.state import State
from greatwar.qmg1914.turn import STEP_NAMES
from greatwar.qmg1914.view import view
from tests.qmg1914.helpers import (
    act,
    all_legal,
    give,
    legal,
    pieces,
    prepare,
    put,
    settle,
    turn_at,
    who,
)

G = game("qmg1914")


def turn_of(s: State, power: str, step: str = "play") -> None:
    """Go on to ``power``'s turn at ``step`` (the position otherwise as it is)."""
    p = POWERS.index(power)
    s.cur = p
    s.tflags = {}
    s.cache.clear()
    s.stack = [
        {"step": "game", "ph": "play", "i": p + 1},
        {"step": "turn", "p": p, "k": STEP_NAMES.index(step)},
    ]


@pytest.mark.heading("PIECES")
def test_remove_is_offered_at_each_decision_of_your_own_turn_and_lists_your_pieces():
    s = turn_at("frit", "draft")
    put(s, "fr", "paris", "picardy", "english_channel")
    put(s, "it", "rome", "picardy")
    put(s, "de", "berlin", "western_germany", "belgium")
    (k,) = give(s, "land_battle/fr")
    give(s, "build_army/fr")
    (r,) = prepare(s, "build_army/de")
    (s1, s2) = prepare(s, "land_battle/fr", "land_battle/fr")
    for step in ("draft", "play"):
        assert engine.prompt(s) == f"turn.{step}" and all_legal(s)[-1] == "remove"
        if step == "draft":
            act(s, "pass")
    act(s, "remove")
    assert engine.step_name(s) == "remove_piece" and who(s) == "frit"
    assert set(all_legal(s)) == {
        "remove fr paris",
        "remove fr picardy",
        "remove fr english_channel",
        "remove it rome",
        "remove it picardy",
        "pass",
    }
    assert all_legal(s)[-1] == "pass"
    act(s, "pass")  # back to the same decision, nothing changed
    assert engine.prompt(s) == "turn.play" and pieces(s, "it") == {"rome", "picardy"}
    act(s, f"play {CARD_IDS[k]}")
    assert "remove" in all_legal(s)  # choosing the battle
    act(s, "battle belgium from picardy")
    # Germany defends in France's turn: not its turn, no removal
    assert who(s) == "de" and "remove" not in all_legal(s)
    act(s, f"reinforce {CARD_IDS[r]}")
    assert who(s) == "frit" and all_legal(s)[-1] == "remove"  # sustaining, its own turn
    act(s, "remove")
    act(s, "remove it rome")
    assert pieces(s, "it") == {"picardy"} and engine.prompt(s) == "battle.sustain"
    assert s.log[-1]["k"] == "piece.removed" and s.log[-1]["a"] == {
        "country": "it",
        "space": "rome",
    }
    act(s, f"sustain {CARD_IDS[s1]}")
    assert "belgium" not in pieces(s, "de") and s2 in s.prepared[3]


@pytest.mark.heading("PIECES")
def test_no_removal_while_paying_a_cost_nor_without_a_piece():
    s = turn_at("ru")
    put(s, "ru", "moscow", "ukraine", "romania")
    put(s, "ah", "budapest")
    (k,) = give(s, "land_battle/ru")
    give(s, "ru_ru_19", "ru_ru_20")
    assert "remove" in all_legal(s)
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle budapest from romania")  # difficult terrain: a card from hand
    assert engine.step_name(s) == "pay" and "remove" not in all_legal(s)
    s = turn_at("ru")
    give(s, "build_army/ru")
    assert "remove" not in all_legal(s)  # no Russian piece on the board


@pytest.mark.heading("PIECES")
@pytest.mark.card("french_army_mutinies")
def test_removing_french_armies_before_french_army_mutinies():
    # F&I loses a card per French Army on the board: one taken off in its turn costs one less
    lost = {}
    for removing in (False, True):
        s = turn_at("frit")
        put(s, "fr", "paris", "burgundy", "picardy")
        if removing:
            act(s, "remove")
            act(s, "remove fr picardy")
        turn_of(s, "de")
        (k,) = give(s, "french_army_mutinies")
        act(s, f"play {CARD_IDS[k]}")
        lost[removing] = s.dhidden[3]
    assert lost == {False: 4, True: 3}


@pytest.mark.heading("PIECES")
@pytest.mark.heading("SUPPLY")
def test_removing_a_navy_cuts_a_supply_line():
    s = turn_at("ukus")
    put(s, "uk", "britain", "english_channel", "picardy")
    uk = COUNTRIES.index("uk")
    assert board.supplied(s, uk, SPACE_INDEX["picardy"])
    act(s, "remove")
    act(s, "remove uk english_channel")
    assert not board.supplied(s, uk, SPACE_INDEX["picardy"])
    shown = {(p["space"], p["supplied"]) for p in view(s, "de")["board"]["pieces"]}
    assert shown == {("britain", True), ("picardy", False)}


@pytest.mark.heading("PIECES")
@pytest.mark.heading("ATTRITION SYMBOLS")
def test_removing_an_army_takes_a_target_away():
    # a single black Attrition symbol needs an Army of the target next to one of Germany's
    # Armies: Russia takes its Army in Poland off in its own turn, and Germany has no target
    targets = {}
    for removing in (False, True):
        s = turn_at("ru")
        put(s, "ru", "moscow", "petrograd", "poland")
        put(s, "de", "berlin", "prussia")
        prepare(s, "de_de_26")  # The Christmas Truce: a single black Attrition symbol
        if removing:
            act(s, "remove")
            act(s, "remove ru poland")
        turn_of(s, "de", "attrition")
        targets[removing] = [x for x in legal(s) if x.startswith("attrition")]
    assert targets == {False: ["attrition de_de_26 ru"], True: []}


@pytest.mark.heading("PIECES")
@pytest.mark.heading("PLACING PIECES")
def test_a_placement_with_no_piece_left_waits_only_in_your_own_turn():
    s = turn_at("frit")
    put(s, "it", "rome", "italian_alps", "tyrol", "provence")  # all 4 Italian Armies
    (k,) = give(s, "build_army/it")
    act(s, f"play {CARD_IDS[k]}")
    assert engine.step_name(s) == "place" and "remove" in all_legal(s)
    act(s, "remove")
    act(s, "remove it tyrol")
    assert "build tyrol" in legal(s)
    # in another power's turn Italy may not take a piece off ("during your turn"): nothing
    # to place, the placement ends at once
    s = turn_at("de")
    put(s, "it", "rome", "italian_alps", "tyrol", "provence")
    push_place(s, COUNTRIES.index("it"), LAND_MASK, RECRUIT)
    settle(s)
    assert engine.step_name(s) == "turn" and who(s) == "de"


@pytest.mark.heading("PIECES")
def test_undo_takes_a_removal_back():
    session = Session.new(G, "standard", None, 3)
    while session.state.cur < 0:  # SETUP: each power bottoms three cards
        p = session.to_act
        assert p is not None
        session.apply(session.rules.legal_actions(session.state)[0], p)
    before = G.hash(session.state)
    p = session.to_act
    assert p == "ahoe" and "remove" in session.view(p)["legal"]
    session.apply("remove", p)
    session.apply(session.view(p)["legal"][0], p)
    assert G.hash(session.state) != before
    session.undo(p)
    session.undo(p)
    assert G.hash(session.state) == before
