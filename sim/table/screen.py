"""The parts of the table's screen every game shares: the final results, counts in words."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text


def count(n: int, word: str) -> str:
    """``1 move``, ``2 moves``."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def final_results(table) -> Group:
    """The game's own summary (the view's), then ranks, totals and win shares by seat."""
    game, view = table.game, table.view
    ranks, shares = game.results()
    end = game.end
    res = RichTable(title=f"Final results ({end})" if end else "Final results",
                    header_style="bold")  # fmt: skip
    for col in ("rank", "seat", "player", "total", "win share"):
        res.add_column(col, justify="right" if col in ("total", "win share") else "left")
    totals = [int(t) for t in game.game_row[: len(ranks)]]  # per seat (a team's, in team games)
    for p in sorted(range(len(ranks)), key=lambda p: (ranks[p], p)):
        res.add_row(str(ranks[p]), str(p), table.who(p), str(totals[p]), f"{shares[p]:.2f}")
    winners = [p for p in range(len(ranks)) if ranks[p] == 1]
    verdict = " and ".join(table.seat_name(p) for p in winners)
    return Group(view.final(), Text(""), res,
                 Text(f"Winner: {verdict} ({view.winner_rule})", style="bold green"))  # fmt: skip
