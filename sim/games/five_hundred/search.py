"""Five Hundred's search part: what the generic search (:mod:`sim.core.ismcts`, the ``mcts``
bot of every game) needs to know of the game, as its ``D``.

The search sees only what its seat may know (R11): the public slots, its seat and its
private word (its hand, and the contractor's discards). The determinizer is the game's
own (:mod:`sim.games.five_hundred.determinize`: the other hands, the kitty and the
discards consistent with everything public, shown voids included). The auction and the
three discards are searched flat (each action played out to the end of the deal on the
same determinizations, paired); the card play by tree. Rollouts are uniform or greedy.
The calls compared in the auction are narrowed by the rollout bot
(:func:`bots.five_hundred.greedy.search_candidates`). Rewards lie in [0, 1] and move
little within a deal, hence ``c=0.3``.

``bids=greedy`` or ``play=greedy`` hands that part of the game to the rollout bot
(``greedy``), to see which part the search wins. The default budget is 600 iterations
(``docs/bots.md`` has the tournaments that set it and ``c``).

**Reward** of a seat once the deal has ended: its team's win equity (R2.1, R10.6),
``logistic((own total - other total) / T)``, where ``T = 150 * sqrt(1 + deals
likely left)`` shrinks as a total nears 500 (about 100 points a deal). If the deal
ends the game the reward is the result instead: 1 for a win, 0.5 for a tie, 0.
Both partners get the same reward, so the search plays for the team.
"""

import numpy as np

from sim.core.bots import Param
from sim.core.jit import njit
from sim.games.five_hundred.determinize import WORK_SIZE, determinize  # noqa: F401  (the search's)
from sim.games.five_hundred.state import PHASE, TOTALS, WINNER
from sim.games.five_hundred.vocab import N_SEATS, N_TEAMS, OVER, PLAY, TARGET

N_TREE_ACTIONS = 49  # cards 0..44 and the four named joker leads 45..48 (bids fit below)
TEMP_PER_DEAL = 150.0  # logistic temperature = TEMP_PER_DEAL * sqrt(1 + deals left)
GAIN_PER_DEAL = 100.0  # a guess of how fast the leading total grows per deal
# mcts's default budget and exploration constant: 200 iterations, the time #45.6 asks of a
# bare search bot (0.67 ms a decision); it beats greedy by 5.0 +- 2.8 over 2,000 deal sets of
# the ladder. Until trixsim 0.6.0 it was 600: mcts:iters=600 names that one
ITERS, C = 200, 0.3
ROLLOUT = "greedy"  # the bot that plays rollouts (rollout=greedy) and the tree's other seats
SEARCH_OR_GREEDY = ("search", "greedy")
PARAMS = (
    Param("bids", "search", "the auction and the discards: searched, or greedy's",
          choices=SEARCH_OR_GREEDY),
    Param("play", "search", "card play: searched, or greedy's", choices=SEARCH_OR_GREEDY),
)  # fmt: skip


@njit(cache=True, inline="always")
def delegate(public, params):
    """Whether this decision goes to the rollout bot: ``bids=greedy`` before the card play,
    ``play=greedy`` in it (``params[5]``, ``params[6]``: after the search's own five)."""
    return params[5] >= 0.5 if public[PHASE] != PLAY else params[6] >= 0.5


@njit(cache=True, inline="always")
def flat(public, legal):
    """The auction and the discards are searched flat; the play by tree."""
    return public[PHASE] != PLAY


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
        for p in range(N_SEATS):
            out[p] = 0.5 if w < 0 else (1.0 if p % N_TEAMS == w else 0.0)
        return
    diff = (state[TOTALS] - state[TOTALS + 1]) / temp
    e0 = 1.0 / (1.0 + np.exp(-diff))
    for p in range(N_SEATS):
        out[p] = e0 if p % N_TEAMS == 0 else 1.0 - e0
