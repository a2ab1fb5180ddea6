"""Which rules of a game's rulebook are covered by tests (``greatwar rules-coverage --game X``).

The game's rule index (its descriptor's optional hook
:class:`greatwar.core.games.HasRulesIndex`; Paths of Glory's is ``pog/data/rules_index.csv``)
lists every rule with its tag: ``core``, ``scenario``, ``optional``, ``card-specific`` or
``none`` (no requirement). Tests name the rules they check with ``@pytest.mark.rule("12.5.3")``,
or, for a rulebook whose rules are headings rather than numbers (Quartermaster General: 1914),
``@pytest.mark.heading("SUPPLY")``; this module has pytest collect the game's tests
(``tests/<game id>/``; none is run), finds those marks and reports, per rule, the tests that carry
it, and the covered fraction per tag.

A mark covers the rule it names and the rules above it in the numbering that it belongs to: a
test marked ``5.7.4.8`` (item 8 of 5.7.4) counts for ``5.7.4``; ``6.0G`` counts for ``6.0``. A
heading is covered only by its own mark (``SUPPLY EXAMPLE`` is not ``SUPPLY``).
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

from greatwar.core.games import DEFAULT_GAME, HasRulesIndex, game


class NoIndexError(ValueError):
    """The game has no rules index."""


def load_index(game_id: str = DEFAULT_GAME) -> list[tuple[str, str]]:
    g = game(game_id)
    if not isinstance(g, HasRulesIndex):
        raise NoIndexError(f"{g.title} has no rules index")
    return g.rules_index()


RULE_MARKS = ("rule", "heading")
"""The marks that name a rule: a rule number, or a rulebook heading."""


def scan_tests(root: Path, mark: str | tuple[str, ...] = "rule") -> dict[str, list[str]]:
    """Map each ``mark`` value (a rule number, or a card id for ``mark="card"``; several mark
    names may be given) found on the tests under ``root`` to the test ids carrying it. The
    tests are collected by pytest itself (nothing runs), so marks added by decorators,
    ``pytestmark`` or ``pytest.param(..., marks=...)`` are all seen. Needs pytest (the
    ``test`` extra)."""
    try:
        import pytest
    except ImportError:  # pragma: no cover - depends on the installation
        raise RuntimeError(
            "the coverage reports read the tests with pytest: pip install 'greatwar[test]'"
        ) from None

    found: dict[str, set[str]] = {}
    names = (mark,) if isinstance(mark, str) else mark

    class Collector:
        def pytest_collection_modifyitems(self, items: list[Any]) -> None:
            for item in items:
                for name in names:
                    for m in item.iter_markers(name):
                        for value in m.args:
                            if isinstance(value, str):
                                found.setdefault(value, set()).add(item.nodeid)

    chatter = io.StringIO()
    with contextlib.redirect_stdout(chatter), contextlib.redirect_stderr(chatter):
        code = pytest.main(
            ["--collect-only", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", str(root)],
            plugins=[Collector()],
        )
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        raise RuntimeError(
            f"pytest could not collect the tests under {root} (exit {code}):\n"
            + chatter.getvalue()[-2000:]
        )
    return {k: sorted(v) for k, v in found.items()}


def covers(mark: str, rule: str) -> bool:
    if mark == rule:
        return True
    if not rule[:1].isdigit():
        return False  # a heading: only its own mark
    if mark.startswith(rule):
        nxt = mark[len(rule)]
        return not nxt.isdigit()
    return False


def report(tests_root: Path, game_id: str = DEFAULT_GAME) -> dict[str, Any]:
    index = load_index(game_id)
    marks = scan_tests(tests_root, RULE_MARKS)
    rules = []
    per_tag: dict[str, dict[str, Any]] = {}
    for rule, tag in index:
        tests = sorted({t for m, ts in marks.items() if covers(m, rule) for t in ts})
        rules.append({"rule": rule, "tag": tag, "tests": tests, "covered": bool(tests)})
        if tag == "none":
            continue
        bucket = per_tag.setdefault(tag, {"covered": 0, "total": 0, "uncovered": []})
        bucket["total"] += 1
        if tests:
            bucket["covered"] += 1
        else:
            bucket["uncovered"].append(rule)
    for bucket in per_tag.values():
        bucket["fraction"] = round(bucket["covered"] / bucket["total"], 4) if bucket["total"] else 1
    known = {r for r, _ in index}
    unknown = sorted(m for m in marks if not any(covers(m, r) for r in known))
    return {"rules": rules, "coverage": per_tag, "marks_outside_index": unknown}
