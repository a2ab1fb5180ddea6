"""The catalogue check (``greatwar messages --check``): every text in every language, and every
language able to say what real games say.

It fails when a key lacks a text in a language, when a translation uses a placeholder the
English text does not have, when a plural spec has the wrong number of forms (each a
:meth:`greatwar.core.i18n.Catalogue.problems`), when a template does not render with the real
arguments of random games (every seat's log, prompt, actions and faces, rendered strictly by
the game's :meth:`~greatwar.core.games.HasLanguages.texts` hook), or when such a rendering in
another language than English still holds an English word of the catalogues.

In Russian it also holds the texts to the terms of ``locale/terms.ru.json`` (one Russian term
per concept, the rulebook's: :func:`term_problems` on every catalogue) and to the grammar rules
of :mod:`greatwar.grammar_ru` (:func:`grammar_problems`: every text of the random games, the
end of each on time for each seat, and every template of the product's own catalogues, the web
client's included, rendered with each name the game may insert).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from greatwar import grammar_ru
from greatwar import texts as product_texts
from greatwar.core import i18n
from greatwar.core.games import Game, HasLanguages, game, games, team_of
from greatwar.core.i18n import DEFAULT_LANG, Catalogue

# A word in Latin letters standing alone: not part of an id such as ``cp01`` or ``ge_1``.
_LATIN_WORD = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z'-]*(?![\w])")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_MARKUP = re.compile(r"\[/?[a-z ]+\]")


def latin_words(text: str) -> list[str]:
    """The words in Latin letters of a text (rich markup and placeholders left out)."""
    return _LATIN_WORD.findall(_MARKUP.sub(" ", _PLACEHOLDER.sub(" ", text)))


def english_words(cats: Iterable[Catalogue], lang: str) -> frozenset[str]:
    """The words (lower case) of the catalogues' English texts that none of their texts in
    ``lang`` uses: seeing one in a text rendered in ``lang`` means English leaked into it."""
    en: set[str] = set()
    other: set[str] = set()
    for cat in cats:
        for text in cat.table(DEFAULT_LANG).values():
            en.update(w.lower() for w in latin_words(text))
        for text in cat.texts.get(lang, {}).values():
            other.update(w.lower() for w in latin_words(text))
    return frozenset(en - other)


def played_texts(
    g: Game[Any], scenario: str, seed: int, lang: str, every: int = 1, max_actions: int = 100_000
) -> list[str]:
    """Every text the seats of a random game of ``g`` read in ``lang``: each seat's new log
    entries, prompt, actions and faces every ``every`` decisions and at the end (rendered
    strictly: ``ValueError`` for a text that cannot be rendered)."""
    if not isinstance(g, HasLanguages):
        raise ValueError(f"{g.title} speaks only English")
    pick = random.Random(seed)
    s = g.new_game(scenario, None, seed)
    seen = dict.fromkeys(g.seats, 0)
    out: list[str] = []

    def read(seat: str) -> None:
        log = g.view(s, seat)["log"]
        out.extend(g.texts(s, seat, lang, log[seen[seat] :]))
        seen[seat] = len(log)

    n = 0
    while g.outcome(s) is None:
        if n % every == 0:
            for seat in g.seats:
                read(seat)
        legal = g.legal_actions(s)
        if not legal or n >= max_actions:
            raise RuntimeError(f"random game {seed} of {g.id} stuck after {n} decisions")
        g.apply_unchecked(s, pick.choice(legal))
        n += 1
    for seat in g.seats:
        read(seat)
    return out


def time_out_texts(g: Game[Any], lang: str) -> list[str]:
    """The log entry of a game lost on time by each seat, in ``lang`` (the core's text)."""
    from greatwar.core.session import TIME_OUT_KEY, render_entry

    teams = team_of(g)
    out = []
    for seat, team in teams.items():
        others = [t.id for t in g.teams() if t.id != team]
        if len(others) == 1:
            entry = {"k": TIME_OUT_KEY, "outcome": others[0], "reason": "time", "seat": seat}
            out.append(render_entry(g, entry, lang))
    return out


# -- Russian: terms and grammar ----------------------------------------------------------------


def _terms_doc() -> dict[str, Any]:
    import json
    from importlib import resources

    raw = resources.files("greatwar").joinpath("locale", "terms.ru.json").read_text("utf-8")
    doc: dict[str, Any] = json.loads(raw)
    return doc


@dataclass(frozen=True)
class Term:
    """One concept and its Russian term; ``avoid`` matches its other renderings (a regular
    expression, case-insensitive), ``allow`` the fixed phrases that rightly hold one (another
    term), ``scope`` the catalogues it covers (prefixes of ``catalogue`` or ``catalogue:key``;
    empty: all)."""

    en: str
    ru: str
    avoid: re.Pattern[str] | None
    allow: tuple[str, ...] = ()
    scope: tuple[str, ...] = ()

    def covers(self, where: str) -> bool:
        return not self.scope or any(where.startswith(p) for p in self.scope)


def terms() -> list[Term]:
    """The terminology table (``locale/terms.ru.json``)."""
    out = []
    for t in _terms_doc()["terms"]:
        avoid = t.get("avoid")
        out.append(
            Term(
                en=t["en"],
                ru=t["ru"],
                avoid=re.compile(avoid, re.IGNORECASE | re.MULTILINE) if avoid else None,
                allow=tuple(t.get("allow", ())),
                scope=tuple(t.get("scope", ())),
            )
        )
    return out


_QUOTED = re.compile(r"«[^«»]*(?:«[^«»]*»[^«»]*)*»|„[^„“]*“")


def _yo_names() -> tuple[str, ...]:
    return tuple(_terms_doc().get("yo_names", ()))


def term_problems(text: str, where: str, term_list: Iterable[Term] | None = None) -> list[str]:
    """Where a Russian text (at ``where``: ``catalogue:key``) uses another rendering of a term
    than the table's (titles in quotes left out: a card is called what it is called), or
    «ё» outside the names that keep it."""
    out = []
    plain = _QUOTED.sub(" ", _PLACEHOLDER.sub(" ", text))
    for t in terms() if term_list is None else term_list:
        if t.avoid is None or not t.covers(where):
            continue
        masked = plain
        for phrase in t.allow:
            masked = re.sub(re.escape(phrase), " ", masked, flags=re.IGNORECASE)
        for m in t.avoid.finditer(masked):
            out.append(f"{where}: «{m.group(0)}» for {t.en!r}: the term is «{t.ru}» in {text!r}")
    keep = _yo_names()
    for m in re.finditer(r"[\w-]*[ёЁ][\w-]*", plain):
        if not m.group(0).startswith(keep):
            out.append(f"{where}: «{m.group(0)}» with ё in {text!r}: the texts write е")
    return out


# The name catalogues: a name is what the rulebook calls it (a card «Все в бой», a space).
NAME_CATALOGUES = frozenset({"pog.space", "pog.unit", "pog.card", "qmg1914.space", "qmg1914.card"})


def catalogue_term_problems(cats: Iterable[Catalogue], lang: str = "ru") -> list[str]:
    """Every term problem of the catalogues' texts in ``lang`` (the name catalogues are held
    to «е», not to the terms)."""
    table = terms()
    out = []
    for cat in cats:
        for key, text in cat.texts.get(lang, {}).items():
            if isinstance(text, str):
                names = cat.name in NAME_CATALOGUES
                out.extend(term_problems(text, f"{cat.name}:{key}", [] if names else table))
    return out


def lexicon(g: Game[Any], lang: str = "ru") -> grammar_ru.Lexicon:
    """The names and card titles the game's sentences insert in ``lang``."""
    lex = grammar_ru.Lexicon()
    if isinstance(g, HasLanguages):
        for kind, names in g.declined(lang).items():
            if kind == "title":
                lex.add(titles=[str(n) for n in names])
            else:
                lex.add(names=names)
    return lex


# What a placeholder of the product's templates (the web client's, the terminal's) names: the
# kinds of names of the games' ``declined`` that may stand in it.
PLACEHOLDER_KINDS: dict[str, tuple[str, ...]] = {
    "side": ("side",),
    "team": ("team", "side"),
    "seat": ("side", "power"),
    "mine": ("side", "power"),
    "who": ("side", "power"),
    "power": ("power",),
    "space": ("space",),
    "origin": ("space",),
    "target": ("space",),
    "where": ("space",),
    "country": ("country",),
    "nation": ("nation",),
    "card": ("title",),
    "name": ("title",),
}
# The product's catalogues whose placeholders are the games' names (the command line's name
# what a person typed).
NAMED_CATALOGUES = frozenset({"greatwar.web", "greatwar.core", "greatwar.terminal"})
# The keys of the client's catalogue that belong to one game.
_KEY_GAMES = {"pog.": "pog", "qmg.": "qmg1914"}


def template_texts(cat: Catalogue, lang: str, names: dict[str, dict[str, list[Any]]]) -> list[str]:
    """Every template of ``cat`` in ``lang`` rendered with the names that may stand in its
    placeholders (``names``: the games' ``declined``, by game id), one placeholder varied at a
    time, numbers 1, 2 and 5 elsewhere."""
    out: list[str] = []
    for key, template in cat.texts.get(lang, {}).items():
        owner = next((g for p, g in _KEY_GAMES.items() if key.startswith(p)), None)
        pools = [names[owner]] if owner in names else list(names.values())
        fields = i18n.placeholders(template)
        samples: dict[str, list[Any]] = {}
        for f in fields:
            kinds = PLACEHOLDER_KINDS.get(f, ())
            found = [
                i18n.quoted(str(n), lang) if k == "title" else n  # the client quotes titles
                for pool in pools
                for k in kinds
                for n in pool.get(k, ())
            ]
            if found:
                samples[f] = found
        for n in (1, 2, 5):
            base: dict[str, Any] = dict.fromkeys(fields, n)
            base.update({f: v[0] for f, v in samples.items()})
            variants = [base]
            if n == 2:
                variants += [{**base, f: x} for f, v in samples.items() for x in v[1:]]
            for args in variants:
                try:
                    out.append(i18n.fmt(template, lang, args))
                except (KeyError, ValueError, AttributeError, IndexError):
                    continue
    return out


def grammar_problems(
    game_ids: Iterable[str] | None = None,
    seeds: Iterable[int] = (1, 2),
    every: int = 3,
    lang: str = "ru",
) -> list[str]:
    """What the grammar rules find in the Russian texts: each game's random games (every
    text its seats read, and its end on time for each seat) and the product's templates
    rendered with the games' names. One problem per distinct finding."""
    ids = list(game_ids) if game_ids is not None else games()
    found: dict[str, None] = {}
    names: dict[str, dict[str, list[Any]]] = {}
    for gid in ids:
        g = game(gid)
        if not isinstance(g, HasLanguages) or lang not in g.languages():
            continue
        names[gid] = g.declined(lang)
        lex = lexicon(g, lang)
        said: list[str] = list(time_out_texts(g, lang))
        for seed in seeds:
            try:
                said.extend(played_texts(g, g.default_scenario, seed, lang, every))
            except ValueError:
                continue  # a text that does not render: the render check reports it
        for text in dict.fromkeys(said):
            for p in grammar_ru.problems(text, lex):
                found.setdefault(f"{gid} in {lang}: {p}", None)
    if names:
        lex = grammar_ru.Lexicon()
        for gid in names:
            other = lexicon(game(gid), lang)
            lex.add(other.names, other.titles)
        for cat in i18n.catalogues(product_texts.OWNER):
            if cat.name not in NAMED_CATALOGUES:
                continue
            for text in dict.fromkeys(template_texts(cat, lang, names)):
                # any space stands in any template here, a box where none goes in play
                for p in grammar_ru.problems(text, lex, skip=frozenset({"generic"})):
                    found.setdefault(f"{cat.name} in {lang}: {p}", None)
    return list(found)


@dataclass
class Report:
    """What the check found: its problems (empty: all is well) and what it covered."""

    problems: list[str] = field(default_factory=list)
    keys: dict[str, int] = field(default_factory=dict)  # per owner
    games: int = 0
    texts: int = 0


def check(
    game_ids: Iterable[str] | None = None,
    seeds: Iterable[int] = (1, 2),
    langs: Iterable[str] = i18n.LANGS,
    every: int = 3,
    render: bool = True,
) -> Report:
    """Check the product's catalogues and those of the games; with ``render``, play random
    games (each seed, the game's default scenario) and render them in each language."""
    report = Report()
    langs = tuple(langs)
    owners: list[tuple[str, list[Catalogue]]] = [
        (product_texts.OWNER, i18n.catalogues(product_texts.OWNER))
    ]
    ids = list(game_ids) if game_ids is not None else games()
    for gid in ids:
        g = game(gid)
        if isinstance(g, HasLanguages):
            owners.append((gid, g.catalogues()))
    for owner, cats in owners:
        report.keys[owner] = sum(len(c.keys()) for c in cats)
        for cat in cats:
            for lang in langs:
                if lang != DEFAULT_LANG:
                    report.problems.extend(cat.problems(lang))
        if "ru" in langs:
            report.problems.extend(catalogue_term_problems(cats, "ru"))
    if not render:
        return report
    if "ru" in langs:
        report.problems.extend(grammar_problems(ids, seeds, every, "ru"))
    for gid in ids:
        g = game(gid)
        if not isinstance(g, HasLanguages):
            continue
        cats = g.catalogues()
        for lang in langs:
            if lang not in g.languages():
                report.problems.append(f"{gid}: does not speak {lang}")
                continue
            leaks = english_words(cats, lang) if lang != DEFAULT_LANG else frozenset()
            for seed in seeds:
                try:
                    said = played_texts(g, g.default_scenario, seed, lang, every)
                except ValueError as e:
                    report.problems.append(f"{gid} seed {seed} in {lang}: {e}")
                    continue
                report.games += 1
                report.texts += len(said)
                found = sorted({w for t in said for w in latin_words(t) if w.lower() in leaks})
                for word in found:
                    where = next(t for t in said if word in latin_words(t))
                    report.problems.append(
                        f"{gid} seed {seed} in {lang}: the English word {word!r} in {where!r}"
                    )
    return report
