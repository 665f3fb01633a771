"""Trix's report sections as text: contracts, trix and game shape (see :mod:`.report`)."""

from __future__ import annotations

from sim.games.trix.vocab import CONTRACT_NAMES, N_CONTRACTS, N_SEATS
from sim.report.render import Doc, few, few_num, num, pct, report_bots, share_n


def render_sections(d: Doc, report: dict) -> None:
    bots = report_bots(report)
    # 3. contracts
    c = report["contracts"]
    d.heading("Contracts: mean points taken")
    pts = {(x["bot"], x["contract"]): x for x in c["points"]}
    headers = ["contract"] + [f"{b} {who}" for b in bots for who in ("chooser", "others")]
    rows = []
    for k in CONTRACT_NAMES:
        row = [k]
        for b in bots:
            x = pts.get((b, k))
            row += ([few_num(x["as_chooser"], x["chooser_n"]), few_num(x["as_other"], x["other_n"])]
                    if x else ["–", "–"])  # fmt: skip
        rows.append(row)
    d.table(headers, rows)
    d.para(
        "Points after multipliers (R7): the chooser's own points in his contract (×2, ×4 when "
        "imposed), and the points of each of the three other seats. Lower is better. In "
        "brackets with its count: a mean of fewer than 10 contracts."
    )
    for b in bots:
        d.heading(f"Contract picked at each choice number: {b}", 3)
        picks = {(x["choice"], x["contract"]): x["share"] for x in c["picks"] if x["bot"] == b}
        made = {}
        for x in c["picks"]:
            if x["bot"] == b:
                made[x["choice"]] = made.get(x["choice"], 0) + x["count"]
        choices = sorted({ch for ch, _ in picks})
        d.table(["contract", *(f"choice {ch}" for ch in choices)],
                [[k, *(few(picks.get((ch, k), 0.0), made[ch], 0) for ch in choices)]
                 for k in CONTRACT_NAMES]
                + [["picks", *(f"{made[ch]:,}" for ch in choices)]])  # fmt: skip
    d.para("Share of the bot's picks at that choice number (columns sum to 100%; picks: the "
           "bot's choices at that number).")  # fmt: skip
    d.heading("Which contracts decide games", 3)
    d.table(
        ["contract", "mean points", "decides", *(f"r {b}" for b in bots), "r all"],
        [[x["contract"], num(x["mean_points"]), pct(x["swing"]),
          *(num(x["r_by_bot"].get(b), 2) for b in bots), num(x["r"], 2)]
         for x in c["decisive"]],
    )  # fmt: skip
    d.para(
        "Mean points: per seat-game, all instances of the contract in the game. Decides: share "
        f"of the {c['games']:,} games whose winners (lowest final totals) change when that "
        "contract's points are taken out of the final totals. r: correlation over seat-games "
        "between the points a seat took in that contract and its win share (within one bot, and "
        "all seats pooled); "
        "more negative = taking those points costs more wins."
    )

    # 4. trix
    t = report["trix"]
    d.heading("Trix: when it is taken and how it goes for the chooser")
    d.table(
        ["bot", "choice", "picks", "share", "jacks", "aces", "points", "1st out", "2nd out"],
        [[x["bot"], x["choice"], f"{x['n']:,}", pct(x["share"]),
          few_num(x["mean_jacks"], x["n"], 2), few_num(x["mean_aces"], x["n"], 2),
          few_num(x["mean_points"], x["n"]), few(x["first"], x["n"]), few(x["second"], x["n"])]
         for x in t["by_choice"]],
    )  # fmt: skip
    d.para(
        "Per choice number (R3.3) at which the bot chose trix: share of its trix picks, mean "
        "jacks and aces in the chooser's hand, the chooser's mean trix points, and how often "
        "he went out first (−100) or second (−50). Choice 6 is the forced trix (R3.5)."
    )
    d.heading("Forced trix (6th choice, R3.5)", 3)
    d.table(
        ["bot", "trix picks", "mean choice", "forced", "forced share",
         *(f"{j} jack{'s' if j != 1 else ''}" for j in range(5))],
        [[x["bot"], f"{x['trix']:,}", num(x["mean_choice"], 2), f"{x['forced']:,}",
          pct(x["share"]), *(few(x["jacks"][str(j)], x["forced"], 0) for j in range(5))]
         for x in t["forced"]],
    )  # fmt: skip
    d.para("Jacks: how many jacks the forced chooser held (share of his forced trix).")
    d.heading("Trix never played: the game ended over 1000 first", 3)
    d.table(
        ["bot", "seats", "seat-games", "per seat-game", "per seat-game ended over 1000"],
        [[x["bot"], f"{x['seats']:,}", f"{x['seat_games']:,}", few(x["share"], x["seat_games"]),
          share_n(x["share_of_over_1000"], x["over_1000_seat_games"])]
         for x in t["never_played"]],
    )  # fmt: skip
    d.para(
        "Seats of that bot that had not chosen trix when a total went over 1000 (R3.7): their "
        "trix was still among their remaining contracts."
    )
    length = t["length"]
    d.heading("Trix layout length", 3)
    cols = ("first_turns", "second_turns", "first_passes", "second_passes")
    heads = ["turns to 1st out", "turns to 2nd out", "passes to 1st out", "passes to 2nd out"]

    def length_rows(key, label):
        return [[f"{x[key]} {label}{'' if x[key] == 1 else 's'}", f"{x['n']:,}",
                 *(few_num(x[c], x["n"]) for c in cols)]
                for x in length[f"by_{key}"] if x["n"]]  # fmt: skip

    all_row = [["all", f"{length['all']['n']:,}", *(num(length["all"][c]) for c in cols)]]
    d.table(["chooser holds", "trix", *heads],
            all_row + length_rows("jacks", "jack") + length_rows("aces", "ace"))  # fmt: skip
    d.para(
        "Turns: cards laid plus passes, all players together, until the first (second) player "
        "went out; passes: the passes among them. By the chooser's jacks and aces."
    )
    d.heading("Where trix falls in the game (contract 1–28)", 3)
    counts = t["position"]["counts"]
    total = sum(counts) or 1
    d.table(["contracts", "1st of round", "2nd", "3rd", "4th"],
            [[f"{N_SEATS * r + 1}–{N_SEATS * (r + 1)}",
              *(pct(counts[N_SEATS * r + i] / total) for i in range(N_SEATS))]
             for r in range(N_CONTRACTS)])  # fmt: skip
    d.para(
        f"Share of all {sum(counts):,} trix contracts at each position in the game (a round is "
        "four contracts, "
        "one per chooser; never in the 7th round: R3.6). Mean position by bot: "
        + ", ".join(f"{b} {num(v)}" for b, v in t["position"]["mean_by_bot"].items())
        + "."
    )

    # 5. shape
    s = report["shape"]
    d.heading("Game shape")
    cpg = s["contracts_per_game"]
    d.table(
        ["", "mean", "min", "5%", "25%", "median", "75%", "95%", "max"],
        [["contracts per game", num(cpg["mean"]), *(num(cpg[k], 0) for k in
          ("min", "p5", "p25", "median", "p75", "p95", "max"))]],
    )  # fmt: skip
    d.table(["game end", "games", "share"],
            [[e["end"], f"{e['games']:,}", pct(e["share"])] for e in s["end"]])  # fmt: skip
    d.heading("Final totals", 3)
    d.table(
        ["bot", "seat-games", "mean", "sd", "min", "5%", "25%", "median", "75%", "95%", "max",
         "< 0", "> 1000"],
        [[x["bot"], f"{x['n']:,}", num(x["mean"]), num(x["sd"]),
          *(num(x[k], 0) for k in ("min", "p5", "p25", "median", "p75", "p95", "max")),
          pct(x["below_0"]), pct(x["above_1000"])] for x in s["totals"]],
    )  # fmt: skip
    z = s["zeroed"]
    d.heading("The 1000 → 0 rule (R3.7)", 3)
    d.para(
        f"It fired after {z['events']:,} contracts, in {z['games']:,} games "
        f"({pct(z['share_of_games'])} of games). Seats set to 0: "
        + ", ".join(f"{x['bot']} {x['seats']:,} ({num(x['per_1000_seat_games'])} per 1000 "
                    "seat-games)" for x in z["by_bot"])
        + "."
    )  # fmt: skip
    along = s["along"]
    d.heading("Mean total along the game", 3)
    marks = [1, 4, 8, 12, 16, 20, 24, 28]
    d.table(
        ["after contract", "games still on", *bots],
        [[k, f"{along['games_at'][k - 1]:,}",
          *(num(along["mean_total"][b][k - 1]) for b in bots)] for k in marks],
    )  # fmt: skip
    d.para("Mean total of the bot's seats after contract k, over the games that lasted that long.")
