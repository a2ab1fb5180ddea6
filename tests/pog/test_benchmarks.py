"""Paths of Glory's own figures for ``greatwar bench`` (greatwar.pog.benchmarks): which figures
are reported and that they measure something; never how fast (times are printed, not judged)."""

from __future__ import annotations

import pytest

from greatwar.pog import benchmarks
from greatwar.selfplay import bench


def test_bench_reports_listing_supply_clone_view_and_a_heuristic_playout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(benchmarks, "COMBAT_GAMES", 1)
    monkeypatch.setattr(benchmarks, "HEURISTIC_DECISIONS", 25)
    r = bench("historical", 1, 3)
    assert r["finished"] == 1 and r["actions"] > 0
    for key in (
        "legal_actions_us_median",
        "legal_actions_us_p90",
        "supply_recompute_us_median",
        "clone_us_median",
        "clone_without_log_us_median",
        "clone_midgame_us_median",
        "view_us_median",
        "heuristic_decisions_per_second",
        "heuristic_engine_us_per_decision",
        "heuristic_bot_us_per_decision",
    ):
        assert isinstance(r[key], float) and r[key] > 0, key
    assert r["legal_actions_us_p90"] >= r["legal_actions_us_median"]
    assert r["heuristic_decisions"] == 25


def test_the_heuristic_playout_plays_the_decisions_asked_and_stops_at_the_end() -> None:
    got = benchmarks.heuristic_playout("historical", None, 5, decisions=12)
    assert got["heuristic_decisions"] == 12
    # Time per decision split between engine and bot, and the rate is what they add up to.
    per = got["heuristic_engine_us_per_decision"] + got["heuristic_bot_us_per_decision"]
    assert got["heuristic_decisions_per_second"] == pytest.approx(1e6 / per, rel=0.05)
