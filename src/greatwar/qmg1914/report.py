"""Module data for the coverage reports: the rulebook's headings and the card behaviours.

``rules_index()`` lists the headings of the English rulebook (``data/rules_index.csv``) with a
tag (``core``, ``example``, ``optional``, ``none``); tests name the headings they check with
``@pytest.mark.heading("SUPPLY")``. ``card_rows()`` lists the 216 cards with whether their Play
text is registered; tests of a card's effect carry ``@pytest.mark.card("<card id or
event_key>")``.
"""

from __future__ import annotations

import csv
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
