"""No Latin-letter text under ``lang=ru`` outside names (issue 31, item 6): the start page of
both games, a Paths of Glory combat and a Quartermaster General battle (with a card's popup
open), and the replay of a finished game of each, read whole, the tooltips, placeholders and
labels too. Names are what the Russian rightly writes in Latin letters: the product's name, the
language buttons, a game's id, a card title in quotes, a Roman numeral, a web address's tokens.
Screenshots: ``artifacts/ru-walk-*.png``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import CHROMIUM
from tests.browser.states import POWERS, combat_cards, qmg_battle
from tests.browser.test_map import open_page, settled
from tests.browser.test_phone import finished, open_plain

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)

SIZE = (1366, 768)

# Every text a reader meets: the visible text nodes (the map's included), and the tooltips,
# placeholders and labels of elements; <option>s of the selects; SVG <title>s, and those the map's
# hover peek keeps (data-peek-title).
TEXTS = r"""() => {
  const out = [];
  const seen = (e) => !e.closest('[hidden], script, style, template');
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) {
    const n = w.currentNode, p = n.parentElement;
    if (!p || !seen(p)) continue;
    if (p.tagName !== 'OPTION' && p.tagName !== 'title' && !p.getClientRects().length) continue;
    const s = n.textContent.trim();
    if (s) out.push(s);
  }
  const attrs = '[title], [aria-label], [placeholder], [alt], [data-peek-title]';
  for (const e of document.querySelectorAll(attrs)) {
    if (!seen(e)) continue;
    for (const a of ['title', 'aria-label', 'placeholder', 'alt', 'data-peek-title']) {
      const v = e.getAttribute(a);
      if (v) out.push(v);
    }
  }
  out.push(document.title);
  return out;
}"""

# (and the tokens of a web address a placeholder shows: a scheme, a protocol's names)
NAMES = {"greatwar", "EN", "RU", "English", "https", "JSON", "POST", "Tab", "Enter"}
QUOTED = re.compile(r"«[^«»]*(?:«[^«»]*»[^«»]*)*»|„[^„“]*“")
ROMAN = re.compile(r"^[IVXLC]+$")
HEX_ID = re.compile(r"\b[0-9a-f]{10,}\b")
LATIN = re.compile(r"[A-Za-z]{2,}")


def english_left(texts: list[str]) -> list[str]:
    """The texts that hold a Latin-letter word outside the names."""
    bad = []
    for s in texts:
        bare = HEX_ID.sub("", QUOTED.sub("", s))
        words = [w for w in LATIN.findall(bare) if w not in NAMES and not ROMAN.match(w)]
        if words:
            bad.append(s[:120])
    return sorted(set(bad))


def test_the_check_finds_english() -> None:
    assert english_left(["Фаза: Over", "Партия 59bf003edf", "«Over There» разыграна"]) == [
        "Фаза: Over"
    ]
    assert english_left(["План XVII", "greatwar", "правила, раздел «Подготовка к игре»"]) == []


def walk(page: Page, artifacts: Path, name: str) -> None:
    left = english_left(page.evaluate(TEXTS))
    page.screenshot(path=str(artifacts / f"ru-walk-{name}.png"))
    assert not left, left
    assert not page.errors, page.errors  # type: ignore[attr-defined]


def test_the_start_page_in_russian(browser: Browser, live_server: str, artifacts: Path) -> None:
    page = open_plain(browser, live_server + "/", "ru")
    page.set_viewport_size({"width": SIZE[0], "height": SIZE[1]})
    page.wait_for_selector("#game option", state="attached")
    for g in ("pog", "qmg1914"):
        page.select_option("#game", g)
        page.wait_for_timeout(300)
        for d in page.locator("details").all():  # the variants' list open
            if d.is_visible() and not d.evaluate("d => d.open"):
                d.locator("summary").first.click()
        walk(page, artifacts, f"start-{g}")
    page.context.close()


def test_a_paths_of_glory_combat_in_russian(
    browser: Browser, live_server: str, artifacts: Path
) -> None:
    g, v = combat_cards(live_server)
    page = open_page(browser, g.link(v["seat"]), SIZE, "ru")
    page.wait_for_function("document.body.dataset.mine === 'true'")
    settled(page)
    walk(page, artifacts, "pog-combat")
    for tab in ("game", "ref"):
        page.click(f".tab[data-tab={tab}]")
        walk(page, artifacts, f"pog-{tab}")
    page.locator("#hand .card").first.click()  # the card's popup
    page.wait_for_timeout(200)
    walk(page, artifacts, "pog-card")
    page.context.close()


def test_a_quartermaster_general_battle_in_russian(
    browser: Browser, live_server: str, artifacts: Path
) -> None:
    g, v = qmg_battle(live_server)
    page = open_page(browser, g.link(v["seat"]), SIZE, "ru")
    page.wait_for_function("document.body.dataset.mine === 'true'")
    settled(page)
    walk(page, artifacts, "qmg-battle")
    for tab in page.eval_on_selector_all(".tab:not([hidden])", "e => e.map(x => x.dataset.tab)"):
        page.click(f".tab[data-tab={tab}]")
        walk(page, artifacts, f"qmg-{tab}")
    page.context.close()


@pytest.mark.parametrize("game", ["pog", "qmg1914"])
def test_a_replay_in_russian(
    browser: Browser, live_server: str, artifacts: Path, game: str
) -> None:
    doc = (
        {"scenario": "introductory", "seats": {"ap": "random", "cp": "random"}, "seed": 5}
        if game == "pog"
        else {"game": "qmg1914", "seats": {p: "random" for p in POWERS}, "seed": 5}
    )
    gid = finished(live_server, doc)
    page = open_plain(browser, f"{live_server}/replay/{gid}", "ru")
    page.set_viewport_size({"width": SIZE[0], "height": SIZE[1]})
    page.wait_for_function("/\\d/.test(document.getElementById('step-label').textContent)")
    page.wait_for_timeout(300)
    walk(page, artifacts, f"replay-{game}-end")
    page.click("#first")
    page.wait_for_timeout(300)
    walk(page, artifacts, f"replay-{game}-start")
    page.context.close()
