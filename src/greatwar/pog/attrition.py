"""The Attrition Phase (6.0 C, 14.3.5-14.3.6, 11.2.7).

Both sides at once (14.3.5): every unit on the map that is out of supply is eliminated (armies
permanently, 12.4.7 #3); then every controlled space without an undestroyed friendly fort that
could not trace supply for a unit of its side becomes the enemy's (14.3.6), Serbian spaces
excepted, with trench attrition there (11.2.7). Supply is computed once for the whole position
before anything is removed, so no removal opens or closes another line.
"""

from __future__ import annotations

from greatwar.pog import board, supply
from greatwar.pog.flow import D, log
from greatwar.pog.state import State

SERBIA = supply.SERBIA


def attrition(s: State) -> None:
    units = [u for u, x in enumerate(s.loc) if x >= 0 and x not in D.boxes]
    oos = [u for u in units if not supply.unit_supplied(s, u, attrition=True)]
    oos_set = set(oos)
    flips = []
    for x in D.map_spaces:
        if x in SERBIA or board.fort_intact(s, x):
            continue  # 14.3.6: Serbian spaces convert only by entry; forts hold their space
        sp = D.spaces[x]
        if sp.neutral_at_start and not s.at_war.get(sp.nation, 0):
            continue  # a neutral nation's space belongs to nobody yet
        if sp.mef_beach and s.flags.get("mef_beachhead") != x:
            continue  # an empty MEF beach is not a space in play (11.1.10)
        if any(u not in oos_set for u in board.units_in(s, x)):
            continue  # units that stay in supply keep their space
        if not supply.space_supplied(s, x):
            flips.append(x)
    for u in oos:
        log(
            s,
            "attrition.unit",
            "14.3.5",
            D.units[u].side,
            unit=D.units[u].id,
            space=D.spaces[s.loc[u]].id,
        )
        board.eliminate(s, u, permanently=D.units[u].army)
    for x in flips:
        side = 1 - s.ctrl[x]
        log(s, "attrition.space", "14.3.6", side, space=D.spaces[x].id)
        if s.trench[x]:
            if s.trench[x] == 2:
                board.set_trench(s, x, 1, side)  # 11.2.7
            else:
                board.set_trench(s, x, 0, side)
        board.set_control(s, x, side, "14.3.6")
