"""``trixsim report``: what a tournament's Parquet tables say about its bots.

It answers from the tables alone (pyarrow and numpy; openskill for ratings,
matplotlib for plots) and never imports the engine (``sim.rules``, ``sim.loop``,
``sim.tables``). It reads only the columns it needs, part file by part file: a
million games take a few seconds and well under 1 GB. Runs given together must
share a trixsim version and table schema; runs with the same four seats' bots
are pooled for win rates, every run counts for ratings and the other sections
(pooled per bot spec), and deal sets are matched by (seed, deal set) so runs
that replay the same cards are never counted as independent. Statistics and
their definitions:
:mod:`sim.report.stats` (win shares and intervals over deal sets),
:mod:`sim.report.compute` (contracts, trix, game shape),
:mod:`sim.report.ratings` (OpenSkill), :mod:`sim.report.render` (table,
markdown, JSON), :mod:`sim.report.plots` (PNGs), :mod:`sim.report.data`
(finding, checking and reading runs).

``summary()`` and ``format_summary()`` are the headline block the tournament
prints at the end of a run (one run: :mod:`sim.report.streamed`, flat memory).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.report.data import ReportError, open_runs, read_games
from sim.report.stats import Z95, decimals, mean_ci, paired, sentence, win_summary
from sim.report.streamed import run_summary

__all__ = [
    "ReportError",
    "Z95",
    "build_report",
    "format_summary",
    "mean_ci",
    "paired",
    "summary",
]


def summary(folders: list[Path]) -> dict:
    """The headline numbers of one or more runs (pooled): per bot win share with its
    interval over deal sets, mean total and rank, last places; for two bots the
    paired difference."""
    runs, _ = open_runs([Path(f) for f in folders])
    if len(runs) == 1:  # a run's own deal sets: part by part, in flat memory
        return run_summary(runs[0])
    g = read_games(runs)
    out = win_summary(
        g.bots, g.shares, g.totals, g.ranks, g.cluster, g.names,
        sum(r.seconds for r in runs), all(r.status == "complete" for r in runs),
    )  # fmt: skip
    return out | {"contracts": int(g.contracts.astype(np.int64).sum())}


def format_summary(s: dict, contracts: int | None = None) -> str:
    """The headline block; ``contracts`` (played) defaults to the summary's own count."""
    contracts = s.get("contracts") if contracts is None else contracts
    rows = [f"{'bot':<24} {'win share (95% CI)':>22} {'mean total':>11} {'mean rank':>10} "
            f"{'last':>6} {'seat-games':>11}"]  # fmt: skip
    for b in s["bots"]:
        d = decimals(b["win_share_ci"])
        ci = "" if np.isnan(b["win_share_ci"]) else f" ± {100 * b['win_share_ci']:.{d}f}"
        rows.append(
            f"{b['bot']:<24} {100 * b['win_share']:>13.{d}f}%{ci:<8} {b['mean_total']:>11.1f} "
            f"{b['mean_rank']:>10.2f} {100 * b['last_share']:>5.1f}% {b['seat_games']:>11,}"
        )
    extra = f", {contracts:,} contracts" if contracts is not None else ""
    rows.append(f"{s['games']:,} games over {s['deal_sets']:,} deal sets{extra}, "
                f"{s['seconds']:.1f} s")  # fmt: skip
    if "paired" in s:
        rows.append(sentence(s["paired"]))
    if not s["complete"]:
        rows.append("(incomplete run: these are the finished games only; --resume finishes it)")
    return "\n".join(rows)


def build_report(folders: list[Path], rate_games: int | None = None) -> dict:
    """Every section of the report, as plain JSON-able data."""
    from sim.report.compute import (
        contracts_section,
        scan_contracts,
        shape_section,
        trix_section,
        win_section,
    )
    from sim.report.ratings import DEFAULT_LIMIT, rate

    runs, notes = open_runs([Path(f) for f in folders])
    games = read_games(runs)
    scan = scan_contracts(runs, games)
    names = games.names
    return {
        "runs": [
            {
                "folder": str(r.folder),
                "status": r.status,
                "version": r.version,
                "seed": r.seed,
                "bots": r.bots,
                "games": int((games.run == i).sum()),
                "games_planned": r.manifest.get("games_planned"),
            }
            for i, r in enumerate(runs)
        ],  # fmt: skip
        "notes": notes,
        "games": len(games),
        "contract_rows": scan.rows,
        "win_rates": win_section(runs, games),
        "ratings": rate(games, DEFAULT_LIMIT if rate_games is None else rate_games),
        "contracts": contracts_section(scan, names),
        "trix": trix_section(scan, games, names),
        "shape": shape_section(scan, games, names),
    }
