"""``python3 -m greatwar.pog.bots.agreement``: how often short searches choose what a long one
chooses (issue 29, item 3's stand-in for a win-rate curve)."""

from __future__ import annotations

import json

import pytest

from greatwar.pog.bots.agreement import main


def test_the_agreement_counts_every_short_search_against_the_reference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(
            [
                "--games",
                "3",
                "--per-game",
                "4",
                "--every",
                "2",
                "--reference",
                "6",
                "--budgets",
                "2,3",
                "--seeds",
                "1,2",
                "--json",
            ]
        )
        == 0
    )
    r = json.loads(capsys.readouterr().out)
    assert r["choices"] == 2 and r["reference"] == 6
    rows = r["rows"]
    assert rows[0]["setting"] == "heuristic's first" and rows[0]["of"] == 2
    assert [(x["setting"], x["sims"]) for x in rows[1:]] == [
        ("fixed/visits", 2),
        ("fixed/visits", 3),
        ("paired/mean", 2),
        ("paired/mean", 3),
    ]
    for x in rows:
        assert 0 <= x["agree"] <= x["of"] and x["share"] == round(x["agree"] / x["of"], 3)
        assert x["ci95"][0] <= x["share"] <= x["ci95"][1]
    assert all(x["of"] == 4 for x in rows[1:])  # two seeds of two choices


def test_the_agreement_refuses_unknown_settings_before_searching() -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--settings", "greedy/visits"])
    assert stop.value.code == 2
    with pytest.raises(SystemExit):
        main(["--budgets", "0"])
