"""The ``neural`` bot's decision: the seat's observation tensor, the network's score of every
global action, the best legal one (or one drawn from the scores at a temperature).

This file is a template (as :mod:`sim.core.lockstep`): ``O`` stands for a game's observation
part; ``bots/neural.py`` binds a copy per game. The network is the one at the address in
``params[0]`` (:mod:`sim.core.weights`), so one compiled bot plays any weights of its game.
The bot reads only what the seat may know: the public slots and its own hand, through the
game's ``encode``.
"""

import numpy as np

from sim.core.bits import lowest_bit
from sim.core.jit import njit
from sim.core.net import forward, network_at, scratch
from sim.core.rng import mix, next_u64

O = None  # bound per game (bots/neural.py): the game's observation part  # noqa: E741

MODEL, TEMPERATURE, SEED = 0, 1, 2  # params: the network's address, the temperature, a seed


@njit(cache=True)
def scores_of(public, seat, hand, w, x, work):
    """The network ``w``'s score of every global action for this seat into ``work[2]`` (its
    tensor into ``x``; ``work``: :func:`sim.core.net.scratch`)."""
    if np.int64(w[1]) != O.SIZE or np.int64(w[4]) != O.N_GLOBAL:
        raise ValueError("neural: the network does not fit this game's observation")
    O.encode(public, seat, hand, x)
    forward(w, x, *work)


@njit(cache=True)
def choose(public, hand, legal, scores, temperature, rng, seed):
    """The legal action of the best score (the lowest id among equals), or at a temperature
    above 0 one drawn with probability ∝ exp(score / temperature) from the bot's stream."""
    best, top = -1, -np.inf
    m = legal
    while m:
        a = lowest_bit(m)
        m &= m - 1
        s = scores[O.to_global(public, hand, a)]
        if s > top:
            best, top = a, s
    if temperature <= 0.0:
        return best
    z = 0.0
    m = legal
    while m:
        a = lowest_bit(m)
        m &= m - 1
        z += np.exp((scores[O.to_global(public, hand, a)] - top) / temperature)
    u = (mix(next_u64(rng), np.uint64(np.int64(seed))) >> np.uint64(11)) * (1.0 / 2**53) * z
    m = legal
    while m:
        a = lowest_bit(m)
        m &= m - 1
        u -= np.exp((scores[O.to_global(public, hand, a)] - top) / temperature)
        if u < 0.0:
            return a
    return best  # rounding left a sliver of u: the best action takes it


@njit(cache=True, nogil=True)
def decide(public, seat, hand, legal, rng, params):
    """The ``neural`` bot: a single legal action at once, else the network's choice."""
    if legal & (legal - 1) == 0:
        return lowest_bit(legal)
    w = network_at(np.int64(params[MODEL]))
    x = np.empty(O.SIZE, np.float32)
    work = scratch(w)
    scores_of(public, seat, hand, w, x, work)
    return choose(public, hand, legal, work[2], params[TEMPERATURE], rng, params[SEED])
