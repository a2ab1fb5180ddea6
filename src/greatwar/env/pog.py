"""Paths of Glory as a PettingZoo AEC environment.

| | |
| --- | --- |
| Import | `from greatwar.env import pog; env = pog.env(scenario="introductory")` |
| Actions | Discrete (one token of an action: verb, card, unit, space...) |
| Agents | `ap_0` (Allied Powers), `cp_1` (Central Powers) |
| Action shape | `Discrete(len(vocabulary))` |
| Observation | dict: `observation` (float32 in [0, 1]), `action_mask` (int8) |

Keyword options: ``scenario`` (``introductory``, ``limited``, ``campaign``, ``historical``;
default ``historical``), ``options`` (the game options, as for ``greatwar``), ``max_steps``
(truncate after this many token steps), ``render_mode`` (``ansi`` or ``human``) and
``action_mask_in`` (``observation``, the default dict, or ``info``: the observation is the
float32 array alone and the mask is ``infos[agent]["action_mask"]``). The encoding
is documented in ``docs/env.md``.

Versions: v0, the first.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from greatwar.env.aec import GreatWarEnv

GAME = "pog"


def raw_env(**kwargs: Any) -> GreatWarEnv:
    """The environment without PettingZoo's safety wrappers."""
    return GreatWarEnv(GAME, **kwargs)


def env(**kwargs: Any) -> Any:
    """The environment in PettingZoo's usual wrappers: an illegal token ends the game with -1
    for the agent that stepped it, and the API's call order is enforced."""
    e: Any = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
