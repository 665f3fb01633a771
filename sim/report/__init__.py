"""``trixsim report``: what a tournament's Parquet tables say about its bots, for any game.

It answers from the tables alone (pyarrow and numpy; openskill for ratings,
matplotlib for plots) and never imports an engine (no kernels, no loop, no
writer). It reads only the columns it needs, part file by part file: a
million games take a few seconds and well under 1 GB. Runs given together must
be of one game and share a trixsim version and table schema; runs with the
same seats' bots are pooled for win rates, every run counts for ratings and
the game's own sections (pooled per bot spec), and deal sets are matched by
(seed, deal set) so runs that replay the same cards are never counted as
independent. Statistics and their definitions:
:mod:`sim.report.stats` (win shares and intervals over deal sets),
:mod:`sim.report.ratings` (OpenSkill, teams included), :mod:`sim.report.render`
(table, markdown, JSON), :mod:`sim.report.plots` (PNGs), :mod:`sim.report.data`
(finding, checking and reading runs); each game's ``report`` part adds its
own sections (Trix: contracts, trix, game shape).

``summary()`` and ``format_summary()`` are the headline block the tournament
prints at the end of a run (one run: :mod:`sim.report.streamed`, flat memory).
``sim.report(runs)`` (the package is callable: :mod:`sim.report.api`) is the command in
Python, for notebooks.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.core.package import callable_package
from sim.report.data import ReportError, open_runs, read_games
from sim.report.stats import decimals, mean_ci, paired, sentence, win_summary
from sim.report.streamed import run_summary
from sim.report.timing import facts, label, timing_text

__all__ = [
    "ReportError",
    "build_report",
    "format_summary",
    "mean_ci",
    "paired",
    "summary",
    "win_section",
]


def summary(folders: list[Path]) -> dict:
    """The headline numbers of one or more runs (pooled): per bot win share with its
    95% t-interval over deal sets, mean total and rank, last places; for two bots (two
    teams in a partnership game) the paired difference and its verdict."""
    runs, _ = open_runs([Path(f) for f in folders])
    if len(runs) == 1:  # a run's own deal sets: part by part, in flat memory
        return run_summary(runs[0]) | facts(runs)
    g = read_games(runs)
    out = win_summary(
        g.bots, g.shares, g.totals, g.ranks, g.cluster, g.names,
        sum(r.seconds for r in runs), all(r.status == "complete" for r in runs), g.spec.teams,
    )  # fmt: skip
    return out | {"deals": int(g.deals.astype(np.int64).sum()), "deal": g.spec.deal} | facts(runs)


def _lines_text(lines: list[dict], head: str, count: str, s: dict) -> list[str]:
    rows = [f"{head:<24} {'win share (± 95% t)':>22} {'mean total':>11} {'mean rank':>10} "
            f"{'last':>6} {count:>11}"]  # fmt: skip
    key = count.replace("-", "_")
    for b in lines:
        d = decimals(b["win_share_ci"])
        ci = "" if np.isnan(b["win_share_ci"]) else f" ± {100 * b['win_share_ci']:.{d}f}"
        name = label(b["bot"], s)
        rows.append(
            f"{name:<24} {100 * b['win_share']:>13.{d}f}%{ci:<8} {b['mean_total']:>11.1f} "
            f"{b['mean_rank']:>10.2f} {100 * b['last_share']:>5.1f}% {b[key]:>11,}"
        )
    return rows


def intervals_text(lines: list[dict], deal_sets: int) -> str:
    """What the ± of some win-share lines rest on, in words (``deal_sets``: the block's, for
    lines that do not say)."""
    sets = sorted({b.get("deal_sets", deal_sets) for b in lines})
    if not sets or sets[-1] < 2:
        return "no intervals: one deal set has no spread to measure"
    over = f"{sets[0]:,}" if len(sets) == 1 else f"{sets[0]:,} to {sets[-1]:,} (each bot's own)"
    df = (f"{sets[0] - 1:,} degree{'s' if sets[0] != 2 else ''} of freedom" if len(sets) == 1
          else "deal sets minus 1 degrees of freedom")  # fmt: skip
    return f"±: 95% t-intervals over {over} deal sets (Student's t, {df})"


def seat_lines_differ(s: dict) -> bool:
    """A partnership game's per-seat lines say something its team lines do not: partnerships
    of two different bots (or no bot holding a whole partnership)."""
    return s.get("unit") != "team" or s["teams"]["mixed"] > 0 or not s["teams"]["bots"]


def per_seat_title(s: dict) -> str:
    mixed = s["teams"]["mixed"]
    return (f"Per seat (win share per seat-game; it counts the {mixed:,} partnership-games of two "
            "different bots, which the teams above leave out):")  # fmt: skip


def format_summary(s: dict) -> str:
    """The headline block. A partnership game's is by team (a bot holding both seats of a
    partnership), with per-seat lines only where they say something else."""
    team = s.get("unit") == "team"
    rows = []
    if team and s["teams"]["bots"]:
        rows += _lines_text(s["teams"]["bots"], "team (one bot's seats)", "team-games", s)
    if seat_lines_differ(s):
        rows += ([per_seat_title(s)] if team and s["teams"]["bots"] else []) + _lines_text(
            s["bots"], "bot", "seat-games", s)  # fmt: skip
    extra = f", {s['deals']:,} {s['deal']}s" if "deals" in s else ""
    rows.append(f"{s['games']:,} games over {s['deal_sets']:,} deal sets{extra}, "
                f"{s['seconds']:.1f} s")  # fmt: skip
    shown = s["teams"]["bots"] if team and s["teams"]["bots"] else s["bots"]
    rows.append(intervals_text(shown, s["deal_sets"]))
    if "paired" in s:
        rows.append(sentence(s["paired"]))
    elif team and len(s["bots"]) == 2:
        rows.append("no verdict: a partnership game compares teams, and no two bots each held "
                    "a whole partnership")  # fmt: skip
    rows += timing_text(s)
    if not s["complete"]:
        rows.append("(incomplete run: these are the finished games only; --resume finishes it)")
    return "\n".join(rows)


def win_section(runs, games) -> list[dict]:
    """Win rates per line-up (runs with the same seats' bots pooled)."""
    groups: dict[tuple, list[int]] = {}
    for i, r in enumerate(runs):
        groups.setdefault(r.composition, []).append(i)
    out = []
    for comp, members in groups.items():
        sel = np.isin(games.run, members)
        block = win_summary(
            games.bots[sel], games.shares[sel], games.totals[sel], games.ranks[sel],
            games.cluster[sel], games.names, sum(runs[i].seconds for i in members),
            all(runs[i].status == "complete" for i in members), games.spec.teams,
        )  # fmt: skip
        block["deals"] = int(games.deals[sel].astype(np.int64).sum())
        block["deal"] = games.spec.deal
        block |= facts([runs[i] for i in members])
        out.append({"lineup": list(comp), "runs": [str(runs[i].folder) for i in members]} | block)
    return out


def build_report(folders: list[Path], rate_games: int | None = None) -> dict:
    """Every section of the report, as plain JSON-able data (the game's under ``game``)."""
    from sim.report.ratings import DEFAULT_LIMIT, rate

    runs, notes = open_runs([Path(f) for f in folders])
    games = read_games(runs)
    spec = runs[0].spec
    return {
        "game": spec.name,
        "seats": spec.seats,
        "deal": spec.deal,
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
        "win_rates": win_section(runs, games),
        "ratings": rate(games, DEFAULT_LIMIT if rate_games is None else rate_games),
    } | spec.part("report").sections(runs, games)


callable_package(__name__, "sim.report.api:report")  # sim.report(runs, …): trixsim report
