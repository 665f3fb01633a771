"""The policies the compiled loop plays itself, without calling a bot (and how it calls one).

A numba bot registered with ``native=NATIVE_UNIFORM`` (``random``) makes exactly
the decisions of :func:`uniform_action`; the loop then draws them inline, which
saves the bot call: half of a random game's time (2× measured).
"""

from sim.core.bits import nth_bit, popcount
from sim.core.jit import njit
from sim.core.rng import below_at

NATIVE_NONE = 0  # call the bot's function
NATIVE_UNIFORM = 1  # a uniformly random legal action, drawn from the seat's stream
NATIVE_SEES_ALL = 2  # call the bot's function with the whole state as its "public" slots: it
# cheats (``oracle``: a bound, not a player), and a tournament with it says so


@njit(cache=True, inline="always")
def uniform_action(legal, streams, i):
    """A uniformly random action of the mask ``legal``, drawn from stream ``i`` of ``streams``."""
    return nth_bit(legal, below_at(streams, i, popcount(legal)))


@njit(cache=True, inline="always")
def every_action(public, seat, hand, legal, rng):
    """The narrowing of the actions a search compares, for a rollout bot that has none."""
    return legal
