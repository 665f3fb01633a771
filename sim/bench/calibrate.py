"""How often ``trixsim tournament --sprt`` errs on real tournaments, and what it saves.

Two bots of equal strength by construction (one spec under two seeds: neither can be
better) are tested many times, each run under its own seed, on two questions:

- ``--sprt 0,D1``: H0 (no difference) is true, so H1 verdicts are errors; their share
  should be ``alpha``.
- ``--sprt -D1,0``: now the truth, 0, is H1, a known difference of D1 over H0; H0
  verdicts are the errors, their share should be ``beta``.

Each share is printed with the range a share of ``runs`` tests falls in 95% of the time
when the true rate is exactly alpha (or beta): the binomial's 2.5% and 97.5% quantiles.
The mean deal sets to a verdict are set beside a fixed-size test with the same error
rates on the same spread (``((z(1-alpha) + z(1-beta)) sd / (D1 - D0))^2`` deal sets,
``sd``: the pooled spread of the runs' deal-set differences).

``python -m sim.bench.calibrate [--runs 200] [--jobs 2]`` writes
``results/sprt-calibration.md``; the figures of ``docs/evaluation.md`` come from it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from statistics import NormalDist

BOT = "mcts:iters=10"
D1 = 20.0  # points of win share: a third of the deal-set spread, about 50 deal sets a test
MOST_GAMES = 4000  # a test left undecided there counts as undecided (Terts: 2,000 deal sets)


def cheapest() -> str:
    """The game of fewest seats (fewest seatings a deal set: the cheapest test)."""
    from sim.core.registry import games

    return min(games().values(), key=lambda s: (s.seats, s.name)).name


def one(game: str, seed: int, d0: float, d1: float, folder: Path) -> dict:
    """One sequential run; its manifest's test block plus its deal-set differences' spread."""
    out = folder / f"s{seed}-{d0:g}"
    bots = f"{BOT},seed=1,{BOT},seed=2"
    cmd = [sys.executable, "-m", "sim.cli", "tournament", "--game", game, "--bots", bots,
           "--sprt", f"{d0:g},{d1:g}", "--games", str(MOST_GAMES), "--seed", str(seed),
           "--workers", "1", "--out", str(out), "-q"]  # fmt: skip
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        raise SystemExit(f"calibrate: {' '.join(cmd)} failed: {res.stderr.strip()}")
    test = json.loads((out / "manifest.json").read_text())["sprt"]
    n, ci = test["deal_sets"], test["ci"]
    from sim.report.intervals import spread

    sd = spread(ci, n) if n > 1 and ci == ci else float("nan")  # the 95% t half-width back
    return {"seed": seed, "verdict": test["verdict"], "deal_sets": n, "sd": sd}


def quantile(n: int, p: float, q: float) -> int:
    """The least k with P(Binomial(n, p) <= k) >= q."""
    total = 0.0
    for k in range(n + 1):
        total += math.comb(n, k) * p**k * (1 - p) ** (n - k)
        if total >= q:
            return k
    return n


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m sim.bench.calibrate", description=__doc__)
    ap.add_argument("--runs", type=int, default=200, help="tests under each hypothesis")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="runs at once")
    ap.add_argument("--out", default="results/sprt-calibration.md")
    ap.add_argument("--game", default=None, help="[default: the game of fewest seats]")
    args = ap.parse_args(argv)
    game = args.game or cheapest()
    alpha = beta = 0.05
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(args.jobs) as pool:
        folder = Path(tmp)
        asks = [(s, d0) for s in range(1, args.runs + 1) for d0 in (0.0, -D1)]
        done = list(pool.map(lambda a: one(game, a[0], a[1], a[1] + D1, folder) | {"d0": a[1]},
                             asks))  # fmt: skip
    lines = [f"# The sequential test on real tournaments ({game}, `{BOT}` under two seeds)", "",
             f"`python -m sim.bench.calibrate --runs {args.runs}`: {args.runs} runs under each "
             f"question, alpha = beta = {alpha}, D1 - D0 = {D1:g} points, at most "
             f"{MOST_GAMES:,} games a run.", "",
             "| question | truth | errors (verdict) | share | 95% range at the asked rate "
             "| undecided | mean deal sets |", "|---|---|---|---:|---|---:|---:|"]  # fmt: skip
    sds = []
    means = []
    for d0, truth, wrong, rate in ((0.0, "H0", "H1", alpha), (-D1, "H1", "H0", beta)):
        runs = [r for r in done if r["d0"] == d0]
        errors = sum(r["verdict"] == wrong for r in runs)
        lo, hi = quantile(len(runs), rate, 0.025), quantile(len(runs), rate, 0.975)
        undecided = sum(r["verdict"] == "undecided" for r in runs)
        mean = sum(r["deal_sets"] for r in runs) / len(runs)
        means.append(mean)
        sds += [r["sd"] for r in runs if r["sd"] == r["sd"]]
        lines.append(f"| `--sprt {d0:g},{d0 + D1:g}` | {truth} | {errors} ({wrong}) | "
                     f"{100 * errors / len(runs):.1f}% | {100 * lo / len(runs):.1f}% to "
                     f"{100 * hi / len(runs):.1f}% | {undecided} | {mean:.1f} |")  # fmt: skip
    sd = math.sqrt(sum(s * s for s in sds) / len(sds))
    z = NormalDist().inv_cdf
    fixed = ((z(1 - alpha) + z(1 - beta)) * sd / D1) ** 2
    lines += ["", f"Spread of a deal set's difference (pooled over the runs): {sd:.1f} points. "
              f"A fixed-size test with the same error rates needs {math.ceil(fixed)} deal sets; "
              f"the sequential test took {means[0]:.1f} on average when H0 held and "
              f"{means[1]:.1f} when H1 held.", ""]  # fmt: skip
    text = "\n".join(lines)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(text)
    print(text)


if __name__ == "__main__":
    main()
