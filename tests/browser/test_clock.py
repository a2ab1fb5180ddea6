"""Clocks and turn notifications on the page (issue 15): the start page's clock choice, the
clocks on the game page with the pause asked for in one browser and agreed in the other, and
the seat's webhook saved from the page."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import CHROMIUM
from tests.browser.helpers import WAIT

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)


def _get(url: str, token: str) -> Any:
    req = urllib.request.Request(url, headers={"X-Seat-Token": token})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def _open(browser: Browser, link: str, errors: list[str]) -> Page:
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    ctx.set_default_timeout(WAIT)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(link)
    page.wait_for_function("document.body.dataset.version !== undefined")
    return page


def test_a_clocked_game_from_the_start_page_to_a_pause(browser: Browser, live_server: str) -> None:
    errors: list[str] = []
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    ctx.set_default_timeout(WAIT)
    start = ctx.new_page()
    start.on("pageerror", lambda e: errors.append(str(e)))
    start.goto(live_server + "/")
    start.select_option("#seat-ap", "human")
    start.select_option("#seat-cp", "human")
    start.select_option("#clock", "custom")
    start.fill("#clock-initial", "48")
    start.fill("#clock-increment", "6")
    start.fill("#clock-max", "60")
    start.click("#create-button")
    start.wait_for_selector("input.link-box[data-seat=cp]")
    links = {s: start.input_value(f"input.link-box[data-seat={s}]") for s in ("ap", "cp")}
    start.close()
    gid = links["ap"].split("/play/")[1].split("#")[0]
    tokens = {s: links[s].split("#")[1] for s in links}
    facts = _get(f"{live_server}/api/games/{gid}", tokens["ap"])
    assert facts["clock"]["rule"] == {
        "preset": "custom",
        "initial": 48 * 3600,
        "increment": 6 * 3600,
        "cap": 60 * 3600,
    }

    ap, cp = _open(browser, links["ap"], errors), _open(browser, links["cp"], errors)
    for page in (ap, cp):
        page.wait_for_selector("[data-testid=clock] [data-clock=ap]")
        assert "Central Powers" in page.inner_text("[data-clock=cp]")
        assert page.locator(".clock-row.running[data-clock=cp]").count() == 1  # CP open
        left = page.inner_text("[data-clock=cp] .clock-left")
        assert left.startswith(("1d 23h", "2d 0h")), left
    ap.click("[data-testid=clock-pause]")
    cp.wait_for_selector("text=Your opponent asks for a pause")
    cp.click("[data-testid=clock-pause]")
    for page in (ap, cp):
        page.wait_for_selector("text=Paused by agreement")
    ap.click("[data-testid=clock-resume]")
    cp.wait_for_function("!document.body.innerText.includes('Paused by agreement')")

    # the seat's webhook, saved from the page, is the seat's own
    ap.click(".notify-settings summary")
    ap.fill("[data-testid=notify-webhook]", "https://hooks.example.org/ap")
    ap.click(".notify-settings button[type=submit]")
    ap.wait_for_selector("text=Turn notifications: on")
    mine = _get(f"{live_server}/api/games/{gid}/notify", tokens["ap"])
    assert mine["seats"] == {"ap": {"webhook": "https://hooks.example.org/ap", "email": None}}
    theirs = _get(f"{live_server}/api/games/{gid}/notify", tokens["cp"])
    assert theirs["seats"] == {"cp": {"webhook": None, "email": None}}
    assert errors == []
