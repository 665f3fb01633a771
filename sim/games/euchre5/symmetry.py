"""Five-handed Euchre's suit symmetry (:mod:`sim.core.symmetry`): the rules treat the four
suits alike but for their colours (R1.3: the left bower is the jack of the trump's colour,
R5.1), so a deal whose suits are permuted with the colour pairs kept (H↔D, C↔S) is the same
deal, and every action moves with its cards and suits.

A position's **view** moves its reference suit, the trump once made (R4) or else the up
card's (R3.3), to hearts, that suit's colour partner to diamonds, and the other colour's
two suits to clubs and spades, ordered by what the seat sees of them (:func:`view_of`): eight
views, and one for all the positions that differ by a permutation keeping the colours.
"""

import numpy as np

from sim.core.jit import njit
from sim.core.observe import slice_starts
from sim.core.symmetry import tables
from sim.games.euchre5.observe import G_PASS, N_GLOBAL, SIZE, SLICES
from sim.games.euchre5.vocab import N_CARDS, PASS, TRUMP_BASE

RANKS = N_CARDS // 4  # a compact plane: suit * 7 + rank (sim.games.euchre5.observe)
CARD_SLICES = ("hand", "discard", "up", "called", "trick/", "played/", "shown_out/")
SUIT_SLICES = ("trump", "led")
DESCRIPTION = "euchre5 suits: the trump's or else the up card's suit to H, its colour to D"


def sigma_of(reference: int, swap: int = 0) -> list[int]:
    """Where each suit (H C D S) goes in the view of ``reference``: it to hearts, its colour
    partner to diamonds, the other two to clubs and spades (in their order, or swapped)."""
    partner = reference ^ 2  # H↔D, C↔S (R1.3)
    first, second = sorted(s for s in range(4) if s not in (reference, partner))
    if swap:
        first, second = second, first
    sigma = [0] * 4
    sigma[reference], sigma[partner], sigma[first], sigma[second] = 0, 2, 1, 3
    return sigma


def _moved_action(g: int, sigma) -> int:
    """Global id ``g`` with its card's or named suit moved by ``sigma``."""
    if g < G_PASS:  # plays, discards, calls: a compact card plane each
        block, i = divmod(g, N_CARDS)
        return block * N_CARDS + sigma[i // RANKS] * RANKS + i % RANKS
    named = g - G_PASS + PASS - TRUMP_BASE  # trump:H..S (R11.3)
    return g - named + sigma[named] if 0 <= named < 4 else g


def _slices():
    """The card slices ``(start, planes)`` and the starts of the suit one-hots."""
    starts = slice_starts(SLICES)
    planes = {(s, r): s * RANKS + r for s in range(4) for r in range(RANKS)}
    cards = [(at, planes) for name, at in starts.items()
             if name in CARD_SLICES or name.startswith(CARD_SLICES[4:])]  # fmt: skip
    return starts, cards, [starts[name] for name in SUIT_SLICES]


STARTS, CARDS, SUITS = _slices()
INPUTS, ACTIONS = tables(SIZE, N_GLOBAL, CARDS, SUITS, _moved_action,
                         [sigma_of(r, swap) for r in range(4) for swap in (0, 1)])  # fmt: skip
TRUMP_AT, UP_AT = STARTS["trump"], STARTS["up"]
CARD_STARTS = np.array([at for at, _ in CARDS], np.int64)
SUIT_STARTS = np.array(SUITS, np.int64)


def permuted(sigma) -> tuple[np.ndarray, np.ndarray]:
    """The ``INPUTS`` and ``ACTIONS`` rows of any suit permutation ``sigma``."""
    inputs, actions = tables(SIZE, N_GLOBAL, CARDS, SUITS, _moved_action, [sigma])
    return inputs[0], actions[0]


@njit(cache=True)
def view_of(x):
    """The view of tensor ``x``: its reference suit (the trump's, else the up card's; hearts
    when neither is there), and the order of the other colour's two suits: the one whose
    inputs read first higher, slice by slice and rank by rank, goes to clubs. Two positions
    that differ by a permutation keeping the colours so read the same inputs in their views."""
    reference = 0
    for i in range(N_CARDS):
        if x[UP_AT + i] != 0.0:
            reference = i // RANKS
    for s in range(4):
        if x[TRUMP_AT + s] != 0.0:
            reference = s
    first = 1 if reference % 2 == 0 else 0  # the lower suit of the other colour
    second = first + 2
    for at in CARD_STARTS:
        for r in range(RANKS):
            a, b = x[at + first * RANKS + r], x[at + second * RANKS + r]
            if a != b:
                return 2 * reference + (1 if b > a else 0)
    for at in SUIT_STARTS:
        a, b = x[at + first], x[at + second]
        if a != b:
            return 2 * reference + (1 if b > a else 0)
    return 2 * reference
