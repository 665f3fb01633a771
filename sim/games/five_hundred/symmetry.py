"""Five Hundred's suit symmetry (:mod:`sim.core.symmetry`), once the contract is made: the
deck keeps the red fours and drops the black ones (R1.1), and the left bower is the jack of
the trump's colour (R1.3), so the suits may be exchanged within a colour (H↔D, C↔S) and the
cards play alike. The auction is not symmetric, its bids being valued by their strain (R5):
there every position reads its own view. After it, what the contract is worth is an input
of its own (``contract_value``), which no view moves, and the deal is scored from it alone
(R9): the play and the discard of a deal so exchanged are the same problem.

A position's **view**: in the auction, none (itself); after it, a trump suit goes to the
first suit of its colour (hearts, clubs), and each colour pair without the trump is ordered
by what the seat sees of it (:func:`sim.core.symmetry.swapped`): four views.
"""

import numpy as np

from sim.core.jit import njit
from sim.core.observe import slice_starts
from sim.core.symmetry import swap_pairs, swapped, tables
from sim.games.five_hundred.observe import (
    CARDS,
    G_DISCARD,
    G_JOKER_LEAD,
    G_PLAY,
    N_GLOBAL,
    SIZE,
    SLICES,
)
from sim.games.five_hundred.vocab import AUCTION, DIAMONDS, JOKER, N_BIDS, SPADES, STRAIN_TRUMP

CARD_SLICES = ("hand", "my_discards", "trick/", "played_by/")
SUIT_SLICES = ("trump", "to_follow", "voids/")
BID_SLICES = ("high_bid", "bid/")
DESCRIPTION = "five-hundred suits after the auction: H<->D and C<->S, the trump to H or C"
PLANE = {card: i for i, card in enumerate(CARDS)}


def _moved_card(card: int, sigma) -> int:
    return card if card == JOKER else sigma[card // 11] * 11 + card % 11


def _moved_action(g: int, sigma) -> int:
    """Global id ``g`` with its card's, trump's or named suit moved by ``sigma``."""
    if g < N_BIDS:  # a bid: its strain's suit moved, no trumps kept (R4.3)
        strain = g % 5
        suit = STRAIN_TRUMP[strain]
        return g if suit < 0 else g - strain + STRAIN_TRUMP.index(sigma[suit])
    if G_DISCARD <= g < G_JOKER_LEAD:  # a discard or a card played
        base = G_DISCARD if g < G_PLAY else G_PLAY
        return base + PLANE[_moved_card(CARDS[g - base], sigma)]
    if g >= G_JOKER_LEAD:  # the joker led in no trumps, naming a suit (R8.2)
        return G_JOKER_LEAD + sigma[g - G_JOKER_LEAD]
    return g  # pass


def _slices():
    """The card slices ``(start, planes)``, the starts of the suit one-hots and the bid
    one-hots ``(start, length)``."""
    starts = slice_starts(SLICES)
    planes = {(c // 11, c % 11): i for i, c in enumerate(CARDS) if c != JOKER}

    def named(prefixes):
        return [at for name, at in starts.items() if name.startswith(prefixes)]

    cards = [(at, planes) for at in named(CARD_SLICES)]
    return starts, cards, named(SUIT_SLICES), [(at, N_BIDS) for at in named(BID_SLICES)]


STARTS, _CARDS, _SUITS, _BIDS = _slices()
RED, BLACK = [0, 1, 2, 3], [0, 1, 2, 3]
RED[0], RED[DIAMONDS] = DIAMONDS, 0  # H<->D
BLACK[1], BLACK[SPADES] = SPADES, 1  # C<->S
SIGMAS = [[0, 1, 2, 3], RED, BLACK, [RED[s] for s in BLACK]]  # view red + 2 * black
INPUTS, ACTIONS = tables(SIZE, N_GLOBAL, _CARDS, _SUITS, _moved_action, SIGMAS, _BIDS)
RED_PAIRS, BLACK_PAIRS = swap_pairs(INPUTS[1], SIZE), swap_pairs(INPUTS[2], SIZE)
TRUMP_AT = STARTS["trump"]


def permuted(sigma) -> tuple[np.ndarray, np.ndarray]:
    """The ``INPUTS`` and ``ACTIONS`` rows of a suit permutation ``sigma``."""
    inputs, actions = tables(SIZE, N_GLOBAL, _CARDS, _SUITS, _moved_action, [sigma], _BIDS)
    return inputs[0], actions[0]


@njit(cache=True)
def view_of(x):
    """The view of tensor ``x``: itself in the auction; after it, the trump's colour pair by
    the trump (a trump of diamonds or spades exchanged), each other pair by its inputs."""
    if x[AUCTION] != 0.0:  # the phase one-hot leads the tensor
        return 0
    trump = -1
    for s in range(4):
        if x[TRUMP_AT + s] != 0.0:
            trump = s
    if trump < 0:  # no trumps: both pairs by their inputs
        return swapped(x, RED_PAIRS) + 2 * swapped(x, BLACK_PAIRS)
    if trump % 2 == 0:
        return (1 if trump == DIAMONDS else 0) + 2 * swapped(x, BLACK_PAIRS)
    return swapped(x, RED_PAIRS) + (2 if trump == SPADES else 0)
