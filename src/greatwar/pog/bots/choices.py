"""Which card and which use of it each bot picks on the same card choices.

``python3 -m greatwar.pog.bots.choices --bots easy,normal`` takes card choices from seeded
Historical games of the heuristic (:func:`.bench.positions`, every third action round, so
both sides), lets every named bot choose on each, and prints what each chose by side and use
(operations, strategic redeployment, replacement points, the event: 8.1.3) and, for each pair
of bots, how often they chose the same card and use. It shows where a search departs from the
heuristic that ranks its candidates, and whether two bots choose alike: a diagnosis, not a
strength figure (strength is measured by games, ``greatwar arena``).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from greatwar.core.intervals import wilson
from greatwar.pog.bots.bench import positions
from greatwar.pog.bots.levels import LEVELS

USES = ("ops", "sr", "rp", "event")
"""The uses of a card (8.1.3); ``play auto`` (an Automatic Operation, 9.1.3.1) counts as ops."""


def use_of(action: str) -> str:
    """The use an action-round answer makes of its card: ``play sr ap07`` -> ``sr``."""
    words = action.split()
    if len(words) >= 2 and words[0] == "play":
        return "ops" if words[1] == "auto" else words[1]
    return "other"


def run(
    bots: list[str],
    games: list[int],
    per_game: int,
    say: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Each bot's choice on each card choice, its uses by side, and the pairs' agreement."""
    start = time.perf_counter()
    views = [v for g in games for v in positions("historical", g, per_game)]
    picks: dict[str, list[str]] = {b: [] for b in bots}
    for i, v in enumerate(views):
        for b in bots:
            bot = LEVELS[b](1000 + i)
            try:
                picks[b].append(str(bot.choose(v)))
            finally:
                close = getattr(bot, "close", None)
                if callable(close):
                    close()
        if say:
            say(f"{i + 1} of {len(views)}: " + ", ".join(f"{b} {picks[b][-1]}" for b in bots))
    sides = [str(v["seat"]) for v in views]
    uses = {
        b: {
            side: dict(
                Counter(use_of(a) for a, s in zip(picks[b], sides, strict=True) if s == side)
            )
            for side in ("ap", "cp")
        }
        for b in bots
    }
    pairs = []
    for x, y in itertools.combinations(bots, 2):
        same = sum(a == c for a, c in zip(picks[x], picks[y], strict=True))
        pairs.append(
            {"bots": [x, y], "same": same, "of": len(views), "ci95": wilson(same, len(views))}
        )
    return {
        "choices": len(views),
        "by_side": dict(Counter(sides)),
        "uses": uses,
        "pairs": pairs,
        "picks": picks,
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python3 -m greatwar.pog.bots.choices",
        description=__doc__.splitlines()[0],
    )
    p.add_argument(
        "--bots",
        default="easy,normal,yardstick-easy,yardstick-normal",
        help=f"bots to compare, comma-separated ({', '.join(sorted(LEVELS))})",
    )
    p.add_argument("--games", default="1,2,3", help="seeds of the games the choices come from")
    p.add_argument("--per-game", type=int, default=30, help="card choices taken from each game")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    a = p.parse_args(argv)
    bots = [b.strip() for b in a.bots.split(",") if b.strip()]
    unknown = [b for b in bots if b not in LEVELS] if bots else ["(none)"]
    if unknown:
        known = ", ".join(sorted(LEVELS))
        p.error(f"unknown bot {', '.join(unknown)}; the bots are {known}")
    try:
        games = [int(x) for x in a.games.split(",")]
    except ValueError:
        p.error(f"--games takes seeds separated by commas, not {a.games!r}")
    if a.per_game < 1:
        p.error("--per-game takes a number of card choices from 1 up")
    say = None if a.json else (lambda m: print(m, file=sys.stderr, flush=True))
    r = run(bots, games, a.per_game, say)
    if a.json:
        print(json.dumps(r))
        return 0
    print(f"{r['choices']} card choices ({r['by_side']}), {r['seconds']} s")
    print(f"{'bot':18} {'side':4} " + " ".join(f"{u:>5}" for u in USES))
    for b in bots:
        for side in ("ap", "cp"):
            row = r["uses"][b][side]
            print(f"{b:18} {side:4} " + " ".join(f"{row.get(u, 0):5}" for u in USES))
    for pair in r["pairs"]:
        lo, hi = pair["ci95"]
        x, y = pair["bots"]
        print(f"{x} and {y}: the same {pair['same']} of {pair['of']} ({lo:.2f}-{hi:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
