"""``mcts``: information-set Monte Carlo tree search over sampled hidden cards, for Terts.

The bot sees only what its seat may know (R10): the public slots, its seat and its hand.
The search is the generic one (:mod:`sim.core.ismcts`) bound to Terts: every iteration
works on one determinization by the game's determinizer
(:mod:`sim.games.terts.determinize`: the other hand and the stock's order, consistent
with everything public: the cards played, the declared melds' cards, the turned card
and who drew it, what a seat showed it lacks from trick 8 on), with the rewards and
rollouts of :mod:`bots.terts.search` (the win equity; greedy rollouts).

Every decision (a meld to declare or not, the answer, the exchange, a card) is searched
by single-observer ISMCTS over the rest of the deal; a single legal action is returned
at once. Defaults: 800 iterations, ``c=0.3`` (the tournaments behind them are in
``docs/bots.md``).
"""

from pathlib import Path

import sim.core
from bots.ismcts_params import ismcts_params
from bots.registry import numba_bot
from sim.core.bits import lowest_bit
from sim.core.loops import bind

SEARCH = bind(Path(sim.core.__file__).with_name("ismcts.py"), "terts",
              {"K": "sim.games.terts.kernels", "D": "bots.terts.search"})  # fmt: skip


@numba_bot("mcts", game="terts", params=ismcts_params(800, c=0.3))
def mcts_bot(public, seat, hand, legal, rng, params):
    """Information-set MCTS over sampled hidden cards, played out to the deal's end."""
    if legal & (legal - 1) == 0:
        return lowest_bit(legal)
    return SEARCH.search(public, seat, hand, legal, rng, params)
