"""Where each side's strength stood, front by front, turn by turn, in a finished game.

``python3 -m greatwar.pog.bots.front_report GAME.json [GAME.json...]`` replays Paths of Glory
game records (``greatwar arena --games-dir``, or any record ``greatwar replay`` reads) with the
engine alone and prints, at the start of each turn, the VP, the Combined War Status and the
combat factors of each side on each of the heuristic's five fronts (:data:`.analysis.FRONTS`:
the map as its plan per front cuts it), then how the game ended with the end-of-game VP changes
(5.7.4). A side's collapse on one front while it masses on another shows as a column, where a
game's log would take hundreds of lines to show it. Needs only the base install; reads the
records, changes nothing.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from greatwar.core.errors import GameError
from greatwar.core.session import RECORD_BYTES_LIMIT, parse_record, replay_checked
from greatwar.pog import board
from greatwar.pog.bots.analysis import FRONT_OF, FRONTS
from greatwar.pog.data import load
from greatwar.pog.state import State

D = load()


@dataclass(frozen=True)
class TurnRow:
    """One turn's start: the VP, the Combined War Status, and each front's combat factors
    (``strength[front] = (Allies, Central Powers)``)."""

    turn: int
    vp: int
    cws: int
    strength: tuple[tuple[int, int], ...]


def front_strength(s: State) -> tuple[tuple[int, int], ...]:
    """Each front's combat factors on the map, (Allies, Central Powers)."""
    out = [[0, 0] for _ in FRONTS]  # a unit off the map (a box, eliminated) is on no front
    for u, x in enumerate(s.loc):
        if 0 <= x < len(FRONT_OF) and FRONT_OF[x] >= 0:
            out[FRONT_OF[x]][D.units[u].side] += board.cf(s, u)
    return tuple((ap, cp) for ap, cp in out)


def turns(record_bytes: bytes) -> tuple[list[TurnRow], dict[str, Any] | None]:
    """The rows of one game record, and its outcome (None: the record stops before the end).
    Raises :class:`~greatwar.core.errors.GameError` for a record that is not one of a Paths of
    Glory game that can be replayed."""
    g, record = parse_record(record_bytes, "pog")
    whole = replay_checked(g, record)  # refuses a record that cannot be played, naming the entry
    s: State = g.new_game(record.scenario, record.options, record.seed)
    rows: list[TurnRow] = []
    for text in record.actions:
        if not rows or rows[-1].turn != s.turn:
            rows.append(TurnRow(s.turn, s.vp, s.cws, front_strength(s)))
        g.apply_unchecked(s, g.check(s, text, g.to_act(s) or ""))
    return rows, whole.outcome


def report(path: Path) -> dict[str, Any]:
    """One record's turns and outcome, as :func:`main` prints them (``--json``)."""
    with path.open("rb") as f:
        data = f.read(RECORD_BYTES_LIMIT + 1)
    rows, outcome = turns(data)
    return {
        "record": str(path),
        "fronts": list(FRONTS),
        "turns": [
            {"turn": r.turn, "vp": r.vp, "cws": r.cws, "strength": [list(x) for x in r.strength]}
            for r in rows
        ],
        "outcome": outcome,
    }


def _print(r: dict[str, Any]) -> None:
    print(f"{r['record']}: combat factors on the map at each turn's start, Allies/CP")
    heads = "".join(f"{f.replace('_', ' '):>12}" for f in r["fronts"])
    print(f"turn  VP  CWS{heads}")
    for t in r["turns"]:
        cells = "".join(f"{f'{ap}/{cp}':>12}" for ap, cp in t["strength"])
        print(f"{t['turn']:>4}  {t['vp']:>2}  {t['cws']:>3}{cells}")
    o = r["outcome"]
    if o is None:
        print("the record stops before the game's end")
        return
    changes = ", ".join(f"{a['vp']:+d} ({a['rule']} {a['why']})" for a in o.get("adjustments", []))
    print(
        f"won by {o.get('winner')} ({o.get('reason')}) in turn {o.get('turn')}, final VP "
        f"{o.get('final_vp', o.get('vp'))}" + (f"; at the end: {changes}" if changes else "")
    )


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument(
        "records", nargs="+", type=Path, help="game records (greatwar arena --games-dir)"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object a record")
    a = p.parse_args(argv)
    for path in a.records:
        try:
            r = report(path)
        except OSError as e:
            raise SystemExit(f"{path}: {e.strerror or e}") from None
        except GameError as e:
            raise SystemExit(f"{path}: {e}") from None
        if a.json:
            print(json.dumps(r))
        else:
            _print(r)


if __name__ == "__main__":
    main()
