"""A phone (issue 31, item 3), 390x844 in both languages: no page is wider than the screen (the
start page, both games' pages at a combat, a replay), the combat box leaves most of the map in
sight, and nothing drawn over the map covers the zoom tools. Screenshots:
``artifacts/phone-*.png``."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import CHROMIUM
from tests.browser.states import POWERS, Game, combat_cards, get, post, qmg_battle
from tests.browser.test_map import open_page, settled

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)

PHONE = (390, 844)
LANGS = ["en", "ru"]
STATES: dict[str, Callable[[str], tuple[Game, Any]]] = {
    "pog-combat": combat_cards,
    "qmg-battle": qmg_battle,
}


def overflow(page: Page) -> int:
    """How many pixels the page is wider than the phone's screen (a phone's browser widens its
    layout to the widest element, so the screen's own width is the measure)."""
    wide: int = page.evaluate(
        "(w) => Math.max(document.documentElement.scrollWidth, window.innerWidth) - w", PHONE[0]
    )
    return wide


def overlap(a: dict[str, float], b: dict[str, float]) -> float:
    w = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return max(w, 0) * max(h, 0)


@pytest.mark.parametrize("lang", LANGS)
def test_the_start_page_fits_a_phone(
    browser: Browser, live_server: str, artifacts: Path, lang: str
) -> None:
    page = open_plain(browser, live_server + "/", lang)
    page.wait_for_selector("#game option", state="attached")
    for game in page.eval_on_selector_all("#game option", "o => o.map((x) => x.value)"):
        page.select_option("#game", game)
        page.wait_for_timeout(200)
        assert overflow(page) <= 0, (game, overflow(page))
        page.screenshot(path=str(artifacts / f"phone-start-{game}-{lang}.png"), full_page=True)
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


def open_plain(browser: Browser, url: str, lang: str) -> Page:
    """A page on a phone, in ``lang``, its errors gathered."""
    ctx = browser.new_context(
        viewport={"width": PHONE[0], "height": PHONE[1]},
        locale="ru-RU" if lang == "ru" else "en-US",
        is_mobile=True,
        has_touch=True,
    )
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(url)
    return page


@pytest.mark.parametrize("state", list(STATES))
@pytest.mark.parametrize("lang", LANGS)
def test_a_battle_on_a_phone(
    browser: Browser, live_server: str, artifacts: Path, state: str, lang: str
) -> None:
    g, v = STATES[state](live_server)
    page = open_page(browser, g.link(v["seat"]), PHONE, lang)
    page.wait_for_function("document.body.dataset.mine === 'true'")
    settled(page)
    assert overflow(page) <= 0, overflow(page)
    board = page.locator("#board-wrap").bounding_box()
    box = page.locator(".combat-box, .battle-box").first.bounding_box()
    tools = page.locator("#board-tools").bounding_box()
    assert board and box and tools
    # the combat box: a third of the map at most
    share = overlap(board, box) / (board["width"] * board["height"])
    assert share <= 0.34, share
    # nothing over the map lies on the zoom tools
    for sel in (".combat-box", ".battle-box", ".recent", ".in-force-strip", ".opp-round"):
        for i in range(page.locator(sel).count()):
            b = page.locator(sel).nth(i).bounding_box()
            if b and page.locator(sel).nth(i).is_visible():
                assert overlap(b, tools) == 0, (sel, b, tools)
    # the decision's buttons are within a thumb's reach: on the page, 40 px high at least
    buttons = page.locator("#prompt button[data-action]")
    assert buttons.count() >= 1
    heights = [buttons.nth(i).bounding_box()["height"] for i in range(buttons.count())]  # type: ignore[index]
    assert min(heights) >= 36, heights
    page.screenshot(path=str(artifacts / f"phone-{state}-{lang}.png"))
    page.screenshot(path=str(artifacts / f"phone-{state}-{lang}-full.png"), full_page=True)
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


def finished(server: str, doc: dict[str, Any]) -> str:
    """A game of random players, played out on the server: its id."""
    gid: str = post(server + "/api/games", doc)["id"]
    deadline = time.monotonic() + 60
    while not get(f"{server}/api/games/{gid}").get("over"):
        assert time.monotonic() < deadline, "the game was not played out in a minute"
        time.sleep(0.1)
    return gid


@pytest.mark.parametrize("game", ["pog", "qmg1914"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_replay_fits_a_phone(
    browser: Browser, live_server: str, artifacts: Path, game: str, lang: str
) -> None:
    doc: dict[str, Any] = (
        {"scenario": "introductory", "seats": {"ap": "random", "cp": "random"}, "seed": 5}
        if game == "pog"
        else {"game": "qmg1914", "seats": {p: "random" for p in POWERS}, "seed": 5}
    )
    gid = finished(live_server, doc)
    page = open_plain(browser, f"{live_server}/replay/{gid}", lang)
    page.wait_for_function("/\\d/.test(document.getElementById('step-label').textContent)")
    page.wait_for_timeout(300)
    assert overflow(page) <= 0, overflow(page)
    page.screenshot(path=str(artifacts / f"phone-replay-{game}-{lang}.png"))
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()
