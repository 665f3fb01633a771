"""What valued decisions say of each bot: its loss per decision and per game, by phase,
with t-intervals over deal sets, its errors by band, and the worst decisions in words.

Deal sets are the independent units, as in a tournament's report: a bot's loss per decision
is the mean over deal sets of each set's mean (its decisions in every game of the set,
pooled), ± the 95% t-interval over the deal sets (Student's t, n − 1 degrees of freedom).
Its loss per game is the same over seat-games: each set's total loss over the seats it held.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

import numpy as np

from sim.report.intervals import mean_ci

BAND_NAMES = ("inaccuracies", "mistakes", "blunders")
TIE = 1e-6  # a loss below this many points is none: the action was (one of) the best


@dataclass
class Interval:
    mean: float
    ci: float  # 95% t half-width over ``n`` deal sets (NaN under two)
    n: int

    def text(self, digits: int = 2) -> str:
        if np.isnan(self.mean):
            return "–"
        ci = "" if np.isnan(self.ci) else f" ± {self.ci:.{digits}f}"
        return f"{self.mean:.{digits}f}{ci}"


@dataclass
class BotLoss:
    bot: str
    decisions: int
    best: float  # share of decisions where it took a best action
    per_decision: Interval
    per_game: Interval
    phases: dict[str, tuple[int, Interval]]  # phase -> decisions, loss per decision
    bands: list[float]  # share of decisions in each band of BAND_NAMES
    tricks: dict[int, float] = field(default_factory=dict)  # trick -> mean loss per decision
    in_blunders: float = float("nan")  # the share of its whole loss lost in blunders


@dataclass
class Worst:
    bot: str
    loss: float
    words: str
    command: str


def interval(loss: np.ndarray, sets: np.ndarray, all_sets: np.ndarray,
             per_set_count=None) -> Interval:  # fmt: skip
    """Mean over deal sets of each set's loss per decision (its rows), or per
    ``per_set_count[set]`` (each set's seat-games)."""
    means = []
    for s in all_sets:
        here = sets == s
        count = per_set_count[s] if per_set_count is not None else here.sum()
        if count > 0:
            means.append(loss[here].sum() / count)
    mean, ci = mean_ci(np.asarray(means))
    return Interval(float(mean), float(ci), len(means))


def bot_loss(name: str, rows: dict, entry: int, phases: tuple[str, ...], bands,
             seat_games: dict[int, int]) -> BotLoss:  # fmt: skip
    """One line-up entry's figures from the decision rows."""
    mine = rows["entry"] == entry
    loss, sets = rows["loss"][mine], rows["deal_set"][mine]
    all_sets = np.unique(rows["deal_set"])
    by_phase = {}
    for i, ph in enumerate(phases):
        here = rows["phase"][mine] == i
        if here.any():
            by_phase[ph] = (int(here.sum()), interval(loss[here], sets[here],
                                                      np.unique(sets[here])))  # fmt: skip
    edges = [*bands, np.inf]
    shares = [float(((loss >= lo) & (loss < hi)).mean()) if len(loss) else 0.0
              for lo, hi in zip(edges[:-1], edges[1:], strict=True)]  # fmt: skip
    tricks = rows["trick"][mine]
    return BotLoss(
        name,
        int(len(loss)),
        float((loss < TIE).mean()) if len(loss) else float("nan"),
        interval(loss, sets, all_sets),
        interval(loss, sets, all_sets, seat_games),
        by_phase,
        shares,
        {int(t): float(loss[tricks == t].mean()) for t in np.unique(tricks) if t > 0},
        blunder_share(loss, bands[-1]),
    )


def blunder_share(loss: np.ndarray, top: float) -> float:
    """The share of the whole loss lost in losses of at least ``top`` (the blunders): whether
    a bot loses its points a little at a time or in a few decisions (NaN: it lost none)."""
    total = float(loss.sum())
    return float(loss[loss >= top].sum() / total) if total > 0 else float("nan")


@dataclass
class Analysis:
    """``trixsim analyse``'s result: every figure as data; :meth:`to_markdown` and
    :meth:`to_json` are what the command prints."""

    game: str
    run: str
    evaluator: str
    unit: str
    bands: list[float]
    phases: list[str]
    games: int
    deal_sets: int
    bots: list[BotLoss]
    worst: list[Worst]
    seconds: float
    decisions: object = None  # sim.analysis.decisions.Decisions: every valued decision

    def to_dict(self) -> dict:
        """Every figure as plain data; a figure there is none of (an interval over one deal
        set) is None."""
        d = asdict(self)
        d.pop("decisions")
        return no_nan(d)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, default=_plain, allow_nan=False)

    def to_markdown(self) -> str:
        lines = [
            f"# Decision analysis: {self.run} ({self.game})",
            "",
            f"{self.games} games ({self.deal_sets} deal sets) valued by `{self.evaluator}`; "
            f"a loss is the best action's value less the value of the one taken, in {self.unit}.",
            "± : 95% t-intervals over deal sets (Student's t, n − 1 degrees of freedom).",
            "",
            "| bot | decisions | best | loss per decision | loss per game | "
            + band_head(self.bands)
            + f" {IN_BLUNDERS} |",
            "|---|---:|---:|---:|---:|" + "---:|" * (len(BAND_NAMES) + 1),
        ]
        for b in self.bots:
            lines.append(f"| {b.bot} | {b.decisions:,} | {b.best:.1%} | {b.per_decision.text(3)} "
                         f"| {b.per_game.text(1)} | {band_cells(b.bands)} "
                         f"{share_text(b.in_blunders)} |")  # fmt: skip
        lines += ["", "Loss per decision by phase (decisions in brackets):", "",
                  "| phase | " + " | ".join(b.bot for b in self.bots) + " |",
                  "|---|" + "---:|" * len(self.bots)]  # fmt: skip
        for ph in self.phases:
            cells = []
            for b in self.bots:
                n, iv = b.phases.get(ph, (0, Interval(np.nan, np.nan, 0)))
                cells.append(f"{iv.text(3)} ({n:,})" if n else "–")
            if any(c != "–" for c in cells):
                lines.append(f"| {ph} | " + " | ".join(cells) + " |")
        if self.worst:
            lines += ["", f"The {len(self.worst)} worst decisions:", ""]
            for i, w in enumerate(self.worst, 1):
                lines.append(f"{i}. **{w.bot}**, {w.loss:.1f} points: {w.words}  \n"
                             f"   `{w.command}`")  # fmt: skip
        lines += ["", f"({self.seconds:.1f} s)"]
        return "\n".join(lines) + "\n"


def band_head(bands) -> str:
    """The bands' table header cells, each ending in ``|``."""
    return " ".join(f"{n} (≥ {b:g}) |" for n, b in zip(BAND_NAMES, bands, strict=True))


def band_cells(shares) -> str:
    return " ".join(f"{s:.1%} |" for s in shares)


IN_BLUNDERS = "the loss in blunders"  # the column of :func:`blunder_share`


def share_text(share: float) -> str:
    return "–" if np.isnan(share) else f"{share:.0%}"


def no_nan(x):
    if isinstance(x, dict):
        return {k: no_nan(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [no_nan(v) for v in x]
    if isinstance(x, float | np.floating) and np.isnan(x):
        return None
    return x


def _plain(x):
    if isinstance(x, np.generic):
        return x.item()
    raise TypeError(f"{type(x).__name__} is not JSON")
