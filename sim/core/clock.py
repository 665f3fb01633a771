"""A clock for kernels: time budgets (``ms=`` of the search bots) read it between units of work.

numba has no clock in compiled code; an object-mode block around ``time.perf_counter``
costs about a microsecond, which a budget read once per world or per batch of
iterations does not notice. A run that uses a time budget is not reproducible (its
decisions depend on the machine's speed), and says so.
"""

import time

from numba import objmode

from sim.core.jit import njit


@njit(cache=True)
def now():
    """Seconds from an arbitrary origin (``time.perf_counter``)."""
    with objmode(t="float64"):
        t = time.perf_counter()
    return t
