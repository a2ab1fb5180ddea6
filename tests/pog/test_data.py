import pytest

from greatwar.pog.data import AP, CP, EXPECTED_COUNTS, counts, load


def test_counts_match_the_published_figures():
    got = counts(load())
    for k, v in EXPECTED_COUNTS.items():
        assert got[k] == v, k


def test_ids_are_unique_and_indexed():
    d = load()
    assert len({s.id for s in d.spaces}) == len(d.spaces)
    assert len({u.id for u in d.units}) == len(d.units)
    assert len({c.id for c in d.cards}) == len(d.cards)
    for s in d.spaces:
        assert d.space(s.id) == s.ix


def test_connections_are_symmetric():
    d = load()
    for x, neighbours in enumerate(d.adj):
        for n in neighbours:
            assert x in d.adj[n]
            assert d.link_of[(x, n)] is d.link_of[(n, x)]


@pytest.mark.rule("3.0-capitals")
def test_capitals_of_rule_3_0():
    d = load()
    caps = {s.id for s in d.spaces if s.capital}
    assert caps == {
        "vienna",
        "budapest",
        "brussels",
        "london",
        "sofia",
        "paris",
        "berlin",
        "athens",
        "rome",
        "cetinje",
        "bucharest",
        "belgrade",
        "constantinople",
    }


@pytest.mark.rule("14.2")
def test_supply_sources_of_rule_14_2():
    d = load()
    src = {s.id: s.supply_source for s in d.spaces if s.supply_source}
    assert {k for k, v in src.items() if v == "cp"} == {
        "essen",
        "breslau",
        "sofia",
        "constantinople",
    }
    assert src["london"] == "ap_west" and src["salonika"] == "sb_only"


def test_every_card_side_has_65_basic_cards():
    d = load()
    for side in (AP, CP):
        basic = [c for c in d.cards if c.side == side and not c.variant]
        assert sorted(c.number for c in basic) == list(range(1, 66))
