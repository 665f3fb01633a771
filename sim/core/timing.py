"""How long bots take to decide: the loop's histograms of cycle counts made into milliseconds.

The compiled loop times one decision in ``every`` of each line-up entry (a bot's
``time_every``: every decision of a search bot, one in 256 of a quick bot, whose decisions
cost about what a read of the cycle counter does; never a policy the loop plays itself)
and keeps, per entry, the count, the sum of cycles and a histogram
(:func:`sim.core.clock.time_bin`). This module turns them into a mean and a 95th
percentile. numpy only: the runner and the report read it without the engine.
"""

from __future__ import annotations

import time

import numpy as np

from sim.core.limits import TIME_BINS

COLUMNS = 2 + TIME_BINS  # timed decisions, their cycles, then the histogram


def empty(rows: int) -> np.ndarray:
    """Timing rows for ``rows`` line-up entries, all zero."""
    return np.zeros((rows, COLUMNS), np.float64)


_HZ: list[float] = []


def cycles_per_second() -> float:
    """The cycle counter's rate, measured once per process against ``time.perf_counter``
    (the counter of a modern x86 runs at a constant rate whatever the clock speed)."""
    if not _HZ:
        from sim.core.clock import cycles

        cycles()  # compiled or loaded before the measurement
        t0, c0 = time.perf_counter(), cycles()
        time.sleep(0.02)
        t1, c1 = time.perf_counter(), cycles()
        _HZ.append((c1 - c0) / (t1 - t0))
    return _HZ[0]


def bin_upper(b: int) -> float:
    """The largest number of cycles in bin ``b`` (the inverse of ``time_bin``)."""
    top, sub = divmod(b, 4)
    return (4 + sub + 1) * 2.0 ** (top - 2) if top >= 2 else float(b + 1)


def summary(row, hz: float) -> dict | None:
    """``{"timed", "mean_ms", "p95_ms"}`` of one entry's row (cycles at ``hz`` a second), or
    None if no decision was timed: :func:`described` of its :func:`record`."""
    return described(record([row], hz, 1)[0])


# -- a run's record of its bots' time, chunk by chunk ------------------------------------
# A chunk's timing rows are cycles at its process's rate; the run keeps, per line-up entry,
# the decisions timed, their milliseconds and the histogram as [upper edge in ms, count]
# pairs (only the bins used), so chunks of any process or machine add up, and a 95th
# percentile comes from the merged edges.


def record(timing, hz: float, entries: int) -> list[dict]:
    """A chunk's timing rows (``entries`` line-up entries, cycles at ``hz``) as JSON-able
    dicts: ``{"timed", "ms", "hist"}``."""
    out = []
    for row in np.asarray(timing, np.float64)[:entries]:
        # edges to 4 significant digits: each process measures its own rate, and the same bin
        # of two workers must merge into one pair, not two a millionth apart
        hist = [[_edge(1000.0 * bin_upper(b) / hz), int(c)] for b, c in enumerate(row[2:]) if c]
        out.append({"timed": int(row[0]), "ms": float(1000.0 * row[1] / hz), "hist": hist})
    return out


def _edge(ms: float) -> float:
    return float(f"{ms:.4g}")


def merge(total: list[dict] | None, more: list[dict]) -> list[dict]:
    """``total`` with a chunk's :func:`record` added (``total`` None: the first)."""
    if not total:
        return [dict(e, hist=[list(p) for p in e["hist"]]) for e in more]
    out = []
    for a, b in zip(total, more, strict=True):
        hist: dict[float, int] = {}
        for edge, c in a["hist"] + b["hist"]:
            hist[edge] = hist.get(edge, 0) + c
        out.append({"timed": a["timed"] + b["timed"], "ms": a["ms"] + b["ms"],
                    "hist": [[e, hist[e]] for e in sorted(hist)]})  # fmt: skip
    return out


def described(entry: dict) -> dict | None:
    """``{"timed", "mean_ms", "p95_ms"}`` of a merged entry, or None if nothing was timed.
    The 95th percentile is the upper edge of its bin (bins are a quarter octave wide)."""
    n = entry.get("timed", 0)
    if not n:
        return None
    seen = 0
    p95 = entry["hist"][-1][0] if entry["hist"] else float("nan")
    for edge, c in entry["hist"]:
        seen += c
        if seen >= 0.95 * n:
            p95 = edge
            break
    return {"timed": int(n), "mean_ms": entry["ms"] / n, "p95_ms": p95}
