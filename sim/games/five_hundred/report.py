"""Five Hundred's sections of ``trixsim report``: contracts, sets, roles, game length, ends, teams.

From the ``deals`` table (part file by part file) and the games table, no engine import.
Definitions (printed under the tables too; rules: ``../shared/games/five-hundred/RULES.md``):

* A contract is *made* when the contractors (the contractor and his partner) take at
  least the tricks bid (R9.1); otherwise they are *set*. Contractors' points: their
  team's points of the deal, the bid's value won or lost (R5.2, R9.1, R9.3).
* A deal is *thrown in* when all four players pass (R4.7): no contract, 0 points.
* Seat relative to the dealer (``contractor_position``): 1 = eldest (calls first, R4.1),
  2, 3, 0 = the dealer (calls last).
* Points per deal by role: the mean points of a seat's team per played deal, when its
  team contracted (contractors) and when it defended (defenders, 10 a trick, R9.2), per
  seat-deal of the bot.
* Team win share: per partnership-game, 1 for a win, 0.5 for a tie (R10.4), 0 for a loss
  (R10.6: the sum of its two seats' shares). A bot's team is a partnership of which it
  holds both seats; partnerships of two different bots are left out. Its 95% t-interval is
  over deal sets, as the generic win share's. The one verdict (team against team) is the
  win-rates block's (``sim.report.stats``: the team is the unit of a partnership game).
* Counts beside shares; a share or mean of fewer than ``FEW`` (10) cases in brackets
  (``sim.report.render.few``); plots' error bars: 95% Wilson intervals over the contracts.
"""

from __future__ import annotations

import numpy as np
import pyarrow.compute as pc

from sim.games.five_hundred.vocab import END_NAMES, N_SEATS, N_TEAMS, STRAINS, TEAMS
from sim.report.data import Games, Run, codes, deal_parts, ints
from sim.report.intervals import basis
from sim.report.stats import cluster_means, mean_ci

WIN_SHARE = "0.5 to each seat of the winning partnership, 0.25 to every seat in a tie (R10.6)"
LAST = "the losing partnership's two seats; a tie at the deal cap counts all four"
DEAL_COLUMNS = ["game", "thrown_in", "contractor", "contractor_bot", "contractor_position",
                "tricks_bid", "strain", "made",
                *(f"points_{t}" for t in range(N_TEAMS))]  # fmt: skip
LEVELS = range(6, 11)  # R4.4
POSITIONS = (1, 2, 3, 0)  # eldest first, the dealer last (R4.1)
STRAIN_LOOKUP = {s: i for i, s in enumerate(STRAINS)}
ROLES = ("contractors", "defenders")


class DealScan:
    """Counts over the deals table, per bot of the contractor (roles: per seat's bot)."""

    def __init__(self, games: Games):
        self.g = games
        nb = len(games.names)
        self.lookup = {n: i for i, n in enumerate(games.names)}
        self.rows = 0
        self.thrown = 0
        self.contracts = np.zeros((nb, len(LEVELS), len(STRAINS), 2), np.int64)  # [.., made]
        self.points = np.zeros((nb, len(LEVELS), len(STRAINS)))  # contractors' points
        self.by_position = np.zeros((nb, N_SEATS, 2), np.int64)  # [bot, position, made]
        self.role_points = np.zeros((nb, 2))  # [bot, contractors / defenders]
        self.role_n = np.zeros((nb, 2), np.int64)

    def add(self, run: int, t) -> None:
        if t.num_rows == 0:
            return
        self.rows += t.num_rows
        self.thrown += int(ints(t.column("thrown_in"), 0).sum())
        t = t.filter(pc.invert(pc.fill_null(t.column("thrown_in"), False)))
        if t.num_rows == 0:
            return
        rows = self.g.rows(run, ints(t.column("game")).astype(np.int64))
        seat_bots = self.g.bots[np.maximum(rows, 0)].astype(np.intp)  # (deals, seats)
        team = ints(t.column("contractor")).astype(np.intp) % N_TEAMS
        bot = codes(t.column("contractor_bot"), self.lookup, "bot").astype(np.intp)
        level = ints(t.column("tricks_bid")).astype(np.intp) - LEVELS[0]
        strain = codes(t.column("strain"), STRAIN_LOOKUP, "strain").astype(np.intp)
        made = ints(t.column("made"), 0).astype(np.intp)
        position = ints(t.column("contractor_position")).astype(np.intp)
        pts = np.stack([ints(t.column(f"points_{k}")) for k in range(N_TEAMS)], 1).astype(float)
        np.add.at(self.contracts, (bot, level, strain, made), 1)
        np.add.at(self.points, (bot, level, strain), pts[np.arange(len(team)), team])
        np.add.at(self.by_position, (bot, position, made), 1)
        seat_team = np.arange(N_SEATS) % N_TEAMS
        role = (seat_team[None, :] != team[:, None]).astype(np.intp)  # 0: contractors
        np.add.at(self.role_points, (seat_bots, role), pts[:, seat_team])
        np.add.at(self.role_n, (seat_bots, role), 1)


def _share(part, total):
    return float(part / total) if total else float("nan")


def _cell(counts: np.ndarray, points: float) -> dict:
    """``counts``: [set, made] of some contracts; ``points``: their contractors' points."""
    n = int(counts.sum())
    return {"n": n, "made": _share(counts[1], n), "points": _share(points, n)}


def contracts_section(scan: DealScan, names: list[str]) -> list[dict]:
    out = []
    for b, bot in enumerate(names):
        c, p = scan.contracts[b], scan.points[b]
        if not c.sum() and not scan.role_n[b].sum():
            continue
        row = {"bot": bot} | _cell(c.sum(axis=(0, 1)), p.sum())
        row["by_level"] = {str(lv): _cell(c[i].sum(axis=0), p[i].sum())
                           for i, lv in enumerate(LEVELS) if c[i].sum()}  # fmt: skip
        row["by_strain"] = {s: _cell(c[:, k].sum(axis=0), p[:, k].sum())
                            for k, s in enumerate(STRAINS) if c[:, k].sum()}  # fmt: skip
        row["by_contract"] = {f"{lv}{s}": _cell(c[i, k], p[i, k]) for i, lv in enumerate(LEVELS)
                              for k, s in enumerate(STRAINS) if c[i, k].sum()}  # fmt: skip
        pos = scan.by_position[b]
        row["by_position"] = {str(k): {"n": int(pos[k].sum()), "set": _share(pos[k, 0],
                              pos[k].sum())} for k in POSITIONS if pos[k].sum()}  # fmt: skip
        row["points_by_role"] = {role: _share(scan.role_points[b, r], scan.role_n[b, r])
                                 for r, role in enumerate(ROLES)}  # fmt: skip
        row["seat_deals_by_role"] = {role: int(scan.role_n[b, r]) for r, role in enumerate(ROLES)}
        out.append(row)
    return out


def length_section(games: Games) -> dict:
    deals = games.deals.astype(np.int64)
    top = int(deals.max()) if len(deals) else 0
    return {
        "mean": float(deals.mean()) if len(deals) else float("nan"),
        "median": float(np.median(deals)) if len(deals) else float("nan"),
        "max": top,
        "hist": np.bincount(deals, minlength=top + 1)[1:].tolist(),  # games of 1 .. max deals
        "mean_by_end": {
            e: _share(deals[games.end == k].sum(), (games.end == k).sum())
            for k, e in enumerate(END_NAMES)
        },  # fmt: skip
    }


def teams_section(games: Games) -> dict:
    """Per bot holding both seats of a partnership: team win share over deal sets."""
    names = games.names
    nb = len(names)
    pairs = TEAMS  # R2.1
    seat = games.bots.astype(np.int64)
    bots = np.stack([np.where(seat[:, a] == seat[:, b], seat[:, a], nb) for a, b in pairs], 1)
    share = np.stack([games.shares[:, a] + games.shares[:, b] for a, b in pairs], 1)
    means, count = cluster_means(share, bots, games.cluster, nb + 1)
    end = np.repeat(games.end[:, None], N_TEAMS, 1)
    lines = []
    for b, bot in enumerate(names):
        mine = bots == b
        n = int(mine.sum())
        if not n:
            continue
        win, ci = mean_ci(means[count[:, b] > 0, b])
        sets = int((count[:, b] > 0).sum())
        line = {"bot": bot, "team_games": n, "deal_sets": sets, "win_share": win,
                "win_share_ci": ci, "ci_basis": basis(sets)}  # fmt: skip
        s = share[mine]
        for what, sel in (("won", s > 0.75), ("tied", (s > 0.25) & (s < 0.75)), ("lost", s < 0.25)):
            line[what] = {e: _share((sel & (end[mine] == k)).sum(), n)
                          for k, e in enumerate(END_NAMES)}  # fmt: skip
        lines.append(line)
    return {"bots": lines, "mixed": int((bots == nb).sum())}


def sections(runs: list[Run], games: Games) -> dict:
    scan = DealScan(games)
    for i, table in deal_parts(runs, DEAL_COLUMNS):
        scan.add(i, table)
    ends = np.bincount(games.end.astype(np.intp), minlength=len(END_NAMES))
    return {
        "deal_rows": scan.rows,
        "thrown_in": {
            "deals": scan.rows,
            "thrown_in": scan.thrown,
            "share": _share(scan.thrown, scan.rows),
        },  # fmt: skip
        "contracts": contracts_section(scan, games.names),
        "length": length_section(games),
        "ends": [
            {"end": e, "games": int(ends[k]), "share": _share(ends[k], len(games))}
            for k, e in enumerate(END_NAMES)
        ],  # fmt: skip
        "teams": teams_section(games),
        "end_names": list(END_NAMES),
    }


def _position_name(k: int) -> str:
    return "dealer" if k == 0 else "eldest" if k == 1 else f"+{k}"


def render(d, report: dict) -> None:
    from sim.report.render import few, few_num, num, pct, share_n

    lines = report["contracts"]
    th = report["thrown_in"]
    d.heading("Contracts: how often they are made")
    d.table(["bot", "contracts", "made", "set", "points as contractors", "as defenders"],
            [[c["bot"], f"{c['n']:,}", few(c["made"], c["n"]),
              few(None if c["n"] == 0 else 1 - c["made"], c["n"]),
              *(few_num(c["points_by_role"][r], c["seat_deals_by_role"][r]) for r in ROLES)]
             for c in lines])  # fmt: skip
    d.para(
        "Contracts, made, set: per bot of the contractor; made: the contractors took the "
        "tricks bid (R9.1). Points as contractors / as defenders: the mean points per played "
        "deal of the team of the bot's seat in that role (the bid's value won or lost, R5.2, "
        "R9.1; defenders score 10 a trick, R9.2). Contractors' points below: the contracting "
        "team's mean points per contract. Thrown in (all four passed, R4.7): "
        f"{th['thrown_in']:,} of {th['deals']:,} deals ({pct(th['share'], 2)})."
    )
    for key, title, head in (("by_level", "Contracts by level (tricks bid)", "tricks"),
                             ("by_strain", "Contracts by strain", "strain"),
                             ("by_contract", "Every contract bid", "contract")):  # fmt: skip
        d.heading(title, 3)
        d.table(["bot", head, "contracts", "made", "contractors' points"],
                [[c["bot"], k, f"{x['n']:,}", few(x["made"], x["n"]), few_num(x["points"], x["n"])]
                 for c in lines for k, x in c[key].items()])  # fmt: skip
    d.heading("Set, by the contractor's seat relative to the dealer", 3)
    d.table(["bot", *(_position_name(k) for k in POSITIONS)],
            [[c["bot"], *(share_n(c["by_position"][str(k)]["set"], c["by_position"][str(k)]["n"])
                          if str(k) in c["by_position"] else "–" for k in POSITIONS)]
             for c in lines])  # fmt: skip
    d.para("Each cell: the share set of the bot's contracts from that seat. Eldest (the "
           "dealer's left) calls first, the dealer last (R4.1).")  # fmt: skip
    ln = report["length"]
    d.heading("Game length and how games end", 3)
    d.table(["deals per game", "mean", "median", "max"],
            [["all games", num(ln["mean"], 2), num(ln["median"]), f"{ln['max']:,}"]])  # fmt: skip
    d.table(["end", "games", "share", "mean deals"],
            [[e["end"], f"{e['games']:,}", pct(e["share"]), few_num(ln["mean_by_end"][e["end"]],
              e["games"], 2)] for e in report["ends"]])  # fmt: skip
    d.para(
        "reached-500: a team reached 500 (R10.1, R10.2); minus-500: a team fell to −500 and "
        "lost (R10.3); deal-cap: nobody had won after 200 deals (R10.4)."
    )
    t = report["teams"]
    d.heading("Team win shares", 3)
    d.table(["bot", "team-games", "deal sets", "win share", "± 95% t"],
            [[b["bot"], f"{b['team_games']:,}", f"{b['deal_sets']:,}", pct(b["win_share"]),
              "± " + pct(b["win_share_ci"])] for b in t["bots"]])  # fmt: skip
    mixed = f" {t['mixed']:,} partnership-games of two different bots are left out." if t[
        "mixed"] else ""  # fmt: skip
    d.para(
        "A team: a bot holding both seats of a partnership (R2.1). Win share per "
        "partnership-game: 1 a win, 0.5 a tie, 0 a loss (R10.6); 95% t-intervals over deal "
        "sets, every run pooled (the win rates above give each line-up's, and the verdict)."
        f"{mixed}"
    )
    d.table(["bot", "won at 500", "won: they at −500", "lost: they at 500", "lost at −500",
             "cap: won / tied / lost"],
            [[b["bot"], *(few(b[w][e], b["team_games"]) for w, e in (
                ("won", "reached-500"), ("won", "minus-500"), ("lost", "reached-500"),
                ("lost", "minus-500"))),
              " / ".join(few(b[k]["deal-cap"], b["team_games"]) for k in ("won", "tied", "lost"))]
             for b in t["bots"]])  # fmt: skip
    d.para("How a bot's team-games end, as shares of its team-games (R10.1–R10.5).")


def plots():
    """Five Hundred's plots: made by level and strain, set by seat, the game length."""
    return {
        "contracts": ("contracts_made.png", contracts_plot),
        "set_by_position": ("set_by_position.png", position_plot),
        "game_length": ("game_length.png", length_plot),
    }


def contracts_plot(report: dict, ax_factory):
    from sim.report.intervals import FEW

    lines = report["contracts"] or [{"bot": "(none)", "by_contract": {}}]
    fig, axes = ax_factory(1, len(lines), figsize=(4.5 * len(lines) + 1.5, 4.8), squeeze=False)
    for ax, c in zip(axes[0], lines, strict=True):
        grid = np.full((len(LEVELS), len(STRAINS)), np.nan)
        ax.set_facecolor("#eeeeee")  # no contracts, or too few: grey
        for i, lv in enumerate(LEVELS):
            for k, s in enumerate(STRAINS):
                cell = c["by_contract"].get(f"{lv}{s}")
                if not cell:
                    continue
                if cell["n"] < FEW:  # too few for a percentage: the counts, on grey
                    made = round(cell["made"] * cell["n"])
                    ax.text(k, i, f"({made} of {cell['n']})", ha="center", va="center",
                            fontsize=7, color="#555555")  # fmt: skip
                    continue
                grid[i, k] = 100 * cell["made"]
                ink = "white" if not 25 <= grid[i, k] <= 80 else "black"
                ax.text(k, i, f"{grid[i, k]:.0f}%\n{cell['n']:,}", ha="center", va="center",
                        fontsize=7, color=ink)  # fmt: skip
        image = ax.imshow(grid, cmap="RdYlGn", vmin=0, vmax=100, origin="lower", aspect="auto")
        ax.set_xticks(range(len(STRAINS)), STRAINS)
        ax.set_yticks(range(len(LEVELS)), [str(lv) for lv in LEVELS])
        ax.set_xlabel("strain")
        ax.set_ylabel("tricks bid")
        ax.set_title(f"contractor: {c['bot']}", fontsize=10)
    fig.colorbar(image, ax=axes[0, -1], label="contracts made (%)")
    fig.suptitle("How often contracts are made, by level and strain\n(cell: made %, contracts; "
                 f"grey: fewer than {FEW} contracts, their counts in brackets)")  # fmt: skip
    return fig


def position_plot(report: dict, ax_factory):
    from sim.report.plots import colors_of, legend_outside, mark_few, wilson_err
    from sim.report.render import report_bots

    fig, ax = ax_factory(figsize=(8, 4.5))
    lines = report["contracts"]
    colors = colors_of(report_bots(report))
    width = 0.8 / max(len(lines), 1)
    for i, c in enumerate(lines):
        cells = [c["by_position"].get(str(k), {"n": 0, "set": 0.0}) for k in POSITIONS]
        share = np.array([x["set"] or 0.0 for x in cells])
        n = [x["n"] for x in cells]
        bars = ax.bar(np.arange(N_SEATS) + (i - (len(lines) - 1) / 2) * width, 100 * share, width,
                      color=colors[c["bot"]], label=c["bot"], yerr=wilson_err(share, n),
                      capsize=3)  # fmt: skip
        mark_few(ax, bars, n)
    ax.set_xticks(range(N_SEATS), [_position_name(k) for k in POSITIONS])
    ax.set_ylim(0, 105)
    ax.set_xlabel("the contractor's seat relative to the dealer; in the bars: contracts")
    ax.set_ylabel("contracts set (%)")
    ax.set_title("How often the contractors are set, by the contractor's seat\n"
                 "(95% Wilson intervals over the contracts)", fontsize=10)  # fmt: skip
    legend_outside(ax, title="contractor")
    return fig


def length_plot(report: dict, ax_factory):
    fig, ax = ax_factory(figsize=(8, 4.5))
    ln = report["length"]
    ax.bar(np.arange(1, len(ln["hist"]) + 1), ln["hist"], width=0.9, color="#1f77b4")
    ax.set_yscale("log")
    ax.set_xlabel("deals in the game")
    ax.set_ylabel("games (log scale)")
    ax.set_title(f"Game length: mean {ln['mean']:.2f}, median {ln['median']:.0f}, "
                 f"max {ln['max']} deals")  # fmt: skip
    return fig
