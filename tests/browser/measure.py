"""Two figures of the game page, to compare a change with the code before it (never asserted
in a test: a machine's load changes them):

- first paint: from navigation to the first contentful paint, and to the first position drawn
  (the page's ``data-version`` set and the next frame painted), for a seat's page opened cold;
- move to the other seat: from a click on a decision in one seat's page to the moment the other
  seat's page shows the new position (its ``data-version`` set and the next frame painted, so
  that work a page puts off to the next frame counts; both pages on this machine, one clock).

Run from a checkout: ``PYTHONPATH=src python3 -m tests.browser.measure [--moves 30]
[--loads 8] [--width 1366 --height 768]``; it starts its own ``greatwar serve`` on a temporary
store and prints the medians (and the spread) in milliseconds."""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from tests.browser.conftest import CHROMIUM, FLAGS, serving

# Marks, in the page's own clock, when the first position is drawn and every later one.
WATCH = """
(() => {
  window.__drawn = [];
  new MutationObserver(() => {
    const v = document.body && document.body.dataset.version;
    if (v === undefined || v === window.__seen) return;
    window.__seen = v;
    // once the frame that shows it is painted: work the page puts off to the next frame counts
    const mark = () => window.__drawn.push([v, performance.now(), Date.now()]);
    requestAnimationFrame(() => setTimeout(mark, 0));
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-version"] });
})();
"""


def _post(url: str, doc: Any, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    req = urllib.request.Request(url, json.dumps(doc).encode(), headers, method="POST")
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def _game(server: str) -> dict[str, Any]:
    """A Historical game of two people on a fixed seed (both agree to it)."""
    g: dict[str, Any] = _post(
        server + "/api/games",
        {"scenario": "historical", "seats": {"ap": "human", "cp": "human"}, "seed": 7},
    )
    tokens = {s: link.split("#")[1] for s, link in g["links"].items()}
    for token in tokens.values():
        # the creator's seat has nothing to agree to
        with contextlib.suppress(urllib.error.HTTPError):
            _post(f"{server}/api/games/{g['id']}/seed", {"agree": True}, token)
    return g


def _stats(xs: list[float]) -> str:
    if not xs:
        return "n/a"
    q = statistics.quantiles(xs, n=4) if len(xs) > 1 else [xs[0]] * 3
    return f"median {statistics.median(xs):7.1f} ms  (quartiles {q[0]:.1f}-{q[2]:.1f}, n={len(xs)})"


def _choose(acts: list[str], step: str) -> str:
    """A fixed policy that keeps a game moving: operations, attacks, done."""
    if step == "action_round":
        return next((a for a in acts if a.startswith("play ops")), acts[0])
    if step == "operation":
        return next((a for a in acts if a.startswith("activate move")), acts[0])
    if "done" in acts:
        return "done"
    return acts[0]


def first_paint(browser: Any, server: str, link: str, size: dict[str, int], loads: int) -> None:
    fcp: list[float] = []
    drawn: list[float] = []
    for _ in range(loads):
        ctx = browser.new_context(viewport=size)
        page = ctx.new_page()
        page.add_init_script(WATCH)
        page.goto(server + link)
        page.wait_for_function("window.__drawn && window.__drawn.length > 0", timeout=60_000)
        page.wait_for_function(
            "performance.getEntriesByName('first-contentful-paint').length > 0", timeout=60_000
        )
        fcp.append(
            page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
        )
        drawn.append(page.evaluate("window.__drawn[0][1]"))
        ctx.close()
    print(f"first contentful paint        {_stats(fcp)}")
    print(f"first position drawn          {_stats(drawn)}")


def move_to_other_seat(
    browser: Any, server: str, g: dict[str, Any], size: dict[str, int], moves: int
) -> None:
    pages: dict[str, Page] = {}
    for seat in ("ap", "cp"):
        ctx = browser.new_context(viewport=size)
        page = ctx.new_page()
        page.add_init_script(WATCH)
        # the same decisions in every checkout: a combat-card window with no card to play is
        # clicked here, not passed by the page itself (issue 31's setting; older pages ignore it)
        page.add_init_script("localStorage.setItem('greatwar.keep_cc_windows', 'true')")
        page.goto(server + g["links"][seat])
        page.wait_for_function("window.__drawn && window.__drawn.length > 0", timeout=60_000)
        pages[seat] = page
    out: list[float] = []
    for _ in range(moves):
        # whose decision it is: the page that shows one
        mover = next(
            (s for s, p in pages.items() if p.evaluate("document.body.dataset.mine") == "true"),
            None,
        )
        if mover is None:
            time.sleep(0.05)
            continue
        me, other = pages[mover], pages["ap" if mover == "cp" else "cp"]
        me.wait_for_function(
            "!document.body.classList.contains('busy')"
            " && document.querySelector('#prompt [data-action]')"
        )
        acts: list[str] = me.evaluate(
            "() => [...document.querySelectorAll('#prompt [data-action]')]"
            ".map(b => b.dataset.action)"
        )
        step = me.evaluate("document.body.dataset.step")
        action = _choose(acts, step)
        version = me.evaluate("document.body.dataset.version")
        seen = other.evaluate("window.__drawn.length")
        button = me.locator(f"#prompt button[data-action='{action}']").first
        group = button.locator("xpath=ancestor::details[1]")
        if group.count() and not group.evaluate("d => d.open"):
            group.locator("summary").first.click()
        clicked = me.evaluate(
            "([a]) => { const b = [...document.querySelectorAll('#prompt button[data-action]')]"
            ".find(x => x.dataset.action === a); const t = Date.now(); b.click(); return t; }",
            [action],
        )
        if me.locator("#confirm:not([hidden])").count():
            me.click("#confirm-yes")
        other.wait_for_function("n => window.__drawn.length > n", arg=seen, timeout=60_000)
        arrived = other.evaluate("window.__drawn.at(-1)[2]")
        me.wait_for_function(
            "v => document.body.dataset.version !== v", arg=version, timeout=60_000
        )
        out.append(float(arrived - clicked))
    print(f"move to the other seat        {_stats(out)}")
    for p in pages.values():
        p.context.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--loads", type=int, default=8)
    ap.add_argument("--width", type=int, default=1366)
    ap.add_argument("--height", type=int, default=768)
    args = ap.parse_args()
    size = {"width": args.width, "height": args.height}
    with tempfile.TemporaryDirectory() as tmp, serving(Path(tmp) / "games.sqlite") as server:
        g = _game(server)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            first_paint(browser, server, g["links"]["ap"], size, args.loads)
            move_to_other_seat(browser, server, g, size, args.moves)
            browser.close()


if __name__ == "__main__":
    main()
