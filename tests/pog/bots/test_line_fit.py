"""The fit of the final VP's line (5.5.2, 5.7.2: at the end of the last turn only the final VP
decides) to how self-play games ended: ``greatwar.pog.bots.line_fit``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from greatwar.pog.bots import line_fit, selfplay_data
from greatwar.pog.bots.evaluate import LINE_AT_END
from greatwar.pog.bots.features import NAMES, VERSION


def _series() -> dict[str, object]:
    return {"games": 400, "seed": 1, "bots": ["easy", "easy"], "sample": 1.0, "epsilon": 0.0,
            "scenario": "historical", "features": VERSION, "names": len(NAMES),
            "positions": selfplay_data.POSITION}  # fmt: skip


def _record(path: Path, games: int = 400) -> Path:
    """Games whose last turns are decided by the final VP alone: the CP win when their final
    VP ends above the line, and the line's points at the end say so only faintly."""
    rng = random.Random(3)
    rec = selfplay_data.Record(path, _series())
    for i in range(games):
        final = rng.choice([-2, -1, 1, 2])  # VP across the line at the end (half VP units)
        positions = []
        for turn in range(15, 21):
            for rnd in (1, 4):
                drift = rng.gauss(0.0, 0.5) * (20 - turn)  # the VP still moves early
                line = (final + drift) * 4.0  # points of the CP's final VP against the line
                positions.append([turn, rnd, "cp", 0.5, [], line, rng.gauss(0.0, 20.0)])
        outcome = "cp" if final > 0 else "ap"
        rec.add({"index": i, "seed": 1000 + i, "outcome": outcome, "positions": positions})
    return path


def test_the_fit_finds_the_line_counts_more_at_the_end_than_its_points(tmp_path: Path) -> None:
    d = line_fit.load([_record(tmp_path / "sp.jsonl")])
    r = line_fit.report(d)
    assert r["fitted"] > 4.0, r  # at its points the line is far too faint for these games
    late = r["held_out_last_turns"]
    assert late["fitted"] < late["points"]
    last = r["by_turns_left"][0]
    assert last["turns_left"] == [0.0, 1.0] and last["fitted"] < last["points"]
    assert r["shipped"] == LINE_AT_END
    # far from the end the weight is 1 whatever is fitted: the same loss
    early = [row for row in r["by_turns_left"] if row["turns_left"][0] >= 4.0]
    assert early and all(row["points"] == row["fitted"] for row in early)


def test_the_command_prints_the_fit_and_refuses_a_record_without_the_parts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _record(tmp_path / "sp.jsonl", games=60)
    line_fit.main([str(path), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["positions"]["train"] + out["positions"]["held_out"] == 60 * 12
    line_fit.main([str(path)])
    assert "fitted W" in capsys.readouterr().out
    old = tmp_path / "old.jsonl"
    head = dict(_series())
    del head["positions"]  # a record made before the parts were kept
    old.write_text(json.dumps({"series": head}) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="play it again"):
        line_fit.main([str(old)])
    with pytest.raises(SystemExit, match="no such record"):
        line_fit.main([str(tmp_path / "missing.jsonl")])
