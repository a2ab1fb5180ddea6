"""Driving the game page: explicit states to wait on (never a fixed delay), clicks on actions,
and the page's facts read from the DOM."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from importlib.resources import files
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

WAIT = 90_000  # ms: a generous ceiling for explicit states (the machine may be loaded)


def create(server: str, seats: dict[str, str], scenario: str = "historical", seed: int = 7) -> Any:
    body = json.dumps({"scenario": scenario, "seats": seats, "seed": seed}).encode()
    req = urllib.request.Request(
        server + "/api/games", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def open_finished_replay(
    browser: Browser, server: str, doc: dict[str, Any], polls: int
) -> tuple[BrowserContext, Page, list[str], int]:
    """Create a game of computers (``doc`` as posted to /api/games), wait (``polls`` tenths of a
    second at most) until they have played it out server-side, and open the replay viewer on it
    at its last step: the context, the page, the page's errors and the number of steps."""
    req = urllib.request.Request(
        server + "/api/games",
        data=json.dumps(doc).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req) as r:
        gid = json.load(r)["id"]
    for _ in range(polls):
        with urllib.request.urlopen(f"{server}/api/games/{gid}") as r:
            g = json.load(r)
        if g.get("over"):
            break
        time.sleep(0.1)
    assert g["over"]
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    ctx.set_default_timeout(WAIT)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/replay/{gid}")
    n: int = g["actions"]
    page.wait_for_function(
        f"document.getElementById('step-label').textContent === 'step {n} of {n}'"
    )
    return ctx, page, errors, n


def body(page: Page) -> dict[str, str]:
    data: dict[str, str] = page.evaluate("() => ({...document.body.dataset})")
    return data


def wait_mine(page: Page) -> dict[str, str]:
    """Until the page shows a decision of its seat and is not sending one."""
    page.wait_for_function(
        "document.body.dataset.mine === 'true' && !document.body.classList.contains('busy')",
        timeout=WAIT,
    )
    return body(page)


def wait_changed(page: Page, before: dict[str, str]) -> None:
    """Until the page shows another position, another selection, or a menu or dialog."""
    page.wait_for_function(
        "([v, s]) => document.body.dataset.version !== v"
        " || (document.body.dataset.sel || '') !== s"
        " || document.querySelector('#menu.open') !== null"
        " || !document.getElementById('confirm').hidden",
        arg=[before.get("version"), before.get("sel", "")],
        timeout=WAIT,
    )


def legal(page: Page) -> list[str]:
    """The legal actions of the page's current view (the client's own copy)."""
    out: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('#prompt [data-action]')].map(b => b.dataset.action)"
    )
    return out


def click_action(page: Page, action: str) -> None:
    """Click the button of ``action`` in the prompt (opening its group if it is folded)."""
    button = page.locator(f"#prompt button[data-action='{action}']").first
    group = button.locator("xpath=ancestor::details[1]")
    if group.count() and not group.evaluate("d => d.open"):
        group.locator("summary").first.click()
    before = body(page)
    button.click()
    wait_changed(page, before)


def newest_log_entry_visible(page: Page) -> bool:
    """Is the last log line inside the log panel's visible area (by the next frames: the panel
    scrolls to it when the page is laid out)?"""
    try:
        page.wait_for_function(
            """() => {
              const box = document.getElementById('log');
              const lines = box.querySelectorAll('.log-entry');
              if (!lines.length) return false;
              const last = lines[lines.length - 1];
              const a = box.getBoundingClientRect(), b = last.getBoundingClientRect();
              return b.height > 0 && b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
            }""",
            timeout=3000,
        )
    except PlaywrightTimeout:
        return False
    return True


def choice_list_sizes(page: Page) -> list[int]:
    """The length of every list of choices in the prompt: the top level and each group."""
    sizes: list[int] = page.evaluate(
        """() => {
          const top = document.querySelector('[data-testid=actions]');
          if (!top) return [];
          const out = [top.children.length];
          for (const d of top.querySelectorAll('details')) out.push(d.children.length - 1);
          return out;
        }"""
    )
    return sizes


def stroke_of(page: Page, space: str) -> dict[str, str]:
    """The computed stroke of a space's rectangle and whether a neutral hatching covers it."""
    out: dict[str, str] = page.evaluate(
        """(id) => {
          const g = document.querySelector(`svg.board g.space[data-space='${id}']`);
          const r = g.querySelector('.space-rect');
          const cs = getComputedStyle(r);
          const hatch = [...document.querySelectorAll('svg.board .neutral-fill')].some((n) => {
            const b = n.getBBox(), rb = r.getBBox();
            return Math.abs(b.x - rb.x) < 1 && Math.abs(b.y - rb.y) < 1;
          });
          const fill = document.querySelector('svg.board .neutral-fill');
          return { stroke: cs.stroke, width: cs.strokeWidth, dash: cs.strokeDasharray,
                   hatch: String(hatch), hatchFill: hatch ? getComputedStyle(fill).fill : '' };
        }""",
        space,
    )
    return out


CYRILLIC_RE = "[\\u0410-\\u044f]"


def check_analysis(page: Page, steps: int) -> None:
    """The replay of a finished game (``page``, at its last step of ``steps``): the Analysis
    tab shows the chart of each side's chance to win and the turning points; a turning point
    takes the replay to its step; in Russian the tab, the chart's texts and the turning points
    are Russian, in English again English."""
    page.click("[data-testid=analysis-tab]")
    page.wait_for_selector("[data-testid=win-chart] polyline.chance-line")
    assert page.locator("[data-testid=win-chart] .chance-area").count() == 2
    items = page.locator("[data-testid=turning-points] li button")
    assert items.count() >= 1
    pane = page.inner_text("#analysis-pane")
    assert "Turning points" in pane and "%" in pane
    assert "null" not in pane and "undefined" not in pane
    target = items.first.get_attribute("data-step")
    items.first.click()
    page.wait_for_function(
        f"document.getElementById('step-label').textContent === 'step {target} of {steps}'"
    )
    now = page.inner_text("[data-testid=chance-now]")
    assert now and "%" in now
    page.click("[data-testid=lang-ru]")
    page.wait_for_function(
        "document.documentElement.lang === 'ru' && new RegExp('"
        + CYRILLIC_RE
        + "').test(document.getElementById('analysis-pane').textContent)"
    )
    assert "Переломные моменты" in page.inner_text("#analysis-pane")
    assert page.inner_text("[data-testid=analysis-tab]") == "Анализ"
    ru_items = page.locator("[data-testid=turning-points] li button").all_inner_texts()
    assert ru_items and all(re.search(CYRILLIC_RE, x) for x in ru_items), ru_items
    page.click("[data-testid=lang-en]")
    page.wait_for_function(
        "document.documentElement.lang === 'en'"
        " && document.getElementById('analysis-pane').textContent.includes('Turning points')"
    )


def axe(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page."""
    source = (files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")
    page.add_script_tag(content=source)
    found: list[dict[str, Any]] = page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ['violations'] })).violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => ({ id: v.id, impact: v.impact,
                           nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))"""
    )
    return found


def into_view(card: Locator) -> None:
    """Scroll a card of the hand into view; the hand may be drawn again meanwhile (a late
    update of the view), which detaches the element found: then find it again."""
    for attempt in range(3):
        try:
            card.scroll_into_view_if_needed()
            return
        except PlaywrightError:
            if attempt == 2:
                raise
            card.page.wait_for_timeout(200)
