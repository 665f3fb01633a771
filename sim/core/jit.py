"""``njit`` for trixsim's kernels: numba's own, with the cache folder chosen first.

Every kernel module decorates with this ``njit``, so whichever kernel is
imported first, numba already caches into the folder of this version of the
kernel sources (:func:`sim.core.cache.configure`).
"""

import numba

from sim.core.cache import configure


def njit(*args, **kwargs):
    configure()
    return numba.njit(*args, **kwargs)


def njit_borrowing(*args, **kwargs):
    """``njit`` without numba's reference counts in the kernel (its runtime, NRT, off: numba's
    ``_nrt`` flag): for a kernel that only borrows the arrays it is handed, allocating and
    returning none. numba counts a reference to an array at every boundary of a function it
    is passed to, inlined ones too, an atomic operation each: in the solvers' search
    (:mod:`sim.core.alphabeta`) those counts took a quarter to a third of the time."""
    return njit(*args, _nrt=False, **kwargs)
