"""Two players, two browsers: create a Historical game on the start page, open each seat's
private link in its own browser context, and play the first action round of both sides by
clicking the hand, the map and the action buttons. Drives Debian's chromium with Playwright."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.browser.conftest import CHROMIUM, FLAGS, ROOT

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)


@pytest.fixture(scope="module")
def browser() -> Any:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


def _body(page: Page) -> dict[str, str]:
    data: dict[str, str] = page.evaluate("() => ({...document.body.dataset})")
    return data


def _visible_point(page: Page, selector: str, attr: str, ident: str) -> tuple[float, float] | None:
    """A point of the element that a real click would hit (stacked counters overlap)."""
    box = page.locator(f"{selector}[{attr}='{ident}']").first.bounding_box()
    if box is None:
        return None
    for fy in (0.5, 0.75, 0.25, 0.9, 0.1):
        for fx in (0.5, 0.25, 0.75, 0.1, 0.9):
            x, y = box["x"] + box["width"] * fx, box["y"] + box["height"] * fy
            hit = page.evaluate(
                "([x, y, attr]) => { const e = document.elementFromPoint(x, y);"
                " const t = e && e.closest('[' + attr + ']');"
                " return t ? t.getAttribute(attr) : null; }",
                [x, y, attr],
            )
            if hit == ident:
                return x, y
    return None


def _click_map(page: Page, kind: str) -> bool:
    """Click one highlighted (legal) unit or space on the SVG map."""
    attr = "data-unit" if kind == "unit" else "data-space"
    ids = page.eval_on_selector_all(
        f"svg.board g.{kind}.target", f"els => els.map(e => e.getAttribute('{attr}'))"
    )
    for ident in ids:
        pt = _visible_point(page, f"svg.board g.{kind}", attr, ident)
        if pt is not None:
            page.mouse.click(*pt)
            return True
    return False


def _step(page: Page, clicks: int) -> str:
    """One click toward finishing this seat's decision; returns what was clicked."""
    menu = page.locator("#menu.open button.action")
    if menu.count():
        moves = page.locator("#menu.open button.action[data-action^='activate move']")
        (moves.first if moves.count() else menu.first).click()
        return "menu"
    if clicks < 12:
        if _click_map(page, "unit"):
            return "unit"
        if _click_map(page, "space"):
            return "space"
    done = page.locator("button.action[data-action='done']")
    if done.count():
        done.first.click()
        return "done"
    page.locator("[data-testid=actions] button.action").first.click()
    return "button"


def _wait_change(page: Page, before: dict[str, str]) -> None:
    page.wait_for_function(
        "([v, s]) => document.body.dataset.version !== v || (document.body.dataset.sel || '') !== s"
        " || document.querySelector('#menu.open') !== null",
        arg=[before.get("version"), before.get("sel", "")],
        timeout=60_000,
    )


def test_two_browsers_play_the_first_action_round(browser: Browser, live_server: str) -> None:
    ap_ctx = browser.new_context(viewport={"width": 1600, "height": 1000})
    cp_ctx = browser.new_context(viewport={"width": 1600, "height": 1000})
    ap_ctx.set_default_timeout(60_000)
    cp_ctx.set_default_timeout(60_000)
    errors: list[str] = []
    start = ap_ctx.new_page()
    start.on("pageerror", lambda e: errors.append(str(e)))
    start.goto(live_server + "/")
    start.select_option("#scenario", "historical")
    start.select_option("#seat-ap", "human")
    start.select_option("#seat-cp", "human")
    assert start.is_disabled("#seed")  # two players: the server draws the seed
    start.select_option("#creator", "ap")
    start.click("#create-button")
    start.wait_for_selector("input.link-box[data-seat=cp]")
    links = {seat: start.input_value(f"input.link-box[data-seat={seat}]") for seat in ("ap", "cp")}
    assert links["ap"] != links["cp"]
    # this browser keeps the creator's own seat only; the opponent's link was shown once
    kept = start.evaluate("() => JSON.parse(localStorage.getItem('greatwar.seats') || '{}')")
    assert [list(seats) for seats in kept.values()] == [["ap"]]
    assert links["cp"].split("#")[1] not in json.dumps(kept)
    # and the page offers no link that would open the opponent's seat here
    assert start.locator(f"a[href='{links['cp']}']").count() == 0
    assert start.locator(f"a[href='{links['ap']}']").count() == 1
    start.close()

    pages: dict[str, Page] = {"ap": ap_ctx.new_page(), "cp": cp_ctx.new_page()}
    for seat, page in pages.items():
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(links[seat])
        page.wait_for_function("document.body.dataset.version !== undefined")
        assert _body(page)["seat"] == seat

    # The Central Powers open the war: pick a card in the hand, then a use from its menu.
    cp = pages["cp"]
    cp.wait_for_selector("[data-testid=hand] .card.playable")
    before = _body(cp)
    cp.locator("[data-testid=hand] .card.playable").first.click()
    if cp.locator("#menu.open").count():
        ops = cp.locator("#menu.open button.action[data-action^='play ops']")
        (ops.first if ops.count() else cp.locator("#menu.open button.action").first).click()
    cp.wait_for_function("v => document.body.dataset.version !== v", arg=before["version"])
    played = [e for e in cp.locator("[data-testid=log] .log-entry").all_inner_texts()]
    assert any("Central Powers play" in t for t in played), played[-5:]

    clicks = {"ap": 0, "cp": 1}
    acted = {"ap": False, "cp": True}
    for _ in range(400):
        state = _body(pages["ap"])
        if state["round"] == "2" and state["toAct"] == "cp" and acted["ap"]:
            break
        seat = state["toAct"]
        assert seat in ("ap", "cp"), state
        page = pages[seat]
        page.wait_for_function(
            "s => document.body.dataset.toAct === s && document.body.dataset.mine === 'true'",
            arg=seat,
            timeout=60_000,
        )
        if seat == "ap" and not acted["ap"] and page.locator("#menu.open").count() == 0:
            # the Allies answer by clicking a card in their hand too
            card = page.locator("[data-testid=hand] .card.playable")
            if card.count():
                before = _body(page)
                card.first.click()
                _wait_change(page, before)
                acted["ap"] = True
                clicks["ap"] += 1
                continue
        before = _body(page)
        _step(page, clicks[seat])
        clicks[seat] += 1
        acted[seat] = True
        _wait_change(page, before)
        # the other browser hears of every change over its websocket
    else:
        pytest.fail("the first action round did not finish")

    ap, cp = pages["ap"], pages["cp"]
    cp.wait_for_function(
        "document.body.dataset.round === '2' && document.body.dataset.mine === 'true'"
    )
    assert _body(ap)["version"] == _body(cp)["version"]
    ap_log = " ".join(ap.locator("[data-testid=log] .log-entry").all_inner_texts())
    assert "Allies play" in ap_log and "Central Powers play" in ap_log
    # each browser shows its own hand only
    ap_hand = set(
        ap.eval_on_selector_all("[data-testid=hand] .card", "e => e.map(x => x.dataset.card)")
    )
    cp_hand = set(
        cp.eval_on_selector_all("[data-testid=hand] .card", "e => e.map(x => x.dataset.card)")
    )
    assert ap_hand and cp_hand and all(c.startswith("ap") for c in ap_hand)
    assert all(c.startswith("cp") for c in cp_hand)

    out = ROOT / "artifacts"
    out.mkdir(exist_ok=True)
    ap.screenshot(path=str(out / "board.png"))
    assert (out / "board.png").stat().st_size > 10_000
    assert not errors, errors

    # the game list on the start page knows the game and its state
    with urllib.request.urlopen(live_server + "/api/games") as r:
        games = json.load(r)["games"]
    assert games and games[0]["round"] == 2
    ap_ctx.close()
    cp_ctx.close()


def test_the_replay_viewer_steps_through_a_finished_game(
    browser: Browser, live_server: str
) -> None:
    body = json.dumps(
        {"scenario": "introductory", "seats": {"ap": "random", "cp": "random"}, "seed": 5}
    ).encode()
    req = urllib.request.Request(
        live_server + "/api/games", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req) as r:
        gid = json.load(r)["id"]
    for _ in range(200):  # the bots play it out server-side
        with urllib.request.urlopen(f"{live_server}/api/games/{gid}") as r:
            g = json.load(r)
        if g.get("over"):
            break
        time.sleep(0.1)
    assert g["over"]
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server}/replay/{gid}")
    n = g["actions"]
    page.wait_for_function(
        f"document.getElementById('step-label').textContent === 'step {n} of {n}'"
    )
    assert page.input_value("#seat") == "both"
    assert page.locator("#hand .hand-block").count() == 2  # both hands once the game is over
    page.click("#first")
    page.wait_for_function(f"document.getElementById('step-label').textContent === 'step 0 of {n}'")
    page.click("#next")
    page.wait_for_function(f"document.getElementById('step-label').textContent === 'step 1 of {n}'")
    assert "Decision 1" in page.inner_text("#entry")
    page.select_option("#seat", "cp")
    page.wait_for_function("document.querySelectorAll('#hand .hand-block').length === 1")
    assert page.locator("svg.board g.unit").count() > 50
    assert not errors, errors
    ctx.close()
