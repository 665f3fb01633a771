"""``mcts``: information-set Monte Carlo tree search over sampled hidden hands, for Trix.

The bot sees only what its seat may know (the public slots, its hand, its seat).
The search is the generic one (:mod:`sim.core.ismcts`) bound to Trix: every
iteration works on one determinization by the game's determinizer
(:mod:`sim.games.trix.determinize`), with Trix's rewards and rollouts
(:mod:`bots.trix.search`).

**Card play, the K♥ announcement**: single-observer ISMCTS over the rest of the
contract. With ``rollout=random`` the other seats are chosen by UCB on their own
rewards (the usual SO-ISMCTS); with ``rollout=greedy`` they are played by the
greedy bot inside the tree as well (an opponent model). From the leaf the
contract is played out to its end by the rollout policy. The decision is the
most visited root action (DOUBLE / NO_DOUBLE at the K♥ offer).

**Contract choice**: each allowed contract is played out on the same
determinizations (``iters`` rollouts shared between them, so the comparison is
paired) and the best mean reward wins.

A single legal action is returned at once without search.
"""

from pathlib import Path

import sim.core
from bots.ismcts_params import ismcts_params
from bots.registry import numba_bot
from sim.core.bits import lowest_bit
from sim.core.loops import bind

SEARCH = bind(Path(sim.core.__file__).with_name("ismcts.py"), "trix",
              {"K": "sim.games.trix.kernels", "D": "bots.trix.search"})  # fmt: skip


@numba_bot(
    "mcts",
    game="trix",
    params=ismcts_params(200),
)
def mcts_bot(public, seat, hand, legal, rng, params):
    """Information-set MCTS over sampled hidden hands, played out to the contract's end."""
    if legal & (legal - 1) == 0:
        return lowest_bit(legal)
    return SEARCH.search(public, seat, hand, legal, rng, params)
