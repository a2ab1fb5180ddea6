"""The research environment: greatwar games for learning and search agents (``greatwar[rl]``).

- :mod:`greatwar.env.pog`: Paths of Glory as a PettingZoo AEC environment (``env()``,
  ``raw_env()``), following PettingZoo's module conventions.
- :mod:`greatwar.env.qmg1914`: Quartermaster General: 1914 the same way (five agents, one a
  power).
- :mod:`greatwar.env.aec`: the game-agnostic AEC environment behind it.
- :mod:`greatwar.env.single`: a Gymnasium single-agent wrapper (one seat against a bot).
- :mod:`greatwar.env.openspiel`: an OpenSpiel adapter (a registered Python game).
- :mod:`greatwar.env.tokens`: choosing an action token by token.
- ``python3 -m greatwar.env.bench``: environment steps per second.

Nothing here names a game's rules: the game's encoder and determinizer (its package's hooks,
:mod:`greatwar.core.research`) do the game-specific work. See ``docs/env.md``.
"""
