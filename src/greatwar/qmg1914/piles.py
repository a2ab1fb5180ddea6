"""Moving cards between a power's piles (CARDS, DISCARDING CARDS, 5. DRAW STEP).

Draw decks and discard piles keep their top at the end of the list. Discarding *revealed* (the
card's face is being used: a played card, a prepared card used in battle) puts the card on top of
the discard pile; discarding *unrevealed* (draft costs, difficult terrain, losses) puts it at the
bottom, where ``s.dhidden`` counts it (DISCARDING CARDS).
"""

from __future__ import annotations

from greatwar.qmg1914.data import CARD_IDS, CARDS
from greatwar.qmg1914.flow import log, reveal, shuffle
from greatwar.qmg1914.state import State


def take(s: State, p: int, pile: str, k: int) -> None:
    """Take card ``k`` out of power ``p``'s ``pile`` (it must be there)."""
    cards: list[int] = getattr(s, pile)[p]
    if pile == "discard":
        i = cards.index(k)
        if i < s.dhidden[p]:
            s.dhidden[p] -= 1
        del cards[i]
    else:
        cards.remove(k)


def where(s: State, p: int, k: int) -> str:
    """The pile of power ``p`` holding card ``k``."""
    for name in ("hand", "prepared", "status", "discard", "deck"):
        if k in getattr(s, name)[p]:
            return name
    raise ValueError(f"card {CARD_IDS[k]} is in no pile of power {p}")


def discard_top(s: State, p: int, k: int) -> None:
    """DISCARDING CARDS: the card's face is used: on top of the discard pile, revealed."""
    s.discard[p].append(k)


def discard_bottom(s: State, p: int, k: int) -> None:
    """DISCARDING CARDS: nothing on the card's face is used: to the bottom, unrevealed."""
    s.discard[p].insert(0, k)
    s.dhidden[p] += 1


def discard_from(s: State, p: int, pile: str, k: int, revealed: bool) -> None:
    take(s, p, pile, k)
    if revealed:
        discard_top(s, p, k)
    else:
        discard_bottom(s, p, k)


def draw(s: State, p: int, n: int) -> int:
    """Move up to ``n`` cards from the top of ``p``'s draw deck to its hand; returns how many."""
    deck = s.deck[p]
    hand = s.hand[p]
    got = 0
    while got < n and deck:
        hand.append(deck.pop())
        got += 1
    if got:
        reveal(s)
    return got


def shuffle_deck(s: State, p: int) -> None:
    shuffle(s, s.deck[p])


def discard_deck_top(s: State, p: int) -> bool:
    """Discard the top card of the draw deck, unrevealed (bottom of the discard pile)."""
    if not s.deck[p]:
        return False
    discard_bottom(s, p, s.deck[p].pop())
    return True


def find_in_deck(s: State, p: int, country: int, ctype: str) -> int:
    """A card of ``country`` and type ``ctype`` in the draw deck (the lowest id: copies are
    identical), or -1."""
    best = -1
    for k in s.deck[p]:
        c = CARDS[k]
        if c.country == country and c.type == ctype and (best < 0 or k < best):
            best = k
    return best


def log_discard(s: State, p: int, k: int, pile: str, revealed: bool, why: str) -> None:
    """Log a discard: revealed cards by name for everyone; unrevealed ones by pile only, with
    a private entry naming the card for its owner (WHO CAN SEE WHAT?)."""
    if revealed:
        log(s, "card.discard_shown", "DISCARDING CARDS", p, card=CARD_IDS[k], pile=pile, why=why)
    else:
        log(s, "card.discard_hidden", "DISCARDING CARDS", p, pile=pile, why=why)
        log(s, "card.discard_own", "DISCARDING CARDS", p, True, card=CARD_IDS[k], pile=pile)
