"""The data tables agree with the rulebook's published facts (COMPONENTS, GAME BOARD, SETUP,
KIEL CANAL, TERRAIN EXAMPLE)."""

import pytest

from greatwar.qmg1914 import data as D
from greatwar.qmg1914.data import ADJ, ADJ_OPEN, CENTRAL, ENTENTE, space


@pytest.mark.heading("GAME BOARD")
def test_board_has_42_spaces_32_land_10_sea():
    assert D.N_SPACES == 42
    assert D.LAND_MASK.bit_count() == 32
    assert D.SEA_MASK.bit_count() == 10


@pytest.mark.heading("GAME BOARD")
@pytest.mark.heading("KIEL CANAL")
def test_100_adjacencies_including_the_kiel_canal():
    assert D.N_ADJACENCIES == 100
    open_pairs = sum(m.bit_count() for m in ADJ_OPEN) // 2
    central_pairs = sum(m.bit_count() for m in ADJ[CENTRAL]) // 2
    assert open_pairs == 99
    assert central_pairs == 100


@pytest.mark.heading("KIEL CANAL")
def test_baltic_and_north_sea_adjacent_for_central_powers_only():
    b, n = space("baltic_sea"), space("north_sea")
    assert ADJ[CENTRAL][b] >> n & 1
    assert ADJ[CENTRAL][n] >> b & 1
    assert not ADJ[ENTENTE][b] >> n & 1
    assert not ADJ[ENTENTE][n] >> b & 1


@pytest.mark.heading("COMPONENTS")
def test_216_cards_in_decks_of_38_34_53_42_49():
    assert D.N_CARDS == 216
    assert [len(cs) for cs in D.POWER_CARDS] == [38, 34, 53, 42, 49]


@pytest.mark.heading("COMPONENTS")
@pytest.mark.heading("PIECES")
def test_piece_limits_45_armies_16_navies():
    assert sum(D.ARMY_LIMITS) == 45
    assert sum(D.NAVY_LIMITS) == 16
    assert dict(zip(D.COUNTRIES, D.ARMY_LIMITS, strict=True)) == {
        "ah": 7, "oe": 4, "ru": 8, "de": 7, "fr": 6, "it": 4, "uk": 5, "us": 4,
    }  # fmt: skip
    assert dict(zip(D.COUNTRIES, D.NAVY_LIMITS, strict=True)) == {
        "ah": 1, "oe": 0, "ru": 2, "de": 2, "fr": 2, "it": 1, "uk": 5, "us": 3,
    }  # fmt: skip


@pytest.mark.heading("SETUP")
def test_setup_pieces():
    got = {(D.COUNTRIES[c], D.SPACE_IDS[x]) for c, x in D.SETUP}
    assert got == {
        ("ah", "vienna"), ("ah", "budapest"), ("de", "berlin"), ("de", "western_germany"),
        ("ru", "moscow"), ("ru", "serbia"), ("fr", "paris"), ("fr", "burgundy"),
        ("uk", "britain"), ("uk", "north_atlantic"),
    }  # fmt: skip


@pytest.mark.heading("TERRAIN EXAMPLE")
def test_terrain_example():
    for name in ("vienna", "tyrol", "budapest", "serbia", "bulgaria"):
        assert D.SPACES[space(name)].difficult, name
    for name in ("romania", "ukraine"):
        assert not D.SPACES[space(name)].difficult, name


@pytest.mark.heading("GAME BOARD FEATURES")
def test_homes_are_objectives():
    for c in range(8):
        assert D.SPACES[D.HOME[c]].objective
        assert D.SPACES[D.HOME[c]].home_of == c


@pytest.mark.heading("ORDER OF PLAY")
def test_order_of_play_and_teams():
    assert D.POWERS == ("ahoe", "ru", "de", "frit", "ukus")
    assert [D.TEAMS[D.TEAM_OF[p]] for p in range(5)] == [
        "central", "entente", "central", "entente", "entente",
    ]  # fmt: skip


@pytest.mark.heading("PREPARE TEXT")
def test_prepare_text_areas():
    schlieffen = D.CARDS[D.card("de_de_44")]
    assert {D.SPACE_IDS[x] for x in D.spaces_of(schlieffen.where_mask)} == {
        "belgium", "picardy", "paris",
    }  # fmt: skip
    gallipoli = D.CARDS[D.card("ukus_uk_42")]
    assert gallipoli.allows(space("anatolia")) and gallipoli.allows(space("istanbul"))
    assert not gallipoli.allows(space("western_germany"))
    mark_iv = D.CARDS[D.card("ukus_uk_32")]
    assert mark_iv.allows(space("picardy")) and not mark_iv.allows(space("serbia"))


@pytest.mark.heading("PREPARE SYMBOLS")
def test_prepare_symbols_of_the_generic_cards_and_strengths():
    want = {
        "build_army": "reinforce_army",
        "build_navy": "reinforce_navy",
        "land_battle": "sustain_land",
        "sea_battle": "sustain_sea",
    }
    for c in D.CARDS:
        if c.type in want:
            assert c.symbol == want[c.type] and c.strength == 1, c.id
        if c.symbol == "attrition":
            assert c.any_adjacent == (c.strength == 1 and not c.targets), c.id
            assert c.any_adjacent or sum(n for _, n in c.targets) == c.strength, c.id
        else:
            assert c.strength in (1, 2), c.id
    assert D.CARDS[D.card("frit_fr_34")].strength == 2  # Paris Taxis: Double Reinforce
