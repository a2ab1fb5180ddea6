"""Russian Capitulation (16.4): Tsar Takes Command (cp28), Fall of the Tsar (cp52), Bolshevik
Revolution (cp53) and the Treaty of Brest-Litovsk (cp45).

Each card is playable exactly when the derived Russian Capitulation marker
(:func:`greatwar.pog.tracks.russian_capitulation_box`) stands in the box that allows it, so the
marker's moves back and forth (16.4.3, 16.4.4, 16.4.6) govern playability. The lasting effects
are read elsewhere from ``s.events``: Russian activation costs after the Fall of the Tsar
(activation.py, 16.4.5), the Caucasus crossing (movement.py, 11.3.2), the Russian MO and RP limits
after the Revolution (mandated.py 7.1.11, replacements.py 16.4.7), and the movement, SR, combat
and victory-level restrictions after Brest-Litovsk (16.4.9, 5.5.2.1).
"""

from __future__ import annotations

from greatwar.pog import board, mandated, messages, movement
from greatwar.pog.board import cp_russian_vp
from greatwar.pog.data import AP
from greatwar.pog.events.base import Event, register
from greatwar.pog.flow import D, log
from greatwar.pog.movement import BREST_NATIONS
from greatwar.pog.state import State
from greatwar.pog.tracks import (
    RC_BOLSHEVIK,
    RC_BOLSHEVIK_ALLOWED,
    RC_FOT_ALLOWED,
    RC_TTC_ALLOWED,
    at_war,
    russian_capitulation_box,
)

UNITS = D.units
SPACES = D.spaces
RUSSIAN = tuple(u for u, d in enumerate(UNITS) if d.nation == "ru")
ROMANIA_NEUTRAL_VP = 2  # cp52 / VP table: Romania still neutral when the Tsar falls

messages.define(
    "en",
    {
        "event.tsar_fell_vp": "The Tsar Fell CP Russian VP marker is set at {rvp}",
        "event.brest_interned": "{unit} is interned under the Treaty of Brest-Litovsk",
    },
)


@register
class TsarTakesCommand(Event):
    """cp28 (16.4.3): with three or more Russian VP spaces held, the marker moves to 'Tsar
    Takes Command'; then a 4-OPS operation (5.7.4 #7)."""

    key = "tsar_takes_command"
    rule = "16.4.3"

    def playable(self, s: State, side: int, card: int) -> bool:
        return russian_capitulation_box(s) == RC_TTC_ALLOWED

    def play(self, s: State, side: int, card: int) -> None:
        """The marker's move is the whole effect (logged by ``play_event``)."""


@register
class FallOfTheTsar(Event):
    """cp52 (16.4.4-16.4.5): after Tsar Takes Command, while Combined War Status plus the
    Current CP Russian VP is 33 or more. VP +1, and +2 more if Romania is still neutral (card,
    VP table); the Tsar Fell marker records the Current CP Russian VP; Romania may no longer
    enter (ap16); then a 5-OPS operation."""

    key = "fall_of_the_tsar"
    rule = "16.4.5"

    def playable(self, s: State, side: int, card: int) -> bool:
        return russian_capitulation_box(s) == RC_FOT_ALLOWED

    def play(self, s: State, side: int, card: int) -> None:
        amount = 1 if at_war(s, "ro") else 1 + ROMANIA_NEUTRAL_VP
        s.vp += amount
        log(s, "vp.event", self.rule, side, amount=amount, vp=s.vp, event=self.key)
        s.tsar_vp = cp_russian_vp(s)
        log(s, "event.tsar_fell_vp", self.rule, side, rvp=s.tsar_vp)


@register
class BolshevikRevolution(Event):
    """cp53 (16.4.6-16.4.7): on a turn after the Fall of the Tsar, once the CP holds more Russian
    VP spaces than the Tsar Fell marker or all seven outside Baku. Russian MOs end (a current
    one is cancelled, 7.1.11); at most 1 RU RP a turn from now on; then a 5-OPS operation."""

    key = "bolshevik_revolution"
    rule = "16.4.7"

    def playable(self, s: State, side: int, card: int) -> bool:
        return russian_capitulation_box(s) == RC_BOLSHEVIK_ALLOWED

    def play(self, s: State, side: int, card: int) -> None:
        mandated.cancel(s, AP, "ru", "7.1.11")


def brest_litovsk_losses(s: State) -> list[tuple[int, bool]]:
    """16.4.9: the Russian units on the map that Brest-Litovsk removes: (unit, interned) for
    those outside Russia, Germany, Turkey, Austria-Hungary and Romania, and those sharing a
    space with other Allied units (interned)."""
    occ = board.occupants(s)
    out: list[tuple[int, bool]] = []
    for u in RUSSIAN:
        if not board.on_map(s, u):
            continue
        x = s.loc[u]
        if SPACES[x].nation not in BREST_NATIONS:
            out.append((u, False))
        elif any(UNITS[v].nation != "ru" for v in occ[x]):
            out.append((u, True))
    return out


@register
class TreatyOfBrestLitovsk(Event):
    """cp45 (16.4.8-16.4.9): at any time after the Bolshevik Revolution. Russian units outside
    Russia, Germany, Turkey, Austria-Hungary and Romania are eliminated, and Russian units
    stacked with other Allied units are interned (eliminated). The lasting restrictions are
    read from ``s.events`` by movement, SR, combat and victory."""

    key = "treaty_of_brest_litovsk"
    rule = "16.4.9"

    def playable(self, s: State, side: int, card: int) -> bool:
        return russian_capitulation_box(s) == RC_BOLSHEVIK

    def play(self, s: State, side: int, card: int) -> None:
        spaces: set[int] = set()
        for u, interned in brest_litovsk_losses(s):
            spaces.add(s.loc[u])
            if interned:
                log(s, "event.brest_interned", self.rule, AP, unit=UNITS[u].id)
            board.eliminate(s, u)
        for x in sorted(spaces):
            movement.lift_broken_siege(s, x)
