"""Win shares with intervals that respect the duplicate design.

Win shares are per seat-game, ties split (R3.9). Games of one deal set share
their cards, so they are not independent: a deal set (keyed by the run's seed
and its deal-set number, so two runs with one seed share them) is the unit of
every interval. A bot's win share is the mean over deal sets of its mean win
share within the deal set; its 95% interval is the normal interval of that mean
over deal sets (the cluster approach). For two bots the paired difference is
taken within each deal set, where both met the same cards.
"""

from __future__ import annotations

import numpy as np

Z95 = 1.959963984540054


def mean_ci(per_cluster: np.ndarray) -> tuple[float, float]:
    """Mean and 95% half-width over independent cluster values (normal approximation)."""
    per_cluster = np.asarray(per_cluster, np.float64)
    n = len(per_cluster)
    if n == 0:
        return float("nan"), float("nan")
    mean = float(np.mean(per_cluster))
    if n < 2:
        return mean, float("nan")
    return mean, float(Z95 * np.std(per_cluster, ddof=1) / np.sqrt(n))


def cluster_means(values: np.ndarray, bots: np.ndarray, cluster: np.ndarray, n_bots: int):
    """Per (cluster, bot): mean of ``values`` and count; seat arrays are (n, seats).

    Cluster ids need not be dense; clusters without games are dropped.
    """
    size = (int(cluster.max()) + 1 if len(cluster) else 0) * n_bots
    seats = bots.shape[1] if bots.ndim == 2 else 1
    key = (np.repeat(cluster.astype(np.int64) * n_bots, seats) + bots.ravel()).astype(np.intp)
    count = np.bincount(key, minlength=size).reshape(-1, n_bots)
    total = np.bincount(key, weights=values.ravel(), minlength=size).reshape(-1, n_bots)
    used = count.any(axis=1)
    count, total = count[used], total[used]
    with np.errstate(invalid="ignore", divide="ignore"):
        return total / count, count


def win_lines(bots, shares, totals, ranks, cluster, names: list[str], means=None) -> list[dict]:
    """Per bot (sorted by name): seat-games, win share ± 95% CI over deal sets, mean final
    total, mean rank, share of last places (the game's worst rank, ties included)."""
    nb = len(names)
    means, count = means or cluster_means(shares, bots, cluster, nb)
    flat = bots.ravel()
    seat_games = np.bincount(flat, minlength=nb)
    last = last_places(ranks).ravel()
    total_sum = np.bincount(flat, totals.ravel(), nb)
    rank_sum = np.bincount(flat, ranks.ravel(), nb)
    last_sum = np.bincount(flat, last, nb)
    return [
        bot_line(
            names[b],
            seat_games[b],
            mean_ci(means[count[:, b] > 0, b]),
            total_sum[b],
            rank_sum[b],
            last_sum[b],
        )  # fmt: skip
        for b in range(nb)
        if seat_games[b] > 0
    ]


def last_places(ranks: np.ndarray) -> np.ndarray:
    """Seats that finished last: the worst rank of their game (Trix: the highest total)."""
    return ranks == ranks.max(axis=1, keepdims=True)


def bot_line(name, seat_games, share_ci, total_sum, rank_sum, last_sum) -> dict:
    """One bot's line of the summary from its sums over seat-games."""
    n = seat_games
    return {
        "bot": name,
        "seat_games": int(n),
        "win_share": share_ci[0],
        "win_share_ci": share_ci[1],
        "mean_total": float(total_sum / n),
        "mean_rank": float(rank_sum / n),
        "last_share": float(last_sum / n),
    }


def paired(bots, shares, cluster, names: list[str], a: str, b: str, means=None):
    """Win share of ``a`` minus ``b`` paired within deal sets: (mean, 95% CI, deal sets)."""
    means, count = means or cluster_means(shares, bots, cluster, len(names))
    ia, ib = names.index(a), names.index(b)
    both = (count[:, ia] > 0) & (count[:, ib] > 0)
    mean, ci = mean_ci(means[both, ia] - means[both, ib])
    return mean, ci, int(both.sum())


def win_summary(bots, shares, totals, ranks, cluster, names, seconds, complete) -> dict:
    """The headline block: per-bot lines and, for two bots, their paired difference."""
    means = cluster_means(shares, bots, cluster, len(names))
    lines = win_lines(bots, shares, totals, ranks, cluster, names, means)
    out = {
        "games": len(bots),
        "deal_sets": len(means[1]),
        "bots": lines,
        "seconds": seconds,
        "complete": complete,
    }
    if len(lines) == 2:
        hi, lo = sorted(lines, key=lambda x: -x["win_share"])
        diff, ci, n = paired(bots, shares, cluster, names, hi["bot"], lo["bot"], means)
        out["paired"] = {"better": hi["bot"], "worse": lo["bot"], "difference": diff, "ci": ci,
                         "deal_sets": n}  # fmt: skip
    return out


def decimals(ci: float) -> int:
    """Decimals of a percentage that keep its 95% interval visible (millions of games
    give intervals below ±0.1 points, which one decimal would print as ±0.0)."""
    points = 100 * ci
    if not points > 0 or points >= 0.1:
        return 1
    return 2 if points >= 0.01 else 3


def sentence(p: dict) -> str:
    """The paired difference in words; "beats" only when its 95% interval excludes 0."""
    n = p["deal_sets"]
    if not p["ci"] >= 0:  # NaN: one deal set has no spread to measure
        return (
            f"{p['better']} leads {p['worse']} by {100 * p['difference']:.1f} points of win "
            f"share over {n:,} deal set: too few for an interval (play more games)"
        )
    d = decimals(p["ci"])
    by = f"{100 * p['difference']:.{d}f} ± {100 * p['ci']:.{d}f} points of win share"
    if p["difference"] > p["ci"]:
        return f"{p['better']} beats {p['worse']} by {by} over {n:,} deal sets"
    return (
        f"{p['better']} and {p['worse']} are not told apart: {p['better']} leads by {by} "
        f"over {n:,} deal sets (the interval holds 0)"
    )
