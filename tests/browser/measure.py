"""The game page's speed, to compare a change with the code before it (never asserted in a test:
a machine's load changes the figures):

- first paint: from navigation to the first contentful paint, and to the first position drawn
  (the page's ``data-version`` set and the next frame painted), for a seat's page opened cold;
- move to the other seat: from a click on a decision in one seat's page to the moment the other
  seat's page shows the new position (its ``data-version`` set and the next frame painted, so
  that work a page puts off to the next frame counts; both pages on this machine, one clock);
- work per move: the main-thread time both seats' pages spend on a move (Chrome's Performance
  metrics: all tasks, scripts, layout, style), which a busy machine changes less than the times.

Run from a checkout: ``PYTHONPATH=src python3 -m tests.browser.measure [--moves 40]
[--loads 16] [--width 1366 --height 768] [--game qmg1914] [--baseline ../old-checkout]``.
It starts its own ``greatwar serve`` on a temporary store and prints medians (and quartiles)
in milliseconds. With ``--baseline`` (another checkout, e.g. ``git worktree add
../old-checkout <commit>``) a second server runs that checkout's code beside this one's and the
two are measured in turn, load by load and move by move, so that a machine busy with other work
slows both alike."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

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

WORK = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")


def _post(url: str, doc: Any, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    req = urllib.request.Request(url, json.dumps(doc).encode(), headers, method="POST")
    with urllib.request.urlopen(req) as r:
        return json.load(r)


QMG_POWERS = ("de", "ahoe", "ru", "frit", "ukus")


def _game(server: str, game: str = "pog") -> dict[str, Any]:
    """A game of two people on a fixed seed (both agree to it): Paths of Glory's Historical
    scenario, or Quartermaster General with the two teams each held by one person. Its
    ``people``: each person's link."""
    if game == "pog":
        doc: dict[str, Any] = {
            "scenario": "historical",
            "seats": {"ap": "human", "cp": "human"},
            "seed": 7,
        }
    else:
        doc = {
            "game": game,
            "seed": 34,
            "seats": dict.fromkeys(QMG_POWERS, "human"),
            "players": [["de", "ahoe"], ["ru", "frit", "ukus"]],
            "creator": "de",
        }
    g: dict[str, Any] = _post(server + "/api/games", doc)
    g["people"] = sorted(set(g["links"].values()))
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


def _choose(acts: list[str], step: str, game: str = "pog") -> str:
    """A fixed policy that keeps a game moving: operations, attacks, done (Quartermaster
    General: battles, plays, builds, else the first choice that does not pass)."""
    if game != "pog":
        for prefix in ("battle ", "play ", "build", "recruit"):
            hit = next((a for a in acts if a.startswith(prefix)), None)
            if hit:
                return hit
        return next((a for a in acts if a != "pass" and not a.startswith("remove")), acts[0])
    if step == "action_round":
        return next((a for a in acts if a.startswith("play ops")), acts[0])
    if step == "operation":
        return next((a for a in acts if a.startswith("activate move")), acts[0])
    if "done" in acts:
        return "done"
    return acts[0]


class Figures:
    """What one server's page measured."""

    def __init__(self) -> None:
        self.fcp: list[float] = []
        self.drawn: list[float] = []
        self.move: list[float] = []
        self.work: dict[str, list[float]] = {k: [] for k in WORK}

    def print(self, title: str) -> None:
        print(title)
        print(f"  first contentful paint      {_stats(self.fcp)}")
        print(f"  first position drawn        {_stats(self.drawn)}")
        print(f"  move to the other seat      {_stats(self.move)}")
        work = "  ".join(
            f"{k.removesuffix('Duration').lower()} {statistics.median(v):.1f}"
            for k, v in self.work.items()
            if v
        )
        if work:
            print(f"  main-thread ms per move     {work}")


def first_paint(browser: Browser, server: str, link: str, size: ViewportSize, f: Figures) -> None:
    ctx = browser.new_context(viewport=size)
    page = ctx.new_page()
    page.add_init_script(WATCH)
    page.goto(server + link)
    page.wait_for_function("window.__drawn && window.__drawn.length > 0", timeout=60_000)
    page.wait_for_function(
        "performance.getEntriesByName('first-contentful-paint').length > 0", timeout=60_000
    )
    f.fcp.append(
        page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    )
    f.drawn.append(page.evaluate("window.__drawn[0][1]"))
    ctx.close()


def moves(
    browser: Browser, server: str, size: ViewportSize, count: int, f: Figures, game: str
) -> None:
    """``count`` moves of a new game, each timed to the other person's screen."""
    g = _game(server, game)
    pages: dict[str, Page] = {}
    cdps = []
    for seat, link in zip(("a", "b"), g["people"], strict=True):
        ctx = browser.new_context(viewport=size)
        page = ctx.new_page()
        page.add_init_script(WATCH)
        # the same decisions in every checkout: a combat-card window with no card to play is
        # clicked here, not passed by the page itself (issue 31's setting; older pages ignore it)
        page.add_init_script("localStorage.setItem('greatwar.keep_cc_windows', 'true')")
        page.goto(server + link)
        page.wait_for_function("window.__drawn && window.__drawn.length > 0", timeout=60_000)
        cdp = ctx.new_cdp_session(page)
        cdp.send("Performance.enable")
        cdps.append(cdp)
        pages[seat] = page

    def work() -> dict[str, float]:
        out = dict.fromkeys(WORK, 0.0)
        for cdp in cdps:
            for m in cdp.send("Performance.getMetrics")["metrics"]:
                if m["name"] in out:
                    out[m["name"]] += m["value"]
        return out

    before = work()
    done = 0
    while done < count:
        # whose decision it is: the page that shows one
        mover = next(
            (s for s, p in pages.items() if p.evaluate("document.body.dataset.mine") == "true"),
            None,
        )
        if mover is None:
            time.sleep(0.05)
            continue
        me, other = pages[mover], pages["a" if mover == "b" else "b"]
        me.wait_for_function(
            "!document.body.classList.contains('busy')"
            " && document.querySelector('#prompt [data-action]')"
        )
        acts: list[str] = me.evaluate(
            "() => [...document.querySelectorAll('#prompt [data-action]')]"
            ".map(b => b.dataset.action)"
        )
        action = _choose(acts, me.evaluate("document.body.dataset.step"), game)
        version = me.evaluate("document.body.dataset.version")
        seen = other.evaluate("window.__drawn.length")
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
        f.move.append(float(arrived - clicked))
        done += 1
    pages["a"].wait_for_timeout(500)  # the last frames drawn
    after = work()
    for k in WORK:
        f.work[k].append((after[k] - before[k]) * 1000 / count)
    for p in pages.values():
        p.context.close()


@contextlib.contextmanager
def _servers(tmp: Path, checkouts: dict[str, str | None]) -> Iterator[dict[str, str]]:
    """One ``greatwar serve`` for each checkout (None: this one), each on its own store."""
    with contextlib.ExitStack() as stack:
        out: dict[str, str] = {}
        for name, root in checkouts.items():
            old = os.environ.get("PYTHONPATH")
            if root is not None:
                os.environ["PYTHONPATH"] = str(Path(root).resolve() / "src")
            try:
                out[name] = stack.enter_context(serving(tmp / f"{len(out)}.sqlite"))
            finally:
                if old is None:
                    os.environ.pop("PYTHONPATH", None)
                else:
                    os.environ["PYTHONPATH"] = old
        yield out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--moves", type=int, default=40, help="moves timed (in games of 8 moves)")
    ap.add_argument("--loads", type=int, default=16, help="cold loads of a seat's page")
    ap.add_argument("--game", choices=("pog", "qmg1914"), default="pog")
    ap.add_argument("--width", type=int, default=1366)
    ap.add_argument("--height", type=int, default=768)
    ap.add_argument(
        "--baseline", help="another checkout to measure beside this one, in turn (its root)"
    )
    args = ap.parse_args()
    size: ViewportSize = {"width": args.width, "height": args.height}
    checkouts: dict[str, str | None] = {"this checkout": None}
    if args.baseline:
        if not (Path(args.baseline) / "src" / "greatwar").is_dir():
            ap.error(f"{args.baseline} is not a checkout of greatwar (no src/greatwar in it)")
        checkouts = {f"baseline ({args.baseline})": args.baseline, "this checkout": None}
    figures = {name: Figures() for name in checkouts}
    with tempfile.TemporaryDirectory() as tmp, _servers(Path(tmp), checkouts) as servers:
        links = {name: _game(url, args.game)["people"][0] for name, url in servers.items()}
        names = list(servers)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for i in range(args.loads):
                for name in names if i % 2 == 0 else names[::-1]:
                    first_paint(browser, servers[name], links[name], size, figures[name])
            blocks = max(1, round(args.moves / 8))
            for i in range(blocks):
                for name in names if i % 2 == 0 else names[::-1]:
                    moves(browser, servers[name], size, 8, figures[name], args.game)
            browser.close()
    for name in names:
        figures[name].print(name)


if __name__ == "__main__":
    main()
