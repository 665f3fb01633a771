"""trixsim: a numba engine for the card game Trix.

Kernels (``@njit``) live in :mod:`sim.bits`, :mod:`sim.rng` and :mod:`sim.rules`;
the Python API (:mod:`sim.game`), records (:mod:`sim.record`), the replay checker
(:mod:`sim.replay`) and the command line (:mod:`sim.cli`) sit on top of them.
"""

__version__ = "0.1.0"
