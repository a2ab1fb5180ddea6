"""Log and map together (issue 31, item 5, its first half): hovering (or focusing) a space's or
a unit's name in the log lights it on the map, and leaving it puts the light out. Both games,
1366x768 EN and 1920x1080 RU. Screenshots: ``artifacts/crosslight-*.png``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from tests.browser.conftest import CHROMIUM
from tests.browser.states import Game, combat_cards, qmg_battle
from tests.browser.test_map import open_page, settled

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)

STATES: dict[str, Callable[[str], tuple[Game, Any]]] = {"pog": combat_cards, "qmg": qmg_battle}


@pytest.mark.parametrize("game", list(STATES))
@pytest.mark.parametrize(("size", "lang"), [((1366, 768), "en"), ((1920, 1080), "ru")], ids=str)
def test_a_name_in_the_log_lights_on_the_map(
    browser: Browser, live_server: str, artifacts: Path, game: str, size: tuple[int, int], lang: str
) -> None:
    g, v = STATES[game](live_server)
    page = open_page(browser, g.link(v["seat"]), size, lang)
    page.wait_for_function("document.body.dataset.mine === 'true'")
    settled(page)
    # the newest mention of a space on the map
    ref = page.locator("#log a.ref-space[data-ref]").last
    ref.scroll_into_view_if_needed()
    sid = ref.get_attribute("data-ref")
    lit = f"svg.board [data-space='{sid}'].xref"
    assert page.locator(lit).count() == 0
    ref.hover()
    page.locator(lit).wait_for(state="attached")
    page.screenshot(path=str(artifacts / f"crosslight-{game}-{size[0]}x{size[1]}-{lang}.png"))
    page.mouse.move(2, size[1] // 2)
    page.wait_for_function("(s) => !document.querySelector(s)", arg=lit)
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()
