"""Paths of Glory's texts in every language (see :mod:`greatwar.core.i18n`).

English and Russian side by side: ``locale/en.json`` and ``locale/ru.json`` hold the sentences of
the web face (``web``), the terminal face (``terminal``) and the game's words (``words``: nations,
terrains, phases, tracks and markers, scenarios...); ``ru.json`` also holds the Russian log
templates (``log``; the English ones are defined by the rules modules, :mod:`greatwar.pog.
messages`), prompts (``prompts``), the grammatical cases of a few words (``forms``) and the
texts of the reference tables (``reference``; the English ones are those of ``data/tables.json``).
``locale/names_ru.json`` names the spaces, units and cards in Russian (the English names are the
data's): a space with its six cases and its gender or number (``{"agr": "f", "nom": "Ломжа",
"gen": "Ломжи", ...}``), so that a template asks for the case its sentence needs
(``активировать {space.acc}``); nations and sides have theirs in ``ru.json``'s ``forms``.
``data/card_text_ru.json`` holds the card texts. Card titles are not declined: a sentence puts
them after a noun that takes the case (``карту «Марна»``). Russian follows the terms of the
Russian rulebook: ``greatwar/locale/terms.ru.json`` lists them, and the checks of
:mod:`greatwar.messages_check` hold every catalogue to them.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from greatwar.core import i18n
from greatwar.core.i18n import DEFAULT_LANG, Catalogue, Forms
from greatwar.core.i18n import quoted as quoted  # the games' texts quote with it
from greatwar.pog.card_text import texts as card_texts
from greatwar.pog.data import load

D = load()


def _json(name: str) -> dict[str, Any]:
    raw = resources.files("greatwar.pog").joinpath("locale", name).read_text(encoding="utf-8")
    doc: dict[str, Any] = json.loads(raw)
    return doc


EN = _json("en.json")
RU = _json("ru.json")
RU_NAMES = _json("names_ru.json")

# The reference tables' texts: their paths in tables.json ("fire_tables.notes.0") and English.
REFERENCE_PATHS = (
    "fire_tables.notes",
    "flank_attack.drm",
    "flank_attack.requires",
    "activation.cost_per_space",
    "activation.mef_beachhead",
    "activation.after_fall_of_the_tsar",
    "activation.moltke",
    "terrain_effects.desert.special",
)


def _reference_en() -> dict[str, str]:
    out: dict[str, str] = {}
    for path in REFERENCE_PATHS:
        node: Any = D.tables
        for part in path.split("."):
            node = node.get(part) if isinstance(node, dict) else None
        if isinstance(node, list):
            for i, text in enumerate(node):
                out[f"{path}.{i}"] = str(text)
        elif isinstance(node, str):
            out[path] = node
    for t in D.tables["turn_track"]["turns"]:
        for i, text in enumerate(t.get("notes", [])):
            out[f"turn_track.{t['turn']}.notes.{i}"] = str(text)
    return out


def _register(name: str, en: dict[str, str], ru: dict[str, str]) -> Catalogue:
    return i18n.register("pog", Catalogue(name, {"en": en, "ru": ru}))


SPACE_FORMS: dict[str, Forms] = {k: Forms.of(v) for k, v in RU_NAMES["space"].items()}
"""The Russian names of the spaces with their cases and gender or number."""
SPACE = _register(
    "pog.space", {x.id: x.name for x in D.spaces}, {k: v.nom for k, v in SPACE_FORMS.items()}
)
UNIT = _register("pog.unit", {u.id: u.name for u in D.units}, RU_NAMES["unit"])
CARD = _register("pog.card", {c.id: c.name for c in D.cards}, RU_NAMES["card"])
CARD_TEXT = _register("pog.card_text", card_texts("en"), card_texts("ru"))
WORDS = _register("pog.words", EN["words"], RU["words"])
WEB = _register("pog.web", EN["web"], RU["web"])
TERMINAL = _register("pog.terminal", EN["terminal"], RU["terminal"])
REFERENCE = _register("pog.reference", _reference_en(), RU["reference"])


def space(sid: str, lang: str = DEFAULT_LANG) -> Forms:
    """A space's name (its id when unknown), with its cases in Russian (``{space.gen}``)."""
    if lang == "ru" and sid in SPACE_FORMS:
        return SPACE_FORMS[sid]
    return Forms(SPACE.get(sid, lang) or sid)


def unit(uid: str, lang: str = DEFAULT_LANG) -> str:
    return UNIT.get(uid, lang) or uid


def card(cid: str, lang: str = DEFAULT_LANG) -> str:
    return CARD.get(cid, lang) or cid


def card_title(cid: str, lang: str = DEFAULT_LANG) -> str:
    """A card's name as the text of a sentence writes it (in quotation marks in Russian)."""
    return quoted(card(cid, lang), lang)


def word(key: str, lang: str = DEFAULT_LANG, default: str | None = None) -> str:
    """One of the game's words (``"terrain.forest"``); ``default`` (else the key's last part)
    when there is none."""
    return i18n.word_in(WORDS, key, lang, default)


@cache
def forms(key: str, lang: str = DEFAULT_LANG) -> Forms:
    """A word with its grammatical cases and gender or number (``{side.gen}``,
    ``{nation:agree:...}`` in a template)."""
    text = word(key, lang)
    spec = RU.get("forms", {}).get(key, {}) if lang == "ru" else {}
    cases = {k: str(v) for k, v in spec.items() if k in i18n.CASES}
    return Forms(text, str(spec.get("agr", "")), **cases)


def nation(code: str, lang: str = DEFAULT_LANG) -> Forms:
    """A nation's name with its cases (``{nation.gen}``)."""
    return forms(f"nation.{code}", lang)


def side(seat: str | None, lang: str = DEFAULT_LANG) -> Forms:
    """A side as log sentences name it ("Allies", "Central Powers"), with its cases."""
    if seat not in ("ap", "cp"):
        return Forms("")
    return forms(f"side.{seat}", lang)


def side_full(seat: str, lang: str = DEFAULT_LANG) -> Forms:
    """A side's full name (a seat's or a team's name for people), with its cases and number
    in Russian."""
    full = word(f"side_full.{seat}", lang)
    if lang == DEFAULT_LANG:
        return Forms(full)
    f = side(seat, lang)
    return Forms(full, f.agr, **{c: getattr(f, c) for c in i18n.CASES})


def text(catalogue: Catalogue, key: str, lang: str, **args: Any) -> str:
    """A sentence of a catalogue in ``lang`` (English when it has none)."""
    return catalogue.text(key, lang, **args)


def number(value: float, lang: str = DEFAULT_LANG) -> str:
    """A number as people of ``lang`` write it (``1.5``; Russian ``1,5``)."""
    return format(i18n.Number(value, lang), "g")


def reference(lang: str) -> dict[str, str]:
    """The reference tables' texts by path in ``lang``."""
    return {k: REFERENCE.get(k, lang) or v for k, v in REFERENCE.table("en").items()}
