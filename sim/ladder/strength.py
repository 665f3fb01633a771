"""A ladder's order: strengths fitted to every pairing's paired difference at once, and an
order that never contradicts a pairing's verdict.

Ranking by an online rating (OpenSkill's μ − 3σ, one pass over the games in a random order)
put bots with fewer games lower and contradicted the ladder's own pairwise verdicts. Here a
bot's **strength** is in the pairings' own unit, points of win share: the strengths ``s``
minimise ``Σ (d_ab − (s_a − s_b))² / se_ab²`` over the pairings, ``d_ab`` the paired
difference and ``se_ab`` its standard error (from its t-interval), with the strengths'
mean 0; ``σ`` is each strength's standard error under that fit (weighted least squares).

The **order** is by strength, except that a bot a pairing says *beats* another (its interval
above 0) is placed above it: a topological order of the verdicts, the strongest first among
the bots it leaves free. Verdicts that go round in a circle (A beats B beats C beats A) admit
no such order: those bots are ordered by strength, and the page names the verdicts the order
goes against.
"""

from __future__ import annotations

import math

import numpy as np


def standard_error(ci: float, n: int) -> float:
    """The standard error of a paired difference from its 95% t half-width over ``n`` deal
    sets; at least ``1 / n``, what it would be had one deal set of the ``n`` gone the other
    way (a pairing whose deal sets all agree, the oracle winning every game, has ci 0: its
    error is small, not nothing)."""
    from sim.report.intervals import spread

    sd = spread(ci, n)  # the deal sets' standard deviation the interval came from (NaN: none)
    return math.nan if math.isnan(sd) else max(sd / math.sqrt(n), 1.0 / n)


def fit(bots: list[str], pairs: list[dict]) -> dict[str, tuple[float, float]]:
    """``bot -> (strength, σ)`` in points of win share from ``pairs`` (each a report's paired
    block: ``better``, ``worse``, ``difference``, ``ci``, ``deal_sets``). A bot in no pairing
    with an interval gets NaN."""
    index = {b: i for i, b in enumerate(bots)}
    rows, target, weight = [], [], []
    for p in pairs:
        se = standard_error(p["ci"], p["deal_sets"])
        if math.isnan(se) or p["better"] not in index or p["worse"] not in index:
            continue
        row = np.zeros(len(bots))
        row[index[p["better"]]], row[index[p["worse"]]] = 1.0, -1.0
        rows.append(row)
        target.append(100 * p["difference"])
        weight.append(1.0 / (100 * se) ** 2)
    out = dict.fromkeys(bots, (math.nan, math.nan))
    if not rows:
        return out
    x, y, w = np.array(rows), np.array(target), np.array(weight)
    seen = np.flatnonzero(np.abs(x).sum(0) > 0)
    x = x[:, seen]
    info = x.T @ (w[:, None] * x)  # a graph Laplacian: its pseudo-inverse fixes the mean at 0
    cov = np.linalg.pinv(info)
    s = cov @ (x.T @ (w * y))
    for k, i in enumerate(seen):
        out[bots[i]] = (float(s[k]), float(math.sqrt(max(cov[k, k], 0.0))))
    return out


def order(bots: list[str], strength: dict, pairs: list[dict]) -> tuple[list[str], list[dict]]:
    """The bots best first, and the verdicts that order goes against (none unless the
    verdicts go round in a circle)."""
    beats = [p for p in pairs if p.get("verdict") == "beats"
             and p["better"] in bots and p["worse"] in bots]  # fmt: skip

    def key(b):
        s = strength[b][0]
        return (-s if not math.isnan(s) else math.inf, bots.index(b))

    above = {b: {p["better"] for p in beats if p["worse"] == b} for b in bots}
    placed: list[str] = []
    left = set(bots)
    while left:
        free = [b for b in left if not (above[b] & left)]
        pick = min(free or left, key=key)  # no bot free: a circle of verdicts
        placed.append(pick)
        left.remove(pick)
    rank = {b: i for i, b in enumerate(placed)}
    against = [p for p in beats if rank[p["better"]] > rank[p["worse"]]]
    return placed, against
