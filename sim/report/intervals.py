"""95% intervals and the rules for a verdict, in plain Python and numpy (no scipy).

* Over deal sets (the independent unit: a deal set's games share their cards), a mean's
  interval is Student's t with n - 1 degrees of freedom: mean ± t(0.975, n - 1) · sd / √n.
  With few deal sets the normal 1.96 claims far too much: over 2 deal sets t is 12.71, over
  5 it is 2.78 (a 1.96 interval there holds the truth 88% of the time, not 95%).
* No "beats" verdict under ``MIN_DEAL_SETS`` deal sets, whatever the interval says (see
  there); instead the deal sets still to play (:func:`deal_sets_needed`).
* Over counted cases that are not deal sets (the share of contracts made at some seat), a
  Wilson score interval (:func:`wilson`), and no percentage from fewer than ``FEW`` cases.

``t_quantile`` is exact for whole degrees of freedom up to ``SERIES_DF`` (the closed form of
the t distribution function, Abramowitz & Stegun 26.7.3-4, inverted by bisection) and the
Cornish-Fisher expansion beyond (A&S 26.7.5, four terms: its error there is below 1e-10).
scipy is not a dependency for this one function.
"""

from __future__ import annotations

import math
from functools import lru_cache
from statistics import NormalDist

import numpy as np

Z95 = 1.959963984540054  # the normal quantile: Wilson intervals over counted cases only
# No verdict under 10 deal sets. A t-interval is exact only for normal differences; a deal
# set's difference is bounded and lumpy (steps of 1 / its games), and skewed exactly when one
# bot is much stronger, the case where a handful of deal sets seems to give a verdict. With 6
# games a deal set and the stronger bot winning 95% of them, the 95% t-interval holds the true
# difference 59% of the time over 3 deal sets, 78% over 5, and 93-95% from 10 on (whole deal
# sets won by one bot have no spread at all); and under 10 values the spread and the shape
# cannot be checked (over 5 deal sets the spread itself is uncertain by a factor of 0.6 to
# 2.9). tests/test_intervals.py measures both.
MIN_DEAL_SETS = 10
FEW = 10  # a share or mean of fewer cases is printed in brackets, never as a bare figure
POWER = 0.8  # "run N more": the deal sets that tell a difference this size apart 4 times in 5
SERIES_DF = 100


def _abs_below(theta: float, df: int) -> float:
    """P(|T| < t) for t = √df · tan(theta): A(t|df) of A&S 26.7.3 (odd df) and 26.7.4 (even)."""
    c, s = math.cos(theta), math.sin(theta)
    c2 = c * c
    if df % 2:
        total, term = 0.0, c
        if df > 1:
            total = term
            for k in range(1, (df - 3) // 2 + 1):
                term *= c2 * (2 * k) / (2 * k + 1)
                total += term
        return 2 / math.pi * (theta + s * total)
    total = term = 1.0
    for k in range(1, (df - 2) // 2 + 1):
        term *= c2 * (2 * k - 1) / (2 * k)
        total += term
    return s * total


def _cornish_fisher(p: float, df: int) -> float:
    x = NormalDist().inv_cdf(p)
    g1 = (x**3 + x) / 4
    g2 = (5 * x**5 + 16 * x**3 + 3 * x) / 96
    g3 = (3 * x**7 + 19 * x**5 + 17 * x**3 - 15 * x) / 384
    g4 = (79 * x**9 + 776 * x**7 + 1482 * x**5 - 1920 * x**3 - 945 * x) / 92160
    return x + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


@lru_cache(maxsize=4096)
def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` (a whole number ≥ 1) degrees of freedom."""
    if df < 1 or int(df) != df:
        raise ValueError(f"degrees of freedom must be a whole number ≥ 1, not {df!r}")
    if not 0 < p < 1:
        raise ValueError(f"p must lie between 0 and 1, not {p!r}")
    df = int(df)
    if p < 0.5:
        return -t_quantile(1 - p, df)
    if p == 0.5:
        return 0.0
    if df > SERIES_DF:
        return _cornish_fisher(p, df)
    target, lo, hi = 2 * p - 1, 0.0, math.pi / 2
    for _ in range(200):  # bisection on the angle: P(|T| < t) rises with it
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        lo, hi = (mid, hi) if _abs_below(mid, df) < target else (lo, mid)
    return math.sqrt(df) * math.tan((lo + hi) / 2)


def t95(df: int) -> float:
    """The multiplier of a two-sided 95% t-interval with ``df`` degrees of freedom."""
    return t_quantile(0.975, df)


def mean_ci(values):
    """Mean and 95% t half-width over the last axis (each value one independent cluster).

    1-D input gives floats; (runs, n) gives one mean and half-width per run. NaN half-width
    under two values (no spread to measure)."""
    v = np.asarray(values, np.float64)
    n = v.shape[-1] if v.ndim else 0
    if n == 0:
        return float("nan"), float("nan")
    mean = v.mean(axis=-1)
    if n < 2:
        half = np.full(np.shape(mean), np.nan)
    else:
        half = t95(n - 1) * v.std(axis=-1, ddof=1) / math.sqrt(n)
    if v.ndim == 1:
        return float(mean), float(half)
    return mean, half


def half_width(sd: float, n: int) -> float:
    """95% t half-width of a mean of ``n`` independent values with standard deviation ``sd``."""
    return t95(n - 1) * sd / math.sqrt(n) if n >= 2 else float("nan")


def spread(ci: float, n: int) -> float:
    """The standard deviation a 95% t half-width ``ci`` over ``n`` values came from."""
    return ci * math.sqrt(n) / t95(n - 1) if n >= 2 and ci >= 0 else float("nan")


def basis(n: int, what: str = "deal set") -> str:
    """What an interval rests on, in words: "95% t-interval over 7 deal sets"."""
    if n < 2:
        return f"no interval: {n:,} {what}{'s' if n != 1 else ''}, no spread to measure"
    return f"95% t-interval over {n:,} {what}s"


def deal_sets_for(difference: float, sd: float, power: float = POWER) -> int | None:
    """Deal sets at which a true ``difference`` (per-deal-set spread ``sd``) is told apart by
    the 95% t-interval with probability ``power``: the least n with
    (t(0.975, n-1) + t(power, n-1)) · sd / √n ≤ |difference| (the usual approximation of
    the non-central t). None when it cannot be estimated (no spread seen, no difference)."""
    d = abs(difference)
    if not (d > 0 and sd >= 0):  # NaN spread (one deal set) or no difference
        return None
    if sd == 0:
        return 2

    def enough(n: int) -> bool:
        return (t95(n - 1) + t_quantile(power, n - 1)) * sd / math.sqrt(n) <= d

    z = (Z95 + NormalDist().inv_cdf(power)) * sd / d  # the normal answer is a lower bound
    lo = max(2, math.ceil(z * z)) - 1
    if lo > 10**12:
        return lo + 1
    hi = lo + 1
    while not enough(hi):  # gallop up, then bisect: the left side falls as n grows
        lo, hi = hi, 2 * hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if enough(mid) else (mid, hi)
    return hi


def deal_sets_more(difference: float, ci: float, n: int) -> tuple[int, int | None]:
    """How many more deal sets to play, and the power-based total (None: not estimable).

    The answer is the larger of the minimum for a verdict (``MIN_DEAL_SETS``) and the deal
    sets that tell the difference seen so far apart with 80% power, from its spread so far."""
    need = deal_sets_for(difference, spread(ci, n))
    return max(MIN_DEAL_SETS, need or 0) - n, need


def wilson(k, n, z: float = Z95):
    """95% Wilson score interval of ``k`` successes in ``n`` cases (arrays welcome): (lo, hi);
    NaN where n is 0."""
    k, n = np.asarray(k, np.float64), np.asarray(n, np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half
