"""The product's own texts in every language: the terminal driver's (:mod:`greatwar.terminal`)
and the command line's (:mod:`greatwar.cli`), and the bots' names for people.

English and Russian side by side in ``locale/en.json`` and ``locale/ru.json``; the catalogues
are registered under the owner ``"greatwar"`` (:mod:`greatwar.core.i18n`), so ``greatwar
messages --check`` and the tests compare them with the games' own.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from greatwar.core import i18n
from greatwar.core.i18n import DEFAULT_LANG, Catalogue

OWNER = "greatwar"


def _json(name: str) -> dict[str, Any]:
    raw = resources.files("greatwar").joinpath("locale", name).read_text(encoding="utf-8")
    doc: dict[str, Any] = json.loads(raw)
    return doc


_EN = _json("en.json")
_RU = _json("ru.json")


def _register(part: str) -> Catalogue:
    return i18n.register(OWNER, Catalogue(f"greatwar.{part}", {"en": _EN[part], "ru": _RU[part]}))


RU_HELP: dict[str, str] = _RU["help"]
"""The command line's help in Russian (its catalogue is built by :mod:`greatwar.cli` from the
commands' English help)."""

WEB = i18n.register(
    OWNER,
    Catalogue("greatwar.web", {"en": _json("web.en.json"), "ru": _json("web.ru.json")}),
)
"""The browser client's own words, every page and every game (keys ``shell.``, ``start.``,
``clock.``, ``pog.``, ``qmg.``...), served by ``/api/strings``."""

TERMINAL = _register("terminal")
CLI = _register("cli")
BOT = _register("bot")
CLI_LIB = _register("cli_lib")
"""The command line library's own texts (Typer's and click's), for :mod:`greatwar.cli_lang`."""


def terminal(key: str, lang: str = DEFAULT_LANG, **args: Any) -> str:
    """One of the terminal driver's sentences in ``lang``."""
    return TERMINAL.text(key, lang, **args)


def cli(key: str, lang: str = DEFAULT_LANG, **args: Any) -> str:
    """One of the command line's sentences in ``lang``."""
    return CLI.text(key, lang, **args)


WEB_FORMS: dict[str, dict[str, dict[str, str]]] = {"en": {}, "ru": _json("web.forms.ru.json")}
"""The grammatical cases and gender or number of the client's words that name a side, a team
or a power (``pog.side.ap``...), by language: the client's ``word(key)`` reads them, so that a
text fills ``{side.nom}`` or ``{team:agree:sg=...|pl=...}``."""


def web_forms(lang: str, key: str) -> i18n.Forms:
    """A word of the client's catalogue with its forms in ``lang`` (as the client builds it)."""
    text = WEB.get(key, lang) or key
    spec = WEB_FORMS.get(lang, {}).get(key, {})
    cases = {c: v for c, v in spec.items() if c in i18n.CASES}
    return i18n.Forms(text, spec.get("agr", ""), **cases)


def web_strings(lang: str) -> dict[str, Any]:
    """What ``/api/strings`` serves: the browser's words in ``lang`` (English where a text is
    missing), the language's plural categories, in the order a plural spec lists its forms,
    and the forms of the words that name a side, a team or a power (:data:`WEB_FORMS`)."""
    lang = i18n.pick(lang)
    table = dict(WEB.table(DEFAULT_LANG))
    table.update(WEB.texts.get(lang, {}))
    return {
        "lang": lang,
        "plurals": list(i18n.plural_categories(lang)),
        "strings": table,
        "forms": WEB_FORMS.get(lang, {}),
    }


def bot_name(name: str, lang: str = DEFAULT_LANG) -> str:
    """A bot's name for people (its id when the catalogue has none)."""
    return BOT.get(name, lang) or name
