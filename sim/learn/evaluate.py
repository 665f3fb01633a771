"""How strong a network is while it trains: duplicate games against a yardstick bot, as a
tournament plays them (every deal set under every seating of the two), with the paired
difference of win share and its t-interval over deal sets.

Evaluation deals come from a seed domain of their own, so a network is never measured on a
deal it trained on.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.core.bots import parse_spec
from sim.core.registry import get
from sim.core.rng import mix
from sim.report.intervals import mean_ci
from sim.report.stats import cluster_means
from sim.run.plan import seatings_for

EVAL_DOMAIN = 0xE7A1  # evaluation seeds: mix(seed, EVAL_DOMAIN), apart from the training ones


@dataclass
class Strength:
    """``bot`` minus ``against`` in points of win share, ± the 95% t half-width over
    ``deal_sets`` deal sets."""

    against: str
    difference: float
    ci: float
    deal_sets: int

    def text(self) -> str:
        return (
            f"{self.difference:+.1f} ± {self.ci:.1f} against {self.against} "
            f"(95% t-interval over {self.deal_sets} deal sets)"
        )


def eval_seed(seed: int) -> int:
    return int(mix(np.uint64(seed % 2**64), np.uint64(EVAL_DOMAIN)))


def play_sets(game: str, bot: str, against: str, seed: int, deal_sets) -> np.ndarray:
    """Per deal set of ``deal_sets``: ``bot``'s mean win share minus ``against``'s, over every
    seating of the two (a worker's task)."""
    from sim.core.loop_batch import play_batch

    spec = get(game)
    lineup = [parse_spec(bot, game), parse_spec(against, game)]
    seatings = np.array(seatings_for([bot, against], spec.seats, spec.teams), np.int8)
    sets = np.repeat(np.asarray(deal_sets, np.int64), len(seatings))
    seating = np.tile(seatings, (len(deal_sets), 1))
    ids = sets * len(seatings) + np.tile(np.arange(len(seatings)), len(deal_sets))
    result = play_batch(spec, lineup, seating, seed, ids, sets)
    means, _ = cluster_means(result.shares, seating, sets, 2)
    # a seat's share; in a partnership game, as the report counts it, the team's (its seats')
    per_side = len(spec.teams[0]) if spec.teams else 1
    return (means[:, 0] - means[:, 1]) * per_side


def strength(
    game: str, bot: str, against: str, deal_sets: int, seed: int, pool=None, tasks: int = 1
) -> Strength:
    """``bot`` against ``against`` over ``deal_sets`` deal sets of the evaluation seed domain,
    split into ``tasks`` tasks on ``pool`` (an executor; None: here)."""
    sets = np.arange(deal_sets, dtype=np.int64)
    parts = [p for p in np.array_split(sets, max(1, min(tasks, deal_sets))) if len(p)]
    s = eval_seed(seed)
    if pool is None:
        diffs = [play_sets(game, bot, against, s, p) for p in parts]
    else:
        futures = [pool.submit(play_sets, game, bot, against, s, p) for p in parts]
        diffs = [f.result() for f in futures]
    d = np.concatenate(diffs) * 100.0
    mean, ci = mean_ci(d)
    return Strength(against, mean, ci, len(d))
