"""The descriptor: registry, seats, teams, PLAYER / POWER ASSIGNMENTS, options, log text."""

import re
from pathlib import Path

import pytest

from greatwar.core.errors import MalformedActionError
from greatwar.core.games import game, games
from greatwar.qmg1914 import messages, report
from greatwar.qmg1914.data import CARDS
from tests.qmg1914.test_random_play import play

G = game("qmg1914")


def test_registered():
    assert "qmg1914" in games()
    assert G.id == "qmg1914" and G.seats == ("ahoe", "ru", "de", "frit", "ukus")
    assert [t.id for t in G.teams()] == ["central", "entente"]
    assert G.teams()[0].seats == ("ahoe", "de")
    assert G.teams()[1].seats == ("ru", "frit", "ukus")
    assert {x.id: x.team for x in G.seat_info()}["frit"] == "entente"


@pytest.mark.heading("PLAYER / POWER ASSIGNMENTS")
def test_player_assignment_chart():
    assert G.seat_groups(2) == [("ahoe", "de"), ("ru", "frit", "ukus")]
    assert G.seat_groups(3) == [("ahoe", "de"), ("ru", "frit"), ("ukus",)]
    assert G.seat_groups(4) == [("ahoe", "de"), ("ru",), ("frit",), ("ukus",)]
    assert G.seat_groups(5) == [("ahoe",), ("ru",), ("de",), ("frit",), ("ukus",)]
    for n in (2, 3, 4, 5):
        seats = [x for grp in G.seat_groups(n) for x in grp]
        assert sorted(seats) == sorted(G.seats)
    with pytest.raises(MalformedActionError):
        G.seat_groups(6)


def test_options_are_validated():
    assert G.normalise_options("standard", None)["mulligan"] is False
    with pytest.raises(MalformedActionError):
        G.normalise_options("standard", {"mulligan": "yes"})
    with pytest.raises(MalformedActionError):
        G.normalise_options("standard", {"no_such_option": 1})
    with pytest.raises(MalformedActionError):
        G.new_game("campaign", None, 1)


def test_every_logged_key_has_a_template():
    session, _ = play(7, 5)
    keys = {e["k"] for e in session.state.log}
    assert keys <= messages.known_keys() | set(messages.CATALOGUES["en"])
    for e in session.state.log:
        text = G.render_log(e)
        assert "?" not in text and "{" not in text, (e, text)


def test_report_data():
    index = report.rules_index()
    headings = [h for h, _ in index]
    assert (
        "SUPPLY" in headings and "COUNTERATTACK" in headings and len(set(headings)) == len(headings)
    )
    rows = report.card_rows()
    assert len(rows) == 216
    assert {r["event_key"] for r in rows if r["registered"]} == set(report.implemented_keys())
    assert all(r["registered"] for r in rows if r["type"] in ("build_army", "land_battle"))
    assert len({c.event_key for c in CARDS}) == 126


def test_every_registered_card_has_a_marked_test():
    here = Path(__file__).parent
    marked: set[str] = set()
    for f in here.glob("test_*.py"):
        marked |= set(re.findall(r'mark\.card\("([a-z0-9_]+)"\)', f.read_text()))
    assert set(report.implemented_keys()) <= marked
