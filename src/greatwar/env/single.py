"""A Gymnasium single-agent environment: one seat of a greatwar game against a bot.

The agent steps tokens as in the AEC environment (:mod:`greatwar.env.aec`); whenever another
seat is to act, its bot (one of the game's bots, built from the episode's seed) plays whole
actions from that seat's view until the agent is to act again or the game ends. The reward is
the agent's result at the end (+1, -1, 0 for a draw) and 0 before.

>>> from greatwar.env.single import SingleAgentEnv
>>> env = SingleAgentEnv("pog", seat="ap", opponent="random", scenario="introductory")
>>> obs, info = env.reset(seed=1)
>>> sorted(obs)
['action_mask', 'observation']
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from greatwar.bots import bots as bots_of
from greatwar.core.bot import Bot
from greatwar.core.errors import MalformedActionError
from greatwar.env.aec import GreatWarEnv, ObsDict


class SingleAgentEnv(gymnasium.Env[ObsDict, np.int64]):
    """``seat`` of ``game`` against the ``opponent`` bot."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str = "pog",
        seat: str | None = None,
        opponent: str = "random",
        scenario: str | None = None,
        options: dict[str, Any] | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.aec = GreatWarEnv(game, scenario, options, max_steps, render_mode)
        g = self.aec.game
        self.seat = seat if seat is not None else g.seats[0]
        if self.seat not in g.seats:
            raise MalformedActionError(
                f"unknown seat {self.seat!r}; expected one of: {', '.join(g.seats)}"
            )
        bots = bots_of(g.id)
        if opponent not in bots:
            raise MalformedActionError(
                f"unknown bot {opponent!r}; expected one of: {', '.join(sorted(bots))}"
            )
        self.opponent = opponent
        self._make_bot = bots[opponent]
        self.agent = self.aec.possible_agents[g.seats.index(self.seat)]
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self.render_mode = render_mode
        self._bots: dict[str, Bot] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1)) if seed is None else seed
        self.aec.reset(seed=game_seed)
        # Each other seat's bot gets its own seed, derived from the game's.
        self._bots = {
            agent: self._make_bot(game_seed * 31 + i + 1)
            for i, agent in enumerate(self.aec.possible_agents)
            if agent != self.agent
        }
        self._others_play()
        return self.aec.observe(self.agent), {}

    def _others_play(self) -> None:
        aec = self.aec
        while aec.decision is not None and aec.agent_selection != self.agent:
            agent = aec.agent_selection
            view = aec.game.view(aec.state_, aec._seat[agent])
            aec.play(str(self._bots[agent].choose(view)))

    def step(self, action: np.int64 | int) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        aec = self.aec
        if aec.decision is None or aec.truncations[self.agent]:
            raise MalformedActionError("the episode is over: call reset()")
        aec.step(int(action))
        self._others_play()
        terminated = aec.decision is None
        truncated = aec.truncations[self.agent] and not terminated
        reward = aec.returns()[self.agent] if terminated else 0.0
        return aec.observe(self.agent), reward, terminated, truncated, {}

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The legal tokens now (the name sb3-contrib's MaskablePPO looks for)."""
        mask: np.ndarray[Any, Any] = self.aec.observe(self.agent)["action_mask"]
        return mask.astype(bool)

    def render(self) -> str | None:
        return self.aec._text()
