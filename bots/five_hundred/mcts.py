"""``mcts``: information-set Monte Carlo tree search over sampled hidden cards, for Five Hundred.

The bot sees only what its seat may know (R11): the public slots, its seat and its
private word (its hand, and the contractor's discards). The search is the generic
one (:mod:`sim.core.ismcts`) bound to Five Hundred: every iteration works on one
determinization by the game's determinizer (:mod:`sim.games.five_hundred.determinize`:
the other hands, the kitty and the discards consistent with everything public,
shown voids included), with the rewards and rollouts of :mod:`bots.five_hundred.search`
(the team's win equity; greedy rollouts).

**Auction and discards**: each legal action is played out to the end of the deal on
the same determinizations (paired) and the best mean reward wins.
**Card play**: single-observer ISMCTS over the rest of the deal (see
:mod:`sim.core.ismcts`). A single legal action is returned at once without search.

The calls searched are pass, greedy's call and the cheapest legal bid of each strain that
greedy's count of the hand comes within 1.5 tricks of, up to 8 tricks (a higher bid of a
strain only raises the stakes); a hand nowhere near a bid passes without search. Rewards lie in
[0, 1] and move little within a deal, hence ``c=0.3``.

``bids=greedy`` or ``play=greedy`` hands that part of the game to ``greedy`` (to see
which part the search wins). The default budget is 600 iterations (``docs/bots.md`` has
the tournaments that set it and ``c``).
"""

from pathlib import Path

import numpy as np

import sim.core
from bots.five_hundred.greedy import TUNE, cheapest_level, greedy_bot, team_tricks
from bots.ismcts_params import ismcts_params
from bots.registry import Param, numba_bot
from sim.core.bits import lowest_bit
from sim.core.jit import njit
from sim.core.loops import bind
from sim.games.five_hundred.state import HIGH_BID, PHASE
from sim.games.five_hundred.vocab import AUCTION, DECK, PASS, PLAY

SEARCH = bind(Path(sim.core.__file__).with_name("ismcts.py"), "five_hundred",
              {"K": "sim.games.five_hundred.kernels", "D": "bots.five_hundred.search"})  # fmt: skip
GREEDY = np.zeros(8, np.float64)  # greedy's parameters (it has none)
ONE = np.int64(1)
MAX_TRICKS = 8  # the search's own bids go this high at most (greedy's may go higher)
SLACK = 1.5  # a strain is searched when greedy counts at least its cheapest bid less this


@numba_bot(
    "mcts",
    game="five-hundred",
    params=[
        *ismcts_params(600, c=0.3),
        Param(
            "bids",
            "search",
            "the auction and the discards: searched, or greedy's",
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
    if public[PHASE] == AUCTION:
        legal = candidate_calls(public, seat, hand, legal, rng)
        if legal & (legal - 1) == 0:
            return lowest_bit(legal)
    return SEARCH.search(public, seat, hand, legal, rng, params)


@njit(cache=True)
def candidate_calls(public, seat, hand, legal, rng):
    """The calls the search compares: pass, greedy's call, and the cheapest legal bid of each
    strain whose count (greedy's ``team_tricks``) comes within SLACK tricks of it, up to
    MAX_TRICKS tricks (a higher bid of a strain only raises the stakes). A hand that counts
    nowhere near a bid is left to pass without search."""
    cand = (ONE << PASS) | (ONE << greedy_bot(public, seat, hand, legal, rng, GREEDY))
    mine = hand & DECK
    for strain in range(5):
        k = cheapest_level(public[HIGH_BID], strain)
        bid = 5 * (k - 6) + strain
        if k <= MAX_TRICKS and team_tricks(public, seat, mine, strain, TUNE) >= k - SLACK:
            cand |= ONE << bid
    return legal & cand
