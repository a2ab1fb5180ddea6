"""The feature tables of ``docs/env.md``, made from a game's encoder:
``python3 -m greatwar.env.docs [game]`` prints them (a test checks the page has them)."""

from __future__ import annotations

import sys

from greatwar.core.games import game as find_game
from greatwar.core.research import encoder_of


def feature_tables(game_id: str = "pog") -> str:
    """Markdown: the observation's blocks in order, each with a table of every feature."""
    enc = encoder_of(find_game(game_id))
    out: list[str] = []
    at = 0
    for b in enc.blocks:
        rows = "one row" if b.rows == ("",) else f"{len(b.rows)} rows"
        out.append(f"### `{b.name}`: indices {at}-{at + b.size - 1} ({rows} x {len(b.features)})")
        out.append("")
        out.append(f"{b.description[0].upper()}{b.description[1:]}.")
        out.append("")
        out.append("| column | feature | value |")
        out.append("| --- | --- | --- |")
        for i, f in enumerate(b.features):
            out.append(f"| {i} | `{f.name}` | {f.meaning} |")
        out.append("")
        at += b.size
    out.append(f"Observation features: {enc.size}; vocabulary: {len(enc.vocabulary)} tokens; ")
    out.append(f"longest action: {enc.max_tokens} tokens.")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.stdout.write(feature_tables(*sys.argv[1:2]))
