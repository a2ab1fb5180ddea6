"""Languages: catalogues of texts with an English fallback, plural forms, language negotiation.

Game-agnostic. A game keeps its texts in its own package (English beside every other language)
and registers its :class:`Catalogue` objects here under its game id, so ``greatwar messages
--check`` can compare them; the layers above ask for a text by key and language.

Templates are :meth:`str.format` templates with two additions:

- a plural spec: ``{count:plural:карта|карты|карт|карты}`` gives the form of the word for the
  number ``count``, chosen by Babel's CLDR plural rules of the language; the forms are listed in
  the order of the language's categories (:func:`plural_categories`: Russian ``one few many
  other``, English ``one other``). The number itself is written by its own placeholder
  (``{count} {count:plural:...}``).
- grammatical cases: a name may be given as a :class:`Forms` (a string that also carries its
  other cases), and a template may write ``{side.gen}`` (genitive), ``.dat``, ``.acc``, ``.ins``,
  ``.pre`` or ``.nom`` (the nominative inside a sentence; the plain ``{side}`` is the form that
  opens one).
- agreement: ``{power:agree:sg=строит|pl=строят}`` gives the form that agrees with the
  gender or number of a :class:`Forms` (``m``, ``f``, ``n``, ``pl``; ``sg`` stands for any
  singular), e.g. a verb after a power's name or a participle after a piece.

A template in another language may use only the placeholders (by their root name, before any
``.`` or ``[``) that the English one uses; :meth:`Catalogue.problems` checks this and every key.

Language choice: :func:`negotiate` reads an HTTP ``Accept-Language`` header, :func:`from_env`
the ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` variables; :func:`pick` takes the
first known language among several candidates (a query parameter, a cookie, a header).
"""

from __future__ import annotations

import os
import string
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from babel import Locale
from babel.numbers import get_decimal_symbol
from babel.plural import PluralRule

LANGS: tuple[str, ...] = ("en", "ru")
"""Every language the product speaks; English is the reference and the fallback."""
DEFAULT_LANG = "en"
LANG_NAMES = {"en": "English", "ru": "Русский"}

_CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")
CASES = ("nom", "gen", "dat", "acc", "ins", "pre")
AGREEMENT = ("", "m", "f", "n", "pl")


class UnknownLanguageError(ValueError):
    """A language the product does not speak."""


# -- choosing a language -------------------------------------------------------------------------


def known(tag: Any) -> str | None:
    """The language a tag names (``"ru"``, ``"ru-RU"``, ``"ru_RU.UTF-8"``), if we speak it."""
    if not isinstance(tag, str):
        return None
    base = tag.strip().replace("_", "-").split(".")[0].split("@")[0].split("-")[0].lower()
    return base if base in LANGS else None


def check_lang(tag: str) -> str:
    """The language a tag names, or :class:`UnknownLanguageError` listing the languages."""
    found = known(tag)
    if found is None:
        raise UnknownLanguageError(
            f"unknown language {tag!r}; the languages are {', '.join(LANGS)}"
        )
    return found


def negotiate(accept_language: str | None, default: str = DEFAULT_LANG) -> str:
    """The best known language of an HTTP ``Accept-Language`` header (RFC 9110 12.5.4:
    comma-separated tags with optional ``;q=`` weights; ``*`` stands for any)."""
    if not accept_language:
        return default
    best: tuple[float, int, str] | None = None
    for i, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for p in params.split(";"):
            name, _, value = p.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        lang = default if tag.strip() == "*" else known(tag)
        if lang is None or q <= 0:
            continue
        cand = (q, -i, lang)
        if best is None or cand[:2] > best[:2]:
            best = cand
    return best[2] if best is not None else default


def from_env(environ: Mapping[str, str] | None = None, default: str = DEFAULT_LANG) -> str:
    """The language of the environment, as gettext reads it: ``LANGUAGE`` (a colon-separated
    list), then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; ``C`` and ``POSIX`` mean English."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for tag in value.split(":"):
            if tag.split(".")[0] in ("C", "POSIX"):
                return DEFAULT_LANG
            lang = known(tag)
            if lang is not None:
                return lang
        if var != "LANGUAGE":
            return default  # a locale is set, but not in a language we speak
    return default


def pick(*candidates: Any, default: str = DEFAULT_LANG) -> str:
    """The first candidate that names a known language (e.g. a query parameter, then a
    cookie, then the negotiated header)."""
    for c in candidates:
        lang = known(c)
        if lang is not None:
            return lang
    return default


# -- plurals ---------------------------------------------------------------------------------------


@cache
def _rule(lang: str) -> PluralRule:
    rule: PluralRule = Locale.parse(lang).plural_form
    return rule


@cache
def plural_categories(lang: str) -> tuple[str, ...]:
    """The language's CLDR plural categories, in CLDR order (Russian: one, few, many, other)."""
    tags = set(_rule(lang).tags) | {"other"}
    return tuple(t for t in _CLDR_ORDER if t in tags)


def plural(lang: str, n: float) -> str:
    """The plural category of the number ``n`` in ``lang`` (Babel's CLDR rules)."""
    category: str = _rule(lang)(n)
    return category


def plural_form(lang: str, n: Any, forms: Iterable[str]) -> str:
    """The form of a word for ``n`` from its forms in the language's category order."""
    listed = list(forms)
    cats = plural_categories(lang)
    if len(listed) != len(cats):
        raise ValueError(
            f"{lang} needs {len(cats)} plural forms ({' '.join(cats)}), got {len(listed)}"
        )
    try:
        number = float(n)
    except (TypeError, ValueError):
        raise ValueError(f"plural of a value that is not a number: {n!r}") from None
    value: float = int(number) if number == int(number) else number
    return listed[cats.index(plural(lang, value))]


# -- words with cases ------------------------------------------------------------------------------


class Forms(str):
    """A name that opens a sentence as itself and carries its other grammatical cases as
    attributes (``.nom`` inside a sentence, ``.gen``, ``.dat``, ``.acc``, ``.ins``, ``.pre``);
    a case not given is the name itself."""

    nom: str
    gen: str
    dat: str
    acc: str
    ins: str
    pre: str
    agr: str  # the gender or number it agrees in: m, f, n or pl ("" unknown)

    def __new__(cls, text: str, agr: str = "", **cases: str) -> Forms:
        self = super().__new__(cls, text)
        unknown = set(cases) - set(CASES)
        if unknown:
            raise ValueError(f"unknown cases {sorted(unknown)}")
        if agr not in AGREEMENT:
            raise ValueError(f"unknown agreement {agr!r}; expected one of {AGREEMENT}")
        for case in CASES:
            object.__setattr__(self, case, cases.get(case, text))
        object.__setattr__(self, "agr", agr)
        return self

    @classmethod
    def of(cls, value: Any) -> Any:
        """A table entry as a :class:`Forms`: a string, or a dict ``{"nom": ..., "gen": ...,
        "agr": "f"}`` whose ``"text"`` (default: the nominative) opens a sentence."""
        if isinstance(value, Mapping):
            cases = {k: str(v) for k, v in value.items() if k in CASES}
            return cls(
                str(value.get("text", cases.get("nom", ""))), str(value.get("agr", "")), **cases
            )
        if isinstance(value, str) and not isinstance(value, Forms):
            return cls(value)
        return value


def forms_of(value: Any) -> dict[str, str]:
    """A name's other cases and its gender or number as a table (what a client's ``named``
    takes), only those that differ from its text; ``{}`` for a plain string."""
    if not isinstance(value, Forms):
        return {}
    out = {c: getattr(value, c) for c in CASES if getattr(value, c) != str(value)}
    if value.agr:
        out["agr"] = value.agr
    return out


def agree(value: Any, forms: Iterable[str]) -> str:
    """The form (of ``k=form`` pairs) that agrees with ``value``'s gender or number (a
    :class:`Forms`); ``sg`` matches any singular; the first form when nothing matches."""
    pairs = []
    for item in forms:
        key, sep, form = item.partition("=")
        if not sep or key not in (*AGREEMENT, "sg"):
            raise ValueError(f"an agreement form must be k=form with k in m f n pl sg: {item!r}")
        pairs.append((key, form))
    if not pairs:
        raise ValueError("an agreement spec needs forms")
    agr = getattr(value, "agr", "")
    for key, form in pairs:
        if key == agr or (key == "sg" and agr in ("m", "f", "n")):
            return form
    return pairs[0][1]


@cache
def decimal_symbol(lang: str) -> str:
    """The decimal separator of ``lang`` (Babel's CLDR data: ``.`` in English, ``,`` in
    Russian)."""
    symbol: str = get_decimal_symbol(lang)
    return symbol


class Number(float):
    """A number that formats with the decimal separator of its language (``{cost:g}`` gives
    ``0,5`` in Russian)."""

    lang: str

    def __new__(cls, value: float, lang: str) -> Number:
        self = super().__new__(cls, value)
        self.lang = lang
        return self

    def __format__(self, spec: str) -> str:
        shown = format(float(self), spec or "g")
        sep = decimal_symbol(self.lang)
        return shown.replace(".", sep) if sep != "." else shown

    def __str__(self) -> str:
        return self.__format__("g")


# -- formatting ------------------------------------------------------------------------------------


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.startswith("plural:"):
            return plural_form(self.lang, value, format_spec[len("plural:") :].split("|"))
        if format_spec.startswith("agree:"):
            return agree(value, format_spec[len("agree:") :].split("|"))
        return super().format_field(value, format_spec)


@cache
def _formatter(lang: str) -> _Formatter:
    return _Formatter(lang)


def fmt(template: str, lang: str, args: Mapping[str, Any]) -> str:
    """A template filled in (plural specs and case attributes understood); KeyError,
    AttributeError, IndexError or ValueError when the arguments do not fit."""
    return _formatter(lang).vformat(template, (), args)


def placeholders(template: str) -> set[str]:
    """The root names of a template's placeholders (``{side.gen}`` -> ``side``)."""
    out: set[str] = set()
    for _, field, spec, _ in string.Formatter().parse(template):
        if field is None:
            continue
        root = field.split(".")[0].split("[")[0]
        out.add(root)
        if spec and "{" in spec:
            out |= placeholders(spec)
    return out


def plural_specs(template: str) -> list[tuple[str, list[str]]]:
    """Every plural spec of a template: (its field, its forms)."""
    out = []
    for _, field, spec, _ in string.Formatter().parse(template):
        if field is not None and spec and spec.startswith("plural:"):
            out.append((field, spec[len("plural:") :].split("|")))
    return out


def agree_specs(template: str) -> list[tuple[str, list[str]]]:
    """Every agreement spec of a template: (its field, its ``k=form`` pairs)."""
    out = []
    for _, field, spec, _ in string.Formatter().parse(template):
        if field is not None and spec and spec.startswith("agree:"):
            out.append((field, spec[len("agree:") :].split("|")))
    return out


# -- catalogues ------------------------------------------------------------------------------------


class Catalogue:
    """Texts by key for each language. ``texts["en"]`` is the reference: every other
    language must have each of its keys, with placeholders the English one has.

    ``texts`` maps a language to its table; a table may be a live dict that grows as modules
    are imported (a rules module adding its log templates)."""

    def __init__(self, name: str, texts: Mapping[str, Mapping[str, str]]) -> None:
        self.name = name
        self.texts: dict[str, Mapping[str, str]] = dict(texts)

    def table(self, lang: str) -> Mapping[str, str]:
        return self.texts.get(lang) or self.texts[DEFAULT_LANG]

    def get(self, key: str, lang: str = DEFAULT_LANG) -> str | None:
        """The text of ``key`` in ``lang``, else in English, else None."""
        got = self.texts.get(lang, {}).get(key)
        if got is None and lang != DEFAULT_LANG:
            got = self.texts[DEFAULT_LANG].get(key)
        return got

    def text(self, key: str, lang: str = DEFAULT_LANG, **args: Any) -> str:
        """The text of ``key`` filled in with ``args`` (KeyError for an unknown key)."""
        template = self.get(key, lang)
        if template is None:
            raise KeyError(f"{self.name}: no text {key!r}")
        return fmt(template, lang if key in self.texts.get(lang, {}) else DEFAULT_LANG, args)

    def keys(self) -> set[str]:
        return set(self.texts[DEFAULT_LANG])

    def problems(self, lang: str) -> list[str]:
        """What is wrong with ``lang`` against English: keys missing or unknown, empty texts,
        placeholders the English text lacks, bad templates, plural specs with the wrong
        number of forms."""
        en = self.texts[DEFAULT_LANG]
        other = self.texts.get(lang)
        if other is None:
            return [f"{self.name}: no {lang} texts at all"]
        out: list[str] = []
        for key in sorted(set(en) - set(other)):
            out.append(f"{self.name}: {key!r} has no {lang} text")
        for key in sorted(set(other) - set(en)):
            out.append(f"{self.name}: {key!r} has a {lang} text but no English one")
        need = len(plural_categories(lang))
        for key in sorted(set(en) & set(other)):
            text = other[key]
            if not isinstance(text, str) or (not text.strip() and en[key].strip()):
                out.append(f"{self.name}: {key!r} has an empty {lang} text")
                continue
            try:
                extra = placeholders(text) - placeholders(en[key])
                specs = plural_specs(text)
            except ValueError as e:
                out.append(f"{self.name}: {key!r} is not a valid {lang} template ({e})")
                continue
            if extra:
                out.append(
                    f"{self.name}: {key!r} in {lang} uses {sorted(extra)}, which the English "
                    "text does not have"
                )
            for _field, forms in agree_specs(text):
                try:
                    agree(None, forms)
                except ValueError as e:
                    out.append(f"{self.name}: {key!r} in {lang}: {e}")
            for field, forms in specs:
                if len(forms) != need:
                    out.append(
                        f"{self.name}: {key!r} in {lang}: the plural of {{{field}}} needs "
                        f"{need} forms ({' '.join(plural_categories(lang))}), not {len(forms)}"
                    )
        return out


_REGISTRY: dict[str, dict[str, Catalogue]] = {}


def word_in(words: Catalogue, key: str, lang: str, default: str | None) -> str:
    """A game's word ``key`` from its catalogue ``words``; ``default`` (else the key's last part,
    underscores as spaces) when there is none."""
    got = words.get(key, lang)
    if got is not None:
        return got
    return default if default is not None else key.rsplit(".", 1)[-1].replace("_", " ")


def quoted(name: str, lang: str) -> str:
    """A title in the language's quotation marks (Russian: «...», with „...“ inside)."""
    if lang != "ru":
        return name
    inner = name[1:-1] if name.startswith("«") and name.endswith("»") else name
    return "«" + inner.replace("«", "„").replace("»", "“") + "»"


def register(owner: str, catalogue: Catalogue) -> Catalogue:
    """List a catalogue under its owner (a game id, or ``"greatwar"`` for the shared texts)
    for ``greatwar messages --check``."""
    _REGISTRY.setdefault(owner, {})[catalogue.name] = catalogue
    return catalogue


def catalogues(owner: str) -> list[Catalogue]:
    """The catalogues registered by ``owner``."""
    return list(_REGISTRY.get(owner, {}).values())


def problems(owner: str, langs: Iterable[str] = LANGS) -> list[str]:
    """Every problem of every catalogue of ``owner`` in each language but English."""
    out: list[str] = []
    for cat in catalogues(owner):
        for lang in langs:
            if lang != DEFAULT_LANG:
                out.extend(cat.problems(lang))
    return out
