"""Views never leak the other seat's hand or any deck order."""

import json
import random

import pytest

from greatwar.pog import engine
from greatwar.pog.cards import CARDS
from greatwar.pog.data import AP, CP
from greatwar.pog.view import view

PUBLIC_CARD_KEYS = {
    "card.event",
    "card.ops",
    "card.rp",
    "card.sr",
    "card.discarded",
    "card.table_discarded",
    "setup.guns_of_august",
    "cc.played",
    "cc.used",
    "cc.discarded",
    "cc.kept",
    "cc.removed",
}


def _card_ids_in(obj: object) -> set[str]:
    text = json.dumps(obj)
    return {c.id for c in CARDS if f'"{c.id}"' in text or f" {c.id}" in text}


@pytest.mark.parametrize("scenario, seed", [("historical", 5), ("campaign", 8)])
def test_no_view_contains_the_other_hand_or_deck_order(scenario, seed):
    s = engine.new_game(scenario, {"optional_cards": "select"} if seed == 8 else None, seed)
    r = random.Random(seed)
    steps = 0
    while not engine.is_over(s) and steps < 700:
        for seat, other in ((AP, CP), (CP, AP)):
            v = view(s, seat)
            log = v.pop("log")
            seen = _card_ids_in(v)
            for e in log:  # log entries name only cards that were played or shown openly
                if _card_ids_in(e.get("a", {})):
                    public_key = e["k"] in PUBLIC_CARD_KEYS or e["k"].startswith(
                        ("card.", "cc.", "event.")
                    )
                    assert public_key or e.get("v") == v["seat"], e
            public = set()
            for pile in ("discard", "removed", "table", "played"):
                public |= {CARDS[c].id for side in (0, 1) for c in getattr(s, pile)[side]}
            # The other seat's hand, draw pile and secretly chosen cards stay hidden.
            secret = {CARDS[c].id for c in (*s.hand[other], *s.deck[other], *s.out[other])}
            leaked = (seen & secret) - public
            assert not leaked, (seat, leaked)
            # No deck order anywhere: only counts.
            assert v["cards"]["deck_count"] == {"ap": len(s.deck[0]), "cp": len(s.deck[1])}
            for side in (0, 1):
                order = [CARDS[c].id for c in s.deck[side]]
                if len(order) > 1:
                    assert json.dumps(order)[1:-1] not in json.dumps(v)
        engine.apply_unchecked(s, r.choice(engine.legal_actions(s)))
        steps += 1


def test_the_seed_is_never_shown():
    s = engine.new_game("campaign", seed=987654321)
    for seat in (AP, CP):
        assert "987654321" not in json.dumps(view(s, seat))


def test_view_offers_actions_only_to_the_seat_to_act():
    s = engine.new_game("historical", seed=1)
    actor = engine.to_act(s)
    assert view(s, actor)["legal"] == [str(a) for a in engine.legal_actions(s)]
    assert view(s, 1 - actor)["legal"] == []
    with pytest.raises(ValueError):
        view(s, "us")


def test_every_logged_key_has_a_template():
    from greatwar.pog import messages
    from greatwar.selfplay import play_random

    for scenario, seed in (("historical", 3), ("campaign", 4), ("limited", 5)):
        g = play_random(scenario, seed, keep_state=True)
        assert g.state is not None
        missing = {e["k"] for e in g.state.log} - set(messages.EN)
        assert not missing, missing
        for e in g.state.log:
            assert not messages.render(e).startswith("["), e


def test_every_prompt_has_a_sentence():
    from greatwar.pog import messages

    seen = set()
    for scenario, seed in (("historical", 3), ("campaign", 4)):
        s = engine.new_game(scenario, seed=seed)
        r = random.Random(seed)
        while not engine.is_over(s):
            seen.add(engine.prompt(s))
            engine.apply_unchecked(s, r.choice(engine.legal_actions(s)))
    assert seen - set(messages.PROMPTS_EN) == set()
