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
from tests.browser.helpers import into_view
from tests.browser.states import Game, combat_cards, qmg_battle
from tests.browser.test_map import at_decision, settled

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
    page = at_decision(browser, g, v, size, lang)
    # the newest mention of a space on the map
    ref = page.locator("#log a.ref-space[data-ref]").last
    into_view(ref)
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


@pytest.mark.parametrize("game", list(STATES))
@pytest.mark.parametrize(("size", "lang"), [((1366, 768), "en"), ((1920, 1080), "ru")], ids=str)
def test_a_space_hovered_on_the_map_shows_its_last_events(
    browser: Browser, live_server: str, artifacts: Path, game: str, size: tuple[int, int], lang: str
) -> None:
    """Item 5's second half: the pointer on a space (or on a piece standing there) shows what
    the space is and the log's newest entries that name it, newest first; off the map, nothing."""
    g, v = STATES[game](live_server)
    page = at_decision(browser, g, v, size, lang)
    ref = page.locator("#log a.ref-space[data-ref]").last
    into_view(ref)
    sid = ref.get_attribute("data-ref")
    ref.click()  # the map brings the space into sight
    settled(page)
    # the log's own entries about the space, newest first (what the peek should list)
    expected = page.evaluate(
        """(sid) => [...document.querySelectorAll('#log .log-entry')]
          .filter((e) => [...e.querySelectorAll('a.ref[data-ref]')]
            .some((a) => a.dataset.ref === sid))
          .map((e) => e.querySelector('.log-text').textContent).reverse().slice(0, 3)""",
        sid,
    )
    assert expected
    box = page.locator(f"svg.board [data-space='{sid}']").first.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    peek = page.locator("[data-testid=space-peek]")
    peek.wait_for(state="visible")
    assert peek.get_attribute("data-space") == sid
    name = page.evaluate(
        "(sid) => document.querySelector(`svg.board [data-space='${sid}']`).dataset.peekTitle", sid
    )
    assert name and peek.locator(".peek-name").inner_text().strip().endswith(name)
    shown = peek.locator(".peek-event").all_inner_texts()
    assert shown == expected, (shown, expected)
    # no browser tooltip beside it: the space's <title> has moved into the peek
    assert page.locator(f"svg.board [data-space='{sid}'] > title").count() == 0
    inside = peek.bounding_box()
    assert inside is not None and inside["x"] + inside["width"] <= size[0]
    page.screenshot(path=str(artifacts / f"space-peek-{game}-{size[0]}x{size[1]}-{lang}.png"))
    page.mouse.move(size[0] - 2, 2)  # the top bar: off the map
    peek.wait_for(state="hidden")
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()
