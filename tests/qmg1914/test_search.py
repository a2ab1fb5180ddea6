"""The search bot of Quartermaster General: 1914 and what it stands on: worlds drawn from a view
alone, the evaluator, the strengths. The search never reads hidden information, is
deterministic for a seed, and never offers or plays an illegal action."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from greatwar.bots import bots, make_bot
from greatwar.core.games import game
from greatwar.qmg1914 import engine
from greatwar.qmg1914.bots.evaluate import evaluate, features, win_chance
from greatwar.qmg1914.bots.heuristic import HeuristicBot
from greatwar.qmg1914.bots.levels import STRENGTHS
from greatwar.qmg1914.bots.search import ALL_KEY_STEPS, SearchBot, candidates, distinct
from greatwar.qmg1914.data import (
    CARD_IDS,
    CARDS,
    OBJECTIVE_MASK,
    POWER_CARDS,
    POWERS,
    TEAM_COUNTRY_MASK,
)
from greatwar.qmg1914.encoding import DETERMINIZER, PRIVATE_FIELDS
from greatwar.qmg1914.state import State
from greatwar.qmg1914.view import view

G = game("qmg1914")
ENTENTE = TEAM_COUNTRY_MASK[1]
SRC = Path(__file__).resolve().parents[2] / "src" / "greatwar" / "qmg1914"


def _play(s: State, decisions: int, seed: int = 1, noise: float = 0.0) -> None:
    """Play on with heuristic bots (a random legal action with chance ``noise``)."""
    r = random.Random(seed)
    bot = HeuristicBot(seed)
    for _ in range(decisions):
        p = engine.to_act(s)
        if p is None:
            return
        v = view(s, POWERS[p])
        a = r.choice(v["legal"]) if r.random() < noise else bot.choose(v)
        engine.apply(s, a, p)


def _to_play_step(s: State, power: str, seed: int = 1) -> None:
    """Play on (heuristic) until ``power`` is to choose the card of its Play step."""
    bot = HeuristicBot(seed)
    while True:
        p = engine.to_act(s)
        assert p is not None
        v = view(s, POWERS[p])
        if POWERS[p] == power and v["prompt"] == "turn.play" and len(v["legal"]) > 2:
            return
        engine.apply(s, bot.choose(v), p)


def _position(decisions: int = 120, power: str = "de", seed: int = 4) -> State:
    s = engine.new_game(None, seed)
    _play(s, decisions)
    _to_play_step(s, power)
    return s


def _same_view(a: dict[str, Any], b: dict[str, Any]) -> None:
    for k in a:
        if k != "log":
            assert a[k] == b[k], k


# -- worlds from a view ---------------------------------------------------------------------


def test_a_world_drawn_from_a_view_shows_that_view_and_plays_on() -> None:
    s = engine.new_game(None, 9)
    rnd = random.Random(2)
    bot = HeuristicBot(3)
    worlds = 0
    for i in range(600):
        if s.result is not None:
            break
        if i % 25 == 0:
            for seat in POWERS:
                v = view(s, seat)
                w = DETERMINIZER.world(v, i)
                worlds += 1
                _same_view(v, view(w, seat))
                assert not w.log and not w.logging  # nothing hidden travels in a log
                assert G.problems(w) == []
                for _ in range(40):  # the world is a game: it plays on
                    p = engine.to_act(w)
                    if p is None:
                        break
                    engine.apply_unchecked(w, rnd.choice(engine.legal_actions(w)))
                assert G.problems(w) == []
        p = engine.to_act(s)
        assert p is not None
        legal = engine.legal_actions(s)
        a = bot.choose(view(s, POWERS[p])) if rnd.random() < 0.7 else str(rnd.choice(legal))
        engine.apply(s, a, p)
    assert worlds >= 100


def test_worlds_deal_the_hidden_cards_anew_and_keep_every_card_once() -> None:
    s = _position(100, "ru")
    me = POWERS.index("ru")
    v = view(s, "ru")
    hands = set()
    for seed in range(6):
        w = DETERMINIZER.world(v, seed)
        assert w.hand[me] == s.hand[me] and w.prepared[me] == s.prepared[me]
        assert w.discard[me] == s.discard[me]
        assert sorted(w.deck[me]) == sorted(s.deck[me])  # its own deck: known cards, any order
        for p in range(len(POWERS)):
            assert w.status[p] == s.status[p]
            for pile in ("hand", "prepared", "deck", "discard"):
                assert len(getattr(w, pile)[p]) == len(getattr(s, pile)[p])
            cards = w.hand[p] + w.prepared[p] + w.deck[p] + w.discard[p] + w.status[p]
            assert sorted(cards) == sorted(POWER_CARDS[p])
            if len(s.discard[p]) > s.dhidden[p]:  # a face-up top is known
                assert w.discard[p][-1] == s.discard[p][-1]
        hands.add(tuple(sorted(w.hand[POWERS.index("de")])))
    assert len(hands) > 1  # another power's hand is drawn, not read


def test_a_world_does_not_depend_on_the_hidden_cards() -> None:
    s = _position(100, "frit")
    other = DETERMINIZER.resample(s, "frit", 77)  # every other power's cards dealt again
    assert other.hand[POWERS.index("de")] != s.hand[POWERS.index("de")]
    v1, v2 = view(s, "frit"), view(other, "frit")
    _same_view(v1, v2)
    w1, w2 = DETERMINIZER.world(v1, 5), DETERMINIZER.world(v2, 5)
    assert G.hash(w1) == G.hash(w2)


def test_a_hand_the_seat_was_shown_stays_in_its_worlds() -> None:
    """Russia's Redl shows it Austria-Hungary's hand (a private field of its decision): in
    Russia's worlds those cards are in that hand; in Germany's they are dealt again."""
    s = G.new_game("standard", None, 1)
    while G.to_act(s) is not None and s.stack[-1]["step"] == "keep":
        G.apply_unchecked(s, G.legal_actions(s)[0])
    hand = list(s.hand[0])
    s.stack.append({"step": "redl", "p": 1, "victim": 0, "_hand": [CARD_IDS[k] for k in hand]})
    for i in range(5):
        assert sorted(DETERMINIZER.world(view(s, "ru"), i).hand[0]) == sorted(hand)
    germany = [sorted(DETERMINIZER.world(view(s, "de"), i).hand[0]) for i in range(5)]
    assert any(h != sorted(hand) for h in germany)
    # in Germany's world, Russia's decision gets the hand it looks at from the world
    w = DETERMINIZER.world(view(s, "de"), 0)
    assert sorted(w.stack[-1]["_hand"]) == sorted(CARD_IDS[k] for k in w.hand[0])


def test_every_private_frame_field_of_the_rules_is_filled_in_worlds() -> None:
    """The view leaves out another power's private frame fields (``_name``); a world fills
    each one the rules code keeps (:data:`PRIVATE_FIELDS`), so a new one must be added there."""
    found = set()
    for path in SRC.rglob("*.py"):
        if "bots" in path.parts or path.name == "encoding.py":
            continue
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r"""\[["'](_[a-z_]+)["']\]""", text))
        found |= set(re.findall(r"""[(,]\s*(_[a-z][a-z_]*)=""", text))
    assert found and found <= set(PRIVATE_FIELDS), found - set(PRIVATE_FIELDS)


# -- the evaluator --------------------------------------------------------------------------


def test_the_evaluator_is_symmetric_and_follows_the_vp() -> None:
    s = _position(80, "de")
    c, e = evaluate(s, 0), evaluate(s, 1)
    assert c == pytest.approx(-e)
    assert 0.0 < win_chance(s, 0) < 1.0
    assert win_chance(s, 0) + win_chance(s, 1) == pytest.approx(1.0)
    s.vp[0] += 3
    assert evaluate(s, 0) > c and evaluate(s, 1) < e


def test_the_evaluator_counts_objectives_and_cards() -> None:
    s = _position(80, "de")
    before = features(s)
    # the Entente Armies leave the Objectives they hold: the race swings to the central powers
    held = [x for x in range(len(s.occ)) if OBJECTIVE_MASK >> x & 1 and s.occ[x] & ENTENTE]
    assert held
    for x in held:
        s.occ[x] &= ~ENTENTE
    s.cache = {}
    assert features(s)[1] > before[1]
    t = _position(80, "de")
    v = evaluate(t, 0)
    t.deck[2] = t.deck[2][:2]  # Germany runs out of cards
    assert evaluate(t, 0) < v


def test_the_evaluator_scores_a_finished_game_decisively() -> None:
    s = _position(40, "de")
    s.result = {"outcome": "central", "reason": "sudden victory", "turn": 3}
    assert win_chance(s, 0) > 0.99 and win_chance(s, 1) < 0.01


# -- the search -----------------------------------------------------------------------------


def test_candidates_weigh_one_copy_of_a_card() -> None:
    builds = [k for k in POWER_CARDS[2] if CARDS[k].type == "build_army"]
    assert len(builds) >= 2
    actions = [f"play {CARD_IDS[k]}" for k in builds] + ["pass"]
    assert distinct(actions, 4) == [actions[0], "pass"]


def test_the_search_gives_the_same_decision_whatever_the_hidden_cards() -> None:
    s = _position(120, "de")
    other = DETERMINIZER.resample(s, "de", 123)
    for p in (1, 3, 4):
        assert sorted(other.hand[p]) != sorted(s.hand[p])  # the Entente hold other cards
    v1, v2 = view(s, "de"), view(other, "de")
    a = SearchBot(seed=5, sims=8)
    b = SearchBot(seed=5, sims=8)
    assert a.choose(v1) == b.choose(v2)
    assert a.last == b.last and a.last  # the same statistics: nothing hidden went in


def test_the_same_seed_gives_the_same_decision() -> None:
    s = _position(100, "frit")
    v = view(s, "frit")
    a = SearchBot(seed=3, sims=8)
    b = SearchBot(seed=3, sims=8)
    assert a.choose(v) == b.choose(v) and a.last == b.last
    assert sum(n for n, _ in a.last.values()) == 8
    assert set(a.last) == set(candidates(HeuristicBot(0), v, a.top))
    st = a.stats()  # its own figures for the arena
    assert st["searched"] == 1 and st["search_seconds"] == st["slowest_search"] > 0


def test_the_decision_does_not_depend_on_the_number_of_processes() -> None:
    s = _position(100, "ahoe")
    v = view(s, "ahoe")
    one = SearchBot(seed=3, sims=8, workers=1)
    two = SearchBot(seed=3, sims=8, workers=2)
    try:
        assert one.choose(v) == two.choose(v)
        assert one.last == two.last
    finally:
        two.close()


def test_a_time_budget_searches_until_the_time_is_up() -> None:
    s = _position(100, "ukus")
    v = view(s, "ukus")
    bot = SearchBot(seed=1, think=0.2)
    assert bot.choose(v) in v["legal"]
    assert sum(n for n, _ in bot.last.values()) >= 1


def test_the_search_never_plays_an_illegal_action() -> None:
    """Over random positions (heuristic play with random moves mixed in), every power played
    by a search bot that searches every key step it knows: each answer and each candidate it
    weighed is legal (the engine checks each answer)."""
    searched = 0
    for seed in (2, 6):
        s = engine.new_game(None, seed)
        _play(s, 40 + 30 * seed, seed=seed, noise=0.3)
        players = {p: SearchBot(seed=i, sims=2, key_steps=ALL_KEY_STEPS) for i, p in
                   enumerate(POWERS)}  # fmt: skip
        for _ in range(70):
            p = engine.to_act(s)
            if p is None:
                break
            v = view(s, POWERS[p])
            bot = players[POWERS[p]]
            text = bot.choose(v)
            assert text in v["legal"]
            for cand in bot.last:
                assert cand in v["legal"]
            engine.apply(s, text, p)
        searched += sum(b.searched for b in players.values())
    assert searched >= 8


def test_a_search_needs_a_budget() -> None:
    with pytest.raises(ValueError, match="budget"):
        SearchBot(sims=0)


# -- the strengths --------------------------------------------------------------------------


def test_the_strengths_are_bots_of_the_game() -> None:
    known = bots("qmg1914")
    for level in (*STRENGTHS, "heuristic", "search", "random"):
        assert level in known
    easy = make_bot("easy", 1, "qmg1914")
    assert isinstance(easy, HeuristicBot) and easy.name == "easy"
    normal = make_bot("normal", 1, "qmg1914")
    assert isinstance(normal, SearchBot) and normal.name == "normal" and normal.sims >= 8
    assert normal.key_steps == {"turn.play", "turn.prepare"}  # the card played, the prepared
    timed = make_bot("normal", 1, "qmg1914", think=0.5, workers=2)
    assert isinstance(timed, SearchBot) and timed.think == 0.5 and timed.workers == 2
    with pytest.raises(ValueError, match="takes no 'think'"):
        make_bot("easy", 1, "qmg1914", think=1.0)


def test_the_benchmark_reports_the_search_throughput() -> None:
    from greatwar.qmg1914.bots.bench import bench

    r = bench(seed=2, decisions=1, sims=2)
    assert r["decisions"] == 1 and r["simulations"] == 2
    for key in ("simulations_per_second", "seconds_per_decision", "cpu_seconds_per_decision"):
        assert key in r  # printed, never judged: no assertion on time
