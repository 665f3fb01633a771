"""Trix's PNG plots of a report: when trix is taken, how it goes, final totals, totals along."""

from __future__ import annotations

import numpy as np

from sim.report.plots import colors_of as _colors
from sim.report.render import report_bots as _bots


def trix_choice(report: dict, ax_factory) -> object:
    bots = _bots(report)
    colors = _colors(bots)
    fig, ax = ax_factory(figsize=(8, 4.5))
    width = 0.8 / max(len(bots), 1)
    rows = report["trix"]["by_choice"]
    for i, b in enumerate(bots):
        share = {x["choice"]: 100 * x["share"] for x in rows if x["bot"] == b}
        xs = np.arange(1, 7)
        ax.bar(xs + (i - (len(bots) - 1) / 2) * width, [share.get(c, 0) for c in xs], width,
               color=colors[b], label=b)  # fmt: skip
    ax.set_xticks(range(1, 7), ["1", "2", "3", "4", "5", "6\n(forced)"])
    ax.set_xlabel("choice number at which the bot took its trix (R3.3)")
    ax.set_ylabel("share of the bot's trix contracts (%)")
    ax.set_title("When each bot takes the trix")
    ax.legend(title="bot")
    return fig


def trix_result(report: dict, ax_factory) -> object:
    bots = _bots(report)
    colors = _colors(bots)
    fig, (left, right) = ax_factory(1, 2, figsize=(11, 4.5))
    rows = report["trix"]["by_choice"]
    for b in bots:
        mine = sorted((x for x in rows if x["bot"] == b), key=lambda x: x["choice"])
        xs = [x["choice"] for x in mine]
        left.plot(xs, [x["mean_points"] for x in mine], "o-", color=colors[b], label=b)
        right.plot(xs, [100 * x["first"] for x in mine], "o-", color=colors[b],
                   label=f"{b}: out first (−100)")  # fmt: skip
        right.plot(xs, [100 * x["second"] for x in mine], "s--", color=colors[b],
                   label=f"{b}: out second (−50)")  # fmt: skip
    for ax in (left, right):
        ax.set_xticks(range(1, 7), ["1", "2", "3", "4", "5", "6\n(forced)"])
        ax.set_xlabel("choice number at which the chooser took trix")
        ax.grid(alpha=0.3)
    left.set_ylabel("chooser's mean trix points (lower is better)")
    left.set_title("Chooser's mean points")
    left.legend(title="bot")
    right.set_ylabel("share of the chooser's trix contracts (%)")
    right.set_title("How often the chooser goes out first / second")
    right.legend(fontsize=8)
    fig.suptitle("The trix chooser's result by choice number")
    return fig


def final_totals(report: dict, ax_factory) -> object:
    bots = _bots(report)
    colors = _colors(bots)
    hist = report["shape"]["totals_hist"]
    edges = np.asarray(hist["edges"])
    fig, ax = ax_factory(figsize=(9, 4.5))
    for b in bots:
        counts = np.asarray(hist["counts"][b], float)
        share = 100 * counts / max(counts.sum(), 1)
        ax.stairs(share, edges, color=colors[b], lw=1.8, label=b)
    ax.axvline(1000, color="grey", ls="--", lw=1, label="1000: a total above it ends the game")
    ax.axvline(0, color="grey", ls=":", lw=1)
    ax.set_xlabel(f"final total (bins of {int(edges[1] - edges[0])} points; lowest total wins)")
    ax.set_ylabel("share of the bot's seat-games (%)")
    ax.set_title("Distribution of final totals per bot")
    ax.legend()
    return fig


def totals_along_game(report: dict, ax_factory) -> object:
    bots = _bots(report)
    colors = _colors(bots)
    along = report["shape"]["along"]
    xs = np.arange(1, 29)
    fig, ax = ax_factory(figsize=(9, 4.8))
    running = np.asarray(along["games_at"], float)
    share = 100 * running / max(running[0], 1)
    twin = ax.twinx()
    twin.bar(xs, share, color="lightgrey", alpha=0.6, width=0.8, label="games still running")
    twin.set_ylabel("games still running (% of all games)")
    twin.set_ylim(0, 105)
    ax.set_zorder(twin.get_zorder() + 1)
    ax.patch.set_visible(False)
    for b in bots:
        y = [np.nan if v is None else v for v in along["mean_total"][b]]
        ax.plot(xs, y, "o-", ms=3, color=colors[b], label=b)
    ax.axhline(1000, color="grey", ls="--", lw=1, label="1000: a total above it ends the game")
    ax.set_xlabel("contract of the game (1–28)")
    ax.set_ylabel("mean total after that contract")
    ax.set_xlim(0.3, 28.7)
    ax.set_title("Mean total along the game (over the games still running)")
    handles = ax.get_legend_handles_labels()
    extra = twin.get_legend_handles_labels()
    ax.legend(handles[0] + extra[0], handles[1] + extra[1], loc="upper left")
    return fig


PLOTS = {
    "trix_choice": ("trix_choice.png", trix_choice),
    "trix_result": ("trix_result.png", trix_result),
    "final_totals": ("final_totals.png", final_totals),
    "totals_along_game": ("totals_along_game.png", totals_along_game),
}
