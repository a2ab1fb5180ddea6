"""Short texts of the cards for people, in English and Russian: the Play text of each behaviour
and the prepared side read from the card data (for the terminal's hand and card displays).

The Play texts live in ``data/card_text_<lang>.json`` (event key -> one or two sentences), one
for every event key of ``cards.csv``; they follow the engine's default readings (the rulings of
``docs/qmg1914-rulings.md``). The rules code never reads them. The words and sentences the
prepared side is made of are in ``locale/<lang>.json`` (:mod:`greatwar.qmg1914.lang`).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from greatwar.core import i18n
from greatwar.core.i18n import DEFAULT_LANG
from greatwar.qmg1914 import lang as T
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
def texts(lang: str = DEFAULT_LANG) -> dict[str, str]:
    """Every event key's Play text in ``lang`` (``en`` or ``ru``), checked against the
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


def _w(key: str, lang: str, default: str) -> str:
    return default if lang == DEFAULT_LANG else T.word(key, lang, default)


def _t(key: str, lang: str, **args: Any) -> str:
    return T.TERMINAL.text(key, lang, **args)


def _space(x: int, lang: str) -> str:
    return T.space(SPACES[x].id, lang)


def title(cid: str, lang: str = DEFAULT_LANG) -> str:
    """A card's title in ``lang`` (its id when unknown)."""
    c = card_of(cid)
    return T.title(c.event_key, lang) if c is not None else cid


def name(cid: str, lang: str = DEFAULT_LANG) -> str:
    """A card's name for people: its title, with its country for the generic cards (every
    country has its own Build Army)."""
    c = card_of(cid)
    if c is None:
        return cid
    country = COUNTRIES[c.country]
    if c.event_key in GENERIC:
        shown = _w(f"country.{country}", lang, COUNTRY_NAMES[country])
        return _t("card.generic", lang, title=title(cid, lang), country=shown)
    return title(cid, lang)


def _area(c: Card, lang: str = DEFAULT_LANG) -> str:
    ids = spaces_of(c.where_mask)
    if c.where == "in_or_adjacent":
        for x in ids:
            if (1 << x) | ADJ_OPEN[x] == c.where_mask:
                return _t("prepared.near", lang, space=_space(x, lang))
    names = [_space(x, lang) for x in ids]
    if len(names) > 1:
        return _t("prepared.in_list", lang, spaces=", ".join(names[:-1]), last=names[-1])
    return _t("prepared.in_one", lang, space="".join(names))


def prepared_text(cid: str, lang: str = DEFAULT_LANG) -> str:
    """The card's prepared side: its Prepare symbol, Prepare text and Supply symbol."""
    c = card_of(cid)
    if c is None:
        return ""
    sym = _w(f"symbol.{c.symbol}", lang, SYMBOL_NAMES[c.symbol])
    if c.symbol == "attrition":
        if c.any_adjacent:
            out = _t("prepared.attrition_any", lang)
        else:
            size = _w(f"size.{c.strength}", lang, {1: "", 2: "Double ", 3: "Triple "}[c.strength])
            losses = ", ".join(
                f"{_w(f'power_short.{POWERS[p]}', lang, POWER_SHORT[POWERS[p]])} {n}"
                for p, n in c.targets
            )
            out = _t("prepared.attrition", lang, size=size, losses=losses)
    else:
        size = _w("size.2", lang, "Double ") if c.strength == 2 else ""
        out = _t("prepared.symbol", lang, size=size, symbol=sym)
    if c.where == "terrain":
        terrain = _w(f"terrain_only.{c.where_terrain}", lang, c.where_terrain)
        out += _t("prepared.terrain", lang, terrain=terrain)
    elif c.where:
        out += ", " + _area(c, lang)
    if c.supply_symbol:
        out += _t("prepared.supply", lang)
    return out


def play_text(cid: str, lang: str = DEFAULT_LANG) -> str:
    c = card_of(cid)
    return texts(lang).get(c.event_key, "") if c is not None else ""


def describe(cid: str, lang: str = DEFAULT_LANG) -> str:
    """One line: type and country, Play text, prepared side."""
    c = card_of(cid)
    if c is None:
        return cid
    country = COUNTRIES[c.country]
    head = _t(
        "card.head",
        lang,
        type=_w(f"type.{c.type}", lang, TYPE_NAMES[c.type]),
        country=_w(f"country.{country}", lang, COUNTRY_NAMES[country]),
    )
    return _t(
        "card.describe",
        lang,
        head=head,
        play=play_text(cid, lang),
        prepared=prepared_text(cid, lang),
    )


CARD_TEXT = i18n.register(
    "qmg1914", i18n.Catalogue("qmg1914.card_text", {"en": texts("en"), "ru": texts("ru")})
)
