"""Trix's search part: what the generic search (:mod:`sim.core.ismcts`, the ``mcts`` bot of
every game) needs to know of Trix, as its ``D``.

The determinizer is the game's own (:mod:`sim.games.trix.determinize`). A contract
choice is searched flat: each allowed contract is played out on the same
determinizations (``iters`` rollouts shared between them, so the comparison is
paired) and the best mean reward wins. Card play and the K♥ announcement are
searched by single-observer ISMCTS over the rest of the contract: with
``rollout=random`` the other seats are chosen by UCB on their own rewards; with
``rollout=greedy`` they are played by the rollout bot (``greedy``) inside the tree
as well (an opponent model). The decision is the most visited root action (DOUBLE
/ NO_DOUBLE at the K♥ offer).

**Reward** of a seat: its win equity after the contract, ``4 * softmin(-totals / T)``
(the equal-totals slope of that is the others' mean points minus its own, so it
is the usual relative score, but it also weighs who is ahead). The temperature
``T = 50 * sqrt(1 + contracts likely left)`` shrinks as the game nears its end; the
contracts left are guessed from the highest total (about 60 a contract towards 1000)
and the 28-contract limit. If the contract ends the game (R3.7, R3.8) the reward is
the final result instead: ``4 * win share + 0.5 * (4 - rank) / 3``.
"""

import numpy as np

from sim.core.jit import njit
from sim.games.trix.determinize import WORK_SIZE, determinize  # noqa: F401  (the search's)
from sim.games.trix.rules import ranks_and_shares
from sim.games.trix.state import CONTRACT_NO, PHASE, TOTALS
from sim.games.trix.vocab import CHOOSE, N_DEALS, N_SEATS, OVER

N_TREE_ACTIONS = 35  # cards 0..31, PASS, DOUBLE, NO_DOUBLE: the actions of a tree node
EQUITY_SCALE = 4.0  # rewards are EQUITY_SCALE * win equity in [0, 1]
RANK_BONUS = 0.5  # game over: EQUITY_SCALE * share + RANK_BONUS * (4 - rank) / 3
TEMP_PER_CONTRACT = 50.0  # softmin temperature = TEMP_PER_CONTRACT * sqrt(1 + contracts left)
MAX_GAIN = 60.0  # a guess of how fast the highest total grows per contract
ITERS, C = 200, 0.7  # mcts's default budget and exploration constant
ROLLOUT = "greedy"  # the bot that plays rollouts (rollout=greedy) and the tree's other seats
PARAMS = ()  # no parameters of Trix's own


@njit(cache=True, inline="always")
def delegate(public, params):
    """Never: every decision of Trix is searched."""
    return False


@njit(cache=True, inline="always")
def flat(public, legal):
    """The contract choice is searched flat: each contract played out (R3.2)."""
    return public[PHASE] == CHOOSE


@njit(cache=True)
def reward_scale(public):
    """How far the totals may still move apart: the softmin temperature of the equity."""
    top = public[TOTALS]
    for p in range(1, N_SEATS):
        top = max(top, public[TOTALS + p])
    left = min(N_DEALS - 1.0 - public[CONTRACT_NO], max(0.0, (1000.0 - top) / MAX_GAIN))
    return TEMP_PER_CONTRACT * np.sqrt(left + 1.0)


@njit(cache=True)
def rewards(state, temp, out):
    """Every seat's reward once the contract has ended (see the module doc)."""
    if state[PHASE] == OVER:
        ranks = np.zeros(N_SEATS, np.int64)
        shares = np.zeros(N_SEATS, np.float64)
        ranks_and_shares(state, ranks, shares)
        for p in range(N_SEATS):
            out[p] = EQUITY_SCALE * shares[p] + RANK_BONUS * (N_SEATS - ranks[p]) / (N_SEATS - 1.0)
        return
    low = state[TOTALS]
    for p in range(1, N_SEATS):
        low = min(low, state[TOTALS + p])
    z = 0.0
    for p in range(N_SEATS):
        out[p] = np.exp(-(state[TOTALS + p] - low) / temp)
        z += out[p]
    for p in range(N_SEATS):
        out[p] *= EQUITY_SCALE / z
