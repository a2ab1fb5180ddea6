"""Do today's ``easy`` and ``normal``, the plan per front aside, still decide as the yardsticks?

``python3 -m greatwar.pog.bots.same_decisions [KIND:SEED:LIMIT ...]`` plays each seeded
Historical game twice, once with the live bots and once with their frozen copies
(``yardstick-easy``, ``yardstick-normal``), and compares every decision and the search's
statistics for it. ``normal`` games pit ``normal`` against ``easy`` (and the yardsticks
likewise); an odd seed swaps the sides. It exits with 1 when a game differs.

The live heuristic differs from the yardsticks' by design since issue 29: the Central Powers
follow a plan per front and redeploy less (``analysis.LIVE_WEIGHTS``), and the search scores
the final VP against the right line, more near the end (``evaluate.line_weight``). By default
the live bots play with the yardsticks' weights (``analysis.YARDSTICK_WEIGHTS``) and line
(``evaluate.use_yardstick_line``), which must give the
yardsticks' decisions: a change meant to keep the bots' play (speed work) is checked this way
before its figures are believed. ``--live`` keeps the live weights: the games then differ,
and the command says from which decision. The live ``normal`` searches with the yardstick's
budget and settings here (``yardstick.NORMAL_SIMS``, 24 simulations, UCB1, the hand
evaluator alone; the level has 48 since the search became faster, played in turn, and scores
with the learned evaluation too).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from greatwar.core.bot import Bot
from greatwar.pog import engine
from greatwar.pog.bots import analysis, evaluate, levels, yardstick
from greatwar.pog.bots.levels import LEVELS
from greatwar.pog.view import view

DEFAULT = ("easy:1:100000", "easy:2:100000", "normal:4:400", "normal:5:400")
BOTS: dict[str, Callable[[int], Bot]] = {
    **LEVELS,
    # the yardstick's budget and UCB1 (the level now searches its candidates in turn)
    "normal": partial(
        levels.normal, sims=yardstick.NORMAL_SIMS, explore="fixed", final="visits", value="hand"
    ),
}
"""The bots compared, by name: the live levels, ``normal`` at the yardstick's budget."""


def play(names: tuple[str, str], seed: int, limit: int) -> list[tuple[Any, ...]]:
    """The first ``limit`` decisions of a Historical game of ``seed`` (the Allies played by
    ``names[0]``), each with the statistics its bot kept of it."""
    s = engine.new_game("historical", seed=seed)
    bots = {"ap": BOTS[names[0]](seed), "cp": BOTS[names[1]](seed + 1)}
    out: list[tuple[Any, ...]] = []
    while not engine.is_over(s) and len(out) < limit:
        seat = engine.seat_name(engine.to_act(s))
        assert seat is not None  # a game not over has a seat to act
        action = bots[seat].choose(view(s, seat))
        stats = tuple(sorted(getattr(bots[seat], "last", {}).items()))
        out.append((action, stats))
        engine.apply(s, action, seat)
    return out


def compare(spec: str) -> bool:
    """Play one ``KIND:SEED:LIMIT`` both ways; print and return whether they agree."""
    kind, seed_text, limit_text = spec.split(":")
    seed, limit = int(seed_text), int(limit_text)
    live: tuple[str, str] = (kind, "easy") if kind == "normal" else (kind, kind)
    if seed % 2:
        live = (live[1], live[0])
    frozen = (f"yardstick-{live[0]}", f"yardstick-{live[1]}")
    start = time.perf_counter()
    a, b = play(live, seed, limit), play(frozen, seed, limit)
    took = time.perf_counter() - start
    if a == b:
        print(f"{spec}: {len(a)} decisions, the same ({took:.0f} s)", flush=True)
        return True
    first = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    print(f"{spec}: DIFFERENT from decision {first} ({took:.0f} s)", flush=True)
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m greatwar.pog.bots.same_decisions",
        description="Play seeded games with the live bots and with the frozen yardsticks and "
        "compare every decision and its search statistics.",
    )
    parser.add_argument(
        "--live",
        action="store_true",
        help="keep the live bots' own weights (the Central Powers' plan per front and their "
        "redeployment) and the evaluator's line: they then differ from the yardsticks",
    )
    parser.add_argument(
        "games",
        nargs="*",
        default=list(DEFAULT),
        metavar="KIND:SEED:LIMIT",
        help="easy or normal, the game's seed, the most decisions to compare "
        f"(default: {' '.join(DEFAULT)})",
    )
    args = parser.parse_args(argv)
    for spec in args.games:
        parts = spec.split(":")
        if (
            len(parts) != 3
            or parts[0] not in ("easy", "normal")
            or not all(p.isdigit() for p in parts[1:])
        ):
            parser.error(f"{spec!r} is not KIND:SEED:LIMIT (e.g. easy:1:500)")
    weights = dict(analysis.WEIGHTS)
    if not args.live:
        analysis.set_weights(analysis.YARDSTICK_WEIGHTS)
        evaluate.use_yardstick_line(True)
    try:
        results = [compare(spec) for spec in args.games]
    finally:
        analysis.set_weights(weights)
        evaluate.use_yardstick_line(False)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
