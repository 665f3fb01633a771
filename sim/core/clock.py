"""A clock for kernels: time budgets (``ms=`` of the search bots) read it between units of work.

numba has no clock in compiled code; an object-mode block around ``time.perf_counter``
costs about a microsecond, which a budget read once per world or per batch of
iterations does not notice. A run that uses a time budget is not reproducible (its
decisions depend on the machine's speed), and says so.
"""

import time

from llvmlite import ir
from numba import objmode, types
from numba.core import cgutils
from numba.extending import intrinsic

from sim.core.bits import highest_bit
from sim.core.jit import njit
from sim.core.limits import TIME_BINS


@njit(cache=True)
def now():
    """Seconds from an arbitrary origin (``time.perf_counter``)."""
    with objmode(t="float64"):
        t = time.perf_counter()
    return t


@intrinsic
def _readcyclecounter(typingctx):
    sig = types.int64()

    def codegen(context, builder, signature, args):
        i64 = ir.IntType(64)
        fn = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(i64, []), "llvm.readcyclecounter"
        )
        return builder.call(fn, [])

    return sig, codegen


@njit(cache=True, inline="always")
def cycles():
    """The CPU's cycle counter (about 70 ns a read on this VM): how long a bot took to decide,
    read around the decisions the loop times (sim.core.timing)."""
    return _readcyclecounter()


@njit(cache=True, inline="always")
def time_bin(dt):
    """The histogram bin of a duration of ``dt`` cycles: four bins an octave (each about 19%
    wide), so a 95th percentile read off the histogram is within a few percent."""
    if dt < 1:
        return 0
    top = highest_bit(dt)
    sub = (dt >> (top - 2)) & 3 if top >= 2 else (dt << (2 - top)) & 3
    return min(TIME_BINS - 1, 4 * top + sub)
