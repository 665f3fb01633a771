"""The policies the compiled loop plays itself, without calling a bot (and how it calls one).

A numba bot registered with ``native=NATIVE_UNIFORM`` (``random``) makes exactly
the decisions of :func:`uniform_action`; the loop then draws them inline, which
saves the bot call: half of a random game's time (2× measured).
"""

import numpy as np

from sim.core.bits import lowest_bit, nth_bit, popcount
from sim.core.jit import njit
from sim.core.limits import MAX_PARAMS
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


@njit(cache=True, inline="always")
def true_state(whole, seat, hand, legal, rng, work, state):
    """A search's world for a bot handed the whole state (``NATIVE_SEES_ALL``): the true one,
    every hand as it is (a determinizer's signature)."""
    state[:] = whole[: len(state)]


@njit(cache=True, inline="always")
def pick(i, a0, a1, a2, a3, a4, a5):
    """``a<i>``: the loops pass six of everything (one per line-up entry) as arguments."""
    if i < 3:
        return a0 if i == 0 else (a1 if i == 1 else a2)
    return a3 if i == 3 else (a4 if i == 4 else a5)


@njit(cache=True, inline="always")
def decide_with(which, f0, f1, f2, f3, f4, f5, public, seat, hand, legal, rng, params):
    """Call the bot of line-up entry ``which`` (its function ``f<which>``, its ``params`` row)."""
    if which == 0:
        return f0(public, seat, hand, legal, rng, params[0])
    if which == 1:
        return f1(public, seat, hand, legal, rng, params[1])
    if which == 2:
        return f2(public, seat, hand, legal, rng, params[2])
    if which == 3:
        return f3(public, seat, hand, legal, rng, params[3])
    if which == 4:
        return f4(public, seat, hand, legal, rng, params[4])
    return f5(public, seat, hand, legal, rng, params[5])


@njit(cache=True)
def no_hint(public, seat, hand, legal, rng, params):
    """The hint of a game without a rollout bot: its lowest legal action."""
    return lowest_bit(legal)


@njit(cache=True)
def params_from(params, at):
    """A rollout bot's parameters inside a search's: those from ``at`` on, then 0 (``at`` =
    MAX_PARAMS: none, the bot plays its defaults). A fresh, writable array: a constant one
    is read-only to numba, and the bot would be compiled a second time for it."""
    out = np.zeros(MAX_PARAMS, np.float64)
    out[: MAX_PARAMS - at] = params[at:]
    return out
