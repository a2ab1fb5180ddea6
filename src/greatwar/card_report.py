"""Which strategy cards the engine implements.

A card's event counts as implemented only when its code is registered (a card event in
``pog/events``, or a combat card in ``pog/combat/cards``) *and* a test carries its mark,
``@pytest.mark.card("cp01")``. pytest collects the tests to find the marks, as in
:mod:`greatwar.rules_coverage`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from greatwar.pog import engine  # noqa: F401  (registers every event)
from greatwar.pog.combat.cards import COMBAT_CARDS
from greatwar.pog.data import SIDE_NAMES, load
from greatwar.pog.events import EVENTS
from greatwar.rules_coverage import scan_tests


def report(tests_root: Path | None) -> dict[str, Any]:
    marks = scan_tests(tests_root, "card") if tests_root is not None else {}
    rows: list[dict[str, Any]] = []
    for c in load().cards:
        registered = c.event_key in (COMBAT_CARDS if c.combat_card else EVENTS)
        tests = sorted(marks.get(c.id, []))
        rows.append(
            {
                "id": c.id,
                "name": c.name,
                "side": SIDE_NAMES[c.side],
                "number": c.number,
                "deck": c.deck,
                "ops": c.ops,
                "sr": c.sr,
                "war_status": c.war_status,
                "combat_card": c.combat_card,
                "optional": c.optional,
                "variant": c.variant or None,
                "event_key": c.event_key,
                "event_registered": registered,
                "tests": len(tests),
                "implemented": registered and bool(tests),
            }
        )
    done = sum(1 for r in rows if r["implemented"] is True)
    return {
        "cards": rows,
        "total": len(rows),
        "implemented": done,
        "missing": [r["id"] for r in rows if not r["implemented"]],
    }
