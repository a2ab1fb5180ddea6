"""Strategy card piles: drawing, discarding, removing, and adding War Commitment decks.

Rules: 2.3 and 9.1.2 (three deck groups, one added per War Commitment level), 6.0 G (draw to a
full hand, reshuffle the discards when the draw pile runs out, short hands), 16.1.3-16.1.4
(added cards join the draw pile; the draw and discard piles are reshuffled together).
"""

from __future__ import annotations

from greatwar.pog.data import Card
from greatwar.pog.flow import D, log, shuffle
from greatwar.pog.scenarios import hand_size
from greatwar.pog.state import PILES, State

CARDS = D.cards
DECK_ORDER = ("mobilization", "limited", "total")  # War Commitment levels 0, 1, 2


def card(c: int) -> Card:
    return CARDS[c]


def cid(c: int) -> str:
    return CARDS[c].id


def pile_of(s: State, side: int, c: int) -> str:
    """The name of the pile holding card ``c`` of ``side``."""
    for name in PILES:
        if c in getattr(s, name)[side]:
            return name
    raise KeyError(f"card {CARDS[c].id} is in no pile")


def move_card(s: State, side: int, c: int, src: str, dst: str) -> None:
    getattr(s, src)[side].remove(c)
    getattr(s, dst)[side].append(c)


def finish_played(s: State, side: int, c: int, as_event: bool) -> None:
    """A card's play is over: it leaves the game if it was an asterisk event (9.5.1.2),
    otherwise it goes to the discard pile."""
    removed = as_event and CARDS[c].removed_after_event
    move_card(s, side, c, "played", "removed" if removed else "discard")


def draw(s: State, side: int, n: int) -> int:
    """Draw up to ``n`` cards into the hand; returns how many were drawn (6.0 G)."""
    drawn = 0
    deck = s.deck[side]
    for _ in range(n):
        if not deck:
            if not s.discard[side]:
                break
            # 6.0 G: reshuffle the discards once every other card has been dealt.
            deck.extend(s.discard[side])
            s.discard[side].clear()
            shuffle(s, deck)
            log(s, "deck.reshuffled", "6.0G", side)
        s.hand[side].append(deck.pop())
        drawn += 1
    if drawn:
        s.chance += 1
    return drawn


def draw_to_full(s: State, side: int) -> int:
    """Fill the hand to 7 (or 8 with 9.1.4) cards."""
    want = hand_size(s.options) - len(s.hand[side])
    got = draw(s, side, want) if want > 0 else 0
    log(s, "cards.drawn", "6.0G", side, count=got, hand=len(s.hand[side]))
    return got


def add_commitment_deck(s: State, side: int, level: int) -> int:
    """Move the cards of deck group ``level`` (1 Limited, 2 Total War) from ``later`` into
    the draw pile (16.1.3, 16.1.4). Returns the number of cards added."""
    group = DECK_ORDER[level]
    moving = [c for c in s.later[side] if CARDS[c].deck == group]
    for c in moving:
        s.later[side].remove(c)
        s.deck[side].append(c)
    return len(moving)


def reshuffle_draw_and_discard(s: State, side: int) -> None:
    """16.1.3-16.1.4: the draw pile and the discard pile are shuffled together."""
    s.deck[side].extend(s.discard[side])
    s.discard[side].clear()
    shuffle(s, s.deck[side])
    log(s, "deck.new_draw_pile", "16.1.3", side, cards=len(s.deck[side]))
