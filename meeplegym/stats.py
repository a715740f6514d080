"""Small statistics shared by tournaments, balance reports and the strength ladder."""

from __future__ import annotations

import math


def wilson_interval(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) with no trials.
    Draws may be counted as half a success."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))  # rounding never leaves p outside
