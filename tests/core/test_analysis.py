"""The analysis of a finished game (game-agnostic part): points at the start of each moment,
an undo in the record dropping the points it took back, the turning points, the end."""

from __future__ import annotations

from typing import Any

from greatwar.core.analysis import MIN_SWING, analyse, by_moment, turning_points
from greatwar.core.games import HasAnalysis, game


def _points(chances: list[float]) -> list[dict[str, Any]]:
    return [
        {"step": 10 * i, "at": {"n": i}, "chances": {"a": p, "b": round(1 - p, 4)}}
        for i, p in enumerate(chances)
    ]


def test_points_are_taken_once_a_moment_and_an_undo_drops_what_it_took_back() -> None:
    # (step, state): a state here is (moment key, chance of a)
    positions = [(0, None), (1, (1, 0.5)), (2, (1, 0.6)), (3, (2, 0.7)), (4, (3, 0.8)),
                 (5, (2, 0.4)), (6, (3, 0.3)), (7, (3, 0.2))]  # fmt: skip

    def moment(s: Any) -> Any:
        return None if s is None else ((s[0],), {"k": s[0]})

    pts = by_moment(positions, moment, lambda s: {"a": s[1], "b": 1 - s[1]})
    assert [(p["step"], p["at"]["k"], p["chances"]["a"]) for p in pts] == [
        (1, 1, 0.5),
        (3, 2, 0.7),  # round 2 met again at step 5 after an undo: its first point stays
        (6, 3, 0.3),  # round 3 again after the undo: taken anew
    ]


def test_turning_points_are_the_biggest_swings_in_game_order() -> None:
    pts = _points([0.5, 0.52, 0.9, 0.85, 0.3, 0.35, 0.33, 0.7])
    tps = turning_points(pts, most=3)
    assert [(t["from_step"], t["step"], t["team"]) for t in tps] == [
        (10, 20, "a"),  # +0.38
        (30, 40, "b"),  # +0.55 for b
        (60, 70, "a"),  # +0.37
    ]
    assert tps[1]["swing"] == 0.55 and tps[1]["at"] == {"n": 3}
    assert tps[1]["chances"] == pts[4]["chances"]
    # small moves are no turning points
    assert turning_points(_points([0.5, 0.5 + MIN_SWING / 2, 0.5])) == []


class _Fake:
    """A game of two teams whose points come from a list (a :class:`HasAnalysis`)."""

    def __init__(self, points: list[dict[str, Any]]) -> None:
        self.points = points

    def teams(self) -> list[Any]:
        return [type("T", (), {"id": t})() for t in ("a", "b")]

    def win_chances(self, positions: Any) -> list[dict[str, Any]]:
        list(positions)
        return list(self.points)


def test_a_game_that_ended_on_time_ends_with_its_verdict() -> None:
    fake = _Fake(_points([0.5, 0.7]))
    doc = analyse(fake, iter([]), 25, {"outcome": "b", "reason": "time"})
    assert doc["teams"] == ["a", "b"]
    assert doc["points"][-1] == {"step": 25, "at": {"end": True}, "chances": {"a": 0.0, "b": 1.0}}
    assert [t["team"] for t in doc["turning"]] == ["a", "b"]


def test_both_games_offer_the_analysis() -> None:
    for gid in ("pog", "qmg1914"):
        assert isinstance(game(gid), HasAnalysis)
