"""Win shares with intervals that respect the duplicate design.

Win shares are per seat-game, ties split (R3.9). Games of one deal set share
their cards, so they are not independent: a deal set (keyed by the run's seed
and its deal-set number, so two runs with one seed share them) is the unit of
every interval. A bot's win share is the mean over deal sets of its mean win
share within the deal set; its 95% interval is Student's t interval of that
mean over the n deal sets, n - 1 degrees of freedom (the cluster approach,
:mod:`sim.report.intervals`). For two bots the paired difference is taken
within each deal set, where both met the same cards; it says "beats" only
from ``MIN_DEAL_SETS`` deal sets on and when its interval excludes 0.

In a partnership game (``spec.teams``) the team is the unit: a bot holding every
seat of a partnership is a team, its win share per partnership-game is the sum of
its seats' shares, and the one verdict is the paired difference of two teams.
Partnership-games of two different bots count in the per-seat lines only.
"""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np

from sim.report.intervals import (
    MIN_DEAL_SETS,
    basis,
    deal_sets_more,
    half_width,
    mean_ci,
)

__all__ = ["MIN_DEAL_SETS", "Tally", "mean_ci", "paired", "sentence", "win_summary"]


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
        """As :func:`mean_ci` over the values seen: mean and 95% t half-width."""
        if self.n == 0:
            return float("nan"), float("nan")
        if self.n < 2:
            return self.mean, float("nan")
        return self.mean, half_width(math.sqrt(self.m2 / (self.n - 1)), self.n)


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


def last_places(ranks: np.ndarray) -> np.ndarray:
    """Seats that finished last: the worst rank of their game (Trix: the highest total)."""
    return ranks == ranks.max(axis=1, keepdims=True)


def team_columns(bots, shares, totals, ranks, teams, n_bots: int):
    """Per game and partnership: the bot holding all its seats (``n_bots`` when two bots
    share it), its win share (the sum of its seats'), and its seats' mean total, rank, last."""
    last = last_places(ranks)
    cols = [[], [], [], [], []]
    for team in teams:
        seats = list(team)
        b = bots[:, seats].astype(np.int64)
        cols[0].append(np.where((b == b[:, :1]).all(axis=1), b[:, 0], n_bots))
        cols[1].append(shares[:, seats].sum(axis=1))
        cols[2].append(totals[:, seats].mean(axis=1))
        cols[3].append(ranks[:, seats].mean(axis=1))
        cols[4].append(last[:, seats].mean(axis=1))
    return [np.stack(c, 1) for c in cols]


class _Side:
    """Sums per bot over its seat-games (or team-games) and the moments of its per-deal-set
    means; for every pair of bots the moments of their paired differences."""

    def __init__(self, nb: int):
        self.count, self.total, self.rank, self.last = (np.zeros(nb) for _ in range(4))
        self.shares = [Moments() for _ in range(nb)]
        self.pairs = {pair: Moments() for pair in combinations(range(nb), 2)}

    def add(self, who, shares, totals, ranks, last, cluster, nb: int) -> None:
        keep = who < nb
        flat = who[keep].astype(np.intp)
        self.count += np.bincount(flat, minlength=nb)[:nb]
        self.total += np.bincount(flat, totals[keep], nb)[:nb]
        self.rank += np.bincount(flat, ranks[keep], nb)[:nb]
        self.last += np.bincount(flat, last[keep], nb)[:nb]
        means, count = cluster_means(shares, who, cluster, nb + 1)
        played = count[:, :nb] > 0
        for b in range(nb):
            self.shares[b].add(means[played[:, b], b])
        for (i, j), m in self.pairs.items():
            both = played[:, i] & played[:, j]
            m.add(means[both, i] - means[both, j])

    def line(self, b: int, name: str, count_key: str) -> dict:
        n, (share, ci), sets = self.count[b], self.shares[b].mean_ci(), self.shares[b].n
        return {"bot": name, count_key: int(n), "win_share": share, "win_share_ci": ci,
                "deal_sets": sets, "ci_basis": basis(sets), "mean_total": float(self.total[b] / n),
                "mean_rank": float(self.rank[b] / n),
                "last_share": float(self.last[b] / n)}  # fmt: skip

    def paired(self, names, lines, unit: str, per_set: float) -> dict:
        hi, lo = sorted(lines, key=lambda x: -x["win_share"])
        i, j = names.index(hi["bot"]), names.index(lo["bot"])
        d, ci = self.pairs[min(i, j), max(i, j)].mean_ci()
        n = self.pairs[min(i, j), max(i, j)].n
        return paired_block(hi["bot"], lo["bot"], d if i < j else -d, ci, n, unit, per_set)


def paired_block(better, worse, difference, ci, n, unit="seat", per_set=None) -> dict:
    """The paired difference as data: what its interval rests on and the verdict it allows."""
    more, need = deal_sets_more(difference, ci, n)
    said = verdict(difference, ci, n)
    out = {"better": better, "worse": worse, "difference": difference, "ci": ci,
           "deal_sets": n, "ci_basis": basis(n), "unit": unit, "verdict": said,
           "more_deal_sets": 0 if said == "beats" else max(more, 0),
           "deal_sets_for_power": need}  # fmt: skip
    if per_set:
        out["games_per_deal_set"] = per_set
    return out


def verdict(difference: float, ci: float, n: int) -> str:
    """ "beats" (interval above 0, enough deal sets), "not told apart" or "too few deal sets"."""
    if n < MIN_DEAL_SETS or not ci >= 0:
        return "too few deal sets"
    return "beats" if difference > ci else "not told apart"


class Tally:
    """The headline numbers of some games, fed whole deal sets at a time (a part file of a
    run holds whole deal sets, so :mod:`sim.report.streamed` feeds it part by part)."""

    def __init__(self, names: list[str], teams=()):
        self.names, self.teams = list(names), tuple(tuple(t) for t in teams)
        self.seats, self.team = _Side(len(names)), _Side(len(names))
        self.games = self.deal_sets = self.mixed = 0

    def add(self, bots, shares, totals, ranks, cluster) -> Tally:
        """Games of whole deal sets (``cluster``: their deal-set ids, any whole numbers)."""
        nb = len(self.names)
        bots = bots.astype(np.int64)
        self.seats.add(bots, shares, totals, ranks, last_places(ranks), cluster, nb)
        if self.teams:
            who, *cols = team_columns(bots, shares, totals, ranks, self.teams, nb)
            self.team.add(who, *cols, cluster, nb)
            self.mixed += int((who == nb).sum())
        self.games += len(bots)
        self.deal_sets += len(np.unique(cluster))
        return self

    def lines(self) -> list[dict]:
        return [self.seats.line(b, n, "seat_games") for b, n in enumerate(self.names)
                if self.seats.count[b] > 0]  # fmt: skip

    def summary(self, seconds: float, complete: bool) -> dict:
        lines = self.lines()
        out = {"games": self.games, "deal_sets": self.deal_sets, "bots": lines,
               "seconds": seconds, "complete": complete,
               "unit": "team" if self.teams else "seat"}  # fmt: skip
        per_set = self.games / self.deal_sets if self.deal_sets else None
        if self.teams:
            team = [self.team.line(b, n, "team_games") for b, n in enumerate(self.names)
                    if self.team.count[b] > 0]  # fmt: skip
            out["teams"] = {"bots": team, "mixed": self.mixed,
                            "partnership_games": self.games * len(self.teams)}  # fmt: skip
            if len(team) == 2:
                out["paired"] = self.team.paired(self.names, team, "team", per_set)
        elif len(lines) == 2:
            out["paired"] = self.seats.paired(self.names, lines, "seat", per_set)
        return out


def win_lines(bots, shares, totals, ranks, cluster, names: list[str]) -> list[dict]:
    """Per bot (sorted by name): seat-games, win share ± 95% t-interval over deal sets, mean
    final total, mean rank, share of last places (the game's worst rank, ties included)."""
    return Tally(names).add(bots, shares, totals, ranks, cluster).lines()


def paired(bots, shares, cluster, names: list[str], a: str, b: str, means=None):
    """Win share of ``a`` minus ``b`` paired within deal sets: (mean, 95% t half-width, deal
    sets)."""
    means, count = means or cluster_means(shares, bots, cluster, len(names))
    ia, ib = names.index(a), names.index(b)
    both = (count[:, ia] > 0) & (count[:, ib] > 0)
    mean, ci = mean_ci(means[both, ia] - means[both, ib])
    return mean, ci, int(both.sum())


def win_summary(bots, shares, totals, ranks, cluster, names, seconds, complete, teams=()):
    """The headline block: per-bot lines and, for two bots (two teams in a partnership
    game), their paired difference."""
    tally = Tally(names, teams).add(bots, shares, totals, ranks, cluster)
    return tally.summary(seconds, complete)


def decimals(ci: float) -> int:
    """Decimals of a percentage that keep its 95% interval visible (millions of games
    give intervals below ±0.1 points, which one decimal would print as ±0.0)."""
    points = 100 * ci
    if not points > 1e-9 or points >= 0.1:  # (below 1e-9: rounding of a spread of 0)
        return 1
    return 2 if points >= 0.01 else 3


def _games(p: dict, deal_sets: int) -> str:
    per = p.get("games_per_deal_set")
    return f"{round(deal_sets * per):,} games" if per else ""


PRACTICAL = 100  # beyond this many times the deal sets played, "how many more" says nothing


def sentence(p: dict) -> str:
    """The paired difference in words, saying what its interval rests on. "beats" only from
    ``MIN_DEAL_SETS`` deal sets on and when the 95% t-interval excludes 0; under that, the
    deal sets still to play."""
    a, b, n, d, ci = p["better"], p["worse"], p["deal_sets"], p["difference"] + 0.0, p["ci"]
    what = "team win share" if p.get("unit") == "team" else "win share"
    if ci >= 0:
        k = decimals(ci)
        by = f"{100 * d:.{k}f} ± {100 * ci:.{k}f} points of {what} ({basis(n)}"
    else:  # NaN: one deal set has no spread to measure
        by = f"{100 * d:.1f} points of {what} (over {n:,} deal set: no spread to measure"
    more, need = deal_sets_more(d, ci, n)
    games = _games(p, more)
    if n >= MIN_DEAL_SETS and ci >= 0:
        if d > ci:
            return f"{a} beats {b} by {by})"
        tail = (f"; about {more:,} more deal sets{f' ({games})' if games else ''} would tell a "
                "difference this size apart 4 times in 5" if need else "")  # fmt: skip
        if need and need > PRACTICAL * n:
            tail = (f"; a difference this small would take over {PRACTICAL} times the deal sets "
                    "played to tell apart: the two may well be equal")  # fmt: skip
        return f"{a} and {b} are not told apart: {a} leads by {by}, which holds 0){tail}"
    if need and need > PRACTICAL * max(n, MIN_DEAL_SETS):  # a tiny difference: say so
        more, games = MIN_DEAL_SETS - n, _games(p, MIN_DEAL_SETS - n)
        why = (f"a verdict needs {MIN_DEAL_SETS} at least; a difference as small as the one so "
               "far would take far more")  # fmt: skip
    elif need and need > MIN_DEAL_SETS:
        why = (f"about {need:,} in all tell a difference this size apart 4 times in 5, from the "
               "spread seen so far")  # fmt: skip
    else:
        why = f"a verdict needs {MIN_DEAL_SETS} at least"
    return (f"too few deal sets to tell {a} and {b} apart: run {more:,} more deal sets "
            f"({f'{games}; ' if games else ''}{why}); so far {a} leads by {by})")  # fmt: skip
