"""The learning curve's picture: strength against each yardstick, with its 95% t-interval over
deal sets, against the minutes of training it took."""

from __future__ import annotations

import os
from pathlib import Path


def plot(rows: list[dict], path: Path, game: str, yardsticks: list[str]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    x = [r["train_minutes"] for r in rows]
    for against in yardsticks:
        key = against.split(":")[0]
        y = [r[key] for r in rows]
        ci = [r[f"{key}_ci"] for r in rows]
        ax.errorbar(x, y, yerr=ci, marker="o", capsize=3, label=f"against {against}")
    ax.axhline(0, color="grey", lw=0.8)
    shaded = ""
    for r in rows:
        if r["stage"] == "improve":
            ax.axvspan(r["train_minutes"], x[-1], color="0.93", zorder=0)
            shaded = "; shaded: self-play"
            break
    sets = next((v for k, v in rows[-1].items() if k.endswith("_sets")), 0)
    ax.set_xlabel(f"wall-clock minutes of training (the measurements not counted{shaded})")
    ax.set_ylabel("win share difference, points")
    ax.set_title(
        f"{game}: neural against the yardsticks (95% t-intervals over {sets} deal sets)", fontsize=9
    )
    ax.legend(fontsize=8)
    fig.tight_layout()
    tmp = Path(path).with_name(f".{Path(path).name}.tmp.png")
    fig.savefig(tmp)
    plt.close(fig)
    os.replace(tmp, path)
