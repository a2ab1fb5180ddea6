"""Cards (issue 31, item 4): a card of the hand shows its whole face on hover (mouse) and on a
long press (touch, without playing it), every line of its text in sight, inside the window; the
hand's cards share the strip's width on a wide screen. Both games, 1366x768 EN, 1920x1080 RU and
390x844 RU. Screenshots: ``artifacts/cards-*.png``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.browser.conftest import CHROMIUM
from tests.browser.helpers import into_view
from tests.browser.states import Game, combat_cards, qmg_battle
from tests.browser.test_map import open_page, settled

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)

STATES: dict[str, Callable[[str], tuple[Game, Any]]] = {
    "pog": combat_cards,
    "qmg": qmg_battle,
}
SIZES = [((1366, 768), "en"), ((1920, 1080), "ru"), ((390, 844), "ru")]
HAND = "#hand [data-testid=hand] > .card, #hand [data-testid=hand] > .qcard"

# The face shown: in the window, and no part of its text cut (each block's text fits its box).
WHOLE = """() => {
  const p = document.querySelector('[data-testid=card-peek]');
  if (!p || p.hidden) return null;
  const r = p.getBoundingClientRect();
  const parts = '.card-text, .card-name, .card-rp, .qcard-name, .qcard-play, .qcard-prep';
  const cut = [...p.querySelectorAll(parts)]
    .filter((e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1)
    .map((e) => e.className);
  return { inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
           cut, text: p.textContent, height: r.height };
}"""


def shown(page: Page, timeout: float | None = None) -> dict[str, Any]:
    page.wait_for_function(f"({WHOLE})() !== null", timeout=timeout)
    out: dict[str, Any] = page.evaluate(WHOLE)
    return out


# Two frames: the scroll events of a card just scrolled into view have been dispatched (a scroll
# puts the face away and cancels a press begun before it, as it should for a finger).
FRAMES = """() => new Promise((ok) =>
  requestAnimationFrame(() => requestAnimationFrame(() => ok(true))))"""


def until_shown(page: Page, begin: Callable[[], None], undo: Callable[[], None]) -> dict[str, Any]:
    """Begin showing a card's face (a press, the mouse on it) until it shows: begun again, at
    most three times, where a late scroll or a new drawing of the hand cancelled it."""
    for attempt in range(3):
        page.wait_for_function(FRAMES)
        begin()
        try:
            return shown(page, timeout=5000)
        except PlaywrightTimeoutError:
            if attempt == 2:
                raise
            undo()
    raise AssertionError("unreachable")


def touch_at(card: Locator) -> dict[str, Any]:
    box = card.bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    return {"pointerType": "touch", "isPrimary": True, "clientX": x, "clientY": y}


@pytest.mark.parametrize("game", list(STATES))
@pytest.mark.parametrize(("size", "lang"), SIZES, ids=lambda x: str(x))
def test_a_card_shows_its_whole_face(
    browser: Browser, live_server: str, artifacts: Path, game: str, size: tuple[int, int], lang: str
) -> None:
    g, v = STATES[game](live_server)
    page = open_page(browser, g.link(v["seat"]), size, lang)
    page.wait_for_function("document.body.dataset.mine === 'true'")
    settled(page)
    cards = page.locator(HAND)
    n = cards.count()
    assert n >= 3
    phone = size[0] < 500
    for i in range(n):
        card = cards.nth(i)
        into_view(card)
        small = card.inner_text()
        if phone:
            before = page.evaluate("document.body.dataset.version")
            opts = touch_at(card)
            face = until_shown(
                page,
                lambda c=card, o=opts: c.dispatch_event("pointerdown", o),  # type: ignore[misc]
                lambda c=card, o=opts: o.update(touch_at(c)),  # type: ignore[misc]
            )
            card.dispatch_event("pointerup", opts)
            card.dispatch_event("click", {"clientX": opts["clientX"], "clientY": opts["clientY"]})
            page.wait_for_timeout(150)
            # the long press showed the card and played nothing, asked nothing
            assert page.evaluate("document.body.dataset.version") == before
            assert not page.locator(".confirm, .popup.open").count()
        else:
            face = until_shown(page, card.hover, lambda: page.mouse.move(5, 5))
        assert face["inside"] and not face["cut"], (i, face)
        # the whole text: at least what the small face shows, and more where it was cut short
        assert len(face["text"]) >= len(small.replace("\n", "")) - 2, (face["text"], small)
        if i == 0:
            page.screenshot(path=str(artifacts / f"cards-{game}-{size[0]}x{size[1]}-{lang}.png"))
        if not phone:
            page.mouse.move(5, 5)
            page.wait_for_function("document.querySelector('[data-testid=card-peek]').hidden")
    if size[0] >= 1900:
        widths = [cards.nth(i).bounding_box()["width"] for i in range(n)]  # type: ignore[index]
        assert min(widths) > 140, widths  # the strip's width shared, not the smallest face
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()
