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
    None if no decision was timed. The 95th percentile is the upper edge of its bin."""
    row = np.asarray(row, np.float64)
    n = int(row[0])
    if n == 0:
        return None
    hist = row[2:]
    at = int(np.searchsorted(np.cumsum(hist), 0.95 * n))
    return {"timed": n, "mean_ms": float(1000.0 * row[1] / n / hz),
            "p95_ms": float(1000.0 * bin_upper(at) / hz)}  # fmt: skip
