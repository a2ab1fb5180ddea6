"""What Quartermaster General: 1914 reports about itself: its cards and its rulebook headings.

``rules_index()`` lists the headings of the English rulebook (``data/rules_index.csv``) with a
tag (``core``, ``example``, ``optional``, ``none``); tests name the headings they check with
``@pytest.mark.heading("SUPPLY")`` (``greatwar rules-coverage --game qmg1914``).
``card_rows()`` lists the 216 cards with whether their Play text is registered; tests of a
card's effect carry ``@pytest.mark.card("<card id or event_key>")``. :func:`card_report` (for
``greatwar cards --game qmg1914``) counts a card as implemented, as Paths of Glory does, only
when its behaviour is registered *and* a test carries its mark (its id, or its event key: the
copies of a generic card share one behaviour and one test).
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from greatwar.qmg1914 import engine  # noqa: F401  (registers every card behaviour)
from greatwar.qmg1914.cards.base import BEHAVIOURS
from greatwar.qmg1914.data import CARDS, COUNTRIES, POWERS


def rules_index() -> list[tuple[str, str]]:
    text = (
        resources.files("greatwar.qmg1914")
        .joinpath("data", "rules_index.csv")
        .read_text(encoding="utf-8")
    )
    return [(r["heading"], r["tag"]) for r in csv.DictReader(text.splitlines())]


def implemented_keys() -> list[str]:
    """The event keys whose Play text the engine implements."""
    return sorted(BEHAVIOURS)


def card_rows() -> list[dict[str, Any]]:
    return [
        {
            "id": c.id,
            "title": c.title,
            "power": POWERS[c.power],
            "country": COUNTRIES[c.country],
            "type": c.type,
            "event_key": c.event_key,
            "registered": c.event_key in BEHAVIOURS,
            "rulebook_named": c.rulebook_named,
            "uncertain": c.uncertain,
        }
        for c in CARDS
    ]


COLUMNS = [["power", "power"], ["country", "country"], ["type", "type"]]


def card_report(tested: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """Every card with whether its Play text is implemented (registered and tested)."""
    rows: list[dict[str, Any]] = []
    for r in card_rows():
        tests = sorted({*tested.get(r["id"], ()), *tested.get(r["event_key"], ())})
        r["name"] = r["title"]
        r["tests"] = len(tests)
        r["implemented"] = r["registered"] and bool(tests)
        rows.append(r)
    return {
        "cards": rows,
        "columns": COLUMNS,
        "total": len(rows),
        "implemented": sum(1 for r in rows if r["implemented"]),
        "missing": [r["id"] for r in rows if not r["implemented"]],
    }
