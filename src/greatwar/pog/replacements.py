"""The Replacement Phase (6.0 F, 17): RPs recorded this turn are spent, AP first, then lost.

RP pools are kept in half points (``s.rp[pool]``: 2 = one RP) because corps steps cost half an RP
(Replacement Cost Table). Events adjust the pools at the start of the phase: Walter Rathenau,
U-Boats Unleashed, Zeppelin Raids, and the historical scenario's German bonus (5.7.3).
"""

from __future__ import annotations

from greatwar.core.steps import Frame
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import STEPS, D, PogStep, log, pop, push
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import State

SEDAN = D.space("sedan")
FR_BE = frozenset({"fr", "be"})


def historical_bonus(s: State) -> bool:
    """5.7.3: the CP gets 1 German RP at Total War (after drawing its Total War cards) if it
    controls Sedan and two more French or Belgian spaces."""
    if not SCENARIOS[s.scenario].historical or s.commit[CP] < 2:
        return False
    if s.flags["total_war_turn"][CP] >= s.turn:
        return False  # Total War reached this turn: its cards are not drawn yet
    if s.ctrl[SEDAN] != CP:
        return False
    others = sum(
        1 for sp in D.spaces if sp.nation in FR_BE and sp.ix != SEDAN and s.ctrl[sp.ix] == CP
    )
    return others >= 2


def adjust_pools(s: State) -> None:
    """Event adjustments at the start of the Replacement Phase."""
    rp = s.rp
    if "walter_rathenau" in s.events and "independent_air_force" not in s.events:
        rp["ge"] += 2
        log(s, "rp.rathenau", "9.5.1", CP)
    if historical_bonus(s):
        rp["ge"] += 2
        log(s, "rp.historical_bonus", "5.7.3", CP)
    if "uboats_unleashed" in s.events and "convoy" not in s.events and rp["br"] >= 2:
        rp["br"] -= 2
        log(s, "rp.uboats", "9.5.1", AP)
    if "zeppelin_raids" in s.tflags:
        rp["br"] = max(0, rp["br"] - 8)
        log(s, "rp.zeppelin_raids", "9.5.1", AP)


def replacement_phase(s: State) -> None:
    """6.0 F: adjust the pools, let the AP (F.1) then the CP (F.2) spend, then clear them."""
    s.phase = "replacement"
    adjust_pools(s)
    push(s, "replacement_end")
    if "spend_replacements" in STEPS:
        push(s, "spend_replacements", side=CP)
        push(s, "spend_replacements", side=AP)


@STEPS.register
class ReplacementEnd(PogStep):
    """17.1.2: RPs not spent are lost."""

    name = "replacement_end"
    rule = "17.1.2"

    def settle(self, s: State, f: Frame) -> bool:
        lost = {k: v for k, v in s.rp.items() if v}
        if lost:
            log(s, "rp.lost", self.rule, rp={k: v / 2 for k, v in lost.items()})
        for k in s.rp:
            s.rp[k] = 0
        pop(s, f)
        return True
