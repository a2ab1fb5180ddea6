"""Events that change operations or act on units: each card's event and its refusal."""

import pytest

from greatwar.core.errors import IllegalActionError
from greatwar.pog import activation, engine, movement
from greatwar.pog.combat.designation import russian_forts_barred
from greatwar.pog.data import AP, CP
from greatwar.pog.view import view

from .helpers import D, clear, control, game, give, legal, offered, put, to_round


def cost(s, side, space):
    return activation.activation_cost(s, side, D.space(space), "move")


@pytest.mark.card("ap09")
@pytest.mark.rule("9.2.3")
def test_moltke():
    s = game()
    to_round(s, AP)
    give(s, AP, "ap09")
    put(s, "ge_1", "liege")
    put(s, "ge_2", "liege")
    assert cost(s, CP, "liege") == 1
    engine.apply(s, "play event ap09")
    assert cost(s, CP, "liege") == 2


@pytest.mark.card("ap09")
def test_moltke_refused_after_turn_2():
    s = game()
    s.turn = 3
    to_round(s, AP)
    give(s, AP, "ap09")
    assert not offered(s, "play event ap09")


@pytest.mark.card("cp13")
def test_falkenhayn_ends_moltke():
    s = game()
    s.events["moltke"] = 1
    give(s, CP, "cp13")
    put(s, "ge_1", "liege")
    put(s, "ge_2", "liege")
    assert cost(s, CP, "liege") == 2
    engine.apply(s, "play event cp13")
    assert cost(s, CP, "liege") == 1 and s.ws[CP] == 2


@pytest.mark.card("cp13")
def test_falkenhayn_refused_early_without_moltke():
    s = game()
    give(s, CP, "cp13")
    assert not offered(s, "play event cp13")
    s.turn = 3
    assert offered(s, "play event cp13")


@pytest.mark.card("cp08")
@pytest.mark.rule("11.1.9")
def test_race_to_the_sea():
    s = game()
    give(s, CP, "cp08")
    assert not movement.channel_ports_open(s)
    engine.apply(s, "play event cp08")
    assert movement.channel_ports_open(s)
    assert D.card("cp08") in s.removed[CP]


@pytest.mark.card("cp08")
@pytest.mark.card("cp11")
@pytest.mark.card("cp10")
@pytest.mark.card("cp29")
@pytest.mark.card("ap49")
def test_marker_cards_are_refused_unless_in_hand():
    s = game()
    for card in ("cp08", "cp11", "cp10", "cp29"):
        c = D.card(card)
        if c in s.hand[CP]:
            s.hand[CP].remove(c)
            s.discard[CP].append(c)
        with pytest.raises(IllegalActionError):
            engine.apply(s, f"play event {card}")
    to_round(s, AP)
    with pytest.raises(IllegalActionError):
        engine.apply(s, "play event ap49")


@pytest.mark.card("cp11")
@pytest.mark.rule("15.1.11")
def test_oberost():
    s = game()
    give(s, CP, "cp11")
    assert russian_forts_barred(s)
    engine.apply(s, "play event cp11")
    assert not russian_forts_barred(s) and s.ws[CP] == 1


@pytest.mark.card("cp10")
@pytest.mark.card("cp29")
def test_sud_army_and_eleventh_army():
    s = clear(game())
    put(s, "ah_1", "lemberg")
    put(s, "ge_corps_01", "lemberg")
    put(s, "ge_11", "warsaw")
    put(s, "ah_corps_01", "warsaw")
    give(s, CP, "cp10")
    engine.apply(s, "play event cp10")
    assert cost(s, CP, "lemberg") == 1
    to_round(s, CP)
    give(s, CP, "cp29")
    engine.apply(s, "play event cp29")
    assert cost(s, CP, "warsaw") == 1


@pytest.mark.card("ap49")
@pytest.mark.rule("12.2.7")
def test_sinai_pipeline():
    s = game()
    to_round(s, AP)
    give(s, AP, "ap49")
    engine.apply(s, "play event ap49")
    assert "sinai_pipeline" in s.events


@pytest.mark.card("ap51")
def test_everyone_into_battle():
    s = clear(game())
    to_round(s, AP)
    give(s, AP, "ap51")
    assert not offered(s, "play event ap51")  # needs Michael, Blucher or Peace Offensive
    s.events["blucher"] = 17
    for u in ("fr_1", "br_1", "be_1"):
        put(s, u, "cambrai")
    assert cost(s, AP, "cambrai") == 3
    engine.apply(s, "play event ap51")
    assert cost(s, AP, "cambrai") == 1
    s.tflags = {}
    assert cost(s, AP, "cambrai") == 3  # this turn only


@pytest.mark.card("cp06")
@pytest.mark.card("ap12")
@pytest.mark.rule("11.2.1")
@pytest.mark.rule("9.5.1.1")
def test_entrench_event_digs_and_opens_entrenching():
    s = clear(game())
    s.turn = 2
    put(s, "ge_1", "koblenz")
    put(s, "ge_2", "frankfurt")
    put(s, "ge_3", "metz")  # Metz already has a German trench
    give(s, CP, "cp06")
    engine.apply(s, "play event cp06")
    assert sorted(legal(s)) == ["entrench ge_1", "entrench ge_2"]
    engine.apply(s, "entrench ge_1")
    x = D.space("koblenz")
    assert (s.trench[x], s.tside[x]) == (1, CP)
    to_round(s, AP)
    give(s, AP, "ap12")
    assert not offered(s, "play event ap12")  # only one Entrench event per game


@pytest.mark.card("cp06")
@pytest.mark.rule("5.7.4")
def test_entrench_event_refused_on_turn_one_of_the_historical_game():
    s = game("historical")
    give(s, CP, "cp06")
    s.events["guns_of_august"] = 1  # past the forced opening
    s.round = 2
    assert "play event cp06" not in legal(s)


@pytest.mark.card("cp05")
@pytest.mark.rule("17.1.4")
def test_landwehr_flips_two_rps_of_german_units():
    s = clear(game())
    put(s, "ge_2", "essen", reduced=True)
    put(s, "ge_3", "essen", reduced=True)
    put(s, "ah_1", "vienna", reduced=True)
    give(s, CP, "cp05")
    engine.apply(s, "play event cp05")
    assert sorted(legal(s)) == ["done", "replace ge_2", "replace ge_3"]
    engine.apply(s, "replace ge_2")
    engine.apply(s, "replace ge_3")
    assert not s.red[D.unit("ge_2")] and not s.red[D.unit("ge_3")]
    assert s.red[D.unit("ah_1")]


@pytest.mark.card("cp05")
def test_landwehr_does_nothing_without_berlin():
    s = clear(game())
    put(s, "ge_2", "essen", reduced=True)
    control(s, AP, "berlin")
    give(s, CP, "cp05")
    engine.apply(s, "play event cp05")
    assert s.red[D.unit("ge_2")] and engine.step_name(s) == "action_round"


@pytest.mark.card("ap56")
def test_paris_taxis():
    s = clear(game())
    to_round(s, AP)
    give(s, AP, "ap56")
    assert not offered(s, "play event ap56")
    put(s, "fr_6", "melun", reduced=True)
    engine.apply(s, "play event ap56")
    engine.apply(s, "replace fr_6")
    assert not s.red[D.unit("fr_6")]


@pytest.mark.card("cp63")
def test_russian_desertions():
    s = clear(game())
    give(s, CP, "cp63")
    assert not offered(s, "play event cp63")
    s.events["fall_of_the_tsar"] = 1
    for u in ("ru_1", "ru_2", "ru_3", "ru_4", "ru_5"):
        put(s, u, "warsaw" if u != "ru_5" else "minsk")
    engine.apply(s, "play event cp63")
    for u in ("ru_1", "ru_2", "ru_3", "ru_4"):
        engine.apply(s, f"lose {u}")
    assert engine.step_name(s) != "russian_desertions"  # four at most
    assert [s.red[D.unit(u)] for u in ("ru_1", "ru_2", "ru_3", "ru_4", "ru_5")] == [1, 1, 1, 1, 0]


@pytest.mark.card("cp17")
@pytest.mark.card("ap23")
@pytest.mark.rule("9.1.3")
def test_mata_hari_shows_the_allied_hand_to_the_cp_only_then_an_operation():
    s = game()
    give(s, CP, "cp17")
    engine.apply(s, "play event cp17")
    shown = [e for e in s.log if e["k"] == "event.hand_revealed"][-1]
    assert shown["v"] == "cp" and sorted(shown["a"]["cards"]) == sorted(
        D.cards[c].id for c in s.hand[AP]
    )
    assert any(e["k"] == "event.hand_revealed" for e in view(s, "cp")["log"])
    assert not any(e["k"] == "event.hand_revealed" for e in view(s, "ap")["log"])
    assert engine.step_name(s) == "operation" and s.stack[-1]["ops"] == 2
