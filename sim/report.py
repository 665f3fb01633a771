"""Reports from the tournament's Parquet tables alone (it never imports the engine).

Win shares are per seat-game, ties split (R3.9). Games of one deal set share
their cards, so they are not independent: every interval here is computed over
deal sets (the deal-set means are the independent draws).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow.dataset as ds

Z95 = 1.959963984540054


class ReportError(Exception):
    """A folder that cannot be reported on; the message says why."""


def read_games(folder: Path, columns: list[str] | None = None) -> pd.DataFrame:
    """The games table of a finished (or partly finished) run."""
    path = Path(folder) / "games.parquet"
    if not (Path(folder) / "manifest.json").is_file() or not path.is_dir():
        raise ReportError(f"{folder} is not a trixsim tournament folder (no manifest.json)")
    table = ds.dataset(path, format="parquet").to_table(columns=columns)
    if table.num_rows == 0:
        raise ReportError(f"{folder} has no finished games yet")
    return table.to_pandas()


def seat_games(games: pd.DataFrame) -> pd.DataFrame:
    """One row per seat of each game: bot, deal set, win share, total, rank, last place."""
    parts = []
    for p in range(4):
        totals = games[[f"total_{q}" for q in range(4)]].to_numpy()
        parts.append(
            pd.DataFrame({
                "game": games["game"].to_numpy(),
                "deal_set": games["deal_set"].to_numpy(),
                "seat": p,
                "bot": games[f"bot_{p}"].astype(str).to_numpy(),
                "win_share": games[f"win_share_{p}"].to_numpy(),
                "total": games[f"total_{p}"].to_numpy(),
                "rank": games[f"rank_{p}"].to_numpy(),
                "last": totals[:, p] == totals.max(axis=1),
            })
        )  # fmt: skip
    return pd.concat(parts, ignore_index=True)


def mean_ci(per_cluster: np.ndarray) -> tuple[float, float]:
    """Mean and 95% half-width over independent cluster values (normal approximation)."""
    n = len(per_cluster)
    mean = float(np.mean(per_cluster))
    if n < 2:
        return mean, float("nan")
    return mean, float(Z95 * np.std(per_cluster, ddof=1) / np.sqrt(n))


@dataclass
class BotLine:
    bot: str
    seat_games: int
    win_share: float
    win_share_ci: float
    mean_total: float
    mean_rank: float
    last_share: float


def bot_lines(sg: pd.DataFrame) -> list[BotLine]:
    """Per bot: win share with its interval over deal sets, mean total and rank, last places."""
    lines = []
    for bot, rows in sg.groupby("bot", sort=True):
        per_deal = rows.groupby("deal_set")["win_share"].mean().to_numpy()
        share, ci = mean_ci(per_deal)
        lines.append(
            BotLine(
                bot,
                len(rows),
                share,
                ci,
                float(rows["total"].mean()),
                float(rows["rank"].mean()),
                float(rows["last"].mean()),
            )  # fmt: skip
        )
    return lines


def paired_difference(sg: pd.DataFrame, a: str, b: str) -> tuple[float, float, int]:
    """Win share of ``a`` minus ``b``, paired within deal sets: (mean, 95% CI, deal sets)."""
    per = sg.pivot_table(index="deal_set", columns="bot", values="win_share", aggfunc="mean")
    per = per[[a, b]].dropna()
    mean, ci = mean_ci((per[a] - per[b]).to_numpy())
    return mean, ci, len(per)


def summary(folders: list[Path]) -> dict:
    """The headline numbers of one or more runs."""
    frames = []
    manifests = []
    for f in folders:
        manifests.append(json.loads((Path(f) / "manifest.json").read_text()))
        frames.append(read_games(f))
    games = pd.concat(frames, ignore_index=True)
    sg = seat_games(games)
    lines = bot_lines(sg)
    out = {
        "games": int(len(games)),
        "deal_sets": int(games["deal_set"].nunique()),
        "bots": [vars(x) for x in lines],
        "seconds": sum(m.get("seconds") or 0 for m in manifests),
        "complete": all(m.get("status") == "complete" for m in manifests),
    }
    if len(lines) == 2:
        hi, lo = sorted(lines, key=lambda x: -x.win_share)
        diff, ci, n = paired_difference(sg, hi.bot, lo.bot)
        out["paired"] = {"better": hi.bot, "worse": lo.bot, "difference": diff, "ci": ci,
                         "deal_sets": n}  # fmt: skip
    return out


def format_summary(s: dict, contracts: int | None = None) -> str:
    rows = [f"{'bot':<24} {'win share (95% CI)':>22} {'mean total':>11} {'mean rank':>10} "
            f"{'last':>6} {'seat-games':>11}"]  # fmt: skip
    for b in s["bots"]:
        ci = "" if np.isnan(b["win_share_ci"]) else f" ± {100 * b['win_share_ci']:.1f}"
        rows.append(
            f"{b['bot']:<24} {100 * b['win_share']:>13.1f}%{ci:<8} {b['mean_total']:>11.1f} "
            f"{b['mean_rank']:>10.2f} {100 * b['last_share']:>5.1f}% {b['seat_games']:>11,}"
        )
    extra = f", {contracts:,} contracts" if contracts is not None else ""
    rows.append(f"{s['games']:,} games over {s['deal_sets']:,} deal sets{extra}, "
                f"{s['seconds']:.1f} s")  # fmt: skip
    if "paired" in s:
        p = s["paired"]
        rows.append(
            f"{p['better']} beats {p['worse']} by {100 * p['difference']:.1f} ± "
            f"{100 * p['ci']:.1f} points of win share over {p['deal_sets']:,} deal sets"
        )
    if not s["complete"]:
        rows.append("(incomplete run: these are the finished games only; --resume finishes it)")
    return "\n".join(rows)
