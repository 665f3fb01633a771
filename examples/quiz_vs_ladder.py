"""How the quiz orders a game's ladder bots against the ladder itself (docs/evaluation.md).

    python examples/quiz_vs_ladder.py --game euchre5

Reads the committed ladder page (``docs/ladder/<game>.md``: its order and its pairwise
cells), quizzes the page's fair bots on the game's shipped suite, and prints: Kendall's tau
between the two orders; of the pairs the ladder tells apart, how many the quiz orders the
same way; and for each two neighbours of the ladder, what telling them apart costs by the
quiz (positions, seconds of answers) against by tournament (deal sets, seconds of play, from
the pairing's run where ``docs/ladder/<game>/runs`` holds it). Both costs scale a measured
interval to the size of the difference it measured: ``n × (ci / difference)²``.
"""

import argparse
import json
import re
from pathlib import Path

from scipy.stats import kendalltau

from sim.analysis.quiz import quiz
from sim.report.intervals import mean_ci

CELL = re.compile(r"([+-]?[\d.]+) ± ([\d.]+) \(([\d,]+)\)")


def read_page(game: str):
    """The page's fair bots in its order, and its cells ``(row, column) -> (d, ci, n)``."""
    text = Path(f"docs/ladder/{game}.md").read_text()
    order = [b for b in re.findall(r"^\| \d+ \| `([^`]+)` \|", text, re.M) if "cheats" not in b]
    table = text[text.index("## Pairwise") :].split("\n## ")[0]
    rows = [r for r in table.splitlines() if r.startswith("| `")]
    head = next(r for r in table.splitlines() if r.startswith("| |"))
    columns = re.findall(r"`([^`]+)`", head)
    cells = {}
    for r in rows:
        name, *rest = [c.strip() for c in r.strip("|").split("|")]
        for col, c in zip(columns, rest, strict=True):
            m = CELL.search(c)
            if m:
                cells[name.strip("`"), col] = (float(m[1]), float(m[2]), int(m[3].replace(",", "")))
    return order, cells


def run_seconds(game: str, a: str, b: str):
    """Seconds of play per deal set of the pairing's runs, where they are on this machine."""
    secs = sets = 0.0
    for m in Path(f"docs/ladder/{game}/runs").glob("*/manifest.json"):
        man = json.loads(m.read_text())
        if set(man["lineup"]) == {a, b}:
            secs += man["seconds"]
            sets += man["games_done"] / len(man["seatings"])
    return secs / sets if sets else None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", required=True)
    game = ap.parse_args().game
    order, cells = read_page(game)
    result = quiz(game, order)
    loss = {s.bot: s.loss.mean for s in result.scores}
    ms = {s.bot: s.ms for s in result.scores}
    tau = kendalltau(range(len(order)), [loss[b] for b in order]).statistic
    told = [(a, b) for (a, b), (d, ci, n) in cells.items() if d > ci and a in loss and b in loss]
    same = sum(loss[a] < loss[b] for a, b in told)
    print(
        f"{game}: {len(order)} fair bots, {result.positions:,} positions, quiz "
        f"{result.seconds:.0f} s; Kendall's tau {tau:+.2f}; the ladder tells "
        f"{len(told)} pairs apart, the quiz orders {same} of them the same way"
    )
    for a, b in told:
        if loss[a] >= loss[b]:
            print(f"  against the ladder: {a} beats {b} by {cells[a, b][0]:+.1f} ± "
                  f"{cells[a, b][1]:.1f}; the quiz has {a} lose {loss[a] - loss[b]:+.3f} more")
    print(f"{'bot':32} {'ladder #':>8} {'quiz loss':>16} {'ms':>8}")
    for i, b in enumerate(order, 1):
        s = next(x for x in result.scores if x.bot == b)
        print(f"{b:32} {i:8d} {s.loss.text(3):>16} {ms[b]:8.3f}")
    print("neighbours: ladder (deal sets, seconds to tell apart) | quiz (positions, seconds)")
    for a, b in zip(order[:-1], order[1:], strict=True):
        d, ci, n = cells[a, b]
        sets = n * (ci / d) ** 2 if d else float("inf")
        per = run_seconds(game, a, b)
        diff = loss[b] - loss[a]
        qci = _paired_ci(result, a, b)
        positions = result.positions * (qci / diff) ** 2 if diff else float("inf")
        print(
            f"  {a} − {b}: ladder {d:+.1f} ± {ci:.1f} ({n}): {sets:,.0f} deal sets"
            + (f", {sets * per:,.0f} s" if per else "")
            + f" | quiz {diff:+.3f} ± {qci:.3f}: {positions:,.0f} positions, "
            f"{positions * (ms[a] + ms[b]) / 1000:,.1f} s"
        )


def _paired_ci(result, a: str, b: str) -> float:
    """The quiz's 95% t-interval of the two bots' paired difference over its positions."""
    return mean_ci(result.losses[b] - result.losses[a])[1]


if __name__ == "__main__":
    main()
