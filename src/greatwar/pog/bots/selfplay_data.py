"""Positions from self-play, labelled with how their game ended: the learned evaluation's data.

``python3 -m greatwar.pog.bots.selfplay_data --games 1200 --workers 16 --record FILE`` plays
seeded Historical games between bots (``easy`` against itself by default), keeps a few
positions of each action round (the features of :mod:`.features`, from the Central Powers'
side, and what the hand evaluator said of them) and, when the game ends, writes one line per
game to FILE (JSON lines): its seed, how it ended (the winner, the reason, the last turn, the
final VP) and its positions. The first line describes the series; the same command run again
plays only the games FILE does not hold yet (a file of another series is refused), so a long
run can be played in parts and stopped at any time. Games run in ``--workers`` processes, with
a progress bar on the terminal. Each game is the same for its seed on any machine and with any
number of workers.

Needs only the base install (no numpy); :mod:`.train_value` learns from the file.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from greatwar.pog import engine
from greatwar.pog.bots.evaluate import line_points, other_points, win_chance
from greatwar.pog.bots.features import NAMES, VERSION, features
from greatwar.pog.bots.levels import LEVELS
from greatwar.pog.view import view

MAX_DECISIONS = 60_000
POSITION = ["turn", "round", "seat", "hand", "features", "line", "other"]
"""What each kept position holds: the turn, the action round, the seat to act, the hand
evaluator's chance that the Central Powers win (``win_chance``), the features, and the hand
evaluator's two parts for the Central Powers in points (``line_points``: the final VP against
the line; ``other_points``: the rest), which :mod:`.line_fit` weighs anew."""


def game_seed(series_seed: int, index: int) -> int:
    """The seed of game ``index`` of a series."""
    return (series_seed * 1_000_003 + index * 7_919 + 11) % (1 << 31)


def play(
    index: int, seed: int, bots: tuple[str, str], sample: float, epsilon: float, scenario: str
) -> dict[str, Any]:
    """Play game ``index`` and return its record: the outcome and the positions kept."""
    start = time.perf_counter()
    s = engine.new_game(scenario, seed=seed)
    # the bots swap sides from one game to the next
    ap, cp = bots if index % 2 == 0 else bots[::-1]
    players = {"ap": LEVELS[ap](seed * 2 + 1), "cp": LEVELS[cp](seed * 2 + 2)}
    pick = random.Random(seed ^ 0x5EED)  # which positions are kept, and the rare random move
    positions: list[list[Any]] = []
    decisions = 0
    while s.result is None:
        seat = engine.seat_name(engine.to_act(s))
        if seat is None:
            raise RuntimeError(f"game {index}: no seat to act")
        v = view(s, seat)
        legal = v["legal"]
        if v["step"] == "action_round" and pick.random() < sample:
            positions.append(
                [
                    s.turn,
                    s.round,
                    seat,
                    round(win_chance(s, 1), 5),
                    [round(x, 5) for x in features(s)],
                    round(line_points(s, 1), 3),
                    round(other_points(s, 1), 3),
                ]
            )
        if epsilon and len(legal) > 1 and pick.random() < epsilon:
            text = pick.choice(legal)
        else:
            text = players[seat].choose(v)
        engine.apply(s, text, seat)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"game {index} did not end within {MAX_DECISIONS} decisions")
    res = s.result
    assert res is not None  # the loop ran to the end of the game
    return {
        "index": index,
        "seed": seed,
        "ap": ap,
        "cp": cp,
        "outcome": res["outcome"],
        "reason": res["reason"],
        "turn": res["turn"],
        "vp": res["vp"],
        "final_vp": res["final_vp"],  # after the end-of-game adjustments (victory.py)
        "decisions": decisions,
        "seconds": round(time.perf_counter() - start, 2),
        "positions": positions,
    }


def _play(args: tuple[Any, ...]) -> dict[str, Any]:
    return play(*args)


class Record:
    """The games of one series in a JSON-lines file: the first line describes the series."""

    def __init__(self, path: Path, series: dict[str, Any]) -> None:
        self.path = path
        self.games: set[int] = set()
        if not path.exists() or path.stat().st_size == 0:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps({"series": series}) + "\n", encoding="utf-8")
            return
        text = path.read_text(encoding="utf-8")
        complete = text.endswith("\n")  # every line written whole ends with one
        lines = text.split("\n")
        body = lines[:-1] if complete else lines
        head = json.loads(body[0])
        if head.get("series") != series:
            raise SystemExit(f"{path} records another series ({head.get('series')}), not {series}")
        for n, line in enumerate(body[1:], start=2):
            try:
                self.games.add(int(json.loads(line)["index"]))
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                if n == len(body) and not complete:
                    # the game being written when the run stopped: played again
                    path.write_text("".join(x + "\n" for x in body[:-1]), encoding="utf-8")
                    break
                raise SystemExit(f"{path}: line {n} is not a game") from None

    def add(self, game: dict[str, Any]) -> None:
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(game, separators=(",", ":")) + "\n")
            f.flush()
            os.fsync(f.fileno())
        self.games.add(int(game["index"]))


def read(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The series and the games of a record file."""
    lines = [x for x in path.read_text(encoding="utf-8").split("\n") if x]
    head = json.loads(lines[0])["series"]
    games = []
    for line in lines[1:]:
        try:
            games.append(json.loads(line))
        except json.JSONDecodeError:
            break  # a line cut short at the end
    return head, games


def _run(
    jobs: list[tuple[Any, ...]], workers: int
) -> Iterator[dict[str, Any]]:  # games in the order they end
    if workers <= 1:
        for job in jobs:
            yield _play(job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        todo = iter(jobs)
        running: set[Future[dict[str, Any]]] = set()
        for job in todo:
            running.add(pool.submit(_play, job))
            if len(running) >= 2 * workers:
                break
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for f in done:
                yield f.result()
                nxt = next(todo, None)
                if nxt is not None:
                    running.add(pool.submit(_play, nxt))


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--games", type=int, default=200, help="games in the series")
    p.add_argument("--workers", type=int, default=1, help="processes (0: every core)")
    p.add_argument("--record", type=Path, required=True, help="the JSON-lines file")
    p.add_argument("--seed", type=int, default=1, help="the series seed")
    p.add_argument("--bots", default="easy,easy", help="the two bots (they swap sides)")
    p.add_argument("--sample", type=float, default=0.35, help="share of action rounds kept")
    p.add_argument("--epsilon", type=float, default=0.02, help="share of random decisions")
    p.add_argument("--scenario", default="historical")
    a = p.parse_args(argv)
    bots = tuple(a.bots.split(","))
    if len(bots) != 2 or any(b not in LEVELS for b in bots):
        raise SystemExit(f"--bots: two of {', '.join(sorted(LEVELS))}")
    series = {
        "games": a.games,
        "seed": a.seed,
        "bots": list(bots),
        "sample": a.sample,
        "epsilon": a.epsilon,
        "scenario": a.scenario,
        "features": VERSION,
        "names": len(NAMES),
        "positions": POSITION,
    }
    record = Record(a.record, series)
    jobs = [
        (i, game_seed(a.seed, i), bots, a.sample, a.epsilon, a.scenario)
        for i in range(a.games)
        if i not in record.games
    ]
    workers = a.workers or os.cpu_count() or 1
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        transient=False,
        disable=not sys.stderr.isatty(),
    ) as bar:
        task = bar.add_task("self-play games", total=a.games, completed=len(record.games))
        for game in _run(jobs, workers):
            record.add(game)
            bar.advance(task)
            if not sys.stderr.isatty():
                sys.stderr.write(f"{len(record.games)}/{a.games} games\n")
    sys.stdout.write(f"{len(record.games)} games in {a.record}\n")


if __name__ == "__main__":
    main()
