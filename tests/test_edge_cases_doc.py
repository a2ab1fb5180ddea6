"""docs/edge_cases.md names, for each edge case of the requirements map, the tests that check
it: every test it names must exist, and all 76 cases must be listed."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_named_test_exists_and_every_case_is_listed():
    doc = (ROOT / "docs" / "edge_cases.md").read_text(encoding="utf-8")
    numbers = [int(m) for m in re.findall(r"^(\d+)\. ", doc, flags=re.M)]
    assert numbers == list(range(1, 77))
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", doc))
    defined = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        defined |= set(
            re.findall(r"^def (test_[a-z0-9_]+)", path.read_text(encoding="utf-8"), flags=re.M)
        )
    assert named - defined == set()
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    for ref in set(re.findall(r"ruling[s]? (R\d+)", doc)):
        assert f"**{ref}." in rulings, ref
