"""The Attrition Phase (6.0 C, 14.3.5-14.3.6, 11.2.7).

Both sides at once (14.3.5): every unit on the map that is out of supply is eliminated (armies
permanently, 12.4.7 #3); then every controlled space without an undestroyed friendly fort that
could not trace supply for a unit of its side becomes the enemy's (14.3.6), with trench
attrition there (11.2.7). Allied Serbian spaces (14.3.6 with 14.1.5) and Arabia (17.1.6) never
change hands this way, nor do spaces no unit may enter (a neutral nation's, Greek spaces holding
the Salonika Greek units, 9.5.2.4; MEF beaches without the marker, 11.1.10). Supply is computed
once for the whole position before anything is removed, so no removal opens or closes another
line. Sieges whose besiegers were eliminated end (15.2.4).
"""

from __future__ import annotations

from greatwar.pog import board, supply
from greatwar.pog.data import AP
from greatwar.pog.flow import D, log
from greatwar.pog.siege import lift_broken_sieges
from greatwar.pog.state import State

SERBIA = supply.SERBIA
ARABIA = D.space("arabia")


def attrition(s: State) -> None:
    units = [u for u, x in enumerate(s.loc) if x >= 0 and x not in D.boxes]
    oos = [u for u in units if not supply.unit_supplied(s, u, attrition=True)]
    oos_set = set(oos)
    flips = []
    ctrl = s.ctrl
    for x in D.map_spaces:
        if x == ARABIA or board.fort_intact(s, x):
            # 17.1.6: Arabia is the ANA's home box, joined to the map only by ANA lines;
            # 14.3.6: an undestroyed fort holds its space.
            continue
        if x in SERBIA and ctrl[x] == AP:
            continue  # 14.3.6, 14.1.5: Allied Serbian spaces convert only by CP entry
        if supply.closed_to_all(s, x):
            continue  # 11.1.11, 9.5.2.4, 11.1.10: a space out of play belongs to nobody new
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
        side = 1 - ctrl[x]
        log(s, "attrition.space", "14.3.6", side, space=D.spaces[x].id)
        if s.trench[x]:
            if s.trench[x] == 2:
                board.set_trench(s, x, 1, side)  # 11.2.7
            else:
                board.set_trench(s, x, 0, side)
        board.set_control(s, x, side, "14.3.6")
    if oos:
        lift_broken_sieges(s)  # 15.2.4: eliminated besiegers no longer besiege
