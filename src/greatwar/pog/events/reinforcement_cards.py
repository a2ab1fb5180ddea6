"""Reinforcement events (9.5.3) of both sides, and the three optional events that bring units
without being reinforcements: Russian Cavalry (ap57), Czech Legion (ap60) and Polish Restoration
(cp59).

Every card with a ``reinforcement_nation`` in ``cards.csv`` is registered here under its
``event_key``. Common conditions (9.5.3.1): never on turn 1; at most one reinforcement card per
nation per turn (counted by the card's nation, in ``s.tflags["reinforced"]``); the nation at
war; every unit of the card placeable (:func:`reinforcements.card_placeable`). Card
conditions: the US cards need Over There and no uncancelled U-Boats Unleashed (16.3.4, cp36);
the MEF (ap31), the Arab Northern Army (ap41), the Senussi (cp24), the YLD (cp42) and the AoI
(cp48) need Turkey at war. Placement, including the Near East armies' card spaces (9.5.3.3-9.5.3.5),
is :mod:`greatwar.pog.reinforcements`.
"""

from __future__ import annotations

from typing import cast

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board, messages, reinforcements, supply
from greatwar.pog.board import STACK_LIMIT
from greatwar.pog.cards import CARDS
from greatwar.pog.data import AP, CP
from greatwar.pog.events.base import Event, register
from greatwar.pog.flow import STEPS, D, PogStep, act, log, pop, push
from greatwar.pog.state import OFF, State
from greatwar.pog.tracks import US_OVER_THERE, at_war, us_entry_box

UNITS = D.units
SPACES = D.spaces
NEEDS_TURKEY = frozenset(
    {"mef", "arab_northern_army", "libyan_revolt", "reinf_tu_yld", "reinf_tu_aoi"}
)

messages.define(
    "en",
    {
        "event.unit_joins": "{unit} joins the {side} in {space}",
        "event.unit_leaves": "{unit} leaves the game",
    },
)
messages.define_prompts(
    "en",
    {"event.russian_cavalry": "Choose the space of a supplied Russian army for the cavalry."},
)


def us_reinforcements_allowed(s: State) -> bool:
    """16.3.4: after Over There; cp36: not while U-Boats Unleashed is in force (until Convoy)."""
    if us_entry_box(s) != US_OVER_THERE:
        return False
    return "uboats_unleashed" not in s.events or "convoy" in s.events


def reinforced(s: State) -> list[str]:
    """The nations that have had a reinforcement card this turn (9.5.3.1)."""
    done: list[str] = s.tflags.get("reinforced", [])
    return done


class Reinforcement(Event):
    """A reinforcement card (9.5.3): its units enter as :mod:`reinforcements` places them."""

    rule = "9.5.3.1"

    def playable(self, s: State, side: int, card: int) -> bool:
        c = CARDS[card]
        nation = c.reinforcement_nation
        if s.turn == 1 or nation in reinforced(s) or not at_war(s, nation):
            return False
        if nation == "us" and not us_reinforcements_allowed(s):
            return False
        if self.key in NEEDS_TURKEY and not at_war(s, "tu"):
            return False
        if any(s.loc[u] != OFF for u in c.reinforcement_units):
            return False  # already brought in some other way
        return reinforcements.card_placeable(s, card)

    def play(self, s: State, side: int, card: int) -> None:
        c = CARDS[card]
        s.tflags["reinforced"] = [*reinforced(s), c.reinforcement_nation]
        reinforcements.push_placement(s, side, list(c.reinforcement_units))
        for u in c.reinforcement_units:
            # The SN takes control of Libya if the Allies had it (11.1.14); the ANA converts
            # nothing (11.1.15). Armies enter friendly-controlled spaces only.
            x = s.loc[u]
            if u != board.ANA and board.on_map(s, u) and s.ctrl[x] != side:
                board.set_control(s, x, side, "11.1.14")


def _register_reinforcements() -> None:
    keys = sorted({c.event_key for c in CARDS if c.reinforcement_nation})
    for key in keys:
        name = "".join(w.title() for w in key.split("_"))
        cls = type(name, (Reinforcement,), {"key": key, "__doc__": f"{key}: 9.5.3"})
        register(cast(type[Event], cls))


_register_reinforcements()


# -- Russian Cavalry (ap57) --------------------------------------------------------------------

RU_CAVALRY = tuple(u for u, d in enumerate(UNITS) if d.id.startswith("ru_cav_corps"))
RUSSIA = tuple(sp.ix for sp in SPACES if sp.nation == "ru" and sp.map != "neareast")


def cavalry_spaces(s: State) -> list[int]:
    """ap57: spaces in Russia (off the Near East map, where the cavalry never goes) holding a
    supplied Russian army with room for both corps; after Brest-Litovsk not where other Allied
    units stand (16.4.9)."""
    if any(s.loc[u] != OFF for u in RU_CAVALRY):
        return []
    brest = "treaty_of_brest_litovsk" in s.events
    occ = board.occupants(s)
    out = []
    for x in RUSSIA:
        here = occ[x]
        if not here or len(here) > STACK_LIMIT - len(RU_CAVALRY):
            continue
        if UNITS[here[0]].side != AP or s.ctrl[x] != AP:
            continue
        if brest and any(UNITS[v].nation != "ru" for v in here):
            continue
        if any(
            UNITS[v].nation == "ru" and UNITS[v].army and supply.unit_supplied(s, v) for v in here
        ):
            out.append(x)
    return out


def _place_cavalry(s: State, x: int) -> None:
    for u in RU_CAVALRY:
        board.place(s, u, x)
        log(s, "event.unit_joins", "9.5.1", AP, unit=UNITS[u].id, space=SPACES[x].id)


@register
class RussianCavalry(Event):
    """ap57: both RU cavalry corps enter together in a Russian space with a supplied Russian
    army (not a reinforcement card: 9.5.3.1 does not apply)."""

    key = "russian_cavalry"

    def playable(self, s: State, side: int, card: int) -> bool:
        return bool(cavalry_spaces(s))

    def play(self, s: State, side: int, card: int) -> None:
        spaces = cavalry_spaces(s)
        if len(spaces) == 1:
            _place_cavalry(s, spaces[0])
        else:
            push(s, "russian_cavalry", side=AP)


@STEPS.register
class RussianCavalryPlacement(PogStep):
    """ap57: the AP chooses the space (``place ru_cav_corps_01 <space>``; the other corps goes
    with it)."""

    name = "russian_cavalry"
    rule = "9.5.1"

    def prompt(self, s: State, f: Frame) -> str:
        return "event.russian_cavalry"

    def legal(self, s: State, f: Frame) -> list[Action]:
        first = UNITS[RU_CAVALRY[0]].id
        return [act("place", first, SPACES[x].id) for x in cavalry_spaces(s)]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        pop(s, f)
        _place_cavalry(s, D.space(a.args[1]))


# -- Czech Legion (ap60) -----------------------------------------------------------------------

CZECH_LEGION = D.unit("ru_czech_legion_corps")
AH_CORPS = tuple(u for u, d in enumerate(UNITS) if d.nation == "ah" and not d.army)


@register
class CzechLegion(Event):
    """ap60: an AH corps in the CP Eliminated Box (if any) leaves the game (the AH corps are
    identical, so the first is taken); the Czech Legion corps joins the AP Reserve Box."""

    key = "czech_legion"

    def playable(self, s: State, side: int, card: int) -> bool:
        return s.loc[CZECH_LEGION] == OFF

    def play(self, s: State, side: int, card: int) -> None:
        dead = board.ELIMINATED[CP]
        gone = next((u for u in AH_CORPS if s.loc[u] == dead), -1)
        if gone >= 0:
            board.place(s, gone, board.PERMANENT[CP])
            log(s, "event.unit_leaves", self.rule, CP, unit=UNITS[gone].id)
        box = board.RESERVE[AP]
        board.place(s, CZECH_LEGION, box)
        log(s, "event.unit_joins", self.rule, AP, unit=UNITS[CZECH_LEGION].id, space=SPACES[box].id)


# -- Polish Restoration (cp59) -----------------------------------------------------------------

WARSAW = D.space("warsaw")
POLISH = tuple(u for u, d in enumerate(UNITS) if d.id.startswith("pl_corps"))


@register
class PolishRestoration(Event):
    """cp59: with Warsaw CP-controlled: VP -1 and the three Polish corps join the CP Reserve
    Box (they count as German)."""

    key = "polish_restoration"

    def playable(self, s: State, side: int, card: int) -> bool:
        return s.ctrl[WARSAW] == CP and all(s.loc[u] == OFF for u in POLISH)

    def play(self, s: State, side: int, card: int) -> None:
        s.vp -= 1
        log(s, "vp.event", self.rule, side, amount=-1, vp=s.vp, event=self.key)
        box = board.RESERVE[CP]
        for u in POLISH:
            board.place(s, u, box)
            log(s, "event.unit_joins", self.rule, CP, unit=UNITS[u].id, space=SPACES[box].id)
