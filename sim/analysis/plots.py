"""PNG plots of an analysis: each bot's loss per decision by phase (with its t-intervals over
deal sets) and by trick."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.report.plots import colors_of, legend_outside


def by_phase(a, subplots):
    fig, ax = subplots(figsize=(7, 3.6))
    colors = colors_of([b.bot for b in a.bots])
    width = 0.8 / max(1, len(a.bots))
    for i, b in enumerate(a.bots):
        ivs = [b.phases.get(ph, (0, None))[1] for ph in a.phases]
        mean = [iv.mean if iv else np.nan for iv in ivs]
        ci = [iv.ci if iv and not np.isnan(iv.ci) else 0.0 for iv in ivs]
        ax.bar(np.arange(len(a.phases)) + i * width, mean, width, yerr=ci, capsize=2,
               label=b.bot, color=colors[b.bot])  # fmt: skip
    ax.set_xticks(np.arange(len(a.phases)) + width * (len(a.bots) - 1) / 2, a.phases)
    ax.set_ylabel(f"loss per decision\n({a.unit})")
    ax.set_title(f"{a.game}: loss by phase, by {a.evaluator} (95% t over deal sets)", fontsize=9)
    legend_outside(ax)
    return fig


def by_trick(a, subplots):
    fig, ax = subplots(figsize=(7, 3.6))
    colors = colors_of([b.bot for b in a.bots])
    for b in a.bots:
        tricks = sorted(b.tricks)
        ax.plot(tricks, [b.tricks[t] for t in tricks], marker="o", label=b.bot,
                color=colors[b.bot])  # fmt: skip
    ax.set_xlabel("trick")
    ax.set_ylabel(f"loss per decision\n({a.unit})")
    ax.set_title(f"{a.game}: loss by trick, by {a.evaluator}", fontsize=9)
    legend_outside(ax)
    return fig


def write_plots(a, folder: Path) -> list[Path]:
    """Write both plots into ``folder`` (created); return their paths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for file, plot in (("loss_by_phase.png", by_phase), ("loss_by_trick.png", by_trick)):
        fig = plot(a, plt.subplots)
        fig.tight_layout()
        fig.savefig(folder / file, dpi=110, bbox_inches="tight")
        plt.close(fig)
        out.append(folder / file)
    return out
