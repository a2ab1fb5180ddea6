"""Building trenches (11.2.1-11.2.3) and the optional trench roll modification (11.2.10).

Armies declare their attempt during movement (``entrench <army>``, see :mod:`movement`); after
all movement the active player rolls for each: a roll at most the army's LF places a level-1
trench, or raises the player's level-1 trench there to level 2. With 11.2.10, a German, British,
French or Italian unit that failed carries a marker: on an attempt in its side's very next
action round it subtracts one (never more); the marker goes after that round or on success.
"""

from __future__ import annotations

from greatwar.core.steps import Frame
from greatwar.pog import board
from greatwar.pog.flow import STEPS, D, PogStep, log, pop, roll
from greatwar.pog.state import State

MOD_NATIONS = frozenset(D.tables["entrenchment"]["optional_drm_nations"])  # 11.2.10


def round_index(s: State) -> int:
    """A number for the current action round that runs on across turns."""
    return s.turn * 6 + s.round


@STEPS.register
class EntrenchRolls(PogStep):
    """11.2.2: one die per entrenching army, after all movement."""

    name = "entrench_rolls"
    rule = "11.2.2"

    def settle(self, s: State, f: Frame) -> bool:
        side = f["side"]
        marks: dict[str, int] = s.flags.setdefault("trench_fail", {})
        now = round_index(s)
        for u in f["units"]:
            x = s.loc[u]
            drm = 0
            key = str(u)
            if s.options.get("trench_mod") and marks.get(key) == now - 1:
                drm = -1  # 11.2.10
            die = roll(s, "entrench", self.rule, side)
            ok = die + drm <= board.lf(s, u)
            marks.pop(key, None)
            if ok:
                if s.trench[x] == 0 or s.tside[x] != side:
                    board.set_trench(s, x, 1, side)
                elif s.trench[x] == 1:
                    board.set_trench(s, x, 2, side)  # 11.2.3: level 2 at most
            elif s.options.get("trench_mod") and D.units[u].nation in MOD_NATIONS:
                marks[key] = now
            log(
                s,
                "entrench.roll",
                self.rule,
                side,
                unit=D.units[u].id,
                space=D.spaces[x].id,
                die=die,
                drm=drm,
                success=ok,
                level=s.trench[x],
            )
        pop(s, f)
        return True
