"""A map read at the size it is played at (issue 31, item 1): at the whole-map view of a laptop
and of a wide screen, every highlighted choice has its name on the map and every counter's
factors read; the view follows the decision (a phone's whole map does not read: it zooms to the
choices, then to the opponent's last combat) without taking the view back from a player who has
just set it. Both games, both languages. Screenshots: ``artifacts/map-*.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import CHROMIUM
from tests.browser.helpers import WAIT
from tests.browser.states import (
    Game,
    attacking,
    building,
    first_attack,
    operation,
    qmg,
    redeployment,
    retreat,
)

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)

WIDE = [((1366, 768), "en"), ((1920, 1080), "ru"), ((1366, 768), "ru"), ((1920, 1080), "en")]
PHONE = (390, 844)


def open_page(
    browser: Browser, link: str, size: tuple[int, int], lang: str, keep_windows: bool = True
) -> Page:
    """A seat's page at ``size`` in ``lang``. The tests look at positions held still: the
    attacker's combat-card window with no card to play stays open (``keep_windows``; the page
    would pass it by itself, as tests/browser/test_clicks.py checks)."""
    ctx = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        locale="ru-RU" if lang == "ru" else "en-US",
        is_mobile=size[0] < 500,
        has_touch=size[0] < 500,
    )
    if keep_windows:
        ctx.add_init_script("localStorage.setItem('greatwar.keep_cc_windows', 'true')")
    ctx.set_default_timeout(WAIT)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(link)
    page.wait_for_function("document.body.dataset.version !== undefined")
    return page


def at_decision(browser: Browser, g: Game, v: Any, size: tuple[int, int], lang: str) -> Page:
    """The page of the seat whose decision ``v`` is, once it shows the decision and the map
    has stopped moving."""
    page = open_page(browser, g.link(v["seat"]), size, lang)
    page.wait_for_function("document.body.dataset.mine === 'true'")
    settled(page)
    return page


def settled(page: Page) -> None:
    """Until the view has stopped moving and the map is laid out for it (two frames with the
    same viewBox)."""
    page.wait_for_function(
        """() => new Promise((ok) => {
          const vb = () => document.querySelector('svg.board').getAttribute('viewBox');
          const a = vb();
          requestAnimationFrame(() => requestAnimationFrame(() =>
            requestAnimationFrame(() => ok(vb() === a))));
        })"""
    )


# Map units per screen pixel of the board now, and which of some spaces the screen shows whole.
SIGHT = """(ids) => {
  const svg = document.querySelector('svg.board');
  const r = svg.getBoundingClientRect();
  const vb = svg.viewBox.baseVal;
  const upp = Math.max(vb.width / r.width, vb.height / r.height);
  const shown = ids.filter((id) => {
    const g = svg.querySelector(`g.space[data-space='${id}']`);
    const b = g.querySelector('.space-rect, .shape').getBoundingClientRect();
    return b.left >= r.left && b.right <= r.right && b.top >= r.top && b.bottom <= r.bottom;
  });
  return { upp, shown };
}"""


def sight(page: Page, ids: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = page.evaluate(SIGHT, ids)
    return out


@pytest.mark.parametrize(("size", "lang"), WIDE, ids=lambda x: str(x))
def test_pog_whole_map_names_every_choice_and_counters_read(
    browser: Browser, live_server: str, artifacts: Path, size: tuple[int, int], lang: str
) -> None:
    g, v = first_attack(live_server)
    page = open_page(browser, g.link(v["seat"]), size, lang)
    page.click("#zoom-fit")
    settled(page)
    targets = page.eval_on_selector_all(
        "svg.board g.space.target", "e => e.map(x => x.dataset.space)"
    )
    assert set(targets) == {"sedan", "brussels"}, targets
    labels = page.evaluate(
        """(ids) => ids.map((id) => {
          const t = document.querySelector(`svg.board text.space-label[data-label='${id}']`);
          const r = t.getBoundingClientRect();
          return { id, shown: getComputedStyle(t).display !== 'none' && r.height > 0,
                   px: r.height, text: t.textContent };
        })""",
        targets,
    )
    for lb in labels:
        assert lb["shown"] and lb["px"] >= 11, lb  # a name, at a size that reads
    # every counter on the map (not in the boxes beside it) writes its factors in type of 8
    # pixels or more on the screen
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('svg.board g.unit')]
          .filter((u) => Number(u.dataset.stack) > 0)
          .map((u) => { const t = u.querySelector('.unit-factors');
                        return Number(t.getAttribute('font-size')) * t.getScreenCTM().a; })"""
    )
    assert len(sizes) > 40 and min(sizes) >= 8, (len(sizes), min(sizes))
    page.screenshot(path=str(artifacts / f"map-pog-{size[0]}x{size[1]}-{lang}.png"))
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_pog_the_view_follows_each_decision_not_the_player(
    browser: Browser, live_server: str, artifacts: Path, lang: str
) -> None:
    g, _ = first_attack(live_server)
    page = open_page(browser, g.link("cp"), PHONE, lang)
    # a phone's whole map does not read: the page goes to the two spaces it may attack
    page.wait_for_function(
        f"(() => {{ const s = ({SIGHT})(['sedan', 'brussels']);"
        " return s.upp <= 2.05 && s.shown.length === 2; })()"
    )
    settled(page)
    page.screenshot(path=str(artifacts / f"map-follow-390x844-{lang}.png"))
    # the player zooms out: the view is theirs for this decision, even after a reload
    page.click("#zoom-out")
    settled(page)
    mine = page.get_attribute("svg.board", "viewBox")
    page.reload()
    page.wait_for_function("document.body.dataset.version !== undefined")
    settled(page)
    assert page.get_attribute("svg.board", "viewBox") == mine
    # the next decision (which unit attacks Sedan) is followed again
    before = page.evaluate("document.body.dataset.version")
    page.tap("#prompt button[data-action='attack sedan']")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)
    v = g.view("cp")
    spaces = sorted({u["space"] for u in v["board"]["units"] if f"with {u['id']}" in v["legal"]})
    assert spaces
    page.wait_for_function(
        f"(() => {{ const s = ({SIGHT})({spaces!r}); return s.upp <= 2.05"
        f" && s.shown.length === {len(spaces)}; }})()"
    )
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_pog_the_allies_open_on_the_central_powers_last_combat(
    browser: Browser, live_server: str, artifacts: Path
) -> None:
    g, _ = first_attack(live_server)
    g.play_until(lambda v: v["seat"] == "ap" and v.get("step") == "action_round", attacking)
    fought = [
        e["a"]["space"]
        for e in g.view("ap")["log"]
        if e.get("k") == "combat.designated" and e.get("s") == "cp"
    ]
    assert fought
    page = open_page(browser, g.link("ap"), PHONE, "en")
    page.wait_for_function(
        f"(() => {{ const s = ({SIGHT})([{fought[-1]!r}]);"
        " return s.upp <= 2.05 && s.shown.length === 1; })()"
    )
    settled(page)
    page.screenshot(path=str(artifacts / "map-last-combat-390x844-en.png"))
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize(("size", "lang"), WIDE[:2], ids=lambda x: str(x))
def test_qmg_whole_map_names_every_choice_and_pieces_read(
    browser: Browser, live_server: str, artifacts: Path, size: tuple[int, int], lang: str
) -> None:
    g = qmg(live_server)
    v = g.play_until(lambda v: v.get("step") == "battle_choose", building)
    page = open_page(browser, g.link(v["seat"]), size, lang)
    page.click("#zoom-fit")
    settled(page)
    targets = page.eval_on_selector_all(
        "svg.board g.space.target", "e => e.map(x => x.dataset.space)"
    )
    assert targets
    names = page.evaluate(
        """(ids) => ids.map((id) => [...document.querySelectorAll(
              `svg.board text.qname[data-label='${id}']`)]
            .map((t) => ({ id, px: t.getBoundingClientRect().height,
                           hot: t.classList.contains('target-name') })))""",
        targets,
    )
    for lines in names:
        assert lines
        for ln in lines:
            assert ln["hot"] and ln["px"] >= 11, ln
    letters = page.evaluate(
        """() => [...document.querySelectorAll('svg.board g.piece .piece-text')]
          .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""
    )
    assert letters and min(letters) >= 8, min(letters)
    page.screenshot(path=str(artifacts / f"map-qmg-{size[0]}x{size[1]}-{lang}.png"))
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize(("size", "lang"), [WIDE[0], WIDE[1]], ids=lambda x: str(x))
def test_pog_whole_map_names_a_long_list_of_choices(
    browser: Browser, live_server: str, artifacts: Path, size: tuple[int, int], lang: str
) -> None:
    """An operation: a score of spaces glow at once, each with its name at the fitted view."""
    g, v = operation(live_server)
    page = open_page(browser, g.link(v["seat"]), size, lang)
    page.click("#zoom-fit")
    settled(page)
    targets = page.eval_on_selector_all(
        "svg.board g.space.target", "e => e.map(x => x.dataset.space)"
    )
    assert len(targets) >= 10, targets
    labels = page.evaluate(
        """(ids) => ids.map((id) => {
          const t = document.querySelector(`svg.board text.space-label[data-label='${id}']`);
          const r = t.getBoundingClientRect();
          return { id, shown: getComputedStyle(t).display !== 'none' && r.height > 0,
                   hot: t.classList.contains('target-label'), px: r.height };
        })""",
        targets,
    )
    missing = [lb for lb in labels if not (lb["shown"] and lb["hot"] and lb["px"] >= 11)]
    assert not missing, missing
    page.screenshot(path=str(artifacts / f"map-pog-operation-{size[0]}x{size[1]}-{lang}.png"))
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize(("size", "lang"), [(PHONE, "en"), ((1366, 768), "ru")], ids=str)
def test_pog_a_retreat_is_followed_and_its_spaces_named(
    browser: Browser, live_server: str, artifacts: Path, size: tuple[int, int], lang: str
) -> None:
    """Item 1: a retreat (12.5) brings the combat's space and every space the unit may retreat
    to into sight at a zoom where counters read, each named."""
    g, v = retreat(live_server)
    spaces = sorted({a.split()[2] for a in v["legal"] if a.startswith("retreat ")})
    assert len(spaces) >= 2
    page = open_page(browser, g.link(v["seat"]), size, lang)
    page.wait_for_function("document.body.dataset.mine === 'true'")
    want = [*spaces, v["combat"]["target"]]
    page.wait_for_function(
        f"(() => {{ const s = ({SIGHT})({want!r}); return s.upp <= 2.95"
        f" && s.shown.length === {len(want)}; }})()"
    )
    settled(page)
    named = page.evaluate(
        """(ids) => ids.filter((id) => {
          const t = document.querySelector(`svg.board text.space-label[data-label='${id}']`);
          return t && getComputedStyle(t).display !== 'none'
            && t.getBoundingClientRect().height >= 11;
        })""",
        spaces,
    )
    assert sorted(named) == spaces, named
    # and no panel drawn over the map (the combat box, the tools, a banner) covers them
    hidden = page.evaluate(
        """(ids) => ids.filter((id) => {
          const b = document.querySelector(`svg.board g.space[data-space='${id}'] .space-rect`)
            .getBoundingClientRect();
          const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
          return !at || !at.closest('svg.board');
        })""",
        want,
    )
    assert not hidden, hidden
    page.screenshot(path=str(artifacts / f"map-retreat-{size[0]}x{size[1]}-{lang}.png"))
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize(("size", "lang"), [(PHONE, "ru"), ((1366, 768), "en")], ids=str)
def test_pog_an_srs_destinations_are_followed(
    browser: Browser, live_server: str, artifacts: Path, size: tuple[int, int], lang: str
) -> None:
    """Item 1: once a unit is chosen to redeploy (13.1), the view shows every map space it may
    go to (the least zoom out that shows them all)."""
    g, v = redeployment(live_server)
    page = at_decision(browser, g, v, size, lang)
    before = page.evaluate("document.body.dataset.version")
    page.locator("#prompt button[data-action='sr fr_1']").click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)
    w = g.view(v["seat"])
    boxes = {"ap_reserve_box", "cp_reserve_box"}
    spaces = sorted({a.split()[2] for a in w["legal"] if a.startswith("sr fr_1 ")} - boxes)
    assert len(spaces) > 14
    page.wait_for_function(
        f"(() => {{ const s = ({SIGHT})({spaces!r}); return s.shown.length === {len(spaces)}; }})()"
    )
    settled(page)
    page.screenshot(path=str(artifacts / f"map-sr-{size[0]}x{size[1]}-{lang}.png"))
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()
