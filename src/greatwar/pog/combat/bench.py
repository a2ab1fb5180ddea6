"""How long one combat takes: random games, timing each combat from the confirmation of its
designation to the end of its advance (every legal-action list and every decision inside it
included). Measured and printed, never asserted on::

    python -m greatwar.pog.combat.bench 20
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

from greatwar.pog import engine
from greatwar.pog.state import State


def _in_combat(s: State) -> bool:
    return any(f["step"] == "combat" for f in s.stack)


def time_combats(games: int = 20, scenario: str = "historical", seed: int = 1) -> dict[str, Any]:
    """Play ``games`` random games and time every combat in them (microseconds)."""
    spans: list[float] = []
    perf = time.perf_counter
    for g in range(games):
        s = engine.new_game(scenario, seed=seed + g)
        pick = random.Random(seed * 7919 + g)
        start = -1.0
        while not engine.is_over(s):
            top = s.stack[-1]
            t = perf()
            legal = engine.legal_actions(s)
            a = pick.choice(legal)
            if (
                start < 0
                and a.verb == "done"
                and top["step"] == "combat_designation"
                and top.get("tgt", -1) >= 0
            ):
                start = t
            engine.apply_unchecked(s, a)
            if start >= 0 and not _in_combat(s):
                spans.append((perf() - start) * 1e6)
                start = -1.0
    spans.sort()
    return {
        "games": games,
        "scenario": scenario,
        "combats": len(spans),
        "median_us": round(statistics.median(spans), 1) if spans else None,
        "p90_us": round(spans[int(len(spans) * 0.9)], 1) if spans else None,
        "mean_us": round(statistics.fmean(spans), 1) if spans else None,
    }


if __name__ == "__main__":
    print(time_combats(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
