"""Terts's tuning of the generic search (:mod:`sim.core.ismcts`'s ``D``).

The determinizer is the game's own (:mod:`sim.games.terts.determinize`: the other
hand and the stock's order). Every decision (a meld, an answer, the exchange, a card)
is searched by tree; rollouts are uniform or greedy
(:func:`bots.terts.greedy.greedy_bot`).

**Reward** of a seat once the deal has ended: its win equity,
``logistic((own total - other total) / T)``, where ``T = 120 * sqrt(1 + deals likely
left)`` shrinks as a total nears 501 (about 100 points a deal each). If the deal ends
the game the reward is the result instead: 1 for a win, 0.5 for a tie, 0.
"""

import numpy as np

from bots.terts.greedy import greedy_bot
from sim.core.bits import nth_bit, popcount
from sim.core.jit import njit
from sim.core.rng import below
from sim.games.terts.determinize import WORK_SIZE, determinize  # noqa: F401  (the search's)
from sim.games.terts.kernels import hand_of
from sim.games.terts.state import PHASE, TOTALS, TURN
from sim.games.terts.vocab import N_ACTIONS, OVER, TARGET

N = 2
N_TREE_ACTIONS = N_ACTIONS  # cards, the exchange, the melds and pass
TEMP_PER_DEAL = 120.0  # logistic temperature = TEMP_PER_DEAL * sqrt(1 + deals left)
GAIN_PER_DEAL = 100.0  # a guess of how fast the leading total grows per deal


@njit(cache=True, inline="always")
def flat(public, legal):
    """Every decision is searched by tree."""
    return False


@njit(cache=True, inline="always")
def rollout_action(state, lg, rng, greedy, gparams):
    """The rollout policy's action among several legal actions ``lg``."""
    if greedy:
        seat = state[TURN]
        # the whole (determinized) state: greedy reads only its public slots
        return greedy_bot(state, seat, hand_of(state, seat), lg, rng, gparams)
    return nth_bit(lg, below(rng, popcount(lg)))


@njit(cache=True)
def reward_scale(public):
    """How far the totals may still move apart: the logistic's temperature."""
    top = max(public[TOTALS], public[TOTALS + 1])
    left = max(0.0, (TARGET - top) / GAIN_PER_DEAL)
    return TEMP_PER_DEAL * np.sqrt(left + 1.0)


@njit(cache=True)
def rewards(state, temp, out):
    """Both seats' rewards once the deal has ended (see the module doc)."""
    t0 = state[TOTALS]
    t1 = state[TOTALS + 1]
    if state[PHASE] == OVER:
        out[0] = 1.0 if t0 > t1 else (0.5 if t0 == t1 else 0.0)
    else:
        out[0] = 1.0 / (1.0 + np.exp(-(t0 - t1) / temp))
    out[1] = 1.0 - out[0]
