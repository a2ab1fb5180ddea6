"""Keyboard and screen readers (issue 31, item 7): the map's highlighted choices are focus stops
named for a screen reader ("Sedan: ...; attack Sedan"), the arrows go between them and Enter
chooses one as a click would; the cards of the hand are buttons; U undoes; and
axe-core, run in the page, finds no serious or critical violation on the start page, both
games' pages and a replay. Both languages. Screenshots: ``artifacts/keys-*.png``.

axe-core comes from the ``axe-playwright-python`` package (its bundled ``axe.min.js``, the
test extra); without it the accessibility test is skipped."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import CHROMIUM
from tests.browser.helpers import axe
from tests.browser.states import POWERS, first_attack, qmg_battle
from tests.browser.test_map import open_page, settled
from tests.browser.test_phone import finished, open_plain

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)

SIZE = (1366, 768)
ACTIVE = """() => { const a = document.activeElement;
  return a && (a.dataset.space || a.dataset.unit || a.dataset.card || a.tagName); }"""


def tab_to(page: Page, selector: str, most: int = 80) -> None:
    """Press Tab until the element in focus matches ``selector``."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate(
            "(s) => !!document.activeElement && document.activeElement.matches(s)", selector
        ):
            return
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_map_and_the_hand_from_the_keyboard(
    browser: Browser, live_server: str, artifacts: Path, lang: str
) -> None:
    g, v = first_attack(live_server)
    page = open_page(browser, g.link(v["seat"]), SIZE, lang)
    page.wait_for_function("document.body.dataset.mine === 'true'")
    settled(page)
    # the map's stops: the two spaces it may attack, each named with what choosing it does
    tab_to(page, "svg.board g.space.target")
    first = page.evaluate(ACTIVE)
    assert first in ("sedan", "brussels")
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    names = {
        "en": {"sedan": "Sedan", "brussels": "Brussels"},
        "ru": {"sedan": "Седан", "brussels": "Брюссель"},
    }
    verb = "attack" if lang == "en" else "атак"
    assert names[lang][first] in label and verb in label.lower(), label
    # only one stop in the tab order; an arrow reaches the other
    assert page.locator("svg.board [data-keystop][tabindex='0']").count() == 1
    other = "brussels" if first == "sedan" else "sedan"
    for key in ("ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"):
        page.keyboard.press(key)
        if page.evaluate(ACTIVE) == other:
            break
    assert page.evaluate(ACTIVE) == other
    page.screenshot(path=str(artifacts / f"keys-map-{lang}.png"))
    # Enter chooses it, as a click would (a decision sent); U takes it back
    before = page.evaluate("document.body.dataset.version")
    prompt = page.inner_text("#prompt")
    page.keyboard.press("Enter")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)
    page.wait_for_function("() => !!document.querySelector('#prompt [data-testid=undo]')")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("u")
    page.wait_for_function("(p) => document.getElementById('prompt').innerText === p", arg=prompt)
    # the hand's cards are buttons: focus one, its whole face shows
    page.locator("#hand [data-card]").first.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('role')") == "button"
    page.wait_for_function("!document.querySelector('[data-testid=card-peek]').hidden")
    page.screenshot(path=str(artifacts / f"keys-card-{lang}.png"))
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_u_undoes_the_last_decision(browser: Browser, live_server: str) -> None:
    g, v = first_attack(live_server)
    page = open_page(browser, g.link(v["seat"]), SIZE, "en")
    page.wait_for_function("document.body.dataset.mine === 'true'")
    at = page.evaluate("document.body.dataset.version")
    page.click("#prompt button[data-action='attack sedan']")
    # the answer to the click drawn (the Undo button alone is no sign of it: the decision before
    # was the same seat's, undoable too), so U meets the page it is meant for
    page.wait_for_function("v => document.body.dataset.version !== v", arg=at)
    page.wait_for_function("() => !!document.querySelector('#prompt [data-testid=undo]')")
    settled(page)
    before = page.evaluate("document.body.dataset.version")
    page.locator("body").focus()
    page.keyboard.press("u")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)
    page.locator("#prompt button[data-action='attack sedan']").wait_for()  # the choice again
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_u_while_a_decision_is_on_its_way_does_nothing(browser: Browser, live_server: str) -> None:
    # The Undo button stays from the position before (that decision was this seat's too): a U
    # pressed before the answer comes would undo that decision, and the one on its way would
    # then meet a position it was not chosen for.
    g, v = first_attack(live_server)
    page = open_page(browser, g.link(v["seat"]), SIZE, "en")
    page.wait_for_function("document.body.dataset.mine === 'true'")
    held: list = []
    page.route("**/api/games/*/action*", lambda route: held.append(route))  # held on its way
    at = page.evaluate("document.body.dataset.version")
    page.click("#prompt button[data-action='attack sedan']")
    page.wait_for_function("() => document.body.classList.contains('busy')")
    assert page.locator("#prompt [data-testid=undo]").count() == 1
    page.locator("body").focus()
    page.keyboard.press("u")
    page.wait_for_timeout(300)  # time for an undo to be sent, were one to be
    assert page.evaluate("document.body.dataset.version") == at
    held[0].continue_()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=at)
    assert g.view(v["seat"])["combat"]  # the attack on Sedan, not undone
    assert not page.locator(".toast.error").count()
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("where", ["start", "pog", "qmg", "replay", "pog-phone", "qmg-phone"])
def test_no_serious_accessibility_violation(
    browser: Browser, live_server: str, artifacts: Path, where: str, lang: str
) -> None:
    pytest.importorskip("axe_playwright_python")
    if where.endswith("-phone"):  # a phone's layout (390x844) of a game's page
        g, v = (first_attack if where == "pog-phone" else qmg_battle)(live_server)
        page = open_page(browser, g.link(v["seat"]), (390, 844), lang)
        page.wait_for_function("document.body.dataset.mine === 'true'")
        settled(page)
    elif where == "start":
        page = open_plain(browser, live_server + "/", lang)
        page.set_viewport_size({"width": SIZE[0], "height": SIZE[1]})
        page.wait_for_selector("#game option", state="attached")
    elif where == "replay":
        doc = {"game": "qmg1914", "seats": dict.fromkeys(POWERS, "random"), "seed": 5}
        page = open_plain(browser, f"{live_server}/replay/{finished(live_server, doc)}", lang)
        page.set_viewport_size({"width": SIZE[0], "height": SIZE[1]})
        page.wait_for_function("/\\d/.test(document.getElementById('step-label').textContent)")
    else:
        g, v = (first_attack if where == "pog" else qmg_battle)(live_server)
        page = open_page(browser, g.link(v["seat"]), SIZE, lang)
        page.wait_for_function("document.body.dataset.mine === 'true'")
        settled(page)
    page.wait_for_timeout(300)
    found = axe(page)
    assert not found, found
    page.context.close()
