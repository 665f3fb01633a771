"""Trix's PNG plots of a report: when trix is taken, how it goes, final totals, totals along."""

from __future__ import annotations

import numpy as np

from sim.report.intervals import FEW, half_width
from sim.report.plots import colors_of as _colors
from sim.report.plots import legend_outside as _legend
from sim.report.plots import mark_few, wilson_err
from sim.report.render import report_bots as _bots


def trix_choice(report: dict, ax_factory) -> object:
    bots = _bots(report)
    colors = _colors(bots)
    fig, ax = ax_factory(figsize=(8, 4.5))
    width = 0.8 / max(len(bots), 1)
    rows = report["trix"]["by_choice"]
    xs = np.arange(1, 7)
    for i, b in enumerate(bots):
        mine = {x["choice"]: x for x in rows if x["bot"] == b}
        total = sum(x["n"] for x in mine.values())
        share = np.array([mine[c]["share"] if c in mine else 0.0 for c in xs])
        bars = ax.bar(xs + (i - (len(bots) - 1) / 2) * width, 100 * share, width,
                      color=colors[b], label=f"{b} ({total:,} trix)",
                      yerr=wilson_err(share, [total] * len(xs)), capsize=3)  # fmt: skip
        mark_few(ax, bars, [mine[c]["n"] if c in mine else 0 for c in xs])
    ax.set_xticks(range(1, 7), ["1", "2", "3", "4", "5", "6\n(forced)"])
    ax.set_xlabel("choice number at which the bot took its trix (R3.3); in the bars: trix")
    ax.set_ylabel("share of the bot's trix contracts (%)")
    ax.set_title("When each bot takes the trix\n(95% Wilson intervals over the bot's trix "
                 "contracts)", fontsize=10)  # fmt: skip
    _legend(ax, title="bot")
    return fig


def trix_result(report: dict, ax_factory) -> object:
    bots = _bots(report)
    colors = _colors(bots)
    fig, (left, right) = ax_factory(1, 2, figsize=(12, 4.8))
    rows = report["trix"]["by_choice"]
    for j, b in enumerate(bots):
        mine = sorted((x for x in rows if x["bot"] == b), key=lambda x: x["choice"])
        xs = np.array([x["choice"] for x in mine], float) + (j - (len(bots) - 1) / 2) * 0.08
        n = np.array([x["n"] for x in mine])
        mean = np.array([x["mean_points"] for x in mine])
        half = np.array([half_width(x.get("sd_points", np.nan), x["n"]) for x in mine])
        left.errorbar(xs, mean, yerr=np.nan_to_num(half), fmt="o-", color=colors[b], capsize=3,
                      label=b)  # fmt: skip
        for x, y, k in zip(xs, mean, n, strict=True):
            left.annotate(f"n={k:,}", (x, y), xytext=(4, 4), textcoords="offset points",
                          fontsize=7, color=colors[b], alpha=1 if k >= FEW else 0.5)  # fmt: skip
        for key, mark, word in (("first", "o-", "out first (−100)"),
                                ("second", "s--", "out second (−50)")):  # fmt: skip
            share = np.array([x[key] for x in mine])
            right.errorbar(xs, 100 * share, yerr=wilson_err(share, n), fmt=mark, color=colors[b],
                           capsize=3, label=f"{b}: {word}")  # fmt: skip
        for x, k, s in zip(xs, n, [x["first"] for x in mine], strict=True):
            right.annotate(f"n={k:,}", (x, 100 * s), xytext=(4, 4), textcoords="offset points",
                           fontsize=7, color=colors[b], alpha=1 if k >= FEW else 0.5)  # fmt: skip
    for ax in (left, right):
        ax.set_xticks(range(1, 7), ["1", "2", "3", "4", "5", "6\n(forced)"])
        ax.set_xlabel("choice number at which the chooser took trix")
        ax.set_xlim(0.6, 6.7)  # room for the last point's n
        ax.grid(alpha=0.3)
    left.set_ylabel("chooser's mean trix points (lower is better)")
    left.set_title("Chooser's mean points\n(95% t-intervals over the trix contracts; n each)",
                   fontsize=10)  # fmt: skip
    right.set_ylabel("share of the chooser's trix contracts (%)")
    right.set_title("How often the chooser goes out first / second\n(95% Wilson intervals "
                    "over the trix contracts; n each)", fontsize=10)  # fmt: skip
    _legend(right)
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
    _legend(ax)
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
    ax.legend(
        handles[0] + extra[0],
        handles[1] + extra[1],
        loc="upper left",
        bbox_to_anchor=(1.16, 1),
        borderaxespad=0,
        fontsize=8,
    )  # right of the twin axis
    return fig


PLOTS = {
    "trix_choice": ("trix_choice.png", trix_choice),
    "trix_result": ("trix_result.png", trix_result),
    "final_totals": ("final_totals.png", final_totals),
    "totals_along_game": ("totals_along_game.png", totals_along_game),
}
