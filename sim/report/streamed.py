"""The headline summary of one run, read part file by part file in flat memory.

``trixsim tournament`` prints this block at the end of every run, so it must not
grow with the run: reading the whole games table of 10 million games took 2.7 GB.
A chunk holds whole deal sets (game ``g`` plays deal set ``g // S`` and a chunk
is a multiple of ``S`` games), so the per-deal-set means of a part file are final
once it is read; :class:`sim.report.stats.Tally` keeps only per-bot sums and the
moments of those means. The numbers are those of :func:`sim.report.stats.win_summary`
(the same tally fed all games at once; tested against it).
"""

from __future__ import annotations

import numpy as np

from sim.report.data import GAMES, Run, codes, game_columns, ints, numpy_of, read_part
from sim.report.stats import Tally

SEAT_COLUMNS = ("bot", "total", "rank", "win_share")  # per seat: bot_0, total_0, ...


def seat_arrays(t, spec, lookup: dict[str, int]):
    """A games part's per-seat columns as (games, seats) arrays: bots (codes in ``lookup``),
    win shares, totals, ranks; and each game's deal set, dense and in order within the
    part."""
    seats = range(spec.seats)
    bots = np.stack([codes(t.column(f"bot_{p}"), lookup, "bot") for p in seats], 1)
    totals = np.stack([ints(t.column(f"total_{p}")) for p in seats], 1).astype(np.int64)
    ranks = np.stack([ints(t.column(f"rank_{p}")) for p in seats], 1)
    win = np.stack([numpy_of(t.column(f"win_share_{p}")) for p in seats], 1)
    _, cluster = np.unique(ints(t.column("deal_set")), return_inverse=True)
    return bots, win, totals, ranks, cluster


def run_summary(run: Run) -> dict:
    """:func:`sim.report.stats.win_summary` of one run, without holding its games."""
    names = sorted(set(run.bots))
    columns = [c for c in game_columns(run.spec) if c not in ("game", "end")]
    lookup = {n: i for i, n in enumerate(names)}
    tally = Tally(names, run.spec.teams)
    deals = 0
    for path in run.paths(GAMES):
        t = read_part(path, columns, run.folder)
        bots, win, totals, ranks, cluster = seat_arrays(t, run.spec, lookup)
        deals += int(ints(t.column(run.spec.deal_count)).astype(np.int64).sum())
        del t
        tally.add(bots, win, totals, ranks, cluster)
    out = tally.summary(run.seconds, run.status == "complete")
    return out | {"deals": deals, "deal": run.spec.deal}
