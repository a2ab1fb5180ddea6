"""SETUP, MULLIGAN, the TURN SEQUENCE steps, SCORING ROUNDS and VICTORY."""

import pytest

from greatwar.core.errors import IllegalActionError, MalformedActionError
from greatwar.qmg1914 import engine, turn
from greatwar.qmg1914.data import CARD_IDS, CARDS, POWERS, space
from greatwar.qmg1914.state import State
from tests.qmg1914.helpers import (
    act,
    card,
    empty_deck,
    fill_hand,
    give,
    legal,
    past_setup,
    prepare,
    put,
    settle,
    turn_at,
    who,
)


@pytest.mark.heading("SETUP")
def test_each_power_draws_ten_and_bottoms_three():
    s = engine.new_game(seed=3)
    assert who(s) == "ahoe" and len(s.hand[0]) == 10
    kept = s.hand[0][3:]
    for k in s.hand[0][:3]:
        act(s, f"bottom {CARD_IDS[k]}")
    assert s.hand[0] == kept
    assert len(s.deck[0]) == 38 - 7
    assert who(s) == "ru" and len(s.hand[1]) == 10


@pytest.mark.heading("SETUP")
def test_opening_bottom_cards_go_under_the_deck():
    s = engine.new_game(seed=4)
    first = s.hand[0][0]
    act(s, f"bottom {CARD_IDS[first]}")
    assert s.deck[0][0] == first  # index 0 is the bottom


@pytest.mark.heading("MULLIGAN")
def test_mulligan_only_with_the_option_and_only_once():
    s = engine.new_game(seed=5)
    assert "mulligan" not in legal(s)
    s = engine.new_game({"mulligan": True}, seed=5)
    before = list(s.hand[0])
    act(s, "mulligan")
    assert len(s.hand[0]) == 10 and s.hand[0] != before
    assert "mulligan" not in legal(s)
    assert sorted(s.hand[0] + s.deck[0]) == sorted(c.index for c in CARDS if c.power == 0)


@pytest.mark.heading("ORDER OF PLAY")
@pytest.mark.heading("TURN SEQUENCE")
def test_turns_follow_the_order_of_play():
    s = past_setup(seed=1)
    order = []
    while s.round == 1 and not engine.is_over(s):
        if s.cur >= 0 and (not order or order[-1] != s.cur):
            order.append(s.cur)
        act(s, "pass")
    assert order == [0, 1, 2, 3, 4]
    assert s.round == 2


@pytest.mark.heading("1. DRAFT STEP")
def test_draft_discards_two_unrevealed_and_takes_a_build_card():
    s = turn_at("ahoe", "draft")
    a, b, c = give(s, "ahoe_ah_17", "ahoe_ah_18", "ahoe_ah_19")
    assert "draft build_army ah" in legal(s)
    assert "draft build_navy oe" not in legal(s)  # the Ottoman Empire has no Navy cards
    act(s, "draft build_army ah")
    act(s, f"discard {CARD_IDS[a]}")
    act(s, f"discard {CARD_IDS[b]}")
    assert s.discard[0] == [b, a] and s.dhidden[0] == 2  # bottom, unrevealed
    drafted = [k for k in s.hand[0] if k != c]
    assert len(drafted) == 1 and CARDS[drafted[0]].type == "build_army"
    assert CARDS[drafted[0]].country == 0
    assert engine.step_name(s) == "turn" and s.stack[-1]["k"] == turn.PLAY
    entry = next(e for e in s.log if e["k"] == "card.drafted")
    assert entry["a"] == {"country": "ah", "type": "build_army", "why": "draft"}


@pytest.mark.heading("1. DRAFT STEP")
def test_no_draft_with_fewer_than_two_cards_or_no_copy_left():
    s = turn_at("ru", "draft")
    give(s, "ru_ru_18")
    assert not any(x.startswith("draft") for x in legal(s))
    s = turn_at("ru", "draft")
    give(s, "ru_ru_18", "ru_ru_19")
    for k in list(s.deck[1]):
        if CARDS[k].type == "build_navy":
            s.deck[1].remove(k)
            s.discard[1].append(k)
    assert "draft build_navy ru" not in legal(s) and "draft build_army ru" in legal(s)


@pytest.mark.heading("2. PLAY STEP")
@pytest.mark.heading("DISCARDING CARDS")
def test_played_card_goes_on_top_of_the_discard_pile_revealed():
    s = turn_at("ru", "play")
    put(s, "ru", "moscow")
    (k,) = give(s, "build_army/ru")
    act(s, f"play {CARD_IDS[k]}")
    assert s.discard[1][-1] == k and s.dhidden[1] == 0
    act(s, "build ukraine")
    assert s.occ[space("ukraine")] >> 2 & 1


@pytest.mark.heading("4. PREPARE STEP")
@pytest.mark.heading("PREPARING A CARD")
@pytest.mark.heading("UNPREPARING A CARD")
def test_prepare_or_unprepare_one_card():
    s = turn_at("de", "prepare")
    a, _b = give(s, "de_de_44", "land_battle/de")
    (c,) = prepare(s, "de_de_33")
    options = legal(s)
    assert f"prepare {CARD_IDS[a]}" in options and f"unprepare {CARD_IDS[c]}" in options
    act(s, f"prepare {CARD_IDS[a]}")
    assert a in s.prepared[2] and s.stack[-1]["k"] == turn.DRAW  # one card per Prepare step
    s = turn_at("de", "prepare")
    (c,) = prepare(s, "de_de_33")
    act(s, f"unprepare {CARD_IDS[c]}")
    assert c in s.hand[2] and not s.prepared[2]


@pytest.mark.heading("5. DRAW STEP")
def test_draw_up_to_seven_and_not_required_to_draw_all():
    s = turn_at("frit", "draw")
    fill_hand(s, "frit", 3)
    assert legal(s)[:4] == ["draw 4", "draw 3", "draw 2", "draw 1"]
    act(s, "draw 2")
    assert len(s.hand[3]) == 5
    s = turn_at("frit", "draw")
    fill_hand(s, "frit", 8)
    assert who(s) != "frit" or not any(x.startswith("draw") for x in legal(s))


@pytest.mark.heading("3. ATTRITION STEP")
@pytest.mark.heading("ATTRITION SYMBOLS")
@pytest.mark.heading("DISCARDING DUE TO ATTRITION SYMBOLS")
def test_power_specific_attrition_needs_no_adjacency_and_the_loser_chooses():
    s = turn_at("de", "attrition")
    (prize,) = prepare(s, "de_de_27")  # Prize Rules Submarine Warfare: UK&US discards 2
    h1, _h2 = give(s, "ukus_uk_21", "ukus_uk_22")
    (p1,) = prepare(s, "ukus_uk_23")
    act(s, f"attrition {CARD_IDS[prize]}")
    assert s.discard[2][-1] == prize  # revealed, on top
    assert who(s) == "ukus"
    options = legal(s)
    assert {f"discard {CARD_IDS[h1]}", f"discard {CARD_IDS[p1]}", "discard deck"} <= set(options)
    assert "lose vp" not in options  # not while the draw deck has a card
    act(s, f"discard {CARD_IDS[p1]}")
    deck_before = len(s.deck[4])
    act(s, "discard deck")
    assert len(s.deck[4]) == deck_before - 1
    assert s.dhidden[4] == 2 and who(s) == "de"


@pytest.mark.heading("ATTRITION SYMBOLS")
def test_single_attrition_symbol_targets_an_adjacent_enemy_power():
    s = turn_at("ru", "attrition")
    (k,) = prepare(s, "ru_ru_19")  # a single black Attrition symbol
    put(s, "ru", "ukraine")
    put(s, "ah", "galicia")
    put(s, "de", "berlin")
    assert legal(s) == [f"attrition {CARD_IDS[k]} ahoe", "pass"]
    put(s, "de", "poland")
    assert f"attrition {CARD_IDS[k]} de" in legal(s)


@pytest.mark.heading("DISCARDING DUE TO ATTRITION SYMBOLS")
@pytest.mark.heading("RUNNING OUT OF CARDS")
def test_empty_draw_deck_lets_the_loser_take_vp_instead():
    s = turn_at("de", "attrition")
    (prize,) = prepare(s, "de_de_27")
    (h,) = give(s, "ukus_uk_21")
    empty_deck(s, "ukus")
    s.vp = [0, 5]
    act(s, f"attrition {CARD_IDS[prize]}")
    assert legal(s) == [f"discard {CARD_IDS[h]}", "lose vp"]
    act(s, "lose vp")
    assert s.vp == [0, 4]
    act(s, "lose vp")
    assert s.vp == [0, 3] and h in s.hand[4]


@pytest.mark.heading("RUNNING OUT OF CARDS")
@pytest.mark.heading("GAINING AND LOSING VICTORY POINTS DURING REGULAR PLAY")
def test_nothing_left_costs_vp_and_vp_below_zero_go_to_the_enemy():
    s = turn_at("de", "attrition")
    (prize,) = prepare(s, "de_de_27")
    empty_deck(s, "ukus")
    s.vp = [3, 1]
    act(s, f"attrition {CARD_IDS[prize]}")
    # UK&US has no card at all: 2 VP lost; the Entente has only 1, the other goes to Central
    assert s.vp == [4, 0]


@pytest.mark.heading("SCORING ROUNDS")
def test_scoring_counts_objectives_held_by_armies_and_tokens():
    s = turn_at("ahoe", keep_board=True)
    s.vp = [0, 0]
    assert turn.score(s) == [4, 4]  # Vienna Budapest Berlin WGermany | Moscow Serbia Paris Britain
    put(s, "ah", "greece")
    assert turn.score(s) == [4, 4]  # Greece is no Objective...
    s.tokens |= 1 << space("greece")
    assert turn.score(s) == [5, 4]  # ...until a token lies there
    put(s, "de", "budapest")
    assert turn.score(s) == [5, 4]  # one VP per Objective


@pytest.mark.heading("SCORING ROUNDS")
def test_enemy_army_in_a_home_stops_that_countrys_scoring():
    s = turn_at("ahoe", keep_board=True)
    s.occ[space("berlin")] = 0
    put(s, "ru", "berlin")
    # Germany's Army in Western Germany scores nothing; Russia scores Berlin
    assert turn.score(s) == [2, 5]
    put(s, "oe", "istanbul")
    assert turn.score(s) == [3, 5]


@pytest.mark.heading("SUDDEN VICTORY")
@pytest.mark.heading("SCORING ROUNDS")
@pytest.mark.heading("OVERVIEW")
@pytest.mark.heading("SCORING AND VICTORY")
def test_sudden_victory_at_the_end_of_a_scoring_round():
    s = turn_at("ukus", "draw", keep_board=True, round=3)
    s.vp = [11, 0]
    empty_deck(s, "ukus")
    settle(s)
    assert s.result is None and s.round == 4  # 15-4: 11 ahead is not enough
    s = turn_at("ukus", "draw", keep_board=True, round=3)
    s.vp = [12, 0]
    empty_deck(s, "ukus")
    settle(s)
    assert s.result == {
        "outcome": "central",
        "reason": "sudden victory",
        "turn": 3,
        "vp": {"central": 16, "entente": 4},
    }
    assert engine.is_over(s)


@pytest.mark.heading("SUDDEN VICTORY")
def test_no_sudden_victory_outside_scoring_rounds():
    s = turn_at("ukus", "draw", keep_board=True, round=4)
    s.vp = [20, 0]
    empty_deck(s, "ukus")
    settle(s)
    assert s.result is None and s.round == 5


@pytest.mark.heading("SCORING VICTORY")
@pytest.mark.heading("VICTORY")
@pytest.mark.heading("OVERVIEW")
def test_tie_after_round_17_goes_to_the_central_powers():
    s = turn_at("ukus", "draw", keep_board=True, round=17)
    s.vp = [10, 10]
    empty_deck(s, "ukus")
    settle(s)
    assert s.result is not None and s.result["outcome"] == "central"
    assert s.result["vp"] == {"central": 14, "entente": 14} and s.result["turn"] == 17
    s = turn_at("ukus", "draw", keep_board=True, round=17)
    s.vp = [10, 11]
    empty_deck(s, "ukus")
    settle(s)
    assert s.result is not None and s.result["outcome"] == "entente"


def test_state_round_trips_and_clones():
    s = past_setup(seed=9)
    act(s, "pass")
    doc = s.to_json()
    t = State.from_json(doc)
    assert t == s and t.hash() == s.hash()
    assert State.loads(s.dumps()).hash() == s.hash()
    c = s.clone()
    act(c, "pass")
    assert c.hash() != s.hash() and s == State.from_json(doc)


def test_bad_input_changes_nothing():
    s = past_setup(seed=2)
    h = s.hash()
    with pytest.raises(MalformedActionError):
        engine.apply(s, "fly to the moon")
    with pytest.raises(MalformedActionError):
        engine.apply(s, "build atlantis")
    with pytest.raises(IllegalActionError):
        engine.apply(s, "build paris")
    with pytest.raises(IllegalActionError):
        engine.apply(s, "pass", seat="de")
    assert s.hash() == h and POWERS[engine.to_act(s) or 0] == "ahoe"
    assert card("build_army") >= 0


@pytest.mark.heading("PREPARING THE GAME")
@pytest.mark.heading("CARDS")
def test_preparing_the_game():
    s = engine.new_game(seed=12)
    assert s.round == 1 and s.vp == [0, 0] and s.tokens == 0
    for p in range(5):
        cards = s.hand[p] + s.deck[p]
        assert sorted(cards) == [c.index for c in CARDS if c.power == p]  # one deck per power
        assert not s.prepared[p] and not s.status[p] and not s.discard[p]
    assert sum(bin(x).count("1") for x in s.occ) == 10
