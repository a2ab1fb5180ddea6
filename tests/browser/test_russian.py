"""The pages in Russian: the EN / RU switch changes a page's language without reloading it and
keeps the game; two browsers whose language is Russian create a game on the start page and play
the first action round of both sides of Paths of Glory; no English word of the catalogues shows
on the Russian pages (the game page after those actions, the start page, a Quartermaster
General page); the client's own sentences decline names and make verbs agree. Screenshots:
``artifacts/ru-*.png``."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from greatwar.core.games import game
from greatwar.messages_check import english_words, latin_words
from greatwar.texts import WEB
from tests.browser.conftest import CHROMIUM
from tests.browser.helpers import WAIT, body, wait_changed, wait_mine
from tests.browser.test_play import _decide, _game

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"Debian's chromium is not installed at {CHROMIUM}"
)

CYRILLIC = re.compile("[\u0410-\u044f\u0401\u0451]")


def _create(server: str, doc: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        server + "/api/games",
        data=json.dumps(doc).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req) as r:
        out: dict[str, Any] = json.load(r)
        return out


def _english(gid: str) -> frozenset[str]:
    """The English words of the game's catalogues and the client's that no Russian text uses."""
    return english_words([*game(gid).catalogues(), WEB], "ru")  # type: ignore[attr-defined]


def leaked(page: Page, gid: str) -> list[str]:
    """English words of the catalogues in the page's text (ids, numbers and the names both
    languages share are not words of that list)."""
    text: str = page.evaluate("() => document.body.innerText")
    english = _english(gid)
    return sorted({w for w in latin_words(text) if w.lower() in english})


def ru_context(browser: Browser) -> Browser:
    ctx = browser.new_context(viewport={"width": 1600, "height": 1000}, locale="ru-RU")
    ctx.set_default_timeout(WAIT)
    return ctx  # type: ignore[return-value]


def test_the_page_switches_language_without_reload_and_keeps_the_game(
    browser: Browser, live_server: str, artifacts: Path
) -> None:
    # between two people the server draws the seed (no seed to agree on)
    doc = _create(live_server, {"scenario": "historical", "seats": {"ap": "human", "cp": "human"}})
    ctx = browser.new_context(viewport={"width": 1600, "height": 1000}, locale="en-US")
    ctx.set_default_timeout(WAIT)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server + doc["links"]["cp"])
    wait_mine(page)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert "Your decision" in page.inner_text("#status")
    before = body(page)
    page.evaluate("() => { window.__kept = 'same page'; }")
    log_before = page.locator("[data-testid=log] .log-entry").count()

    page.click("[data-testid=lang-ru]")
    page.wait_for_function(
        "document.documentElement.lang === 'ru'"
        " && /[\\u0410-\\u044f]/.test(document.getElementById('status').textContent)"
        " && [...document.querySelectorAll('[data-testid=log] .log-entry')]"
        "      .every(e => /[\\u0410-\\u044f]/.test(e.textContent))"
    )
    # the same page (no reload), the same game at the same position, the whole log again
    assert page.evaluate("window.__kept") == "same page"
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1
    after = body(page)
    assert page.inner_text("#game-id") == doc["id"]
    assert (after["serial"], after["version"], after["seat"]) == (
        before["serial"],
        before["version"],
        before["seat"],
    )
    assert page.locator("[data-testid=log] .log-entry").count() == log_before
    assert page.inner_text("#status") == "Ваше решение"
    assert "Журнал" in page.inner_text(".tabs")
    assert CYRILLIC.search(page.inner_text("[data-testid=hand]"))
    # remembered in this browser, and told to the server (the cookie)
    assert page.evaluate("localStorage.getItem('greatwar.lang')") == "ru"
    assert any(c["name"] == "lang" and c["value"] == "ru" for c in ctx.cookies())
    # the live socket now speaks Russian: a move elsewhere arrives in Russian
    ap = ctx.new_page()
    ap.goto(live_server + doc["links"]["ap"])  # the same browser: this page opens in Russian
    ap.wait_for_function("document.documentElement.lang === 'ru'")
    ap.close()
    before = body(page)
    page.locator("[data-testid=hand] .card.playable").first.click()
    wait_changed(page, before)
    if page.locator("#menu.open").count():
        ops = page.locator("#menu.open button.action[data-action^='play ops']")
        (ops.first if ops.count() else page.locator("#menu.open button.action").first).click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before["version"])
    newest = page.locator("[data-testid=log] .log-entry").last.inner_text()
    assert CYRILLIC.search(newest), newest
    page.screenshot(path=str(artifacts / "ru-switched.png"))

    # and back to English, still without a reload
    page.click("[data-testid=lang-en]")
    page.wait_for_function(
        "document.documentElement.lang === 'en'"
        " && ![...document.querySelectorAll('[data-testid=log] .log-entry')]"
        "      .some(e => /[\\u0410-\\u044f]/.test(e.textContent))"
    )
    assert page.evaluate("window.__kept") == "same page"
    assert "Log" in page.inner_text(".tabs")
    assert not errors, errors
    ctx.close()


def test_two_browsers_in_russian_play_the_first_action_round(
    browser: Browser, live_server: str, artifacts: Path
) -> None:
    errors: list[str] = []
    ap_ctx, cp_ctx = ru_context(browser), ru_context(browser)
    start = ap_ctx.new_page()  # type: ignore[attr-defined]
    start.on("pageerror", lambda e: errors.append(str(e)))
    start.goto(live_server + "/")
    # the browser's language chooses Russian; the start page is Russian throughout
    start.wait_for_function("document.documentElement.lang === 'ru'")
    start.wait_for_selector("#scenario")
    assert start.inner_text("#create-button") == "Создать партию"
    assert "Исторический" in start.inner_text("#scenario")
    assert "Человек" in start.inner_text("#seat-ap")
    assert leaked(start, "pog") == []
    start.select_option("#scenario", "historical")
    start.select_option("#creator", "ap")
    start.click("#create-button")
    start.wait_for_selector("input.link-box[data-seat=cp]")
    assert "Партия" in start.inner_text("#created")
    start.screenshot(path=str(artifacts / "ru-start.png"), full_page=True)
    links = {s: start.input_value(f"input.link-box[data-seat={s}]") for s in ("ap", "cp")}
    start.close()

    pages: dict[str, Page] = {"ap": ap_ctx.new_page(), "cp": cp_ctx.new_page()}  # type: ignore[attr-defined]
    for seat, page in pages.items():
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(links[seat])
        page.wait_for_function("document.body.dataset.version !== undefined")
    gid = links["ap"].split("/play/")[1].split("#")[0]

    cp = pages["cp"]
    wait_mine(cp)
    before = body(cp)
    cp.locator("[data-testid=hand] .card.playable").first.click()
    wait_changed(cp, before)
    if cp.locator("#menu.open").count():
        ops = cp.locator("#menu.open button.action[data-action^='play ops']")
        (ops.first if ops.count() else cp.locator("#menu.open button.action").first).click()
        cp.wait_for_function("v => document.body.dataset.version !== v", arg=before["version"])
    played = " ".join(cp.locator("[data-testid=log] .log-entry").all_inner_texts())
    assert "Центральные державы разыгрывают" in played, played[-300:]

    map_clicks = {"ap": True, "cp": True}
    for _ in range(300):
        g = _game(live_server, gid)
        if g["round"] == 2 and g["to_act"] == "cp":
            break
        seat = g["to_act"]
        page = pages[seat]
        page.wait_for_function("n => Number(document.body.dataset.version) === n", arg=g["actions"])
        wait_mine(page)
        _decide(page, map_clicks[seat])
        if body(page).get("step") == "movement":
            map_clicks[seat] = False
    else:
        pytest.fail("the first action round did not finish")

    ap, cp = pages["ap"], pages["cp"]
    cp.wait_for_function(
        "document.body.dataset.round === '2' && document.body.dataset.mine === 'true'"
    )
    ap.wait_for_function("v => document.body.dataset.version === v", arg=body(cp)["version"])
    ap_log = " ".join(ap.locator("[data-testid=log] .log-entry").all_inner_texts())
    assert "Союзники разыгрывают" in ap_log and "Центральные державы разыгрывают" in ap_log
    # the panels a player opens, then the whole page's text: no English word of the catalogues
    for page in (ap, cp):
        for tab in ("game", "ref", "log"):
            page.click(f".tab[data-tab={tab}]")
        assert leaked(page, "pog") == [], leaked(page, "pog")
    ap.click(".tab[data-tab=game]")
    ap.screenshot(path=str(artifacts / "ru-board-ap.png"))
    ap.click(".tab[data-tab=log]")
    cp.screenshot(path=str(artifacts / "ru-board-cp.png"))
    cp.click(".tab[data-tab=ref]")
    cp.screenshot(path=str(artifacts / "ru-reference.png"))
    assert (artifacts / "ru-board-ap.png").stat().st_size > 10_000
    assert not errors, errors
    ap_ctx.close()  # type: ignore[attr-defined]
    cp_ctx.close()  # type: ignore[attr-defined]


def test_a_quartermaster_general_page_in_russian(
    browser: Browser, live_server: str, artifacts: Path
) -> None:
    seats = {p: "human" if p == "de" else "heuristic" for p in ("ahoe", "ru", "de", "frit", "ukus")}
    doc = _create(live_server, {"game": "qmg1914", "seats": seats, "seed": 5})
    ctx = ru_context(browser)
    page = ctx.new_page()  # type: ignore[attr-defined]
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server + doc["links"]["de"])
    page.wait_for_function("document.body.dataset.mine === 'true'")
    assert page.inner_text("#game-name") == "Генерал-квартирмейстер: 1914"
    assert CYRILLIC.search(page.inner_text("#prompt"))
    for tab in ("game", "ref", "log"):
        page.click(f".tab[data-tab={tab}]")
    assert leaked(page, "qmg1914") == [], leaked(page, "qmg1914")
    page.screenshot(path=str(artifacts / "ru-qmg.png"))
    # the switch works on this game's page too
    page.evaluate("() => { window.__kept = 1; }")
    page.click("[data-testid=lang-en]")
    page.wait_for_function(
        "document.documentElement.lang === 'en'"
        " && document.getElementById('game-name').textContent.startsWith('Quartermaster')"
    )
    page.wait_for_function(
        "!/[\\u0410-\\u044f]/.test(document.getElementById('prompt').textContent)"
    )
    assert page.evaluate("window.__kept") == 1
    assert not errors, errors
    ctx.close()  # type: ignore[attr-defined]


def test_the_client_declines_names_and_makes_verbs_agree(
    browser: Browser, live_server: str
) -> None:
    """The browser's own texts ask for a name's case and agree with its number, as the
    server's do (``named``, ``word`` and ``t`` of ``web/i18n.js``, the forms in the static data
    and in ``/api/strings``)."""
    doc = _create(live_server, {"scenario": "historical", "seats": {"ap": "human", "cp": "human"}})
    ctx = ru_context(browser)
    page = ctx.new_page()  # type: ignore[attr-defined]
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server + doc["links"]["cp"])
    wait_mine(page)
    got = page.evaluate(
        """async () => {
        const i18n = await import('/static/i18n.js');
        const pog = await import('/static/pog/common.js');
        const qmg = await import('/static/qmg1914/facts.js');
        const facts = await pog.Facts.load();
        const q = await qmg.Facts.load();
        return {
          activate: pog.actionLabel(facts, 'activate attack lomza'),
          attack: pog.actionLabel(facts, 'attack warsaw'),
          play: pog.actionLabel(facts, 'play event cp01'),
          combat: i18n.t('pog.combat_for', {space: facts.place('warsaw')}),
          to_act: i18n.t('pog.to_act', {side: pog.sideName('ap')}),
          controlled: i18n.t('pog.controlled_by', {side: pog.sideName('cp')}),
          identical: [1, 3, 7].map((n) => i18n.t('pog.identical', {n, ids: 'x'})),
          badges: [i18n.t('pog.badge.move'), i18n.t('pog.badge.attack')],
          over: i18n.t('qmg.list_over',
            {team: i18n.word('qmg.team_entente'), central: 1, entente: 13}),
          acting: i18n.t('qmg.list_acting', {power: i18n.word('qmg.short_frit')}),
          result: i18n.t('qmg.result', {team: q.team('central'), reason: q.reason('time'),
            round: 9, central: 20, entente: 18}),
        };
    }"""
    )
    assert got == {
        "activate": "Активировать Ломжу для атаки",
        "attack": "Атаковать Варшаву",
        "play": "Разыграть карту «Августовские пушки» как событие",
        "combat": "Битва за Варшаву",
        "to_act": "ходят союзники",
        "controlled": "под контролем Центральных держав",
        "identical": [
            "1 одинаковое соединение: x",
            "3 одинаковых соединения: x",
            "7 одинаковых соединений: x",
        ],
        "badges": ["П", "А"],
        "over": "окончена: побеждает Антанта, ПО 1–13",
        "acting": ", ходят Фр. и Ит.",
        "result": "Игра окончена: побеждают Центральные державы (время вышло) в раунде 9; "
        "ПО: Центральные державы 20, Антанта 18",
    }
    assert not errors, errors
    ctx.close()  # type: ignore[attr-defined]


def test_the_start_page_and_the_replay_switch_language_without_reload(
    browser: Browser, live_server: str, artifacts: Path
) -> None:
    ctx = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    ctx.set_default_timeout(WAIT)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server + "/")
    page.wait_for_selector("#scenario")
    assert page.inner_text("#create-button") == "Create the game"
    page.select_option("#scenario", "introductory")
    page.select_option("#seat-cp", "random")
    page.evaluate("() => { window.__kept = 'start'; }")
    page.click("[data-testid=lang-ru]")
    page.wait_for_function(
        "document.getElementById('create-button').textContent === 'Создать партию'"
    )
    page.wait_for_function("document.querySelector('#seat-ap option').textContent === 'Человек'")
    page.wait_for_function("document.body.dataset.langShown === 'ru'")  # the game list too
    # the same page, the choices made so far kept, the names from the server in Russian
    assert page.evaluate("window.__kept") == "start"
    assert page.input_value("#scenario") == "introductory"
    assert page.input_value("#seat-cp") == "random"
    assert "«Ознакомительный»" in page.inner_text("#scenario")
    assert leaked(page, "pog") == []
    page.click("#create-button")
    page.wait_for_selector("[data-testid=open-ap]")
    href = page.locator("[data-testid=open-ap]").get_attribute("href") or ""
    gid = href.split("/play/")[1].split("#")[0]

    replay = ctx.new_page()
    replay.on("pageerror", lambda e: errors.append(str(e)))
    replay.goto(f"{live_server}/replay/{gid}")
    replay.wait_for_function("/шаг/.test(document.getElementById('step-label').textContent)")
    assert replay.evaluate("document.documentElement.lang") == "ru"  # the choice is kept
    assert CYRILLIC.search(replay.inner_text("#entry"))
    replay.screenshot(path=str(artifacts / "ru-replay.png"))
    replay.evaluate("() => { window.__kept = 'replay'; }")
    replay.click("[data-testid=lang-en]")
    replay.wait_for_function(
        "/step/.test(document.getElementById('step-label').textContent)"
        " && document.documentElement.lang === 'en'"
    )
    assert replay.evaluate("window.__kept") == "replay"
    assert not CYRILLIC.search(replay.inner_text("#log"))
    assert not errors, errors
    ctx.close()
