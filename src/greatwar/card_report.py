"""Which card events a game implements (``greatwar cards --game X``).

The game says which of its cards have their event in code and whether a test carries the
card's mark, ``@pytest.mark.card("cp01")``, through its descriptor's optional hook
(:class:`greatwar.core.games.HasCardReport`); this module finds the marks on the tests of a
source checkout (``tests/<game id>/``) with pytest, as :mod:`greatwar.rules_coverage` does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from greatwar.core.games import DEFAULT_GAME, HasCardReport, game
from greatwar.rules_coverage import scan_tests


class NoReportError(ValueError):
    """The game offers no such report."""


def report(tests_root: Path | None, game_id: str = DEFAULT_GAME) -> dict[str, Any]:
    g = game(game_id)
    if not isinstance(g, HasCardReport):
        raise NoReportError(f"{g.title} has no card report")
    marks = scan_tests(tests_root, "card") if tests_root is not None else {}
    return g.card_report(marks)
