"""Each team's chance to win through a finished Quartermaster General: 1914 game, for its
replay (:class:`greatwar.core.games.HasAnalysis`): a point at the start of every power's turn,
the chance read from the bots' evaluator (:func:`greatwar.qmg1914.bots.evaluate.win_chance`,
one function a learned value can replace)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from greatwar.core.analysis import Moment, by_moment
from greatwar.qmg1914.data import LAST_ROUND, POWERS, TEAMS
from greatwar.qmg1914.state import State


def moment(s: State) -> Moment | None:
    """The turn a position starts (round, power), the end, or None (the set-up, the Scoring
    Round between two rounds)."""
    if s.result is not None:
        return (LAST_ROUND + 1, 0), {"end": True}
    if s.cur < 0:
        return None
    return (s.round, s.cur), {"round": s.round, "power": POWERS[s.cur]}


def chances(s: State) -> dict[str, float]:
    from greatwar.qmg1914.bots.evaluate import win_chance

    if s.result is not None:
        won = s.result.get("outcome")
        return {t: 1.0 if t == won else 0.0 for t in TEAMS}
    p = win_chance(s, 0)
    return {TEAMS[0]: p, TEAMS[1]: 1.0 - p}


def win_chances(positions: Iterable[tuple[int, Any]]) -> list[dict[str, Any]]:
    return by_moment(positions, moment, chances, lambda s: {"central": s.vp[0], "entente": s.vp[1]})
