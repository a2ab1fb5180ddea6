"""Quartermaster General: 1914's texts in every language (see :mod:`greatwar.core.i18n`).

English and Russian side by side: ``locale/en.json`` and ``locale/ru.json`` hold the sentences of
the terminal face (``terminal``) and the game's words (``words``: powers, teams, countries, card
types, Prepare symbols, piles...); ``ru.json`` also holds the Russian log templates (``log``; the
English ones are in :mod:`greatwar.qmg1914.messages`), the grammatical cases and gender or
number of every name a sentence inserts (``forms``: powers, teams, countries, spaces, the nouns
and adjectives of the pieces), the spaces' and the cards' names (``space``, ``card``: by event
key; the English ones are the data's). ``data/card_text_ru.json`` holds the cards' Play texts.
Card titles are not declined: a sentence puts them after a noun that takes the case (``карту
«Марна»``). There is no Russian rulebook of this game: the Russian terms are those of the Paths of
Glory rulebook where the concept is the same, listed with ours in ``greatwar/locale/terms.ru.json``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from typing import Any

from greatwar.core import i18n
from greatwar.core.i18n import DEFAULT_LANG, Catalogue, Forms
from greatwar.core.i18n import quoted as quoted  # the games' texts quote with it
from greatwar.qmg1914.data import CARDS, SPACES
from greatwar.qmg1914.options import OPTIONS


def _json(name: str) -> dict[str, Any]:
    raw = resources.files("greatwar.qmg1914").joinpath("locale", name).read_text(encoding="utf-8")
    doc: dict[str, Any] = json.loads(raw)
    return doc


EN = _json("en.json")
RU = _json("ru.json")


def _register(name: str, en: dict[str, str], ru: dict[str, str]) -> Catalogue:
    return i18n.register("qmg1914", Catalogue(name, {"en": en, "ru": ru}))


_TITLES: dict[str, str] = {}
for _c in CARDS:
    _TITLES.setdefault(_c.event_key, _c.title)

SPACE = _register("qmg1914.space", {x.id: x.name for x in SPACES}, RU["space"])
CARD = _register("qmg1914.card", _TITLES, RU["card"])
WORDS = _register("qmg1914.words", EN["words"], RU["words"])
TERMINAL = _register("qmg1914.terminal", EN["terminal"], RU["terminal"])


class _OptionTexts(Mapping[str, str]):
    """The options' English descriptions, read when asked: card modules add their options
    when they are imported."""

    def __getitem__(self, key: str) -> str:
        return OPTIONS[key].description

    def __iter__(self) -> Iterator[str]:
        return iter(OPTIONS)

    def __len__(self) -> int:
        return len(OPTIONS)


OPTION = i18n.register(
    "qmg1914", Catalogue("qmg1914.options", {"en": _OptionTexts(), "ru": RU["options"]})
)


def space(sid: str, lang: str = DEFAULT_LANG) -> Forms:
    """A space's name (its id when unknown), with its cases (``{space.gen}``)."""
    if lang != DEFAULT_LANG and sid in SPACE.texts.get(lang, {}):
        return forms(f"space.{sid}", lang)
    return Forms(SPACE.get(sid, lang) or sid)


def country(code: str, lang: str = DEFAULT_LANG) -> Forms:
    """A country's name with its cases (``{country.gen}``)."""
    return forms(f"country.{code}", lang)


def title(event_key: str, lang: str = DEFAULT_LANG) -> str:
    """The title of the cards with this event key."""
    return CARD.get(event_key, lang) or event_key


def word(key: str, lang: str = DEFAULT_LANG, default: str | None = None) -> str:
    """One of the game's words (``"power.de"``); ``default`` (else the key's last part) when
    there is none."""
    return i18n.word_in(WORDS, key, lang, default)


@cache
def forms(key: str, lang: str = DEFAULT_LANG) -> Forms:
    """A word with its grammatical cases and gender (``{power.gen}``, ``{power:agree:...}``);
    a name that is no word of the catalogue (a space) opens a sentence as its nominative."""
    spec = RU.get("forms", {}).get(key, {}) if lang == "ru" else {}
    text = WORDS.get(key, lang) or str(spec.get("nom", "")) or word(key, lang)
    cases = {k: str(v) for k, v in spec.items() if k in i18n.CASES}
    return Forms(text, str(spec.get("agr", "")), **cases)


@cache
def piece(country: str, kind: str, lang: str = DEFAULT_LANG) -> Forms:
    """A country's Army or Navy as a phrase with its cases ("a German Army": Russian
    «германская армия», accusative «германскую армию»)."""
    noun = forms(f"noun.{kind}", lang)
    adj = forms(f"adj_{noun.agr or 'f'}.{country}", lang) if lang != DEFAULT_LANG else None
    if adj is None:
        return Forms(f"{word(f'adj.{country}', lang, country)} {noun}")
    cases = {c: f"{getattr(adj, c)} {getattr(noun, c)}" for c in i18n.CASES}
    return Forms(f"{adj} {noun.nom}", noun.agr, **cases)
