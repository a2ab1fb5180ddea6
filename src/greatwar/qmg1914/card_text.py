"""Short English texts of the cards for people: the Play text of each behaviour and the prepared
side read from the card data (for the terminal's hand and card displays).

The Play texts live in ``data/card_text_en.json`` (event key -> one or two sentences), one for
every event key of ``cards.csv``; they follow the engine's default readings (the rulings of
``docs/qmg1914-rulings.md``). The rules code never reads them.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from greatwar.qmg1914.data import (
    ADJ_OPEN,
    CARD_INDEX,
    CARDS,
    COUNTRIES,
    EVENT_KEYS,
    POWERS,
    SPACES,
    Card,
    spaces_of,
)

COUNTRY_NAMES = {
    "ah": "Austria-Hungary",
    "oe": "Ottoman Empire",
    "ru": "Russia",
    "de": "Germany",
    "fr": "France",
    "it": "Italy",
    "uk": "United Kingdom",
    "us": "United States",
}
ADJECTIVES = {
    "ah": "Austro-Hungarian",
    "oe": "Ottoman",
    "ru": "Russian",
    "de": "German",
    "fr": "French",
    "it": "Italian",
    "uk": "UK",
    "us": "US",
}
POWER_SHORT = {"ahoe": "AH&OE", "ru": "Russia", "de": "Germany", "frit": "F&I", "ukus": "UK&US"}
TYPE_NAMES = {
    "build_army": "Build Army",
    "build_navy": "Build Navy",
    "land_battle": "Land Battle",
    "sea_battle": "Sea Battle",
    "economic_warfare": "Economic Warfare",
    "event": "Event",
    "status": "Status",
}
SYMBOL_NAMES = {
    "reinforce_army": "Reinforce Army",
    "reinforce_navy": "Reinforce Navy",
    "sustain_land": "Sustain Land Battle",
    "sustain_sea": "Sustain Sea Battle",
    "counterattack": "Counterattack",
    "attrition": "Attrition",
}
GENERIC = frozenset({"build_army", "build_navy", "land_battle", "sea_battle"})


class CardTextError(ValueError):
    """The card text file does not match the card list."""


@cache
def texts(lang: str = "en") -> dict[str, str]:
    """Every event key's Play text in ``lang`` (only English exists), checked against the
    cards."""
    raw = (
        resources.files("greatwar.qmg1914")
        .joinpath("data", f"card_text_{lang}.json")
        .read_text(encoding="utf-8")
    )
    doc = json.loads(raw)
    if not isinstance(doc, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in doc.items()
    ):
        raise CardTextError(f"card_text_{lang}.json must map event keys to non-empty texts")
    missing = sorted(set(EVENT_KEYS) - doc.keys())
    extra = sorted(doc.keys() - set(EVENT_KEYS))
    if missing or extra:
        raise CardTextError(
            f"card_text_{lang}.json does not match cards.csv: missing {missing}, unknown {extra}"
        )
    return dict(doc)


def card_of(cid: str) -> Card | None:
    k = CARD_INDEX.get(cid)
    return CARDS[k] if k is not None else None


def name(cid: str) -> str:
    """A card's name for people: its title, with its country for the generic cards (every
    country has its own Build Army)."""
    c = card_of(cid)
    if c is None:
        return cid
    if c.event_key in GENERIC:
        return f"{c.title} ({COUNTRY_NAMES[COUNTRIES[c.country]]})"
    return c.title


def _area(c: Card) -> str:
    ids = spaces_of(c.where_mask)
    if c.where == "in_or_adjacent":
        for x in ids:
            if (1 << x) | ADJ_OPEN[x] == c.where_mask:
                return f"only in or next to {SPACES[x].name}"
    names = [SPACES[x].name for x in ids]
    if len(names) > 1:
        return "only in " + ", ".join(names[:-1]) + " or " + names[-1]
    return "only in " + "".join(names)


def prepared_text(cid: str) -> str:
    """The card's prepared side: its Prepare symbol, Prepare text and Supply symbol."""
    c = card_of(cid)
    if c is None:
        return ""
    sym = SYMBOL_NAMES[c.symbol]
    if c.symbol == "attrition":
        if c.any_adjacent:
            out = "Attrition: 1 card from an enemy power with an Army next to yours"
        else:
            size = {1: "", 2: "Double ", 3: "Triple "}[c.strength]
            losses = ", ".join(f"{POWER_SHORT[POWERS[p]]} {n}" for p, n in c.targets)
            out = f"{size}Attrition: {losses}"
    else:
        out = ("Double " if c.strength == 2 else "") + sym
    if c.where == "terrain":
        out += f", only in {c.where_terrain} terrain"
    elif c.where:
        out += ", " + _area(c)
    if c.supply_symbol:
        out += ", Supply symbol"
    return out


def play_text(cid: str, lang: str = "en") -> str:
    c = card_of(cid)
    return texts(lang).get(c.event_key, "") if c is not None else ""


def describe(cid: str) -> str:
    """One line: type and country, Play text, prepared side."""
    c = card_of(cid)
    if c is None:
        return cid
    head = f"{TYPE_NAMES[c.type]}, {COUNTRY_NAMES[COUNTRIES[c.country]]}"
    return f"{head}. {play_text(cid)} Prepared: {prepared_text(cid)}."
