"""One chunk of a run: its games played and turned into the run's two Arrow tables.

The same function serves every backend, so a chunk's rows are the same
whichever process, machine or backend plays it.
"""

from __future__ import annotations

import numpy as np

from sim.run.plan import Plan


def chunk_tables(plan: Plan, i: int):
    """Play chunk ``i``: its per-deal and games tables (Arrow), and what it cost: ``{"decisions":
    n, "timing": sim.core.timing.record(...)}`` (the bots' time per decision, measured)."""
    from sim.core.bots import parse_spec
    from sim.core.loop_batch import play_batch
    from sim.core.registry import get
    from sim.run.parquet import deals_table, games_table

    spec = get(plan.game)
    lineup = [parse_spec(t, spec.name) for t in plan.bots]
    game_ids = plan.chunk_games(i)
    deal_sets, seating_ids = plan.layout(game_ids)
    seatings = np.asarray(plan.seatings, np.int8)[seating_ids]
    batch = play_batch(spec, lineup, seatings, plan.seed, game_ids, deal_sets)
    args = (game_ids, deal_sets, seating_ids, seatings, list(plan.bots))
    deals = deals_table(spec, batch.deals, batch.deal_counts, *args)
    from sim.core.timing import record

    work = {"decisions": int(batch.actions), "timing": record(batch.timing, batch.hz, len(lineup))}
    return deals, games_table(spec, batch.games, batch.shares, *args), work


def statistics(plan: Plan) -> tuple[str, ...]:
    """The columns of the game's own that get min/max statistics in the part files."""
    from sim.core.registry import get

    return tuple(get(plan.game).part("columns").STATISTICS)


def warm_up(game: str | None = None, bots: list[str] | None = None) -> None:
    """Load what a chunk needs (the cached kernels of ``game``, its bots, pyarrow) now, and
    with ``bots`` (specs) call the loop once with no games: the first chunk then costs what
    the others do, and the games' clock measures play, not loading."""
    from sim.core.binding import chunk_kernels
    from sim.core.bots import load_bots
    from sim.core.registry import get
    from sim.run import parquet  # noqa: F401

    if game is not None:
        spec = get(game)
        load_bots(spec.name)
        chunk_kernels(spec)
        spec.part("columns")  # the game's Parquet columns (they may import pandas: 0.8 s)
        if bots:
            from sim.core.bots import parse_spec
            from sim.core.loop_batch import play_batch

            lineup = [parse_spec(t, spec.name) for t in bots]
            none = np.empty(0, np.int64)
            play_batch(spec, lineup, np.zeros(spec.seats, np.int8), 0, none, none)
