"""Every strategy card has a short event text for the hand display."""

from __future__ import annotations

from greatwar.pog.card_text import card_text, texts
from greatwar.pog.data import load


def test_every_card_row_has_a_text() -> None:
    cards = load().cards
    assert len(cards) == 134
    assert set(texts()) == {c.id for c in cards}
    for c in cards:
        t = card_text(c.id)
        assert 20 <= len(t) <= 240, (c.id, t)
    assert "Liege" in card_text("cp01")
