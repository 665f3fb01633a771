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
