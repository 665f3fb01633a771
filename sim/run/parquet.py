"""A tournament's Parquet tables: from a chunk's arrays to Arrow tables, and back to disk.

Two tables per run (schemas in ``docs/tables.md``): ``games`` has one row per
game, with the columns every game has (ids, seating, ``bot_<seat>``, the game's
own columns, ``total_<seat>``, ``rank_<seat>``, ``win_share_<seat>``, the game's
name); the per-deal table (``spec.deal_table``, Trix's ``contracts``) has one
row per deal, its columns from the game (``spec.part("columns")``). Small
integer types and dictionary-encoded names keep a million games in a few tens
of megabytes. Nullable integer and boolean columns carry their pandas dtype
(``Int8``, ``boolean``) in the file, so pandas reads them alike whether a run
held a null or not. Each chunk becomes one part file per table, written under a
hidden name and renamed into place, so a reader never sees a half-written file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from sim.core import arrow
from sim.core.spec import GameSpec

GAMES = "games"
# Min/max statistics only where readers filter (ids, seats, bots; the game adds its own):
# computing them for every column costs 10% of the writing time and prunes nothing useful.
STATISTICS = ("game", "deal_set", "seating") + tuple(f"bot_{p}" for p in range(8))


def table_dir(name: str) -> str:
    """The folder of a table in a run's output: ``games`` -> ``games.parquet``."""
    return f"{name}.parquet"


class Columns:
    """The column helpers a game's ``columns`` part builds its columns with."""

    Validity = arrow.Validity

    def __init__(self, bot_names: list[str]):
        # Two line-up entries may be the same bot; a dictionary with repeated values
        # makes pyarrow write unstable bytes, so each name is in it once.
        unique = list(dict.fromkeys(bot_names))
        self._to_unique = np.array([unique.index(b) for b in bot_names], np.int8)
        self._names = arrow.strings(unique)

    @staticmethod
    def ints(values: np.ndarray, kind: pa.DataType) -> pa.Array:
        """A contiguous column as ``kind`` (no copy when it already is)."""
        return arrow.numbers(values, kind)

    @staticmethod
    def dictionary(indices: np.ndarray, names: pa.Array) -> pa.DictionaryArray:
        return arrow.dictionary(indices, names)

    def bots(self, seat_lineup: np.ndarray, valid: np.ndarray | None = None) -> pa.DictionaryArray:
        """Line-up indices -> bot names (null where not ``valid``)."""
        return arrow.dictionary(self._to_unique[seat_lineup], self._names, valid)


def pandas_metadata(fields: list[pa.Field]) -> dict[bytes, bytes]:
    """The pandas dtype of each nullable integer or boolean column (``Int8``, ``boolean``).

    pandas and pyarrow's ``to_pandas`` read these from the file: without them an ``int8``
    column holding a null arrives as ``float64`` and the same column without one as ``int8``,
    so a notebook's dtypes would depend on what the run happened to contain.
    """
    columns = []
    for f in fields:
        if f.nullable and pa.types.is_integer(f.type):
            dtype = f"{'U' if pa.types.is_unsigned_integer(f.type) else ''}Int{f.type.bit_width}"
        elif f.nullable and pa.types.is_boolean(f.type):
            dtype = "boolean"
        else:
            continue
        columns.append({"name": f.name, "field_name": f.name, "pandas_type": str(f.type),
                        "numpy_type": dtype, "metadata": None})  # fmt: skip
    if not columns:
        return {}
    meta = {"index_columns": [], "column_indexes": [], "columns": columns}
    return {b"pandas": json.dumps(meta, separators=(",", ":")).encode()}


def _table(columns: dict[str, pa.Array], nullable: frozenset) -> pa.Table:
    fields = [pa.field(name, a.type, nullable=name in nullable) for name, a in columns.items()]
    schema = pa.schema(fields, metadata=pandas_metadata(fields) or None)
    return pa.Table.from_arrays(list(columns.values()), schema=schema)


def deals_table(spec: GameSpec, deals, counts, game_ids, deal_sets, seating_ids, seatings,
                bot_names) -> pa.Table:  # fmt: skip
    """Rows of every deal played in a chunk (``Batch.deals``: columns × deals)."""
    part = spec.part("columns")
    w = Columns(bot_names)

    def per_row(values, dtype):  # a value per game, repeated for each of its deals
        return np.repeat(np.asarray(values, dtype), counts, axis=0)

    seat_bots = per_row(seatings, np.int8)  # line-up index at each seat, per row
    table = {
        "game": arrow.numbers(per_row(game_ids, np.int32), pa.int32()),
        "deal_set": arrow.numbers(per_row(deal_sets, np.int32), pa.int32()),
        "seating": arrow.numbers(per_row(seating_ids, np.int8), pa.int8()),
    }
    table |= part.deal_columns(deals, seat_bots, w)
    for p in range(spec.seats):
        table[f"bot_{p}"] = w.bots(seat_bots[:, p])
    return _table(table, part.NULLABLE)


def games_table(spec: GameSpec, games, shares, game_ids, deal_sets, seating_ids, seatings,
                bot_names) -> pa.Table:  # fmt: skip
    """One row per game of a chunk (``Batch.games``: totals, ranks, then the game's own)."""
    part = spec.part("columns")
    w = Columns(bot_names)
    n = spec.seats
    table = {
        "game": arrow.numbers(game_ids, pa.int32()),
        "deal_set": arrow.numbers(deal_sets, pa.int32()),
        "seating": arrow.numbers(seating_ids, pa.int8()),
    }
    for p in range(n):
        table[f"bot_{p}"] = w.bots(seatings[:, p])
    table |= part.game_columns(games, w)
    for p in range(n):
        table[f"total_{p}"] = arrow.numbers(games[:, p], pa.int16())
    for p in range(n):
        table[f"rank_{p}"] = arrow.numbers(games[:, n + p], pa.int8())
    for p in range(n):
        table[f"win_share_{p}"] = arrow.numbers(shares[:, p], pa.float64())
    names = arrow.strings([spec.name])
    table["game_name"] = w.dictionary(np.zeros(len(game_ids), np.int8), names)
    return _table(table, part.NULLABLE)


def part_name(chunk: int) -> str:
    return f"part-{chunk:06d}.parquet"


def encode(table: pa.Table, where, statistics: tuple[str, ...] = ()) -> None:
    """Write ``table`` as Parquet to a path or file object: the one set of writer options."""
    stats = [c for c in STATISTICS + tuple(statistics) if c in table.column_names]
    pq.write_table(table, where, compression="zstd", write_statistics=stats)


def parquet_bytes(table: pa.Table, statistics: tuple[str, ...] = ()) -> bytes:
    """A part file's bytes, for encoding where the table was made (a Dask worker)."""
    sink = pa.BufferOutputStream()
    encode(table, sink, statistics)
    return sink.getvalue().to_pybytes()


def write_part(part: pa.Table | bytes, folder: Path, chunk: int,
               statistics: tuple[str, ...] = ()) -> dict:  # fmt: skip
    """Write a chunk's part file (a table, or its encoded bytes) atomically: hidden
    temporary name, fsync, rename. Returns its size and checksum (the manifest keeps them)."""
    from sim.run.verify import fingerprint

    data = part if isinstance(part, bytes) else parquet_bytes(part, statistics)
    final = folder / part_name(chunk)
    tmp = folder / f".{part_name(chunk)}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, final)
    return fingerprint(data)
