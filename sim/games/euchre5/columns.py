"""Five-handed Euchre's own Parquet columns: the ``deals`` table and the games table's extras.

The core writer adds the columns every game has; these come from the rows the
kernels wrote (:data:`.vocab.DEAL_COLUMNS`, :data:`.vocab.GAME_COLUMNS`). Schemas:
``docs/tables.md``.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from sim.core import arrow
from sim.games.euchre5.cards import CARD_NAMES
from sim.games.euchre5.vocab import ALONE_NAMES, END_NAMES, N_SEATS, SUITS, D, G

SUIT_NAMES = arrow.strings(list(SUITS))
CARD_IDS = np.full(32, 0, np.int8)
for _i, _c in enumerate(sorted(CARD_NAMES)):
    CARD_IDS[_c] = _i
CARDS = arrow.strings([CARD_NAMES[c] for c in sorted(CARD_NAMES)])
ALONE = arrow.strings(ALONE_NAMES)
ENDS = arrow.strings(END_NAMES)

NULLABLE = frozenset(["exchanged", "called", "partner", "revealed_trick"])
STATISTICS = ("deal_no", "dealer", "maker", "trump", "alone", "end")


def game_columns(games: np.ndarray, w) -> dict[str, pa.Array]:
    """The games table's Euchre columns (between the bots and the totals)."""
    return {
        "first_dealer": arrow.numbers(games[:, G["first_dealer"]], pa.int8()),
        "deals": arrow.numbers(games[:, G["deals"]], pa.int8()),
        "end": w.dictionary(games[:, G["end"]] - 1, ENDS),
    }


def _cards(values: np.ndarray, valid: np.ndarray, w) -> pa.Array:
    """Card ids as a dictionary column of names, null where not ``valid``."""
    return arrow.dictionary(CARD_IDS[np.where(valid, values, 0).astype(np.intp)], CARDS, valid)


def deal_columns(deals: np.ndarray, seat_bots: np.ndarray, w) -> dict[str, pa.Array]:
    """The deals table's columns (after game, deal_set, seating; before the bots)."""
    col = {name: deals[i] for name, i in D.items()}
    maker = col["maker"].astype(np.intp)
    rows = np.arange(len(maker))
    table = {
        "deal_no": w.ints(col["deal_no"], pa.int8()),
        "dealer": w.ints(col["dealer"], pa.int8()),
        "round": w.ints(col["round"], pa.int8()),
        "maker": w.ints(maker, pa.int8()),
        "maker_bot": w.bots(seat_bots[rows, maker]),
        "maker_position": w.ints((col["maker"] - col["dealer"]) % N_SEATS, pa.int8()),
        "trump": w.dictionary(col["trump"], SUIT_NAMES),
        "up": _cards(col["up"], np.ones(len(maker), bool), w),
        "exchanged": arrow.flags(col["exchanged"] == 1, col["exchanged"] >= 0),
        "called": _cards(col["called"], col["called"] >= 0, w),
        "alone": w.dictionary(col["alone"], ALONE),
        "partner": w.Validity(col["partner"] >= 0).column(col["partner"], pa.int8()),
        "revealed_trick": w.Validity(col["revealed_trick"] > 0).column(
            col["revealed_trick"], pa.int8()
        ),
        "maker_trumps": w.ints(col["maker_trumps"], pa.int8()),
    }
    for p in range(N_SEATS):
        table[f"tricks_{p}"] = w.ints(col[f"tricks_{p}"], pa.int8())
    table["attackers_tricks"] = w.ints(col["attackers_tricks"], pa.int8())
    for kind in ("points", "totals"):
        for p in range(N_SEATS):
            table[f"{kind}_{p}"] = w.ints(col[f"{kind}_{p}"], pa.int8())
    return table


def card_plays(deals: np.ndarray) -> int:
    """Cards played (the bench's count): 25 a deal."""
    return 25 * deals.shape[1]
