"""Quartermaster General: 1914 in the research environment: the PettingZoo environment, its
encoder (views only) and its determinizer (hidden cards redrawn, never leaked)."""

from __future__ import annotations

import random
import re
import warnings
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from greatwar.core.errors import IllegalActionError, MalformedActionError  # noqa: E402
from greatwar.core.games import game  # noqa: E402
from greatwar.core.research import determinizer_of, encoder_of  # noqa: E402
from greatwar.env import qmg1914  # noqa: E402
from greatwar.env.bench import run as bench_run  # noqa: E402
from greatwar.env.docs import feature_tables  # noqa: E402
from greatwar.env.single import SingleAgentEnv  # noqa: E402
from greatwar.env.tokens import Decision  # noqa: E402
from greatwar.qmg1914.data import CARD_IDS  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
AGENTS = ["ahoe_0", "ru_1", "de_2", "frit_3", "ukus_4"]
CENTRAL = {"ahoe_0", "de_2"}
G = game("qmg1914")
ENC = encoder_of(G)
DET = determinizer_of(G)

# PettingZoo 1.27's two false-positive warnings for a dict observation (see test_pettingzoo.py);
# with action_mask_in="info" there must be none at all.
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


def test_api_test_with_the_mask_in_the_infos_gives_no_warning_at_all():
    assert _warnings_of(lambda: api_test(qmg1914.env(action_mask_in="info"), 1000)) == []


def test_seed_test_with_the_mask_in_the_infos_gives_no_warning_at_all():
    messages = _warnings_of(
        lambda: seed_test(lambda: qmg1914.env(action_mask_in="info"), num_cycles=500)
    )
    assert messages == []


def test_api_test_with_the_dict_observation_gives_only_pettingzoos_false_positives():
    messages = _warnings_of(lambda: api_test(qmg1914.env(), num_cycles=300))
    assert [m for m in messages if m not in SPURIOUS] == []


def test_the_agents_are_the_five_powers():
    env = qmg1914.raw_env()
    assert env.possible_agents == AGENTS
    assert env.scenario == "standard" and env.metadata["name"] == "qmg1914_v0"
    space = env.observation_space("ru_1")
    assert space["observation"].shape == (ENC.size + (ENC.max_tokens - 1) * len(ENC.vocabulary),)
    with pytest.raises(MalformedActionError):
        qmg1914.raw_env(scenario="introductory")
    with pytest.raises(MalformedActionError):
        qmg1914.raw_env(options={"mulligan": "yes"})


def _random_game(env, seed, steps=None):
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    seen = []
    for agent in env.agent_iter(steps or 10**9):
        obs, reward, term, trunc, _ = env.last()
        seen.append((agent, obs, reward))
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return seen


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_game_ends_with_a_result_for_every_agent(seed):
    env = qmg1914.raw_env(options={"mulligan": True})
    seen = _random_game(env, seed)
    assert env.agents == []
    assert {a for a, _, _ in seen[-5:]} == set(AGENTS)  # each agent's last(), masks empty
    assert all(not o["action_mask"].any() for _, o, _ in seen[-5:])
    result = env.game.outcome(env.state_)
    assert result is not None and env.game.problems(env.state_) == []
    winners = CENTRAL if result["outcome"] == "central" else set(AGENTS) - CENTRAL
    assert env.returns() == {a: 1.0 if a in winners else -1.0 for a in AGENTS}
    assert {a: r for a, _, r in seen[-5:]} == env.returns()  # each agent's last() reward


def test_reset_with_a_seed_is_the_engines_game_and_is_deterministic():
    env = qmg1914.raw_env()
    env.reset(seed=7)
    assert G.hash(env.state_) == G.hash(G.new_game("standard", None, 7))

    def trace():
        e = qmg1914.raw_env(action_mask_in="info")
        rng = np.random.default_rng(3)
        e.reset(seed=11)
        out = []
        for _ in range(400):
            obs = e.observe(e.agent_selection)
            out.append((e.agent_selection, obs.tobytes()))
            e.step(int(rng.choice(np.flatnonzero(e.infos[e.agent_selection]["action_mask"]))))
        return out, G.hash(e.state_)

    assert trace() == trace()
    env.reset(seed=8)
    other = env.observe(env.agent_selection)["observation"]
    env.reset(seed=7)
    assert not np.array_equal(other, env.observe(env.agent_selection)["observation"])


def test_the_agent_selected_is_the_power_to_act_and_the_mask_is_its_alone():
    env = qmg1914.raw_env()
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    size = ENC.size
    for _ in range(300):
        agent = env.agent_selection
        assert env.game.to_act(env.state_) == env._seat[agent]
        for other in AGENTS:
            if other != agent:
                obs = env.observe(other)
                assert not obs["action_mask"].any() and not obs["observation"][size:].any()
        mask = env.observe(agent)["action_mask"]
        assert sorted(np.flatnonzero(mask)) == env.legal_tokens()
        env.step(int(rng.choice(np.flatnonzero(mask))))


def test_illegal_input_raises_and_changes_nothing():
    env = qmg1914.raw_env()
    env.reset(seed=2)
    mask = env.observe(env.agent_selection)["action_mask"]
    h = G.hash(env.state_)
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(MalformedActionError):
        env.step(len(env.vocabulary))
    assert G.hash(env.state_) == h and env.decision.prefix == ()


def test_every_legal_action_is_spelled_by_vocabulary_tokens():
    vocab = set(ENC.vocabulary)
    assert ENC.vocabulary[0] == "<end>" and len(vocab) == len(ENC.vocabulary)
    for seed in (21, 22):
        s = G.new_game("standard", None, seed)
        rng = random.Random(seed)
        while G.to_act(s) is not None:
            legal = [str(a) for a in G.legal_actions(s)]
            assert {t for a in legal for t in a.split()} <= vocab
            assert max(len(a.split()) for a in legal) <= ENC.max_tokens
            text = rng.choice(legal)
            d = Decision(legal)
            *head, last = text.split()
            assert all(d.push(t) is None for t in head)
            assert d.push(last) == text
            G.apply_unchecked(s, G.check(s, text))


def test_observation_values_are_within_the_space():
    env = qmg1914.raw_env()
    space = env.observation_space("ahoe_0")
    for agent, obs, _ in _random_game(env, seed=9)[::11]:
        assert space.contains(obs), agent


# -- hidden information ------------------------------------------------------------------------


def _positions(seed: int, every: float = 0.04):
    """Positions of a random game (a few in each phase, set-up included)."""
    s = G.new_game("standard", None, seed)
    rng = random.Random(seed)
    out = [G.clone(s)]
    while G.to_act(s) is not None:
        if rng.random() < every:
            out.append(G.clone(s))
        G.apply_unchecked(s, rng.choice(G.legal_actions(s)))
    return out


def _hidden_swap(s, p: int) -> object | None:
    """``s`` with a card of power ``p``'s hand swapped with a different card of its deck."""
    t = G.clone(s)
    for i, k in enumerate(t.hand[p]):
        for j, m in enumerate(t.deck[p]):
            if m != k:
                t.hand[p][i], t.deck[p][j] = m, k
                return t
    return None


def test_an_observation_never_holds_another_powers_hidden_cards():
    """Two states that differ only in one power's hidden cards (a card of its hand swapped with
    one of its deck) give every other power the same view and observation; the power itself
    sees the difference (so the check can fail)."""
    compared = 0
    for s in _positions(seed=13)[:25]:
        for p, owner in enumerate(G.seats):
            t = _hidden_swap(s, p)
            if t is None:
                continue
            for seat in G.seats:
                same = ENC.features(G.view(t, seat)) == ENC.features(G.view(s, seat))
                assert same == (seat != owner), (owner, seat)
                compared += 1
    assert compared > 300


def test_the_prepared_cards_and_face_down_discards_are_hidden_too():
    for s in _positions(seed=5):
        for p in range(5):
            if s.prepared[p] and s.dhidden[p] and s.deck[p]:
                t = G.clone(s)
                t.prepared[p][0], t.deck[p][0] = t.deck[p][0], t.prepared[p][0]
                t.discard[p][0], t.deck[p][-1] = t.deck[p][-1], t.discard[p][0]
                for seat in G.seats:
                    changed = ENC.features(G.view(t, seat)) != ENC.features(G.view(s, seat))
                    assert changed == (seat == G.seats[p])
                return
    pytest.fail("no position with prepared cards and face-down discards")


def test_the_resampled_world_is_consistent_with_the_view_and_never_leaks():
    """A resample keeps the seat's whole view (legal actions and log included), holds every
    card in a pile of its own power, changes what the seat cannot see, and depends only on what
    the seat knows: two states it cannot tell apart give the same world for one seed."""
    moved = worlds = 0
    for i, s in enumerate(_positions(seed=17)):
        for seat in G.seats:
            me = G.seats.index(seat)
            world = DET.resample(s, seat, seed=i)
            worlds += 1
            assert G.view(world, seat) == G.view(s, seat)
            assert G.problems(world) == []
            for p in range(5):
                assert sorted(world.hand[p] + world.prepared[p] + world.deck[p] +
                              world.discard[p]) == sorted(s.hand[p] + s.prepared[p] +
                                                          s.deck[p] + s.discard[p])  # fmt: skip
                assert world.status[p] == s.status[p]
                revealed = s.dhidden[p]
                assert world.discard[p][revealed:] == s.discard[p][revealed:]
            assert world.hand[me] == s.hand[me] and world.prepared[me] == s.prepared[me]
            moved += any(world.hand[p] != s.hand[p] for p in range(5) if p != me)
            twin = DET.resample(s, seat, seed=i + 1000)  # the same to the seat
            assert G.view(twin, seat) == G.view(s, seat)
            assert G.hash(DET.resample(twin, seat, seed=i)) == G.hash(world)
    assert worlds > 50 and moved > worlds * 0.9


def test_a_resampled_world_plays_on_to_the_end():
    for i, s in enumerate(_positions(seed=19)[1::8]):
        world = DET.resample(s, G.to_act(s), seed=i)
        rng = random.Random(i)
        while G.to_act(world) is not None:
            G.apply_unchecked(world, rng.choice(G.legal_actions(world)))
        assert G.outcome(world) is not None and G.problems(world) == []


def test_a_card_the_seat_was_shown_stays_where_it_is():
    """Russia's Redl shows it Austria-Hungary's hand (a private field of its decision): in
    Russia's worlds those cards stay in that hand, in Germany's they are dealt again."""
    s = G.new_game("standard", None, 1)
    while G.to_act(s) is not None and s.stack[-1]["step"] == "keep":
        G.apply_unchecked(s, G.legal_actions(s)[0])
    hand = list(s.hand[0])
    s.stack.append({"step": "redl", "p": 1, "victim": 0, "_hand": [CARD_IDS[k] for k in hand]})
    for i in range(5):
        assert DET.resample(s, "ru", seed=i).hand[0] == hand
    assert any(DET.resample(s, "de", seed=i).hand[0] != hand for i in range(5))


def test_actions_take_no_chance_outcomes():
    s = G.new_game("standard", None, 4)
    a = str(G.legal_actions(s)[0])
    world, more = DET.apply_with_outcomes(s, a, [])
    assert more == 0 and world is not None
    expected = G.clone(s)
    G.apply_unchecked(expected, G.check(expected, a))
    assert G.hash(world) == G.hash(expected)
    with pytest.raises(ValueError):
        DET.apply_with_outcomes(s, a, [0])


def test_the_encoder_knows_every_effect_the_cards_set():
    """Every key the cards' code sets in the turn, round or game effects has a feature."""
    from greatwar.qmg1914 import encoding

    found: dict[str, set[str]] = {"tflags": set(), "rflags": set(), "flags": set()}
    pattern = re.compile(r"\bs\.(tflags|rflags|flags)(?:\[\"(\w+)\"\]|\.setdefault\(\"(\w+)\")")
    for path in (ROOT / "src" / "greatwar" / "qmg1914").rglob("*.py"):
        for m in pattern.finditer(path.read_text(encoding="utf-8")):
            found[m.group(1)].add(m.group(2) or m.group(3))
    assert found["tflags"] == set(encoding.TURN_FLAGS) | {"supply", "nodif"}
    assert found["rflags"] == set(encoding.ROUND_FLAGS)
    assert found["flags"] == set(encoding.GAME_FLAGS)


# -- the Gymnasium wrapper, docs, bench -----------------------------------------------------------


def test_single_agent_env_plays_a_power_against_bots():
    env = SingleAgentEnv("qmg1914", seat="frit", opponent="random")
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    terminated = truncated = False
    total = 0.0
    while not (terminated or truncated):
        assert env.aec.agent_selection == "frit_3"
        obs, reward, terminated, truncated, _ = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        total += reward
    assert total == env.aec.returns()["frit_3"] in (-1.0, 1.0)


def test_docs_list_every_feature_of_the_encoding():
    page = (ROOT / "docs" / "env.md").read_text(encoding="utf-8")
    begin, end = "<!-- features:qmg1914:begin -->\n", "<!-- features:qmg1914:end -->"
    assert page[page.index(begin) + len(begin) : page.index(end)] == feature_tables("qmg1914")
    assert sum(b.size for b in ENC.blocks) == ENC.size


def test_bench_measures_steps():
    r = bench_run("qmg1914", None, 1, 0)
    assert r["scenario"] == "standard" and r["steps"] >= r["actions"] > 0
