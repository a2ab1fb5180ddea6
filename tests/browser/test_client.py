"""The game page as a Paths of Glory player uses it, at a phone's, a laptop's and a wide
screen's size: a game against the heuristic bot played by clicks, and two people chatting.

Every wait is on an explicit state of the page (the view's version, whose decision it is, a
dialog shown), never on a fixed delay. Each size writes a screenshot of the game in progress to
``artifacts/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import CHROMIUM
from tests.browser.helpers import (
    WAIT,
    body,
    choice_list_sizes,
    click_action,
    create,
    legal,
    newest_log_entry_visible,
    stroke_of,
    wait_mine,
)

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)

SIZES = [(390, 844), (1366, 768), (1920, 1080)]
AP_BLUE = "rgb(31, 79, 176)"
CP_BLACK = "rgb(22, 22, 22)"


def _page(browser: Browser, size: tuple[int, int], link: str, errors: list[str]) -> Page:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    ctx.set_default_timeout(WAIT)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(link)
    page.wait_for_function("document.body.dataset.version !== undefined", timeout=WAIT)
    return page


def _check_decision(page: Page) -> list[str]:
    acts = legal(page)
    sizes = choice_list_sizes(page)
    assert sizes and max(sizes) <= 40, (body(page).get("step"), sizes)
    return acts


def _done(page: Page) -> None:
    """Click done; answer yes if the page asks."""
    click_action(page, "done")
    if page.locator("#confirm:not([hidden])").count():
        before = body(page)
        page.click("#confirm-yes")
        page.wait_for_function(
            "v => document.body.dataset.version !== v", arg=before["version"], timeout=WAIT
        )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_game_against_the_bot_at_each_size(
    browser: Browser, live_server: str, artifacts: Path, size: tuple[int, int]
) -> None:
    g = create(live_server, {"ap": "human", "cp": "heuristic"}, seed=11)
    errors: list[str] = []
    page = _page(browser, size, live_server + g["links"]["ap"], errors)
    wait_mine(page)
    assert body(page)["seat"] == "ap"

    # the map is there and its names are readable at the whole-map zoom
    board = page.locator("svg.board").bounding_box()
    assert board is not None and board["width"] >= 300 and board["height"] >= 250
    page.click("#zoom-fit")
    page.wait_for_function("Number(document.querySelector('svg.board').dataset.labelPx) >= 10")

    # control and neutral nations, read from the computed styles
    berlin, paris, bucharest = (stroke_of(page, x) for x in ("berlin", "paris", "bucharest"))
    assert berlin["stroke"] == CP_BLACK and paris["stroke"] == AP_BLUE
    assert bucharest["stroke"] not in (AP_BLUE, CP_BLACK) and bucharest["dash"] != "none"
    assert bucharest["hatch"] == "true" and "neutral-hatch" in bucharest["hatchFill"]
    assert berlin["hatch"] == "false"

    sr_done = confirm_seen = False
    bot_rounds_seen = 0
    for _ in range(80):
        state = wait_mine(page)
        assert newest_log_entry_visible(page), "the log does not show its newest entry"
        acts = _check_decision(page)
        step = state.get("step")
        if step == "action_round":
            bot_rounds_seen += 1
            sr = [a for a in acts if a.startswith("play sr ")]
            ops = [a for a in acts if a.startswith("play ops ")]
            if not sr_done and sr:
                click_action(page, sr[0])
            elif not confirm_seen and ops:
                click_action(page, ops[0])
            elif sr_done and confirm_seen and bot_rounds_seen >= 3:
                break
            else:
                rp = [a for a in acts if a.startswith("play rp ")]
                click_action(page, (rp or acts)[0])
            continue
        if step == "strategic_redeployment" and not sr_done:
            units = [a for a in acts if a.startswith("sr ") and len(a.split()) == 2]
            if units:
                # an SR is two clicks: the unit, then where it goes
                click_action(page, units[0])  # click 1
                wait_mine(page)
                dests = _check_decision(page)
                unit = units[0].split()[1]
                assert dests and all(a.startswith(f"sr {unit} ") for a in dests), dests
                n_log = int(body(page)["logLen"])
                click_action(page, dests[0])  # click 2
                page.wait_for_function(
                    "n => Number(document.body.dataset.logLen) > n", arg=n_log, timeout=WAIT
                )
                assert "redeploys" in page.locator("#log .log-entry").last.inner_text()
                sr_done = True
                continue
        if step == "operation" and not confirm_seen:
            before = body(page)
            click_action(page, "done")
            page.wait_for_selector("#confirm:not([hidden])")
            assert "OPS" in page.inner_text("#confirm-text")
            page.click("#confirm-no")
            page.wait_for_selector("#confirm", state="hidden")
            assert body(page)["version"] == before["version"]  # nothing was sent
            confirm_seen = True
            _done(page)
            continue
        if "done" in acts:
            _done(page)
        else:
            click_action(page, acts[0])
    assert sr_done and confirm_seen

    # after the bot's moves: one click steps through its last round
    page.wait_for_selector("[data-testid=step-through]")
    page.click("[data-testid=step-through]")
    page.wait_for_function(
        "document.querySelector('[data-testid=recent]').textContent.startsWith('Step 1 of')"
    )
    assert page.locator(".log-entry.stepping").count() == 1
    if page.locator("[data-testid=step-next]").is_enabled():
        page.click("[data-testid=step-next]")
        page.wait_for_function(
            "document.querySelector('[data-testid=recent]').textContent.startsWith('Step 2 of')"
        )
    page.click("[data-testid=step-close]")

    # the reference and the game panels
    page.click(".tab[data-tab=ref]")
    assert page.locator("[data-testid=fire-army] tr").count() == 7
    assert page.locator("[data-testid=terrain-table] tr").count() == 8
    assert page.locator("[data-testid=turn-table] tr").count() == 20
    assert page.locator("[data-testid=guide]").count() == 1
    page.click(".tab[data-tab=game]")
    assert page.locator("[data-testid=round-track] tr").count() == 3
    assert "VP" in page.inner_text("[data-testid=score]")
    page.click(".tab[data-tab=log]")

    # zoom and position are kept across a reload
    page.click("#zoom-in")
    page.click("#zoom-in")
    box = page.get_attribute("svg.board", "viewBox")
    page.reload()
    page.wait_for_function("document.body.dataset.version !== undefined")
    assert page.get_attribute("svg.board", "viewBox") == box
    assert newest_log_entry_visible(page)

    page.screenshot(path=str(artifacts / f"game-{size[0]}x{size[1]}.png"))
    assert not errors, errors
    page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_chat_reaches_the_other_seat(
    browser: Browser, live_server: str, size: tuple[int, int]
) -> None:
    g = create(live_server, {"ap": "human", "cp": "human"}, seed=3)
    errors: list[str] = []
    pages: dict[str, Any] = {
        seat: _page(browser, size, live_server + g["links"][seat], errors) for seat in ("ap", "cp")
    }
    ap, cp = pages["ap"], pages["cp"]
    for p in (ap, cp):  # both sockets are live
        p.wait_for_selector("#live.on")
    ap.click(".tab[data-tab=chat]")
    ap.fill("#chat-input", "Good luck, and no Guns of August tricks!")
    ap.press("#chat-input", "Enter")
    ap.wait_for_selector(".chat-msg.mine")
    # the other seat hears of it over its socket: a badge on its Chat tab, then the message
    cp.wait_for_selector("#chat-badge:not([hidden])")
    cp.click(".tab[data-tab=chat]")
    cp.wait_for_selector(".chat-msg.side-ap")
    assert "no Guns of August tricks" in cp.inner_text("#chat-log")
    cp.fill("#chat-input", "Likewise.")
    cp.click("#chat-form button")
    ap.wait_for_selector(".chat-msg.side-cp")
    # stored with the game: a reload reads it again
    cp.reload()
    cp.click(".tab[data-tab=chat]")
    cp.wait_for_function("document.querySelectorAll('#chat-log .chat-msg').length === 2")
    assert not errors, errors
    for p in (ap, cp):
        p.context.close()
