"""What every plot of a report must show: error bars on its bar plots, legends clear of the
bars, each bot in the same colour in every plot (``check_plots(report)``)."""

import matplotlib
import numpy as np

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402
from matplotlib.container import BarContainer, ErrorbarContainer  # noqa: E402

from sim.core.registry import get  # noqa: E402
from sim.report.plots import colors_of, win_share  # noqa: E402
from sim.report.render import report_bots  # noqa: E402

# bars that are counts of everything, not estimates: nothing to be uncertain about
NO_ERROR_BARS = {"game_length", "totals_along_game"}


def _bot(label: str, bots: list[str]) -> str | None:
    """The bot a legend or bar label names (the longest bot name it starts with)."""
    named = [b for b in bots if label == b or label.startswith((f"{b} (", f"{b}: "))]
    return max(named, key=len) if named else None


def _color(artist) -> str | None:
    for get_color in ("get_facecolor", "get_color"):
        if hasattr(artist, get_color):
            c = np.asarray(getattr(artist, get_color)(), dtype=object)
            if c.ndim == 2:  # a collection: its first colour
                c = c[0] if len(c) else None
            return None if c is None else to_hex(tuple(c) if c.ndim else c.item(),
                                                    keep_alpha=False)  # fmt: skip
    return None


def check_plots(report: dict) -> list[str]:
    """Draw every plot of ``report`` and check it; the names of the plots checked."""
    bots = report_bots(report)
    colors = colors_of(bots)
    plots = {"win_share": ("win_share.png", win_share)} | get(report["game"]).part("report").plots()
    for name, (_, plot) in plots.items():
        fig = plot(report, plt.subplots)
        fig.tight_layout()
        fig.canvas.draw()
        r = fig.canvas.get_renderer()
        for ax in fig.axes:
            bars = [c for c in ax.containers if isinstance(c, BarContainer)]
            drawn = [p for c in bars for p in c if p.get_height() and p.get_width()]
            if bars and name not in NO_ERROR_BARS:
                assert any(c.errorbar is not None for c in bars) or any(
                    isinstance(c, ErrorbarContainer) for c in ax.containers), name  # fmt: skip
            for c in bars:
                bot = _bot(str(c.get_label()), bots)
                if bot:
                    assert {_color(p) for p in c} == {colors[bot]}, (name, bot)
            legend = ax.get_legend()
            if legend is None:
                continue
            box = legend.get_window_extent(r)
            for p in drawn:
                assert not box.overlaps(p.get_window_extent(r)), (name, "legend covers a bar")
            for handle, text in zip(legend.legend_handles, legend.get_texts(), strict=True):
                bot = _bot(text.get_text(), bots)
                if bot and _color(handle):
                    assert _color(handle) == colors[bot], (name, bot)
        plt.close(fig)
    return list(plots)
