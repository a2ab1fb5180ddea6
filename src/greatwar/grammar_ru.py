"""A small grammar check of rendered Russian texts: names left in the nominative where the
sentence asks another case, and verbs that do not agree with their subject.

The games name their spaces, nations or countries, sides, powers and teams with their cases and
their gender or number (:class:`greatwar.core.i18n.Forms`, the ``declined(lang)`` hook of
:class:`greatwar.core.games.HasLanguages`), and their card titles. A :class:`Lexicon` holds them;
:func:`problems` reads one text against these rules:

- ``case``: a name in the nominative right after a preposition or a verb that governs another
  case, where the name's form in that case differs («активировать Ломжа», «Бой за Варшава»,
  «из Россия»; «в Берлин» passes, its accusative being its nominative);
- ``title``: a card title in quotes right after such a word, with no noun to take the case for
  it («разыграть «Суровая погода»»: the texts write «разыграть карту «Суровая погода»»);
- ``agreement``: a verb beside its subject name in the other number («побеждают Антанта»,
  «Франция и Италия потеряла»);
- ``capital``: a name written in lower case inside a sentence (союзники) given with its capital
  after a lower-case word («побеждают Союзники»);
- ``generic``: a name that carries its own noun (a box, «Ячейка резерва ЦД») after «регион»;
- ``quotes``: quotation marks inside quotation marks that are not „...“.

It is a rule set, not a parser: words are recognised by their endings and a list of stems, names
by their exact forms. ``greatwar messages --check`` runs it on every Russian text of random games
(:mod:`greatwar.messages_check`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from greatwar.core.i18n import CASES, Forms

# -- the words that govern a case --------------------------------------------------------------


def _words(text: str) -> list[str]:
    return text.split()


# Prepositions and the cases they may take.
PREPOSITIONS: dict[str, frozenset[str]] = {}


def _prep(cases: str, words: str) -> None:
    for w in _words(words):
        PREPOSITIONS[w] = PREPOSITIONS.get(w, frozenset()) | frozenset(_words(cases))


_prep(
    "gen",
    "из из-за из-под от до у для без около после против среди вокруг возле кроме вместо мимо "
    "вдоль близ посреди ради со",
)
_prep("gen ins", "с")
_prep("dat", "к ко по благодаря вопреки навстречу")
_prep("acc", "через про сквозь")
_prep("acc pre", "в во на")
_prep("acc ins", "за под")
_prep("ins", "над перед между")
_prep("pre", "при о об обо")

# Verbs that take an object in the accusative, by their stems (any form of the verb: the word
# must also end as a verb does).
_ACC_VERB_STEMS = _words(
    "активир атак разыгр сбрас сброс подготов подготавлива передвин передвига перемест перемеща "
    "передислоцир выбр выбира взя возьм бер захват заня занима осад осажда уничтож потеря теря "
    "покин покида выклад выложи полож клад призв призыв постро стро набр набира убер убра убира "
    "пополн размест размеща продвин продвига контролир оборон защища обороня усил усилива "
    "подкреп поддерж контратак сков сковыва"
)
_VERB_ENDING = re.compile(
    r"(ть|ти|ться|й|йте|и|ите|ет|ёт|ют|ит|ят|ут|ат|ем|им|ешь|ишь|ете|л|ла|ло|ли|"
    r"ется|ются|ится|ятся|утся|атся|я)$"
)
# Finite verbs of the third person (present, future, past) and their number.
_PLURAL_VERB = re.compile(r"(ют|ят|ут|ат|ются|ятся|утся|атся|ли|лись)$")
_SINGULAR_VERB = re.compile(r"(ет|ёт|ит|ется|ётся|ится|ла|ло|лся|лась|лось)$")
# Words with a verb's ending that are no verbs.
_NOT_VERBS = frozenset(
    _words(
        "свет совет флот ответ предмет результат солдат кабинет бюджет приоритет лимит кредит "
        "отряд пакет билет бит брат взгляд зал стол тыл пыл путь кит щит магнит лит или"
    )
)

# Names that carry their own generic noun (a box: «Ячейка резерва ЦД»).
_BOX_WORDS = frozenset({"Ячейка"})


def _is_acc_verb(word: str) -> bool:
    w = word.lower()
    return bool(_VERB_ENDING.search(w)) and any(w.startswith(s) for s in _ACC_VERB_STEMS)


def _verb_number(word: str) -> str | None:
    """``pl`` or ``sg`` for a finite verb of the third person, else None."""
    w = word.lower()
    if len(w) < 3 or w in _NOT_VERBS or not w.isalpha():
        return None
    if _PLURAL_VERB.search(w):
        return "pl"
    if _SINGULAR_VERB.search(w):
        return "sg"
    return None


def _number(agr: str) -> str | None:
    return "pl" if agr == "pl" else "sg" if agr in ("m", "f", "n") else None


# -- the names ---------------------------------------------------------------------------------


@dataclass
class Lexicon:
    """The names a game's sentences insert (with their cases and gender or number) and its
    card titles (as printed, in the nominative)."""

    names: list[Forms] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)

    def add(self, names: Iterable[object] = (), titles: Iterable[str] = ()) -> None:
        for n in names:
            if isinstance(n, Forms) and str(n).strip():
                self.names.append(n)
        self.titles.extend(t for t in titles if t.strip())

    @cached_property
    def _by_nom(self) -> dict[str, Forms]:
        """Each name by its nominative inside a sentence (the longest names first)."""
        out: dict[str, Forms] = {}
        for n in sorted(self.names, key=lambda x: -len(x.nom)):
            out.setdefault(n.nom, n)
        return out

    @cached_property
    def _name_re(self) -> re.Pattern[str]:
        alts = "|".join(re.escape(n) for n in self._by_nom)
        return re.compile(rf"(?<![\w-])({alts})(?![\w-])")

    @cached_property
    def _title_set(self) -> frozenset[str]:
        return frozenset(self.titles)

    @cached_property
    def _capitals(self) -> list[tuple[re.Pattern[str], Forms]]:
        out = []
        for n in self.names:
            if str(n) != n.nom and str(n).lower() == n.nom.lower():
                out.append((re.compile(rf"(?<=[а-яё,])\s+({re.escape(str(n))})(?![\w-])"), n))
        return out


def _word_before(text: str, start: int) -> str:
    m = re.search(r"([\w-]+)\s+$", text[:start])
    return m.group(1) if m else ""


def _word_after(text: str, end: int) -> str:
    m = re.match(r"\s+([\w-]+)", text[end:])
    return m.group(1) if m else ""


def _clause_start(text: str, start: int) -> bool:
    """Whether a name at ``start`` opens a clause (text start, or after punctuation)."""
    before = text[:start].rstrip()
    return not before or before[-1] in ":;,.!?(—–"


def _clause_end(text: str, end: int) -> bool:
    after = text[end:].lstrip()
    return not after or after[0] in ":;,.!?()—–"


def _indeclinable(title: str) -> bool:
    """Whether a title reads the same in every case: its words all end in a vowel that no
    ending changes (Мольтке, Ратенау) or are not Russian (Over There)."""
    return all(w[-1] in "еиоуэю" or not re.match(r"[а-яё]", w[0].lower()) for w in title.split())


def problems(text: str, lex: Lexicon, skip: frozenset[str] = frozenset()) -> list[str]:
    """What the rules find wrong in one rendered text (empty: nothing); the rules named in
    ``skip`` are not applied."""
    out: list[str] = []
    if not lex.names and not lex.titles:
        return out
    for m in lex._name_re.finditer(text) if lex.names else ():
        name = lex._by_nom[m.group(1)]
        before = _word_before(text, m.start())
        number = _number(name.agr)
        # agreement: the verb comes first and the name, surely nominative, ends the clause
        # («побеждают Антанта», «которую сбросит Франция и Италия»)...
        if number and before and name.acc != name.nom and _clause_end(text, m.end()):
            vn = _verb_number(before)
            if vn is not None and vn != number:
                out.append(
                    f"agreement: «{before} {name.nom}» in {text!r}: the verb is "
                    f"{'plural' if vn == 'pl' else 'singular'}, the subject is not"
                )
                continue
            if vn is not None:
                continue  # its subject, after it («карту, которую сбросит Германия»)
        # ... or the subject opens its clause and the verb follows it
        if number and _clause_start(text, m.start()):
            verb = _word_after(text, m.end())
            vn = _verb_number(verb)
            if vn is not None and vn != number:
                out.append(
                    f"agreement: «{name.nom} {verb}» in {text!r}: the verb is "
                    f"{'plural' if vn == 'pl' else 'singular'}, the subject is not"
                )
                continue
        # generic: a box («Ячейка резерва ЦД») named as a region
        generic = before.lower().startswith("регион") and name.nom.split()[0] in _BOX_WORDS
        if generic and "generic" not in skip:
            out.append(f"generic: «{before} {name.nom}» in {text!r}: the box is no region")
            continue
        # case: a governing word right before the nominative
        wanted: frozenset[str] = PREPOSITIONS.get(before.lower(), frozenset())
        if not wanted and before and _is_acc_verb(before):
            wanted = frozenset({"acc"})
        if wanted and all(getattr(name, c) != name.nom for c in wanted):
            case = sorted(wanted)[0]
            out.append(
                f"case: «{before} {name.nom}» in {text!r}: after «{before}» the name takes "
                f"the {'/'.join(sorted(wanted))} case («{getattr(name, case)}»)"
            )
    # title: a card title right after a governing word, with no noun before it
    for m in re.finditer(r"«([^«»]+)»", text):
        title = m.group(1).replace("„", "«").replace("“", "»")
        if title not in lex._title_set or _indeclinable(title):
            continue
        before = _word_before(text, m.start())
        if before and (before.lower() in PREPOSITIONS or _is_acc_verb(before)):
            out.append(
                f"title: «{before} «{title}»» in {text!r}: a card title goes after a noun "
                "that takes the case (карту, картой, карты...)"
            )
    # quotes: quotation marks inside quotation marks are „...“ («Гибель „Лузитании“»)
    if re.search(r"«[^»]*«", text):
        out.append(f"quotes: «» inside «» in {text!r}: the inner ones are „“")
    # capital: a name with its capital inside a sentence
    for pattern, name in lex._capitals:
        for m in pattern.finditer(text):
            out.append(f"capital: «{m.group(1)}» inside a sentence in {text!r}: «{name.nom}»")
    return out


def forms_problems(name: Forms) -> list[str]:
    """What is missing in a name's forms: every case and a gender or number."""
    out = []
    if name.agr not in ("m", "f", "n", "pl"):
        out.append(f"{name!s}: no gender or number")
    for c in CASES:
        if not getattr(name, c, ""):
            out.append(f"{name!s}: no {c}")
    return out
