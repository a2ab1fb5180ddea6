"""Events that act on the home fronts: VP, the Replacement Phase, Mandated Offensives and the
diplomatic tracks, without touching the map (card-events.md; rules 7.1, 9.5.1, 16, 17)."""

from __future__ import annotations

from greatwar.pog import mandated
from greatwar.pog.cards import CARDS
from greatwar.pog.data import AP, CP
from greatwar.pog.events.base import Event, register
from greatwar.pog.flow import log
from greatwar.pog.peace import roll_peace_table
from greatwar.pog.state import State
from greatwar.pog.tracks import ZIMMERMANN_AT


def _vp(s: State, amount: int, key: str, rule: str, side: int) -> None:
    s.vp += amount
    log(s, "vp.event", rule, side, amount=amount, vp=s.vp, event=key)


@register
class ReichstagTruce(Event):
    """cp09: VP +1, only before the CP reaches Total War."""

    key = "reichstag_truce"

    def playable(self, s: State, side: int, card: int) -> bool:
        return s.commit[CP] < 2

    def play(self, s: State, side: int, card: int) -> None:
        _vp(s, 1, self.key, self.rule, side)


@register
class PrinceMax(Event):
    """cp65: War Status only; playable up to turn 16 (Valiant cp65v: once Combined War
    Status is 30 or more, at any turn)."""

    key = "prince_max"

    def playable(self, s: State, side: int, card: int) -> bool:
        if CARDS[card].variant == "valiant":
            return s.cws >= ZIMMERMANN_AT
        return s.turn <= 16

    def play(self, s: State, side: int, card: int) -> None:
        log(s, "event.prince_max", self.rule, side)


@register
class Blockade(Event):
    """ap02: from now on VP -1 in the War Status Phase of every Winter turn (E.1)."""

    key = "blockade"

    def play(self, s: State, side: int, card: int) -> None:
        log(s, "event.blockade", "6.0E", side)


@register
class Lusitania(Event):
    """ap26: VP -1; needs Blockade played, and not after Zimmermann Telegram."""

    key = "lusitania"

    def playable(self, s: State, side: int, card: int) -> bool:
        return "blockade" in s.events and "zimmermann_telegram" not in s.events

    def play(self, s: State, side: int, card: int) -> None:
        _vp(s, -1, self.key, self.rule, side)


@register
class RapeOfBelgium(Event):
    """ap13: VP -1; needs Guns of August played as an event."""

    key = "rape_of_belgium"

    def playable(self, s: State, side: int, card: int) -> bool:
        return "guns_of_august" in s.events

    def play(self, s: State, side: int, card: int) -> None:
        _vp(s, -1, self.key, self.rule, side)


@register
class HLTakeCommand(Event):
    """cp54: German MOs are ignored for the rest of the game; one in effect is cancelled
    (7.1.10)."""

    key = "h_l_take_command"
    rule = "7.1.10"

    def play(self, s: State, side: int, card: int) -> None:
        mandated.cancel(s, CP, "ge", self.rule)


@register
class Hoffmann(Event):
    """cp37: +1 to every later CP MO roll (7.1.9); needs H-L Take Command."""

    key = "hoffmann"
    rule = "7.1.9"

    def playable(self, s: State, side: int, card: int) -> bool:
        return "h_l_take_command" in s.events

    def play(self, s: State, side: int, card: int) -> None:
        log(s, "event.hoffmann", self.rule, side)


@register
class WalterRathenau(Event):
    """cp33: +1 German RP in every later Replacement Phase, unless Independent Air Force is
    or has been played. May be played after Independent Air Force (9.5.1.1)."""

    key = "walter_rathenau"

    def play(self, s: State, side: int, card: int) -> None:
        log(s, "event.walter_rathenau", self.rule, side)


@register
class IndependentAirForce(Event):
    """ap37: cancels (or pre-empts) Walter Rathenau's German RP."""

    key = "independent_air_force"

    def play(self, s: State, side: int, card: int) -> None:
        log(s, "event.independent_air_force", self.rule, side)


@register
class ZeppelinRaids(Event):
    """cp27: in this turn's Replacement Phase the British RPs are cut by 4 (not below 0)."""

    key = "zeppelin_raids"

    def play(self, s: State, side: int, card: int) -> None:
        s.tflags["zeppelin_raids"] = 1
        log(s, "event.zeppelin_raids", self.rule, side)


@register
class UBoatsUnleashed(Event):
    """cp36: British RPs -1 in every later Replacement Phase and no US reinforcement events,
    until Convoy; needs H-L Take Command."""

    key = "uboats_unleashed"

    def playable(self, s: State, side: int, card: int) -> bool:
        return "h_l_take_command" in s.events

    def play(self, s: State, side: int, card: int) -> None:
        log(s, "event.uboats_unleashed", self.rule, side)


@register
class Convoy(Event):
    """ap52: VP -1 and U-Boats Unleashed's effects end; needs U-Boats Unleashed played."""

    key = "convoy"

    def playable(self, s: State, side: int, card: int) -> bool:
        return "uboats_unleashed" in s.events

    def play(self, s: State, side: int, card: int) -> None:
        _vp(s, -1, self.key, self.rule, side)


@register
class FourteenPoints(Event):
    """ap40: VP -1; from now on only the AP may offer peace terms (16.3.5: not before the
    Zimmermann Telegram)."""

    key = "fourteen_points"
    rule = "16.3.5"

    def playable(self, s: State, side: int, card: int) -> bool:
        return "zimmermann_telegram" in s.events

    def play(self, s: State, side: int, card: int) -> None:
        _vp(s, -1, self.key, self.rule, side)


@register
class TheSixtusAffair(Event):
    """ap62: the AP rolls on the Peace Terms table, Allied side, combined War Status 0-19 row;
    not a peace offer. Valiant ap62v: only up to turn 16."""

    key = "the_sixtus_affair"

    def playable(self, s: State, side: int, card: int) -> bool:
        return CARDS[card].variant != "valiant" or s.turn <= 16

    def play(self, s: State, side: int, card: int) -> None:
        roll_peace_table(s, AP, 0, "16.5.2")


@register
class Influenza(Event):
    """ap65: for the rest of the turn neither player may play a card for RPs; needs Combined
    War Status 30 or more."""

    key = "influenza"

    def playable(self, s: State, side: int, card: int) -> bool:
        return s.cws >= ZIMMERMANN_AT

    def play(self, s: State, side: int, card: int) -> None:
        s.tflags["influenza"] = 1
        log(s, "event.influenza", self.rule, side)
