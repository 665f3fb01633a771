"""Trix's own Parquet columns: the ``contracts`` table and the games table's extras.

The core writer (:mod:`sim.run.parquet`) adds the columns every game has (ids,
seating, bots, totals, ranks, win shares); these are the rest, from the rows
the kernels wrote (:data:`.vocab.CONTRACT_COLUMNS`, :data:`.vocab.GAME_COLUMNS`).
Schemas: ``docs/tables.md``.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from sim.core import arrow
from sim.games.trix.vocab import CONTRACT_NAMES, END_NAMES, N_SEATS, TRIX_C, C, G

CONTRACTS = arrow.strings(CONTRACT_NAMES)
ENDS = arrow.strings(END_NAMES)

# Columns that can hold nulls ("nobody", or "not this kind of contract"); the
# others are declared not null, which the writer encodes faster (no null levels).
NULLABLE = frozenset(
    ["king_announcer", "stop_trick"]
    + [f"tricks_{p}" for p in range(N_SEATS)]
    + [f"trix_{w}{x}" for w in ("first", "second") for x in ("", "_turns", "_passes")]
)
# Min/max statistics where readers filter (besides the core's ids, seats and bots).
STATISTICS = ("contract_no", "contract", "chooser", "chooser_bot", "end")


def game_columns(games: np.ndarray, w) -> dict[str, pa.Array]:
    """The games table's Trix columns (between the bots and the totals)."""
    return {
        "first_chooser": arrow.numbers(games[:, G["first_chooser"]], pa.int8()),
        "contracts": arrow.numbers(games[:, G["contracts"]], pa.int8()),
        "end": w.dictionary(games[:, G["end"]] - 1, ENDS),
    }


def deal_columns(deals: np.ndarray, seat_bots: np.ndarray, w) -> dict[str, pa.Array]:
    """The contracts table's Trix columns (after game, deal_set, seating; before the bots).

    ``deals``: the kernels' rows, column by column; ``seat_bots``: the line-up
    index at each seat of each row; ``w``: the writer's column helpers.
    """
    col = {name: deals[i] for name, i in C.items()}
    chooser = col["chooser"].astype(np.intp)
    is_trix = col["contract"] == TRIX_C
    in_trix, in_tricks = w.Validity(is_trix), w.Validity(~is_trix)
    table = {
        "contract_no": w.ints(col["contract_no"], pa.int8()),
        "chooser": w.ints(chooser, pa.int8()),
        "chooser_bot": w.bots(seat_bots[np.arange(len(chooser)), chooser]),
        "choice": w.ints(col["choice"], pa.int8()),
        "contract": w.dictionary(col["contract"], CONTRACTS),
        "forced_trix": arrow.flags(col["forced_trix"]),
        "imposed": arrow.flags(col["imposed"]),
        "chooser_jacks": w.ints(col["chooser_jacks"], pa.int8()),
        "chooser_had_jack": arrow.flags(col["chooser_jacks"] > 0),
        "chooser_aces": w.ints(col["chooser_aces"], pa.int8()),
        "king_announcer": w.Validity(col["king_announcer"] >= 0).column(  # -1: nobody
            col["king_announcer"], pa.int8()
        ),
    }
    for kind in ("points", "totals"):
        for p in range(N_SEATS):
            table[f"{kind}_{p}"] = w.ints(col[f"{kind}_{p}"], pa.int16())
    for p in range(N_SEATS):
        table[f"tricks_{p}"] = in_tricks.column(col[f"tricks_{p}"], pa.int8())
    table["stop_trick"] = in_tricks.column(col["stop_trick"], pa.int8())
    table["events"] = w.ints(col["events"], pa.int16())
    table["zeroed"] = arrow.flags(col["zeroed"])
    for which in ("first", "second"):
        table[f"trix_{which}"] = in_trix.column(col[f"trix_{which}"], pa.int8())
        table[f"trix_{which}_turns"] = in_trix.column(col[f"trix_{which}_turns"], pa.int16())
        table[f"trix_{which}_passes"] = in_trix.column(col[f"trix_{which}_passes"], pa.int16())
    return table


def card_plays(deals: np.ndarray) -> int:
    """Cards played or laid (the bench's count): 4 a trick in trick contracts, and in trix
    the lays (events - passes)."""
    col = {name: deals[i].astype(np.int64) for name, i in C.items()}
    trix = col["contract"] == TRIX_C
    tricks = N_SEATS * col["stop_trick"][~trix].sum()
    lays = (col["events"][trix] - col["trix_second_passes"][trix]).sum()
    return int(tricks + lays)
