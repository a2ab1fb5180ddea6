"""Nations entering the war: their set-up goes on the map (4.2.2, 9.5.2, 16.1.3.1, 11.1.13).

The set-up rows of ``setup-historical-1914.csv`` are keyed by trigger (``turkey_entry``,
``italy_entry``, ...). Fixed rows are placed at once; ``choice`` rows (Bulgaria and Romania: one
corps in each of four other spaces of the nation) become a placement step for the owner.
"""

from __future__ import annotations

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import STEPS, D, PogStep, act, log, pop, push
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import OFF, State

SPACES = D.spaces
UNITS = D.units
KERMANSHAH = D.space("kermanshah")


def rows_for(s: State, trigger: str) -> list[int]:
    """Indices into ``D.setup`` of the rows this scenario uses for ``trigger``."""
    hist = SCENARIOS[s.scenario].historical
    return [
        i
        for i, r in enumerate(D.setup)
        if r.trigger == trigger and (r.historical_setup if hist else r.basic_setup)
    ]


def place_setup(s: State, trigger: str, owner: int) -> list[int]:
    """Place the fixed rows of ``trigger``; return the units of its ``choice`` rows."""
    choice: list[int] = []
    for i in rows_for(s, trigger):
        r = D.setup[i]
        if r.kind == "unit":
            if r.placement == "choice":
                choice.append(r.unit)
            else:
                board.place(s, r.unit, r.space, reduced=r.reduced)
        elif r.kind == "trench":
            board.set_trench(s, r.space, r.trench_level, r.side)
        elif r.kind == "control":
            board.set_control(s, r.space, r.side, "11.1.13")
    if choice:
        push(s, "entry_placement", side=owner, trigger=trigger, units=choice)
    return choice


def turkey_enters(s: State) -> None:
    """16.1.3.1: when the CP reaches Limited War Turkey joins the CP; 11.1.13: Kermanshah
    becomes CP-controlled and the rest of Persia Allied (Persia may now be entered)."""
    s.at_war["tu"] = 1
    s.at_war["pe"] = 1
    board.invalidate(s)
    log(s, "nation.enters", "16.1.3.1", CP, nation="tu")
    place_setup(s, "turkey_entry", CP)
    for sp in SPACES:
        if sp.nation == "pe" and sp.ix != KERMANSHAH:
            board.set_control(s, sp.ix, AP, "11.1.13")
    board.set_control(s, KERMANSHAH, CP, "11.1.13")


def neutral_entry_open(s: State) -> bool:
    """9.5.2.2: only one neutral entry event a turn, for both players together (Turkey's entry
    at CP Limited War does not count, 16.1.3.1)."""
    return "neutral_entry" not in s.tflags


def nation_enters(s: State, nation: str, side: int, trigger: str, rule: str = "9.5.2.1") -> None:
    """9.5.2.1: a neutral nation joins ``side`` by its entry event: it is at war, its set-up
    goes on the map (choices through ``entry_placement``), and the turn's neutral entry is
    used (9.5.2.2)."""
    s.at_war[nation] = 1
    s.tflags["neutral_entry"] = nation
    board.invalidate(s)
    log(s, "nation.enters", rule, side, nation=nation)
    if all(s.loc[u] == OFF for u in setup_units(s, trigger)):
        place_setup(s, trigger, side)


def setup_units(s: State, trigger: str) -> list[int]:
    """The units of ``trigger``'s set-up rows."""
    return [D.setup[i].unit for i in rows_for(s, trigger) if D.setup[i].kind == "unit"]


def choice_spaces(s: State, f: Frame) -> list[int]:
    """Spaces where the next ``choice`` corps may go: a space of the entering nation, other
    than its capital, not yet holding one of these corps (one corps per space)."""
    nation = UNITS[f["units"][0]].nation
    taken = {s.loc[u] for u in f["placed"]} if "placed" in f else set()
    occ = board.occupants(s)
    return [
        sp.ix
        for sp in SPACES
        if sp.nation == nation
        and not sp.capital
        and sp.ix not in taken
        and len(occ[sp.ix]) < 3
        and all(UNITS[u].side == UNITS[f["units"][0]].side for u in occ[sp.ix])
    ]


@STEPS.register
class EntryPlacement(PogStep):
    """4.2.2 / set-up chart: Bulgaria and Romania place one corps in each of four other
    spaces of their nation, chosen by the owner."""

    name = "entry_placement"
    rule = "9.5.2.1"

    def settle(self, s: State, f: Frame) -> bool:
        remaining = [u for u in f["units"] if u not in f.get("placed", [])]
        if not remaining or not choice_spaces(s, f):
            for u in remaining:  # no room left: the corps wait in the Reserve Box
                board.place(s, u, board.RESERVE[UNITS[u].side])
            pop(s, f)
            return True
        return False

    def prompt(self, s: State, f: Frame) -> str:
        return "entry.place"

    def legal(self, s: State, f: Frame) -> list[Action]:
        u = next(u for u in f["units"] if u not in f.get("placed", []))
        return [act("place", UNITS[u].id, SPACES[x].id) for x in choice_spaces(s, f)]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        u, x = D.unit(a.args[0]), D.space(a.args[1])
        board.place(s, u, x)
        f["placed"] = [*f.get("placed", []), u]
        log(s, "unit.placed", self.rule, f["side"], unit=a.args[0], space=a.args[1])
