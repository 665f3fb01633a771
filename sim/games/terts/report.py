"""Terts's sections of ``trixsim report``: melds, the trump-seven exchange, points, length, ends.

From the ``deals`` table (part file by part file) and the games table, no engine import.
Definitions (printed under the tables too; rules: ``../shared/games/terts/RULES.md``):

* Meld kinds per seat-deal (R7.1): *held*, the seat's hand made the kind at a moment it could
  declare (as dealt, after a draw, after an exchange); *declared* (R7.4); *beaten*, declared
  and beaten by a stronger answer (R7.5, R7.7); *scored* (R7.7). The tables keep kinds, not
  declarations: a kind declared twice in one deal (two sequences of three) counts once; how
  often that happens is printed.
* The exchange of the trump seven (R6): *possible* when the turned card is not itself the
  seven of trumps (R6.2). A seat's deals split into *it exchanged*, *the other exchanged*,
  *no exchange* (possible deals only). Margin: the seat's deal points minus the other's.
* Points per seat-deal (R8.1): card points (R4.3), meld points (R7.7), the last trick's 10
  (R4.4) and their sum.
* A mean ± its 95% t-interval: the plain mean over the N seat-deals (or deals) it counts, its
  t-interval over the K deal sets (a deal set's games share their cards) with sums S_k of
  N_k values, t(0.975, K-1) * sqrt(K/(K-1) * sum_k (S_k - mean * N_k)^2) / N: for equal N_k
  the win shares' interval (``sim.report.stats.mean_ci`` of the deal sets' means).
* Counts beside shares; a share or mean of fewer than ``FEW`` (10) cases in brackets
  (``sim.report.render.few``); plots' error bars: 95% t over deal sets for means, Wilson over
  the counted cases for shares.
"""

from __future__ import annotations

import numpy as np
import pyarrow.compute as pc

from sim.games.terts.vocab import END_NAMES, KIND_NAMES, KIND_POINTS, N_SEATS, RANKS, SUITS
from sim.report.data import Games, Run, codes, deal_parts, ints
from sim.report.intervals import basis, t95
from sim.report.stats import cluster_means, mean_ci

WIN_SHARE = "1 to the higher final total, 0.5 to each in a tie (R9.2)"
LAST = "the lower final total; a tie counts both seats"
FIELDS = ("held", "declared", "scored", "beaten")
SEAT_FIELDS = (*FIELDS, "melds", "meld_points", "card_points", "points")
DEAL_COLUMNS = ["game", "deal_no", "dealer", "turned", "swap_seat", "swap_trick", "last_trick",
                *(f"{f}_{p}" for f in SEAT_FIELDS for p in range(N_SEATS))]  # fmt: skip
KINDS = range(1, len(KIND_NAMES))  # every kind but "none"
KIND_LOOKUP = {k: i for i, k in enumerate(KIND_NAMES)}
CARD_LOOKUP = {r + s: 8 * i + j for i, s in enumerate(SUITS) for j, r in enumerate(RANKS)}
TRICKS = range(1, 8)  # R6.1: the exchange is made in tricks 1-7
STATUS = ("it exchanged", "the other exchanged", "no exchange")
# measures per seat-deal, each a mean with its interval over deal sets
CARDS, MELDS, LAST_TRICK, POINTS, SWAPPED = range(5)
POINTS_BY = (5, 6, 7)  # the seat's points by STATUS
MARGIN_BY = (8, 9, 10)  # its margin by STATUS
N_MEASURES = 11
POINT_NAMES = ("card_points", "meld_points", "last_trick", "points")


class SetMeans:
    """Sums and counts per (deal set, group, measure): means, 95% t-intervals over deal sets.

    ``add`` buffers a part's values (whole numbers: points, 0/1), ``flush`` adds them up (a
    part's deal sets are near one another, so one bincount over their span does it)."""

    def __init__(self, n_sets: int, n_groups: int, n_measures: int):
        self.sum = np.zeros((n_sets, n_groups, n_measures), np.int32)
        self.n = np.zeros((n_sets, n_groups, n_measures), np.int32)
        self.keys: list[np.ndarray] = []
        self.values: list[np.ndarray] = []

    def add(self, dset, group, measure, values, keep=None) -> None:
        d, g, m, v = np.broadcast_arrays(dset, group, measure, values)
        if keep is not None:
            keep = np.broadcast_to(keep, d.shape)
            d, g, m, v = d[keep], g[keep], m[keep], v[keep]
        _, ng, nm = self.sum.shape
        self.keys.append(((d * ng + g) * nm + m).ravel().astype(np.int64))
        self.values.append(v.ravel().astype(np.float64))

    def flush(self) -> None:
        key, val = np.concatenate(self.keys), np.concatenate(self.values)
        self.keys, self.values = [], []
        if len(key):
            lo, size = int(key.min()), int(key.max() - key.min()) + 1
            for out, w in ((self.sum, val), (self.n, None)):
                out.reshape(-1)[lo : lo + size] += np.bincount(key - lo, w, size).astype(np.int32)

    def mean(self, group: int, measure: int) -> dict:
        n = self.n[:, group, measure].astype(np.int64)
        used = n > 0
        k, total, n = int(used.sum()), int(n.sum()), n[used]
        m = float(self.sum[used, group, measure].sum() / total) if total else float("nan")
        e = self.sum[used, group, measure] - m * n  # each deal set's sum off the mean
        ci = float(t95(k - 1) * np.sqrt(k / (k - 1) * (e * e).sum()) / total) if k > 1 else float(
            "nan")  # fmt: skip
        return {"mean": m, "ci": ci, "n": total, "deal_sets": k, "ci_basis": basis(k)}


def count(out: np.ndarray, key: np.ndarray, weights=None) -> None:
    """``out.flat[key] += weights`` (1 each by default)."""
    w = None if weights is None else np.broadcast_to(weights, key.shape).ravel()
    out.reshape(-1)[:] += np.bincount(key.ravel(), w, out.size).astype(out.dtype)


def kind_masks(column) -> np.ndarray:
    """A list-of-kind-names column -> a bit mask per row (bit k: KIND_NAMES[k])."""
    out = []
    for ch in column.chunks:
        kinds = codes(pc.list_flatten(ch), KIND_LOOKUP, "meld kind").astype(np.int64)
        parent = pc.list_parent_indices(ch).to_numpy()
        out.append(np.bincount(parent, 1 << kinds, len(ch)).astype(np.int64))
    return np.concatenate(out) if out else np.zeros(0, np.int64)


class DealScan:
    """Counts and per-deal-set sums over the deals table, per bot of a seat (then all bots)."""

    def __init__(self, games: Games):
        self.g = games
        nb = len(games.names)
        self.all = nb if nb > 1 else 0  # the group of all bots (one bot: itself)
        self.dense = np.unique(games.cluster, return_inverse=True)[1]
        n_sets = int(self.dense.max()) + 1 if len(games) else 0
        self.rows = 0
        self.seat_deals = np.zeros(nb + 1, np.int64)
        self.kinds = np.zeros((nb + 1, len(FIELDS), len(KIND_NAMES)), np.int64)
        self.declarations = np.zeros(nb + 1, np.int64)  # melds_p: every declaration
        self.meld_points = np.zeros(nb + 1, np.int64)
        self.when = np.zeros((nb + 1, len(TRICKS)), np.int64)
        self.by_bot = SetMeans(n_sets, self.all + 1, N_MEASURES)
        self.by_turned = SetMeans(n_sets, len(RANKS), 2)  # [exchanged (deal), exchanger margin]
        self.handed_out = np.zeros(0, np.int64)  # points of the deal, both seats: a histogram
        self.first_dealer = np.full(len(games), -1, np.int8)

    def add(self, run: int, t) -> None:
        n = t.num_rows
        if n == 0:
            return
        self.rows += n
        rows = self.g.rows(run, ints(t.column("game")).astype(np.int64))
        first = ints(t.column("deal_no")) == 0
        self.first_dealer[rows[first]] = ints(t.column("dealer"))[first]
        bots = self.g.bots[np.maximum(rows, 0)].astype(np.intp)  # (deals, seats)
        groups = np.stack([bots, np.full_like(bots, self.all)][: 1 + (self.all > 0)])
        dset = self.dense[rows][None, :, None]
        col = {f: np.stack([ints(t.column(f"{f}_{p}")) for p in range(N_SEATS)], 1)
               for f in SEAT_FIELDS[4:]}  # fmt: skip
        masks = np.stack([np.stack([kind_masks(t.column(f"{f}_{p}")) for p in range(N_SEATS)], 1)
                          for f in FIELDS])  # fmt: skip
        seat = np.arange(N_SEATS)
        last = (ints(t.column("last_trick"))[:, None] == seat) * 10
        swapper = ints(t.column("swap_seat")).astype(np.intp)
        trick = ints(t.column("swap_trick")).astype(np.intp)
        rank = codes(t.column("turned"), CARD_LOOKUP, "card").astype(np.intp) % 8
        possible = np.broadcast_to((rank != 0)[:, None], bots.shape)  # R6.2: not the 7 turned
        status = np.where(swapper[:, None] < 0, 2, (swapper[:, None] != seat).astype(np.intp))
        margin = col["points"] - col["points"][:, ::-1]
        kind = np.arange(len(KIND_NAMES))  # masks: (fields, deals, seats), bit k: kind k
        for g in groups:
            count(self.seat_deals, g)
            count(self.declarations, g, col["melds"])
            count(self.meld_points, g, col["meld_points"])
            for f in range(len(FIELDS)):
                key = (g[..., None] * len(FIELDS) + f) * len(KIND_NAMES) + kind
                count(self.kinds, key, (masks[f][..., None] >> kind) & 1)
            mine = status == 0
            count(self.when, g[mine] * len(TRICKS) + trick[:, None].repeat(N_SEATS, 1)[mine] - 1)
        add = self.by_bot.add
        for m, values in ((CARDS, col["card_points"]), (MELDS, col["meld_points"]),
                          (LAST_TRICK, last), (POINTS, col["points"])):  # fmt: skip
            add(dset, groups, m, values)
        add(dset, groups, SWAPPED, status == 0, possible)
        for s in range(len(STATUS)):
            keep = possible & (status == s)
            add(dset, groups, POINTS_BY[s], col["points"], keep)
            add(dset, groups, MARGIN_BY[s], margin, keep)
        self.by_bot.flush()
        swapped = swapper >= 0
        self.by_turned.add(dset[0, :, 0], rank, 0, swapped)
        deal_margin = margin[np.arange(n), np.maximum(swapper, 0)]
        self.by_turned.add(dset[0, :, 0], rank, 1, deal_margin, swapped)
        self.by_turned.flush()
        total = col["points"].sum(1)
        size = max(len(self.handed_out), int(total.max()) + 1)
        self.handed_out = np.bincount(total, minlength=size) + np.pad(
            self.handed_out, (0, size - len(self.handed_out)))  # fmt: skip


def _share(part, total):
    return float(part / total) if total else float("nan")


def _bots(scan: DealScan, names: list[str]) -> list[tuple[int, str]]:
    """The bots with seat-deals, and "all bots" after them when there are several."""
    out = [(b, n) for b, n in enumerate(names) if scan.seat_deals[b]]
    return out + [(scan.all, "all bots")] if len(out) > 1 else out


def melds_section(scan: DealScan, names: list[str]) -> list[dict]:
    out = []
    for b, bot in _bots(scan, names):
        n, c = int(scan.seat_deals[b]), scan.kinds[b]
        kinds_declared = int(c[1].sum())
        rows = {}
        for k in KINDS:
            held, declared, scored, beaten = (int(x) for x in c[:, k])
            rows[KIND_NAMES[k]] = {
                "value": KIND_POINTS[k], "held": held, "declared": declared, "scored": scored,
                "beaten": beaten, "held_share": _share(held, n),
                "declared_share": _share(declared, n), "declared_when_held": _share(declared, held),
                "beaten_share": _share(beaten, declared), "scored_share": _share(scored, n),
                "points": _share(scored * KIND_POINTS[k], n),
            }  # fmt: skip
        out.append({"bot": bot, "seat_deals": n, "declarations": int(scan.declarations[b]),
                    "repeated": int(scan.declarations[b]) - kinds_declared,
                    "meld_points": _share(scan.meld_points[b], n),
                    "kinds": rows})  # fmt: skip
    return out


def exchange_section(scan: DealScan, names: list[str]) -> dict:
    lines = []
    for b, bot in _bots(scan, names):
        when, rate = scan.when[b], scan.by_bot.mean(b, SWAPPED)
        lines.append({
            "bot": bot, "seat_deals": int(scan.seat_deals[b]), "possible": rate["n"],
            "exchanges": int(when.sum()), "rate": rate,
            "when": {str(t): _share(when[i], when.sum()) for i, t in enumerate(TRICKS)},
            "points": {s: scan.by_bot.mean(b, POINTS_BY[i]) for i, s in enumerate(STATUS)},
            "margin": {s: scan.by_bot.mean(b, MARGIN_BY[i]) for i, s in enumerate(STATUS)},
        })  # fmt: skip
    by_turned = [{"turned": r, "exchanged": scan.by_turned.mean(i, 0),
                  "margin": scan.by_turned.mean(i, 1)} for i, r in enumerate(RANKS)]  # fmt: skip
    return {"bots": lines, "by_turned": by_turned}


def points_section(scan: DealScan, names: list[str]) -> dict:
    lines = [{"bot": bot, **{p: scan.by_bot.mean(b, m) for m, p in enumerate(POINT_NAMES)}}
             for b, bot in _bots(scan, names)]  # fmt: skip
    for line in lines:
        line["meld_share"] = _share(line["meld_points"]["mean"], line["points"]["mean"])
    h = scan.handed_out
    pts = np.nonzero(h)[0]
    deal = {"mean": _share((pts * h[pts]).sum(), h.sum()), "min": int(pts.min()) if len(pts)
            else 0, "max": int(pts.max()) if len(pts) else 0,
            "with_melds": _share(h[163:].sum(), h.sum())}  # fmt: skip
    return {"bots": lines, "deal": deal}


def length_section(games: Games) -> dict:
    deals, end, nan = games.deals.astype(np.int64), games.end, float("nan")
    top = int(deals.max()) if len(deals) else 0
    mean, median = (float(deals.mean()), float(np.median(deals))) if len(deals) else (nan, nan)
    return {"mean": mean, "median": median, "max": top,
            "hist": np.bincount(deals, minlength=top + 1)[1:].tolist(),  # 1 .. max deals
            "mean_by_end": {e: _share(deals[end == k].sum(), (end == k).sum())
                            for k, e in enumerate(END_NAMES)}}  # fmt: skip


def results_section(games: Games, first_dealer: np.ndarray) -> list[dict]:
    """Per bot: win share as the first dealer and as the other seat; results by end."""
    nb = len(games.names)
    seat = np.arange(N_SEATS)
    other = (first_dealer[:, None] != seat).astype(np.int64)  # 0: the first dealer
    known = first_dealer >= 0
    bots = games.bots.astype(np.int64)[known]
    means, count = cluster_means(games.shares[known], bots * 2 + other[known],
                                 games.cluster[known], 2 * nb)  # fmt: skip
    end = np.repeat(games.end[:, None], N_SEATS, 1)
    out = []
    for b, bot in enumerate(games.names):
        mine = games.bots == b
        n = int(mine.sum())
        if not n:
            continue
        line = {"bot": bot, "seat_games": n}
        for role, k in (("first_dealer", 2 * b), ("other", 2 * b + 1)):
            m, ci = mean_ci(means[count[:, k] > 0, k])
            sets = int((count[:, k] > 0).sum())
            line[role] = {"mean": m, "ci": ci, "n": int(count[:, k].sum()), "deal_sets": sets,
                          "ci_basis": basis(sets)}  # fmt: skip
        s = games.shares[mine]
        for what, sel in (("won", s > 0.75), ("tied", (s > 0.25) & (s < 0.75)), ("lost", s < 0.25)):
            line[what] = {e: _share((sel & (end[mine] == k)).sum(), n)
                          for k, e in enumerate(END_NAMES)}  # fmt: skip
        out.append(line)
    return out


def sections(runs: list[Run], games: Games) -> dict:
    scan = DealScan(games)
    for i, table in deal_parts(runs, DEAL_COLUMNS):
        scan.add(i, table)
    ends = np.bincount(games.end.astype(np.intp), minlength=len(END_NAMES))
    return {
        "deal_rows": scan.rows,
        "melds": melds_section(scan, games.names),
        "exchange": exchange_section(scan, games.names),
        "points": points_section(scan, games.names),
        "length": length_section(games),
        "ends": [
            {"end": e, "games": int(ends[k]), "share": _share(ends[k], len(games))}
            for k, e in enumerate(END_NAMES)
        ],  # fmt: skip
        "results": results_section(games, scan.first_dealer),
        "end_names": list(END_NAMES),
    }


def render(d, report: dict) -> None:
    from sim.report.intervals import FEW
    from sim.report.render import few, num, pct, share_n
    from sim.report.stats import decimals

    def ci(x, f=num):  # enough decimals to show the interval (stats.decimals); few: bracketed
        d = decimals(x["ci"] if f is pct else x["ci"] / 100)
        if x["n"] == 0:
            return "–"
        text = f"{f(x['mean'], d)} ± {f(x['ci'], d)}"
        return f"({text}; n={x['n']:,})" if x["n"] < FEW else text

    melds = report["melds"]
    d.heading("Melds: held, declared, beaten, scored")
    d.table(["bot", "meld", "worth", "seat-deals", "held", "declared", "when held", "beaten",
             "scored", "points per seat-deal"],
            [[m["bot"], k, x["value"], f"{m['seat_deals']:,}",
              few(x["held_share"], m["seat_deals"]), few(x["declared_share"], m["seat_deals"]),
              share_n(x["declared_when_held"], x["held"]),
              share_n(x["beaten_share"], x["declared"]), few(x["scored_share"], m["seat_deals"]),
              num(x["points"], 2)]
             for m in melds for k, x in m["kinds"].items()])  # fmt: skip
    repeats = "; ".join(
        f"{m['bot']} {m['repeated']:,} of {m['declarations']:,} (its kinds' points per seat-deal "
        f"add up to {num(sum(x['points'] for x in m['kinds'].values()), 2)} of the "
        f"{num(m['meld_points'], 2)} it scored)" for m in melds)  # fmt: skip
    d.para(
        "Per seat-deal of the bot. Held: the hand made the kind at some moment it could declare "
        "(as dealt, after the draws of tricks 1–6, after its exchange); declared: it declared "
        "the kind (R7.4); when held: the share of the seat-deals holding the kind in which it "
        "declared it (of so many seat-deals); beaten: the share of its declarations of the kind "
        "beaten by a stronger answer (R7.5, R7.7; of so many declarations); scored: it scored "
        "the kind; worth: R7.1; points per seat-deal: "
        "worth × scored. A kind counts once per seat-deal; declarations of a kind the seat had "
        f"declared already in the deal: {repeats}."
    )
    ex = report["exchange"]
    d.heading("The trump-seven exchange (R6)")
    d.table(["bot", "seat-deals", "possible", "exchanges", "rate when possible",
             *(f"t{t}" for t in TRICKS)],
            [[x["bot"], f"{x['seat_deals']:,}", f"{x['possible']:,}", f"{x['exchanges']:,}",
              ci(x["rate"], f=pct), *(few(x["when"][str(t)], x["exchanges"], 0) for t in TRICKS)]
             for x in ex["bots"]])  # fmt: skip
    d.para(
        "Possible: the turned card is not itself the seven of trumps (R6.2); the rate counts "
        "the seat-deals where the bot exchanged (who held the seven is not in the tables). "
        "t1–t7: the trick of its exchanges, as shares of them (R6.1)."
    )
    d.table(["bot", "per seat-deal", *STATUS],
            [row for x in ex["bots"] for row in (
                [x["bot"], "seat-deals", *(f"{x['points'][s]['n']:,}" for s in STATUS)],
                [x["bot"], "its points", *(ci(x["points"][s]) for s in STATUS)],
                [x["bot"], "its margin", *(ci(x["margin"][s]) for s in STATUS)])])  # fmt: skip
    d.para(
        "The bot's deal points and its margin (its points minus the other seat's, R8.1) in "
        "the deals where an exchange was possible, by who exchanged; ± 95% t-intervals over "
        "deal sets. The exchanger gives the seven for the turned card, but it also held the "
        "seven: a comparison, not the exchange's effect alone."
    )
    d.table(["turned", "deals", "exchanged", "exchanges", "exchanger's margin"],
            [[t["turned"] + " of trumps", f"{t['exchanged']['n']:,}", ci(t["exchanged"], f=pct),
              f"{t['margin']['n']:,}", ci(t["margin"])] for t in ex["by_turned"]])  # fmt: skip
    d.para(
        "By the turned card's rank (a turned seven cannot be exchanged, R6.2): the share of "
        "deals with an exchange and the exchanger's margin, ± 95% t-intervals over deal sets."
    )
    p = report["points"]
    d.heading("Points from cards and melds", 3)
    d.table(["bot", "card points", "meld points", "last trick", "deal points", "from melds"],
            [[x["bot"], *(ci(x[k]) for k in POINT_NAMES), pct(x["meld_share"])]
             for x in p["bots"]])  # fmt: skip
    dp = p["deal"]
    d.para(
        "Mean points per seat-deal ± 95% t-intervals over deal sets: card points in tricks won "
        "(R4.3, 152 in a deal), melds scored (R7.7), 10 for the last trick (R4.4). A deal (16 "
        f"tricks, R5.1) hands out {num(dp['mean'])} points on average ({dp['min']:,}–"
        f"{dp['max']:,}; 162 plus the melds, R8.1); {pct(dp['with_melds'])} of deals score a meld."
    )
    ln = report["length"]
    d.heading("Game length and how games end", 3)
    d.table(["deals per game", "mean", "median", "max", *(str(i + 1) for i in
             range(len(ln["hist"])))], [["all games", num(ln["mean"], 2), num(ln["median"]),
             f"{ln['max']:,}", *(f"{h:,}" for h in ln["hist"])]])  # fmt: skip
    d.table(["end", "games", "share", "mean deals"],
            [[e["end"], f"{e['games']:,}", pct(e["share"]), num(ln["mean_by_end"][e["end"]], 2)]
             for e in report["ends"]])  # fmt: skip
    d.para(
        "target: one total reached 501 (R9.1); both-target: both did in the same deal, the "
        "higher won; tie: equal final totals (R9.2, R9.3). A game lasts at most 7 deals."
    )
    res = report["results"]
    d.heading("Win shares by the first deal, results by end", 3)
    d.table(["bot", "seat-games", "as first dealer", "as first leader",
             *(f"{w} ({e})" for w in ("won", "lost") for e in END_NAMES[:2]), "tied"],
            [[r["bot"], f"{r['seat_games']:,}",
              *(ci(r[k], pct) for k in ("first_dealer", "other")),
              *(pct(r[w][e]) for w in ("won", "lost") for e in END_NAMES[:2]),
              pct(r["tied"]["tie"])] for r in res])  # fmt: skip
    d.para(
        "The bot's win share when its seat dealt the first deal (R3.1) and when the other "
        "seat did (it then leads the first trick, R5.1), ± 95% t-intervals over deal sets; then "
        "its seat-games by result and end, as shares of its seat-games."
    )


def plots():
    """Terts's plots: meld kinds, the exchange, points by source (game length: a table)."""
    from sim.games.terts.report_plots import PLOTS

    return PLOTS
