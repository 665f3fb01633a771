"""Student's t quantiles worked out independently of :mod:`sim.report.intervals`: the density
integrated by Simpson's rule and inverted by bisection (slow, plain, and obviously right)."""

import math
from functools import lru_cache

import numpy as np


def density(x: np.ndarray, df: int) -> np.ndarray:
    c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    return c * (1 + x * x / df) ** (-(df + 1) / 2)


def cdf(t: float, df: int, steps: int = 4000) -> float:
    """P(T <= t) for t >= 0."""
    x = np.linspace(0.0, t, steps + 1)
    y = density(x, df)
    return 0.5 + t / steps / 3 * (y[0] + y[-1] + 4 * y[1:-1:2].sum() + 2 * y[2:-1:2].sum())


@lru_cache
def quantile(p: float, df: int) -> float:
    lo, hi = 0.0, 200.0
    for _ in range(64):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if cdf(mid, df) < p else (lo, mid)
    return (lo + hi) / 2


def t975(df: int) -> float:
    return quantile(0.975, df)


def half(values) -> float:
    """The 95% t half-width of the mean of ``values`` (independent ones)."""
    v = np.asarray(values, float)
    return t975(len(v) - 1) * v.std(ddof=1) / math.sqrt(len(v))
