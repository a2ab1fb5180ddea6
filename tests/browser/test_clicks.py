"""Fewer needless clicks (issue 31, item 10): the attacker's combat-card window with no card to
play passes by itself (a note says so), unless the player keeps such windows (a box in the
prompt, remembered); the button that steps through the opponent's round shows only once the
opponent has had an action round (not for the dice of the phases before the first); "1 SR
point" in the singular. Both languages. Screenshots: ``artifacts/clicks-*.png``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from greatwar.core.i18n import fmt
from tests.browser.conftest import CHROMIUM, ROOT
from tests.browser.states import combat_cards, operation, pog
from tests.browser.test_map import open_page, settled

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)

SIZE = (1366, 768)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_combat_card_window_with_nothing_to_play_passes_by_itself(
    browser: Browser, live_server: str, artifacts: Path, lang: str
) -> None:
    g, v = combat_cards(live_server)
    assert v["legal"] == ["done"]  # the attacker holds no card it may play here
    page = open_page(browser, g.link(v["seat"]), SIZE, lang, keep_windows=False)
    page.wait_for_function("v => document.body.dataset.version !== v", arg=str(v["version"]))
    page.wait_for_function("document.getElementById('toast').classList.contains('show')")
    note = page.inner_text("#toast")
    assert ("combat card" in note) if lang == "en" else ("боевой карты" in note), note
    page.screenshot(path=str(artifacts / f"clicks-cc-passed-{lang}.png"))
    assert g.view(v["seat"])["version"] > v["version"]
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_player_may_keep_those_windows(
    browser: Browser, live_server: str, artifacts: Path
) -> None:
    g, v = combat_cards(live_server)
    # the box ticked (the setting kept in this browser): the window stays, across a reload
    page = open_page(browser, g.link(v["seat"]), SIZE, "en", keep_windows=True)
    page.wait_for_function("document.body.dataset.mine === 'true'")
    box = page.locator("[data-testid=keep-cc] input")
    assert box.is_checked()
    page.wait_for_timeout(1500)
    assert page.evaluate("document.body.dataset.version") == str(v["version"])
    page.reload()
    page.wait_for_function("document.body.dataset.mine === 'true'")
    page.wait_for_timeout(1500)
    assert page.evaluate("document.body.dataset.version") == str(v["version"])
    page.screenshot(path=str(artifacts / "clicks-cc-kept-en.png"))
    # the box writes the setting
    box.uncheck()
    assert page.evaluate("localStorage.getItem('greatwar.keep_cc_windows')") == "false"
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_step_through_banner_waits_for_the_opponents_round(
    browser: Browser, live_server: str, lang: str
) -> None:
    g = pog(live_server)  # the Central Powers' first decision: the Allies have not moved
    page = open_page(browser, g.link("cp"), SIZE, lang)
    page.wait_for_function("document.body.dataset.mine === 'true'")
    settled(page)
    assert page.locator("[data-testid=step-through]").count() == 0
    page.context.close()
    g2, v = operation(live_server)  # the Allies, after the Central Powers' first round
    page = open_page(browser, g2.link(v["seat"]), SIZE, lang)
    page.wait_for_function("document.body.dataset.mine === 'true'")
    page.locator("[data-testid=step-through]").wait_for()
    page.context.close()


def test_sr_points_in_the_singular_and_the_plural() -> None:
    en = json.loads((ROOT / "src/greatwar/pog/locale/en.json").read_text(encoding="utf-8"))["web"]
    for key in ("sr.points", "detail.sr", "confirm.sr"):
        assert "1 SR point " in fmt(en[key], "en", {"points": 1}), key
        assert "3 SR points " in fmt(en[key], "en", {"points": 3}), key


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_activation_list_says_what_its_numbers_count(
    browser: Browser, live_server: str, artifacts: Path, lang: str
) -> None:
    """Issue 31 item 9's "(n)": a line above the operation's list says what the rows' numbers
    count, and each row's tooltip counts its units in words ("2 units", "2 соединения")."""
    g, v = operation(live_server)
    page = open_page(browser, g.link(v["seat"]), SIZE, lang)
    page.wait_for_function("document.body.dataset.mine === 'true'")
    legend = page.inner_text("[data-testid=activation-legend]")
    assert legend.startswith("(n)") and ("units" if lang == "en" else "соединений") in legend
    rows = page.locator("#prompt .space-row-name")
    assert rows.count() >= 5
    word = re.compile(r"^\d+ units?:" if lang == "en" else r"^\d+ соединени[еяй]:")
    for i in range(rows.count()):
        title = rows.nth(i).get_attribute("title") or ""
        assert word.match(title), title
        n = int(title.split()[0])
        assert rows.nth(i).inner_text().strip().endswith(f"({n})")
        if n == 1:
            assert title.startswith("1 unit:" if lang == "en" else "1 соединение:"), title
    page.screenshot(path=str(artifacts / f"clicks-activation-{lang}.png"))
    page.context.close()
