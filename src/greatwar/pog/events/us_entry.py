"""America enters the war (16.3): Zimmermann Telegram (ap54) and Over There (ap55).

The US Entry marker is derived from the events played (:func:`greatwar.pog.tracks.us_entry_box`):
Combined War Status 30 opens the Zimmermann Telegram (16.3.2); the Telegram makes the US an
active Allied nation (16.3.3); Over There, on a later turn, opens the US reinforcement cards
(16.3.4; see ``reinforcement_cards.py``) and the US replacement point of every Allied RP play
(17.1.8, ``action_phase.play_rp``). Both cards also give an operation (5.7.4 #7, yellow stripe),
which the common event procedure adds.
"""

from __future__ import annotations

from greatwar.pog import board
from greatwar.pog.events.base import AFTER_ACTION, Event, register
from greatwar.pog.flow import log
from greatwar.pog.state import State
from greatwar.pog.tracks import US_ZIMMERMANN_ALLOWED, log_track_moves, us_entry_box


def _after_action(s: State, side: int) -> None:
    log_track_moves(s)  # 16.3, 16.4: markers moved by War Status, control or events


AFTER_ACTION.append(_after_action)


@register
class ZimmermannTelegram(Event):
    """ap54: only from Combined War Status 30 (16.3.2). VP -1 (card); the US Entry marker
    moves to 'Zimmermann Telegram' and the US becomes an active Allied nation, though US
    reinforcement cards stay barred until Over There (16.3.3)."""

    key = "zimmermann_telegram"
    rule = "16.3.3"

    def playable(self, s: State, side: int, card: int) -> bool:
        # The event is recorded when played, so the box is "allowed" only before it (16.3.2).
        return us_entry_box(s) == US_ZIMMERMANN_ALLOWED

    def play(self, s: State, side: int, card: int) -> None:
        s.vp -= 1
        log(s, "vp.event", self.rule, side, amount=-1, vp=s.vp, event=self.key)
        s.at_war["us"] = 1
        board.invalidate(s)
        log(s, "nation.enters", self.rule, side, nation="us")


@register
class OverThere(Event):
    """ap55 (16.3.4): on any turn after the Zimmermann Telegram's; the marker moves to 'Over
    There' and the US reinforcement cards may be played from now on."""

    key = "over_there"
    rule = "16.3.4"

    def playable(self, s: State, side: int, card: int) -> bool:
        zimmermann = s.events.get("zimmermann_telegram")
        return zimmermann is not None and s.turn > zimmermann

    def play(self, s: State, side: int, card: int) -> None:
        """The marker's move is the whole effect (logged by ``play_event``)."""
