"""Terts's search part: what the generic search (:mod:`sim.core.ismcts`, the ``mcts`` bot of
every game) needs to know of the game, as its ``D``.

The search sees only what its seat may know (R10): the public slots, its seat and its
hand. The determinizer is the game's own (:mod:`sim.games.terts.determinize`: the other
hand and the stock's order, consistent with everything public: the cards played, the
declared melds' cards, the turned card and who drew it, what a seat showed it lacks from
trick 8 on). Every decision (a meld to declare or not, the answer, the exchange, a card)
is searched by single-observer ISMCTS over the rest of the deal; rollouts are uniform or
greedy. Defaults: 800 iterations, ``c=0.3`` (the tournaments behind them are in
``docs/bots.md``).

**Reward** of a seat once the deal has ended: its win equity,
``logistic((own total - other total) / T)``, where ``T = 120 * sqrt(1 + deals likely
left)`` shrinks as a total nears 501 (about 100 points a deal each). If the deal ends
the game the reward is the result instead: 1 for a win, 0.5 for a tie, 0.
"""

import numpy as np

from sim.core.jit import njit
from sim.games.terts.determinize import WORK_SIZE, determinize  # noqa: F401  (the search's)
from sim.games.terts.state import PHASE, TOTALS
from sim.games.terts.vocab import N_ACTIONS, OVER, TARGET

N_TREE_ACTIONS = N_ACTIONS  # cards, the exchange, the melds and pass
TEMP_PER_DEAL = 120.0  # logistic temperature = TEMP_PER_DEAL * sqrt(1 + deals left)
GAIN_PER_DEAL = 100.0  # a guess of how fast the leading total grows per deal
# mcts's default budget and exploration constant: 200 iterations, the time #45.6 asks of a
# bare search bot (0.78 ms a decision); it beats greedy by 32.7 +- 9.3 over 185 deal sets of
# the ladder. Until trixsim 0.6.0 it was 800 (3.05 ms): mcts:iters=800 names that one
ITERS, C = 200, 0.3
ROLLOUT = "greedy"  # the bot that plays rollouts (rollout=greedy) and the tree's other seats
PARAMS = ()  # no parameters of Terts's own


@njit(cache=True, inline="always")
def delegate(public, params):
    """Never: every decision of Terts is searched."""
    return False


@njit(cache=True, inline="always")
def flat(public, legal):
    """Every decision is searched by tree."""
    return False


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
