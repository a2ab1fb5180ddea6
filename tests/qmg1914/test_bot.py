"""The heuristic bot: it sees views only, is deterministic for a seed, makes the sensible choice
in positions where one is clear (take an Objective, save a Home, clear an enemy Objective,
strike with Attrition, draw to seven), and beats the random bot from either side."""

from __future__ import annotations

import pytest

from greatwar.arena import play_game
from greatwar.bots import bot_names, make_bot
from greatwar.core.games import game
from greatwar.qmg1914 import engine
from greatwar.qmg1914.bots.model import Model, public_state
from greatwar.qmg1914.data import CARD_IDS, CARDS, COUNTRIES, SPACE_INDEX
from tests.qmg1914.helpers import act, give, prepare, put, turn_at, who

G = game("qmg1914")


def choice(s, seed=0):  # type: ignore[no-untyped-def]
    p = who(s)
    assert p is not None
    return make_bot("heuristic", seed, "qmg1914").choose(G.view(s, p))


def test_registered_for_the_game():
    assert "heuristic" in bot_names("qmg1914") and "random" in bot_names("qmg1914")


def test_the_public_state_holds_no_hidden_card():
    s = turn_at("de", keep_board=True)
    give(s, "build_army/de", "land_battle/de")
    give(s, "build_army/fr")
    prepare(s, "build_army/ru")
    v = G.view(s, "de")
    ps = public_state(v)
    assert ps.hand[2] == s.hand[2] and ps.prepared[2] == s.prepared[2]
    for p in (0, 1, 3, 4):
        assert ps.hand[p] == [] and ps.prepared[p] == [] and ps.deck[p] == []
    assert ps.occ == s.occ and ps.tokens == s.tokens


def test_builds_where_it_takes_an_objective():
    s = turn_at("ru")
    put(s, "ru", "moscow")
    put(s, "de", "berlin")
    (k,) = give(s, "build_army/ru")
    act(s, f"play {CARD_IDS[k]}")
    # Moscow's neighbours: Petrograd, Ukraine (no Objective), Caucasus; nothing else is in reach
    assert choice(s) in {"build petrograd", "build ukraine", "build caucasus"}
    s = turn_at("ru")
    put(s, "ru", "moscow", "petrograd")
    (k,) = give(s, "build_army/ru")
    act(s, f"play {CARD_IDS[k]}")
    assert choice(s) == "build poland"  # the Objective next to the supply line


def test_reinforces_an_objective_it_would_lose():
    s = turn_at("ru")
    put(s, "ru", "moscow", "petrograd", "poland")
    put(s, "de", "berlin", "prussia")
    (b,) = give(s, "land_battle/ru")
    give(s, "build_army/ru")
    prepare(s, "build_army/de")  # a German Reinforce Army
    act(s, f"play {CARD_IDS[b]}")
    act(s, "battle prussia from poland")
    assert who(s) == "de"
    assert choice(s).startswith("reinforce ")


def test_battles_the_enemy_objective_rather_than_an_empty_space():
    s = turn_at("frit")
    put(s, "fr", "paris", "burgundy")
    put(s, "de", "berlin", "western_germany", "belgium")
    (k,) = give(s, "land_battle/fr")
    give(s, "build_army/fr")
    act(s, f"play {CARD_IDS[k]}")
    # not the empty Picardy: an enemy-held Objective (Western Germany also cuts Belgium's line)
    assert choice(s) in {"battle belgium from burgundy", "battle western_germany from burgundy"}


def test_plays_a_card_rather_than_passing_and_draws_to_seven():
    s = turn_at("ru")
    put(s, "ru", "moscow")
    give(s, "build_army/ru", "build_army/ru", "land_battle/ru")
    assert choice(s).startswith("play ")
    s = turn_at("ru", "draw")
    give(s, "build_army/ru")
    assert choice(s) == "draw 6"


def test_strikes_with_attrition_and_loses_its_worst_card():
    s = turn_at("ru", "attrition")
    put(s, "ru", "moscow", "ukraine")
    put(s, "ah", "vienna", "galicia")
    prepare(s, "ru_ru_19")  # a single black Attrition symbol
    give(s, "build_army/ah", "ahoe_ah_18")
    assert choice(s) == "attrition ru_ru_19 ahoe"
    act(s, "attrition ru_ru_19 ahoe")
    assert who(s) == "ahoe"
    assert choice(s) != "lose vp"  # a card (or the deck's top) while it has cards


def test_deterministic_for_a_seed():
    a = play_game(0, 77, {"central": ("heuristic", "heuristic"), "entente": ("h", "heuristic")},
                  game_id="qmg1914")  # fmt: skip
    b = play_game(0, 77, {"central": ("heuristic", "heuristic"), "entente": ("h", "heuristic")},
                  game_id="qmg1914")  # fmt: skip
    assert a.error is None and (a.outcome, a.turn, a.actions) == (b.outcome, b.turn, b.actions)


def test_the_model_values_objectives():
    s = turn_at("frit")
    put(s, "fr", "paris")
    m = Model(G.view(s, "frit"))
    before = m.base
    fr, picardy, paris = COUNTRIES.index("fr"), SPACE_INDEX["picardy"], SPACE_INDEX["paris"]
    assert m.value(m.placed(fr, picardy)) > before  # a French Army in Picardy (an Objective)
    assert m.value(m.cleared(paris, 1)) < before  # Paris lost


@pytest.mark.parametrize("seed", [1, 2])
def test_beats_the_random_bot_from_either_side(seed):
    for lineup in (
        {"central": ("heuristic", "heuristic"), "entente": ("random", "random")},
        {"central": ("random", "random"), "entente": ("heuristic", "heuristic")},
    ):
        g = play_game(seed, 500 + seed, lineup, game_id="qmg1914")
        assert g.error is None
        assert g.winner == "heuristic", (lineup, g.outcome, g.reason)


@pytest.mark.heading("PIECES")
def test_does_not_take_its_own_pieces_off_for_nothing():
    s = turn_at("frit")
    put(s, "fr", "paris", "picardy")
    give(s, "build_army/fr")
    assert "remove" in G.view(s, "frit")["legal"] and choice(s) != "remove"
    act(s, "remove")  # were it in the list of pieces, it goes back to its decision
    assert engine.step_name(s) == "remove_piece" and choice(s) == "pass"


def test_every_prompt_of_a_game_is_answered_with_a_legal_action():
    seen = set()
    for seed in range(3):
        s = engine.new_game(None, seed)
        bots = {p: make_bot("heuristic", seed + i, "qmg1914") for i, p in enumerate(G.seats)}
        while G.outcome(s) is None:
            p = G.to_act(s)
            v = G.view(s, p)
            seen.add(str(v["prompt"]).split(".")[0])
            a = bots[p].choose(v)
            assert a in v["legal"] and a != "remove"
            G.apply_unchecked(s, G.check(s, a, p))
    assert {"turn", "place", "battle", "loss", "setup"} <= seen
    assert CARDS  # the data is loaded
