"""Turning structured log entries into text, per language.

A log entry is ``{"k": key, "t": round, "r": heading, "p": power, "v": power (private), "a":
{args}}``. Templates name their arguments; ids of cards, spaces, powers, countries and teams are
shown by name. Card modules add the templates of their own keys with :func:`define`. The English
templates are here; the other languages' are in ``locale/<lang>.json`` (:mod:`greatwar.qmg1914.
lang`), where names come with their cases and gender (``{power.gen}``, ``{power:agree:sg=...|
pl=...}``, see :mod:`greatwar.core.i18n`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from greatwar.core import i18n
from greatwar.qmg1914 import lang as T
from greatwar.qmg1914.data import (
    CARD_INDEX,
    CARDS,
    COUNTRIES,
    POWER_NAMES,
    POWERS,
    SPACES,
    TEAM_NAMES,
    TEAMS,
)

_CARD = {c.id: c.title for c in CARDS}
_KEY = {c.event_key: c.title for c in CARDS}
_WHY = {
    "draft": "to draft",
    "battle": "to battle into difficult terrain",
    "sustain": "to sustain in difficult terrain",
    "place": "to place a piece",
    "card": "for a card",
    "free": "at no cost",
    "no_card": "no card to discard",
}
_SPACE = {x.id: x.name for x in SPACES}
_POWER = dict(zip(POWERS, POWER_NAMES, strict=True))
_COUNTRY = dict(
    zip(
        COUNTRIES,
        (
            "Austria-Hungary",
            "Ottoman Empire",
            "Russia",
            "Germany",
            "France",
            "Italy",
            "United Kingdom",
            "United States",
        ),
        strict=True,
    )
)
# the countries as adjectives, for pieces and cards ("a Russian Army", "an Ottoman Build Army")
_ADJ = {
    "ah": "Austro-Hungarian",
    "oe": "Ottoman",
    "ru": "Russian",
    "de": "German",
    "fr": "French",
    "it": "Italian",
    "uk": "UK",
    "us": "US",
}
_TYPE = {
    "build_army": "Build Army",
    "build_navy": "Build Navy",
    "land_battle": "Land Battle",
    "sea_battle": "Sea Battle",
}

EN: dict[str, str] = {
    "game.setup": "A new game",
    "game.over": "Game over: the {outcome} win ({reason}); VP {vp}",
    "round.start": "Round {round} begins",
    "turn.start": "{power}'s turn",
    "turn.end": "{power}'s turn ends",
    "setup.drawn": "{power} draws {n} cards",
    "setup.mulligan": "{power} takes a mulligan",
    "scoring": "Scoring Round {round}: Central Powers +{central}, Entente Powers +{entente}; "
    "VP now {vp}",
    "vp.gain": "{team} gain {n} VP ({why}); VP now {vp}",
    "vp.lose": "{team} lose {n} VP ({why}); VP now {vp}",
    "token.placed": "An Objective token is placed in {space}",
    "token.already": "{space} already has an Objective token",
    "card.played": "{power} plays {card}",
    "card.status": "{power} plays {card} face up on the table",
    "card.drafted": "{power} drafts {a_country} {type}",
    "card.prepared": "{power} prepares a card",
    "card.prepared_own": "You prepare {card}",
    "card.unprepared": "{power} takes a prepared card back into hand",
    "card.drawn": "{power} draws {n} cards (hand {hand})",
    "card.attrition": "{power} uses the Attrition symbols of {card} {target}",
    "card.discard_shown": "{power} discards {card} from {pile} ({why})",
    "card.discard_hidden": "{power} discards a card from {pile} ({why})",
    "card.discard_own": "You discard {card} from {pile}",
    "piece.build": "{power} builds {a_country} {piece} in {space}",
    "piece.recruit": "{power} recruits {a_country} {piece} in {space}",
    "piece.removed": "{power} removes its {country} piece from {space}",
    "piece.eliminated": "{power} eliminates the {country} {piece} in {space}",
    "battle.declared": "{power}: the {country} piece in {origin} battles {target}",
    "battle.reinforce": "{power} reinforces with {card}",
    "battle.sustain": "{power} sustains the battle with {card}",
    "battle.counterattack": "{power} counterattacks with {card}",
    "battle.won": "{power} wins the battle of {target}; removed: {removed}",
    "battle.lost": "{power}'s attack on {target} fails",
    "battle.empty": "{power}'s battle in {target}: no piece there",
    "battle.sustain_kept": "{power} sustains the battle with {card} and takes it back",
    "battle.reinforce_kept": "{power} reinforces with {card} and keeps it prepared",
    "card.status_discarded": "{power} discards its Status card {card}",
    "card.taken": "{power} takes {a_country} {type} from its discard pile",
    "effect.truce": "The Christmas Truce: France and the United Kingdom may not battle German "
    "Armies this round",
    "effect.mustard_gas": "Mustard Gas: {target} must discard",
    "redl.seen": "You see AH&OE's hand: {cards}",
    "battle.sustain_kept_prepared": "{power} sustains with {card} and keeps it prepared, "
    "discarding from hand instead",
    "card.taken_hidden": "{power} takes a card from its discard pile",
    "card.taken_own": "You take {card} from your discard pile",
    "card.bottomed": "{power} puts a card on the bottom of its draw deck",
    "card.bottomed_own": "You put {card} on the bottom of your draw deck",
    "rumpler.seen": "You see the defenders' prepared cards: {cards}",
}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "ru": dict(T.RU["log"])}
LOG = i18n.register("qmg1914", i18n.Catalogue("qmg1914.log", CATALOGUES))


class TextError(ValueError):
    """A log entry a catalogue cannot render (raised by the strict renderer of ``greatwar
    messages --check``)."""


def define(lang: str, templates: Mapping[str, str]) -> None:
    """Add templates (a card module's own log keys)."""
    cat = CATALOGUES.setdefault(lang, {})
    for k, v in templates.items():
        if k in cat and cat[k] != v:
            raise ValueError(f"message {k!r} defined twice")
        cat[k] = v


def _show(name: str, value: Any) -> Any:
    if name == "card" and isinstance(value, str):
        return _CARD.get(value, value)
    if name == "why" and isinstance(value, str):
        return _CARD.get(value) or _KEY.get(value) or _WHY.get(value, value.replace("_", " "))
    if name == "target" and isinstance(value, str):
        if value in _POWER:
            return f"against {_POWER[value]}"
        return _SPACE.get(value, value)
    if name in ("space", "origin") and isinstance(value, str):
        return _SPACE.get(value, value)
    if name == "country" and isinstance(value, str):
        return _ADJ.get(value, value)
    if name == "piece" and isinstance(value, str):
        return value.capitalize()
    if name == "type" and isinstance(value, str):
        return _TYPE.get(value, value)
    if name == "team" and isinstance(value, int):
        return TEAM_NAMES[value]
    if name in ("outcome",) and isinstance(value, str):
        return TEAM_NAMES[0] if value == "central" else TEAM_NAMES[1]
    if name == "removed" and isinstance(value, list):
        return ", ".join(_COUNTRY.get(str(c), str(c)) for c in value) or "nothing"
    if name == "vp" and isinstance(value, list) and len(value) == 2:
        return f"{value[0]}-{value[1]}"
    if name == "cards" and isinstance(value, list):
        return ", ".join(_CARD.get(str(c), str(c)) for c in value)
    if name == "pile" and isinstance(value, str):
        return {"deck": "the top of the draw deck", "prepared": "its prepared cards"}.get(
            value, value
        )
    return value


class _Args(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"


def render(entry: Mapping[str, Any], lang: str = "en", strict: bool = False) -> str:
    """One log entry as text in ``lang`` (English when the language is unknown); with
    ``strict``, :class:`TextError` for an entry the catalogue cannot render."""
    if lang != "en" and lang in CATALOGUES:
        return _render_other(entry, lang, strict)
    cat = CATALOGUES.get(lang, EN)
    key = str(entry.get("k", ""))
    template = cat.get(key) or EN.get(key) or key
    raw = entry.get("a") or {}
    args = _Args({k: _show(k, v) for k, v in raw.items()})
    if "country" in raw:
        adj = str(args["country"])
        args["a_country"] = ("an " if adj[:1] in "AEIOU" and adj != "UK" else "a ") + adj
    p = entry.get("p")
    args["power"] = _POWER.get(p, "") if isinstance(p, str) else ""
    if "team" not in args and isinstance(p, str):
        args["team"] = ""
    if strict:
        if key not in cat:
            raise TextError(f"no {lang} template for the log key {key!r}")
        try:
            return template.format(**args)
        except (KeyError, ValueError, AttributeError, IndexError) as e:
            raise TextError(f"{key!r} does not render in {lang}: {e!r}") from None
    return template.format_map(args)


def _team(value: Any, lang: str) -> Any:
    if isinstance(value, int) and 0 <= value < len(TEAMS):
        return T.forms(f"team.{TEAMS[value]}", lang)
    if value in TEAMS:
        return T.forms(f"team.{value}", lang)
    return value


def _show_other(name: str, value: Any, raw: Mapping[str, Any], lang: str) -> Any:
    """An argument as the templates of ``lang`` take it: names and phrases with their cases."""
    if name == "card" and isinstance(value, str):
        k = CARD_INDEX.get(value)
        return T.quoted(T.title(CARDS[k].event_key, lang), lang) if k is not None else value
    if name == "why" and isinstance(value, str):
        k = CARD_INDEX.get(value)
        if k is not None:
            return T.quoted(T.title(CARDS[k].event_key, lang), lang)
        if value in _KEY:
            return T.quoted(T.title(value, lang), lang)
        return T.word(f"why.{value}", lang, value.replace("_", " "))
    if name == "target" and isinstance(value, str):
        if value in _POWER:
            who = T.forms(f"power.{value}", lang)
            cases = {c: getattr(who, c) for c in i18n.CASES}
            return i18n.Forms(T.word("against", lang).format(power=who.gen), who.agr, **cases)
        return T.space(value, lang)
    if name in ("space", "origin") and isinstance(value, str):
        return T.space(value, lang)
    if name == "country" and isinstance(value, str):
        return T.forms(f"adj_f.{value}", lang)
    if name == "piece" and isinstance(value, str):
        country = raw.get("country")
        if isinstance(country, str):
            return T.piece(country, value, lang)
        return T.forms(f"noun.{value}", lang)
    if name == "type" and isinstance(value, str):
        return T.quoted(T.word(f"type.{value}", lang), lang)
    if name == "team":
        return _team(value, lang)
    if name == "outcome" and isinstance(value, str):
        return _team(value, lang)
    if name == "reason" and isinstance(value, str):
        return T.word(f"reason.{value}", lang, value)
    if name == "removed" and isinstance(value, list):
        return ", ".join(T.word(f"country.{c}", lang) for c in value) or T.word("nothing", lang)
    if name == "vp" and isinstance(value, list) and len(value) == 2:
        return f"{value[0]}\N{EN DASH}{value[1]}"
    if name == "cards" and isinstance(value, list):
        return ", ".join(
            T.quoted(T.title(CARDS[CARD_INDEX[str(c)]].event_key, lang), lang)
            if str(c) in CARD_INDEX
            else str(c)
            for c in value
        )
    if name == "pile" and isinstance(value, str):
        return T.word(f"pile.{value}", lang, value)
    return value


def _render_other(entry: Mapping[str, Any], lang: str, strict: bool) -> str:
    key = str(entry.get("k", ""))
    template = CATALOGUES[lang].get(key)
    if template is None:
        if strict:
            raise TextError(f"no {lang} template for the log key {key!r}")
        return render(entry, "en")
    raw = entry.get("a") or {}
    args: dict[str, Any] = {k: _show_other(k, v, raw, lang) for k, v in raw.items()}
    if isinstance(raw.get("country"), str):
        args["a_country"] = T.forms(f"adj_f.{raw['country']}", lang)
    p = entry.get("p")
    args["power"] = T.forms(f"power.{p}", lang) if isinstance(p, str) and p in _POWER else ""
    if "team" not in args and isinstance(p, str):
        args["team"] = ""
    try:
        return i18n.fmt(template, lang, args)
    except (KeyError, ValueError, AttributeError, IndexError) as e:
        if strict:
            raise TextError(f"{key!r} does not render in {lang}: {e!r}") from None
        return render(entry, "en")


def known_keys() -> set[str]:
    return set(EN)
