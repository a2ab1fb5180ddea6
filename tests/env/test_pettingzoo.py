"""The PettingZoo environment, its Gymnasium wrapper and the token protocol."""

from __future__ import annotations

import ast
import random
import warnings
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from greatwar.core.errors import IllegalActionError, MalformedActionError  # noqa: E402
from greatwar.core.games import game  # noqa: E402
from greatwar.core.research import END, determinizer_of, encoder_of  # noqa: E402
from greatwar.env import pog  # noqa: E402
from greatwar.env.aec import GreatWarEnv  # noqa: E402
from greatwar.env.docs import feature_tables  # noqa: E402
from greatwar.env.single import SingleAgentEnv  # noqa: E402
from greatwar.env.tokens import Decision  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

# PettingZoo 1.27's api_test warns for every Dict observation space and every dict observation
# of an environment missing from its hard-coded list of its own classic games, even with the
# classic {"observation", "action_mask"} layout it recommends. Upstream removed both warnings as
# false positives (Farama-Foundation/PettingZoo#1391, after 1.27.0); these two, and only these,
# are tolerated.
SPURIOUS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}


def _warnings_of(fn: object) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fn()  # type: ignore[operator]
    return [str(w.message) for w in caught]


def test_api_test_passes_without_warnings():
    messages = _warnings_of(lambda: api_test(pog.env(scenario="introductory"), num_cycles=1000))
    assert [m for m in messages if m not in SPURIOUS] == []


def test_with_the_mask_in_the_infos_api_test_gives_no_warning_at_all():
    messages = _warnings_of(
        lambda: api_test(pog.env(scenario="introductory", action_mask_in="info"), num_cycles=1000)
    )
    assert messages == []


def test_with_the_mask_in_the_infos_seed_test_gives_no_warning_at_all():
    messages = _warnings_of(
        lambda: seed_test(
            lambda: pog.env(scenario="introductory", action_mask_in="info"), num_cycles=500
        )
    )
    assert messages == []


def test_the_mask_in_the_infos_is_the_mask_of_the_dict_layout():
    plain = pog.raw_env(scenario="introductory")
    flat = pog.raw_env(scenario="introductory", action_mask_in="info")
    plain.reset(seed=9)
    flat.reset(seed=9)
    rng = np.random.default_rng(9)
    for _ in range(300):
        if plain.decision is None:
            break
        agent = plain.agent_selection
        assert flat.agent_selection == agent
        obs = plain.observe(agent)
        flat_obs = flat.observe(agent)
        assert isinstance(flat_obs, np.ndarray)
        assert np.array_equal(flat_obs, obs["observation"])
        for other in plain.agents:
            assert np.array_equal(
                flat.infos[other]["action_mask"], plain.observe(other)["action_mask"]
            )
        token = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        plain.step(token)
        flat.step(token)


def test_the_mask_layout_must_be_one_of_the_two():
    with pytest.raises(MalformedActionError, match="action_mask_in"):
        pog.raw_env(action_mask_in="obs")


def test_seed_test_passes_without_warnings():
    messages = _warnings_of(
        lambda: seed_test(lambda: pog.env(scenario="introductory"), num_cycles=500)
    )
    assert messages == []


def _random_game(env, seed, steps=None):
    """Random legal tokens until the end (or ``steps``); returns the observations seen."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    seen = []
    for agent in env.agent_iter(steps or 10**9):
        obs, _, term, trunc, _ = env.last()
        seen.append((agent, obs))
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return seen


def test_a_whole_game_ends_with_results_for_every_agent():
    env = pog.raw_env(scenario="introductory")
    seen = _random_game(env, seed=4)
    assert env.agents == []
    final = [obs for _, obs in seen[-2:]]
    assert all(not o["action_mask"].any() for o in final)
    result = env.game.outcome(env.state_)
    assert result is not None and env.game.problems(env.state_) == []
    returns = env.returns()
    if result["outcome"] == "draw":
        assert returns == {"ap_0": 0.0, "cp_1": 0.0}
    else:
        win = "ap_0" if result["outcome"] == "ap" else "cp_1"
        assert returns[win] == 1.0 and sum(returns.values()) == 0.0


def test_reset_with_a_seed_is_the_engines_game_of_that_seed():
    env = pog.raw_env(scenario="introductory")
    env.reset(seed=7)
    g = game("pog")
    assert g.hash(env.state_) == g.hash(g.new_game("introductory", None, 7))
    first = env.observe(env.agent_selection)
    env.reset(seed=8)
    env.reset(seed=7)
    again = env.observe(env.agent_selection)
    assert np.array_equal(first["observation"], again["observation"])


def test_the_agent_selected_is_the_seat_to_act_and_the_mask_is_its_alone():
    env = pog.raw_env(scenario="introductory")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(150):
        agent = env.agent_selection
        seat = env._seat[agent]
        assert env.game.to_act(env.state_) == seat
        other = next(a for a in env.possible_agents if a != agent)
        assert not env.observe(other)["action_mask"].any()
        mask = env.observe(agent)["action_mask"]
        assert sorted(np.flatnonzero(mask)) == env.legal_tokens()
        env.step(int(rng.choice(np.flatnonzero(mask))))


def test_observation_shows_the_tokens_chosen_so_far():
    env = pog.raw_env(scenario="introductory")
    env.reset(seed=5)
    # Find a decision of more than one token and take its first token.
    rng = np.random.default_rng(5)
    while True:
        legal = env.legal_actions()
        if any(len(a.split()) > 1 for a in legal):
            break
        env.step(env.legal_tokens()[0])
    verb = next(a for a in legal if len(a.split()) > 1).split()[0]
    agent = env.agent_selection
    before = env.observe(agent)["observation"]
    env.step(env.vocabulary.index(verb))
    assert env.agent_selection == agent
    after = env.observe(agent)["observation"]
    size = env.encoder.size
    assert np.array_equal(before[:size], after[:size])
    assert after[size + env.vocabulary.index(verb)] == 1.0
    assert after[size:].sum() == 1.0 and before[size:].sum() == 0.0
    other = next(a for a in env.possible_agents if a != agent)
    assert env.observe(other)["observation"][size:].sum() == 0.0  # private to the decider
    del rng


def test_illegal_input_raises_and_changes_nothing():
    env = pog.raw_env(scenario="introductory")
    env.reset(seed=2)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    h = env.game.hash(env.state_)
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    with pytest.raises(MalformedActionError):
        env.step(len(env.vocabulary))
    with pytest.raises(MalformedActionError):
        env.step("play")
    assert env.game.hash(env.state_) == h and env.decision.prefix == ()
    assert np.array_equal(env.observe(env.agent_selection)["action_mask"], mask)


def test_the_wrapped_env_ends_the_game_on_an_illegal_token():
    env = pog.env(scenario="introductory")
    env.reset(seed=2)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))  # PettingZoo logs "Illegal move made"
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1


def test_max_steps_truncates_for_every_agent():
    env = pog.raw_env(scenario="introductory", max_steps=25)
    seen = _random_game(env, seed=1)
    assert env.steps == 25 and env.agents == []
    assert len([a for a, _ in seen]) == 25 + 2  # the 25 steps, then each agent's last()


def test_bad_options_are_refused():
    with pytest.raises(MalformedActionError):
        pog.raw_env(scenario="no_such_scenario")
    with pytest.raises(MalformedActionError):
        pog.raw_env(max_steps=0)
    with pytest.raises(MalformedActionError):
        SingleAgentEnv("pog", seat="xx")
    with pytest.raises(MalformedActionError):
        SingleAgentEnv("pog", opponent="nobody")


# -- the token protocol ----------------------------------------------------------------------


def test_a_decision_walks_the_prefix_tree():
    d = Decision(["choose", "choose yes", "choose no", "done"])
    assert d.next_tokens() == {"choose", "done"}
    assert d.push("choose") is None
    assert d.next_tokens() == {END, "yes", "no"}  # 'choose' alone is legal too
    assert d.push(END) == "choose"
    d = Decision(["choose", "choose yes"])
    d.push("choose")
    assert d.push("yes") == "choose yes"
    d = Decision(["move ge_1 liege", "move ge_1 namur", "move ge_2 liege"])
    d.push("move")
    assert d.next_tokens() == {"ge_1", "ge_2"}
    with pytest.raises(IllegalActionError):
        d.push("liege")
    assert d.prefix == ("move",)
    with pytest.raises(IllegalActionError):
        d.push(END)
    assert d.push("ge_2") is None  # one action left, but its tokens are still chosen
    assert d.next_tokens() == {"liege"}
    assert d.push("liege") == "move ge_2 liege"


@pytest.mark.parametrize("scenario", ["introductory", "historical"])
def test_every_legal_action_is_spelled_by_vocabulary_tokens(scenario):
    g = game("pog")
    vocab = set(encoder_of(g).vocabulary)
    s = g.new_game(scenario, None, 21)
    rng = random.Random(21)
    for _ in range(300):
        if g.to_act(s) is None:
            break
        legal = [str(a) for a in g.legal_actions(s)]
        assert {t for a in legal for t in a.split()} <= vocab
        # Walking an action's tokens through the tree plays exactly that action.
        assert Decision(legal).next_tokens() == {a.split()[0] for a in legal}
        for text in rng.sample(legal, min(len(legal), 20)):
            d = Decision(legal)
            *head, last = text.split()
            assert all(d.push(t) is None for t in head)
            assert d.push(last) == text
        g.apply_unchecked(s, rng.choice(g.legal_actions(s)))


# -- hidden information ------------------------------------------------------------------------


def _positions(seed: int, count: int):
    """Positions of a random introductory game, every few actions."""
    g = game("pog")
    s = g.new_game("introductory", None, seed)
    rng = random.Random(seed)
    out = []
    while g.to_act(s) is not None and len(out) < count:
        if g.chance(s) % 3 == 0 or rng.random() < 0.1:
            out.append(g.clone(s))
        g.apply_unchecked(s, rng.choice(g.legal_actions(s)))
    return out


def test_an_observation_never_depends_on_the_other_seats_hidden_cards():
    g = game("pog")
    enc = encoder_of(g)
    det = determinizer_of(g)
    changed = 0
    for i, s in enumerate(_positions(seed=13, count=20)):
        for seat in g.seats:
            other = 1 - g.seats.index(seat)
            world = det.resample(s, seat, seed=i)
            # The other seat's hand and the draw piles are different cards or orders...
            changed += world.hand[other] != s.hand[other]
            # ...and the seat's view and observation are the same.
            assert g.view(world, seat) == g.view(s, seat)
            assert enc.features(g.view(world, seat)) == enc.features(g.view(s, seat))
    assert changed > 10
    # The check can fail: the seat's own hand does show.
    s = _positions(seed=13, count=3)[-1]
    mine = g.clone(s)
    mine.hand[0], mine.deck[0] = (
        mine.deck[0][: len(mine.hand[0])],
        mine.hand[0] + mine.deck[0][len(mine.hand[0]) :],
    )
    assert enc.features(g.view(mine, "ap")) != enc.features(g.view(s, "ap"))


def test_observation_values_are_within_the_space():
    env = pog.raw_env(scenario="introductory")
    space = env.observation_space("ap_0")
    for agent, obs in _random_game(env, seed=9)[::7]:
        assert space.contains(obs), agent


# -- the Gymnasium wrapper -----------------------------------------------------------------------


def test_single_agent_env_plays_a_seat_against_a_bot():
    env = SingleAgentEnv("pog", seat="cp", opponent="random", scenario="introductory")
    obs, _info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    total, steps = 0.0, 0
    terminated = truncated = False
    while not (terminated or truncated):
        assert env.aec.agent_selection == "cp_1"
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
        obs, reward, terminated, truncated, _info = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        assert env.observation_space.contains(obs)
        total += reward
        steps += 1
    assert terminated and total in (-1.0, 0.0, 1.0)
    assert total == env.aec.returns()["cp_1"]
    with pytest.raises(MalformedActionError):
        env.step(0)


def test_single_agent_env_is_deterministic_for_a_seed():
    def run():
        env = SingleAgentEnv("pog", seat="ap", opponent="random", scenario="introductory")
        obs, _ = env.reset(seed=11)
        rng = np.random.default_rng(0)
        trace = []
        for _ in range(60):
            obs, _r, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            trace.append(env.aec.game.hash(env.aec.state_))
            if term or trunc:
                break
        return trace

    assert run() == run()


# -- documentation and layering ------------------------------------------------------------------


def test_docs_list_every_feature_of_the_encoding():
    page = (ROOT / "docs" / "env.md").read_text(encoding="utf-8")
    begin, end = "<!-- features:begin -->\n", "<!-- features:end -->"
    assert page[page.index(begin) + len(begin) : page.index(end)] == feature_tables("pog")
    enc = encoder_of(game("pog"))
    assert sum(b.size for b in enc.blocks) == enc.size == GreatWarEnv().encoder.size


def test_env_and_core_import_no_game_package():
    """DESIGN: nothing outside the game packages imports them (the env reaches a game through
    its descriptor)."""
    for folder in ("env", "core"):
        for path in (ROOT / "src" / "greatwar" / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                for name in names:
                    assert not name.startswith(("greatwar.pog", "greatwar.qmg1914")), path


def test_bench_measures_steps():
    from greatwar.env.bench import run

    r = run("pog", "introductory", 1, 0)
    assert r["steps"] > 0 and r["actions"] > 0 and r["steps"] >= r["actions"]
