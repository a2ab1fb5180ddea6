"""Card events (9.5): the registry and the common procedure of playing a card as an event.

Each event is a small object registered under the card's ``event_key`` (see ``cards.csv``): it
says whether it can be played now (:meth:`Event.playable`) and does what the card says
(:meth:`Event.play`), pushing decision frames where the card asks for choices. A card whose event
is not registered is simply not offered as an event: the engine never fakes one.

The modules of this package group events by theme; importing the package registers them all.
"""

from __future__ import annotations

from greatwar.pog.events.base import EVENTS, Event, event_implemented, play_event, playable_event

__all__ = ["EVENTS", "Event", "event_implemented", "play_event", "playable_event"]

from greatwar.pog.events import combat_cards as _combat_cards  # noqa: F401
from greatwar.pog.events import guns_of_august as _guns_of_august  # noqa: F401
from greatwar.pog.events import neutral_entry as _neutral_entry  # noqa: F401
from greatwar.pog.events import offensives as _offensives  # noqa: F401
from greatwar.pog.events import operations as _operations  # noqa: F401
from greatwar.pog.events import politics as _politics  # noqa: F401  (registers events)
from greatwar.pog.events import reinforcement_cards as _reinforcement_cards  # noqa: F401
from greatwar.pog.events import russia as _russia  # noqa: F401
from greatwar.pog.events import us_entry as _us_entry  # noqa: F401
