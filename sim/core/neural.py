"""The ``neural`` bot's decision: the seat's observation tensor, the network's score of every
global action, the best legal one (or one drawn from the scores at a temperature).

This file is a template (as :mod:`sim.core.lockstep`): ``O`` stands for a game's observation
part; ``bots/neural.py`` binds a copy per game. The network is the one at the address in
``params[0]`` (:mod:`sim.core.weights`), so one compiled bot plays any weights of its game.
The bot reads only what the seat may know: the public slots and its own hand, through the
game's ``encode``; and, for weights trained with a **hint**, the action the game's rollout bot
(``G``, its ``greedy``) would take there, given as one more one-hot input of a global action
id (``docs/learning.md``: a network that starts from a good heuristic's choice and learns
where to leave it). ``G`` sees what this bot sees. A network trained on the game's suit
views (``Y``, :mod:`sim.core.symmetry`) reads the inputs moved into the position's view and
scores the actions moved alike.
"""

import numpy as np

from sim.core.bits import lowest_bit
from sim.core.jit import njit
from sim.core.limits import MAX_PARAMS
from sim.core.net import STICK as HEADER_STICK
from sim.core.net import VIEWS as HEADER_VIEWS
from sim.core.net import forward, network_at, scratch
from sim.core.rng import mix, next_u64

O = None  # bound per game (bots/neural.py): the game's observation part  # noqa: E741
G = None  # bound per game: the hint, its rollout bot's function (one with the bot's signature)
Y = None  # bound per game: its suit symmetry (sim.core.symmetry), read by networks of views

MODEL, STICK, TEMPERATURE, SEED = 0, 1, 2, 3  # params: the network's address, the bonus a
# hinted network's scores give the hint's action, the temperature, a seed (in this order: a
# search that plays the network in its rollouts passes on the first three, sim.core.ismcts)


@njit(cache=True)
def inputs(public, seat, hand, legal, rng, x):
    """The network's inputs into ``x``: the seat's tensor, then (when ``x`` is longer, a
    network trained with the hint) the one-hot of the rollout bot's global action here;
    returns that action's global id (-1: no hint)."""
    O.encode(public, seat, hand, x[: O.SIZE])
    if len(x) == O.SIZE:
        return -1
    x[O.SIZE :] = 0.0
    g = O.to_global(public, hand, G(public, seat, hand, legal, rng, np.zeros(MAX_PARAMS)))
    x[O.SIZE + g] = 1.0
    return g


@njit(cache=True)
def scores_of(public, seat, hand, legal, rng, w, x, work):
    """The network ``w``'s score of every global action for this seat into ``work[2]`` (its
    inputs into ``x``, of ``w``'s input size; ``work``: :func:`sim.core.net.scratch`); returns
    the hint's global id (-1: none)."""
    n_in = np.int64(w[1])
    fits = n_in == O.SIZE or n_in == O.SIZE + O.N_GLOBAL  # the tensor, with the hint or not
    if not fits or np.int64(w[4]) != O.N_GLOBAL or len(x) != n_in:
        raise ValueError("neural: the network does not fit this game's observation")
    hint = inputs(public, seat, hand, legal, rng, x)
    if w[HEADER_VIEWS] == 0.0:
        forward(w, x, *work)
        return hint
    k = Y.view_of(x)  # a network of views: its inputs in the view, its scores moved back
    moved = np.zeros(n_in, np.float32)
    for i in range(n_in):
        if x[i] != 0.0:
            moved[Y.INPUTS[k, i]] = x[i]
    forward(w, moved, *work)
    scores = work[2].copy()
    for g in range(len(scores)):
        work[2][g] = scores[Y.ACTIONS[k, g]]
    return hint


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
    x = np.empty(np.int64(w[1]), np.float32)
    work = scratch(w)
    hint = scores_of(public, seat, hand, legal, rng, w, x, work)
    if hint >= 0:  # a stick below 0: the weights' own (their file says it)
        work[2][hint] += params[STICK] if params[STICK] >= 0.0 else w[HEADER_STICK]
    return choose(public, hand, legal, work[2], params[TEMPERATURE], rng, params[SEED])
