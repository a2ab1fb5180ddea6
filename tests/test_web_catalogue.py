"""The web client says nothing in English under ``lang=ru`` (issue 31, item 6), read from its
sources: every key it asks its catalogue for is in both languages, the Russian texts hold no
English word outside the names and technical tokens listed here, no script writes a tooltip, a
placeholder or a label in English of its own, and dates follow the page's language, not the
browser's. The browser test that walks the pages under RU is tests/browser/test_russian_pages.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "src" / "greatwar"
WEB = ROOT / "web"
EN = json.loads((ROOT / "locale" / "web.en.json").read_text(encoding="utf-8"))
RU = json.loads((ROOT / "locale" / "web.ru.json").read_text(encoding="utf-8"))

# Latin words a Russian text rightly holds: the product's name, a card called by its English
# title in the Russian edition of the terms (terms.ru.json), an address's example, a protocol,
# the keys Tab and Enter.
ALLOWED_LATIN = {"greatwar", "Over", "There", "https", "JSON", "POST", "you", "example", "org"}
ALLOWED_LATIN |= {"Tab", "Enter"}
LATIN = re.compile(r"(?<![\w{])[A-Za-z]{2,}")

# The names under which the modules import the catalogue's lookup (Quartermaster General's own
# ``t`` adds its prefix: see keys_asked).
LOOKUP = re.compile(r"(?<![\w.])(?:t|tr|text|shellWord)\(\s*\"([\w.]+)\"")


def modules() -> list[Path]:
    return sorted(WEB.rglob("*.js"))


def keys_asked(path: Path) -> set[str]:
    src = path.read_text(encoding="utf-8")
    if path.parent.name == "qmg1914" and path.name != "strings.js":
        # ``t`` is the game's own (qmg. keys); ``shellWord`` and ``tr`` the shared catalogue
        own = set(re.findall(r"(?<![\w.])t\(\s*\"([\w.]+)\"", src))
        shared = set(re.findall(r"(?<![\w.])(?:tr|shellWord)\(\s*\"([\w.]+)\"", src))
        return {f"qmg.{k}" for k in own} | shared
    return set(LOOKUP.findall(src))


def russian_latin(text: str) -> set[str]:
    bare = re.sub(r"\{[^{}]*\}", "", text)
    return {w for w in LATIN.findall(bare) if w not in ALLOWED_LATIN}


def test_both_catalogues_hold_the_same_keys() -> None:
    assert set(EN) == set(RU), (sorted(set(EN) - set(RU)), sorted(set(RU) - set(EN)))


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(WEB)))
def test_every_key_a_script_asks_for_is_in_both_catalogues(path: Path) -> None:
    missing = sorted(k for k in keys_asked(path) if k not in EN or k not in RU)
    assert not missing, missing


def test_no_russian_text_holds_an_english_word() -> None:
    bad = {k: sorted(russian_latin(v)) for k, v in RU.items() if russian_latin(v)}
    assert not bad, bad


def test_the_check_finds_an_english_word() -> None:
    assert russian_latin("Фаза: Over") == set()  # a card's name is left alone...
    assert russian_latin("Фаза: Finished") == {"Finished"}  # ...any other word is not
    assert russian_latin("{n} {n:plural:карта|карты|карт|карты}") == set()


# A tooltip, placeholder or label written in the script itself rather than looked up.
LITERAL_ATTR = re.compile(r"(?:title|placeholder|\"aria-label\"|alt)\s*:\s*([\"`])([^\"`]*)\1")


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(WEB)))
def test_no_script_writes_an_english_tooltip_of_its_own(path: Path) -> None:
    src = path.read_text(encoding="utf-8")
    bad = []
    for m in LITERAL_ATTR.finditer(src):
        words = russian_latin(re.sub(r"\$\{[^}]*\}", "", m.group(2)))
        if words:
            bad.append(m.group(0))
    assert not bad, bad


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(WEB)))
def test_dates_follow_the_pages_language(path: Path) -> None:
    src = path.read_text(encoding="utf-8")
    bare = re.findall(r"\.toLocale(?:Date|Time)?String\(\s*\)", src)
    assert not bare, f"{path.name}: a date written in the browser's language, not the page's"
