"""Issue 30's acceptance in a real browser: two accounts sign up, one posts an open rated and
public game to the lobby, the other takes the seat in one click, both play some decisions, an
observer with no account watches the same game live (and is never sent a card of either hand),
one player resigns with a confirmation, both see the result and the new ratings, and a rematch
with the sides swapped is offered on the end screen and started.

Then the lobby, "my games", a player's page (with its rating chart), the leaderboard and the
account page are looked at at 1366x768 and 390x844: no page is wider than the screen, and each
writes a screenshot to ``artifacts/`` (the best are kept in ``docs/screenshots/``)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.conftest import CHROMIUM, serving
from tests.browser.helpers import WAIT, axe, body, click_action, legal, wait_mine

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)

PASSWORD = "trenches and tanks"
LAPTOP, PHONE = (1366, 768), (390, 844)
CARD = re.compile(r"\b[ac]p\d\dv?\b")
RU_TITLE = "Пути славы"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("lobby") / "games.sqlite", "--accounts", "open") as url:
        yield url


class Browsing:
    """A browser context of one person (its own cookies), with its page's errors."""

    def __init__(self, browser: Browser, size: tuple[int, int]) -> None:
        self.ctx: BrowserContext = browser.new_context(
            viewport={"width": size[0], "height": size[1]}
        )
        self.ctx.set_default_timeout(WAIT)
        self.page: Page = self.ctx.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def api(self, path: str) -> Any:
        r = self.ctx.request.get(path)
        assert r.ok, r.text()
        return r.json()

    def close(self) -> None:
        assert not self.errors, self.errors
        self.ctx.close()


def sign_up(p: Browsing, site: str, name: str) -> None:
    page = p.page
    page.goto(f"{site}/account")
    page.fill("[data-testid=signup-name]", name)
    page.fill("[data-testid=signup-password]", PASSWORD)
    page.fill("[data-testid=signup-again]", PASSWORD)
    page.click("[data-testid=signup-submit]")
    page.wait_for_url(f"{site}/")
    page.wait_for_selector(f"[data-testid=nav-user]:text-is('{name}')")


def no_overflow(page: Page) -> None:
    """The page is no wider than the screen (no horizontal scrolling)."""
    wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"{page.url} is {wide} px wider than the screen"


def mover(pages: dict[str, Page]) -> str:
    """Whose decision it is (the page that shows a decision of its own)."""
    deadline = time.monotonic() + WAIT / 1000
    while time.monotonic() < deadline:
        for who, page in pages.items():
            if page.evaluate(
                "document.body.dataset.mine === 'true' && !document.body.classList.contains('busy')"
            ):
                return who
        time.sleep(0.1)
    raise AssertionError("nobody is to act")


def decide(page: Page) -> None:
    """One decision: the first of the offered actions other than done (done when alone), and
    yes to a question."""
    wait_mine(page)
    acts = legal(page)
    pick = next((a for a in acts if a != "done"), acts[0])
    click_action(page, pick)
    if page.locator("#confirm:not([hidden])").count():
        before = body(page)
        page.click("#confirm-yes")
        page.wait_for_function(
            "v => document.body.dataset.version !== v", arg=before["version"], timeout=WAIT
        )


def test_two_accounts_meet_in_the_lobby_play_resign_and_rematch_watched_by_an_observer(
    browser: Browser, site: str, artifacts: Path
) -> None:
    joffre, moltke = Browsing(browser, LAPTOP), Browsing(browser, PHONE)
    sign_up(joffre, site, "Joffre")
    sign_up(moltke, site, "Moltke")

    # Joffre posts an open game, rated and public, playing the Allies
    a = joffre.page
    a.wait_for_selector("[data-testid=lobby-choice]:not([hidden])")
    a.select_option("[data-testid=creator]", "ap")
    a.check("[data-testid=post-rated]")
    a.check("[data-testid=post-public]")
    assert a.inner_text("[data-testid=create-button]") == "Post it to the lobby"
    a.click("[data-testid=create-button]")
    a.wait_for_selector("[data-testid=mine-offers] [data-testid=withdraw]")

    # Moltke sees it in the lobby (on a phone) and takes the seat in one click
    b = moltke.page
    b.reload()
    offer = b.locator("[data-testid=lobby] [data-testid=offer]")
    offer.first.wait_for()
    assert "Joffre" in offer.first.inner_text() and "rated" in offer.first.inner_text()
    b.screenshot(path=str(artifacts / "lobby-offer-390x844.png"), full_page=True)
    no_overflow(b)
    b.locator("[data-testid=lobby] [data-testid=take]").first.click()
    b.wait_for_url(re.compile(r"/play/\w+$"))
    gid = b.url.rsplit("/", 1)[1]
    b.wait_for_function("document.body.dataset.version !== undefined")
    assert body(b)["seat"] == "cp"
    assert moltke.api(f"{site}/api/lobby")["offers"] == []  # gone from the lobby

    # Joffre finds it in his games and opens it (his session plays it: no link needed)
    a.reload()
    a.locator(f"[data-testid=my-games] [data-game='{gid}'] [data-testid=play]").click()
    a.wait_for_url(f"{site}/play/{gid}")
    a.wait_for_function("document.body.dataset.version !== undefined")
    assert body(a)["seat"] == "ap"

    # an observer without an account finds it among the public games and watches it live
    watcher = Browsing(browser, LAPTOP)
    frames: list[str] = []
    w = watcher.page
    w.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    w.goto(f"{site}/")
    w.locator(f"[data-testid=public-game][data-game='{gid}'] [data-testid=watch]").click()
    w.wait_for_url(f"{site}/watch/{gid}")
    w.wait_for_function("document.body.dataset.version !== undefined")
    assert w.inner_text("#seat-name") == "Observer"
    assert "watching" in w.inner_text("[data-testid=hand]")
    assert w.locator("[data-testid=resign]").is_hidden()

    pages = {"Joffre": a, "Moltke": b}
    for n in range(6):
        who = mover(pages)
        decide(pages[who])
        version = body(pages[who])["version"]
        w.wait_for_function(  # the observer sees every decision as it is made
            "v => Number(document.body.dataset.version) >= Number(v)", arg=version
        )
        if n == 1:  # a player's header counts the games waiting for them
            idle = "Moltke" if mover(pages) == "Joffre" else "Joffre"
            other = joffre if idle == "Moltke" else moltke
            assert other.api(f"{site}/api/me")["waiting"] == 1

    w.screenshot(path=str(artifacts / "watch-1366x768.png"))
    b.screenshot(path=str(artifacts / "game-account-390x844.png"))
    no_overflow(b)

    # the observer was never sent a card of either hand
    hands = set()
    for p in (joffre, moltke):
        hands |= set(p.api(f"{site}/api/games/{gid}/view")["cards"]["hand"])
    assert hands
    seen = set(CARD.findall("\n".join(frames)))
    seen |= set(CARD.findall(json.dumps(watcher.api(f"{site}/api/games/{gid}/watch"))))
    assert not (seen & hands), sorted(seen & hands)
    assert len(frames) >= 6  # live: a view for each decision at least

    # the screenshots of "my games" with a game in progress
    a.goto(f"{site}/")
    a.wait_for_selector(f"[data-testid=my-games] [data-game='{gid}']")
    a.screenshot(path=str(artifacts / "my-games-1366x768.png"), full_page=True)
    no_overflow(a)
    a.goto(f"{site}/replay/{gid}")  # the replay of the game in progress: his own seat only
    a.wait_for_function(
        "/step \\d+ of \\d+/.test(document.getElementById('step-label').textContent)"
    )
    assert a.eval_on_selector_all("#seat option", "os => os.map((o) => o.value)") == ["ap"]
    a.goto(f"{site}/play/{gid}")
    a.wait_for_function("document.body.dataset.version !== undefined")

    # the player to act resigns, after saying yes to the question
    who = mover(pages)
    loser, winner = (a, b) if who == "Joffre" else (b, a)
    loser.click("[data-testid=resign]")
    loser.wait_for_selector("#confirm:not([hidden])")
    assert "Resign this game?" in loser.inner_text("#confirm-text")
    loser.click("#confirm-yes")
    for page in (a, b, w):
        page.wait_for_selector("[data-testid=end-box]:not([hidden])")
        page.wait_for_function(
            "document.querySelectorAll('[data-testid=rating-changes] li').length === 2"
        )
        text = page.inner_text("[data-testid=end-box]")
        assert "Joffre" in text and "Moltke" in text and "→" in text
    assert "resignation" in winner.inner_text("#prompt")
    a.screenshot(path=str(artifacts / "game-over-1366x768.png"))
    changes = {x["name"]: x for x in joffre.api(f"{site}/api/games/{gid}/ratings")["ratings"]}
    won = "Moltke" if loser is a else "Joffre"
    assert changes[won]["rating"] > changes[won]["before"]
    assert w.locator("[data-testid=rematch]").count() == 0  # offered to the players only
    assert w.locator("[data-testid=whole-replay]").is_visible()

    # the rematch: offered on the end screen, asked by one, accepted by the other
    a.click("[data-testid=rematch]")
    a.wait_for_selector("[data-testid=rematch-waiting]")
    b.wait_for_selector("[data-testid=rematch-offered]")
    b.click("[data-testid=rematch]")
    for page in (a, b):
        page.wait_for_selector("[data-testid=rematch-open]")
    b.click("[data-testid=rematch-open]")
    b.wait_for_url(re.compile(r"/play/\w+"))
    b.wait_for_function("document.body.dataset.version !== undefined")
    assert body(b)["seat"] == "ap"  # the sides swapped
    rematch = b.url.split("/play/")[1].split("#")[0]
    assert rematch != gid

    # the whole replay is open to the observer now
    w.click("[data-testid=whole-replay]")
    w.wait_for_url(f"{site}/replay/{gid}")
    w.wait_for_function(
        "/step \\d+ of \\d+/.test(document.getElementById('step-label').textContent)"
    )
    assert w.locator("#seat option[value=both]").count() == 1  # every hand, the game being over
    for p in (joffre, moltke, watcher):
        p.close()


PAGES = [
    ("lobby", "/", "[data-testid=lobby] [data-testid=offer]"),
    ("my-games", "/", "[data-testid=mine-finished] [data-testid=finished-game]"),
    ("player", "/player/Joffre", "[data-testid=rating-chart] circle"),
    ("ratings", "/ratings", "[data-testid=leaderboard] tbody tr"),
    ("account", "/account", "[data-testid=settings-form]"),
]


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_pages_fit_the_screen(
    browser: Browser, site: str, artifacts: Path, size: tuple[int, int]
) -> None:
    """Run after the game above (the same server): Joffre's pages, with an offer of another
    player waiting in the lobby, in English and in Russian."""
    conrad = Browsing(browser, size)
    r = conrad.ctx.request.post(
        f"{site}/api/account/signup", data={"name": f"Conrad{size[0]}", "password": PASSWORD}
    )
    assert r.ok, r.text()
    csrf = r.json()["csrf"]
    r = conrad.ctx.request.post(
        f"{site}/api/lobby",
        data={"game": "qmg1914", "players": [["ahoe", "de"], ["ru", "frit", "ukus"]]},
        headers={"X-CSRF-Token": csrf},
    )
    assert r.ok, r.text()
    conrad.close()
    p = Browsing(browser, size)
    r = p.ctx.request.post(
        f"{site}/api/account/login", data={"name": "Joffre", "password": PASSWORD}
    )
    assert r.ok, r.text()
    page = p.page
    for name, path, ready in PAGES:
        page.goto(site + path)
        page.locator(ready).first.wait_for()
        if name == "my-games":
            page.locator("[data-testid=my-games]").scroll_into_view_if_needed()
        no_overflow(page)
        if find_spec("axe_playwright_python"):  # issue 31 item 7: the lobby's pages too
            found = axe(page)
            assert not found, (name, found)
        shot = artifacts / f"{name}-{size[0]}x{size[1]}.png"
        if name == "my-games":
            page.locator("[data-testid=my-games]").screenshot(path=str(shot))
        else:
            page.screenshot(path=str(shot), full_page=True)
    page.goto(f"{site}/player/Joffre")
    page.click("[data-testid=lang-ru]")
    title = json.dumps(RU_TITLE)  # the page drawn again in Russian: the game's name, the words
    page.wait_for_function(
        f"(document.querySelector('.rating-block h2') || {{}}).textContent?.startsWith({title})"
    )
    assert "рейтинговая партия" in page.inner_text("[data-testid=rating-block]")
    no_overflow(page)
    if find_spec("axe_playwright_python"):
        found = axe(page)
        assert not found, ("player-ru", found)
    page.screenshot(path=str(artifacts / f"player-ru-{size[0]}x{size[1]}.png"), full_page=True)
    page.click("[data-testid=lang-en]")
    p.close()
