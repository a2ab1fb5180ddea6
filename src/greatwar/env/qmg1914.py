"""Quartermaster General: 1914 as a PettingZoo AEC environment.

| | |
| --- | --- |
| Import | `from greatwar.env import qmg1914; env = qmg1914.env()` |
| Actions | Discrete (one token of an action: verb, card, space, country...) |
| Agents | `ahoe_0`, `ru_1`, `de_2`, `frit_3`, `ukus_4` (the five powers, ORDER OF PLAY) |
| Action shape | `Discrete(len(vocabulary))` |
| Observation | dict: `observation` (float32 in [0, 1]), `action_mask` (int8) |

One agent per power, each observing its power's view only (its own hand and prepared cards;
no power sees another's, teammates' included). How many people share the powers (2 to 5,
``greatwar.core.games.Game.seat_groups``) does not change the game, so it is no option here: a
team's agents may share one policy. Rewards come at the end: +1 to each power of the winning
team (Central Powers: ``ahoe_0``, ``de_2``; Entente Powers: ``ru_1``, ``frit_3``, ``ukus_4``),
-1 to each power of the other.

Keyword options: ``options`` (the game options, as for ``greatwar``: ``mulligan``,
``attrition_adjacency``...), ``max_steps`` (truncate after this many token steps),
``render_mode`` (``ansi`` or ``human``) and ``action_mask_in`` (``observation``, the default
dict, or ``info``: the observation is the float32 array alone and the mask is
``infos[agent]["action_mask"]``). The game has one scenario (``standard``). The encoding is
documented in ``docs/env.md``.

Versions: v0, the first.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from greatwar.env.aec import GreatWarEnv

GAME = "qmg1914"


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
