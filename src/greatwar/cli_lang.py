"""The command line's library texts in the player's language.

Typer (0.29, with its own copy of click) writes part of what the ``greatwar`` command shows:
the usage line and its metavars, the help option, the help panels' titles and the notes
beside an option (its default, whether it is required, its type and range), the hint to ask
for help, and every error about the command line itself (an unknown command or option, a
missing argument, a value that does not convert). Its texts are English constants, f-strings
and ``gettext`` calls with no catalogue behind them.

:func:`use` puts them into another language from the ``cli_lib`` section of
``locale/<lang>.json`` (``locale/en.json`` holds the library's exact English, so English
output stays the library's own), and :func:`localize` gives a command tree the metavars of
its usage line. Keys:

- ``text.*``: a text the library writes as it is (a constant, a ``gettext`` message id, the
  ``Usage:`` prefix, the metavars);
- ``match.*``: an error message as the library builds it, its variable parts as placeholders
  (``Missing argument {hint}.``); a message that fits the English is written with the other
  language's template, its ``{message}`` part translated in turn (a value error inside
  ``Invalid value for ...``);
- ``type.*``: the name of a value's type in the help (``<int>``); ``range.*``: a number's range
  (``x>=1``); ``arg.*``: an argument's name in the usage line and in errors; ``hint.*``: what
  an error adds to an option's name.

The library is patched once, and each patch reads the language :func:`use` chose last, so
English (``use("en")``) gives the library's output byte for byte.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any
from weakref import WeakKeyDictionary

from greatwar.core.i18n import DEFAULT_LANG, Catalogue, Number

_STATE = {"lang": DEFAULT_LANG}
"""The language the library's texts are in (what :func:`use` chose last)."""

_ORIGINAL_RICH: dict[str, str] = {}
"""``typer.rich_utils``'s English constants, kept once the library is patched."""

_RICH_CONSTANTS = {
    "DEPRECATED_STRING": "text.deprecated_rich",
    "DEFAULT_STRING": "text.default_rich",
    "ENVVAR_STRING": "text.env_var_rich",
    "REQUIRED_LONG_STRING": "text.required_rich",
    "ARGUMENTS_PANEL_TITLE": "text.arguments",
    "OPTIONS_PANEL_TITLE": "text.options",
    "COMMANDS_PANEL_TITLE": "text.commands",
    "ERRORS_PANEL_TITLE": "text.error",
    "ABORTED_TEXT": "text.aborted_rich",
    "RICH_HELP": "text.try_help_rich",
}
"""``typer.rich_utils``'s constants and the keys of their texts."""

_HELP_OPTION: WeakKeyDictionary[Any, str] = WeakKeyDictionary()
"""A command's help option and its English help (the option is made once per command)."""

_RECURSE = frozenset({"message"})
"""The placeholders of a ``match.*`` template that hold another message of the library."""


def _catalogue() -> Catalogue:
    from greatwar.texts import CLI_LIB

    return CLI_LIB


def lang() -> str:
    """The language the library's texts are in now."""
    return _STATE["lang"]


@cache
def _by_english(lang: str) -> dict[str, str]:
    """The ``text.*`` entries as English -> ``lang``."""
    cat = _catalogue()
    en = cat.table(DEFAULT_LANG)
    return {en[k]: cat.get(k, lang) or en[k] for k in en if k.startswith("text.")}


def text(message: str) -> str:
    """A text the library writes as it is, in the current language (itself when the
    catalogue does not know it)."""
    if lang() == DEFAULT_LANG:
        return message
    return _by_english(lang()).get(message, message)


def word(key: str, default: str) -> str:
    """A ``type.*``, ``range.*`` or ``arg.*`` entry in the current language, else ``default``."""
    if lang() == DEFAULT_LANG:
        return default
    return _catalogue().get(key, lang()) or default


@cache
def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    """The ``match.*`` templates as regular expressions, the longest English first (so that
    ``Missing argument {hint}. {message}`` is tried before ``Missing argument {hint}.``)."""
    en = _catalogue().table(DEFAULT_LANG)
    out = []
    for key in sorted((k for k in en if k.startswith("match.")), key=lambda k: -len(en[k])):
        parts = []
        for literal, field, _spec, _conv in string.Formatter().parse(en[key]):
            parts.append(re.escape(literal))
            if field is not None:
                parts.append(f"(?P<{field}>.+?)")
        out.append((key, re.compile("".join(parts))))
    return out


def message(msg: str) -> str:
    """An error message of the library in the current language: the ``match.*`` template it
    fits, filled in with its parts (a nested message translated too); itself when none fits."""
    if lang() == DEFAULT_LANG:
        return msg
    cat = _catalogue()
    for key, pattern in _patterns():
        found = pattern.fullmatch(msg)
        if found is None:
            continue
        parts = {k: message(v) if k in _RECURSE else v for k, v in found.groupdict().items()}
        return cat.text(key, lang(), **parts)
    return _by_english(lang()).get(msg, msg)


def _range(low: float | None, high: float | None) -> str | None:
    """typer's description of a number's range (``x>=1``), in the current language."""
    if low is None and high is None:
        return None
    if low is None:
        key, default = "range.max", f"x<={high}"
    elif high is None:
        key, default = "range.min", f"x>={low}"
    else:
        key, default = "range.both", f"{low}<=x<={high}"
    if lang() == DEFAULT_LANG:
        return default
    return _catalogue().text(key, lang(), low=_number(low), high=_number(high))


def _number(value: float | None) -> Any:
    """A bound as the current language writes it (``0,05`` in Russian)."""
    if isinstance(value, float):
        return Number(value, lang())
    return value


def _type_label(shown: str) -> str:
    """A type in the help (``<int range>``, ``<list[str]>``) in the current language."""
    if lang() == DEFAULT_LANG or not (shown.startswith("<") and shown.endswith(">")):
        return shown
    return "<" + _type_name(shown[1:-1]) + ">"


def _type_name(label: str) -> str:
    if label.startswith("list[") and label.endswith("]"):
        item = _type_name(label[len("list[") : -1])
        return _catalogue().text("type.list", lang(), item=item)
    return word(f"type.{label}", label)


def _hint(option: Any, hint: str) -> str:
    """An option's name in an error (``'--port' (env var: 'GREATWAR_PORT')``), its variable
    named in the current language."""
    english = f" (env var: '{option.envvar}')"
    if lang() == DEFAULT_LANG or not hint.endswith(english):
        return hint
    return hint[: -len(english)] + _catalogue().text("hint.env_var", lang(), var=option.envvar)


def _wrap_message(cls: type) -> None:
    original: Callable[[Any], str] = cls.__dict__["format_message"]

    def format_message(self: Any) -> str:
        return message(original(self))

    format_message.__wrapped__ = original  # type: ignore[attr-defined]
    cls.format_message = format_message  # type: ignore[attr-defined]


def _patch() -> None:
    """Route the library's texts through this module (once)."""
    if _ORIGINAL_RICH:
        return
    import typer.core
    import typer.exceptions
    import typer.rich_utils
    from typer._click import core as click_core
    from typer._click import exceptions as click_exceptions
    from typer._click import formatting

    typer.core._ = text  # type: ignore[attr-defined]
    typer.core.describe_number_range = _range  # type: ignore[attr-defined,assignment]

    for cls in (
        typer.exceptions.TyperException,
        click_exceptions.BadParameter,
        click_exceptions.MissingParameter,
        click_exceptions.NoSuchOption,
        click_exceptions.FileError,
    ):
        _wrap_message(cls)

    display_type = typer.core._TyperParameter.display_type

    def localized_type(self: Any, ctx: Any) -> str:
        return _type_label(display_type(self, ctx))

    typer.core._TyperParameter.display_type = localized_type  # type: ignore[method-assign]

    write_usage = formatting.HelpFormatter.write_usage

    def localized_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        write_usage(self, prog, args, text("Usage: ") if prefix is None else prefix)

    formatting.HelpFormatter.write_usage = localized_usage  # type: ignore[method-assign]

    error_hint = typer.core.TyperOption.get_error_hint

    def localized_hint(self: Any) -> str:
        return _hint(self, error_hint(self))

    typer.core.TyperOption.get_error_hint = localized_hint  # type: ignore[method-assign]

    get_help_option = click_core.Command.get_help_option

    def localized_help_option(self: Any, ctx: Any) -> Any:
        option = get_help_option(self, ctx)
        if option is not None and option.help:
            english = _HELP_OPTION.setdefault(option, option.help)
            option.help = text(english)
        return option

    click_core.Command.get_help_option = localized_help_option  # type: ignore[method-assign]

    _ORIGINAL_RICH.update({name: getattr(typer.rich_utils, name) for name in _RICH_CONSTANTS})


def use(language: str) -> None:
    """Make the library write its texts in ``language`` from now on (English: its own)."""
    import typer.rich_utils

    _patch()
    _STATE["lang"] = language
    for name, key in _RICH_CONSTANTS.items():
        english = _ORIGINAL_RICH[name]
        shown = (
            english if language == DEFAULT_LANG else (_catalogue().get(key, language) or english)
        )
        setattr(typer.rich_utils, name, shown)


def _commands(cmd: Any) -> Iterator[Any]:
    yield cmd
    for sub in getattr(cmd, "commands", {}).values():
        yield from _commands(sub)


def localize(cmd: Any, language: str) -> Any:
    """A command tree (fresh from ``typer.main.get_command``) with the metavars of its usage
    line and its arguments' names in ``language``; the tree itself."""
    if language == DEFAULT_LANG:
        return cmd
    cat = _catalogue()
    for c in _commands(cmd):
        if c.options_metavar:
            c.options_metavar = cat.get("text.options_metavar", language) or c.options_metavar
        if getattr(c, "subcommand_metavar", None):
            c.subcommand_metavar = (
                cat.get("text.commands_metavar", language) or c.subcommand_metavar
            )
        for param in c.params:
            if param.param_type_name == "argument" and param.metavar is None:
                param.metavar = cat.get(f"arg.{param.name}", language) or None
    return cmd
