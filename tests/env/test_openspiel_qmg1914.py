"""The OpenSpiel adapter for Quartermaster General: 1914: five players in two teams, one
chance node (the deal), information states from views, resampling, and OpenSpiel's own ISMCTS
bot playing whole games."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from greatwar.core.games import game as find_game  # noqa: E402
from greatwar.env.openspiel import play, register  # noqa: E402

G = find_game("qmg1914")
CENTRAL = (0, 2)  # ahoe, de


def _team_returns(winner: str) -> list[float]:
    return [1.0 if (p in CENTRAL) == (winner == "central") else -1.0 for p in range(5)]


@pytest.fixture(scope="module")
def game():
    return pyspiel.load_game(register("qmg1914"))


def test_the_game_is_declared_for_five_players_in_two_teams(game):
    t = game.get_type()
    assert t.short_name == "greatwar_qmg1914"
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM  # two against three
    assert game.num_players() == 5
    assert game.num_distinct_actions() == len(G.encoder().vocabulary)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 65536
    state.apply_action(42)
    assert G.hash(state._world.s) == G.hash(G.new_game("standard", None, 42))
    assert state.current_player() == 0  # AH&OE keeps its opening hand first


def test_the_deal_is_the_only_chance_node(game):
    """The game has no dice: after the deal, every node is a player's or terminal."""
    rng = np.random.RandomState(0)
    state = game.new_initial_state()
    state.apply_action(0)
    players = set()
    while not state.is_terminal():
        assert not state.is_chance_node()
        players.add(state.current_player())
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert players == set(range(5))
    winner = G.outcome(state._world.s)["outcome"]
    assert state.returns() == _team_returns(winner)


def test_information_state_ignores_what_the_player_cannot_see(game):
    rng = np.random.RandomState(1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    state.apply_action(9)
    checked = 0
    while not state.is_terminal() and checked < 40:
        player = state.current_player()
        if rng.random_sample() < 0.2:
            for p in range(5):
                world = state.resample_from_infostate(p, sampler)
                assert world.information_state_string(p) == state.information_state_string(p)
                assert world.observation_tensor(p) == state.observation_tensor(p)
                if p == player:
                    assert world.legal_actions() == state.legal_actions()
            checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    # Another power's hand does change the information state of that power alone.
    other = state.clone()
    s, o = state._world.s, other._world.s
    o.hand[1], o.deck[1] = (
        list(s.deck[1][: len(s.hand[1])]),
        list(s.hand[1]) + s.deck[1][len(s.hand[1]) :],
    )
    assert o.hand[1] != s.hand[1]
    assert other.information_state_string(1) != state.information_state_string(1)
    for p in (0, 2, 3, 4):
        assert other.information_state_string(p) == state.information_state_string(p)


def test_random_bots_play_legal_games_and_openspiels_fuzzer_passes(game):
    bots = [pyspiel.make_uniform_random_bot(p, p) for p in range(5)]
    returns = play(game, bots, np.random.RandomState(3))
    assert returns in (_team_returns("central"), _team_returns("entente"))
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_ismcts_plays_full_games_against_the_random_bot(game):
    """OpenSpiel's ISMCTS (a small budget: 5 simulations a decision, rollouts of 10 moves)
    plays one team's powers against random powers, each team in turn, through the adapter; every
    game ends with a result, team returns and a valid final position."""
    for seed in range(3):
        team = CENTRAL if seed % 2 == 0 else (1, 3, 4)
        bots = []
        for p in range(5):
            if p in team:
                evaluator = mcts.RandomRolloutEvaluator(
                    n_rollouts=1, random_state=np.random.RandomState(seed), max_length=10
                )
                bots.append(
                    ismcts.ISMCTSBot(
                        game, evaluator, 2.0, 5, random_state=np.random.RandomState(10 * seed + p)
                    )
                )
            else:
                bots.append(pyspiel.make_uniform_random_bot(p, seed))
        state = game.new_initial_state()
        rng = np.random.RandomState(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                state.apply_action(int(bots[state.current_player()].step(state)))
        final = state._world.s
        result = G.outcome(final)
        assert result is not None and G.problems(final) == []
        assert state.returns() == _team_returns(result["outcome"])
