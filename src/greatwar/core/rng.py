"""A small deterministic random generator whose whole state is one 64-bit integer.

The generator is SplitMix64: each call advances the state by a constant and mixes it. The state
lives inside the game state, so cloning, saving and replaying a game reproduce every die roll and
every shuffle bit for bit. Functions here are pure: they take a state and return a new one.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a well-mixed generator state."""
    state, _ = next_u64(seed & MASK64)
    return state


def next_u64(state: int) -> tuple[int, int]:
    """Advance ``state`` and return ``(new_state, 64-bit output)``."""
    state = (state + _GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return ``(new_state, r)`` with ``r`` uniform in ``range(n)`` (rejection sampling)."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, z = next_u64(state)
        if z < limit:
            return state, z % n


def shuffle(state: int, items: list[int]) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
