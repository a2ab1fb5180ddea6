"""Short event texts of the strategy cards (English and Russian), for hand and card displays.

The texts live in ``data/card_text_<lang>.json`` (card id -> one or two sentences), one for every
row of ``cards.csv``. They describe the event for players; the rules code never reads them.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from greatwar.pog.data import load


class CardTextError(ValueError):
    """The card text file does not match the card list."""


@cache
def texts(lang: str = "en") -> dict[str, str]:
    """Every card's event text in ``lang`` (``en`` or ``ru``), checked against cards.csv."""
    raw = (
        resources.files("greatwar.pog")
        .joinpath("data", f"card_text_{lang}.json")
        .read_text(encoding="utf-8")
    )
    doc = json.loads(raw)
    if not isinstance(doc, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in doc.items()
    ):
        raise CardTextError(f"card_text_{lang}.json must map card ids to non-empty texts")
    ids = {c.id for c in load().cards}
    missing = sorted(ids - doc.keys())
    extra = sorted(doc.keys() - ids)
    if missing or extra:
        raise CardTextError(
            f"card_text_{lang}.json does not match cards.csv: missing {missing}, unknown {extra}"
        )
    return dict(doc)


def card_text(card_id: str, lang: str = "en") -> str:
    """The event text of one card (raises KeyError for an unknown card id)."""
    return texts(lang)[card_id]
