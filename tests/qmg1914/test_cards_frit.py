"""France & Italy's cards: each card's effect."""

import pytest

from greatwar.qmg1914 import engine, turn
from greatwar.qmg1914.data import CARD_IDS, CARDS, space
from tests.qmg1914.helpers import (
    act,
    give,
    legal,
    pieces,
    prepare,
    put,
    table,
    turn_at,
    who,
)


def play(key, *hand, power="frit", **kw):
    s = turn_at(power, **kw)
    (k,) = give(s, key)
    give(s, *hand)
    return s, k


def go(s, k):
    act(s, f"play {CARD_IDS[k]}")


@pytest.mark.card("la_revanche")
def test_la_revanche_status():
    s = turn_at("frit")
    table(s, "la_revanche")
    put(s, "fr", "paris", "picardy")
    put(s, "de", "belgium")
    (lb,) = give(s, "land_battle/fr")
    go(s, lb)
    act(s, "battle belgium from picardy")
    assert s.vp == [0, 1]


@pytest.mark.card("verdun")
@pytest.mark.card("marne")
@pytest.mark.parametrize("key, where", [("verdun", "burgundy"), ("marne", "picardy")])
@pytest.mark.parametrize("reading, vp", [("vp", [2, 3]), ("none", [3, 3])])
def test_verdun_and_marne(key, where, reading, vp):
    s = turn_at("de", options={"verdun_marne_penalty": reading})
    table(s, key)
    put(s, "de", "berlin", "western_germany", "belgium")
    put(s, "fr", "paris", where)
    s.vp = [3, 3]
    (lb, _spare) = give(s, "land_battle/de", "de_de_21")
    go(s, lb)
    act(s, f"battle {where} from belgium")
    assert s.vp == vp  # Germany had no prepared card to discard
    s = turn_at("de")
    table(s, key)
    put(s, "de", "berlin", "western_germany", "belgium")
    put(s, "fr", "paris", where)
    (lb, _spare) = give(s, "land_battle/de", "de_de_21")
    (p1, p2) = prepare(s, "de_de_22", "de_de_23")
    go(s, lb)
    act(s, f"battle {where} from belgium")
    assert who(s) == "de" and set(legal(s)) == {
        f"discard {CARD_IDS[p1]}",
        f"discard {CARD_IDS[p2]}",
    }


@pytest.mark.card("general_nivelles_creeping_barrage")
def test_nivelle_hand_card_as_sustain():
    s = turn_at("frit")
    table(s, "general_nivelles_creeping_barrage")
    put(s, "fr", "paris", "picardy")
    put(s, "de", "belgium")
    (lb, lb2) = give(s, "land_battle/fr", "land_battle/fr")
    (r,) = prepare(s, "build_army/de")
    put(s, "de", "berlin", "western_germany")
    go(s, lb)
    act(s, "battle belgium from picardy")
    act(s, f"reinforce {CARD_IDS[r]}")
    assert legal(s) == [f"sustain {CARD_IDS[lb2]}", "pass"]
    act(s, f"sustain {CARD_IDS[lb2]}")
    assert "belgium" not in pieces(s, "de") and s.discard[3][-1] == lb2


@pytest.mark.card("renault_ft_tanks")
@pytest.mark.heading("PROCEDURE")
@pytest.mark.parametrize("reading, offered", [("any", True), ("sufficient", False)])
def test_renault_ft_tanks(reading, offered):
    # two single French Sustains against a Double Reinforce: the first may be taken back with
    # ``any``; then France must go on (ruling Q56), so taking a card back never unprepares it
    # in mid-battle for nothing
    s = turn_at("frit", options={"renault_ft_tanks": reading})
    table(s, "renault_ft_tanks")
    put(s, "fr", "paris", "picardy")
    put(s, "de", "berlin", "western_germany", "belgium")
    (lb,) = give(s, "land_battle/fr")
    (sus, sus2) = prepare(s, "land_battle/fr", "land_battle/fr")
    (r,) = prepare(s, "de_de_52")  # Hindenburg Line: Double Reinforce next to Picardy
    go(s, lb)
    act(s, "battle belgium from picardy")
    act(s, f"reinforce {CARD_IDS[r]}")
    assert (f"sustain {CARD_IDS[sus]} keep" in legal(s)) == offered
    if offered:
        act(s, f"sustain {CARD_IDS[sus]} keep")  # 1 against 2: not enough yet
        assert sus in s.hand[3] and legal(s) == [f"sustain {CARD_IDS[sus2]}"]
        act(s, f"sustain {CARD_IDS[sus2]}")
        assert "belgium" not in pieces(s, "de") and s.discard[3][-1] == sus2
    else:
        act(s, f"sustain {CARD_IDS[sus]}")
        assert legal(s) == [f"sustain {CARD_IDS[sus2]}", f"sustain {CARD_IDS[sus2]} keep"]


@pytest.mark.card("renault_ft_tanks")
@pytest.mark.heading("PROCEDURE")
@pytest.mark.parametrize("reading", ["any", "sufficient"])
def test_renault_ft_tanks_never_takes_back_a_sustain_that_cannot_be_sufficient(reading):
    # one single French Sustain against a Double Reinforce: it is not offered at all, kept or
    # not (it could only have taken the card back into hand, the attack failing anyway)
    s = turn_at("frit", options={"renault_ft_tanks": reading})
    table(s, "renault_ft_tanks")
    put(s, "fr", "paris", "picardy")
    put(s, "de", "berlin", "western_germany", "belgium")
    (lb,) = give(s, "land_battle/fr")
    (sus,) = prepare(s, "land_battle/fr")
    (r,) = prepare(s, "de_de_52")
    go(s, lb)
    act(s, "battle belgium from picardy")
    act(s, f"reinforce {CARD_IDS[r]}")
    assert "belgium" in pieces(s, "de") and sus in s.prepared[3] and sus not in s.hand[3]
    assert s.stack[-1]["step"] == "turn"


@pytest.mark.card("renault_ft_tanks")
def test_renault_ft_tanks_keeps_the_card():
    s = turn_at("frit")
    table(s, "renault_ft_tanks")
    put(s, "fr", "paris", "picardy")
    put(s, "de", "berlin", "western_germany", "belgium")
    (lb,) = give(s, "land_battle/fr")
    (sus,) = prepare(s, "land_battle/fr")
    (r,) = prepare(s, "build_army/de")
    go(s, lb)
    act(s, "battle belgium from picardy")
    act(s, f"reinforce {CARD_IDS[r]}")
    act(s, f"sustain {CARD_IDS[sus]} keep")
    assert sus in s.hand[3] and "belgium" not in pieces(s, "de")


@pytest.mark.card("bares_expands_armee_de_lair")
def test_bares_expands_armee_de_lair():
    s = turn_at("frit", "draft")
    table(s, "bares_expands_armee_de_lair")
    give(s, "frit_fr_22", "frit_fr_23")
    assert "draft land_battle fr" in legal(s) and "draft land_battle it" not in legal(s)
    act(s, "draft land_battle fr")
    assert any(CARDS[c].type == "land_battle" for c in s.hand[3])


@pytest.mark.card("troupes_coloniales")
def test_troupes_coloniales():
    s = turn_at("frit", "draft")
    table(s, "troupes_coloniales")
    put(s, "fr", "paris", "north_atlantic", "western_mediterranean")
    assert legal(s) == ["draft build_army fr", "pass"]  # with no hand card to pay
    act(s, "draft build_army fr")
    assert [CARDS[c].type for c in s.hand[3]] == ["build_army"] and s.stack[-1]["k"] == turn.PLAY


@pytest.mark.card("citizen_soldiers")
def test_citizen_soldiers():
    s = turn_at("frit", "play")
    table(s, "citizen_soldiers")
    (taxis,) = give(s, "paris_taxis")
    go(s, taxis)
    act(s, "draft build_army fr")
    assert engine.step_name(s) == "prepare_now"
    drafted = s.stack[-1]["_card"]
    act(s, f"prepare {CARD_IDS[drafted]}")
    assert s.prepared[3] == [drafted]


@pytest.mark.card("alpini")
@pytest.mark.parametrize("reading, paid", [("any_difficult", True), ("terrain_only", False)])
def test_alpini_amphibious(reading, paid):
    s = turn_at("ahoe", options={"alpini": reading})
    table(s, "alpini")
    put(s, "ah", "vienna", "budapest", "romania", "black_sea")
    put(s, "it", "ukraine")
    s.vp = [2, 0]
    (sb,) = give(s, "land_battle/ah")
    give(s, "ahoe_ah_17")
    go(s, sb)
    act(s, "battle ukraine from black_sea")  # a Navy battling clear land: difficult
    assert s.vp == ([1, 0] if paid else [2, 0])


@pytest.mark.card("alpini")
def test_alpini_costs_a_card():
    s = turn_at("ahoe")
    table(s, "alpini")
    put(s, "ah", "vienna", "tyrol")
    put(s, "it", "rome", "italian_alps")
    (lb, _a, _b) = give(s, "land_battle/ah", "ahoe_ah_17", "ahoe_ah_18")
    go(s, lb)
    act(s, "battle italian_alps from tyrol")
    act(s, "discard ahoe_ah_17")  # difficult terrain; Alpini takes the other one
    assert s.hand[0] == [] and s.dhidden[0] == 2


@pytest.mark.card("francs_tireurs")
def test_francs_tireurs():
    s, k = play("francs_tireurs")
    put(s, "de", "picardy", "belgium", "burgundy", "western_germany")
    go(s, k)
    assert s.dhidden[2] == 4  # 1 + Picardy + Belgium and Burgundy next to it
    act(s, "draft build_army fr")


@pytest.mark.card("armee_dafrique")
def test_armee_dafrique():
    s, k = play("armee_dafrique")
    go(s, k)
    assert s.dhidden[2] == 3 and engine.step_name(s) == "turn"
    s, k = play("armee_dafrique")
    put(s, "fr", "north_atlantic")
    go(s, k)
    assert legal(s)[0] == "draft build_army fr"


@pytest.mark.card("romania_joins_entente")
def test_romania_joins_entente():
    s, k = play("romania_joins_entente")
    go(s, k)
    act(s, "recruit romania")
    assert s.tokens == 1 << space("romania") and pieces(s, "fr") == {"romania"}


@pytest.mark.card("paris_taxis")
def test_paris_taxis_recruits_in_or_adjacent_to_paris():
    s, k = play("paris_taxis")
    go(s, k)
    act(s, "pass")
    assert set(legal(s)) == {
        "recruit paris", "recruit picardy", "recruit burgundy", "recruit provence", "pass",
    }  # fmt: skip


@pytest.mark.card("romanians_advance_in_transylvania")
def test_romanians_advance():
    s, k = play("romanians_advance_in_transylvania")
    put(s, "fr", "romania")
    put(s, "ah", "galicia")
    go(s, k)
    assert "battle galicia from romania" in legal(s)
    act(s, "battle galicia from romania")
    assert pieces(s, "ah") == set()


@pytest.mark.card("alsace_lorraine")
def test_alsace_lorraine():
    s, k = play("alsace_lorraine")
    go(s, k)
    assert s.tokens == 1 << space("burgundy")
    s.tflags = {}
    assert turn.score(s) == [0, 0]
    put(s, "fr", "paris", "burgundy")
    assert turn.score(s) == [0, 2]


@pytest.mark.card("france_mobilizes")
def test_france_mobilizes():
    s, k = play("france_mobilizes")
    put(s, "fr", "paris")
    go(s, k)
    act(s, "pass")
    act(s, "recruit picardy")
    assert {x.split()[1] for x in legal(s) if x.startswith("build")} == {
        "english_channel", "north_atlantic",
    }  # fmt: skip


@pytest.mark.card("plan_xvii")
def test_plan_xvii():
    s, k = play("plan_xvii")
    put(s, "fr", "paris")
    put(s, "de", "belgium")
    go(s, k)
    act(s, "build picardy")
    act(s, "battle belgium from picardy")
    assert pieces(s, "de") == set()


@pytest.mark.card("the_sunny_days_of_may")
def test_the_sunny_days_of_may():
    s, k = play("the_sunny_days_of_may")
    go(s, k)
    act(s, "draft build_army it")
    assert legal(s) == ["build rome", "pass"]


@pytest.mark.card("isonzo_river_offensives")
def test_isonzo_river_offensives():
    s, k = play("isonzo_river_offensives", "frit_fr_22", "frit_fr_23")
    put(s, "it", "rome")
    put(s, "ah", "tyrol")
    go(s, k)
    act(s, "discard frit_fr_22")
    act(s, "build italian_alps")
    assert legal(s) == ["battle tyrol from italian_alps", "pass"]
    act(s, "battle tyrol from italian_alps")
    assert pieces(s, "ah") == set()


@pytest.mark.card("bersaglieri")
@pytest.mark.heading("DIFFICULT TERRAIN")
@pytest.mark.parametrize("reading, french_free", [("italy", False), ("italy_and_france", True)])
def test_bersaglieri(reading, french_free):
    s, k = play("bersaglieri", options={"bersaglieri": reading})
    put(s, "it", "rome", "italian_alps")
    put(s, "ah", "tyrol")
    go(s, k)
    assert "battle tyrol from italian_alps" in legal(s)  # no hand card needed
    act(s, "battle tyrol from italian_alps")
    assert pieces(s, "ah") == set()
    assert (4 in s.tflags["nodif"]) == french_free
