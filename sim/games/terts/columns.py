"""Terts's own Parquet columns: the ``deals`` table and the games table's extras.

The core writer adds the columns every game has; these come from the rows the
kernels wrote (:data:`.vocab.DEAL_COLUMNS`, :data:`.vocab.GAME_COLUMNS`). Meld kinds,
kept by the kernels as masks, become lists of kind names. Schemas: ``docs/tables.md``.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from sim.core import arrow
from sim.games.terts.cards import CARD_NAMES
from sim.games.terts.vocab import END_NAMES, KIND_NAMES, N_SEATS, SUITS, D, G

CARDS = arrow.strings([CARD_NAMES[c] for c in range(32)])
TRUMPS = arrow.strings(list(SUITS))
ENDS = arrow.strings(END_NAMES)
KINDS = arrow.strings(KIND_NAMES)
_BITS = np.arange(len(KIND_NAMES), dtype=np.int64)

NULLABLE = frozenset(["swap_seat", "swap_trick", "swap_bot"])
STATISTICS = ("deal_no", "dealer", "trump", "end")


def game_columns(games: np.ndarray, w) -> dict[str, pa.Array]:
    """The games table's Terts columns (between the bots and the totals)."""
    return {
        "first_dealer": arrow.numbers(games[:, G["first_dealer"]], pa.int8()),
        "deals": arrow.numbers(games[:, G["deals"]], pa.int8()),
        "end": w.dictionary(games[:, G["end"]] - 1, ENDS),
    }


def kinds(masks: np.ndarray) -> pa.ListArray:
    """Masks of meld kinds -> a list of kind names per row, weakest kind id first."""
    bits = (masks.astype(np.int64)[:, None] >> _BITS) & 1 == 1
    offsets = np.zeros(len(masks) + 1, np.int32)
    np.cumsum(bits.sum(axis=1), out=offsets[1:])
    values = arrow.dictionary(np.nonzero(bits)[1], KINDS)
    return pa.ListArray.from_arrays(arrow.numbers(offsets, pa.int32()), values)


def deal_columns(deals: np.ndarray, seat_bots: np.ndarray, w) -> dict[str, pa.Array]:
    """The deals table's columns (after game, deal_set, seating; before the bots)."""
    col = {name: deals[i] for name, i in D.items()}
    swapper = col["swap_seat"]
    swapped = swapper >= 0
    swap = w.Validity(swapped)
    rows = np.arange(len(swapper))
    table = {
        "deal_no": w.ints(col["deal_no"], pa.int8()),
        "dealer": w.ints(col["dealer"], pa.int8()),
        "trump": w.dictionary(col["trump"], TRUMPS),
        "turned": w.dictionary(col["turned"], CARDS),
        "swap_seat": swap.column(swapper, pa.int8()),
        "swap_trick": swap.column(col["swap_trick"], pa.int8()),
        "swap_bot": w.bots(seat_bots[rows, np.where(swapped, swapper, 0)], swapped),
    }
    for field in ("held", "declared", "scored", "beaten"):
        for p in range(N_SEATS):
            table[f"{field}_{p}"] = kinds(col[f"{field}_{p}"])
    for field, kind in (("melds", pa.int8()), ("meld_points", pa.int16()),
                        ("card_points", pa.int16())):  # fmt: skip
        for p in range(N_SEATS):
            table[f"{field}_{p}"] = w.ints(col[f"{field}_{p}"], kind)
    table["last_trick"] = w.ints(col["last_trick"], pa.int8())
    for field in ("points", "totals"):
        for p in range(N_SEATS):
            table[f"{field}_{p}"] = w.ints(col[f"{field}_{p}"], pa.int16())
    return table


def card_plays(deals: np.ndarray) -> int:
    """Cards played (the bench's count): 32 a deal."""
    return 32 * int(deals.shape[1])
