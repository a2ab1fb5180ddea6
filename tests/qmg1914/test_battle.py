"""BATTLE: PREREQUISITES FOR BATTLE, DIFFICULT TERRAIN, RESOLVING BATTLE (PROCEDURE, PREPARE
TEXT, DOUBLE SYMBOL CARDS, SUPPLY), COUNTERATTACK."""

import pytest

from greatwar.qmg1914 import engine, messages
from greatwar.qmg1914.data import CARD_IDS
from tests.qmg1914.helpers import act, fill_hand, give, legal, pieces, prepare, put, turn_at, who


def battles(s):
    return {a for a in legal(s) if a.startswith("battle")}


def start(power, card, hand=()):
    s = turn_at(power)
    (k,) = give(s, card)
    give(s, *hand)
    return s, k


@pytest.mark.heading("PREREQUISITES FOR BATTLE")
@pytest.mark.heading("LAND BATTLE")
@pytest.mark.card("land_battle")
def test_land_battle_needs_a_supplied_adjacent_piece_of_the_cards_country():
    s, k = start("ru", "land_battle/ru")
    put(s, "ru", "moscow", "ukraine", "serbia")
    put(s, "ah", "galicia", "budapest")
    act(s, f"play {CARD_IDS[k]}")
    got = battles(s)
    assert "battle galicia from ukraine" in got
    assert "battle romania from ukraine" in got  # an empty space may be battled
    assert not any(a.endswith("from serbia") for a in got)  # Serbia is unsupplied
    assert not any(a.startswith("battle moscow") for a in got)  # own pieces
    assert "battle black_sea from ukraine" not in got  # a Land Battle card battles land


@pytest.mark.heading("DIFFICULT TERRAIN")
def test_difficult_terrain_needs_a_hand_card_discarded_unrevealed():
    s, k = start("ru", "land_battle/ru")
    put(s, "ru", "moscow", "ukraine")
    put(s, "ah", "galicia")
    put(s, "ru", "romania")
    act(s, f"play {CARD_IDS[k]}")
    assert not any(a.startswith("battle budapest") for a in battles(s))  # no card in hand
    s, k = start("ru", "land_battle/ru", ["ru_ru_19"])
    put(s, "ru", "moscow", "ukraine", "romania")
    put(s, "ah", "budapest")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle budapest from romania")
    # one card left in hand: paid automatically, to the bottom of the discard pile, hidden
    assert s.dhidden[1] == 1 and not s.hand[1]
    assert pieces(s, "ah") == set()


@pytest.mark.heading("PREREQUISITES FOR BATTLE")
@pytest.mark.heading("DIFFICULT TERRAIN")
def test_a_battle_on_an_empty_space_costs_its_card_and_is_logged():
    s, k = start("de", "land_battle/de", ["de_de_21"])
    put(s, "de", "berlin", "western_germany")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle tyrol from western_germany")  # empty, difficult terrain: one hand card
    assert not s.hand[2] and s.dhidden[2] == 1
    keys = [e["k"] for e in s.log if "v" not in e]  # the public log
    assert keys[-3:] == ["battle.declared", "card.discard_hidden", "battle.empty"]
    entry = s.log[-1]
    assert entry["p"] == "de" and entry["a"] == {"target": "tyrol"}
    assert messages.render(entry) == "Germany's battle in Tyrol: no piece there"
    assert messages.render(entry, "ru", strict=True) == (
        "Германия: битва за регион Тироль — там нет ни одной фишки"
    )


@pytest.mark.heading("DIFFICULT TERRAIN")
def test_navy_battling_land_and_army_battling_sea_are_difficult_not_cumulative():
    s, k = start("ukus", "land_battle/uk")
    put(s, "uk", "britain", "english_channel")
    put(s, "de", "picardy")
    act(s, f"play {CARD_IDS[k]}")
    assert "battle picardy from english_channel" not in battles(s)  # needs a hand card
    s, k = start("ukus", "land_battle/uk", ["ukus_uk_21"])
    put(s, "uk", "britain", "north_atlantic")
    put(s, "de", "paris")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle paris from north_atlantic")
    assert s.dhidden[4] == 1 and pieces(s, "de") == set()
    s, k = start("ukus", "sea_battle/uk", ["ukus_uk_21", "ukus_uk_22"])
    put(s, "uk", "britain")
    put(s, "de", "english_channel")
    act(s, f"play {CARD_IDS[k]}")
    assert battles(s) == {
        "battle english_channel from britain",
        "battle north_atlantic from britain",
    }
    act(s, "battle english_channel from britain")
    assert who(s) == "ukus" and legal(s)[-1] == "discard ukus_uk_22"  # one card, not two
    act(s, "discard ukus_uk_22")
    assert pieces(s, "de") == set() and s.hand[4] == [s.hand[4][0]]


@pytest.mark.heading("KIEL CANAL")
@pytest.mark.heading("SEA BATTLE")
@pytest.mark.card("sea_battle")
def test_sea_battle_across_the_kiel_canal_for_central_powers_only():
    s, k = start("de", "sea_battle/de")
    put(s, "de", "berlin", "baltic_sea")
    put(s, "uk", "north_sea")
    act(s, f"play {CARD_IDS[k]}")
    assert "battle north_sea from baltic_sea" in battles(s)
    s, k = start("ukus", "sea_battle/uk")
    put(s, "uk", "britain", "english_channel", "north_sea")
    put(s, "de", "baltic_sea")
    act(s, f"play {CARD_IDS[k]}")
    assert not any(a.startswith("battle baltic_sea") for a in battles(s))


def reinforce(s, cid):
    act(s, f"reinforce {cid}")


@pytest.mark.heading("RESOLVING BATTLE")
@pytest.mark.heading("PROCEDURE")
@pytest.mark.heading("SUPPLY (RESOLVING BATTLE)")
def test_procedure_single_reinforce_single_sustain():
    s, k = start("de", "land_battle/de")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "picardy")
    (r1,) = prepare(s, "build_army/fr")
    (s1,) = prepare(s, "land_battle/de")
    put(s, "fr", "belgium")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle belgium from western_germany")
    # the French Army in Belgium is supplied through Picardy and Paris
    assert who(s) == "frit" and legal(s) == [f"reinforce {CARD_IDS[r1]}", "pass"]
    reinforce(s, CARD_IDS[r1])
    assert who(s) == "de" and legal(s) == [f"sustain {CARD_IDS[s1]}", "pass"]
    act(s, f"sustain {CARD_IDS[s1]}")
    assert s.discard[3][-1] == r1 and s.discard[2][-1] == s1  # revealed, on top
    assert "belgium" not in pieces(s, "fr")


@pytest.mark.heading("SUPPLY (RESOLVING BATTLE)")
def test_reinforce_needs_a_supplied_defender_unless_supply_symbol():
    s, k = start("ahoe", "land_battle/ah")
    put(s, "ah", "vienna", "budapest")
    put(s, "ru", "serbia")
    prepare(s, "build_army/ru")
    (mont,) = prepare(s, "ru_ru_22")  # Montenegro: Reinforce Army in Serbia, Supply symbol
    give(s, "ahoe_ah_17")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle serbia from budapest")
    assert who(s) == "ru" and legal(s) == [f"reinforce {CARD_IDS[mont]}", "pass"]


@pytest.mark.heading("PREPARE TEXT")
def test_prepare_text_limits_where_a_prepared_card_is_used():
    s, k = start("ahoe", "land_battle/ah")
    put(s, "ah", "vienna", "galicia")
    put(s, "ru", "moscow", "ukraine")
    prepare(s, "ru_ru_22")  # Montenegro: only in Serbia
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle ukraine from galicia")
    assert "ukraine" not in pieces(s, "ru")  # no usable Reinforce card


@pytest.mark.heading("PROCEDURE")
@pytest.mark.heading("DOUBLE SYMBOL CARDS")
def test_symbols_are_cumulative():
    # a Double Sustain after a single Reinforce: the defender needs two more symbols, "or two
    # separate single Reinforce Army cards"
    s, k = start("de", "land_battle/de")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "picardy", "belgium")
    (r1, r2, r3) = prepare(s, "build_army/fr", "build_army/fr", "build_army/fr")
    (d,) = prepare(s, "de_de_44")  # Schlieffen Plan: Double Sustain in Belgium/Picardy/Paris
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle belgium from western_germany")
    reinforce(s, CARD_IDS[r1])
    act(s, f"sustain {CARD_IDS[d]}")
    assert s.stack[-1]["su"] == 2 and s.stack[-1]["r"] == 1
    reinforce(s, CARD_IDS[r2])  # 2 against 2: not enough yet
    assert who(s) == "frit" and s.stack[-1]["r"] == 2
    reinforce(s, CARD_IDS[r3])  # 3 against 2
    assert "belgium" in pieces(s, "fr") and who(s) == "de"


@pytest.mark.heading("PROCEDURE")
@pytest.mark.heading("DOUBLE SYMBOL CARDS")
def test_a_reinforce_that_cannot_be_sufficient_is_not_offered():
    # "The defender must discard sufficient Reinforce Army symbols so that the total for the
    # battle exceeds the number of Sustain Battle symbols": after 1 against a Double Sustain,
    # a last single Reinforce (2 against 2) would be thrown away for nothing
    s, k = start("de", "land_battle/de")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "picardy", "belgium")
    (r1, r2) = prepare(s, "build_army/fr", "build_army/fr")
    (d,) = prepare(s, "de_de_44")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle belgium from western_germany")
    assert legal(s) == [f"reinforce {CARD_IDS[r1]}", f"reinforce {CARD_IDS[r2]}", "pass"]
    reinforce(s, CARD_IDS[r1])
    act(s, f"sustain {CARD_IDS[d]}")
    # France is not asked: the Army is removed and the card stays prepared
    assert "belgium" not in pieces(s, "fr") and r2 in s.prepared[3] and who(s) == "de"


@pytest.mark.heading("PROCEDURE")
@pytest.mark.heading("DOUBLE SYMBOL CARDS")
def test_a_sustain_that_cannot_be_sufficient_is_not_offered():
    # "The attacker must discard sufficient Sustain Battle symbols so that the total ...
    # equals or exceeds the total number of Reinforce symbols": one single Sustain cannot
    # answer a Double Reinforce; two single ones can, one after the other
    s, k = start("de", "land_battle/de")
    put(s, "de", "berlin", "western_germany", "belgium")
    put(s, "fr", "paris", "picardy")
    (taxis,) = prepare(s, "frit_fr_34")  # Paris Taxis: Double Reinforce by Paris
    (s1,) = prepare(s, "land_battle/de")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle picardy from belgium")
    reinforce(s, CARD_IDS[taxis])
    assert "picardy" in pieces(s, "fr") and s1 in s.prepared[2] and who(s) == "de"
    assert s.stack[-1]["step"] == "turn"  # the attack failed without asking Germany
    s, k = start("de", "land_battle/de")
    put(s, "de", "berlin", "western_germany", "belgium")
    put(s, "fr", "paris", "picardy")
    (taxis,) = prepare(s, "frit_fr_34")
    (s1, s2) = prepare(s, "land_battle/de", "land_battle/de")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle picardy from belgium")
    reinforce(s, CARD_IDS[taxis])
    assert legal(s) == [f"sustain {CARD_IDS[s1]}", f"sustain {CARD_IDS[s2]}", "pass"]
    act(s, f"sustain {CARD_IDS[s1]}")
    # ruling Q56: having begun, Germany must go on until its total is sufficient
    assert who(s) == "de" and legal(s) == [f"sustain {CARD_IDS[s2]}"]
    assert engine.prompt(s) == "battle.sustain_more"
    act(s, f"sustain {CARD_IDS[s2]}")
    assert "picardy" not in pieces(s, "fr")


@pytest.mark.heading("PROCEDURE")
@pytest.mark.heading("DIFFICULT TERRAIN")
@pytest.mark.parametrize("spare, offered", [(1, False), (2, True)])
def test_sustains_in_difficult_terrain_need_a_hand_card_each_to_be_sufficient(spare, offered):
    # two single Sustains against a Double Reinforce in Budapest: with one hand card left
    # after the battle's own cost, only one of them could be paid for
    s, k = start("ru", "land_battle/ru")
    put(s, "ru", "moscow", "ukraine", "romania")
    put(s, "de", "budapest")
    (r,) = prepare(s, "de_de_50")  # Landwehr: Double Reinforce, Supply symbol
    (s1, s2) = prepare(s, "land_battle/ru", "land_battle/ru")
    fill_hand(s, "ru", 2 + spare)  # the played card, the battle's cost, the spare cards
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle budapest from romania")
    act(s, f"discard {CARD_IDS[s.hand[1][0]]}")  # the battle's cost
    reinforce(s, CARD_IDS[r])
    if offered:
        assert who(s) == "ru"
        assert legal(s) == [f"sustain {CARD_IDS[s1]}", f"sustain {CARD_IDS[s2]}", "pass"]
    else:  # Russia is not asked: the attack has failed
        assert s.stack[-1]["step"] == "turn" and who(s) == "ru"
        assert "budapest" in pieces(s, "de") and {s1, s2} <= set(s.prepared[1])


@pytest.mark.heading("PROCEDURE")
@pytest.mark.heading("RESOLVING BATTLE")
def test_teammates_make_a_sufficient_total_together():
    # France and the UK in Picardy: after 1 Reinforce against a Double Sustain they need two
    # more symbols; France's single counts on the UK's (ruling Q56), and a power that has
    # begun may stop only if a teammate can still finish
    s, k = start("de", "land_battle/de")
    put(s, "de", "berlin", "western_germany", "belgium")
    put(s, "fr", "paris", "picardy")
    put(s, "uk", "britain", "english_channel", "picardy")
    (r1, r2, r3) = prepare(s, "build_army/fr", "build_army/fr", "build_army/fr")
    (uk_r,) = prepare(s, "build_army/uk")
    (d,) = prepare(s, "de_de_44")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle picardy from belgium")
    reinforce(s, CARD_IDS[r1])
    act(s, f"sustain {CARD_IDS[d]}")
    reinforce(s, CARD_IDS[r2])  # 2 against 2
    assert who(s) == "frit" and legal(s) == [f"reinforce {CARD_IDS[r3]}", "pass"]
    act(s, "pass")  # the UK can finish
    assert who(s) == "ukus" and legal(s) == [f"reinforce {CARD_IDS[uk_r]}"]
    reinforce(s, CARD_IDS[uk_r])
    assert pieces(s, "fr") == {"paris", "picardy"} and r3 in s.prepared[3]


@pytest.mark.heading("PROCEDURE")
@pytest.mark.heading("DOUBLE SYMBOL CARDS")
def test_double_sustain_against_initial_double_reinforce_needs_one_more_symbol():
    s, k = start("de", "land_battle/de")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "picardy", "belgium")
    (taxis, r1) = prepare(s, "frit_fr_34", "build_army/fr")  # Paris Taxis: Double Reinforce
    (d,) = prepare(s, "de_de_44")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle belgium from western_germany")
    assert f"reinforce {CARD_IDS[taxis]}" not in legal(s)  # only in or adjacent to Paris
    s2, k2 = start("de", "land_battle/de")
    put(s2, "de", "berlin", "western_germany", "belgium")
    put(s2, "fr", "paris", "picardy")
    (taxis, r1) = prepare(s2, "frit_fr_34", "build_army/fr")
    (d,) = prepare(s2, "de_de_44")
    act(s2, f"play {CARD_IDS[k2]}")
    act(s2, "battle picardy from belgium")
    reinforce(s2, CARD_IDS[taxis])
    act(s2, f"sustain {CARD_IDS[d]}")
    assert who(s2) == "frit" and s2.stack[-1]["r"] == 2 and s2.stack[-1]["su"] == 2
    reinforce(s2, CARD_IDS[r1])  # one more symbol: 3 against 2
    assert "picardy" in pieces(s2, "fr") and not s2.prepared[2]


@pytest.mark.heading("DIFFICULT TERRAIN")
@pytest.mark.heading("PROCEDURE")
def test_each_sustain_in_difficult_terrain_costs_a_hand_card():
    s, k = start("ahoe", "land_battle/ah", ["ahoe_ah_17", "ahoe_ah_18"])
    put(s, "ah", "vienna", "budapest")
    put(s, "ru", "moscow", "ukraine", "serbia")
    (r1,) = prepare(s, "build_army/ru")
    (s1,) = prepare(s, "land_battle/ah")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle serbia from budapest")
    act(s, "discard ahoe_ah_17")  # the battle's own cost
    # Serbia is unsupplied: the Russian Build Army cannot reinforce it
    assert "serbia" not in pieces(s, "ru")
    s, k = start("ahoe", "land_battle/ah", ["ahoe_ah_17"])
    put(s, "ah", "vienna", "tyrol")
    put(s, "it", "rome", "italian_alps")
    (r1,) = prepare(s, "build_army/it")
    (s1,) = prepare(s, "land_battle/ah")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle italian_alps from tyrol")
    reinforce(s, CARD_IDS[r1])
    # no hand card left for the sustain's difficult-terrain cost: the battle is lost
    assert "italian_alps" in pieces(s, "it") and s1 in s.prepared[0]


@pytest.mark.heading("BATTLE")
def test_a_successful_battle_removes_every_enemy_piece():
    s, k = start("de", "land_battle/de")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "picardy", "belgium")
    put(s, "uk", "britain", "english_channel", "belgium")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle belgium from western_germany")
    assert "belgium" not in pieces(s, "fr") | pieces(s, "uk")


@pytest.mark.heading("RESOLVING BATTLE")
def test_teammates_defend_together_with_either_countrys_card():
    s, k = start("de", "land_battle/de")
    put(s, "de", "berlin", "western_germany")
    put(s, "fr", "paris", "belgium")
    put(s, "uk", "britain", "english_channel", "belgium")
    (uk_r,) = prepare(s, "build_army/uk")
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle belgium from western_germany")
    assert who(s) == "ukus" and legal(s) == [f"reinforce {CARD_IDS[uk_r]}", "pass"]
    reinforce(s, CARD_IDS[uk_r])
    assert pieces(s, "fr") == {"paris", "belgium"}


@pytest.mark.heading("COUNTERATTACK")
def test_counterattack_after_a_failed_land_battle():
    s, k = start("de", "land_battle/de")
    put(s, "de", "berlin", "western_germany", "belgium")
    put(s, "fr", "paris", "picardy")
    (r1, ca) = prepare(s, "build_army/fr", "frit_fr_24")  # La Revanche: Counterattack
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle picardy from belgium")
    reinforce(s, CARD_IDS[r1])
    assert who(s) == "frit" and legal(s) == [f"counterattack {CARD_IDS[ca]}", "pass"]
    act(s, f"counterattack {CARD_IDS[ca]}")
    assert "belgium" not in pieces(s, "de") and "picardy" in pieces(s, "fr")


@pytest.mark.heading("COUNTERATTACK")
def test_no_counterattack_against_a_navy_or_by_an_unsupplied_army():
    s, k = start("ukus", "land_battle/uk", ["ukus_uk_21"])
    put(s, "uk", "britain", "english_channel")
    put(s, "de", "berlin", "western_germany", "belgium", "picardy")
    (r, ca) = prepare(s, "build_army/de", "de_de_46")  # Tannenberg: Counterattack
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle picardy from english_channel")
    reinforce(s, CARD_IDS[r])
    assert who(s) != "de" and "picardy" in pieces(s, "de") and ca in s.prepared[2]
    s, k = start("ukus", "land_battle/uk")
    put(s, "uk", "britain", "english_channel", "picardy")
    put(s, "de", "berlin", "belgium")  # unsupplied: Western Germany is empty
    (r, ca) = prepare(s, "de_de_47", "de_de_46")  # Weltpolitik: Reinforce with Supply symbol
    act(s, f"play {CARD_IDS[k]}")
    act(s, "battle belgium from picardy")
    reinforce(s, CARD_IDS[r])
    assert who(s) != "de" and "belgium" in pieces(s, "de") and ca in s.prepared[2]
