"""Building Quartermaster General: 1914 positions for tests.

``turn_at(power, step)`` gives a game past set-up in which it is ``power``'s turn at the named
step (``draft play attrition prepare draw``), with an empty board unless ``keep_board``; cards
are moved between piles with ``give``/``prepare``/``to_deck``; pieces placed with ``put``.
``act`` applies an action (checked) and then checks every invariant.
"""

from __future__ import annotations

from greatwar.qmg1914 import engine, invariants
from greatwar.qmg1914.data import (
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    COUNTRIES,
    POWERS,
    SPACE_IDS,
    SPACE_INDEX,
    cards_of_key,
)
from greatwar.qmg1914.flow import REMOVE, STEPS
from greatwar.qmg1914.state import State
from greatwar.qmg1914.turn import STEP_NAMES


def past_setup(seed: int = 0, options: dict[str, object] | None = None) -> State:
    """A new game whose opening hands are chosen (each power bottoms its first 3 cards)."""
    s = engine.new_game(options, seed)
    while engine.step_name(s) == "keep":
        p = engine.to_act(s)
        assert p is not None
        act(s, f"bottom {CARD_IDS[s.hand[p][0]]}")
    return s


def turn_at(
    power: str,
    step: str = "play",
    seed: int = 0,
    keep_board: bool = False,
    round: int = 1,
    options: dict[str, object] | None = None,
) -> State:
    """``power``'s turn at ``step`` in ``round``; every hand, prepared row and table emptied
    into the decks (hands refilled with ``give``), the board emptied unless ``keep_board``."""
    s = past_setup(seed, options)
    p = POWERS.index(power)
    for q in range(5):
        s.deck[q] = s.deck[q] + s.hand[q] + s.prepared[q] + s.status[q] + s.discard[q]
        s.hand[q], s.prepared[q], s.status[q], s.discard[q] = [], [], [], []
        s.dhidden[q] = 0
    if not keep_board:
        s.occ = [0] * len(s.occ)
    s.cache.clear()
    s.round = round
    s.cur = p
    s.tflags = {}
    s.stack = [
        {"step": "game", "ph": "play", "i": p + 1},
        {"step": "turn", "p": p, "k": STEP_NAMES.index(step)},
    ]
    s.log = []
    return s


def card(cid: str) -> int:
    """A card id, or ``key/country``: the first copy."""
    if cid in CARD_INDEX:
        return CARD_INDEX[cid]
    key, _, country = cid.partition("/")
    return next(
        k for k in cards_of_key(key) if not country or COUNTRIES[CARDS[k].country] == country
    )


def _owner(k: int) -> int:
    return CARDS[k].power


def _pull(s: State, k: int) -> int:
    p = _owner(k)
    for name in ("deck", "hand", "prepared", "status", "discard"):
        pile = getattr(s, name)[p]
        if k in pile:
            if name == "discard" and pile.index(k) < s.dhidden[p]:
                s.dhidden[p] -= 1
            pile.remove(k)
            return p
    raise AssertionError(f"card {k} is nowhere")


def give(s: State, *cids: str) -> list[int]:
    """Move the cards to their owners' hands (a key takes the first copy not yet in hand)."""
    out = []
    for cid in cids:
        k = _free(s, cid, "hand")
        p = _pull(s, k)
        s.hand[p].append(k)
        out.append(k)
    return out


def prepare(s: State, *cids: str) -> list[int]:
    out = []
    for cid in cids:
        k = _free(s, cid, "prepared")
        p = _pull(s, k)
        s.prepared[p].append(k)
        out.append(k)
    return out


def table(s: State, *cids: str) -> list[int]:
    out = []
    for cid in cids:
        k = _free(s, cid, "status")
        p = _pull(s, k)
        s.status[p].append(k)
        out.append(k)
    return out


def fill_hand(s: State, power: str, n: int) -> list[int]:
    """Top the hand up to ``n`` cards from the deck (cards not otherwise named in the test)."""
    p = POWERS.index(power)
    got = []
    while len(s.hand[p]) < n:
        k = s.deck[p].pop(0)
        s.hand[p].append(k)
        got.append(k)
    return got


def _free(s: State, cid: str, pile: str) -> int:
    """A card id, or ``key/country`` (``build_army/ru``): the first copy still in the deck."""
    if cid in CARD_INDEX:
        return CARD_INDEX[cid]
    key, _, country = cid.partition("/")
    for k in cards_of_key(key):
        if country and COUNTRIES[CARDS[k].country] != country:
            continue
        if k in s.deck[_owner(k)]:
            return k
    raise AssertionError(f"no copy of {cid} left in the deck")


def put(s: State, country: str, *spaces: str) -> None:
    c = COUNTRIES.index(country)
    for x in spaces:
        s.occ[SPACE_INDEX[x]] |= 1 << c
    s.cache.clear()


def pieces(s: State, country: str) -> set[str]:
    c = COUNTRIES.index(country)
    return {SPACE_IDS[x] for x, bits in enumerate(s.occ) if bits >> c & 1}


def settle(s: State) -> State:
    STEPS.settle(s)
    invariants.check(s)
    return s


def act(s: State, text: str) -> None:
    engine.apply(s, text)
    invariants.check(s)


def legal(s: State) -> list[str]:
    """The decision's own choices: every legal action but ``remove``, which PIECES offers at
    every decision of the power whose turn it is (ruling Q6; :func:`all_legal` has it)."""
    return [str(a) for a in engine.legal_actions(s) if a != REMOVE]


def all_legal(s: State) -> list[str]:
    return [str(a) for a in engine.legal_actions(s)]


def who(s: State) -> str | None:
    return engine.seat_name(engine.to_act(s))


def empty_deck(s: State, power: str) -> None:
    """Move the whole draw deck under the discard pile (unrevealed)."""
    p = POWERS.index(power)
    s.discard[p] = s.deck[p] + s.discard[p]
    s.dhidden[p] += len(s.deck[p])
    s.deck[p] = []


def clear(s: State, *spaces: str) -> None:
    """Take every piece off the named spaces."""
    for x in spaces:
        s.occ[SPACE_INDEX[x]] = 0
    s.cache.clear()
