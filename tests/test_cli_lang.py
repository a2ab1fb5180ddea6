"""The command line in Russian: Typer's own texts (usage, panels, notes, errors) translated by
:mod:`greatwar.cli_lang`, nothing in English left but names; English output unchanged."""

from __future__ import annotations

import ast
import inspect
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from greatwar import cli_lang
from greatwar.cli import HELP, _commands, command
from greatwar.core.games import games
from greatwar.texts import CLI_LIB

SRC = str(Path(__file__).parents[1] / "src")

ERRORS = [
    ["nosuch"],
    ["arena", "--games", "x"],
    ["arena", "--games", "0"],
    ["play", "--think", "x"],
    ["play", "--game", "nope"],
    ["play", "--scenario", "zzz"],
    ["play", "--options", "{"],
    ["replay"],
    ["users", "add"],
    ["version", "extra"],
    ["selfplay", "--json=3"],
    ["play", "--as"],
    ["play", "--thinkk", "3"],
    ["users", "nosuch"],
    ["play", "--lang", "xx"],
    ["serve", "--port", "x"],
]
"""Command lines a person gets wrong: an unknown command or option, a value of the wrong type
or out of range, an unknown game or scenario, a missing or an extra argument, an option's
value missing or one too many."""


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """A console wide enough that no sentence is wrapped."""
    monkeypatch.setenv("COLUMNS", "200")


@pytest.fixture
def russian() -> Iterator[None]:
    cli_lang.use("ru")
    yield
    cli_lang.use("en")


LATIN_WORD = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z'-]*(?![\w])")
"""A word in Latin letters standing alone (not part of an id such as ``qmg1914``)."""


def latin_words(text: str) -> list[str]:
    """The words in Latin letters of a text, without the quotes around a name."""
    return [w.strip("'") for w in LATIN_WORD.findall(text)]


def run(args: list[str], lang: str, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``greatwar ARGS`` prints (stdout and stderr), run in this process in ``lang``."""
    with pytest.raises(SystemExit):
        command(lang).main(args=args, prog_name="greatwar")
    got = capsys.readouterr()
    return got.out + got.err


def help_paths() -> list[list[str]]:
    import typer.main

    from greatwar.cli import app

    return [[], *(name.split(".") for name, _ in _commands(typer.main.get_command(app)))]


def names() -> set[str]:
    """The words of what a Russian help may show in Latin letters: the program's name, the
    commands' and options' names, the options' default values, the values and ids its Russian
    texts name (``'greatwar games'``, ``easy``, ``JSON``)."""
    import typer.main

    from greatwar.cli import app

    out = {"greatwar"}
    for name, c in _commands(typer.main.get_command(app)):
        out.update(name.split("."))
        for p in c.params:
            out.update(opt.lstrip("-") for opt in (*p.opts, *p.secondary_opts))
            if isinstance(p.default, str):  # a default value, shown as it is typed
                out.update(latin_words(p.default))
    for text in HELP.texts["ru"].values():
        out.update(latin_words(text))
    return out


def test_the_russian_help_of_every_command_has_no_english(
    russian: None, capsys: pytest.CaptureFixture[str]
) -> None:
    allowed = names()
    library = {"Usage", "OPTIONS", "COMMAND", "ARGS", "Show", "message", "exit", "default"}
    library |= {"required", "int", "float", "str", "bool", "range", "Try", "Arguments", "Error"}
    assert not library & allowed, "a library word would pass for a name"
    for path in help_paths():
        shown = run([*path, "--help"], "ru", capsys)
        assert "Вызов: greatwar" in shown and "[ПАРАМЕТРЫ]" in shown, path
        assert "Показать эту справку и выйти." in shown, path
        left = sorted({w for w in latin_words(shown) if w not in allowed})
        assert left == [], (path, left)


def test_russian_errors_keep_only_what_the_person_typed(
    russian: None, capsys: pytest.CaptureFixture[str]
) -> None:
    for args in ERRORS:
        shown = run(args, "ru", capsys)
        assert "Ошибка" in shown, args
        typed = {w for a in args for w in re.findall(r"[A-Za-z]+", a)}
        allowed = typed | {"greatwar", "JSON", *games(), "introductory", "limited", "campaign"}
        allowed |= {"historical", "great_war_1916", "en", "ru", "GREATWAR_PORT"}
        left = sorted({w for w in latin_words(shown) if w not in allowed})
        assert left == [], (args, left, shown)


def test_russian_errors_say_what_is_wrong(
    russian: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "Нет такой команды: 'nosuch'." in run(["nosuch"], "ru", capsys)
    assert "Справка: 'greatwar --help'." in run(["nosuch"], "ru", capsys)
    said = run(["arena", "--games", "0"], "ru", capsys)
    assert "Недопустимое значение '--games' / '-n': нужно число не меньше 1" in said
    assert "Вызов: greatwar arena [ПАРАМЕТРЫ]" in said
    said = run(["replay"], "ru", capsys)
    assert "Вызов: greatwar replay [ПАРАМЕТРЫ] {файл}" in said
    assert "Не указан аргумент 'файл'." in said
    assert "Лишнее в командной строке: extra" in run(["version", "extra"], "ru", capsys)
    assert "Параметру '--as' нужно значение." in run(["play", "--as"], "ru", capsys)
    assert "Недопустимое значение '--port' (переменная окружения 'GREATWAR_PORT'): нужно " in (
        run(["serve", "--port", "x"], "ru", capsys)
    )
    assert "неизвестная игра 'nope'" in run(["play", "--game", "nope"], "ru", capsys)
    shown = run(["play", "--help"], "ru", capsys)
    assert "<число> [от 0,05]" in shown and "<целое> [от 1]" in shown
    assert "[по умолчанию: easy]" in shown


def test_a_plural_in_a_library_message_agrees_with_its_number(russian: None) -> None:
    assert cli_lang.message("Option '--at' requires 2 arguments.") == (
        "Параметру '--at' нужно 2 значения."
    )
    assert cli_lang.message("Argument 'xy' takes 5 values.") == (
        "Аргумент 'xy' принимает 5 значений."
    )
    assert cli_lang.message("Invalid value for 'n': Input should be less than 3") == (
        "Недопустимое значение 'n': нужно число меньше 3"
    )
    assert cli_lang.message("something else") == "something else"


def _typer_messages() -> set[str]:
    """Every ``gettext`` message id of Typer's help and errors (``_("...")`` in its modules)."""
    import typer.core
    import typer.rich_utils

    found = set()
    for module in (typer.core, typer.rich_utils):
        for node in ast.walk(ast.parse(inspect.getsource(module))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "ngettext")
            ):
                found.update(a.value for a in node.args if isinstance(a, ast.Constant))
    return found


def test_every_typer_message_has_a_russian_text() -> None:
    english = {v for k, v in CLI_LIB.table("en").items() if k.startswith("text.")}
    assert _typer_messages() - english == set()
    assert CLI_LIB.problems("ru") == []


def test_english_output_is_the_library_own(capsys: pytest.CaptureFixture[str]) -> None:
    """After Russian, English is the library's output byte for byte (compared with a process
    that never loads :mod:`greatwar.cli_lang`)."""
    cases = [[*p, "--help"] for p in (["play"], ["users", "add"], [])] + ERRORS[:9]
    cli_lang.use("ru")
    cli_lang.use("en")
    ours = [run(args, "en", capsys) for args in cases]
    script = (
        "import contextlib, io, json, sys, typer.core, typer.main\n"
        "from greatwar.cli import app\n"
        "out = []\n"
        "for args in json.loads(sys.argv[1]):\n"
        "    buf = io.StringIO()\n"
        "    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):\n"
        "        try:\n"
        "            typer.main.get_command(app).main(args=args, prog_name='greatwar')\n"
        "        except SystemExit:\n"
        "            pass\n"
        "    out.append(buf.getvalue())\n"
        "assert typer.core.describe_number_range.__module__ == 'typer._display'\n"
        "print(json.dumps(out))\n"
    )
    env = {**os.environ, "PYTHONPATH": SRC, "LANG": "C.UTF-8", "COLUMNS": "200"}
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "FORCE_COLOR"):
        env.pop(var, None)
    done = subprocess.run(
        [sys.executable, "-c", script, json.dumps(cases)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout) == ours
    assert "Usage: greatwar play [OPTIONS]" in ours[0]
