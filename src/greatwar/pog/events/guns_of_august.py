"""Guns of August (cp01; 5.7.4 #3): the opening German blow in Belgium.

Played as an event only in the Central Powers' first action round of turn 1: the Liege fort is
destroyed and Liege becomes CP-controlled, the GE 1st and 2nd Armies enter Liege, and Liege and
Koblenz are activated for combat in an operation without movement, so the GE 1st, 2nd and 3rd
Armies may attack at once. In the historical scenario the CP must open with it (5.7.4 #3; the
Action Phase forces the play).
"""

from __future__ import annotations

from greatwar.pog import board, movement, supply
from greatwar.pog.data import CP
from greatwar.pog.events.base import Event, register
from greatwar.pog.flow import D, log, push
from greatwar.pog.messages import define
from greatwar.pog.state import State

LIEGE = D.space("liege")
KOBLENZ = D.space("koblenz")
ARMIES = (D.unit("ge_1"), D.unit("ge_2"))

define(
    "en",
    {
        "event.guns_of_august": (
            "Guns of August: the Liege fort falls and the German armies storm Belgium"
        )
    },
)


@register
class GunsOfAugust(Event):
    key = "guns_of_august"
    rule = "5.7.4"

    def playable(self, s: State, side: int, card: int) -> bool:
        return side == CP and s.turn == 1 and s.round == 1

    def play(self, s: State, side: int, card: int) -> None:
        log(s, "event.guns_of_august", "9.5.1", side)
        if board.fort_intact(s, LIEGE):
            board.destroy_fort(s, LIEGE, "9.5.1")
        if s.ctrl[LIEGE] != CP:
            board.set_control(s, LIEGE, CP, "9.5.1")
        for u in ARMIES:
            if board.on_map(s, u) and s.loc[u] != LIEGE:
                movement.enter(s, u, LIEGE, rule="9.5.1")
        spaces = [x for x in (LIEGE, KOBLENZ) if board.side_in(s, x) == CP]
        oos = [
            u
            for x in spaces
            for u in board.units_in(s, x)
            if not supply.unit_supplied(s, u)  # 14.1.1.1: frozen at activation
        ]
        push(
            s,
            "operation",
            side=CP,
            ops=0,
            card=card,
            spent=0,
            moves=[],
            attacks=spaces,
            oos=oos,
            stage="combat",
        )
