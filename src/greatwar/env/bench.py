"""Environment steps per second per core: ``python3 -m greatwar.env.bench``.

Plays games of the PettingZoo environment (``--game pog``, ``--game qmg1914``) with uniformly
random legal tokens (one process, so one core) and prints the token steps per second, the
actions per second and the games played. It measures, it never asserts.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from greatwar.core.games import game as find_game
from greatwar.core.games import games
from greatwar.env.aec import GreatWarEnv


def run(game: str, scenario: str | None, games_: int, seed: int) -> dict[str, float | int | str]:
    env = GreatWarEnv(game, scenario=scenario)
    rng = np.random.default_rng(seed)
    steps = 0
    actions = 0
    start = time.perf_counter()
    for i in range(games_):
        env.reset(seed=seed + i)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            before = env.state_serial()
            env.step(int(rng.choice(legal)))
            steps += 1
            actions += env.state_serial() - before
    elapsed = time.perf_counter() - start
    return {
        "game": game,
        "scenario": env.scenario,
        "games": games_,
        "steps": steps,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "steps_per_second": round(steps / elapsed, 1),
        "actions_per_second": round(actions / elapsed, 1),
    }


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python3 -m greatwar.env.bench", description=__doc__)
    p.add_argument("--game", default="pog", choices=games())
    p.add_argument(
        "--scenario",
        default=None,
        help="the scenario (default: introductory where the game has one, else its default)",
    )
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    a = p.parse_args(argv)
    scenario = a.scenario
    if scenario is None:
        ids = [x.id for x in find_game(a.game).scenarios()]
        scenario = "introductory" if "introductory" in ids else None
    r = run(a.game, scenario, a.games, a.seed)
    if a.json:
        print(json.dumps(r))
    else:
        print(
            f"{r['game']} {r['scenario']}: {r['games']} games, {r['steps']} token steps "
            f"({r['actions']} actions) in {r['seconds']} s on one core: "
            f"{r['steps_per_second']} steps/s, {r['actions_per_second']} actions/s"
        )


if __name__ == "__main__":
    main()
