"""Toy's sections of ``trixsim report``: tricks per seat-deal, who wins a trick, game ends.

From the tables alone (no engine import).
"""

from __future__ import annotations

import numpy as np

from sim.report.data import deal_parts, ints
from tests.toy.vocab import END_NAMES, MAX_DEALS

WIN_SHARE = "1 to the higher final total, 1/2 each in a tie (R4.3)"
LAST = "the lower final total; a tie counts both seats"
DEAL_COLUMNS = ["game", "leader_wins", "bot_0", "bot_1", "tricks_0", "tricks_1"]


def sections(runs, games) -> dict:
    """Tricks per seat-deal by bot, the leader's share of tricks, deals per game, ends."""
    names = games.names
    tricks = np.zeros(len(names))
    seat_deals = np.zeros(len(names))
    leader_wins = deals = 0
    lookup = {n: i for i, n in enumerate(names)}
    for _, t in deal_parts(runs, DEAL_COLUMNS):
        leader_wins += int(ints(t.column("leader_wins")).sum())
        deals += t.num_rows
        for p in range(2):
            bots = np.array([lookup[b] for b in t.column(f"bot_{p}").to_pylist()], np.intp)
            tricks += np.bincount(bots, ints(t.column(f"tricks_{p}")), len(names))
            seat_deals += np.bincount(bots, minlength=len(names))
    per = {n: float(tricks[i] / seat_deals[i]) if seat_deals[i] else float("nan")
           for i, n in enumerate(names)}  # fmt: skip
    counts = np.bincount(games.deals.astype(np.int64), minlength=MAX_DEALS + 1)[1:]
    ends = np.bincount(games.end.astype(np.int64), minlength=len(END_NAMES))
    return {
        "toy": {
            "tricks_per_seat_deal": per,
            "leader_share": leader_wins / (3 * deals) if deals else float("nan"),
            "deals_per_game": [int(c) for c in counts],
            "ends": {e: int(ends[i]) for i, e in enumerate(END_NAMES)},
        }
    }


def render(d, report: dict) -> None:
    from sim.report.render import num, pct

    toy = report["toy"]
    d.heading("Toy: tricks, leads and game ends")
    d.table(["bot", "tricks per seat-deal"],
            [[b, num(x, 3)] for b, x in toy["tricks_per_seat_deal"].items()])  # fmt: skip
    d.para(f"The leader of a trick won {pct(toy['leader_share'])} of the tricks (R3.3).")
    d.table(["deals per game", *(str(k + 1) for k in range(MAX_DEALS))],
            [["games", *(f"{c:,}" for c in toy["deals_per_game"])]])  # fmt: skip
    d.para("Ends: " + ", ".join(f"{e} {n:,}" for e, n in toy["ends"].items())
           + " (R4.2, R4.3).")  # fmt: skip


def plots() -> dict:
    return {}
