"""Toy's own Parquet columns: the ``deals`` table and the games table's extras."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from sim.core import arrow
from tests.toy.vocab import END_NAMES, D, G

ENDS = arrow.strings(END_NAMES)
NULLABLE = frozenset()
STATISTICS = ("deal_no", "dealer")


def game_columns(games: np.ndarray, w) -> dict[str, pa.Array]:
    """The games table's toy columns: ``deals`` (spec.deal_count), ``end``, ``first_dealer``."""
    return {
        "first_dealer": arrow.numbers(games[:, G["first_dealer"]], pa.int8()),
        "deals": arrow.numbers(games[:, G["deals"]], pa.int8()),
        "end": w.dictionary(games[:, G["end"]] - 1, ENDS),
    }


def deal_columns(deals: np.ndarray, seat_bots: np.ndarray, w) -> dict[str, pa.Array]:
    """The deals table's columns, one per kernel deal column."""
    return {name: w.ints(deals[i], pa.int8()) for name, i in D.items()}


def card_plays(deals: np.ndarray) -> int:
    """Cards played: 6 a deal."""
    return 6 * int(deals.shape[1])
