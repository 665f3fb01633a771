"""``make bench``: how fast trixsim plays each game, beside its alternatives, in one run.

``python -m sim.bench`` measures every registered game and writes ``bench.md`` and
``bench.json``; ``--game NAME`` measures one (``bench-NAME.md``, ``bench-NAME.json``).
Every figure is the median of several repetitions (with min–max) measured in this run
on this machine, and every comparison is a ratio between figures of the same run, so
the table stays meaningful on a noisy machine. The targets each game is held to come
from its optional ``bench`` part (:mod:`sim.bench.targets`). ``BENCH_SCALE`` (default
1) scales every workload (a scaled run, the test suite's, measures the cold start-up, the
end-to-end tournaments, the solver's bots and one strength tournament of its cheapest game
only); ``BENCH_OUT`` (default ``results``, and
``results/scaled`` for a scaled run) is where the files go.

Modules: :mod:`~sim.bench.rows` (the measurements), :mod:`~sim.bench.table` (the
Markdown), :mod:`~sim.bench.targets` (the checks a game picks), :mod:`~sim.bench.openspiel`
(the OpenSpiel rows), :mod:`~sim.bench.compare` (two versions side by side).
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

SCALE = float(os.environ.get("BENCH_SCALE", "1"))
REPS = 3 if SCALE >= 0.1 else 1
CALLED_RANDOM = "random, called as a bot"
NOT_WHOLE = "not measured (a scaled run measures one game's only: the one of fewest seats)"


def scaled(n: int, least: int = 1) -> int:
    return max(least, int(n * SCALE))


def measure(fn, reps: int = REPS) -> dict:
    """Run ``fn`` ``reps`` times; rates are per second.

    ``fn`` returns a dict of counts, or a function giving it, called once the clock
    has stopped (counting card plays is not the engine's time).
    """
    runs = []
    for _ in range(reps):
        t = time.perf_counter()
        counts = fn()
        dt = time.perf_counter() - t
        runs.append((dt, counts() if callable(counts) else counts))
    out = {}
    for key in runs[0][1]:
        rates = [c[key] / dt for dt, c in runs]
        out[key] = {"median": statistics.median(rates), "min": min(rates), "max": max(rates)}
    out["seconds"] = statistics.median(dt for dt, _ in runs)
    return out


def out_dir() -> Path:
    """``BENCH_OUT``; by default ``results``, and a scaled run (not the bench) elsewhere, so it
    never replaces the committed results."""
    return Path(os.environ.get("BENCH_OUT") or ("results" if SCALE == 1 else "results/scaled"))
