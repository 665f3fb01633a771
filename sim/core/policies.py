"""The policies the compiled loop plays itself, without calling a bot.

A numba bot registered with ``native=NATIVE_UNIFORM`` (``random``) makes exactly
the decisions of :func:`uniform_action`; the loop then draws them inline, which
saves the bot call: half of a random game's time (2× measured).
"""

from sim.core.bits import nth_bit, popcount
from sim.core.jit import njit
from sim.core.rng import below_at

NATIVE_NONE = 0  # call the bot's function
NATIVE_UNIFORM = 1  # a uniformly random legal action, drawn from the seat's stream


@njit(cache=True, inline="always")
def uniform_action(legal, streams, i):
    """A uniformly random action of the mask ``legal``, drawn from stream ``i`` of ``streams``."""
    return nth_bit(legal, below_at(streams, i, popcount(legal)))
