"""``greatwar bench-server`` measures a real server on the loopback and reports every level (a
benchmark, never judged: this only checks that it measures and stops)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from greatwar.cli import app
from greatwar.server.bench import bench_server


def test_the_benchmark_plays_each_level_and_reports_it() -> None:
    result = bench_server([1, 2], seconds=1.5)
    assert [r["games"] for r in result["levels"]] == [1, 2]
    for r in result["levels"]:
        assert r["errors"] == 0, r["first_errors"]
        assert r["actions"] > 0 and r["actions_per_second"] > 0
        assert 0 < r["p50_ms"] <= r["p99_ms"] <= r["max_ms"]
        assert r["requests"] >= r["actions"]
        cpu = r["server_cpu_ms_per_action"]
        assert cpu is None or cpu > 0
    assert result["store"] == "sqlite"


def test_the_levels_are_checked() -> None:
    for bad in ("0", "1,x", "65", ""):
        r = CliRunner().invoke(app, ["bench-server", "--games", bad, "--seconds", "1"])
        assert r.exit_code == 2, r.output
    r = CliRunner().invoke(app, ["bench-server", "--games", "1", "--seconds", "1", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["levels"][0]["games"] == 1


def test_several_processes_are_measured_on_postgresql(pg_url: str) -> None:
    result = bench_server([2], seconds=1.5, db=pg_url, processes=[1, 2])
    assert [(r["processes"], r["games"]) for r in result["levels"]] == [(1, 2), (2, 2)]
    for r in result["levels"]:
        assert r["errors"] == 0, r["first_errors"]
        assert r["actions"] > 0 and 0 < r["p50_ms"] <= r["p99_ms"]
    assert result["store"] == "postgresql"


def test_several_processes_need_postgresql() -> None:
    r = CliRunner().invoke(app, ["bench-server", "--processes", "1,2", "--seconds", "1"])
    assert r.exit_code == 2 and "PostgreSQL" in " ".join(r.output.split())
    r = CliRunner().invoke(app, ["bench-server", "--processes", "0", "--seconds", "1"])
    assert r.exit_code == 2
