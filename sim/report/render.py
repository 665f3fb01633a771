"""The report as text: aligned plain tables (``table``) or GitHub markdown (``markdown``).

JSON is the report dict itself (``to_json``), with NaN written as null.
"""

from __future__ import annotations

import json
import math
import textwrap
from collections import Counter

from sim.report.intervals import FEW, MIN_DEAL_SETS


def _nan(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def pct(x, digits: int = 1) -> str:
    return "–" if _nan(x) else f"{100 * x:.{digits}f}%"


def num(x, digits: int = 1) -> str:
    return "–" if _nan(x) else f"{x:,.{digits}f}"


def few(share, n, digits: int = 1) -> str:
    """A share of ``n`` cases whose count stands elsewhere in its row: under ``FEW`` cases
    its counts in brackets, "(2 of 3)", never a bare percentage; "–" with none."""
    if not n or _nan(share):
        return "–"
    if n < FEW:
        return f"({round(share * n):,} of {n:,})"
    return pct(share, digits)


def share_n(share, n, digits: int = 1) -> str:
    """A share with its count beside it, "83.3% of 1,234"; under ``FEW`` cases "(2 of 3)"."""
    if not n or _nan(share) or n < FEW:
        return few(share, n, digits)
    return f"{pct(share, digits)} of {n:,}"


def few_num(x, n, digits: int = 1) -> str:
    """A mean of ``n`` cases: in brackets with its count under ``FEW`` cases, "(1.5; n=3)"."""
    if not n or _nan(x):
        return "–"
    return f"({num(x, digits)}; n={n:,})" if n < FEW else num(x, digits)


READING = (
    f'In the game\'s tables a share stands beside its count ("83.3% of 1,234", or the count '
    f"in a column of its own); a share or mean of fewer than {FEW} cases is printed in brackets "
    f'as its counts, "(2 of 3)", or with its count, "(1.5; n=3)", never as a bare figure. '
    "Plots: error bars over deal sets are 95% t-intervals; error bars over counted cases (deals, "
    "contracts, seat-deals) are 95% Wilson intervals, which take the cases as independent (cases "
    "of one deal set share their cards: if anything too narrow); bars of fewer than "
    f"{FEW} cases are pale and hatched. Each bot keeps its colour in every plot."
)


def lineup_text(lineup: list[str]) -> str:
    return ", ".join(f"{b} ×{k}" if k > 1 else b for b, k in Counter(lineup).items())


class Doc:
    """Headings, paragraphs and tables, in plain text or markdown."""

    def __init__(self, markdown: bool):
        self.md = markdown
        self.lines: list[str] = []

    def heading(self, text: str, level: int = 2) -> None:
        if self.lines:
            self.lines.append("")
        if self.md:
            self.lines.append(f"{'#' * level} {text}")
        else:
            self.lines += [text, ("=" if level <= 2 else "-") * len(text)]

    def para(self, text: str) -> None:
        self.lines.append("")
        self.lines += [text] if self.md else textwrap.wrap(text, 96, break_on_hyphens=False)

    def pre(self, text: str) -> None:
        self.lines.append("")
        self.lines += ["```", text, "```"] if self.md else [text]

    def table(self, headers: list[str], rows: list[list], first_left: bool = True) -> None:
        rows = [[str(c) for c in r] for r in rows]
        self.lines.append("")
        if self.md:
            self.lines.append("| " + " | ".join(headers) + " |")
            self.lines.append(
                "|"
                + "|".join(":---" if i == 0 and first_left else "---:" for i in range(len(headers)))
                + "|"
            )
            self.lines += ["| " + " | ".join(r) + " |" for r in rows]
            return
        widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
                  for i, h in enumerate(headers)]  # fmt: skip

        def line(cells):
            return "  ".join(
                c.ljust(w) if i == 0 and first_left else c.rjust(w)
                for i, (c, w) in enumerate(zip(cells, widths, strict=True))
            ).rstrip()

        self.lines.append(line(headers))
        self.lines.append("  ".join("-" * w for w in widths))
        self.lines += [line(r) for r in rows]

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def report_bots(report: dict) -> list[str]:
    """Every bot of the report, sorted by name."""
    return sorted({b["bot"] for w in report["win_rates"] for b in w["bots"]})


def time_table(d: Doc, w: dict, lines: list[dict]) -> None:
    """Each bot's time per decision beside its win share: strength read against cost."""
    from sim.report.timing import ms

    timing = w.get("timing") or {}
    rows = [[b["bot"], pct(b["win_share"]), ms(timing[b["bot"]]["mean_ms"]),
             ms(timing[b["bot"]]["p95_ms"]), f"{timing[b['bot']]['timed']:,}"]
            for b in lines if b["bot"] in timing]  # fmt: skip
    if not rows:
        return
    d.table(["bot", "win share", "time per decision (mean)", "95th percentile", "decisions timed"],
            rows)  # fmt: skip
    d.para(
        "Time per decision is measured by the compiled loop on the machine that played (every "
        "decision of a search bot, one in 256 of a quick bot; the 95th percentile to a quarter "
        "octave): it varies from run to run and is not part of the reproducible results."
    )


def render(report: dict, markdown: bool = False) -> str:
    from sim.report import format_summary

    d = Doc(markdown)
    runs = report["runs"]
    deals = sum(w["deals"] for w in report["win_rates"])
    d.heading(f"trixsim report ({report['game']}): {report['games']:,} games, {deals:,} "
              f"{report['deal']}s, {len(runs)} run{'s' if len(runs) > 1 else ''}", 1)  # fmt: skip
    d.table(
        ["run", "bots", "seed", "games", "status", "version"],
        [[r["folder"], ",".join(r["bots"]), r["seed"], f"{r['games']:,}", r["status"], r["version"]]
         for r in runs],
    )  # fmt: skip
    for note in report["notes"]:
        d.para(f"Note: {note}")

    # 1. win rates
    from sim.report import intervals_text, per_seat_title, seat_lines_differ
    from sim.report.stats import sentence
    from sim.report.timing import label, warnings

    team = False
    for w in report["win_rates"]:
        d.heading(f"Win rates: {lineup_text(w['lineup'])}")
        team = w.get("unit") == "team"
        if markdown:
            blocks = [(w["teams"]["bots"], "team (one bot's seats)", "team_games", None)] if (
                team and w["teams"]["bots"]) else []  # fmt: skip
            if seat_lines_differ(w):
                title = per_seat_title(w) if blocks else None
                blocks.append((w["bots"], "bot", "seat_games", title))
            for lines, head, count, title in blocks:
                if title:
                    d.para(title)
                d.table(
                    [head, "win share", "± 95% t", "mean total", "mean rank", "last",
                     count.replace("_", "-")],
                    [[label(b["bot"], w), pct(b["win_share"]), "± " + pct(b["win_share_ci"]),
                      num(b["mean_total"]), num(b["mean_rank"], 2), pct(b["last_share"]),
                      f"{b[count]:,}"] for b in lines],
                )  # fmt: skip
            shown = blocks[0][0]
            d.para(f"{w['games']:,} games over {w['deal_sets']:,} deal sets. "
                   f"{intervals_text(shown, w['deal_sets'])}.")  # fmt: skip
            if "paired" in w:
                d.para(f"**{sentence(w['paired'])}.**")
            for line in warnings(w):
                d.para(f"**{line[0].upper()}{line[1:]}.**")
            time_table(d, w, shown)
        else:
            d.pre(format_summary(w))
        if len(report["win_rates"]) > 1:
            d.para("Runs: " + ", ".join(w["runs"]))
    from sim.core.registry import get

    game = get(report["game"]).part("report")
    teams = (
        "It is a partnership game, so the team is the unit: a team is a bot holding every seat "
        "of a partnership, its win share per partnership-game is the sum of its seats' (1 a "
        "win, 0.5 a tie), and the one verdict compares two teams; per-seat lines are shown only "
        "where partnerships of two different bots make them say something else. "
        if team else ""
    )  # fmt: skip
    d.para(
        f"Win share: per seat-game, {game.WIN_SHARE}. {teams}± is a 95% t-interval over deal "
        "sets (Student's t with one degree of freedom fewer than the deal sets: a deal set's "
        "games share their cards, so the deal set is the independent unit, and few deal sets "
        'give wide intervals); the difference is paired within deal sets. No "beats" under '
        f"{MIN_DEAL_SETS} deal sets: the sentence then says how many more to play (the more of "
        f"reaching {MIN_DEAL_SETS} and of the deal sets that would tell the difference seen so "
        f"far apart 4 times in 5, from its spread). Last: {game.LAST}. Runs with the same "
        "seats' bots are pooled; different line-ups get their own block."
    )
    d.para(READING)

    if len(report["win_rates"]) > 1:
        d.para(
            "Several line-ups: ratings use every game; the game's own sections below pool "
            "every run per bot spec, whatever its opponents."
        )

    # 2. ratings
    r = report["ratings"]
    d.heading("Ratings (OpenSkill Plackett–Luce)")
    d.table(
        ["bot", "mu", "sigma", "mu − 3σ", "seat-games rated"],
        [[b["bot"], num(b["mu"], 2), num(b["sigma"], 2), num(b["ordinal"], 2),
          f"{b['seat_games']:,}"] for b in r["bots"]],
    )  # fmt: skip
    sample = (
        f"all {r['games']:,} games"
        if r["games_rated"] == r["games"]
        else f"a uniform random sample of {r['games_rated']:,} of the {r['games']:,} games"
    )
    last_seat = report["seats"] - 1
    who = ("Each team is one team of its seats' players" if r.get("teams") else
           "Each seat is one player")  # fmt: skip
    d.para(
        f"Rated from the finishing order (rank_0..rank_{last_seat}, ties share a rank) of "
        f"{sample}, in a random order (seed {r['sample_seed']}), over every run given. {who}; "
        "a spec seated twice in a game moves by the sum of its seats' changes. "
        "Sorted by mu − 3σ."
    )

    # 3. the game's own sections
    game.render(d, report)
    return d.text()


def _clean(x):
    if isinstance(x, float):
        return None if math.isnan(x) or math.isinf(x) else x
    if isinstance(x, dict):
        return {k: _clean(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_clean(v) for v in x]
    if hasattr(x, "item"):  # numpy scalar
        return _clean(x.item())
    return x


def to_json(report: dict) -> str:
    return json.dumps(_clean(report), indent=1, allow_nan=False) + "\n"
