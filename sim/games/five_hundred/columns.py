"""Five Hundred's own Parquet columns: the ``deals`` table and the games table's extras.

The core writer adds the columns every game has; these come from the rows the
kernels wrote (:data:`.vocab.DEAL_COLUMNS`, :data:`.vocab.GAME_COLUMNS`). Schemas:
``docs/tables.md``.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from sim.core import arrow
from sim.games.five_hundred.vocab import (
    END_NAMES,
    N_BIDS,
    N_SEATS,
    N_TEAMS,
    STRAINS,
    D,
    G,
    bid_name,
)

BIDS = arrow.strings([bid_name(b) for b in range(N_BIDS)])
STRAIN_NAMES = arrow.strings(list(STRAINS))
ENDS = arrow.strings(END_NAMES)

NULLABLE = frozenset([
    "winner_team", *(f"bid_{p}" for p in range(N_SEATS)), "contractor", "contractor_bot",
    "contractor_position", "contract", "tricks_bid", "strain", "made", "right_bower",
    "left_bower", "contractor_trumps",
])  # fmt: skip
STATISTICS = ("deal_no", "dealer", "contractor", "contract", "end")


def game_columns(games: np.ndarray, w) -> dict[str, pa.Array]:
    """The games table's Five Hundred columns (between the bots and the totals)."""
    winner = games[:, G["winner"]]
    return {
        "first_dealer": arrow.numbers(games[:, G["first_dealer"]], pa.int8()),
        "deals": arrow.numbers(games[:, G["deals"]], pa.int16()),
        "end": w.dictionary(games[:, G["end"]] - 1, ENDS),
        "winner_team": arrow.numbers(winner, pa.int8(), winner >= 0),
    }


def _dictionary(values: np.ndarray, valid: np.ndarray, names: pa.Array) -> pa.DictionaryArray:
    return arrow.dictionary(np.where(valid, values, 0), names, valid)


def deal_columns(deals: np.ndarray, seat_bots: np.ndarray, w) -> dict[str, pa.Array]:
    """The deals table's columns (after game, deal_set, seating; before the bots)."""
    col = {name: deals[i] for name, i in D.items()}
    contractor = col["contractor"]
    played = contractor >= 0
    rows = np.arange(len(contractor))
    contract = col["contract"]
    attack = np.where(played, contractor % N_TEAMS, 0)
    attack_tricks = np.where(attack == 0, col["tricks_team_0"], col["tricks_team_1"])
    level = contract // 5 + 6
    in_play = w.Validity(played)
    trumps = w.Validity(col["right_bower"] >= 0)
    table = {
        "deal_no": w.ints(col["deal_no"], pa.int16()),
        "dealer": w.ints(col["dealer"], pa.int8()),
        "calls": w.ints(col["calls"], pa.int8()),
    }
    for p in range(N_SEATS):
        bid = col[f"bid_{p}"]
        table[f"bid_{p}"] = _dictionary(bid, bid >= 0, BIDS)
    table |= {
        "thrown_in": arrow.flags(~played),
        "contractor": in_play.column(contractor, pa.int8()),
        "contractor_bot": w.bots(seat_bots[rows, np.where(played, contractor, 0)], played),
        "contractor_position": in_play.column((contractor - col["dealer"]) % N_SEATS, pa.int8()),
        "contract": _dictionary(contract, played, BIDS),
        "tricks_bid": in_play.column(level, pa.int8()),
        "strain": _dictionary(contract % 5, played, STRAIN_NAMES),
        "made": arrow.flags(attack_tricks >= level, played),
    }
    for p in range(N_SEATS):
        table[f"tricks_{p}"] = w.ints(col[f"tricks_{p}"], pa.int8())
    for t in range(N_TEAMS):
        table[f"tricks_team_{t}"] = w.ints(col[f"tricks_team_{t}"], pa.int8())
    for name in ("points", "totals"):
        for t in range(N_TEAMS):
            table[f"{name}_{t}"] = w.ints(col[f"{name}_{t}"], pa.int16())
    table["joker"] = w.ints(col["joker"], pa.int8())
    table["right_bower"] = trumps.column(col["right_bower"], pa.int8())
    table["left_bower"] = trumps.column(col["left_bower"], pa.int8())
    table["contractor_trumps"] = in_play.column(col["contractor_trumps"], pa.int8())
    return table


def card_plays(deals: np.ndarray) -> int:
    """Cards played (the bench's count): 40 a played deal."""
    return 40 * int((deals[D["contractor"]] >= 0).sum())
