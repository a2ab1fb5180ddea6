"""The catalogue check (``greatwar messages --check``): every text in every language, and every
language able to say what real games say.

It fails when a key lacks a text in a language, when a translation uses a placeholder the
English text does not have, when a plural spec has the wrong number of forms (each a
:meth:`greatwar.core.i18n.Catalogue.problems`), when a template does not render with the real
arguments of random games (every seat's log, prompt, actions and faces, rendered strictly by
the game's :meth:`~greatwar.core.games.HasLanguages.texts` hook), or when such a rendering in
another language than English still holds an English word of the catalogues.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from greatwar import texts as product_texts
from greatwar.core import i18n
from greatwar.core.games import Game, HasLanguages, game, games
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
    if not render:
        return report
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
