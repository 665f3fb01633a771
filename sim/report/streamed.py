"""The headline summary of one run, read part file by part file in flat memory.

``trixsim tournament`` prints this block at the end of every run, so it must not
grow with the run: reading the whole games table of 10 million games took 2.7 GB.
A chunk holds whole deal sets (game ``g`` plays deal set ``g // S`` and a chunk
is a multiple of ``S`` games), so the per-deal-set means of a part file are final
once it is read; only per-bot sums and the moments of those means are kept. The
numbers are those of :func:`sim.report.stats.win_summary` (tested against it).
"""

from __future__ import annotations

import math

import numpy as np

from sim.report.data import GAMES, Run, codes, game_columns, ints, read_part
from sim.report.stats import Z95, bot_line, cluster_means, last_places


class Moments:
    """Count, mean and sum of squared deviations of a stream of values (merged per batch)."""

    def __init__(self) -> None:
        self.n, self.mean, self.m2 = 0, 0.0, 0.0

    def add(self, x: np.ndarray) -> None:
        if len(x) == 0:
            return
        n, mean = len(x), float(np.mean(x))
        m2 = float(np.sum((x - mean) ** 2))
        total = self.n + n
        delta = mean - self.mean
        self.mean += delta * n / total
        self.m2 += m2 + delta * delta * self.n * n / total
        self.n = total

    def mean_ci(self) -> tuple[float, float]:
        """As :func:`sim.report.stats.mean_ci` over the values seen."""
        if self.n == 0:
            return float("nan"), float("nan")
        if self.n < 2:
            return self.mean, float("nan")
        return self.mean, Z95 * math.sqrt(self.m2 / (self.n - 1)) / math.sqrt(self.n)


def run_summary(run: Run) -> dict:
    """:func:`sim.report.stats.win_summary` of one run, without holding its games."""
    names = sorted(set(run.bots))
    seats = range(run.spec.seats)
    columns = [c for c in game_columns(run.spec) if c not in ("game", "end")]
    lookup = {n: i for i, n in enumerate(names)}
    nb = len(names)
    seat_games, total_sum, rank_sum, last_sum = (np.zeros(nb) for _ in range(4))
    shares = [Moments() for _ in names]
    diff = Moments()  # names[0] minus names[1], within deal sets both played
    games = deal_sets = deals = 0
    for path in run.paths(GAMES):
        t = read_part(path, columns, run.folder)
        bots = np.stack([codes(t.column(f"bot_{p}"), lookup, "bot") for p in seats], 1)
        totals = np.stack([ints(t.column(f"total_{p}")) for p in seats], 1).astype(np.int64)
        ranks = np.stack([ints(t.column(f"rank_{p}")) for p in seats], 1)
        win = np.stack([t.column(f"win_share_{p}").to_numpy() for p in seats], 1)
        _, cluster = np.unique(ints(t.column("deal_set")), return_inverse=True)  # dense, per part
        deals += int(ints(t.column(run.spec.deal_count)).astype(np.int64).sum())
        del t
        flat = bots.ravel().astype(np.intp)
        seat_games += np.bincount(flat, minlength=nb)
        total_sum += np.bincount(flat, totals.ravel(), nb)
        rank_sum += np.bincount(flat, ranks.ravel(), nb)
        last_sum += np.bincount(flat, last_places(ranks).ravel(), nb)
        means, count = cluster_means(win, bots, cluster, nb)
        for b in range(nb):
            shares[b].add(means[count[:, b] > 0, b])
        if nb == 2:
            both = (count[:, 0] > 0) & (count[:, 1] > 0)
            diff.add(means[both, 0] - means[both, 1])
        games += len(bots)
        deal_sets += len(means)
    lines = [
        bot_line(name, seat_games[b], shares[b].mean_ci(), total_sum[b], rank_sum[b], last_sum[b])
        for b, name in enumerate(names)
        if seat_games[b] > 0
    ]
    out = {
        "games": games,
        "deal_sets": deal_sets,
        "deals": deals,
        "deal": run.spec.deal,
        "bots": lines,
        "seconds": run.seconds,
        "complete": run.status == "complete",
    }
    if len(lines) == 2:
        hi, lo = sorted(lines, key=lambda x: -x["win_share"])
        d, ci = diff.mean_ci()
        sign = 1 if hi["bot"] == names[0] else -1
        out["paired"] = {"better": hi["bot"], "worse": lo["bot"], "difference": sign * d,
                         "ci": ci, "deal_sets": diff.n}  # fmt: skip
    return out
