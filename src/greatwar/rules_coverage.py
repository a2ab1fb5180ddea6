"""Which rules of the rulebook are covered by tests.

The rule index (``pog/data/rules_index.csv``) lists every rule number of the requirements map
with its tag: ``core``, ``scenario``, ``optional``, ``card-specific`` or ``none`` (no
requirement). Tests name the rules they check with ``@pytest.mark.rule("12.5.3")``; this module
finds those marks by reading the test files (no test is run) and reports, per rule, the tests
that carry it, and the covered fraction per tag.

A mark covers the rule it names and the rules above it in the numbering that it belongs to: a
test marked ``5.7.4.8`` (item 8 of 5.7.4) counts for ``5.7.4``; ``6.0G`` counts for ``6.0``.
"""

from __future__ import annotations

import ast
import csv
from importlib import resources
from pathlib import Path
from typing import Any


def load_index() -> list[tuple[str, str]]:
    text = (
        resources.files("greatwar.pog")
        .joinpath("data", "rules_index.csv")
        .read_text(encoding="utf-8")
    )
    return [(r["rule"], r["tag"]) for r in csv.DictReader(text.splitlines())]


def _mark_args(node: ast.expr, mark: str = "rule") -> list[str]:
    """``pytest.mark.rule("x", "y")`` -> ["x", "y"]; anything else -> []."""
    if not isinstance(node, ast.Call):
        return []
    f = node.func
    if not (isinstance(f, ast.Attribute) and f.attr == mark):
        return []
    return [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]


def scan_tests(root: Path, mark: str = "rule") -> dict[str, list[str]]:
    """Map each ``mark`` value (a rule number, or a card id for ``mark="card"``) found under
    ``root`` to the tests (``file::name``) carrying it."""
    found: dict[str, list[str]] = {}
    for path in sorted(root.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        rel = path.relative_to(root.parent) if root.parent in path.parents else path
        module_marks: list[str] = []
        for stmt in tree.body:
            if isinstance(stmt, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in stmt.targets
            ):
                values = stmt.value.elts if isinstance(stmt.value, ast.List) else [stmt.value]
                for v in values:
                    module_marks.extend(_mark_args(v, mark))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.ClassDef):
                continue
            if not node.name.startswith(("test", "Test")):
                continue
            marks = [m for d in node.decorator_list for m in _mark_args(d, mark)]
            for m in [*marks, *module_marks]:
                found.setdefault(m, []).append(f"{rel}::{node.name}")
    return found


def covers(mark: str, rule: str) -> bool:
    if mark == rule:
        return True
    if mark.startswith(rule):
        nxt = mark[len(rule)]
        return not nxt.isdigit()
    return False


def report(tests_root: Path) -> dict[str, Any]:
    index = load_index()
    marks = scan_tests(tests_root)
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
