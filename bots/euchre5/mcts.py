"""``mcts``: information-set Monte Carlo tree search over sampled hidden cards, for Euchre.

The bot sees only what its seat may know (R10): the public slots, its seat and its
private word (its hand, and the dealer's discard). The search is the generic one
(:mod:`sim.core.ismcts`) bound to five-handed Euchre: every iteration works on one
determinization by the game's determinizer (:mod:`sim.games.euchre5.determinize`:
the other hands, the kitty, the partner consistent with everything public), with
the rewards and rollouts of :mod:`bots.euchre5.search`.

**Bidding, discard, call**: each legal action is played out to the end of the deal
on the same determinizations (paired) and the best mean reward wins.
**Card play**: single-observer ISMCTS over the rest of the deal (see
:mod:`sim.core.ismcts`). A single legal action is returned at once without search.

``bids=greedy`` or ``play=greedy`` hands that part of the game to ``greedy`` (to see
which part the search wins). The default budget is 1,000 iterations: at 200 and 400,
with any ``c`` tried (0.3 to 3), the search did not beat ``greedy`` over 200 deal
sets; at 1,000 it does (``docs/bots.md`` has the tournaments).
"""

from pathlib import Path

import numpy as np

import sim.core
from bots.euchre5.greedy import greedy_bot
from bots.ismcts_params import ismcts_params
from bots.registry import Param, numba_bot
from sim.core.bits import lowest_bit
from sim.core.loops import bind
from sim.games.euchre5.state import PHASE
from sim.games.euchre5.vocab import PLAY

SEARCH = bind(Path(sim.core.__file__).with_name("ismcts.py"), "euchre5",
              {"K": "sim.games.euchre5.kernels", "D": "bots.euchre5.search"})  # fmt: skip
GREEDY = np.zeros(8, np.float64)  # greedy's parameters (it has none)


@numba_bot(
    "mcts",
    game="euchre5",
    params=[
        *ismcts_params(1000),
        Param(
            "bids",
            "search",
            "bidding, discard and call: searched, or greedy's",
            choices=("search", "greedy"),
        ),
        Param("play", "search", "card play: searched, or greedy's", choices=("search", "greedy")),
    ],
)
def mcts_bot(public, seat, hand, legal, rng, params):
    """Information-set MCTS over sampled hidden cards, played out to the deal's end."""
    if legal & (legal - 1) == 0:
        return lowest_bit(legal)
    greedy = params[4] >= 0.5 if public[PHASE] != PLAY else params[5] >= 0.5
    if greedy:
        return greedy_bot(public, seat, hand, legal, rng, GREEDY)
    return SEARCH.search(public, seat, hand, legal, rng, params)
