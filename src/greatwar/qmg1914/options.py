"""Game options: the optional MULLIGAN rule and the readings of uncertain points.

Each reading option names a ruling of ``docs/qmg1914-rulings.md``; its default is the reading
the ruling chose, the other values the alternatives it lists. Options are validated here and
stored with the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from greatwar.core.errors import MalformedActionError


@dataclass(frozen=True, slots=True)
class Option:
    name: str
    default: Any
    choices: tuple[Any, ...]
    description: str


OPTIONS: dict[str, Option] = {}


def define(name: str, default: Any, choices: tuple[Any, ...], description: str) -> None:
    if name in OPTIONS:
        raise ValueError(f"option {name!r} defined twice")
    if default not in choices:
        raise ValueError(f"option {name!r}: default {default!r} not among its choices")
    OPTIONS[name] = Option(name, default, choices, description)


define("mulligan", False, (False, True), "MULLIGAN (optional rule): redraw the opening 10 once")
define(
    "attrition_adjacency",
    "power",
    ("power", "country"),
    "Q2: a single Attrition symbol needs an Army of the power (or of the card's country) "
    "adjacent to the target's Army",
)


def normalise(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every option with its value (defaults filled in), or MalformedActionError."""
    given = dict(options or {})
    out: dict[str, Any] = {}
    for name, opt in OPTIONS.items():
        v = given.pop(name, opt.default)
        if v not in opt.choices or type(v) is not type(opt.default):
            raise MalformedActionError(
                f"option {name!r} must be one of {list(opt.choices)}, not {v!r}"
            )
        out[name] = v
    if given:
        raise MalformedActionError(
            f"unknown option(s) {sorted(given)}; known: {', '.join(sorted(OPTIONS))}"
        )
    return out
