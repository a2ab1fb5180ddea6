"""The server's own layers: its modules' imports run one way.

The game service (``server/games.py``) is the bottom: it imports only the modules beneath it
(the store, the views, the clock rules, the request ids of the logs, and the interface of
``server/events.py``). Clocks, bots, the hub, notifications, chat, the lobby, accounts and
ratings sit above it and attach themselves through that interface. No two server modules
import each other, directly or round a longer circle: every import counts, inside functions and
under ``TYPE_CHECKING`` too (the scan of ``tests/test_layers.py``).
"""

from __future__ import annotations

import pytest

from tests.test_layers import imports, scan

SERVER = "greatwar.server"
BENEATH_THE_SERVICE = {
    "greatwar.server.store",
    "greatwar.server.views",
    "greatwar.server.clockrules",
    "greatwar.server.logs",
    "greatwar.server.events",
}
"""What the game service may import of the server."""


def graph(modules: dict[str, list[str]]) -> dict[str, set[str]]:
    """Each server module and the server modules it imports (``from greatwar.server import x``
    counts as importing ``greatwar.server.x``; the package itself is left out)."""
    known = {m for m in modules if m.startswith(SERVER + ".")}
    return {m: {n for n in modules[m] if n in known and n != m} for m in sorted(known)}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles (each found once, as a path back to its start)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        path.append(m)
        for n in sorted(edges.get(m, ())):
            if state.get(n) == 1:
                found.append([*path[path.index(n) :], n])
            elif n not in state:
                visit(n)
        path.pop()
        state[m] = 2

    for m in sorted(edges):
        if m not in state:
            visit(m)
    return found


def test_the_server_has_no_import_circle() -> None:
    assert circles(graph(scan())) == []


def test_the_game_service_imports_only_what_lies_beneath_it() -> None:
    edges = graph(scan())
    assert edges["greatwar.server.games"] <= BENEATH_THE_SERVICE, edges["greatwar.server.games"]
    for low in BENEATH_THE_SERVICE:
        assert "greatwar.server.games" not in edges[low], low


def test_the_parts_above_attach_to_the_service() -> None:
    """The scan sees the arrows it judges (it is not vacuous)."""
    edges = graph(scan())
    for part in ("clocks", "bots", "hub", "notify", "chat", "listen"):
        assert "greatwar.server.games" in edges[f"{SERVER}.{part}"], part
    assert "greatwar.server.events" in edges["greatwar.server.games"]


@pytest.mark.parametrize(
    ("sources", "circle"),
    [
        ({"greatwar.server.a": "from greatwar.server import b", "greatwar.server.b": ""}, False),
        (
            {
                "greatwar.server.a": "from greatwar.server import b",
                "greatwar.server.b": "def f():\n    from greatwar.server.a import x\n",
            },
            True,
        ),
        (
            {
                "greatwar.server.a": "from greatwar.server.b import y",
                "greatwar.server.b": "if TYPE_CHECKING:\n    from greatwar.server.c import z\n",
                "greatwar.server.c": "import greatwar.server.a",
            },
            True,
        ),
    ],
)
def test_the_check_finds_a_circle(sources: dict[str, str], circle: bool) -> None:
    modules = {m: list(imports(src, m)) for m, src in sources.items()}
    assert bool(circles(graph(modules))) is circle
