"""A PettingZoo AEC environment for any greatwar game that offers an encoder.

Agents are the game's seats numbered in order (``ap_0``, ``cp_1`` for Paths of Glory:
PettingZoo's ``<name>_<number>`` convention). The agent to act is the seat the game waits for.
Each step is one *token* of that seat's decision (see :mod:`greatwar.env.tokens`); the action
space is ``Discrete(len(vocabulary))`` and the observation is a dict:

- ``observation``: ``float32`` of shape ``(encoder.size + (max_tokens - 1) * len(vocabulary),)``
  in [0, 1]: the encoding of the agent's own view, then one one-hot row per token already chosen
  in the agent's current decision (all zero for the agent not to act);
- ``action_mask``: ``int8`` of shape ``(len(vocabulary),)``, 1 for each token that extends the
  decision towards a legal action (all zero for an agent that is not to act, and once the game
  is over).

With ``action_mask_in="info"`` the observation is that ``float32`` array alone (a ``Box``) and
the mask is ``infos[agent]["action_mask"]``: PettingZoo's other layout for masks, for learning
code that wants a flat observation space.

Everything an agent observes comes from ``game.view(state, seat)``: the state is held only to
step it. Rewards come at the end: +1 to the seats of the winning team, -1 to the others, 0 to
all on a draw. ``max_steps`` (token steps) truncates a game for every agent.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from greatwar.core.actions import Action
from greatwar.core.errors import IllegalActionError, MalformedActionError
from greatwar.core.games import game as find_game
from greatwar.core.research import Encoder, encoder_of
from greatwar.env.tokens import Decision

ObsDict = dict[str, np.ndarray[Any, Any]]


class GreatWarEnv(AECEnv):  # type: ignore[misc]
    """The raw AEC environment (``greatwar.env.<game>.raw_env``)."""

    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "greatwar_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "pog",
        scenario: str | None = None,
        options: dict[str, Any] | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
        action_mask_in: str = "observation",
    ) -> None:
        super().__init__()
        if action_mask_in not in ("observation", "info"):
            raise MalformedActionError(
                f"action_mask_in must be 'observation' or 'info', not {action_mask_in!r}"
            )
        self.mask_in_info = action_mask_in == "info"
        g = find_game(game)
        self.game = g
        self.scenario = scenario or g.default_scenario
        self.options = g.normalise_options(self.scenario, options)
        if max_steps is not None and (not isinstance(max_steps, int) or max_steps < 1):
            raise MalformedActionError(f"max_steps must be a positive integer, not {max_steps!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise MalformedActionError(
                f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}"
            )
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"{g.id}_v0"}
        self.encoder: Encoder = encoder_of(g)
        self.vocabulary = self.encoder.vocabulary
        self._token_id = {t: i for i, t in enumerate(self.vocabulary)}
        self.seats: tuple[str, ...] = tuple(g.seats)
        self.possible_agents = [f"{seat}_{i}" for i, seat in enumerate(self.seats)]
        self._seat = dict(zip(self.possible_agents, self.seats, strict=True))
        self._agent = dict(zip(self.seats, self.possible_agents, strict=True))
        self._team = {x.id: x.team for x in g.seat_info()}
        n_vocab = len(self.vocabulary)
        self._prefix_rows = max(0, self.encoder.max_tokens - 1)
        size = self.encoder.size + self._prefix_rows * n_vocab
        features = gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32)
        space: gymnasium.spaces.Space[Any] = (
            features
            if self.mask_in_info
            else gymnasium.spaces.Dict(
                {
                    "observation": features,
                    "action_mask": gymnasium.spaces.Box(0, 1, (n_vocab,), np.int8),
                }
            )
        )
        action = gymnasium.spaces.Discrete(n_vocab)
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self._np_random: np.random.Generator | None = None
        self.state_: Any = None
        self.decision: Decision | None = None
        self.steps = 0
        self._actions_played = 0
        self._view: tuple[int, str, dict[str, Any]] | None = None
        self._features: dict[str, tuple[int, np.ndarray[Any, Any]]] = {}
        self.agents: list[str] = []

    # -- spaces -----------------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the episode ------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. With ``seed`` the game is the engine's game of that seed; without
        one, the seed is drawn from the generator of the last seeded reset. ``options`` is
        accepted for the API and unused: the scenario and game options are constructor
        arguments (``env(scenario="introductory")``)."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            game_seed = int(seed)
        else:
            if self._np_random is None:
                self._np_random, _ = seeding.np_random(None)
            game_seed = int(self._np_random.integers(0, 2**31 - 1))
        self.state_ = self.game.new_game(self.scenario, self.options, game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._actions_played = 0
        self._view = None
        self._features = {}
        self.agent_selection = self.agents[0]
        self._next_decision()
        self._refresh_masks()

    def _next_decision(self) -> None:
        """Point at the seat to act (or end the game)."""
        seat = self.game.to_act(self.state_)
        if seat is None:
            self._finish()
            return
        view = self.game.view(self.state_, seat)
        self._view = (self._actions_played, seat, view)
        self.decision = Decision(view["legal"])
        self.agent_selection = self._agent[seat]

    def _finish(self) -> None:
        self.decision = None
        result = self.game.outcome(self.state_) or {}
        winner = result.get("outcome")
        teams = set(self._team.values())
        for agent in self.agents:
            team = self._team[self._seat[agent]]
            self.rewards[agent] = 0.0 if winner not in teams else (1.0 if team == winner else -1.0)
            self.terminations[agent] = True

    def returns(self) -> dict[str, float]:
        """Each agent's result of a finished game (+1 win, -1 loss, 0 draw); zeros before."""
        if self.game.to_act(self.state_) is not None:
            return dict.fromkeys(self.possible_agents, 0.0)
        winner = (self.game.outcome(self.state_) or {}).get("outcome")
        teams = set(self._team.values())
        out = {}
        for agent in self.possible_agents:
            team = self._team[self._seat[agent]]
            out[agent] = 0.0 if winner not in teams else (1.0 if team == winner else -1.0)
        return out

    # -- observing ----------------------------------------------------------------------------

    def observe(self, agent: str) -> Any:
        obs, mask = self._observation_and_mask(agent)
        if self.mask_in_info:
            return obs
        return {"observation": obs, "action_mask": mask}

    def _refresh_masks(self) -> None:
        """With masks in the infos: every live agent's mask for the decision now."""
        if self.mask_in_info:
            for agent in self.agents:
                self.infos[agent]["action_mask"] = self._observation_and_mask(agent)[1]

    def _observation_and_mask(
        self, agent: str
    ) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        seat = self._seat[agent]
        obs = self._base_for(seat).copy()
        mask = np.zeros(len(self.vocabulary), np.int8)
        d = self.decision
        if d is not None and agent == self.agent_selection:
            base = self.encoder.size
            n = len(self.vocabulary)
            for i, token in enumerate(d.prefix):
                obs[base + i * n + self._token_id[token]] = 1.0
            mask[[self._token_id[t] for t in d.next_tokens()]] = 1
        return obs, mask

    def _base_for(self, seat: str) -> np.ndarray[Any, Any]:
        """The encoding of ``seat``'s view, computed once per position."""
        key = self.state_serial()
        cached = self._features.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        size = self.encoder.size + self._prefix_rows * len(self.vocabulary)
        obs = np.zeros(size, np.float32)
        last = self._view
        if last is not None and last[0] == key and last[1] == seat:
            view = last[2]
        else:
            view = self.game.view(self.state_, seat)
        idx, val = self.encoder.features(view)
        obs[idx] = val
        self._features[seat] = (key, obs)
        return obs

    def state_serial(self) -> int:
        """How many actions have been played (the position changes only when one is)."""
        return self._actions_played

    # -- acting -------------------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """The legal action texts of the agent to act ([] once the game is over)."""
        return list(self.decision.legal) if self.decision is not None else []

    def legal_tokens(self) -> list[int]:
        """The token ids the agent to act may step now, ascending."""
        if self.decision is None:
            return []
        return sorted(self._token_id[t] for t in self.decision.next_tokens())

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        d = self.decision
        assert d is not None
        token = self._token(action)
        text = d.push(token)  # raises IllegalActionError (nothing changed) when not legal
        self._cumulative_rewards[agent] = 0.0
        self.steps += 1
        if text is not None:
            self._play(text)
        if (
            self.max_steps is not None
            and self.steps >= self.max_steps
            and not any(self.terminations.values())
        ):
            self.truncations = dict.fromkeys(self.agents, True)
        self._refresh_masks()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _token(self, action: Any) -> str:
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise MalformedActionError(
                f"an action is a token id (an integer in 0..{len(self.vocabulary) - 1}), "
                f"not {action!r}"
            )
        i = int(action)
        if not 0 <= i < len(self.vocabulary):
            raise MalformedActionError(
                f"token id {i} is out of range 0..{len(self.vocabulary) - 1}"
            )
        return self.vocabulary[i]

    def play(self, text: str) -> None:
        """Play a whole legal action for the agent to act (its decision must not be started):
        what an opponent bot does in :class:`greatwar.env.single.SingleAgentEnv`."""
        d = self.decision
        if d is None:
            raise IllegalActionError("the game is over")
        if d.prefix:
            raise IllegalActionError(f"a decision is under way: {' '.join(d.prefix)!r}")
        if text not in d.legal:
            raise IllegalActionError(f"{text!r} is not legal now")
        self._cumulative_rewards[self.agent_selection] = 0.0
        self._play(text)
        self._refresh_masks()
        self._accumulate_rewards()

    def _play(self, text: str) -> None:
        self.game.apply_unchecked(self.state_, Action.parse(text))
        self._actions_played += 1
        self._next_decision()

    # -- showing ------------------------------------------------------------------------------

    def render(self) -> str | None:
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        if self.state_ is None:
            return "(no game: call reset())"
        seat = self._seat[self.agent_selection]
        view = self.game.view(self.state_, seat)
        lines = [f"{self.game.title}: {seat} to act" if self.decision else "game over"]
        for entry in (view.get("log") or [])[-5:]:
            lines.append("  " + self.game.render_log(entry))
        if self.decision is not None:
            lines.append(f"  prompt: {view.get('prompt') or ''}")
            lines.append(
                f"  decision so far: {' '.join(self.decision.prefix) or '(none)'}; "
                f"{len(self.decision.legal)} legal actions"
            )
        return "\n".join(lines)

    def close(self) -> None:
        self.decision = None
