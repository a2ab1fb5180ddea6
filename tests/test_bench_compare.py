"""The before/after comparison of ``greatwar bench`` (greatwar.bench_compare)."""

from __future__ import annotations

from pathlib import Path

import pytest

from greatwar.bench_compare import compare, figures, main


def test_ratios_are_baseline_over_new_for_times_and_new_over_baseline_for_rates():
    runs = {
        "baseline": [
            {"legal_actions_us_p90": 300.0, "actions_per_second": 100.0, "clone_us_median": 9.0},
            {"legal_actions_us_p90": 200.0, "actions_per_second": 300.0, "clone_us_median": 9.0},
            {"legal_actions_us_p90": 250.0, "actions_per_second": 200.0, "clone_us_median": 9.0},
        ],
        "new": [
            {"legal_actions_us_p90": 50.0, "actions_per_second": 800.0, "clone_us_median": 18.0},
            {"legal_actions_us_p90": 100.0, "actions_per_second": 600.0, "clone_us_median": 18.0},
            {"legal_actions_us_p90": 90.0, "actions_per_second": 700.0, "clone_us_median": 18.0},
        ],
    }
    got = {k: (old, new, ratio) for k, old, new, ratio in compare(runs)}
    assert got["legal_actions_us_p90"] == (250.0, 90.0, 250.0 / 90.0)  # medians, then the ratio
    assert got["actions_per_second"] == (200.0, 700.0, 3.5)
    assert got["clone_us_median"] == (9.0, 18.0, 0.5)  # slower: below 1
    assert next(k for k, *_ in compare(runs)) == "legal_actions_us_p90"  # a headline figure first


def test_only_figures_both_trees_report_are_compared_and_counts_are_not_figures():
    assert figures({"games": 10, "seconds": 1.5, "game": "pog", "finished": 10}) == {"seconds": 1.5}
    runs = {"baseline": [{"seconds": 2.0}], "new": [{"seconds": 1.0, "view_us_median": 3.0}]}
    assert [k for k, *_ in compare(runs)] == ["seconds"]


def test_a_baseline_that_is_not_a_checkout_is_refused(tmp_path: Path):
    with pytest.raises(SystemExit):
        main(["--baseline", str(tmp_path), "--rounds", "1"])
