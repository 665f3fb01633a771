"""PNG plots of a report (matplotlib, Agg backend: no display needed).

Shared by every game's plots: one colour per bot across a report's plots (``colors_of``),
error bars (95% t-intervals over deal sets where the deal set is the unit, else 95% Wilson
intervals over the counted cases: ``wilson_err``), bars of fewer than ``FEW`` cases pale and
hatched with their count (``mark_few``), legends outside the axes (``legend_outside``).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.report.intervals import FEW, wilson
from sim.report.render import lineup_text, report_bots

CYCLE = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2"]
ALL_BOTS = "#7f7f7f"  # "all bots" pooled: grey, no bot's colour
# categories that are not bots (a meld's held / declared / scored, a point's source): shades
# of one hue no bot has, so no reader takes them for bots
CATEGORIES = ["#3b3b3b", "#8a8a8a", "#c9c9c9", "#5c4033"]


def colors_of(bots: list[str]) -> dict[str, str]:
    """One colour per bot of the report (sorted by name): the same in every plot of it."""
    out = {b: CYCLE[i % len(CYCLE)] for i, b in enumerate(bots)}
    return out | {"all bots": ALL_BOTS}


def wilson_err(share, n) -> np.ndarray:
    """(2, k) error-bar lengths in percent of shares of ``n`` cases: their 95% Wilson
    interval (0 where there are no cases)."""
    share, n = np.asarray(share, float), np.asarray(n, float)
    lo, hi = wilson(np.nan_to_num(share) * n, n)
    err = np.stack([np.nan_to_num(share) - lo, hi - np.nan_to_num(share)]) * 100
    return np.where(n > 0, np.clip(np.nan_to_num(err), 0, None), 0)


def mark_few(ax, bars, counts, show_n: bool = True, fontsize: float = 7) -> None:
    """Pale and hatched bars of fewer than ``FEW`` cases; each bar's count above it."""
    for bar, n in zip(bars, counts, strict=True):
        if n and n < FEW:
            bar.set_alpha(0.35)
            bar.set_hatch("//")
        if show_n and n:
            x = bar.get_x() + bar.get_width() / 2
            ax.annotate(f"{n:,}", (x, 0), xytext=(0, 2), textcoords="offset points",
                        ha="center", va="bottom", fontsize=fontsize, rotation=90,
                        color="white" if n >= FEW else "black")  # fmt: skip


def legend_outside(ax, **kw) -> None:
    """The legend right of the axes, where it covers nothing."""
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0, fontsize=8, **kw)


def win_share(report: dict, ax_factory) -> object:
    groups = report["win_rates"]
    blocks = [g["teams"]["bots"] if g.get("unit") == "team" and g["teams"]["bots"] else g["bots"]
              for g in groups]  # fmt: skip
    height = 1.2 + 1.1 * sum(len(b) for b in blocks)
    fig, axes = ax_factory(len(groups), 1, figsize=(8, height), squeeze=False)
    colors = colors_of(report_bots(report))
    for ax, g, lines in zip(axes[:, 0], groups, blocks, strict=True):
        team = lines is not g["bots"]
        y = np.arange(len(lines))[::-1]
        share = [100 * b["win_share"] for b in lines]
        ci = [0 if np.isnan(b["win_share_ci"]) else 100 * b["win_share_ci"] for b in lines]
        ax.barh(y, share, xerr=ci, capsize=6, color=[colors[b["bot"]] for b in lines],
                alpha=0.85, error_kw={"elinewidth": 1.5})  # fmt: skip
        units = g["teams"]["partnership_games"] // max(g["games"], 1) if team else report["seats"]
        fair = 100 / units
        ax.axvline(fair, color="grey", ls="--", lw=1)
        for yi, s, c, b in zip(y, share, ci, lines, strict=True):
            ax.text(min(s + c, 100) + 1.5, yi, f"{s:.1f}% ± {c:.1f}\n(t, {b['deal_sets']:,} deal "
                    "sets)", va="center", fontsize=8)  # fmt: skip
        ax.set_yticks(y, [b["bot"] for b in lines])
        ax.set_xlim(0, 128)
        ax.set_xticks(range(0, 101, 20))
        unit = "team win share per partnership-game" if team else "win share per seat-game"
        ax.set_xlabel(f"{unit} (%), ties split; dashed: the fair share, {fair:.0f}% (one "
                      f"{'partnership' if team else 'seat'} in {units})")  # fmt: skip
        ax.set_title(f"line-up {lineup_text(g['lineup'])}: {g['games']:,} games, "
                     f"{g['deal_sets']:,} deal sets", fontsize=10)  # fmt: skip
    who = "team" if any(lines is not g["bots"] for g, lines in zip(groups, blocks, strict=True)) \
        else "bot"  # fmt: skip
    fig.suptitle(f"Win share per {who}, with 95% t-intervals over deal sets")
    return fig


def write_plots(report: dict, folder: Path) -> list[Path]:
    """Write every plot as a PNG into ``folder`` (created); return the paths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    from sim.core.registry import get

    plots = {"win_share": ("win_share.png", win_share)} | get(report["game"]).part("report").plots()
    out = []
    for file, plot in plots.values():
        fig = plot(report, plt.subplots)
        fig.tight_layout()
        fig.savefig(folder / file, dpi=110, bbox_inches="tight")  # legends outside the axes
        plt.close(fig)
        out.append(folder / file)
    return out
