"""Fewer needless clicks (issue 31, item 10): the attacker's combat-card window with no card to
play passes by itself (a note says so), unless the player keeps such windows (a box in the
prompt, remembered); the button that steps through the opponent's round shows only once the
opponent has had an action round (not for the dice of the phases before the first); "1 SR
point" in the singular. Both languages. Screenshots: ``artifacts/clicks-*.png``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from greatwar.core.i18n import fmt
from tests.browser.conftest import CHROMIUM, ROOT
from tests.browser.states import combat_cards, operation, pog
from tests.browser.test_map import open_page, settled

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)

SIZE = (1366, 768)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_combat_card_window_with_nothing_to_play_passes_by_itself(
    browser: Browser, live_server: str, artifacts: Path, lang: str
) -> None:
    g, v = combat_cards(live_server)
    assert v["legal"] == ["done"]  # the attacker holds no card it may play here
    page = open_page(browser, g.link(v["seat"]), SIZE, lang, keep_windows=False)
    page.wait_for_function("v => document.body.dataset.version !== v", arg=str(v["version"]))
    page.wait_for_function("document.getElementById('toast').classList.contains('show')")
    note = page.inner_text("#toast")
    assert ("combat card" in note) if lang == "en" else ("боевой карты" in note), note
    page.screenshot(path=str(artifacts / f"clicks-cc-passed-{lang}.png"))
    assert g.view(v["seat"])["version"] > v["version"]
    assert not page.errors, page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_a_player_may_keep_those_windows(
    browser: Browser, live_server: str, artifacts: Path
) -> None:
    g, v = combat_cards(live_server)
    # the box ticked (the setting kept in this browser): the window stays, across a reload
    page = open_page(browser, g.link(v["seat"]), SIZE, "en", keep_windows=True)
    page.wait_for_function("document.body.dataset.mine === 'true'")
    box = page.locator("[data-testid=keep-cc] input")
    assert box.is_checked()
    page.wait_for_timeout(1500)
    assert page.evaluate("document.body.dataset.version") == str(v["version"])
    page.reload()
    page.wait_for_function("document.body.dataset.mine === 'true'")
    page.wait_for_timeout(1500)
    assert page.evaluate("document.body.dataset.version") == str(v["version"])
    page.screenshot(path=str(artifacts / "clicks-cc-kept-en.png"))
    # the box writes the setting
    box.uncheck()
    assert page.evaluate("localStorage.getItem('greatwar.keep_cc_windows')") == "false"
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_step_through_banner_waits_for_the_opponents_round(
    browser: Browser, live_server: str, lang: str
) -> None:
    g = pog(live_server)  # the Central Powers' first decision: the Allies have not moved
    page = open_page(browser, g.link("cp"), SIZE, lang)
    page.wait_for_function("document.body.dataset.mine === 'true'")
    settled(page)
    assert page.locator("[data-testid=step-through]").count() == 0
    page.context.close()
    g2, v = operation(live_server)  # the Allies, after the Central Powers' first round
    page = open_page(browser, g2.link(v["seat"]), SIZE, lang)
    page.wait_for_function("document.body.dataset.mine === 'true'")
    page.locator("[data-testid=step-through]").wait_for()
    page.context.close()


def test_sr_points_in_the_singular_and_the_plural() -> None:
    en = json.loads((ROOT / "src/greatwar/pog/locale/en.json").read_text(encoding="utf-8"))["web"]
    for key in ("sr.points", "detail.sr", "confirm.sr"):
        assert "1 SR point " in fmt(en[key], "en", {"points": 1}), key
        assert "3 SR points " in fmt(en[key], "en", {"points": 3}), key


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_activation_list_says_what_its_numbers_count(
    browser: Browser, live_server: str, artifacts: Path, lang: str
) -> None:
    """Issue 31 item 9's "(n)": a line above the operation's list says what the rows' numbers
    count, and each row's tooltip counts its units in words ("2 units", "2 соединения")."""
    g, v = operation(live_server)
    page = open_page(browser, g.link(v["seat"]), SIZE, lang)
    page.wait_for_function("document.body.dataset.mine === 'true'")
    legend = page.inner_text("[data-testid=activation-legend]")
    assert legend.startswith("(n)") and ("units" if lang == "en" else "соединений") in legend
    rows = page.locator("#prompt .space-row-name")
    assert rows.count() >= 5
    word = re.compile(r"^\d+ units?:" if lang == "en" else r"^\d+ соединени[еяй]:")
    for i in range(rows.count()):
        title = rows.nth(i).get_attribute("title") or ""
        assert word.match(title), title
        n = int(title.split()[0])
        assert rows.nth(i).inner_text().strip().endswith(f"({n})")
        if n == 1:
            assert title.startswith("1 unit:" if lang == "en" else "1 соединение:"), title
    page.screenshot(path=str(artifacts / f"clicks-activation-{lang}.png"))
    page.context.close()


REPLACEMENTS = """async () => {
  const m = await import('/static/pog/common.js');
  const facts = await m.Facts.load();
  const v = {
    board: {
      units: [
        { id: 'ge_4', space: 'koblenz', reduced: 1 },
        { id: 'ge_2', space: 'cp_eliminated_box' },
      ],
    },
    rp_offers: {
      'place ge_2 essen': { rebuild: true, space: 'essen', rp: 1 },
      'replace ge_4': { rebuild: false, space: 'koblenz', rp: 1 },
      'replace ge_corps_01': { rebuild: true, space: 'cp_reserve_box', rp: 0.5 },
    },
  };
  return Object.keys(v.rp_offers).map((a) => m.actionLabel(facts, a, v));
}"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_replacement_purchases_say_what_they_do_and_cost(
    browser: Browser, live_server: str, lang: str
) -> None:
    """Item 10's clear replacement labels (17.1, the Replacement Cost Table), from the view's
    ``rp_offers`` (tests/pog/test_web.py checks those): what is rebuilt where, or flipped, and
    the RPs it costs."""
    g = pog(live_server)
    page = open_page(browser, g.link("ap"), SIZE, lang)
    page.wait_for_function("document.body.dataset.version !== undefined")
    labels = page.evaluate(REPLACEMENTS)
    if lang == "en":
        assert labels == [
            "Rebuild GE 2 at Essen: 1 RP",
            "Restore GE 4 (Koblenz) to full strength: 1 RP",
            "Rebuild GEc in the Reserve Box: ½ RP",
        ]
    else:
        assert labels == [
            "Восстановить ГЕР 2 в регионе Эссен: 1 ОП",
            "Перевернуть ГЕР 4 (Кобленц) на сторону полной силы: 1 ОП",
            "Восстановить ГЕРк в ячейке резерва: ½ ОП",
        ]
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_scenarios_fixed_options_are_shown_ticked_and_fixed(
    browser: Browser, live_server: str, artifacts: Path, lang: str
) -> None:
    """Item 10: the Historical scenario's eight-card hands and trench roll modification (5.7.4
    #1 and #2) ticked and not to be changed, saying why; the 1916 scenario's own fixed options;
    a scenario that fixes nothing gives the player back the choices they had made."""
    ctx = browser.new_context(
        viewport={"width": SIZE[0], "height": SIZE[1]},
        locale="ru-RU" if lang == "ru" else "en-US",
    )
    page = ctx.new_page()
    page.goto(live_server + "/")
    page.wait_for_selector("#opt-hand8")
    fixed = "задано сценарием" if lang == "ru" else "fixed by the scenario"

    def state(key: str) -> tuple[object, bool, bool]:
        box = page.locator(f"#opt-{key}")
        value = box.is_checked() if key != "optional_cards" else box.input_value()
        note = fixed in box.locator("xpath=ancestor::label[1]").inner_text()
        return value, box.is_disabled(), note

    page.select_option("#scenario", "historical")
    assert state("hand8") == (True, True, True)
    assert state("trench_mod") == (True, True, True)
    assert state("valiant") == (False, False, False)
    page.screenshot(path=str(artifacts / f"clicks-fixed-options-{lang}.png"))
    page.select_option("#scenario", "campaign")
    assert state("hand8") == (False, False, False)
    page.check("#opt-valiant")
    page.select_option("#scenario", "great_war_1916")
    assert state("valiant") == (False, True, True)
    assert state("optional_cards") == ("none", True, True)
    page.select_option("#scenario", "campaign")
    assert state("valiant") == (True, False, False)  # the player's own choice, back
    page.uncheck("#opt-valiant")
    page.select_option("#opt-optional_cards", "all")  # the rulebook's note: eight cards with them
    assert state("hand8") == (True, True, True)
    ctx.close()
