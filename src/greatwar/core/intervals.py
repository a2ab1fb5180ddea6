"""Confidence intervals of win rates and shares, for every report of bots' results (the arena,
the search's agreement measure)."""

from __future__ import annotations

import math

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (``wins`` of ``n``; 95% by default)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))
