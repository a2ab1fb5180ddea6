"""Neutral entry events (9.5.2): Italy (ap17), Romania (ap16), Bulgaria (cp34), Greece (ap44),
and Salonika (ap30), the limited Greek entry (9.5.2.4).

One neutral entry event a turn for both players together (9.5.2.2, :func:`entry.neutral_entry_open`;
Turkey's entry at CP Limited War does not count, 16.1.3.1). The nation's set-up goes on the map
through :func:`entry.nation_enters` (Bulgaria and Romania choose four spaces through the
``entry_placement`` step). 9.5.2.5 (the late-entry lock on the Italian and Romanian cards) is
applied by the Action Phase.

Salonika is not a neutral entry card (9.5.2.1 names the four above): it places the Greek corps
without bringing Greece in (``s.flags["salonika"]``, read by supply and movement), counts as an SR
play for 9.3.3 (the action is recorded as ``salonika`` in ``s.uses``), and lands up to three
French or British corps at Salonika (step ``salonika_landing``). After it the MEF may no longer
invade (9.5.2.4.1; reinforcements.py).
"""

from __future__ import annotations

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board, entry, messages
from greatwar.pog.board import STACK_LIMIT
from greatwar.pog.data import AP, CP
from greatwar.pog.events.base import Event, register
from greatwar.pog.flow import STEPS, D, PogStep, act, log, pop, push
from greatwar.pog.state import State
from greatwar.pog.tracks import at_war

UNITS = D.units
SPACES = D.spaces
SALONIKA = D.space("salonika")
SALONIKA_CORPS = 3  # ap30: up to three corps
SR_USES = ("sr", "salonika")  # 9.3.3
GREEK_TRIGGER = "greece_entry_or_salonika"

messages.define(
    "en",
    {
        "event.salonika": "Salonika: Greece admits the Allies; Salonika is open",
        "event.salonika_corps": "{unit} lands at Salonika",
    },
)
messages.define_prompts(
    "en",
    {"salonika.land": "Move up to three French or British corps to Salonika, or finish."},
)


class _Entry(Event):
    """A neutral entry card: the nation is still neutral and no neutral entry was made this
    turn (9.5.2.2)."""

    nation = ""
    trigger = ""
    owner = AP
    rule = "9.5.2.1"

    def playable(self, s: State, side: int, card: int) -> bool:
        return entry.neutral_entry_open(s) and not at_war(s, self.nation)

    def play(self, s: State, side: int, card: int) -> None:
        entry.nation_enters(s, self.nation, self.owner, self.trigger, self.rule)


@register
class ItalyEntry(_Entry):
    """ap17: Italy joins the Allies; its set-up goes on the map, its spaces open, IT RPs and
    the IT and AH(It) MOs become live (9.4.1, 7.1.6)."""

    key = "italy_entry"
    nation = "it"
    trigger = "italy_entry"


@register
class RomaniaEntry(_Entry):
    """ap16: Romania joins the Allies: two corps in Bucharest and one in each of four other
    Romanian spaces of the AP's choice. Not after the Fall of the Tsar (cp52)."""

    key = "romania_entry"
    nation = "ro"
    trigger = "romania_entry"

    def playable(self, s: State, side: int, card: int) -> bool:
        return "fall_of_the_tsar" not in s.events and super().playable(s, side, card)


@register
class BulgariaEntry(_Entry):
    """cp34: Bulgaria joins the CP: two corps in Sofia and one in each of four other Bulgarian
    spaces of the CP's choice; Sofia becomes a CP supply source, BU RPs may be recorded."""

    key = "bulgaria_entry"
    nation = "bu"
    trigger = "bulgaria_entry"
    owner = CP


@register
class GreeceEntry(_Entry):
    """ap44: Greece joins the Allies; its corps are placed unless Salonika already placed them,
    and may now act (9.5.2.4). Free before or after Salonika and the MEF (9.5.2.4.1)."""

    key = "greece_entry"
    nation = "gr"
    trigger = GREEK_TRIGGER


# -- Salonika (9.5.2.4) ------------------------------------------------------------------------


def salonika_room(s: State) -> int:
    """How many more Allied units Salonika can take now (0 if it is not Allied)."""
    if s.ctrl[SALONIKA] != AP or board.side_in(s, SALONIKA) == CP:
        return 0
    return max(0, STACK_LIMIT - len(board.units_in(s, SALONIKA)))


def salonika_corps(s: State) -> list[int]:
    """ap30: the French and British corps that may land at Salonika: plain corps (not BEF, AUS,
    CND, PT or ANA) in the AP Reserve Box or in an Allied-controlled port (the MEF Beachhead
    counts as one, 9.5.3.5)."""
    reserve = board.RESERVE[AP]
    bh = s.flags.get("mef_beachhead", -1)
    out = []
    for u, d in enumerate(UNITS):
        if d.army or d.nation not in ("fr", "br"):
            continue
        if "british_minor" in d.flags or "bef_area_only" in d.flags:
            continue
        x = s.loc[u]
        if x == reserve or (
            x >= 0
            and x not in D.boxes
            and x != SALONIKA
            and (SPACES[x].ap_port or x == bh)
            and s.ctrl[x] == AP
        ):
            out.append(u)
    return out


@register
class Salonika(Event):
    """ap30: limited Greek entry (9.5.2.4) and an Allied landing at Salonika. Needs Salonika
    Allied-controlled with room (card) and no SR play in the AP's previous action round of the
    turn, since the event counts as one (9.3.3)."""

    key = "salonika"
    rule = "9.5.2.4"

    def playable(self, s: State, side: int, card: int) -> bool:
        uses = s.uses[side]
        if uses and uses[-1] in SR_USES:
            return False  # 9.3.3
        return salonika_room(s) > 0

    def play(self, s: State, side: int, card: int) -> None:
        uses = s.uses[side]
        if uses and uses[-1] == "event":
            uses[-1] = "salonika"  # 9.3.3: counts as an SR play
        s.flags["salonika"] = 1
        board.invalidate(s)
        log(s, "event.salonika", self.rule, side)
        if not at_war(s, "gr") and all(s.loc[u] < 0 for u in entry.setup_units(s, GREEK_TRIGGER)):
            entry.place_setup(s, GREEK_TRIGGER, AP)  # still neutral (9.5.2.4)
        if salonika_corps(s):
            push(s, "salonika_landing", side=AP, landed=0)


@STEPS.register
class SalonikaLanding(PogStep):
    """ap30: the AP moves up to three French or British corps to Salonika, one at a time."""

    name = "salonika_landing"
    rule = "9.5.2.4"

    def settle(self, s: State, f: Frame) -> bool:
        if f["landed"] >= SALONIKA_CORPS or not salonika_room(s) or not salonika_corps(s):
            pop(s, f)
            return True
        return False

    def prompt(self, s: State, f: Frame) -> str:
        return "salonika.land"

    def legal(self, s: State, f: Frame) -> list[Action]:
        out = [act("move", UNITS[u].id, "salonika") for u in salonika_corps(s)]
        out.append(act("done"))
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "done":
            pop(s, f)
            return
        # The corps leave Allied-controlled spaces only, so no siege is broken (15.2.4).
        board.relocate(s, D.unit(a.args[0]), SALONIKA)
        f["landed"] += 1
        log(s, "event.salonika_corps", self.rule, AP, unit=a.args[0])
