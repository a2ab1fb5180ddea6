"""Events that change how operations work, or act on units directly (card-events.md).

Moltke, Falkenhayn, Race to the Sea, OberOst, SUD Army and 11th Army set markers that the
activation, movement and combat rules read (9.2.3, 11.1.9, 12.7.7, 15.1.11); Entrench opens
trench building (11.2.1); Landwehr, Paris Taxis and Russian Desertions flip units; Cloak and
Dagger and Mata Hari reveal the other hand; Sinai Pipeline and Everyone Into Battle change
combat and activation; each is registered under its card's ``event_key``.
"""

from __future__ import annotations

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board, messages, supply
from greatwar.pog.cards import CARDS
from greatwar.pog.data import AP, CP, SIDE_NAMES
from greatwar.pog.events.base import Event, register
from greatwar.pog.flow import STEPS, D, PogStep, act, log, other, pop, push, reveal
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import FORT_BESIEGED, State

UNITS = D.units
SPACES = D.spaces
PARIS = D.space("paris")
BERLIN = D.space("berlin")
PARIS_AREA = frozenset((PARIS, *D.adj[PARIS]))  # Paris Taxis: Paris or a space next to it
ENTRENCH_KEYS = ("ap_entrench", "cp_entrench")

messages.define(
    "en",
    {
        "event.flag": "{event_name} is in effect",
        "event.hand_revealed": "The {other} hand is shown: {cards}",
        "event.trench_placed": "A level-1 trench is dug in {space}",
        "event.flip_full": "{unit} is restored to full strength",
        "event.flip_reduced": "{unit} is reduced",
    },
)


@register
class Moltke(Event):
    """ap09: on turns 1-2 only; from now on, until Falkenhayn, the CP pays one OPS per unit to
    activate a space in Belgium or France (activation.py reads the marker)."""

    key = "moltke"
    rule = "9.2.3"

    def playable(self, s: State, side: int, card: int) -> bool:
        return s.turn <= 2

    def play(self, s: State, side: int, card: int) -> None:
        log(s, "event.flag", self.rule, side, event=self.key)


@register
class Falkenhayn(Event):
    """cp13: ends Moltke's penalty; from turn 3 on, or on turns 1-2 once Moltke was played."""

    key = "falkenhayn"

    def playable(self, s: State, side: int, card: int) -> bool:
        return s.turn >= 3 or "moltke" in s.events

    def play(self, s: State, side: int, card: int) -> None:
        log(s, "event.flag", self.rule, side, event=self.key)


class _Marker(Event):
    """An event whose whole effect is a lasting marker other rules read."""

    def play(self, s: State, side: int, card: int) -> None:
        log(s, "event.flag", self.rule, side, event=self.key)


@register
class RaceToTheSea(_Marker):
    """cp08: CP units may end moves and SR, and advance, in Amiens, Calais and Ostend (11.1.9,
    12.7.7). Playable even when CP War Status 4 has already lifted the ban (9.5.1.1)."""

    key = "race_to_the_sea"
    rule = "11.1.9"


@register
class OberOst(_Marker):
    """cp11: German units may attack spaces holding Russian forts (15.1.11)."""

    key = "oberost"
    rule = "15.1.11"


@register
class SudArmy(_Marker):
    """cp10: one stack of a single AH unit with German corps activates as one nationality in
    each CP operation (9.2.3; activation.py reads the marker)."""

    key = "sud_army"
    rule = "9.2.3"


@register
class EleventhArmy(_Marker):
    """cp29: a stack with the GE 11th Army and no other army activates as one nationality
    (9.2.3). Playable even if the 11th Army is gone (9.5.1.1)."""

    key = "eleventh_army"
    rule = "9.2.3"


@register
class SinaiPipeline(_Marker):
    """ap49: attacks made solely from Sinai no longer suffer -3 (12.2.7), for either side (the
    Exceptions summary, R49; combat/fire.py); Allenby may enter at Alexandria
    (reinforcements.py)."""

    key = "sinai_pipeline"
    rule = "12.2.7"


@register
class EveryoneIntoBattle(Event):
    """ap51: needs Michael, Blucher or Peace Offensive played; for the rest of this turn each
    Allied space in Italy, France or Belgium costs 1 OPS to activate (activation.py)."""

    key = "everyone_into_battle"
    rule = "9.2.3"

    def playable(self, s: State, side: int, card: int) -> bool:
        return any(k in s.events for k in ("michael", "blucher", "peace_offensive"))

    def play(self, s: State, side: int, card: int) -> None:
        s.tflags["everyone_into_battle"] = 1
        log(s, "event.flag", self.rule, side, event=self.key)


# -- Entrench (11.2.1) -----------------------------------------------------------------------


def entrench_spaces(s: State, side: int) -> list[int]:
    """Spaces where the Entrench event may dig: a supplied army of the player stands there, the
    space has no trench of his yet, and it is his or a besieged enemy fort space."""
    out = []
    for x in D.map_spaces:
        units = board.units_in(s, x)
        if not units or UNITS[units[0]].side != side:
            continue
        if s.trench[x] and s.tside[x] == side:
            continue
        if s.ctrl[x] != side and not (SPACES[x].fort and s.fort[x] == FORT_BESIEGED):
            continue
        if any(UNITS[u].army and supply.unit_supplied(s, u) for u in units):
            out.append(x)
    return out


class _Entrench(Event):
    """ap12 / cp06: both sides may entrench from now on (11.2.1); the player digs a level-1
    trench where one of his supplied armies stands. Only one Entrench event per game (9.5.1.1);
    not on turn 1 in the historical scenario (5.7.4 #4)."""

    rule = "11.2.1"

    def playable(self, s: State, side: int, card: int) -> bool:
        if any(k in s.events for k in ENTRENCH_KEYS):
            return False
        return not (SCENARIOS[s.scenario].historical and s.turn == 1)

    def play(self, s: State, side: int, card: int) -> None:
        if entrench_spaces(s, side):
            push(s, "entrench_event", side=side)


@register
class ApEntrench(_Entrench):
    key = "ap_entrench"


@register
class CpEntrench(_Entrench):
    key = "cp_entrench"


@STEPS.register
class EntrenchEvent(PogStep):
    """Entrench event: the player names the army whose space gets the trench."""

    name = "entrench_event"
    rule = "11.2.1"

    def legal(self, s: State, f: Frame) -> list[Action]:
        side = f["side"]
        out = []
        for x in entrench_spaces(s, side):
            u = next(
                u for u in board.units_in(s, x) if UNITS[u].army and supply.unit_supplied(s, u)
            )
            out.append(act("entrench", UNITS[u].id))
        return out

    def prompt(self, s: State, f: Frame) -> str:
        return "event.entrench"

    def apply(self, s: State, f: Frame, a: Action) -> None:
        x = s.loc[D.unit(a.args[0])]
        board.set_trench(s, x, 1, f["side"])
        log(s, "event.trench_placed", self.rule, f["side"], space=SPACES[x].id)
        pop(s, f)


# -- flipping units ---------------------------------------------------------------------------


def landwehr_units(s: State) -> list[int]:
    """Landwehr: reduced German units on the map and in supply, or in the Reserve Box."""
    box = board.RESERVE[CP]
    return [
        u
        for u, x in enumerate(s.loc)
        if s.red[u]
        and UNITS[u].nation == "ge"
        and not UNITS[u].not_replaceable
        and (x == box or (board.on_map(s, u) and supply.unit_supplied(s, u)))
    ]


@register
class Landwehr(Event):
    """cp05: the CP spends 2 free German RPs at once to flip reduced German units to full
    strength (army 1, corps 1/2); eliminated units cannot be rebuilt. As German RPs they cannot
    be spent while Berlin is enemy-controlled (17.1.3). See docs/rulings.md."""

    key = "landwehr"
    rule = "17.1.4"

    def play(self, s: State, side: int, card: int) -> None:
        if s.ctrl[BERLIN] == CP and landwehr_units(s):
            push(s, "landwehr", side=side, points=4)


@STEPS.register
class LandwehrFlips(PogStep):
    name = "landwehr"
    rule = "17.1.4"

    def _options(self, s: State, f: Frame) -> list[int]:
        return [u for u in landwehr_units(s) if (2 if UNITS[u].army else 1) <= f["points"]]

    def settle(self, s: State, f: Frame) -> bool:
        if not self._options(s, f):
            pop(s, f)
            return True
        return False

    def prompt(self, s: State, f: Frame) -> str:
        return "event.landwehr"

    def legal(self, s: State, f: Frame) -> list[Action]:
        return [*(act("replace", UNITS[u].id) for u in self._options(s, f)), act("done")]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "done":
            pop(s, f)
            return
        u = D.unit(a.args[0])
        f["points"] -= 2 if UNITS[u].army else 1
        board.set_reduced(s, u, False)
        log(s, "event.flip_full", self.rule, f["side"], unit=a.args[0])


def paris_taxis_armies(s: State) -> list[int]:
    return [
        u
        for u, x in enumerate(s.loc)
        if x in PARIS_AREA and s.red[u] and UNITS[u].army and UNITS[u].nation == "fr"
    ]


@register
class ParisTaxis(Event):
    """ap56 (optional): a reduced French army in Paris or next to it is flipped to full
    strength at no RP cost."""

    key = "paris_taxis"

    def playable(self, s: State, side: int, card: int) -> bool:
        return bool(paris_taxis_armies(s))

    def play(self, s: State, side: int, card: int) -> None:
        push(s, "paris_taxis", side=side)


@STEPS.register
class ParisTaxisFlip(PogStep):
    name = "paris_taxis"
    rule = "9.5.1"

    def legal(self, s: State, f: Frame) -> list[Action]:
        return [act("replace", UNITS[u].id) for u in paris_taxis_armies(s)]

    def prompt(self, s: State, f: Frame) -> str:
        return "event.paris_taxis"

    def apply(self, s: State, f: Frame, a: Action) -> None:
        board.set_reduced(s, D.unit(a.args[0]), False)
        log(s, "event.flip_full", self.rule, f["side"], unit=a.args[0])
        pop(s, f)


def desertion_targets(s: State) -> list[int]:
    """Full-strength Russian units on the map or in the Reserve Box."""
    box = board.RESERVE[AP]
    return [
        u
        for u, x in enumerate(s.loc)
        if not s.red[u] and UNITS[u].nation == "ru" and (x == box or board.on_map(s, u))
    ]


@register
class RussianDesertions(Event):
    """cp63 (optional): after the Fall of the Tsar, the CP flips up to four full-strength
    Russian units to their reduced side."""

    key = "russian_desertions"

    def playable(self, s: State, side: int, card: int) -> bool:
        return "fall_of_the_tsar" in s.events

    def play(self, s: State, side: int, card: int) -> None:
        push(s, "russian_desertions", side=side, left=4)


@STEPS.register
class Desertions(PogStep):
    name = "russian_desertions"
    rule = "9.5.1"

    def settle(self, s: State, f: Frame) -> bool:
        if f["left"] <= 0 or not desertion_targets(s):
            pop(s, f)
            return True
        return False

    def prompt(self, s: State, f: Frame) -> str:
        return "event.russian_desertions"

    def legal(self, s: State, f: Frame) -> list[Action]:
        return [*(act("lose", UNITS[u].id) for u in desertion_targets(s)), act("done")]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "done":
            pop(s, f)
            return
        board.set_reduced(s, D.unit(a.args[0]), True)
        f["left"] -= 1
        log(s, "event.flip_reduced", self.rule, f["side"], unit=a.args[0])


# -- intelligence ---------------------------------------------------------------------------


class _Reveal(Event):
    """ap23 Cloak and Dagger / cp17 Mata Hari: the other player's hand is shown to the player
    (then the card's operation follows, 9.1.3)."""

    def play(self, s: State, side: int, card: int) -> None:
        opp = other(side)
        reveal(s)
        if s.logging:
            log(
                s,
                "event.hand_revealed",
                self.rule,
                side,
                other=SIDE_NAMES[opp],
                cards=[CARDS[c].id for c in s.hand[opp]],
            )
            s.log[-1]["v"] = SIDE_NAMES[side]  # only the player sees the cards


@register
class CloakAndDagger(_Reveal):
    key = "cloak_and_dagger"


@register
class MataHari(_Reveal):
    key = "mata_hari"
