"""Five Hundred's tuning of the generic search (:mod:`sim.core.ismcts`'s ``D``).

The determinizer is the game's own (:mod:`sim.games.five_hundred.determinize`). The
auction and the three discards are searched flat (each action played out on the
same determinizations); the card play by tree. Rollouts are uniform or greedy
(:func:`bots.five_hundred.greedy.greedy_bot`).

**Reward** of a seat once the deal has ended: its team's win equity (R2.1, R10.6),
``logistic((own total - other total) / T)``, where ``T = 150 * sqrt(1 + deals
likely left)`` shrinks as a total nears 500 (about 100 points a deal). If the deal
ends the game the reward is the result instead: 1 for a win, 0.5 for a tie, 0.
Both partners get the same reward, so the search plays for the team.
"""

import numpy as np

from bots.five_hundred.greedy import greedy_bot
from sim.core.bits import nth_bit, popcount
from sim.core.jit import njit
from sim.core.rng import below
from sim.games.five_hundred.determinize import WORK_SIZE, determinize  # noqa: F401  (the search's)
from sim.games.five_hundred.kernels import hand_of
from sim.games.five_hundred.state import PHASE, TOTALS, TURN, WINNER
from sim.games.five_hundred.vocab import OVER, PLAY, TARGET

N = 4
N_TREE_ACTIONS = 49  # cards 0..44 and the four named joker leads 45..48 (bids fit below)
TEMP_PER_DEAL = 150.0  # logistic temperature = TEMP_PER_DEAL * sqrt(1 + deals left)
GAIN_PER_DEAL = 100.0  # a guess of how fast the leading total grows per deal


@njit(cache=True, inline="always")
def flat(public, legal):
    """The auction and the discards are searched flat; the play by tree."""
    return public[PHASE] != PLAY


@njit(cache=True, inline="always")
def rollout_action(state, lg, rng, greedy, gparams):
    """The rollout policy's action among several legal actions ``lg``."""
    if greedy:
        seat = state[TURN]
        # the whole (determinized) state: greedy reads only its public slots, and a slice
        # per decision costs reference counting
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
    """Every seat's reward once the deal has ended (see the module doc)."""
    if state[PHASE] == OVER:
        w = state[WINNER]
        for p in range(N):
            out[p] = 0.5 if w < 0 else (1.0 if p % 2 == w else 0.0)
        return
    diff = (state[TOTALS] - state[TOTALS + 1]) / temp
    e0 = 1.0 / (1.0 + np.exp(-diff))
    for p in range(N):
        out[p] = e0 if p % 2 == 0 else 1.0 - e0
