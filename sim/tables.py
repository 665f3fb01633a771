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


def _seat_or_null(values: np.ndarray) -> pa.Array:
    """Seats with -1 for "nobody" become nulls."""
    return pa.array(values, pa.int8(), mask=values < 0)


def _masked(values: np.ndarray, kind, mask: np.ndarray) -> pa.Array:
    return pa.array(values, kind, mask=mask)


def contracts_table(contracts, game_ids, deal_sets, seating_ids, seatings, bot_names) -> pa.Table:
    """Rows of every contract played in a chunk (``contracts``: games × 28 × columns)."""
    valid = contracts[:, :, C["contract_no"]] >= 0
    g_idx, _ = np.nonzero(valid)
    rows = contracts[valid]
    col = {name: rows[:, i] for name, i in C.items()}
    seat_bots = seatings[g_idx]  # line-up index at each seat, per row
    chooser = col["chooser"].astype(np.int64)
    is_trix = col["contract"] == L.TRIX_C
    table = {
        "game": pa.array(game_ids[g_idx], pa.int32()),
        "deal_set": pa.array(deal_sets[g_idx], pa.int32()),
        "seating": pa.array(seating_ids[g_idx], pa.int8()),
        "contract_no": pa.array(col["contract_no"], pa.int8()),
        "chooser": pa.array(chooser, pa.int8()),
        "chooser_bot": _bot_names(seat_bots[np.arange(len(rows)), chooser], bot_names),
        "choice": pa.array(col["choice"], pa.int8()),
        "contract": _dict(col["contract"], CONTRACT_NAMES),
        "forced_trix": pa.array(col["forced_trix"].astype(bool)),
        "imposed": pa.array(col["imposed"].astype(bool)),
        "chooser_jacks": pa.array(col["chooser_jacks"], pa.int8()),
        "chooser_had_jack": pa.array(col["chooser_jacks"] > 0),
        "chooser_aces": pa.array(col["chooser_aces"], pa.int8()),
        "king_announcer": _seat_or_null(col["king_announcer"]),
    }
    for kind, kind_type in (("points", pa.int16()), ("totals", pa.int16())):
        for p in range(4):
            table[f"{kind}_{p}"] = pa.array(col[f"{kind}_{p}"], kind_type)
    for p in range(4):
        table[f"tricks_{p}"] = _masked(col[f"tricks_{p}"], pa.int8(), is_trix)
    table["stop_trick"] = _masked(col["stop_trick"], pa.int8(), is_trix)
    table["events"] = pa.array(col["events"], pa.int16())
    table["zeroed"] = pa.array(col["zeroed"].astype(bool))
    for which in ("first", "second"):
        table[f"trix_{which}"] = _masked(col[f"trix_{which}"], pa.int8(), ~is_trix)
        table[f"trix_{which}_turns"] = _masked(col[f"trix_{which}_turns"], pa.int16(), ~is_trix)
        table[f"trix_{which}_passes"] = _masked(col[f"trix_{which}_passes"], pa.int16(), ~is_trix)
    for p in range(4):
        table[f"bot_{p}"] = _bot_names(seat_bots[:, p], bot_names)
    return pa.table(table)


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
    return pa.table(table)


def part_name(chunk: int) -> str:
    return f"part-{chunk:06d}.parquet"


def write_part(table: pa.Table, folder: Path, chunk: int) -> Path:
    """Write a chunk's part file atomically: hidden temporary name, fsync, rename."""
    final = folder / part_name(chunk)
    tmp = folder / f".{part_name(chunk)}.{os.getpid()}.tmp"
    pq.write_table(table, tmp, compression="zstd")
    with open(tmp, "rb") as f:
        os.fsync(f.fileno())
    os.replace(tmp, final)
    return final
