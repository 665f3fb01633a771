"""Terts's PNG plots of a report: meld kinds, the trump-seven exchange, points by source.

Error bars: 95% Wilson intervals over the counted cases for shares (seat-deals, exchanges),
95% t-intervals over deal sets for means; bars of fewer than ``FEW`` cases pale and hatched;
each bot in its report colour, categories (held / declared / scored, a point's source) in
greys no bot has; legends outside the axes.
"""

from __future__ import annotations

import numpy as np

from sim.games.terts.report import KINDS, POINT_NAMES, TRICKS
from sim.games.terts.vocab import KIND_NAMES
from sim.report.plots import CATEGORIES, colors_of, legend_outside, mark_few, wilson_err
from sim.report.render import report_bots


def melds_plot(report: dict, ax_factory):
    lines = report["melds"] or [{"bot": "(none)", "kinds": {}, "seat_deals": 0}]
    fig, axes = ax_factory(len(lines), 1, figsize=(10, 3.6 * len(lines) + 0.8), squeeze=False)
    names = [KIND_NAMES[k] for k in KINDS]
    x = np.arange(len(names))
    for ax, m in zip(axes[:, 0], lines, strict=True):
        n = m["seat_deals"]
        for i, (key, label) in enumerate((("held_share", "held"), ("declared_share", "declared"),
                                          ("scored_share", "scored"))):  # fmt: skip
            ys = np.array([m["kinds"][k][key] if k in m["kinds"] else 0.0 for k in names])
            bars = ax.bar(x + (i - 1) * 0.27, 100 * ys, 0.27, label=label, color=CATEGORIES[i],
                          yerr=wilson_err(ys, np.full(len(ys), n)), capsize=2,
                          error_kw={"elinewidth": 0.8})  # fmt: skip
            mark_few(ax, bars, [n] * len(ys), show_n=False)
        ax.set_xticks(x, names)
        ax.set_yscale("log", nonpositive="clip")
        ax.set_ylabel("seat-deals (%, log scale)")
        ax.set_title(f"bot: {m['bot']} ({n:,} seat-deals)", fontsize=10)
        legend_outside(ax)
    fig.suptitle("Meld kinds: how often held, declared and scored per seat-deal\n"
                 "(95% Wilson intervals over the seat-deals)")  # fmt: skip
    return fig


def exchange_plot(report: dict, ax_factory):
    fig, (a, b) = ax_factory(1, 2, figsize=(12, 4.5))
    lines = [x for x in report["exchange"]["bots"] if x["bot"] != "all bots"]
    colors = colors_of(report_bots(report))
    width = 0.8 / max(len(lines), 1)
    for i, x in enumerate(lines):
        n = x["exchanges"]
        ys = np.array([x["when"][str(t)] or 0.0 for t in TRICKS])
        bars = a.bar(np.array(TRICKS) + (i - (len(lines) - 1) / 2) * width, 100 * ys, width,
                     color=colors[x["bot"]], label=f"{x['bot']} ({n:,} exchanges)",
                     yerr=wilson_err(ys, np.full(len(ys), n)), capsize=3)  # fmt: skip
        mark_few(a, bars, [n] * len(ys), show_n=False)
    a.set_xticks(list(TRICKS))
    a.set_xlabel("trick of the exchange")
    a.set_ylabel("share of the bot's exchanges (%)")
    a.set_title("When the seven of trumps is exchanged\n(95% Wilson intervals over the exchanges)",
                fontsize=10)  # fmt: skip
    legend_outside(a, title="exchanger")
    turned = [t for t in report["exchange"]["by_turned"] if t["margin"]["n"]]
    ys = [t["margin"]["mean"] for t in turned]
    err = [0 if np.isnan(t["margin"]["ci"]) else t["margin"]["ci"] for t in turned]
    bars = b.bar(range(len(turned)), ys, yerr=err, capsize=5, color=CATEGORIES[1])
    mark_few(b, bars, [t["margin"]["n"] for t in turned])
    b.axhline(0, color="grey", lw=1)
    b.set_xticks(range(len(turned)), [t["turned"] for t in turned])
    b.set_xlabel("turned card (trumps); in the bars: exchanges")
    b.set_ylabel("exchanger's points − the other's")
    b.set_title("The exchanger's margin, all bots\n(95% t-intervals over deal sets)", fontsize=10)
    return fig


def points_plot(report: dict, ax_factory):
    fig, ax = ax_factory(figsize=(8, 4.5))
    lines = report["points"]["bots"]
    y = np.arange(len(lines))[::-1]
    left = np.zeros(len(lines))
    for i, (key, label) in enumerate(zip(POINT_NAMES[:3], ("cards", "melds", "last trick"),
                                         strict=True)):  # fmt: skip
        w = np.array([x[key]["mean"] for x in lines])
        ax.barh(y, w, left=left, label=label, color=CATEGORIES[i], edgecolor="white")
        left += w
    ci = np.array([0 if np.isnan(x["points"]["ci"]) else x["points"]["ci"] for x in lines])
    ax.errorbar(left, y, xerr=ci, fmt="none", ecolor="black", capsize=5)
    for yi, total, c in zip(y, left, ci, strict=True):
        ax.text(total + c + 1, yi, f"{total:.1f} ± {c:.1f}", va="center", fontsize=9)
    ax.set_xlim(0, 1.3 * max(left.max(), 1))
    ax.set_yticks(y, [x["bot"] for x in lines])
    ax.set_xlabel("mean points per seat-deal; ± the total's 95% t-interval over deal sets")
    ax.set_title("Where the points of a deal come from")
    legend_outside(ax, title="points from")
    return fig


PLOTS = {
    "melds": ("melds.png", melds_plot),
    "exchange": ("exchange.png", exchange_plot),
    "points": ("points.png", points_plot),
}
