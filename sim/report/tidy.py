"""``load_run``: a run's tables as pandas, for notebooks, in the report's terms.

The games table has one column per seat (``bot_0``, ``win_share_0``, …), which
invites reading seat 0 alone; the ``seats`` table has one row per seat-game, so
the report's numbers are one groupby away (docs/tables.md)::

    seats = load_run(folder)
    seats.groupby(["deal_set", "bot"])["win_share"].mean().groupby("bot").mean()

is ``trixsim report``'s win share per bot: the mean over deal sets of each deal
set's mean (:mod:`sim.report.stats`). It reads the chunks the report reads (both
tables written) and gives nullable integer and boolean columns a nullable dtype
(``Int8``, ``boolean``) whether or not the run held a null, old runs included.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from sim.report.data import GAMES, ReportError, codes, ints, no_games_reason, open_run, read_part
from sim.report.stats import last_places

SEATS = "seats"


def load_run(folder: str | Path, table: str = SEATS) -> pd.DataFrame:
    """A run's table: ``seats`` (one row per seat of each game: game, deal_set, seating,
    seat, bot, team, total, rank, win_share, last, game_name), ``games`` (as written, one
    row per game) or ``deals`` (the game's per-deal table; Trix's is also ``contracts``).

    ReportError (one line) for a folder that is not a run, a run without a finished chunk
    or a table it does not have.
    """
    run = open_run(Path(folder))
    own = run.deal_table.removesuffix(".parquet")
    tables = {SEATS: None, "games": GAMES, "deals": run.deal_table, own: run.deal_table}
    if table not in tables:
        also = " (or deals)" if own != "deals" else ""
        raise ReportError(f"{run.folder}: no table {table!r} in a {run.game} run; give one of "
                          f"seats, games, {own}{also}")  # fmt: skip
    if not run.parts:
        raise ReportError(no_games_reason(run))
    if table == SEATS:
        return _seats(run)
    return _frame(_read(run, tables[table]))


def _read(run, sub: str, columns: list[str] | None = None) -> pa.Table:
    return pa.concat_tables([read_part(p, columns, run.folder) for p in run.paths(sub)])


def nullable_dtype(field: pa.Field):
    """The pandas dtype of a nullable integer or boolean column, else None (pandas decides)."""
    if field.nullable and pa.types.is_integer(field.type):
        unsigned = "U" if pa.types.is_unsigned_integer(field.type) else ""
        return pd.api.types.pandas_dtype(f"{unsigned}Int{field.type.bit_width}")
    if field.nullable and pa.types.is_boolean(field.type):
        return pd.BooleanDtype()
    return None


def _frame(t: pa.Table) -> pd.DataFrame:
    """``t`` as pandas, nullable columns as nullable dtypes whatever the files' metadata says
    (part files of trixsim 0.5.0 and earlier carry none)."""
    df = t.to_pandas(ignore_metadata=True)
    for f in t.schema:
        dtype = nullable_dtype(f)
        if dtype is not None:
            df[f.name] = dtype.__from_arrow__(t.column(f.name))
    return df


def _seats(run) -> pd.DataFrame:
    spec = run.spec
    n = spec.seats
    seat_cols = [f"{k}_{p}" for k in ("bot", "total", "rank", "win_share") for p in range(n)]
    have = pq.read_schema(run.paths(GAMES)[0]).names
    ids = [c for c in ("game", "deal_set", "seating") if c in have]  # hand-made tables may lack one
    t = _read(run, GAMES, ids + seat_cols)
    names = sorted({b for p in range(n) for b in _dictionary(t.column(f"bot_{p}"))})
    lookup = {b: i for i, b in enumerate(names)}

    def per_seat(kind: str) -> np.ndarray:  # (games, seats)
        return np.stack([ints(t.column(f"{kind}_{p}")) for p in range(n)], 1)

    bots = np.stack([codes(t.column(f"bot_{p}"), lookup, "bot") for p in range(n)], 1)
    ranks = per_seat("rank")
    out = {c: np.repeat(ints(t.column(c)), n) for c in ids}  # game-major, then seat
    out |= {
        "seat": np.tile(np.arange(n, dtype=np.int8), len(t)),
        "bot": np.array(names, dtype=object)[bots.ravel()],
        "team": np.tile(np.array([spec.seat_team(p) for p in range(n)], np.int8), len(t)),
        "total": per_seat("total").ravel(),
        "rank": ranks.ravel(),
        "win_share": per_seat("win_share").ravel(),
        "last": last_places(ranks).ravel(),  # the game's worst rank, ties included
    }
    df = pd.DataFrame(out)
    df["bot"] = df["bot"].astype(str)
    df["game_name"] = spec.name
    return df


def _dictionary(column: pa.ChunkedArray) -> list[str]:
    """The names a dictionary (or string) column may hold."""
    out: list[str] = []
    for ch in column.chunks:
        values = ch.dictionary if pa.types.is_dictionary(ch.type) else ch.unique()
        out += [v for v in values.to_pylist() if v is not None]
    return out
