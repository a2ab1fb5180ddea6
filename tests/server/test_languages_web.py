"""The web server in the reader's language: the language of a request (``?lang=``, the ``lang``
cookie, ``Accept-Language``), views, replays, the start page's names, the client's catalogue,
and each websocket in its own language."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fastapi.testclient import TestClient

from greatwar.core.i18n import Catalogue, placeholders, plural_categories
from greatwar.messages_check import english_words, latin_words
from greatwar.texts import WEB, web_strings
from tests.server.conftest import create, play, view

CYRILLIC = re.compile("[\u0410-\u044f\u0401\u0451]")
WEB_DIR = Path(__file__).parents[2] / "src" / "greatwar" / "web"


def test_the_client_catalogue_has_every_key_in_both_languages() -> None:
    assert WEB.problems("ru") == []
    en, ru = web_strings("en"), web_strings("ru")
    assert en["strings"].keys() == ru["strings"].keys()
    assert ru["lang"] == "ru" and ru["plurals"] == list(plural_categories("ru"))
    assert ru["strings"]["pog.n_moves"].count("|") == 3  # one, few, many, other
    # a language the product does not speak: English
    assert web_strings("de")["lang"] == "en"


def test_every_key_the_client_asks_for_is_in_the_catalogue() -> None:
    """Each literal key the pages pass to ``t()`` (and the QMG page's ``qmg.`` keys) exists,
    so no page ever shows a raw key."""
    keys = WEB.keys()
    missing: set[str] = set()
    for path in WEB_DIR.rglob("*.js"):
        src = path.read_text(encoding="utf-8")
        prefix = "qmg." if path.parent.name == "qmg1914" else ""
        for key in re.findall(r"\b(?:t|tr)\(\"([a-z_.0-9]+)\"", src):
            if prefix + key not in keys and key not in keys:
                missing.add(f"{path.name}: {key}")
        for attr in re.findall(r'data-i18n(?:-title|-placeholder)?="([a-z_.0-9]+)"', src):
            if attr not in keys:
                missing.add(f"{path.name}: {attr}")
    for path in WEB_DIR.glob("*.html"):
        for attr in re.findall(
            r'data-i18n(?:-title|-placeholder)?="([a-z_.0-9]+)"', path.read_text()
        ):
            if attr not in keys:
                missing.add(f"{path.name}: {attr}")
    assert not missing, sorted(missing)


def test_the_english_word_check_covers_the_client_catalogue() -> None:
    words = english_words([WEB], "ru")
    assert {"waiting", "decision", "hand"} <= words
    broken = Catalogue("broken", {"en": {"a": "Your hand"}, "ru": {"a": "Ваша hand"}})
    assert "hand" not in english_words([broken], "ru")  # used by the Russian text itself


def test_strings_follow_query_cookie_then_accept_language(client: TestClient) -> None:
    def lang(**kw: object) -> str:
        r = client.get("/api/strings", **kw)  # type: ignore[arg-type]
        assert r.status_code == 200
        out: str = r.json()["lang"]
        return out

    assert lang() == "en"
    assert lang(headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}) == "ru"
    assert lang(headers={"Accept-Language": "de, ru;q=0.4"}) == "ru"
    client.cookies.set("lang", "en")
    assert lang(headers={"Accept-Language": "ru"}) == "en"  # the chosen language wins
    assert lang(params={"lang": "ru"}, headers={"Accept-Language": "en"}) == "ru"
    client.cookies.clear()


def test_views_and_the_log_in_the_readers_language(client: TestClient) -> None:
    gid, tokens = create(client)
    play(client, gid, tokens, 6)
    en = view(client, gid, tokens["ap"])
    ru = view(client, gid, tokens["ap"], lang="ru")
    assert en["lang"] == "en" and ru["lang"] == "ru"
    assert en["serial"] == ru["serial"] and len(en["log"]) == len(ru["log"])
    # the same structured entries, rendered for each reader
    assert [e["k"] for e in en["log"]] == [e["k"] for e in ru["log"]]
    assert not any(CYRILLIC.search(e["text"]) for e in en["log"])
    assert all(CYRILLIC.search(e["text"]) for e in ru["log"]), [e["text"] for e in ru["log"]]
    # an action's answer carries the view in the language asked for
    v = view(client, gid, tokens[ru["to_act"]], lang="ru")
    r = client.post(
        f"/api/games/{gid}/action",
        params={"lang": "ru"},
        headers={"X-Seat-Token": tokens[v["to_act"]]},
        json={"action": v["legal"][0], "serial": v["serial"]},
    )
    assert r.status_code == 200 and r.json()["view"]["lang"] == "ru"


def test_error_kinds_stay_english_in_any_language(client: TestClient) -> None:
    gid, tokens = create(client)
    v = view(client, gid, tokens["cp"])
    r = client.post(
        f"/api/games/{gid}/action",
        params={"lang": "ru"},
        headers={"X-Seat-Token": tokens["cp"]},
        json={"action": "fly to the moon", "serial": v["serial"]},
    )
    assert r.status_code in (400, 422) and r.json()["kind"] in ("malformed", "illegal")
    # the client has a Russian text for every kind the server may send
    for kind in ("malformed", "illegal", "stale", "not_found", "forbidden", "unauthorized"):
        assert CYRILLIC.search(web_strings("ru")["strings"][f"error.{kind}"])


def test_the_start_pages_names_and_the_drawing_data_in_russian(client: TestClient) -> None:
    for game in ("pog", "qmg1914"):
        en = client.get("/api/meta", params={"game": game}).json()
        ru = client.get("/api/meta", params={"game": game, "lang": "ru"}).json()
        assert ru["lang"] == "ru" and CYRILLIC.search(ru["title"])
        assert [s["id"] for s in ru["seat_info"]] == [s["id"] for s in en["seat_info"]]
        assert all(CYRILLIC.search(s["name"]) for s in ru["seat_info"])
        assert all(CYRILLIC.search(s["name"]) for s in ru["scenarios"])
        assert all(CYRILLIC.search(n) for n in ru["bot_names"].values())
        data = client.get("/api/data", params={"game": game, "lang": "ru"})
        assert data.headers["vary"] == "Accept-Language, Cookie"
        doc = data.json()
        assert doc["lang"] == "ru"
        names = [s["name"] for s in doc["spaces"]]
        assert sum(bool(CYRILLIC.search(n)) for n in names) > len(names) * 0.9
        assert client.get("/api/data", params={"game": game}).json()["lang"] == "en"


def test_each_socket_reads_in_its_own_language(client: TestClient) -> None:
    gid, tokens = create(client)
    play(client, gid, tokens, 2)
    url = f"/api/games/{gid}/ws"
    with client.websocket_connect(url) as ru, client.websocket_connect(url) as en:
        ru.send_json({"token": tokens["ap"], "lang": "ru"})
        en.send_json({"token": tokens["cp"]})
        v_ru, v_en = ru.receive_json()["view"], en.receive_json()["view"]
        assert v_ru["lang"] == "ru" and v_en["lang"] == "en"
        assert CYRILLIC.search(v_ru["log"][-1]["text"])
        assert not CYRILLIC.search(v_en["log"][-1]["text"])
        # a move: each hears of it in its own language
        seat = v_ru["to_act"]
        v = view(client, gid, tokens[seat])
        r = client.post(
            f"/api/games/{gid}/action",
            headers={"X-Seat-Token": tokens[seat]},
            json={"action": v["legal"][0], "serial": v["serial"]},
        )
        assert r.status_code == 200
        n_ru, n_en = ru.receive_json()["view"], en.receive_json()["view"]
        assert n_ru["lang"] == "ru" and n_en["lang"] == "en"
        # the reader switches: the whole view again, log included, in the new language
        en.send_json({"type": "lang", "lang": "ru"})
        again = en.receive_json()["view"]
        assert again["lang"] == "ru" and again["log_start"] == 0
        assert len(again["log"]) == again["log_len"]
        assert all(CYRILLIC.search(e["text"]) for e in again["log"])
        assert again["serial"] == n_en["serial"]


def test_the_replay_in_russian(client: TestClient) -> None:
    gid, tokens = create(client)
    play(client, gid, tokens, 3)
    r = client.get(
        f"/api/games/{gid}/replay",
        params={"seat": "ap", "step": 2, "lang": "ru"},
        headers={"X-Seat-Token": tokens["ap"]},
    )
    assert r.status_code == 200, r.text
    v = r.json()
    assert v["lang"] == "ru" and all(CYRILLIC.search(e["text"]) for e in v["log"])


def test_client_plural_specs_have_the_russian_forms() -> None:
    for key, text in WEB.texts["ru"].items():
        for spec in re.findall(r"\{\w+:plural:([^{}]*)\}", text):
            assert len(spec.split("|")) == 4, key
        assert placeholders(text) <= placeholders(WEB.texts["en"][key]), key
    for key, text in WEB.texts["en"].items():
        assert not re.search(r"\w\(s\)", text), f"{key}: write a plural spec, not '(s)'"
    assert json.dumps(latin_words("Ход {turn} · {label}")) == "[]"
