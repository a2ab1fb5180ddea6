"""The event protocol and the common procedure of an event play (9.5.1)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

from greatwar.pog.cards import CARDS, move_card
from greatwar.pog.flow import log, push
from greatwar.pog.state import State
from greatwar.pog.tracks import log_track_moves, raise_war_status


class Event(ABC):
    """One card event. Subclasses set ``key`` (the card's ``event_key``) and ``rule``."""

    key: str = ""
    rule: str = "9.5.1"

    def playable(self, s: State, side: int, card: int) -> bool:
        """The card's own preconditions (the common ones are checked by the caller).
        ``card`` tells a base card from its Valiant version, which share a key."""
        return True

    @abstractmethod
    def play(self, s: State, side: int, card: int) -> None:
        """Carry out the event. May push decision frames."""


EVENTS: dict[str, Event] = {}

# Called with (state, side) when a player's action of an action round is over: the High
# Seas Fleet VP (cp25), the log of the US Entry and Russian Capitulation markers' moves.
AFTER_ACTION: list[Callable[[State, int], None]] = []


def register(cls: type[Event]) -> type[Event]:
    """Class decorator: register an event under its key."""
    if not cls.key or cls.key in EVENTS:
        raise ValueError(f"event {cls.key!r} has no key or is registered twice")
    EVENTS[cls.key] = cls()
    return cls


def event_implemented(card: int) -> bool:
    return CARDS[card].event_key in EVENTS


def playable_event(s: State, side: int, card: int) -> bool:
    """Can ``side`` play ``card`` from its hand as an event now? Combat cards are played only
    during a combat (9.5.4.1), never as an action."""
    c = CARDS[card]
    if c.combat_card:
        return False
    ev = EVENTS.get(c.event_key)
    return ev is not None and ev.playable(s, side, card)


def play_event(s: State, side: int, card: int) -> None:
    """9.5.1: play ``card`` as an event: War Status (9.5.1.3), the effect, then (for cards that
    are both event and operation, 9.1.3) the operation; the card is discarded or removed when
    the whole play is over (9.5.1.2)."""
    c = CARDS[card]
    move_card(s, side, card, "hand", "played")
    log(s, "card.event", "9.5.1", side, card=c.id)
    s.events[c.event_key] = s.turn
    push(s, "finish_card", side=side, card=card, event=1)
    if c.event_also_ops:
        push(s, "operation", side=side, ops=c.ops, card=card)
    raise_war_status(s, side, c.war_status)
    log_track_moves(s)  # 16.3, 16.4: the markers follow the events played and War Status
    EVENTS[c.event_key].play(s, side, card)
