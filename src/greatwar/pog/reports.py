"""What Paths of Glory reports about itself: its cards and its rules index.

:func:`card_report` says which strategy card events are implemented: a card's event counts only
when its code is registered (a card event in ``pog/events``, or a combat card in
``pog/combat/cards``) *and* a test carries its mark, ``@pytest.mark.card("cp01")`` (the caller,
``greatwar cards``, finds the marks). :func:`rules_index` is the list of the rulebook's rules
(``pog/data/rules_index.csv``) that ``greatwar rules-coverage`` checks against the tests.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from greatwar.pog import engine  # noqa: F401  (registers every event)
from greatwar.pog.combat.cards import COMBAT_CARDS
from greatwar.pog.data import SIDE_NAMES, load
from greatwar.pog.events import EVENTS

COLUMNS = [["side", "side"], ["ops", "OPS"], ["sr", "SR"]]


def card_report(tested: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    for c in load().cards:
        registered = c.event_key in (COMBAT_CARDS if c.combat_card else EVENTS)
        tests = sorted(tested.get(c.id, []))
        rows.append(
            {
                "id": c.id,
                "name": c.name,
                "side": SIDE_NAMES[c.side],
                "number": c.number,
                "deck": c.deck,
                "ops": c.ops,
                "sr": c.sr,
                "war_status": c.war_status,
                "combat_card": c.combat_card,
                "optional": c.optional,
                "variant": c.variant or None,
                "event_key": c.event_key,
                "event_registered": registered,
                "tests": len(tests),
                "implemented": registered and bool(tests),
            }
        )
    done = sum(1 for r in rows if r["implemented"] is True)
    return {
        "cards": rows,
        "columns": COLUMNS,
        "total": len(rows),
        "implemented": done,
        "missing": [r["id"] for r in rows if not r["implemented"]],
    }


def rules_index() -> list[tuple[str, str]]:
    """Every rule number of the requirements map with its tag."""
    text = (
        resources.files("greatwar.pog")
        .joinpath("data", "rules_index.csv")
        .read_text(encoding="utf-8")
    )
    return [(r["rule"], r["tag"]) for r in csv.DictReader(text.splitlines())]
