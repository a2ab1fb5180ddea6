"""The product in Russian (issue 14), everything but the web client's own strings: every text
in both languages, random games of both games rendered in Russian without an English word of
the catalogues, the language hook the server and web client use, the terminal and the command
line in Russian, and the README telling how to choose the language in both languages."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from greatwar import texts as product_texts
from greatwar.cli import app
from greatwar.core import i18n
from greatwar.core.games import HasLanguages, game, languages, seat_names, title_of
from greatwar.messages_check import english_words, latin_words, played_texts

CYRILLIC = re.compile("[А-Яа-яЁё]")
GAMES = ("pog", "qmg1914")


def _catalogues(owner: str) -> list[i18n.Catalogue]:
    if owner == product_texts.OWNER:
        return i18n.catalogues(owner)
    g = game(owner)
    assert isinstance(g, HasLanguages)
    return g.catalogues()


@pytest.mark.parametrize("owner", [product_texts.OWNER, *GAMES])
def test_every_message_key_has_both_languages(owner: str) -> None:
    cats = _catalogues(owner)
    assert cats
    for cat in cats:
        en, ru = cat.table("en"), cat.texts["ru"]
        assert set(en) == set(ru), cat.name
        blank = [k for k, v in ru.items() if en[k].strip() and not v.strip()]
        assert not blank, (cat.name, blank)
    problems = [p for cat in cats for p in cat.problems("ru")]
    assert problems == []


def test_every_log_key_the_engines_write_has_a_russian_template() -> None:
    from greatwar.pog import messages as pog_messages
    from greatwar.qmg1914 import messages as qmg_messages

    for g in GAMES:
        game(g).catalogues()  # every rules and card module imported
    assert set(pog_messages.CATALOGUES["en"]) == set(pog_messages.CATALOGUES["ru"])
    assert set(pog_messages.PROMPT_CATALOGUES["en"]) == set(pog_messages.PROMPT_CATALOGUES["ru"])
    assert set(qmg_messages.CATALOGUES["en"]) == set(qmg_messages.CATALOGUES["ru"])
    assert len(pog_messages.CATALOGUES["en"]) > 100 and len(qmg_messages.CATALOGUES["en"]) > 40


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("gid", GAMES)
def test_random_games_rendered_in_russian_hold_no_english_word(gid: str, seed: int) -> None:
    g = game(gid)
    assert isinstance(g, HasLanguages)
    said = played_texts(g, g.default_scenario, seed, "ru", every=4)  # strict: raises on a fault
    leaks = english_words(g.catalogues(), "ru")
    found = {w: t for t in said for w in latin_words(t) if w.lower() in leaks}
    assert not found, list(found.items())[:10]
    words = [t for t in said if re.search("[A-Za-zА-Яа-я]{3}", t)]
    russian = sum(1 for t in words if CYRILLIC.search(t))
    assert russian / len(words) > 0.95


def test_the_english_word_check_finds_english() -> None:
    """The check above can fail: the same game rendered in English is full of words that the
    Russian catalogues never use."""
    g = game("qmg1914")
    assert isinstance(g, HasLanguages)
    said = played_texts(g, g.default_scenario, 1, "en", every=20)
    leaks = english_words(g.catalogues(), "ru")
    assert len({w for t in said for w in latin_words(t) if w.lower() in leaks}) > 50


def test_plural_forms_in_the_russian_log() -> None:
    pog, qmg = game("pog"), game("qmg1914")
    drawn = {"k": "cards.drawn", "t": 1, "s": "ap", "a": {}}
    texts = [pog.render_log({**drawn, "a": {"count": n, "hand": n}}, "ru") for n in (1, 2, 5, 21)]
    assert texts == [
        "Союзники добирают 1 карту (в руке: 1)",
        "Союзники добирают 2 карты (в руке: 2)",
        "Союзники добирают 5 карт (в руке: 5)",
        "Союзники добирают 21 карту (в руке: 21)",
    ]
    entry = {"k": "card.drawn", "t": 1, "p": "de", "a": {"hand": 7}}
    assert qmg.render_log({**entry, "a": {"n": 1, "hand": 7}}, "ru") == (
        "Германия добирает 1 карту (в руке 7)"
    )
    assert qmg.render_log({**entry, "p": "ahoe", "a": {"n": 3, "hand": 7}}, "ru") == (
        "Австро-Венгрия и Османская империя добирают 3 карты (в руке 7)"
    )
    assert "5 карт" in qmg.render_log({**entry, "a": {"n": 5, "hand": 7}}, "ru")


def test_the_language_hook_of_both_games() -> None:
    pog = game("pog")
    assert isinstance(pog, HasLanguages)
    assert languages(pog) == pog.languages() == ("en", "ru")
    assert title_of(pog, "ru") == "Пути славы" and title_of(pog, "en") == "Paths of Glory"
    assert seat_names(pog, "ru") == {"ap": "Союзники", "cp": "Центральные державы"}
    assert seat_names(pog, "en") == {"ap": "Allied Powers", "cp": "Central Powers"}
    names = pog.names("ru")
    assert names["scenarios"]["historical"] == "«Исторический»"
    assert set(pog.words("ru")) == set(pog.words("en"))
    assert pog.words("ru")["side.cp"] == "Центральные державы"
    s = pog.new_game("historical", None, 1)
    actor = pog.to_act(s)
    assert actor is not None
    other = next(x for x in pog.seats if x != actor)
    asked = pog.prompt(pog.view(s, actor), "ru")
    assert CYRILLIC.search(asked) and asked != pog.prompt(pog.view(s, actor), "en")
    assert pog.prompt(pog.view(s, other), "ru") == ""
    entry = pog.view(s, actor)["log"][0]
    assert pog.render_log(entry, "ru") != pog.render_log(entry, "en")

    qmg = game("qmg1914")
    assert isinstance(qmg, HasLanguages)
    assert seat_names(qmg, "ru")["de"] == "Германия"
    assert qmg.names("ru")["teams"] == {"central": "Центральные державы", "entente": "Антанта"}
    assert all(CYRILLIC.search(x) for x in qmg.names("ru")["options"].values())
    q = qmg.new_game(qmg.default_scenario, None, 1)
    seat = qmg.to_act(q)
    assert seat is not None
    assert CYRILLIC.search(qmg.prompt(qmg.view(q, seat), "ru"))


def test_russian_action_phrases_in_the_terminal() -> None:
    from greatwar.pog.terminal import describe as pog_describe
    from greatwar.qmg1914.terminal import describe as qmg_describe

    assert pog_describe("move ge_1 liege", "ru") == "переместить ГЕР 1 → Льеж"
    assert pog_describe("play ops cp01", "ru") == "разыграть карту «Августовские пушки» на ОО"
    assert pog_describe("activate attack lomza", "ru") == "активировать Ломжу для атаки"
    assert pog_describe("move ge_1 liege") == "move GE 1 Liege"
    assert qmg_describe("draw 1", "ru") == "взять 1 карту"
    assert qmg_describe("draw 3", "ru") == "взять 3 карты"
    assert qmg_describe("draw 5", "ru") == "взять 5 карт"


def _run(args: list[str], text: str = "", env: dict[str, Any] | None = None) -> Any:
    base = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", "COLUMNS": "200"}
    return CliRunner().invoke(app, args, input=text, env={**base, **(env or {})})


def test_play_in_the_terminal_in_russian() -> None:
    r = _run(["play", "--lang", "ru", "--as", "ap", "--seed", "3"], "help\nfoo\n99\n1\nquit\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Пути славы — ваша сторона: Союзники; против вас играет легкий бот" in out
    assert "Ответьте номером действия или его текстом" in out  # help
    assert "Это не действие игры" in out  # a malformed action
    assert "Действия 99 нет: выберите номер от 1 до" in out
    assert "Вы: " in out and "Вы вышли из игры." in out
    assert "Traceback" not in out and "Your decision" not in out


def test_the_lang_environment_variable_chooses_the_language() -> None:
    r = _run(
        ["play", "--as", "de", "--game", "qmg1914", "--vs", "random"],
        "quit\n",
        env={"LANG": "ru_RU.UTF-8"},
    )
    assert r.exit_code == 0, r.output
    assert "Генерал-квартирмейстер: 1914 — ваша сторона: Германия" in r.output
    r = _run(["play", "--as", "de", "--game", "qmg1914", "--vs", "random"], "quit\n")
    assert "Quartermaster General: 1914: you play the Germany" in r.output


def test_an_unknown_language_is_refused() -> None:
    r = _run(["play", "--lang", "fr"])
    assert r.exit_code == 2
    assert "unknown language 'fr'" in r.output and "en, ru" in r.output
    r = _run(["play", "--lang", "ru", "--vs", "grandmaster"])
    assert r.exit_code == 2 and "неизвестный бот 'grandmaster'" in r.output


@pytest.mark.parametrize("gid", GAMES)
def test_demo_tells_its_story_in_russian(gid: str) -> None:
    r = _run(["demo", "--lang", "ru", "--game", gid, "--seed", "2"])
    assert r.exit_code == 0, r.output
    assert "История войны" in r.output and "зерно 2" in r.output
    assert re.search(r"\d+ решени[ейя] за \d+,\d\d с\.", r.output)


def test_messages_check_passes_and_fails_on_a_broken_catalogue(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from greatwar.qmg1914 import lang as T
    from greatwar.qmg1914 import messages

    r = _run(["messages", "--check", "--game", "qmg1914", "--seeds", "1"])
    assert r.exit_code == 0, r.output
    assert "no English word is left" in " ".join(r.output.split())

    ru = messages.CATALOGUES["ru"]
    monkeypatch.delitem(ru, "round.start")
    r = _run(["messages", "--game", "qmg1914"])
    assert r.exit_code == 1 and "'round.start' has no ru text" in r.output
    monkeypatch.setitem(ru, "round.start", "Раунд {round} ({seed})")
    r = _run(["messages", "--game", "qmg1914"])
    assert r.exit_code == 1 and "uses ['seed']" in r.output
    monkeypatch.setitem(ru, "round.start", "Начинается раунд {round.gen}")  # a number has no cases
    r = _run(["messages", "--check", "--game", "qmg1914", "--seeds", "1"])
    assert r.exit_code == 1 and "'round.start' does not render in ru" in r.output
    monkeypatch.undo()
    # a word missing in Russian falls back to English where the faces ask for it: caught
    monkeypatch.delitem(T.RU["words"], "country.de")
    r = _run(["messages", "--check", "--game", "qmg1914", "--seeds", "1"])
    assert r.exit_code == 1 and "the English word 'Germany'" in " ".join(r.output.split())


def test_the_readme_tells_how_to_choose_the_language_in_both_languages() -> None:
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    assert "## Language" in readme and "## Язык" in readme
    english = readme[readme.index("## Language") :].split("\n## ")[0]
    russian = readme[readme.index("## Язык") :].split("\n## ")[0]
    for part in (english, russian):
        assert "--lang ru" in part and "LANG" in part
    assert "choose" in english
    assert "выбрать" in russian or "выбор" in russian


def test_the_command_line_help_in_russian() -> None:
    import os
    import subprocess
    import sys

    from greatwar.cli import HELP, command

    assert HELP.problems("ru") == []
    cmd = command("ru")
    for name, c in cmd.commands.items():
        assert c.help and CYRILLIC.search(c.help), name
        for p in c.params:
            if getattr(p, "help", None):
                assert CYRILLIC.search(p.help), (name, p.name)
    assert command().commands["play"].help.startswith("Play a game in the terminal")
    src = str(Path(__file__).parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": src, "LANG": "ru_RU.UTF-8", "COLUMNS": "120"}
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        env.pop(var, None)
    done = subprocess.run(
        [sys.executable, "-m", "greatwar", "--help"], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "Команды" in done.stdout and "Сыграть партию в терминале против бота" in done.stdout
