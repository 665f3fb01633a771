"""Trix's sections of ``trixsim report``: contracts, trix and game shape.

Computed from the Parquet tables in one pass (no engine import: only the
numba-free vocabulary). The games table is read whole (a few columns, a few bytes per game); the
contracts table is read part file by part file and folded into small
accumulators, so memory stays flat however many games there are.

Definitions where the issue left room (also printed under each table):

* Points "as chooser" are the chooser's points in his own contract, after the
  ×2 / ×4 multipliers (R7); "as non-chooser" the other three seats' points.
* A contract *decides* a game when leaving its points out of the final totals
  (every instance of that contract in the game, all seats) changes the set of
  winners (lowest totals). The "swing" is the share of games it decides. The
  "r" is the correlation, over seat-games of one bot, between the points a seat
  took in that contract and its win share: negative means taking them loses.
* A seat "never played its trix" when the game ended over 1000 (R3.7) before
  that seat had chosen trix.
* A seat "zeroed" when the 1000 → 0 rule (R3.7) set its total to 0: its total
  before the contract plus its points made exactly 1000.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pyarrow as pa

from sim.games.trix.vocab import CONTRACT_NAMES, END_NAMES, N_CONTRACTS, N_DEALS, N_SEATS
from sim.games.trix.vocab import TRIX_C as TRIX
from sim.report.data import Games, ReportError, Run, codes, deal_parts, ints

SEATS = range(N_SEATS)
WIN_SHARE = "a tie for the lowest total split 1/k (R3.9)"  # the report's words for Trix
LAST = "highest final total, ties included"
OVER_1000 = END_NAMES.index("over-1000")
CONTRACT_COLUMNS = [
    "game", "contract_no", "chooser", "choice", "contract", "forced_trix", "chooser_jacks",
    "chooser_aces", "zeroed", *(f"points_{p}" for p in SEATS),
]  # fmt: skip
# The layout's length. (Totals are running sums of points with the 1000 -> 0 rule replayed,
# and a trix chooser finished first / second when he scored -100 / -50 (R9.6): reading
# fewer columns is most of the speed.)
TRIX_COLUMNS = ["trix_first_turns", "trix_second_turns", "trix_first_passes", "trix_second_passes"]
DEAL_COLUMNS = CONTRACT_COLUMNS + TRIX_COLUMNS  # what the report reads of the contracts table
NC = len(CONTRACT_NAMES)
CONTRACT_LOOKUP = {n: i for i, n in enumerate(CONTRACT_NAMES)}
MOMENTS = ("n", "x", "y", "xx", "yy", "xy")


def _ratio(a, b):
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(b > 0, a / np.where(b > 0, b, 1), np.nan)


class ContractScan:
    """Accumulators over the contracts table, fed one part file at a time."""

    def __init__(self, games: Games):
        self.g = games
        nb = self.nb = len(games.names)
        self.rows = 0
        self.pts_sum = np.zeros((nb, NC, 2))  # [bot, contract, is chooser]
        self.pts_n = np.zeros((nb, NC, 2), np.int64)
        self.picks = np.zeros((nb, N_CONTRACTS, NC), np.int64)  # [bot, choice - 1, contract]
        self.swing = np.zeros(NC, np.int64)
        self.swing_games = 0
        self.mom = np.zeros((len(MOMENTS), nb + 1, NC))  # row nb: all bots pooled
        self.never = np.zeros(nb, np.int64)
        self.over_seats = np.zeros(nb, np.int64)
        self.zero_events = 0
        self.zero_games = 0
        self.zero_seats = np.zeros(nb, np.int64)
        self.along_sum = np.zeros((nb, N_DEALS))
        self.along_n = np.zeros((nb, N_DEALS), np.int64)
        self.trix: dict[str, list[np.ndarray]] = defaultdict(list)

    def add(self, run: int, t: pa.Table) -> None:
        g, nb = self.g, self.nb
        if t.num_rows == 0:
            return
        game = ints(t.column("game")).astype(np.int64)
        no = ints(t.column("contract_no")).astype(np.int64)
        order = game * N_DEALS + no
        if (np.diff(order) <= 0).any():  # the writer keeps game order; a stranger may not
            t = t.take(pa.array(np.argsort(order, kind="stable")))
            game = ints(t.column("game")).astype(np.int64)
        m = len(game)
        self.rows += m
        gmin = int(game.min())
        lg = (game - gmin).astype(np.intp)  # game within the part
        n_local = int(lg.max()) + 1
        seen = np.bincount(lg, minlength=n_local) > 0
        local_rows = g.rows(run, gmin + np.arange(n_local))
        if (local_rows[seen] < 0).any():
            raise ReportError("contracts.parquet has games that games.parquet lacks")
        rows = local_rows[seen]
        local_bots = g.bots[np.maximum(local_rows, 0)].astype(np.intp)
        c = codes(t.column("contract"), CONTRACT_LOOKUP, "contract").astype(np.intp)
        chooser = ints(t.column("chooser")).astype(np.intp)
        choice = np.clip(ints(t.column("choice")).astype(np.intp) - 1, 0, N_CONTRACTS - 1)
        no = np.clip(ints(t.column("contract_no")).astype(np.intp), 0, N_DEALS - 1)
        zeroed = ints(t.column("zeroed")).astype(bool)
        pts = [ints(t.column(f"points_{p}")) for p in SEATS]
        cb = local_bots[lg, chooser]  # the chooser's bot

        # per game and seat: points of each contract kind (a part file holds whole games)
        key = lg * NC + c
        per = [np.bincount(key, pts[p], n_local * NC).reshape(n_local, NC)[seen] for p in SEATS]
        kinds = np.bincount(key, minlength=n_local * NC).reshape(n_local, NC)[seen]
        totals, shares, bots = g.totals[rows], g.shares[rows], local_bots[seen]

        # points as chooser / as non-chooser, per bot and contract; with the moments for the
        # correlation of a seat's points in a contract with its win share
        key = cb * NC + c
        ch_sum = np.bincount(key, np.choose(chooser, pts), nb * NC).reshape(nb, NC)
        ch_n = np.bincount(key, minlength=nb * NC).reshape(nb, NC)
        self.pts_sum[:, :, 1] += ch_sum
        self.pts_n[:, :, 1] += ch_n
        self.pts_sum[:, :, 0] -= ch_sum
        self.pts_n[:, :, 0] -= ch_n
        cells = nb * NC
        for p in SEATS:  # (no matrix products: BLAS threads crawl on a busy machine)
            y = shares[:, p]
            b = bots[:, p]
            key = (b[:, None] * NC + np.arange(NC)).ravel()
            x = per[p].ravel()
            xy = (per[p] * y[:, None]).ravel()
            self.pts_sum[:, :, 0] += np.bincount(key, x, cells).reshape(nb, NC)
            self.pts_n[:, :, 0] += (
                np.bincount(key, kinds.ravel(), cells).reshape(nb, NC).astype(np.int64)
            )
            self.mom[0, :nb] += np.bincount(b, minlength=nb)[:, None]
            self.mom[1, :nb] += np.bincount(key, x, cells).reshape(nb, NC)
            self.mom[2, :nb] += np.bincount(b, y, nb)[:, None]
            self.mom[3, :nb] += np.bincount(key, x * x, cells).reshape(nb, NC)
            self.mom[4, :nb] += np.bincount(b, y * y, nb)[:, None]
            self.mom[5, :nb] += np.bincount(key, xy, cells).reshape(nb, NC)

        # which contract is picked at which choice number
        key = (cb * N_CONTRACTS + choice) * NC + c
        self.picks += np.bincount(key, minlength=nb * N_CONTRACTS * NC).reshape(nb, N_CONTRACTS, NC)

        # swing: would the winners change without that contract's points?
        cols = [totals[:, p].astype(np.float64) for p in SEATS]
        low = np.minimum(np.minimum(cols[0], cols[1]), np.minimum(cols[2], cols[3]))
        winners = [x == low for x in cols]
        for k in range(NC):
            alt = [cols[p] - per[p][:, k] for p in SEATS]
            low = np.minimum(np.minimum(alt[0], alt[1]), np.minimum(alt[2], alt[3]))
            changed = np.zeros(len(rows), bool)
            for p in SEATS:
                changed |= (alt[p] == low) != winners[p]
            self.swing[k] += int(changed.sum())
        self.swing_games += len(rows)

        # seats whose trix never came: the game ended over 1000 before they chose it
        is_trix = c == TRIX
        had = np.zeros((n_local, N_SEATS), bool)
        had[lg[is_trix], chooser[is_trix]] = True
        over = g.end[rows] == OVER_1000
        self.never += np.bincount(bots[~had[seen] & over[:, None]], minlength=nb)
        self.over_seats += np.bincount(bots[over].ravel(), minlength=nb)

        # mean totals along the game, by seat arrangement then mapped to bots
        tot, zi, fell = running_totals(lg, pts, zeroed)
        arr = g.arrangement[np.maximum(local_rows, 0)][lg]
        n_arr = len(g.arrangements)
        key = arr * N_DEALS + no
        n_at = np.bincount(key, minlength=n_arr * N_DEALS).reshape(n_arr, N_DEALS)
        for p in SEATS:
            s_at = np.bincount(key, tot[p], n_arr * N_DEALS).reshape(n_arr, N_DEALS)
            for a in range(n_arr):
                b = g.arrangements[a, p]
                self.along_sum[b] += s_at[a]
                self.along_n[b] += n_at[a]

        # the 1000 -> 0 rule: which seat fell to 0
        if len(zi):
            for p in SEATS:
                self.zero_seats += np.bincount(local_bots[lg[zi[fell[p]]], p], minlength=nb)
            self.zero_events += len(zi)
            self.zero_games += len(np.unique(lg[zi]))

        # trix rows, kept whole (a seventh of the rows, a few bytes each)
        idx = np.flatnonzero(is_trix)
        if len(idx):
            tt = t.select(TRIX_COLUMNS + ["forced_trix", "chooser_jacks", "chooser_aces"])
            tt = tt.take(pa.array(idx))
            ch = chooser[idx]
            keep = {
                "bot": cb[idx].astype(np.int16),
                "choice": (choice[idx] + 1).astype(np.int8),
                "forced": ints(tt.column("forced_trix")).astype(bool),
                "jacks": ints(tt.column("chooser_jacks")).astype(np.int8),
                "aces": ints(tt.column("chooser_aces")).astype(np.int8),
                "points": np.choose(ch, [x[idx] for x in pts]).astype(np.int16),
                "position": (no[idx] + 1).astype(np.int8),
            }
            keep["first"] = keep["points"] == -100  # R9.6, never multiplied (R7.3)
            keep["second"] = keep["points"] == -50
            for col in TRIX_COLUMNS:
                keep[col.removeprefix("trix_")] = ints(tt.column(col)).astype(np.int16)
            for k, v in keep.items():
                self.trix[k].append(v)


def running_totals(lg: np.ndarray, pts: list[np.ndarray], zeroed: np.ndarray):
    """Each seat's total after every contract, from the points alone (rows in game order).

    Replays R3.7: after a contract whose ``zeroed`` flag is set, a seat whose total
    is exactly 1000 falls to 0. Returns (totals per seat, the zeroed rows, and per
    seat which of those rows zeroed it). A seat can fall more than once in a game,
    so the falls are found by fixed-point iteration (each pass settles the next one).
    """
    m = len(lg)
    first = np.flatnonzero(np.concatenate([[True], lg[1:] != lg[:-1]]))
    row_first = np.repeat(first, np.diff(np.concatenate([first, [m]])))  # game's first row

    def running(x: np.ndarray, starts: np.ndarray) -> np.ndarray:  # sums restarting per game
        cs = np.cumsum(x, dtype=np.int64)  # (1-D: a cumsum down a 2-D axis is 5x slower)
        return cs - np.concatenate([[0], cs])[starts]

    run = [running(x, row_first) for x in pts]
    zi = np.flatnonzero(zeroed)
    fell = [np.zeros(len(zi), bool) for _ in SEATS]
    if len(zi):
        zg = lg[zi]
        zfirst = np.flatnonzero(np.concatenate([[True], zg[1:] != zg[:-1]]))
        zrow_first = np.repeat(zfirst, np.diff(np.concatenate([zfirst, [len(zi)]])))
        for p in SEATS:
            for _ in range(N_DEALS + 1):
                before = running(fell[p], zrow_first) - fell[p]  # earlier falls in the game
                new = run[p][zi] - 1000 * before == 1000
                if (new == fell[p]).all():
                    break
                fell[p] = new
            if fell[p].any():
                drop = np.zeros(m, np.int64)
                drop[zi[fell[p]]] = 1000
                run[p] = run[p] - running(drop, row_first)
    return run, zi, fell


# -- sections ------------------------------------------------------------------------------
def _quantiles(x: np.ndarray) -> dict:
    q = np.percentile(x, [0, 5, 25, 50, 75, 95, 100]) if len(x) else [np.nan] * 7
    return dict(zip(("min", "p5", "p25", "median", "p75", "p95", "max"), map(float, q),
                    strict=True))  # fmt: skip


def contracts_section(s: ContractScan, names: list[str]) -> dict:
    points = []
    for b, bot in enumerate(names):
        for k, contract in enumerate(CONTRACT_NAMES):
            n_other, n_ch = s.pts_n[b, k]
            if n_other + n_ch == 0:
                continue
            points.append({
                "bot": bot, "contract": contract,
                "as_chooser": float(_ratio(s.pts_sum[b, k, 1], n_ch)), "chooser_n": int(n_ch),
                "as_other": float(_ratio(s.pts_sum[b, k, 0], n_other)), "other_n": int(n_other),
            })  # fmt: skip
    picks = []
    for b, bot in enumerate(names):
        per_choice = s.picks[b].sum(axis=1)
        for ch in range(N_CONTRACTS):
            for k, contract in enumerate(CONTRACT_NAMES):
                if per_choice[ch]:
                    n = int(s.picks[b, ch, k])
                    picks.append({"bot": bot, "choice": ch + 1, "contract": contract, "count": n,
                                  "share": n / int(per_choice[ch])})  # fmt: skip
    mom = s.mom.copy()
    mom[:, -1] = mom[:, :-1].sum(axis=1)  # all bots pooled
    n, sx, sy, sxx, syy, sxy = mom
    with np.errstate(invalid="ignore", divide="ignore"):
        cov = sxy / n - (sx / n) * (sy / n)
        r = cov / np.sqrt((sxx / n - (sx / n) ** 2) * (syy / n - (sy / n) ** 2))
    decisive = []
    for k, contract in enumerate(CONTRACT_NAMES):
        decisive.append({
            "contract": contract,
            "swing": float(_ratio(s.swing[k], s.swing_games)),
            "games_decided": int(s.swing[k]),
            "mean_points": float(_ratio(sx[-1, k], n[-1, k])),
            "r": float(r[-1, k]),
            "r_by_bot": {bot: float(r[b, k]) for b, bot in enumerate(names) if n[b, k] > 0},
        })  # fmt: skip
    return {"points": points, "picks": picks, "decisive": decisive, "games": s.swing_games}


def trix_section(s: ContractScan, games: Games, names: list[str]) -> dict:
    keys = ("bot", "choice", "forced", "jacks", "aces", "points", "first", "second", "position",
            "first_turns", "second_turns", "first_passes", "second_passes")  # fmt: skip
    tx = {k: np.concatenate(s.trix[k]) if s.trix[k] else np.zeros(0, np.int16) for k in keys}
    nb = len(names)
    bot = tx["bot"].astype(np.intp)

    def sums(key, size, what=None):
        return np.bincount(key, None if what is None else tx[what], size)

    slots = N_CONTRACTS + 1  # choice numbers 1..7 (slot 0 unused)
    key = bot * slots + tx["choice"]
    n = sums(key, nb * slots).reshape(nb, slots)
    per = {w: sums(key, nb * slots, w).reshape(nb, slots) for w in
           ("jacks", "aces", "points", "first", "second")}  # fmt: skip
    squares = np.bincount(key, tx["points"].astype(np.float64) ** 2, nb * slots).reshape(nb, slots)
    by_choice, forced, never = [], [], []
    for b, name in enumerate(names):
        total = int(n[b].sum())
        for ch in range(1, slots):
            k = int(n[b, ch])
            if k:
                mean = per["points"][b, ch] / k
                var = (squares[b, ch] - k * mean * mean) / (k - 1) if k > 1 else np.nan
                by_choice.append({"bot": name, "choice": ch, "n": k, "share": k / total} | {
                    ("mean_" + w if w in ("jacks", "aces", "points") else w): float(v[b, ch] / k)
                    for w, v in per.items()
                } | {"sd_points": float(np.sqrt(max(var, 0.0)))})  # fmt: skip
        f = (bot == b) & tx["forced"]
        jacks = np.bincount(tx["jacks"][f].astype(np.intp), minlength=5)[:5]
        forced.append({
            "bot": name, "trix": total, "forced": int(f.sum()),
            "share": _ratio(f.sum(), total).item(),
            "jacks": {str(j): _ratio(jacks[j], f.sum()).item() for j in range(5)},
            "mean_choice": _ratio(n[b] @ np.arange(slots), total).item(),
        })  # fmt: skip
        seat_games = int((games.bots == b).sum())
        never.append({
            "bot": name, "seats": int(s.never[b]), "seat_games": seat_games,
            "share": _ratio(s.never[b], seat_games).item(),
            "over_1000_seat_games": int(s.over_seats[b]),
            "share_of_over_1000": _ratio(s.never[b], s.over_seats[b]).item(),
        })  # fmt: skip
    cols = ("first_turns", "second_turns", "first_passes", "second_passes")

    def length(by: str) -> list[dict]:
        k = np.clip(tx[by].astype(np.intp), 0, 4)
        cnt = np.bincount(k, minlength=5)
        means = {c: _ratio(sums(k, 5, c), cnt) for c in cols}
        return [{by: j, "n": int(cnt[j])} | {c: float(means[c][j]) for c in cols}
                for j in range(5)]  # fmt: skip

    everything = len(bot)
    position = np.bincount(tx["position"].astype(np.intp), minlength=N_DEALS + 1)[1 : N_DEALS + 1]
    pos_sum, pos_n = sums(bot, nb, "position"), np.bincount(bot, minlength=nb)
    return {
        "by_choice": by_choice,
        "forced": forced,
        "never_played": never,
        "length": {
            "all": {"n": everything} | {c: float(tx[c].mean()) if everything else np.nan
                                        for c in cols},
            "by_jacks": length("jacks"),
            "by_aces": length("aces"),
        },
        "position": {
            "counts": [int(x) for x in position],
            "mean_by_bot": {name: float(pos_sum[b] / pos_n[b])
                            for b, name in enumerate(names) if pos_n[b]},
        },
    }  # fmt: skip


def shape_section(s: ContractScan, games: Games, names: list[str]) -> dict:
    n = len(games)
    hist = np.bincount(games.deals.astype(np.int64), minlength=N_DEALS + 1)[1 : N_DEALS + 1]
    ends = np.bincount(games.end.astype(np.int64), minlength=len(END_NAMES))
    totals = []
    for b, bot in enumerate(names):
        x = games.totals[games.bots == b]
        if len(x) == 0:
            continue
        totals.append({"bot": bot, "n": len(x), "mean": float(x.mean()), "sd": float(x.std()),
                       **_quantiles(x), "below_0": float((x < 0).mean()),
                       "above_1000": float((x > 1000).mean())})  # fmt: skip
    seat_games = np.bincount(games.bots.ravel().astype(np.int64), minlength=len(names))
    width = 50  # histogram of final totals, for the plot
    lo = int(np.floor(games.totals.min() / width)) * width
    hi = int(np.ceil((games.totals.max() + 1) / width)) * width
    edges = np.arange(lo, hi + width, width)
    totals_hist = {names[b]: np.histogram(games.totals[games.bots == b], edges)[0].tolist()
            for b in range(len(names)) if seat_games[b]}  # fmt: skip
    return {
        "games": n,
        "contracts_per_game": {
            "mean": float(games.deals.mean()),
            **_quantiles(games.deals.astype(np.float64)),
            "hist": [int(x) for x in hist],
        },  # fmt: skip
        "end": [
            {"end": e, "games": int(ends[i]), "share": float(ends[i] / n)}
            for i, e in enumerate(END_NAMES)
        ],  # fmt: skip
        "totals": totals,
        "totals_hist": {"edges": edges.tolist(), "counts": totals_hist},
        "zeroed": {
            "events": int(s.zero_events),
            "games": int(s.zero_games),
            "share_of_games": float(s.zero_games / n),
            "by_bot": [
                {
                    "bot": bot,
                    "seats": int(s.zero_seats[b]),
                    "per_1000_seat_games": float(1000 * _ratio(s.zero_seats[b], seat_games[b])),
                }
                for b, bot in enumerate(names)
                if seat_games[b]
            ],
        },  # fmt: skip
        "along": {
            "games_at": [int(x) for x in s.along_n.sum(axis=0) // N_SEATS],
            "mean_total": {
                bot: [
                    None if np.isnan(v) else float(v) for v in _ratio(s.along_sum[b], s.along_n[b])
                ]
                for b, bot in enumerate(names)
                if seat_games[b]
            },
        },  # fmt: skip
    }


def scan_contracts(runs: list[Run], games: Games) -> ContractScan:
    scan = ContractScan(games)
    for i, table in deal_parts(runs, DEAL_COLUMNS):
        scan.add(i, table)
    return scan


def sections(runs: list[Run], games: Games) -> dict:
    """Trix's sections of the report (``build_report`` merges them into its dict)."""
    scan = scan_contracts(runs, games)
    names = games.names
    return {
        "contract_rows": scan.rows,
        "contracts": contracts_section(scan, names),
        "trix": trix_section(scan, games, names),
        "shape": shape_section(scan, games, names),
    }


def render(d, report: dict) -> None:
    """Trix's sections as text (``d``: the report's document)."""
    from sim.games.trix.report_text import render_sections

    render_sections(d, report)


def plots():
    """Trix's plots: name -> (file, function(report, ax_factory) -> figure)."""
    from sim.games.trix.report_plots import PLOTS

    return PLOTS
