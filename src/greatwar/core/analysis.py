"""The analysis of a finished game, for any game with :class:`~greatwar.core.games.HasAnalysis`:
each team's chance to win after every action round, from the game's own evaluator, and the
turning points (the biggest swings), each linked to its record step.

A game answers with points taken at the start of every action round (:func:`by_moment` walks
the positions for it); :func:`analyse` adds the end (a game that ended on time has its verdict
as its last point) and picks the turning points (:func:`turning_points`). The server computes it
once per finished game and never for a game still being played (no live evaluation).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

TURNING_POINTS = 5  # the most turning points listed
MIN_SWING = 0.05  # a smaller swing is no turning point

Moment = tuple[tuple[int, ...], dict[str, Any]]
"""Where a position stands: a key that grows through the game (a turn, a round, a seat in
order) and the same for people (``at``)."""


def by_moment(
    positions: Iterable[tuple[int, Any]],
    moment: Callable[[Any], Moment | None],
    chances: Callable[[Any], dict[str, float]],
    score: Callable[[Any], dict[str, int]] | None = None,
) -> list[dict[str, Any]]:
    """One point at the first position of every moment (``moment(state)``: None where the
    position is at none, such as the set-up): its step, ``at``, ``chances(state)`` and, where
    the game gives ``score``, the score then (``{"vp": 12}``, or one figure per team: the end
    screen's chart of the victory points). A moment whose key is below the last one's (an undo
    went back) drops the points after it."""
    points: list[dict[str, Any]] = []
    keys: list[tuple[int, ...]] = []
    final: dict[str, int] | None = None
    for step, s in positions:
        if score is not None:
            final = score(s)  # read at once: the state may change with the next position
        m = moment(s)
        if m is None:
            continue
        key, at = m
        while keys and key < keys[-1]:
            keys.pop()
            points.pop()
        if keys and key == keys[-1]:
            continue
        keys.append(key)
        odds = chances(s)
        point = {"step": step, "at": at, "chances": {t: round(p, 4) for t, p in odds.items()}}
        if score is not None:
            point["score"] = final
        points.append(point)
    if final is not None and points and not points[-1]["at"].get("end"):
        points[-1]["final_score"] = final  # the score the game ended with (see analyse)
    return points


def turning_points(
    points: list[dict[str, Any]], most: int = TURNING_POINTS
) -> list[dict[str, Any]]:
    """The biggest swings between consecutive points (at least :data:`MIN_SWING` of the
    chance to win), at most ``most``, in the order they happened: each names the action round
    it happened in (``at``, the round starting at the earlier point), the team that gained,
    by how much (``swing``), the chances after it, and the step it ends at (``step``: where the
    replay shows it, the round's decisions the last ones of the log) and starts at
    (``from_step``)."""
    swings = []
    for i in range(1, len(points)):
        before, after = points[i - 1]["chances"], points[i]["chances"]
        gains = {t: after[t] - before.get(t, 0.0) for t in after}
        team = max(gains, key=lambda t: gains[t])
        if gains[team] >= MIN_SWING:
            swings.append((gains[team], i, team))
    swings.sort(key=lambda x: (-x[0], x[1]))
    out = []
    for gain, i, team in sorted(swings[:most], key=lambda x: x[1]):
        out.append(
            {
                "step": points[i]["step"],
                "from_step": points[i - 1]["step"],
                "at": points[i - 1]["at"],
                "team": team,
                "swing": round(gain, 4),
                "chances": points[i]["chances"],
            }
        )
    return out


def analyse(
    g: Any,
    positions: Iterable[tuple[int, Any]],
    steps: int,
    outcome: Mapping[str, Any] | None,
) -> dict[str, Any]:
    """The analysis of a finished game of ``g`` (a :class:`~greatwar.core.games.HasAnalysis`):
    ``positions`` after every one of its ``steps`` record entries (see
    :meth:`~greatwar.core.games.HasAnalysis.win_chances`) and how it ended. ``{"teams": [ids],
    "points": [...], "turning": [...]}``."""
    teams = [t.id for t in g.teams()]
    points = g.win_chances(positions)
    won = outcome.get("outcome") if outcome else None
    if won in teams and not (points and points[-1]["at"].get("end")):
        end: dict[str, Any] = {
            "step": steps,
            "at": {"end": True},
            "chances": {t: 1.0 if t == won else 0.0 for t in teams},
        }
        if points and "final_score" in points[-1]:
            end["score"] = points[-1]["final_score"]
        points.append(end)
    for p in points:
        p.pop("final_score", None)
    return {"teams": teams, "points": points, "turning": turning_points(points)}
