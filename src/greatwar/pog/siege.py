"""The Siege Phase (6.0 D, 15.3): every besieged fort rolls to see if it surrenders; and
15.2.4 for sieges broken outside combat and movement (the Attrition Phase)."""

from __future__ import annotations

from greatwar.pog import board, movement
from greatwar.pog.flow import D, log, roll
from greatwar.pog.state import State

_SIEGE = D.tables["siege"]
EARLY_WAR_DRM = _SIEGE["drm_turns_1_2"]  # 15.3.3: -2 on the August and September 1914 turns
FORT_SPACES = tuple(sp.ix for sp in D.spaces if sp.fort > 0)


def lift_broken_sieges(s: State) -> None:
    """15.2.4 after the Attrition Phase: sieges whose besiegers were eliminated end."""
    for x in FORT_SPACES:
        movement.lift_broken_siege(s, x)


def siege_drm(turn: int) -> int:
    return EARLY_WAR_DRM if turn <= 2 else 0


def siege_phase(s: State) -> None:
    """15.3.1-15.3.3: a die (modified by -2 on turns 1-2) greater than the fort's LF destroys
    it, and control of the space passes to the besieger (3.0 'Control')."""
    s.phase = "siege"
    for x in FORT_SPACES:
        if not board.fort_besieged(s, x):
            continue
        besieger = 1 - s.ctrl[x]
        die = roll(s, "siege", "15.3.2", besieger)
        total = die + siege_drm(s.turn)
        fort = D.spaces[x].fort
        log(
            s,
            "siege.roll",
            "15.3.2",
            besieger,
            space=D.spaces[x].id,
            die=die,
            total=total,
            fort=fort,
        )
        if total > fort:
            board.destroy_fort(s, x, "15.3.2")
