"""PNG plots of a report (matplotlib, Agg backend: no display needed)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.report.render import lineup_text, report_bots


def colors_of(bots: list[str]) -> dict[str, str]:
    cycle = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2"]
    return {b: cycle[i % len(cycle)] for i, b in enumerate(bots)}


def win_share(report: dict, ax_factory) -> object:
    groups = report["win_rates"]
    height = 1.2 + 1.1 * sum(len(g["bots"]) for g in groups)
    fig, axes = ax_factory(len(groups), 1, figsize=(8, height), squeeze=False)
    colors = colors_of(report_bots(report))
    for ax, g in zip(axes[:, 0], groups, strict=True):
        lines = g["bots"]
        y = np.arange(len(lines))[::-1]
        share = [100 * b["win_share"] for b in lines]
        ci = [0 if np.isnan(b["win_share_ci"]) else 100 * b["win_share_ci"] for b in lines]
        ax.barh(y, share, xerr=ci, capsize=6, color=[colors[b["bot"]] for b in lines],
                alpha=0.85, error_kw={"elinewidth": 1.5})  # fmt: skip
        fair = 100 / report["seats"]
        ax.axvline(fair, color="grey", ls="--", lw=1,
                   label=f"fair share ({fair:.0f}%: one seat in {report['seats']})")  # fmt: skip
        for yi, s, c in zip(y, share, ci, strict=True):
            ax.text(s + c + 0.8, yi, f"{s:.1f}% ± {c:.1f}", va="center", fontsize=9)
        ax.set_yticks(y, [b["bot"] for b in lines])
        ax.set_xlim(0, max(50, max(s + c for s, c in zip(share, ci, strict=True)) + 12))
        ax.set_xlabel("win share per seat-game (%), ties split")
        ax.set_title(f"line-up {lineup_text(g['lineup'])}: {g['games']:,} games, "
                     f"{g['deal_sets']:,} deal sets", fontsize=10)  # fmt: skip
        ax.legend(loc="lower right", fontsize=8)
    fig.suptitle("Win share per bot, with 95% intervals over deal sets")
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
        fig.savefig(folder / file, dpi=110)
        plt.close(fig)
        out.append(folder / file)
    return out
