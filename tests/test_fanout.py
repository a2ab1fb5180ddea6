"""Fanning games out (greatwar.fanout): over local processes and over a local Ray instance, the
arena and self-play give the results of a run in this process for the same seeds; without Ray
installed, --ray is refused in one line."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from greatwar.arena import RUN_KEYS
from greatwar.cli import app
from greatwar.fanout import Ray, connect, fan_out, run_all
from greatwar.selfplay import game_seeds, play_job


def invoke(args: list[str]) -> dict[str, Any]:
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    doc: dict[str, Any] = json.loads(r.stdout)
    return doc


def results(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k not in RUN_KEYS}


def test_local_processes_run_every_job_once_and_results_come_back_in_job_order() -> None:
    jobs = [-5, 3, -1, 0, 7, -2]
    seen = sorted(fan_out(abs, jobs, workers=2))
    assert seen == [(i, abs(j)) for i, j in enumerate(jobs)]
    counts: list[int] = []
    assert run_all(abs, jobs, workers=3, progress=counts.append) == [5, 3, 1, 0, 7, 2]
    assert counts == [1, 2, 3, 4, 5, 6]
    assert run_all(abs, jobs, workers=1) == [5, 3, 1, 0, 7, 2]
    with pytest.raises(TypeError):
        run_all(abs, [1, "x"], workers=2)  # a job's exception ends the fan-out


def test_the_arena_in_processes_gives_the_results_of_one_process() -> None:
    args = ["arena", "--bots", "random,random", "-s", "introductory", "-n", "4", "--json"]
    one = invoke([*args, "-w", "1"])
    two = invoke([*args, "-w", "2"])
    assert one["games"] == 4 and not one["errors"]
    assert results(one) == results(two)


def test_without_ray_installed_ray_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    for args in (
        ["arena", "-s", "introductory", "-n", "2", "--ray"],
        ["selfplay", "-s", "introductory", "-n", "2", "--ray-address", "auto"],
    ):
        r = CliRunner().invoke(app, args)
        assert r.exit_code == 2, r.output
        assert "Traceback" not in r.output and len(r.output.strip().splitlines()) == 1
        assert "Ray is not installed: pip install 'greatwar[rl]'" in r.output


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A small local Ray instance of this test module's own, started the way the command line
    starts one (shipping greatwar to its workers); the commands find it connected."""
    ray = pytest.importorskip("ray")
    assert connect(Ray("local"), num_cpus=2, include_dashboard=False)
    yield
    ray.shutdown()


def test_the_arena_on_ray_gives_the_local_results(local_ray: None) -> None:
    args = ["arena", "--bots", "heuristic,random", "-s", "introductory", "-n", "4", "--json"]
    local = invoke([*args, "-w", "1"])
    on_ray = invoke([*args, "--ray"])
    assert on_ray["ray"] == "default" and local["ray"] is None
    assert local["games"] == 4 and not local["errors"]
    assert [g["seed"] for g in local["results"]] == [g["seed"] for g in on_ray["results"]]
    assert results(on_ray) == results(local)


def test_selfplay_on_ray_gives_the_local_results(local_ray: None) -> None:
    args = ["selfplay", "-s", "introductory", "-n", "3", "--check", "--verify", "--json"]
    local = invoke([*args, "-w", "1"])
    assert invoke([*args, "--ray"]) == local
    assert local["finished"] == 3 and local["replay_mismatches"] == []
    # Game by game: the same actions and the same final state.
    jobs = [("introductory", gs, None, False, False, "pog") for gs in game_seeds(5, 3)]
    here = run_all(play_job, jobs)
    there = run_all(play_job, jobs, ray=Ray())
    assert [(g.seed, g.actions, g.final_hash) for g, _ in there] == [
        (g.seed, g.actions, g.final_hash) for g, _ in here
    ]
