"""Two players, two browsers: create a Historical game on the start page, open each seat's
private link in its own browser context, and play the first action round of both sides by
clicking the hand, the map and the action buttons. Drives Debian's chromium with Playwright."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import CHROMIUM
from tests.browser.helpers import (
    WAIT,
    body,
    check_analysis,
    click_action,
    legal,
    newest_log_entry_visible,
    open_finished_replay,
    wait_changed,
    wait_mine,
)

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)


def _game(server: str, gid: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server}/api/games/{gid}") as r:
        doc: dict[str, Any] = json.load(r)
        return doc


def _click_map(page: Page, kind: str) -> bool:
    """Click one highlighted (legal) unit or space on the SVG map, where a real click would
    hit it (stacked counters overlap)."""
    attr = "data-unit" if kind == "unit" else "data-space"
    ids = page.eval_on_selector_all(
        f"svg.board g.{kind}.target", f"els => els.map(e => e.getAttribute('{attr}'))"
    )
    for ident in ids:
        box = page.locator(f"svg.board g.{kind}[{attr}='{ident}']").first.bounding_box()
        if box is None:
            continue
        for fx, fy in ((0.5, 0.5), (0.3, 0.3), (0.7, 0.7), (0.2, 0.8), (0.8, 0.2)):
            x, y = box["x"] + box["width"] * fx, box["y"] + box["height"] * fy
            hit = page.evaluate(
                "([x, y, attr]) => { const e = document.elementFromPoint(x, y);"
                " const t = e && e.closest('[' + attr + ']');"
                " return t ? t.getAttribute(attr) : null; }",
                [x, y, attr],
            )
            if hit == ident:
                before = body(page)
                page.mouse.click(x, y)
                wait_changed(page, before)
                return True
    return False


def _decide(page: Page, map_clicks: bool) -> None:
    """Take one decision: the map for an activation (then the menu it opens), else the
    prompt's buttons."""
    acts = legal(page)
    if map_clicks and any(a.startswith("activate ") for a in acts) and _click_map(page, "space"):
        if page.locator("#menu.open").count():
            moves = page.locator("#menu.open button.action[data-action^='activate move']")
            before = body(page)
            (
                moves.first if moves.count() else page.locator("#menu.open button.action").first
            ).click()
            wait_changed(page, before)
        return
    click_action(page, "done" if "done" in acts else acts[0])
    if page.locator("#confirm:not([hidden])").count():
        before = body(page)
        page.click("#confirm-yes")
        page.wait_for_function("v => document.body.dataset.version !== v", arg=before["version"])


def test_two_browsers_play_the_first_action_round(
    browser: Browser, live_server: str, artifacts: Path
) -> None:
    ap_ctx = browser.new_context(viewport={"width": 1600, "height": 1000})
    cp_ctx = browser.new_context(viewport={"width": 1600, "height": 1000})
    ap_ctx.set_default_timeout(WAIT)
    cp_ctx.set_default_timeout(WAIT)
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
        assert body(page)["seat"] == seat
    gid = links["ap"].split("/play/")[1].split("#")[0]

    # The Central Powers open the war: a card in the hand, then its use from the card's menu.
    cp = pages["cp"]
    wait_mine(cp)
    before = body(cp)
    cp.locator("[data-testid=hand] .card.playable").first.click()
    wait_changed(cp, before)  # played at once (its only use), or a menu of its uses
    if cp.locator("#menu.open").count():
        ops = cp.locator("#menu.open button.action[data-action^='play ops']")
        (ops.first if ops.count() else cp.locator("#menu.open button.action").first).click()
        cp.wait_for_function("v => document.body.dataset.version !== v", arg=before["version"])
    played = cp.locator("[data-testid=log] .log-entry").all_inner_texts()
    assert any("Central Powers play" in t for t in played), played[-5:]

    map_clicks = {"ap": True, "cp": True}
    for _ in range(300):
        g = _game(live_server, gid)
        if g["round"] == 2 and g["to_act"] == "cp":
            break
        seat = g["to_act"]
        assert seat in ("ap", "cp"), g
        page = pages[seat]
        # the page of the seat to act shows this very position (its socket heard of it)
        page.wait_for_function("n => Number(document.body.dataset.version) === n", arg=g["actions"])
        wait_mine(page)
        if seat == "ap" and body(page).get("step") == "action_round":
            # the Allies answer by clicking a card in their hand too
            card = page.locator("[data-testid=hand] .card.playable").first
            before = body(page)
            card.click()
            wait_changed(page, before)
            if page.locator("#menu.open").count():
                before = body(page)
                page.locator("#menu.open button.action").first.click()
                wait_changed(page, before)
            continue
        _decide(page, map_clicks[seat])
        if body(page).get("step") == "movement":
            map_clicks[seat] = False  # one activation by the map is enough
    else:
        pytest.fail("the first action round did not finish")

    ap, cp = pages["ap"], pages["cp"]
    cp.wait_for_function(
        "document.body.dataset.round === '2' && document.body.dataset.mine === 'true'"
    )
    ap.wait_for_function("v => document.body.dataset.version === v", arg=body(cp)["version"])
    ap_log = " ".join(ap.locator("[data-testid=log] .log-entry").all_inner_texts())
    assert "Allies play" in ap_log and "Central Powers play" in ap_log
    assert newest_log_entry_visible(ap) and newest_log_entry_visible(cp)
    # each browser shows its own hand only
    ap_hand = set(
        ap.eval_on_selector_all("[data-testid=hand] .card", "e => e.map(x => x.dataset.card)")
    )
    cp_hand = set(
        cp.eval_on_selector_all("[data-testid=hand] .card", "e => e.map(x => x.dataset.card)")
    )
    assert ap_hand and cp_hand and all(c.startswith("ap") for c in ap_hand)
    assert all(c.startswith("cp") for c in cp_hand)

    ap.screenshot(path=str(artifacts / "board.png"))
    assert (artifacts / "board.png").stat().st_size > 10_000
    assert not errors, errors

    # the game list on the start page knows the game and its state
    with urllib.request.urlopen(live_server + "/api/games") as r:
        games = json.load(r)["games"]
    assert games and any(x["id"] == gid and x["round"] == 2 for x in games)
    ap_ctx.close()
    cp_ctx.close()


def test_the_replay_viewer_steps_through_a_finished_game(
    browser: Browser, live_server: str, artifacts: Path
) -> None:
    doc = {"scenario": "introductory", "seats": {"ap": "random", "cp": "random"}, "seed": 5}
    ctx, page, errors, n = open_finished_replay(browser, live_server, doc, polls=600)
    assert page.input_value("#seat") == "both"
    assert page.locator("#hand .hand-block").count() == 2  # both hands once the game is over
    page.click("#first")
    page.wait_for_function(f"document.getElementById('step-label').textContent === 'step 0 of {n}'")
    page.click("#next")
    page.wait_for_function(f"document.getElementById('step-label').textContent === 'step 1 of {n}'")
    assert "Decision 1" in page.inner_text("#entry")
    # nothing on the page reads "null" or "undefined" (a value the viewer failed to name)
    text = page.inner_text("body")
    assert "null" not in text and "undefined" not in text
    page.select_option("#seat", "cp")
    page.wait_for_function("document.querySelectorAll('#hand .hand-block').length === 1")
    assert page.locator("svg.board g.unit").count() > 50
    check_analysis(page, n)  # the chart and the turning points, in English and Russian
    page.screenshot(path=str(artifacts / "replay-analysis.png"))
    assert not errors, errors
    ctx.close()


def test_a_game_against_the_normal_computer(browser: Browser, live_server: str) -> None:
    """The create form offers the strengths; the Allies play against ``normal``: its first
    card choices (searched) come back over the websocket and the human plays on."""
    ctx = browser.new_context(viewport={"width": 1600, "height": 1000})
    ctx.set_default_timeout(240_000)  # a searched decision on a busy machine
    errors: list[str] = []
    start = ctx.new_page()
    start.on("pageerror", lambda e: errors.append(str(e)))
    start.goto(live_server + "/")
    start.wait_for_selector("#seat-cp option[value=normal]", state="attached")
    offered = start.eval_on_selector_all("#seat-cp option", "e => e.map(x => x.value)")
    assert {"easy", "normal", "hard"} <= set(offered)
    start.select_option("#scenario", "historical")
    start.select_option("#seat-ap", "human")
    start.select_option("#seat-cp", "normal")
    start.fill("#seed", "3")
    start.click("#create-button")
    start.wait_for_selector("input.link-box[data-seat=ap]")
    link = start.input_value("input.link-box[data-seat=ap]")
    start.close()

    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(link)
    # the computer opens with Guns of August and its operations, then the Allies are to act
    page.wait_for_function(
        "document.body.dataset.toAct === 'ap' && document.body.dataset.mine === 'true'"
    )
    map_clicks = True
    for _ in range(300):
        wait_mine(page)
        now = body(page)
        if now["round"] == "3":
            break
        if now.get("step") == "action_round":
            card = page.locator("[data-testid=hand] .card.playable").first
            before = body(page)
            card.click()
            wait_changed(page, before)
            if page.locator("#menu.open").count():
                before = body(page)
                page.locator("#menu.open button.action").first.click()
                wait_changed(page, before)
            continue
        _decide(page, map_clicks)
        if body(page).get("step") == "movement":
            map_clicks = False  # one activation by the map is enough
    else:
        pytest.fail("two action rounds against the computer did not finish")
    # every entry, those of collapsed earlier rounds too
    log = page.eval_on_selector_all(
        "[data-testid=log] .log-entry", "e => e.map(x => x.textContent)"
    )
    cp_plays = [t for t in log if "Central Powers play" in t]
    assert len(cp_plays) >= 3, cp_plays  # Guns of August, then two searched card choices
    assert not errors, errors
    ctx.close()
