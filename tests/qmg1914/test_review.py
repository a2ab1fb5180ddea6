"""Rulebook statements checked in the independent review of the engine against the rulebook
(issue 16's finish) that no other test states in so many words: each test is one sentence of the
rulebook, marked by its heading."""

from __future__ import annotations

import pytest

from greatwar.qmg1914 import turn
from greatwar.qmg1914.data import CARD_IDS, space
from greatwar.qmg1914.turn import score
from tests.qmg1914.helpers import (
    act,
    fill_hand,
    give,
    legal,
    pieces,
    prepare,
    put,
    turn_at,
    who,
)


@pytest.mark.heading("5. DRAW STEP")
def test_more_than_seven_in_hand_draws_nothing_and_discards_nothing():
    # "you start the Draw step with more than 7 cards in hand, continue playing as normal"
    s = turn_at("ru", "draw")
    fill_hand(s, "ru", 8)
    assert legal(s) == ["pass"]
    act(s, "pass")
    assert len(s.hand[1]) == 8 and not s.discard[1] and who(s) == "de"


@pytest.mark.heading("1. DRAFT STEP")
@pytest.mark.card("paris_taxis")
def test_a_draft_by_play_text_is_in_addition_to_the_draft_steps():
    s = turn_at("frit", "draft")
    put(s, "fr", "paris")
    (k,) = give(s, "frit_fr_34")  # Paris Taxis: draft a French Build Army at no cost
    fill_hand(s, "frit", 4)
    act(s, "draft build_army fr")
    for _ in range(2):  # the draft's two cards
        if who(s) == "frit" and legal(s)[0].startswith("discard"):
            act(s, next(a for a in legal(s) if a != f"discard {CARD_IDS[k]}"))
    assert s.stack[-1]["k"] == turn.PLAY
    act(s, f"play {CARD_IDS[k]}")
    assert "draft build_army fr" in legal(s)  # a second draft this turn, at no cost
    hand = len(s.hand[3])
    act(s, "draft build_army fr")
    assert len(s.hand[3]) == hand + 1 and s.dhidden[3] == 2  # nothing more discarded


@pytest.mark.heading("UNPREPARING A CARD")
def test_no_unprepare_outside_the_prepare_step():
    # "The only time you may unprepare a card is during the Prepare step."
    s = turn_at("ru", "play")
    put(s, "ru", "moscow")
    (k,) = give(s, "ru_ru_27")  # Kerensky Vows to Continue War: prepare up to two cards
    give(s, "build_army/ru")
    prepare(s, "land_battle/ru")
    act(s, f"play {CARD_IDS[k]}")
    assert legal(s) and not any(a.startswith("unprepare") for a in legal(s))
    assert any(a.startswith("prepare") for a in legal(s))


@pytest.mark.heading("STATUS")
@pytest.mark.card("the_girls_with_yellow_hands")
def test_a_status_card_may_be_played_even_when_not_useful():
    s = turn_at("ukus", "play")
    put(s, "uk", "britain")  # no UK Navy: the card cannot be used yet
    (k,) = give(s, "ukus_uk_31")
    assert f"play {CARD_IDS[k]}" in legal(s)
    act(s, f"play {CARD_IDS[k]}")
    assert s.status[4] == [k] and k not in s.discard[4]
    assert s.stack[-1]["k"] > turn.PLAY  # that was the Play step


@pytest.mark.heading("RUNNING OUT OF CARDS")
@pytest.mark.card("sidney_reilly")
def test_a_status_card_to_discard_that_is_not_there_has_no_effect():
    s = turn_at("ukus", "play")
    put(s, "uk", "britain")
    (k,) = give(s, "ukus_uk_25")  # Sidney Reilly: Germany discards one of its Status cards
    fill_hand(s, "de", 2)
    fill_hand(s, "ru", 2)
    act(s, f"play {CARD_IDS[k]}")
    while who(s) in ("de", "ru"):
        act(s, legal(s)[0])
    assert s.vp == [0, 0]  # no Status card to discard: nothing, no VP


@pytest.mark.heading("SCORING ROUNDS")
@pytest.mark.heading("OBJECTIVE TOKENS")
def test_unsupplied_armies_score_and_a_token_scores_for_either_team():
    s = turn_at("frit")
    put(s, "fr", "paris", "romania")  # Romania: unsupplied, far from Paris
    s.tokens |= 1 << space("romania")  # a token placed by anyone
    put(s, "ah", "vienna", "bulgaria")
    s.tokens |= 1 << space("bulgaria")
    assert score(s) == [2, 2]  # Vienna + Bulgaria; Paris + Romania


@pytest.mark.heading("COUNTERATTACK")
@pytest.mark.heading("DIFFICULT TERRAIN")
@pytest.mark.card("cossacks")
def test_a_counterattack_into_difficult_terrain_needs_a_hand_card():
    def battle(hand: int):  # type: ignore[no-untyped-def]
        s = turn_at("ahoe")
        put(s, "ah", "vienna", "budapest")
        put(s, "ru", "moscow", "ukraine", "romania")
        (k,) = give(s, "land_battle/ah")
        give(s, "build_army/ah")
        prepare(s, "build_army/ru", "ru_ru_25")  # a Reinforce Army, Cossacks (Counterattack)
        fill_hand(s, "ru", hand)
        act(s, f"play {CARD_IDS[k]}")
        act(s, "battle romania from budapest")  # clear terrain: no cost for AH&OE
        act(s, f"reinforce {CARD_IDS[s.prepared[1][0]]}")
        return s

    s = battle(0)  # Budapest is difficult terrain and Russia has no card in hand
    assert who(s) != "ru" and "budapest" in pieces(s, "ah") and "romania" in pieces(s, "ru")
    s = battle(1)
    assert who(s) == "ru" and legal(s) == [f"counterattack {CARD_IDS[s.prepared[1][0]]}", "pass"]
    act(s, legal(s)[0])
    assert not s.hand[1] and s.dhidden[1] == 1  # the hand card, unrevealed
    assert "budapest" not in pieces(s, "ah")  # AH&OE has nothing prepared: the battle is won


@pytest.mark.heading("PIECES")
@pytest.mark.card("montenegro")
def test_a_card_cannot_place_a_piece_where_an_enemy_piece_stands():
    # "if an Event card directs you to build a piece in a space but that space is occupied by
    # an enemy piece, you may not build a piece there"
    s = turn_at("ru")
    put(s, "ru", "moscow")
    put(s, "ah", "serbia")
    (k,) = give(s, "ru_ru_22")  # Montenegro: recruit a Russian Army in Serbia
    act(s, f"play {CARD_IDS[k]}")
    assert "serbia" not in pieces(s, "ru") and who(s) == "ru"
    assert not any(a.startswith("recruit") for a in legal(s))


@pytest.mark.heading("PREREQUISITES FOR BATTLE")
@pytest.mark.heading("DIFFICULT TERRAIN")
def test_an_empty_difficult_space_still_costs_a_hand_card():
    s = turn_at("ru")
    put(s, "ru", "moscow", "caucasus")
    (k,) = give(s, "land_battle/ru")
    give(s, "build_army/ru", "build_army/ru")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle azerbaijan from caucasus")  # empty, difficult
    assert who(s) == "ru" and all(a.startswith("discard ") for a in legal(s))
    act(s, legal(s)[0])
    assert len(s.hand[1]) == 1 and s.dhidden[1] == 1


@pytest.mark.heading("ATTRITION SYMBOLS")
def test_a_single_attrition_symbol_needs_no_supplied_army():
    s = turn_at("ru", "attrition")
    put(s, "ru", "galicia")  # no Russian Army in Moscow: Galicia is unsupplied
    put(s, "ah", "vienna")
    prepare(s, "ru_ru_19")
    assert "attrition ru_ru_19 ahoe" in legal(s)


@pytest.mark.heading("PROCEDURE")
def test_teammates_may_add_reinforce_cards_until_the_total_exceeds_the_sustain():
    s = turn_at("de")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "picardy", "belgium")
    put(s, "uk", "britain", "english_channel", "belgium")
    (k,) = give(s, "land_battle/de")
    (fr1,) = prepare(s, "build_army/fr")
    (uk1, uk2) = prepare(s, "build_army/uk", "build_army/uk")
    (d,) = prepare(s, "de_de_44")  # Double Sustain in Belgium
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle belgium from western_germany")
    act(s, f"reinforce {CARD_IDS[fr1]}")  # 1 against 0
    act(s, f"sustain {CARD_IDS[d]}")  # 2 against 1
    assert who(s) == "ukus"  # France has no card left: its teammate is asked
    act(s, f"reinforce {CARD_IDS[uk1]}")  # 2 against 2: not yet more, the defence goes on
    assert who(s) == "ukus" and s.stack[-1]["st"] == "reinforce"
    act(s, f"reinforce {CARD_IDS[uk2]}")  # 3 against 2: Germany has no Sustain left
    assert "belgium" in pieces(s, "fr") and "belgium" in pieces(s, "uk")


@pytest.mark.heading("BUILD")
@pytest.mark.heading("SUPPLY")
def test_a_navy_is_built_only_next_to_a_supplied_piece_of_its_own_country():
    s = turn_at("ukus")
    put(s, "uk", "britain")
    put(s, "fr", "paris", "picardy")
    (k,) = give(s, "build_navy/uk")
    act(s, f"play {CARD_IDS[k]}")
    builds = {a.split()[1] for a in legal(s) if a.startswith("build")}
    assert builds == {"north_atlantic", "english_channel"}  # not next to the French Armies only
