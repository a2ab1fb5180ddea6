"""The OpenSpiel adapter: chance nodes, information states, resampling, and OpenSpiel's own
ISMCTS bot playing whole Paths of Glory games."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from greatwar.core.games import game as find_game  # noqa: E402
from greatwar.env.openspiel import play, register  # noqa: E402


@pytest.fixture(scope="module")
def game():
    return pyspiel.load_game(register("pog"), {"scenario": "introductory"})


def _sample_chance(state, rng):
    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
    assert abs(sum(probs) - 1.0) < 1e-9
    return int(rng.choice(outcomes, p=probs))


def test_the_game_is_declared_for_search(game):
    t = game.get_type()
    assert t.short_name == "greatwar_pog"
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == 2
    assert register("pog") == "greatwar_pog"  # registering again is harmless
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 65536


def test_the_deal_is_the_engines_game_of_that_seed(game):
    g = find_game("pog")
    state = game.new_initial_state()
    state.apply_action(42)
    assert g.hash(state._world.s) == g.hash(g.new_game("introductory", None, 42))
    assert state.current_player() == 1  # the CP decides first (Guns of August)


def test_dice_are_chance_nodes_with_six_outcomes(game):
    rng = np.random.RandomState(0)
    state = game.new_initial_state()
    state.apply_action(1)
    dice = 0
    while not state.is_terminal() and dice < 5:
        if state.is_chance_node():
            assert [p for _, p in state.chance_outcomes()] == [1 / 6] * 6
            before = state.clone()
            state.apply_action(3)
            if not state.is_chance_node():  # the action is applied with its dice
                dies = [e for e in state._world.s.log if e["k"] == "die"]
                assert dies[-1]["a"]["die"] == 4
                assert before.history() != state.history()
            dice += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert dice == 5


def test_information_state_ignores_what_the_player_cannot_see(game):
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    state.apply_action(9)
    checked = 0
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    while not state.is_terminal() and checked < 25:
        if state.is_chance_node():
            state.apply_action(_sample_chance(state, rng))
            continue
        player = state.current_player()
        for p in (player, 1 - player):
            world = state.resample_from_infostate(p, sampler)
            assert world.information_state_string(p) == state.information_state_string(p)
            assert world.observation_string(p) == state.observation_string(p)
            assert world.observation_tensor(p) == state.observation_tensor(p)
            if p == player:  # its own choices are in its view
                assert world.legal_actions() == state.legal_actions()
        checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    # A different hand does change the information state: the strings can tell.
    s = state._world.s
    other = state.clone()
    o = other._world.s
    o.hand[0], o.deck[0] = (
        list(s.deck[0][: len(s.hand[0])]),
        list(s.hand[0]) + s.deck[0][len(s.hand[0]) :],
    )
    assert other.information_state_string(0) != state.information_state_string(0)
    assert other.information_state_string(1) == state.information_state_string(1)


def test_the_tokens_of_an_unfinished_decision_are_the_deciders_alone(game):
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    state.apply_action(5)
    while True:
        if state.is_chance_node():
            state.apply_action(_sample_chance(state, rng))
            continue
        player = state.current_player()
        before = [state.information_state_string(p) for p in (0, 1)]
        state.apply_action(int(rng.choice(state.legal_actions())))
        if state.current_player() == player and state._prefix:
            break
    assert state.information_state_string(player) != before[player]
    assert state.information_state_string(1 - player) == before[1 - player]


def test_a_clone_is_independent(game):
    state = game.new_initial_state()
    state.apply_action(3)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert state.history() == [3] and copy.history() != state.history()
    assert find_game("pog").hash(state._world.s) != find_game("pog").hash(copy._world.s) or (
        copy._prefix != state._prefix
    )


def test_random_bots_play_full_legal_games(game):
    g = find_game("pog")
    for seed in range(2):
        bots = [pyspiel.make_uniform_random_bot(p, seed) for p in (0, 1)]
        returns = play(game, bots, np.random.RandomState(seed))
        assert returns in ([0.0, 0.0], [1.0, -1.0], [-1.0, 1.0])
    # OpenSpiel's own fuzzer: legal actions, chance outcomes, strings and tensors throughout.
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    del g


def test_ismcts_plays_five_full_games_against_the_random_bot(game):
    """OpenSpiel's ISMCTS (a small budget: 5 simulations a decision, rollouts of 10 moves)
    plays whole Introductory games through the adapter; every game ends with a result and a
    valid final position."""
    g = find_game("pog")
    results = []
    for seed in range(5):
        evaluator = mcts.RandomRolloutEvaluator(
            n_rollouts=1, random_state=np.random.RandomState(seed), max_length=10
        )
        searcher = ismcts.ISMCTSBot(
            game, evaluator, 2.0, 5, random_state=np.random.RandomState(100 + seed)
        )
        random_bot = pyspiel.make_uniform_random_bot(1 - seed % 2, seed)
        bots = [searcher, random_bot] if seed % 2 == 0 else [random_bot, searcher]
        state = game.new_initial_state()
        rng = np.random.RandomState(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_sample_chance(state, rng))
            else:
                state.apply_action(int(bots[state.current_player()].step(state)))
        final = state._world.s
        assert g.outcome(final) is not None and g.problems(final) == []
        results.append(state.returns())
    assert all(r in ([0.0, 0.0], [1.0, -1.0], [-1.0, 1.0]) for r in results)
