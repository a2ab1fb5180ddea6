"""The layers rule (DESIGN "Layers" and "Games on one core"), checked by scanning imports.

- No module outside a game package imports one: everything above the engines finds a game
  through the registry (``core/games.py`` names the packages only as strings in ``KNOWN``).
- Game packages never import each other.
- The engine packages (``core`` and the game packages) import nothing from the layers above
  them (server, web, command line, bots, arena, selfplay, fan-out, terminal driver, reports) nor
  the libraries those use (Ray among them); ``core`` imports nothing of greatwar outside itself.

Every ``import``/``from`` statement counts, wherever it stands (inside functions too), relative
ones resolved, and so does ``importlib.import_module("...")`` with a literal name.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from greatwar.core.games import KNOWN

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "greatwar"
GAMES = sorted({"pog", "qmg1914"} | {where.split(":")[0].split(".")[1] for where in KNOWN.values()})
ABOVE = (
    "greatwar.server",
    "greatwar.web",
    "greatwar.cli",
    "greatwar.__main__",
    "greatwar.bots",
    "greatwar.arena",
    "greatwar.selfplay",
    "greatwar.fanout",
    "greatwar.terminal",
    "greatwar.card_report",
    "greatwar.rules_coverage",
)
ABOVE_LIBRARIES = (
    "fastapi",
    "starlette",
    "uvicorn",
    "sqlalchemy",
    "psycopg",
    "typer",
    "pydantic",
    "ray",
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(source: str, module: str, is_package: bool = False) -> Iterator[str]:
    """Every module name a module's source imports (``from a import b`` gives ``a`` and
    ``a.b``, since ``b`` may be a module)."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                up = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            yield base
            for alias in node.names:
                yield f"{base}.{alias.name}"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id)
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.args[0].value


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def game_of(module: str) -> str | None:
    for g in GAMES:
        if within(module, f"greatwar.{g}"):
            return g
    return None


def violations(module: str, names: list[str]) -> list[str]:
    """What a module may not import, by the layers rule."""
    found = []
    mine = game_of(module)
    engine = mine is not None or within(module, "greatwar.core")
    for name in names:
        other = game_of(name)
        if other is not None and other != mine:
            found.append(
                f"{module} imports {name}: "
                + (
                    "game packages never import each other"
                    if mine
                    else "only a game's own package imports it (use greatwar.core.games.game)"
                )
            )
        if engine and any(within(name, x) for x in (*ABOVE, *ABOVE_LIBRARIES)):
            found.append(f"{module} imports {name}: the engines import nothing from above")
        if (
            within(module, "greatwar.core")
            and within(name, "greatwar")
            and not within(name, "greatwar.core")
            and name != "greatwar"
        ):
            found.append(f"{module} imports {name}: core imports only core")
    return found


def scan() -> dict[str, list[str]]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        out[module] = list(
            imports(path.read_text(encoding="utf-8"), module, path.name == "__init__.py")
        )
    return out


def test_the_layers_rule_holds() -> None:
    found = [v for module, names in scan().items() for v in violations(module, names)]
    assert found == []


def test_the_scan_sees_what_it_must() -> None:
    """The scan finds the imports it is meant to judge (it is not vacuous)."""
    modules = scan()
    assert "greatwar.pog.game" in modules and "greatwar.server.games" in modules
    assert any(within(n, "greatwar.pog") for n in modules["greatwar.pog.engine"])
    assert "greatwar.core.games" in modules["greatwar.server.games"]
    assert "greatwar.pog.game" in {w.split(":")[0] for w in KNOWN.values()}


@pytest.mark.parametrize(
    "module, source, broken",
    [
        ("greatwar.server.games", "from greatwar.pog.state import State", True),
        ("greatwar.server.games", "def f():\n    from greatwar import pog\n", True),
        ("greatwar.arena", "import greatwar.qmg1914.engine", True),
        ("greatwar.terminal", "importlib.import_module('greatwar.pog.game')", True),
        ("greatwar.server.games", "from ..pog import engine", True),
        ("greatwar.pog.engine", "from greatwar.qmg1914 import cards", True),
        ("greatwar.qmg1914.engine", "from ..pog.board import LINKS", True),
        ("greatwar.pog.view", "from greatwar.server.views import dress", True),
        ("greatwar.pog.view", "from greatwar.bots import make_bot", True),
        ("greatwar.core.session", "import fastapi", True),
        ("greatwar.core.session", "from greatwar.selfplay import play_random", True),
        ("greatwar.core.games", "from greatwar import terminal", True),
        ("greatwar.pog.engine", "def f():\n    import ray\n", True),
        ("greatwar.qmg1914.engine", "from greatwar.fanout import fan_out", True),
        ("greatwar.pog.view", "from greatwar.pog import engine\nfrom . import state", False),
        ("greatwar.server.games", "from greatwar.core.games import game", False),
        ("greatwar.pog.terminal", "from rich.table import Table", False),
        ("greatwar.core.games", "from greatwar.core.errors import GameError", False),
    ],
)
def test_the_rule_catches_what_it_forbids(module: str, source: str, broken: bool) -> None:
    assert bool(violations(module, list(imports(source, module)))) is broken
