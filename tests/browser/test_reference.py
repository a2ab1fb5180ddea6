"""Reference a player reaches for (issue 31, item 9): the supply networks on the map (the
Central Powers', the Western and Eastern Allies', the MEF's: 14.2), one at a time from the
map's tools; the reinforcement schedule in the Reference tab (which card brings which units,
which have come); the rule numbers of the log leading to a rules summary (the rulebook's
sections by number and heading). Both languages. Screenshots: ``artifacts/reference-*.png``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.browser.conftest import CHROMIUM
from tests.browser.helpers import into_view
from tests.browser.states import operation
from tests.browser.test_map import at_decision

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)

SIZE = (1366, 768)
NETS = "es => es.map(e => e.dataset.net)"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_supply_network_shows_on_the_map(
    browser: Browser, live_server: str, artifacts: Path, lang: str
) -> None:
    g, v = operation(live_server)
    page = at_decision(browser, g, v, SIZE, lang)
    assert page.locator("svg.board [data-net]").count() == 0
    names = page.locator("#network option").all_inner_texts()
    assert len(names) == 5 and all(n.strip() for n in names)
    page.select_option("#network", "ap_west")
    page.wait_for_selector("svg.board[data-network=ap_west]")
    west = set(page.eval_on_selector_all("svg.board [data-net]", NETS))
    assert {"paris", "london"} <= west and "petrograd" not in west
    page.screenshot(path=str(artifacts / f"reference-network-west-{lang}.png"))
    page.select_option("#network", "ap_east")
    page.wait_for_selector("svg.board[data-network=ap_east]")
    east = set(page.eval_on_selector_all("svg.board [data-net]", NETS))
    assert "petrograd" in east and "paris" not in east
    page.select_option("#network", "cp")
    page.wait_for_selector("svg.board[data-network=cp]")
    cp = set(page.eval_on_selector_all("svg.board [data-net]", NETS))
    assert "berlin" in cp and not cp & (west | east)
    page.select_option("#network", "")
    page.wait_for_function("document.querySelector('svg.board').dataset.network === ''")
    assert page.locator("svg.board [data-net]").count() == 0
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_log_entrys_rule_leads_to_the_rules_summary(
    browser: Browser, live_server: str, artifacts: Path, lang: str
) -> None:
    g, v = operation(live_server)
    page = at_decision(browser, g, v, SIZE, lang)
    page.click(".tab[data-tab=log]")
    mark = page.locator("#log .rule-link[data-rule]").last
    into_view(mark)
    rule = mark.get_attribute("data-rule") or ""
    entry = mark.locator("xpath=ancestor::div[contains(@class,'log-entry')][1]")
    tip = entry.get_attribute("title") or ""
    section = ".".join(rule.split(".")[:2])
    assert rule in tip and section in tip.split("·")[-1], tip  # "rule 9.2.1 · 9.2 Operations"
    entry.hover()
    mark.click()
    page.wait_for_selector("#ref:not([hidden]) [data-testid=rules-summary]")
    target = page.locator(f"[data-testid=rules-summary] [data-rule='{section}']")
    target.wait_for(state="visible")
    assert "flash" in (target.get_attribute("class") or "")
    assert target.inner_text().startswith(section)
    assert tip.split("·")[-1].strip() == target.inner_text().strip()
    heads = page.locator("[data-testid=rules-summary] .rule-section").all_inner_texts()
    assert len(heads) == 64 and heads[0].startswith("1.0")
    if lang == "ru":
        assert any("Снабжение" in h for h in heads)
    # the reinforcement schedule is in the same tab: every reinforcement card, with its units
    for side in ("ap", "cp"):
        rows = page.locator(f"[data-testid=reinforcements-{side}] tr")
        assert rows.count() >= 6
        cells = rows.nth(1).locator("td").all_inner_texts()
        assert len(cells) == 4 and all(c.strip() for c in cells), cells
    page.screenshot(path=str(artifacts / f"reference-rules-{lang}.png"))
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()
