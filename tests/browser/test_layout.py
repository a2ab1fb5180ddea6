"""The page's layout on a laptop and a wide screen (issue 31, item 2): the side column runs from
the top bar to the bottom of the window, the prompt is capped, "Under way" is folded to one line
(and opens on a click), and the log keeps at least 40% of the column, in both games and both
languages, whatever the decision. Screenshots: ``artifacts/layout-*.png``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from tests.browser.conftest import CHROMIUM
from tests.browser.states import Game, combat_cards, operation, qmg_battle
from tests.browser.test_map import open_page, settled

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)

STATES: dict[str, Callable[[str], tuple[Game, Any]]] = {
    "pog-combat": combat_cards,
    "pog-operation": operation,
    "qmg-battle": qmg_battle,
}
CASES = [
    (state, size, lang)
    for state in STATES
    for size, lang in (((1366, 768), "en"), ((1366, 768), "ru"), ((1920, 1080), "ru"))
]


@pytest.mark.parametrize(("state", "size", "lang"), CASES, ids=lambda x: str(x))
def test_the_log_keeps_room_beside_the_prompt(
    browser: Browser,
    live_server: str,
    artifacts: Path,
    state: str,
    size: tuple[int, int],
    lang: str,
) -> None:
    g, v = STATES[state](live_server)
    page = open_page(browser, g.link(v["seat"]), size, lang)
    page.wait_for_function("document.body.dataset.mine === 'true'")
    settled(page)
    side = page.locator(".side").bounding_box()
    log = page.locator("#log").bounding_box()
    hand = page.locator(".bottom").bounding_box()
    board = page.locator("#board-wrap").bounding_box()
    assert side and log and hand and board
    # the column from the top bar to the window's bottom; the hand under the map only
    assert side["y"] + side["height"] >= size[1] - 2
    assert hand["x"] + hand["width"] <= side["x"] + 1
    assert board["height"] >= 0.55 * size[1]
    # the log: 40% of the column at least
    assert log["height"] >= 0.4 * side["height"], (log["height"], side["height"])
    # the prompt is whole or scrolls within its cap; its buttons are in it
    assert page.locator("#prompt [data-action]").count() >= 1
    if state.startswith("pog") and page.locator("[data-testid=under-way]").count():
        folded = page.locator("[data-testid=under-way]")
        if size[1] <= 800:
            assert not folded.evaluate("d => d.open")  # one line on a laptop
        before = folded.evaluate("d => d.open")
        folded.locator("summary").click()
        assert folded.evaluate("d => d.open") != before
        folded.locator("summary").click()
    page.screenshot(path=str(artifacts / f"layout-{state}-{size[0]}x{size[1]}-{lang}.png"))
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()
