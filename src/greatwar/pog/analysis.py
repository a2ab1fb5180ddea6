"""Each side's chance to win through a finished Paths of Glory game, for its replay
(:class:`greatwar.core.games.HasAnalysis`): a point at the start of every action round (8.1),
the chance read from the bots' evaluator (:func:`greatwar.pog.bots.evaluate.win_chance`, a
logistic of its points; one function a learned value can replace)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from greatwar.core.analysis import Moment, by_moment
from greatwar.pog.data import AP, CP, SIDE_NAMES
from greatwar.pog.state import State

END = 1 << 30


def moment(s: State) -> Moment | None:
    """The action round a position starts (turn, round, side: the Central Powers act first in
    each round, 8.1), the end, or None (inside an action round, or another phase)."""
    if s.result is not None:
        return (END,), {"end": True}
    if not s.stack:
        return None
    f = s.stack[-1]
    if f.get("step") != "action_round" or f.get("acted"):
        return None
    side = int(f["side"])
    return (s.turn, int(f["round"]), 0 if side == CP else 1), {
        "turn": s.turn,
        "round": int(f["round"]),
        "side": SIDE_NAMES[side],
    }


def chances(s: State) -> dict[str, float]:
    """The Allies' chance and the Central Powers' (the evaluator scores each side with its own
    hand: the two readings are averaged, so the chances add up to one)."""
    from greatwar.pog.bots.evaluate import win_chance

    if s.result is not None and s.result.get("outcome") in SIDE_NAMES:
        won = s.result["outcome"]
        return {side: 1.0 if side == won else 0.0 for side in SIDE_NAMES}
    ap = (win_chance(s, AP) + 1.0 - win_chance(s, CP)) / 2
    return {SIDE_NAMES[AP]: ap, SIDE_NAMES[CP]: 1.0 - ap}


def win_chances(positions: Iterable[tuple[int, Any]]) -> list[dict[str, Any]]:
    return by_moment(positions, moment, chances, lambda s: {"vp": s.vp})
