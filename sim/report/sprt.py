"""A sequential test of two bots on their paired differences per deal set (issue 27's core).

A duplicate tournament of bots A and B gives, for each deal set, A's paired difference over
B: its win share less B's, in points (the figure the report's "beats" rests on). The test
weighs H0 "the mean difference is ``d0``" against H1 "it is ``d1``" (``d1 > d0``) and stops
at the first deal set where the evidence crosses a bound fixed in advance by the error
rates ``alpha`` (H1 accepted when H0 holds) and ``beta`` (H0 accepted when H1 holds).

The statistic is fishtest's generalized SPRT for differences of unknown spread, in the form
each hypothesis fits its own spread (``LLRcalc.LLR_alt``; ``search-and-sprt.md`` B1): after
``n`` deal sets, with ``r0`` and ``r1`` the mean squared deviations of the differences from
``d0`` and from ``d1``, the log-likelihood ratio of H1 to H0 is

    LLR = (n / 2) · log(r0 / r1)

and Wald's bounds are ``log(beta / (1 − alpha))`` below (H0) and ``log((1 − beta) / alpha)``
above (H1). Simulated on normal differences (sd three times ``d1 − d0``, 2,000 tests each,
10 deal sets of burn-in), it accepted H1 under H0 4.7% of the time and H0 under H1 5.1%
(``alpha = beta = 0.05``) after 52 deal sets on average, where a fixed-size test of that
power needs 98; the other common form, ``n (d1 − d0)(2m − d0 − d1) / 2v`` with one
variance, erred 6.8-7.9% at that burn-in (its spread, from few deal sets, is often too
small). Deal sets are taken in their order, so the same data stop at the same deal set
whatever order they were played in. No verdict before ``MIN_DEAL_SETS`` deal sets: the
spread of fewer is too uncertain to weigh evidence by (the report's rule for "beats").
Plain Python and numpy: the runner and the report read it without the engine.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from sim.report.intervals import MIN_DEAL_SETS, mean_ci

H0, H1, UNDECIDED = "H0", "H1", "undecided"
TINY = 1e-12  # a floor on the squared deviations: differences all alike are strong evidence


@dataclass(frozen=True)
class Sequential:
    """Where a sequential test stands: its verdict, the deal sets it used, its statistic and
    bounds, and the estimate of the difference with its 95% t-interval over those deal sets."""

    verdict: str
    deal_sets: int
    llr: float
    lower: float
    upper: float
    estimate: float
    ci: float


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds on the log-likelihood ratio: (accept H0 at or below, accept H1 at or
    above)."""
    if not (0 < alpha < 0.5 and 0 < beta < 0.5):
        raise ValueError("alpha and beta are error rates between 0 and 0.5")
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def _ratios(s1, s2, n, d0: float, d1: float):
    """The LLR of the first ``n`` differences, whose sum is ``s1`` and sum of squares ``s2``
    (arrays: every prefix at once)."""
    r0 = np.maximum(s2 / n - 2 * d0 * s1 / n + d0 * d0, TINY)
    r1 = np.maximum(s2 / n - 2 * d1 * s1 / n + d1 * d1, TINY)
    return 0.5 * n * np.log(r0 / r1)


def llr(diffs, d0: float, d1: float) -> float:
    """The log-likelihood ratio of H1 (mean ``d1``) to H0 (mean ``d0``) of ``diffs``."""
    x = np.asarray(diffs, np.float64)
    return float(_ratios(x.sum(), (x * x).sum(), len(x), d0, d1)) if len(x) else 0.0


def sequential(diffs, d0: float, d1: float, alpha: float = 0.05, beta: float = 0.05,
               least: int = MIN_DEAL_SETS) -> Sequential:  # fmt: skip
    """Run the test over ``diffs`` (one paired difference per deal set, in deal-set order):
    the first deal set, from ``least`` on, whose running ratio reaches a bound decides; else
    undecided over them all. Every prefix's ratio at once: a run asks again after each
    chunk, over all its deal sets."""
    if not d1 > d0:
        raise ValueError("the test needs d1 > d0")
    lo, hi = bounds(alpha, beta)
    x = np.asarray(diffs, np.float64)
    n = np.arange(1, len(x) + 1)
    ratio = _ratios(np.cumsum(x), np.cumsum(x * x), n, d0, d1)
    past = np.flatnonzero((n >= least) & ((ratio >= hi) | (ratio <= lo)))
    stop, verdict = len(x), UNDECIDED
    if len(past):
        stop = int(past[0]) + 1
        verdict = H1 if ratio[past[0]] >= hi else H0
    used = x[:stop]
    est, ci = mean_ci(used) if stop else (math.nan, math.nan)
    return Sequential(verdict, stop, llr(used, d0, d1), lo, hi, float(est), float(ci))


def part_differences(path, folder, spec, names: list[str], a: str, b: str) -> np.ndarray:
    """``a``'s paired difference over ``b`` in each deal set of one games part file (win
    share, by team in a partnership game: the figure the report's verdict rests on), in
    deal-set order."""
    from sim.report.data import read_part
    from sim.report.stats import cluster_means, team_columns
    from sim.report.streamed import SEAT_COLUMNS, seat_arrays

    columns = ["deal_set", *(f"{c}_{p}" for c in SEAT_COLUMNS for p in range(spec.seats))]
    lookup = {n: i for i, n in enumerate(names)}
    bots, win, totals, ranks, cluster = seat_arrays(read_part(path, columns, folder), spec,
                                                    lookup)  # fmt: skip
    nb = len(names)
    if spec.teams:
        who, win, *_ = team_columns(bots.astype(np.int64), win, totals, ranks, spec.teams, nb)
        means, count = cluster_means(win, who, cluster, nb + 1)
    else:
        means, count = cluster_means(win, bots.astype(np.int64), cluster, nb)
    ia, ib = names.index(a), names.index(b)
    both = (count[:, ia] > 0) & (count[:, ib] > 0)
    return means[both, ia] - means[both, ib]


def sentence(s: dict) -> str:
    """The verdict in words, from the manifest's ``sprt`` block."""
    a, b, d0, d1 = s["a"], s["b"], s["d0"], s["d1"]
    said = {H1: f"H1 accepted: {a} leads {b} by {d1:g} points of win share or more",
            H0: f"H0 accepted: {a} leads {b} by {d0:g} points or less",
            UNDECIDED: "undecided: no bound reached yet"}[s["verdict"]]  # fmt: skip
    est = f"{s['estimate']:+.1f} ± {s['ci']:.1f}" if s["ci"] == s["ci"] else f"{s['estimate']:+.1f}"
    return (
        f"sequential test (alpha {s['alpha']:g}, beta {s['beta']:g}): {said}; LLR "
        f"{s['llr']:+.2f} against bounds {s['lower']:.2f} and {s['upper']:.2f} after "
        f"{s['deal_sets']} deal sets; {a} - {b} {est} points over them (95% t)"
    )
