"""The end screen (issue 31, item 8): once a game is over its page names the winner and the
reason in words, draws the victory points through the game as a chart, gives the seed as
promised and links the replay (the rematch button, from the lobby's work, beside them); the
mandated-offensive chip, the combat box, the procedure under way and the banner of the
opponent's round are gone. Both games, at 1366x768 EN, 1920x1080 RU and 390x844 RU.
Screenshots: ``artifacts/end-*.png``."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.browser.conftest import CHROMIUM
from tests.browser.states import Game, attacking, building, pog, post, qmg
from tests.browser.test_map import open_page
from tests.browser.test_phone import overflow

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)

SIZES = [((1366, 768), "en"), ((1920, 1080), "ru"), ((390, 844), "ru")]


def resigned_pog(server: str) -> tuple[Game, str]:
    """A game played into the Allies' second action round, where the Allies resign: the page
    of the Central Powers."""
    g = pog(server)
    g.play_until(lambda v: v.get("round", 0) >= 2 and v["seat"] == "ap", attacking)
    post(f"{server}/api/games/{g.id}/resign", {"serial": g.view("ap")["serial"]}, g.tokens["ap"])
    return g, "cp"


def resigned_qmg(server: str) -> tuple[Game, str]:
    g = qmg(server)
    v = g.play_until(lambda v: v.get("round", 0) >= 2, building)
    seat = v["seat"]
    post(f"{server}/api/games/{g.id}/resign", {"serial": v["serial"]}, g.tokens[seat])
    other = next(s for s in g.tokens if g.tokens[s] != g.tokens[seat])
    return g, other


GAMES: dict[str, Callable[[str], tuple[Game, str]]] = {"pog": resigned_pog, "qmg": resigned_qmg}


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize(("size", "lang"), SIZES, ids=lambda x: str(x))
def test_the_end_screen(
    browser: Browser, live_server: str, artifacts: Path, game: str, size: tuple[int, int], lang: str
) -> None:
    g, seat = GAMES[game](live_server)
    seed = g.info()["seed"]
    page = open_page(browser, g.link(seat), size, lang)
    page.locator("[data-testid=end-box]").wait_for()
    page.locator("[data-testid=vp-chart] polyline").first.wait_for(state="attached")
    # the winner and the reason, in words (no identifier of the engine's)
    result = page.inner_text(".result")
    assert result and not re.search(r"\w_\w", result), result
    assert ("resign" in result.lower()) if lang == "en" else ("сда" in result.lower()), result
    # the chart: a line per figure, through two points at least
    lines = page.eval_on_selector_all(
        "[data-testid=vp-chart] polyline", "e => e.map((x) => x.getAttribute('points'))"
    )
    assert lines and all(len(p.split()) >= 2 for p in lines), lines
    assert page.get_attribute("[data-testid=vp-chart]", "aria-label")
    # the seed as promised, the replay's link
    assert str(seed) in page.inner_text("[data-testid=end-seed]")
    assert page.get_attribute("[data-testid=whole-replay]", "href") == f"/replay/{g.id}"
    assert page.locator(".mo-chip").count() == 0
    # what was under way when the game ended is no longer shown as if it went on
    for gone in ("#combat-box", "[data-testid=recent]", "[data-testid=under-way]"):
        assert not page.locator(gone).is_visible(), gone
    if size[0] < 500:
        assert overflow(page) <= 0
    page.locator("[data-testid=end-box]").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"end-{game}-{size[0]}x{size[1]}-{lang}.png"))
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()
