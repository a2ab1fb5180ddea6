"""Bots see only views, answer only legal actions, and are deterministic for a seed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from greatwar.bots import bot_names, make_bot
from greatwar.core.bot import Bot
from greatwar.pog import board, engine
from greatwar.pog.bots.analysis import Analysis, battle
from greatwar.pog.bots.heuristic import HeuristicBot
from greatwar.pog.bots.public import public_state
from greatwar.pog.data import load
from greatwar.pog.state import State
from greatwar.pog.view import view

D = load()
VIEW_KEYS = set(view(engine.new_game("historical", seed=1), "ap"))


class Spy:
    """Wraps a bot: checks every argument it is given is its seat's view, and every answer."""

    def __init__(self, bot: Bot, seat: str, state: State) -> None:
        self.bot = bot
        self.name = bot.name
        self.seat = seat
        self.state = state  # the referee's state, to compare against (never given to the bot)
        self.calls = 0

    def choose(self, v: dict[str, Any]) -> str:
        assert type(v) is dict and set(v) == VIEW_KEYS
        assert v["seat"] == self.seat and v["to_act"] == self.seat
        assert v == view(self.state, self.seat)  # exactly the view, nothing more
        json.dumps(v)  # plain data: no state object, no generator inside
        other = 1 - ("ap", "cp").index(self.seat)
        hidden = {D.cards[c].id for c in self.state.hand[other]}
        assert not hidden & set(v["cards"]["hand"])
        assert "deck" not in v["cards"] and "later" not in v["cards"]
        a = self.bot.choose(v)
        assert isinstance(a, str) and a in v["legal"], a
        self.calls += 1
        return a


def play(ap: str, cp: str, seed: int, limit: int = 100_000) -> tuple[State, dict[str, Spy]]:
    s = engine.new_game("historical", seed=seed)
    spies = {
        "ap": Spy(make_bot(ap, seed), "ap", s),
        "cp": Spy(make_bot(cp, seed + 1), "cp", s),
    }
    n = 0
    while not engine.is_over(s) and n < limit:
        seat = engine.seat_name(engine.to_act(s))
        assert seat is not None
        engine.apply(s, spies[seat].choose(view(s, seat)), seat)
        n += 1
    return s, spies


@pytest.mark.parametrize("ap, cp", [("heuristic", "random"), ("random", "heuristic")])
def test_bots_are_given_only_views_and_answer_legal_actions(ap: str, cp: str) -> None:
    s, spies = play(ap, cp, seed=21)
    assert engine.is_over(s)
    assert spies["ap"].calls > 0 and spies["cp"].calls > 0


def test_heuristic_against_itself_stays_legal_for_several_turns() -> None:
    s, spies = play("heuristic", "heuristic", seed=5, limit=1500)
    assert s.turn >= 2 or engine.is_over(s)
    assert spies["ap"].calls + spies["cp"].calls > 100


def test_every_bot_can_be_made_and_unknown_names_are_refused() -> None:
    for name in bot_names("pog"):
        bot = make_bot(name, 3)
        assert bot.name == name
        assert isinstance(bot, Bot)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("nobody")


def test_heuristic_is_deterministic_for_a_seed() -> None:
    def record(seed: int) -> list[str]:
        s = engine.new_game("historical", seed=4)
        bots = {"ap": HeuristicBot(seed), "cp": HeuristicBot(seed + 1)}
        out = []
        for _ in range(300):
            if engine.is_over(s):
                break
            seat = engine.seat_name(engine.to_act(s))
            assert seat is not None
            a = bots[seat].choose(view(s, seat))
            out.append(a)
            engine.apply(s, a, seat)
        return out

    assert record(9) == record(9)


def test_a_bot_asked_with_no_legal_action_says_so() -> None:
    s = engine.new_game("historical", seed=1)
    v = view(s, "ap")  # the CP is to act: the AP's view has no legal actions
    for name in bot_names("pog"):
        with pytest.raises(ValueError):
            make_bot(name).choose(v)


def test_public_state_holds_only_public_facts() -> None:
    s = engine.new_game("historical", seed=8)
    p = public_state(view(s, "ap"))
    assert p.loc == s.loc and p.red == s.red and p.ctrl == s.ctrl
    assert p.trench == s.trench and p.fort == s.fort and p.vp == s.vp
    assert p.hand[0] == s.hand[0]
    assert p.hand[1] == [] and p.deck == [[], []] and p.later == [[], []]
    assert p.rng == 0 and p.stack == []


def test_battle_odds_follow_the_fire_tables() -> None:
    # Two 5-CF armies (army table, column 9-11) against a lone 1-CF corps (corps table).
    b = battle(10, True, 12, 1, False, 2, 0, 0)
    assert b.inflicted == 2.0  # every roll reaches the corps' two LF
    assert b.clear == 1.0
    # A trench shifts the attacker left and the defender right (11.2.8).
    flat = battle(5, True, 6, 5, True, 6, 0, 0)
    dug = battle(5, True, 6, 5, True, 6, -2, 1)
    assert dug.inflicted < flat.inflicted and dug.taken > flat.taken


def test_the_cheapest_step_loss_is_taken() -> None:
    s = engine.new_game("historical", seed=1)
    an = Analysis(view(s, "cp"))
    from greatwar.pog.bots.heuristic import score_losses

    corps, army = "ge_corps_01", "ge_1"
    scores = score_losses(HeuristicBot(), an, {}, [f"lose {army}", f"lose {corps}"])
    assert scores[1] > scores[0]


def test_an_empty_enemy_vp_space_is_worth_taking() -> None:
    s = engine.new_game("historical", seed=1)
    an = Analysis(view(s, "cp"))
    paris = D.space("paris")
    assert board.vp_space(s, paris)
    assert an.capture_gain(paris) == 0.0  # French units stand there
    sedan = D.space("sedan")
    s.loc = [x if x != sedan else D.reserve_box[0] for x in s.loc]
    board.invalidate(s)
    an = Analysis(view(s, "cp"))
    assert an.capture_gain(sedan) >= 8.0


def test_the_searching_bot_is_given_only_views_and_answers_legal_actions() -> None:
    _s, spies = play("normal", "easy", seed=21, limit=70)
    assert spies["ap"].calls > 0 and spies["cp"].calls > 0
    bot = spies["ap"].bot
    assert getattr(bot, "searched", 0) >= 1  # it searched card choices, from views only


def test_the_last_unit_of_a_threatened_space_does_not_leave_it_for_nothing() -> None:
    # At the start the French 5th Army holds Sedan alone, next to the German armies.
    s = engine.new_game("historical", seed=1)
    an = Analysis(view(s, "ap"))
    sedan, fr5 = D.space("sedan"), D.unit_ix["fr_5"]
    assert an.occ[sedan] == [fr5]
    assert an.foe_reach[sedan] == 1  # the Germans march in the moment it leaves
    assert an.leave_cost(fr5, sedan) >= 8.0  # about a VP space's worth
    # Paris, far behind the front, is not threatened: leaving costs nothing there.
    paris = D.space("paris")
    assert all(an.leave_cost(u, paris) == 0.0 for u in an.occ[paris])


def test_a_unit_is_worth_more_where_the_enemy_masses_than_where_it_is_held() -> None:
    s = engine.new_game("historical", seed=1)
    an = Analysis(view(s, "ap"))
    sedan, dubno = D.space("sedan"), D.space("dubno")
    foe, own = an.sector(sedan)
    assert foe > own  # the German right wing against the French left in 1914
    fr5, ru3 = D.unit_ix["fr_5"], D.unit_ix["ru_3"]
    assert an.sector_need(fr5, sedan) > 0.0
    foe, own = an.sector(dubno)
    assert own >= foe  # the Russians at Dubno outnumber the Austrians near them
    assert an.sector_need(ru3, dubno) == 0.0


def test_war_status_is_worth_most_on_the_way_to_a_better_deck() -> None:
    from greatwar.pog.bots.evaluate import war_status_gain, war_status_worth

    s = engine.new_game("historical", seed=1)
    # 16.1.3: War Status 4 brings the Limited War deck; each point toward it counts.
    assert war_status_worth(4, 0) - war_status_worth(3, 0) > 4.0
    assert war_status_worth(12, 2) - war_status_worth(11, 2) < 1.5  # Total War reached
    assert war_status_worth(4, 1) == war_status_worth(4, 0)  # the level reached is the same
    s.ws[1] = 3
    assert war_status_gain(s, 1, 1) == war_status_worth(4, 0) - war_status_worth(3, 0)


@pytest.mark.rule("16.3.2")
@pytest.mark.rule("16.4.4")
def test_war_status_after_total_war_moves_the_combined_marker_toward_its_thresholds() -> None:
    from greatwar.pog.bots.evaluate import combined_track_worth, evaluate, war_status_gain

    s = engine.new_game("historical", seed=1)
    s.turn = 10
    s.ws, s.commit = [12, 12], [2, 2]
    s.cws = 24
    # 16.1.6: after Total War only the combined marker moves. Toward 33 (with the CP's
    # Russian VP spaces) the Fall of the Tsar comes nearer, which the CP wants; toward 30 the
    # Zimmermann Telegram, which the Allies want.
    s.events["zimmermann_telegram"] = 9  # the Allies have nothing left to climb for
    assert war_status_gain(s, 1, 1) > 1.0
    assert combined_track_worth(s, 25) > combined_track_worth(s, 24)
    del s.events["zimmermann_telegram"]
    s.events["fall_of_the_tsar"] = 8  # the CP has nothing left to climb for
    assert combined_track_worth(s, 25) < combined_track_worth(s, 24)
    assert war_status_gain(s, 0, 1) > 1.0  # the Allies still climb toward the US
    s.events["zimmermann_telegram"] = 9
    assert war_status_gain(s, 0, 1) == 0.0 == war_status_gain(s, 1, 1)
    # 5.7.4 #9: the Fall of the Tsar unplayed costs the CP 2 VP at the end, as good as made.
    s2 = engine.new_game("historical", seed=1)
    s3 = engine.new_game("historical", seed=1)
    s3.events["fall_of_the_tsar"] = 3
    assert evaluate(s3, 1) - evaluate(s2, 1) == pytest.approx(2 * 8.0)


@pytest.mark.rule("5.1.1")
@pytest.mark.rule("6.0E.1")
def test_the_scenarios_last_turn_ends_what_the_track_and_the_blockade_can_bring() -> None:
    # 5.1.1: the game ends with the scenario's last turn (10 in the Limited War scenario, 20 in
    # the Historical one); the Blockade's VP come each winter turn (6.0 E.1) until then, and the
    # combined marker's thresholds are worth less as the game runs out of turns to use them.
    from greatwar.pog.bots.evaluate import combined_track_worth
    from greatwar.pog.bots.heuristic import event_value

    blockade = next(i for i, c in enumerate(D.cards) if c.event_key == "blockade")

    def at(scenario: str, turn: int) -> tuple[State, float]:
        s = engine.new_game(scenario, seed=1)
        s.turn, s.round = turn, 1
        s.ws, s.commit, s.cws = [12, 12], [2, 2], 24
        s.events["zimmermann_telegram"] = 7  # the Fall of the Tsar alone is left to climb for
        return s, event_value(Analysis(view(s, "ap")), blockade, lambda ops: 0.0)

    long_game, long_blockade = at("historical", 8)
    short_game, short_blockade = at("limited", 8)
    assert short_blockade < long_blockade  # one winter left at most, not three
    assert combined_track_worth(short_game, 25) - combined_track_worth(short_game, 24) == (
        pytest.approx(
            (combined_track_worth(long_game, 25) - combined_track_worth(long_game, 24)) / 2
        )
    )  # two turns left of the last four
    ended, _ = at("limited", 10)
    assert combined_track_worth(ended, 25) == combined_track_worth(ended, 24) == 0.0


def test_russian_vp_spaces_are_worth_more_until_brest_litovsk() -> None:
    # 16.4.3-16.4.6: the Russian VP spaces the CP holds move Russia toward capitulation.
    s = engine.new_game("historical", seed=1)
    an = Analysis(view(s, "cp"))
    warsaw, sedan = D.space("warsaw"), D.space("sedan")
    before = an.space_worth(warsaw)
    assert before > an.space_worth(sedan) + 4.0  # both VP spaces; Warsaw is also a fort
    s.events["treaty_of_brest_litovsk"] = 5  # Russia is out of the war: no more to gain
    an = Analysis(view(s, "cp"))
    assert an.space_worth(warsaw) == before - 4.0


def test_the_central_powers_plan_per_front_calls_units_to_a_front_left_short() -> None:
    from greatwar.pog.bots import analysis

    # Five German armies of the west sent east in 1914: the west holds less than
    # its front_hold share of the Allies' factors there (by more than an army), the east more
    # than enough.
    s = engine.new_game("historical", seed=1)
    breslau = D.space("breslau")
    for uid in ("ge_2", "ge_3", "ge_4", "ge_5", "ge_6"):
        s.loc[D.unit_ix[uid]] = breslau
    s.cache = {}
    west, east = analysis.FRONTS.index("west"), analysis.FRONTS.index("east")
    mulhouse, aachen = D.space("mulhouse"), D.space("aachen")
    ge2, ge7 = D.unit_ix["ge_2"], D.unit_ix["ge_7"]
    saved = dict(analysis.WEIGHTS)
    weights, hold = saved["front"], saved["front_hold"]
    assert weights[1] > 0.0 == weights[0]  # the Central Powers plan; the Allies do not
    try:
        an = Analysis(view(s, "cp"))
        assert an.front_own[west] + 5 < hold[1] * an.front_foe[west]
        assert an.front_own[east] > an.front_foe[east]
        # an army brought back west fills the gap; one more in the east adds nothing
        need = an.front_need(aachen, 5, east)
        assert need == pytest.approx(weights[1] * 5)
        assert an.front_need(breslau, 5, east) == 0.0
        assert an.front_need(mulhouse, 5, west) > 0.0  # ge_7 is counted there already
        with_plan = an.potential(ge2, aachen)
        analysis.set_weights({**saved, "front": (0.0, 0.0)})
        assert Analysis(view(s, "cp")).potential(ge2, aachen) == pytest.approx(with_plan - need)
        assert Analysis(view(s, "ap")).front_w == 0.0
    finally:
        analysis.set_weights(saved)
    assert Analysis(view(s, "cp")).potential(ge2, aachen) == pytest.approx(with_plan)
    assert ge7 in Analysis(view(s, "cp")).occ[mulhouse]


def test_same_decisions_with_the_live_weights_finds_where_the_live_bots_differ(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Since issue 29 the live Central Powers follow a plan per front and redeploy less than
    the yardsticks: the checking command with the live weights says the games differ (with the
    yardsticks' weights, its own test in test_yardstick.py checks they agree), and the weights
    are left as they were."""
    from greatwar.pog.bots import analysis, same_decisions

    weights = dict(analysis.WEIGHTS)
    assert same_decisions.main(["--live", "easy:2:600"]) == 1
    assert "DIFFERENT from decision" in capsys.readouterr().out
    assert same_decisions.main(["easy:2:30"]) == 0
    assert weights == analysis.WEIGHTS


def test_trial_weights_are_checked_and_set_whole() -> None:
    # issue 29 item 4: a trial names weights per side; a typo must not run a silent baseline
    from greatwar.pog.bots import analysis

    got = analysis.parse_weights(" sr=1.2,0.6; loss=1,1.4 ")
    assert got["sr"] == (1.2, 0.6) and got["loss"] == (1.0, 1.4)
    assert got["rp"] == analysis.LIVE_WEIGHTS["rp"]
    with pytest.raises(ValueError, match=r"no weight 'srr'.*known: front"):
        analysis.parse_weights("srr=1,1")
    with pytest.raises(ValueError, match="is not NAME=ALLIES,CENTRAL_POWERS"):
        analysis.parse_weights("sr=1")
    with pytest.raises(ValueError, match="must name exactly"):
        analysis.set_weights({"sr": (1.0, 1.0)})
    # the yardsticks' weights: the live ones with the plan per front off and the redeployment
    # the yardsticks had, alike for both sides
    differ = {
        k
        for k in analysis.LIVE_WEIGHTS
        if analysis.LIVE_WEIGHTS[k] != analysis.YARDSTICK_WEIGHTS[k]
    }
    assert differ == {"front", "sr"}
    assert analysis.YARDSTICK_WEIGHTS["front"] == (0.0, 0.0)
    assert analysis.YARDSTICK_WEIGHTS["sr"] == (1.2, 1.2)


def test_a_trial_sets_the_evaluator_s_constants_by_name() -> None:
    """GREATWAR_EVAL (docs/bots.md): named constants of the evaluator, others refused."""
    import os
    import subprocess
    import sys

    from greatwar.pog.bots import evaluate

    assert evaluate.parse_constants(" THREAT=0.8, FRONT=1 ") == {"THREAT": 0.8, "FRONT": 1.0}
    assert evaluate.parse_constants("") == {}
    with pytest.raises(ValueError, match=r"no constant 'WIN'.*known: THREAT"):
        evaluate.parse_constants("WIN=1")
    with pytest.raises(ValueError, match="not NAME=NUMBER"):
        evaluate.parse_constants("THREAT=high")
    code = "from greatwar.pog.bots import evaluate as e; print(e.THREAT, e.FRONT)"
    env = {**os.environ, "GREATWAR_EVAL": "THREAT=0.8"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["0.8", str(evaluate.FRONT)], out.stderr


def test_the_last_turn_buys_no_replacements_and_keeps_no_card_past_the_end() -> None:
    # 5.1.1: victory is the VP level when the game ends, at the end of the last turn (6.0 H),
    # so what that turn's Replacement Phase (6.0 F) would rebuild is worth nothing, and a card
    # still in hand after a side's last action round (8.1.1: six a turn) does nothing either,
    # but a combat card kept may serve in that round's combats; the Central Powers act first in
    # each round (8.1.2): a unit they redeploy may still hold a space against the Allies' last.
    from greatwar.pog.bots.heuristic import keep_value, rp_needs, rp_value, sr_value

    s = engine.new_game("historical", seed=1)
    corps = D.unit("ge_corps_01")
    s.loc[corps] = D.eliminated_box[1]
    board.invalidate(s)
    card = next(i for i, c in enumerate(D.cards) if c.side == 1 and any(p == "ge" for p, _ in c.rp))
    combat = next(i for i, c in enumerate(D.cards) if c.side == 1 and c.combat_card)
    plain = next(
        i for i, c in enumerate(D.cards) if c.side == 0 and not c.combat_card and c.ops >= 3
    )

    def at(turn: int, rnd: int, seat: str) -> Analysis:
        s.turn, s.round = turn, rnd
        return Analysis(view(s, seat))

    before = at(19, 1, "cp")
    assert rp_value(before, card, rp_needs(before)) > 0
    last = at(20, 1, "cp")
    assert rp_value(last, card, rp_needs(last)) == 0.0
    assert keep_value(at(20, 5, "ap"), plain) > 0  # a round is left to play it in
    assert keep_value(at(20, 6, "ap"), plain) == 0.0
    assert keep_value(at(20, 6, "cp"), combat) > 0
    ap_combat = next(i for i, c in enumerate(D.cards) if c.side == 0 and c.combat_card)
    assert keep_value(at(20, 6, "ap"), ap_combat) > 0  # for a combat of this very round
    # and the Allies' last action is the game's: a unit redeployed then never acts
    assert sr_value(at(20, 5, "ap"), 4) > 0 and sr_value(at(20, 6, "cp"), 4) > 0
    assert sr_value(at(20, 6, "ap"), 4) == 0.0
