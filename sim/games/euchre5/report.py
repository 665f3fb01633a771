"""Five-handed Euchre's sections of ``trixsim report``: makers, going alone, the call, roles.

From the ``deals`` table alone (no engine import), part file by part file.
Definitions (printed under the tables too):

* The makers *make it* when the attackers (the maker and his partner, or the
  maker alone) take 3 tricks or more (R8.2, R8.3); otherwise they are
  *euchred*.
* Seat relative to the dealer: 1 = left of the dealer (first to bid) … 0 = the
  dealer. Trump length: the maker's trumps when play began, bowers counted.
* Called-card outcomes: *buried* (nobody held it: forced alone, R6.4), or the
  trick at which the partner revealed himself by playing it.
* Points per deal by role: the maker, the partner, a defender.
"""

from __future__ import annotations

import numpy as np

from sim.games.euchre5.vocab import ALONE_NAMES, END_NAMES, N_SEATS
from sim.report.data import Games, Run, codes, deal_parts, ints

WIN_SHARE = "1/k to each of the k seats with the highest total (R9.3)"
LAST = "lowest final total, ties included"
SEATS = range(N_SEATS)
DEAL_COLUMNS = ["game", "dealer", "round", "maker", "maker_trumps", "alone", "partner",
                "revealed_trick", "attackers_tricks", *(f"points_{p}" for p in SEATS)]  # fmt: skip
ALONE_LOOKUP = {n: i for i, n in enumerate(ALONE_NAMES)}


class DealScan:
    """Counts over the deals table, per bot of the maker."""

    def __init__(self, games: Games):
        self.g = games
        nb = len(games.names)
        self.rows = 0
        self.by_position = np.zeros((nb, N_SEATS, 2), np.int64)  # [bot, position, made]
        self.by_round = np.zeros((nb, 3, 2), np.int64)
        self.by_trumps = np.zeros((nb, 9, 2), np.int64)
        self.alone = np.zeros((nb, 3, 2), np.int64)  # [bot, partner/choice/forced, made]
        self.alone_points = np.zeros((nb, 3))
        self.revealed = np.zeros(6, np.int64)  # 0: buried (forced alone), 1-5: trick
        self.euchres = np.zeros(nb, np.int64)
        self.role_points = np.zeros((nb, 3))  # maker, partner, defender
        self.role_n = np.zeros((nb, 3), np.int64)

    def add(self, run: int, t) -> None:
        g = self.g
        if t.num_rows == 0:
            return
        self.rows += t.num_rows
        game = ints(t.column("game")).astype(np.int64)
        rows = g.rows(run, game)
        bots = g.bots[np.maximum(rows, 0)].astype(np.intp)  # (deals, seats)
        maker = ints(t.column("maker")).astype(np.intp)
        dealer = ints(t.column("dealer")).astype(np.intp)
        partner = ints(t.column("partner"), -1).astype(np.intp)
        alone = codes(t.column("alone"), ALONE_LOOKUP, "alone").astype(np.intp)
        made = (ints(t.column("attackers_tricks")) >= 3).astype(np.intp)
        mb = bots[np.arange(len(maker)), maker]
        np.add.at(self.by_position, (mb, (maker - dealer) % N_SEATS, made), 1)
        np.add.at(self.by_round, (mb, ints(t.column("round")).astype(np.intp), made), 1)
        np.add.at(self.by_trumps, (mb, np.clip(ints(t.column("maker_trumps")), 0, 8)
                                   .astype(np.intp), made), 1)  # fmt: skip
        np.add.at(self.alone, (mb, alone, made), 1)
        pts = np.stack([ints(t.column(f"points_{p}")) for p in SEATS], 1).astype(np.float64)
        maker_pts = pts[np.arange(len(maker)), maker]
        np.add.at(self.alone_points, (mb, alone), maker_pts)
        np.add.at(self.euchres, mb, 1 - made)
        revealed = ints(t.column("revealed_trick"), 0)
        called = alone != ALONE_LOOKUP["by-choice"]
        self.revealed += np.bincount(revealed[called].astype(np.intp), minlength=6)[:6]
        role = np.full(pts.shape, 2, np.intp)  # defenders
        role[np.arange(len(maker)), maker] = 0
        has = partner >= 0
        role[np.flatnonzero(has), partner[has]] = 1
        np.add.at(self.role_points, (bots, role), pts)
        np.add.at(self.role_n, (bots, role), 1)


def _share(made, total):
    return float(made / total) if total else float("nan")


def sections(runs: list[Run], games: Games) -> dict:
    scan = DealScan(games)
    for i, table in deal_parts(runs, DEAL_COLUMNS):
        scan.add(i, table)
    names = games.names
    makers = []
    for b, bot in enumerate(names):
        row = {"bot": bot}
        for key, counts, labels in (
            ("by_position", scan.by_position[b], range(N_SEATS)),
            ("by_round", scan.by_round[b], range(3)),
            ("by_trumps", scan.by_trumps[b], range(9)),
        ):
            row[key] = {str(k): {"n": int(counts[k].sum()), "made": _share(counts[k, 1],
                        counts[k].sum())} for k in labels if counts[k].sum()}  # fmt: skip
        n = int(scan.alone[b].sum())
        row["deals_made"] = n
        row["euchred"] = _share(scan.euchres[b], n)
        row["alone"] = {ALONE_NAMES[k]: {
            "n": int(scan.alone[b, k].sum()), "share": _share(scan.alone[b, k].sum(), n),
            "made": _share(scan.alone[b, k, 1], scan.alone[b, k].sum()),
            "maker_points": _share(scan.alone_points[b, k], scan.alone[b, k].sum()),
        } for k in range(3)}  # fmt: skip
        row["points_by_role"] = {
            role: _share(scan.role_points[b, r], scan.role_n[b, r])
            for r, role in enumerate(("maker", "partner", "defender"))
        }
        row["seat_deals_by_role"] = {
            role: int(scan.role_n[b, r]) for r, role in enumerate(("maker", "partner", "defender"))
        }
        if n or scan.role_n[b].sum():
            makers.append(row)
    calls = int(scan.revealed.sum())
    return {
        "deal_rows": scan.rows,
        "makers": makers,
        "called_card": {
            "calls": calls,
            "buried": _share(scan.revealed[0], calls),
            "revealed_at_trick": {str(k): _share(scan.revealed[k], calls) for k in range(1, 6)},
        },
        "end_names": list(END_NAMES),
    }


def _position(k: int) -> str:
    return "dealer" if k == 0 else f"+{k}"


def render(d, report: dict) -> None:
    from sim.report.render import few, few_num

    makers = report["makers"]
    d.heading("Makers: how often they make it")
    d.table(["bot", "deals made trump", "euchred", "alone by choice", "forced alone",
             "points as maker", "as partner", "as defender"],
            [[m["bot"], f"{m['deals_made']:,}", few(m["euchred"], m["deals_made"]),
              few(m["alone"]["by-choice"]["share"], m["deals_made"]),
              few(m["alone"]["forced"]["share"], m["deals_made"]),
              *(few_num(m["points_by_role"][r], m.get("seat_deals_by_role", {}).get(r, 10), 2)
                for r in ("maker", "partner", "defender"))] for m in makers])  # fmt: skip
    d.para(
        "Euchred: the attackers took fewer than 3 tricks (R8), as a share of the deals the bot "
        "made trump. Points: the mean points per deal of a seat in that role (maker, the called "
        "partner, a defender)."
    )
    d.heading("Made, by the maker's seat relative to the dealer", 3)
    d.table(["bot", *(_position(k) for k in range(N_SEATS))],
            [[m["bot"], *(_made(m["by_position"], k) for k in range(N_SEATS))]
             for m in makers])  # fmt: skip
    d.para("Each cell: the share made of the deals the bot made trump from that seat. +1 bids "
           "first (left of the dealer); the dealer bids last (R4.1).")  # fmt: skip
    d.heading("Made, by round", 3)
    d.table(["bot", "round 1", "round 2"],
            [[m["bot"], *(_made(m["by_round"], k) for k in (1, 2))] for m in makers])  # fmt: skip
    d.heading("Made, by the maker's trumps", 3)
    trumps = sorted({int(k) for m in makers for k in m["by_trumps"]})
    d.table(["maker's trumps", *(m["bot"] for m in makers)],
            [[f"{k} trump{'s' if k != 1 else ''}", *(_made(m["by_trumps"], k) for m in makers)]
             for k in trumps])  # fmt: skip
    d.para("Trumps: the maker's when play began, bowers counted (R5.1); each cell: the share "
           "made of the bot's deals as maker with so many trumps.")  # fmt: skip
    d.heading("Going alone", 3)
    d.table(["bot", "by choice", "made", "maker's points", "forced", "made", "maker's points"],
            [[m["bot"], *(x for k in ("by-choice", "forced") for x in (
                f"{m['alone'][k]['n']:,}", few(m["alone"][k]["made"], m["alone"][k]["n"]),
                few_num(m["alone"][k]["maker_points"], m["alone"][k]["n"], 2)))]
             for m in makers])  # fmt: skip
    d.para(
        "Forced: the called card was buried (R6.4). A lone maker scores 5 for all five "
        "tricks, 1 for three or four (R8.3)."
    )
    c = report["called_card"]
    d.heading("The called card", 3)
    calls = c["calls"]
    d.table(["calls", "buried", *(f"revealed at trick {k}" for k in range(1, 6))],
            [[f"{calls:,}", few(c["buried"], calls),
              *(few(c["revealed_at_trick"][str(k)], calls) for k in range(1, 6))]])  # fmt: skip
    d.para("Shares of the calls (the maker called a card, R6).")


def _made(cells: dict, k: int) -> str:
    from sim.report.render import share_n

    cell = cells.get(str(k))
    return share_n(cell["made"], cell["n"]) if cell else "–"


def plots():
    """Euchre's plots: makers' success by seat relative to the dealer."""
    return {"makers": ("makers_by_position.png", makers_plot)}


def makers_plot(report: dict, ax_factory):
    from sim.report.plots import colors_of, legend_outside, mark_few, wilson_err
    from sim.report.render import report_bots

    fig, ax = ax_factory(figsize=(8, 4.5))
    makers = report["makers"]
    colors = colors_of(report_bots(report))
    width = 0.8 / max(len(makers), 1)
    xs = np.arange(N_SEATS)
    for i, m in enumerate(makers):
        cells = [m["by_position"].get(str(k), {"n": 0, "made": 0.0}) for k in range(N_SEATS)]
        made = np.array([c["made"] or 0.0 for c in cells])
        n = [c["n"] for c in cells]
        bars = ax.bar(xs + (i - (len(makers) - 1) / 2) * width, 100 * made, width,
                      color=colors[m["bot"]], label=m["bot"], yerr=wilson_err(made, n),
                      capsize=3)  # fmt: skip
        mark_few(ax, bars, n)
    ax.set_xticks(range(N_SEATS), [_position(k) for k in range(N_SEATS)])
    ax.set_ylim(0, 105)
    ax.set_xlabel("the maker's seat relative to the dealer; in the bars: deals as maker")
    ax.set_ylabel("deals made (%)")
    ax.set_title("How often the makers make it, by the maker's seat\n"
                 "(95% Wilson intervals over the deals as maker)", fontsize=10)  # fmt: skip
    legend_outside(ax, title="maker")
    return fig
