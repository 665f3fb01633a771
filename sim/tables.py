"""The tournament's Parquet tables: from a chunk's arrays to Arrow tables, and back to disk.

Two tables (schemas in ``docs/tables.md``): ``contracts`` has one row per
contract played, ``games`` one row per game. Small integer types and
dictionary-encoded names keep a million games in a few tens of megabytes.
Each chunk becomes one part file per table, written under a hidden name and
renamed into place, so a reader never sees a half-written file.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from sim import layout as L
from sim.loop import G_CONTRACTS, G_END, G_FIRST, G_RANKS, G_TOTALS, C

CONTRACT_NAMES = pa.array(L.CONTRACT_NAMES, pa.string())
END_NAMES = pa.array(["over-1000", "28-contracts"], pa.string())


def _dict(indices: np.ndarray, names: pa.Array) -> pa.DictionaryArray:
    return pa.DictionaryArray.from_arrays(pa.array(indices, pa.int8()), names)


def _bot_names(seat_lineup: np.ndarray, bot_names: list[str]) -> pa.DictionaryArray:
    """Line-up indices -> bot names, with each name once in the dictionary.

    (Two line-up entries may be the same bot; a dictionary with repeated values
    makes pyarrow write unstable bytes.)
    """
    unique = list(dict.fromkeys(bot_names))
    to_unique = np.array([unique.index(b) for b in bot_names], np.int8)
    return _dict(to_unique[seat_lineup], pa.array(unique, pa.string()))


def _int(values: np.ndarray, kind: pa.DataType) -> pa.Array:
    """A contiguous column as ``kind`` (no copy when it already is)."""
    return pa.array(values.astype(kind.to_pandas_dtype(), copy=False))


class _Validity:
    """One validity bitmap shared by the columns that are null on the same rows."""

    def __init__(self, valid: np.ndarray):
        self.n, self.nulls = len(valid), int(len(valid) - valid.sum())
        self.bitmap = pa.py_buffer(np.packbits(valid, bitorder="little"))

    def column(self, values: np.ndarray, kind: pa.DataType) -> pa.Array:
        data = pa.py_buffer(values.astype(kind.to_pandas_dtype(), copy=False))
        return pa.Array.from_buffers(kind, self.n, [self.bitmap, data], null_count=self.nulls)


def contracts_table(contracts, games, game_ids, deal_sets, seating_ids, seatings, bot_names):
    """Rows of every contract played in a chunk (``sim.batch.Batch``: columns × contracts)."""
    counts = games[:, G_CONTRACTS]

    def per_row(values, dtype):  # a value per game, repeated for each of its contracts
        return np.repeat(np.asarray(values, dtype), counts, axis=0)

    col = {name: contracts[i] for name, i in C.items()}
    seat_bots = per_row(seatings, np.int8)  # line-up index at each seat, per row
    chooser = col["chooser"].astype(np.intp)
    is_trix = col["contract"] == L.TRIX_C
    in_trix, in_tricks = _Validity(is_trix), _Validity(~is_trix)
    table = {
        "game": pa.array(per_row(game_ids, np.int32)),
        "deal_set": pa.array(per_row(deal_sets, np.int32)),
        "seating": pa.array(per_row(seating_ids, np.int8)),
        "contract_no": _int(col["contract_no"], pa.int8()),
        "chooser": _int(chooser, pa.int8()),
        "chooser_bot": _bot_names(seat_bots[np.arange(len(chooser)), chooser], bot_names),
        "choice": _int(col["choice"], pa.int8()),
        "contract": _dict(col["contract"], CONTRACT_NAMES),
        "forced_trix": pa.array(col["forced_trix"].astype(bool)),
        "imposed": pa.array(col["imposed"].astype(bool)),
        "chooser_jacks": _int(col["chooser_jacks"], pa.int8()),
        "chooser_had_jack": pa.array(col["chooser_jacks"] > 0),
        "chooser_aces": _int(col["chooser_aces"], pa.int8()),
        "king_announcer": _Validity(col["king_announcer"] >= 0).column(  # -1: nobody
            col["king_announcer"], pa.int8()
        ),
    }
    for kind in ("points", "totals"):
        for p in range(4):
            table[f"{kind}_{p}"] = _int(col[f"{kind}_{p}"], pa.int16())
    for p in range(4):
        table[f"tricks_{p}"] = in_tricks.column(col[f"tricks_{p}"], pa.int8())
    table["stop_trick"] = in_tricks.column(col["stop_trick"], pa.int8())
    table["events"] = _int(col["events"], pa.int16())
    table["zeroed"] = pa.array(col["zeroed"].astype(bool))
    for which in ("first", "second"):
        table[f"trix_{which}"] = in_trix.column(col[f"trix_{which}"], pa.int8())
        table[f"trix_{which}_turns"] = in_trix.column(col[f"trix_{which}_turns"], pa.int16())
        table[f"trix_{which}_passes"] = in_trix.column(col[f"trix_{which}_passes"], pa.int16())
    for p in range(4):
        table[f"bot_{p}"] = _bot_names(seat_bots[:, p], bot_names)
    return _table(table)


# Columns that can hold nulls ("nobody", or "not this kind of contract"); the
# others are declared not null, which the writer encodes faster (no null levels).
NULLABLE = frozenset(
    ["king_announcer", "stop_trick"]
    + [f"tricks_{p}" for p in range(4)]
    + [f"trix_{w}{x}" for w in ("first", "second") for x in ("", "_turns", "_passes")]
)
# Min/max statistics only where readers filter (ids, seats, bots, contract): computing
# them for every column costs 10% of the writing time and prunes nothing useful.
STATISTICS = ("game", "deal_set", "seating", "contract_no", "contract", "chooser", "chooser_bot",
              "bot_0", "bot_1", "bot_2", "bot_3", "end")  # fmt: skip


def _table(columns: dict[str, pa.Array]) -> pa.Table:
    fields = [pa.field(name, a.type, nullable=name in NULLABLE) for name, a in columns.items()]
    return pa.Table.from_arrays(list(columns.values()), schema=pa.schema(fields))


def games_table(games, shares, game_ids, deal_sets, seating_ids, seatings, bot_names) -> pa.Table:
    """One row per game of a chunk."""
    table = {
        "game": pa.array(game_ids, pa.int32()),
        "deal_set": pa.array(deal_sets, pa.int32()),
        "seating": pa.array(seating_ids, pa.int8()),
    }
    for p in range(4):
        table[f"bot_{p}"] = _bot_names(seatings[:, p], bot_names)
    table["first_chooser"] = pa.array(games[:, G_FIRST], pa.int8())
    table["contracts"] = pa.array(games[:, G_CONTRACTS], pa.int8())
    table["end"] = _dict(games[:, G_END] - 1, END_NAMES)
    for p in range(4):
        table[f"total_{p}"] = pa.array(games[:, G_TOTALS + p], pa.int16())
    for p in range(4):
        table[f"rank_{p}"] = pa.array(games[:, G_RANKS + p], pa.int8())
    for p in range(4):
        table[f"win_share_{p}"] = pa.array(shares[:, p], pa.float64())
    return _table(table)


def part_name(chunk: int) -> str:
    return f"part-{chunk:06d}.parquet"


def encode(table: pa.Table, where) -> None:
    """Write ``table`` as Parquet to a path or file object: the one set of writer options."""
    stats = [c for c in STATISTICS if c in table.column_names]
    pq.write_table(table, where, compression="zstd", write_statistics=stats)


def parquet_bytes(table: pa.Table) -> bytes:
    """A part file's bytes, for encoding where the table was made (a Dask worker)."""
    sink = pa.BufferOutputStream()
    encode(table, sink)
    return sink.getvalue().to_pybytes()


def write_part(part: pa.Table | bytes, folder: Path, chunk: int) -> Path:
    """Write a chunk's part file (a table, or its encoded bytes) atomically: hidden
    temporary name, fsync, rename."""
    final = folder / part_name(chunk)
    tmp = folder / f".{part_name(chunk)}.{os.getpid()}.tmp"
    if isinstance(part, bytes):
        with open(tmp, "wb") as f:
            f.write(part)
    else:
        encode(part, tmp)
    with open(tmp, "rb") as f:
        os.fsync(f.fileno())
    os.replace(tmp, final)
    return final
