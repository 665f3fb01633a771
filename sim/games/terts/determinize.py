"""Terts's determinizer: the hidden cards dealt as a seat may believe them (for search).

Hidden from the seat (R10.1): the other hand and the order of the stock. What it
knows constrains the deal (:func:`sim.core.sampler.deal`):

- the other seat holds 9 cards plus one per draw, minus those it played; the stock
  still face down is the other holder, and the card beside it is face up;
- the cards known to be in the other hand (``KNOWN``: a declared meld's cards, the
  exchanged-in turned card, the turned card or 7 it drew last, R10.2) stay there;
- from trick 8 on a seat that did not follow or trump lacks those cards
  (``SHOWN_OUT``, R5.5; the trump jack excused, R5.6); by then the stock is gone.

The stock's cards are put in a random order. It reads only its arguments, so the true
hidden cards cannot leak.
"""

import numpy as np

from sim.core.bits import lowest_bit, nth_set, popcount
from sim.core.jit import njit
from sim.core.rng import below
from sim.core.sampler import WORK_SIZE as SUB_SIZE
from sim.core.sampler import deal
from sim.games.terts.state import (
    BOTTOM,
    DEALT,
    DRAWN,
    HANDS,
    KNOWN,
    PLAYED,
    PLAYED_BY,
    PUB_SIZE,
    SHOWN_OUT,
    STATE_SIZE,
    STOCK,
    TRICK_NO,
)
from sim.games.terts.vocab import DECK, DRAW_TRICKS, HAND_SIZE, N_SEATS, STOCK_SIZE

STOCK_HOLDER = 1  # holder 0 is the other seat
_NEED, _ALLOW, _GOT = SUB_SIZE, SUB_SIZE + 2, SUB_SIZE + 4
WORK_SIZE = SUB_SIZE + 6  # the sampler's subsets, then need, allow, got of two holders


@njit(cache=True)
def determinize(public, seat, hand, legal, rng, work, state):
    """A full state ``seat`` cannot tell from the real one (the contract: ``docs/games.md``)."""
    state[:PUB_SIZE] = public
    for i in range(PUB_SIZE, STATE_SIZE):
        state[i] = 0
    other = 1 - seat
    known = public[KNOWN + other]
    unseen = np.int64(DECK) & ~hand & ~public[PLAYED]
    if public[BOTTOM] >= 0:
        unseen &= ~(np.int64(1) << public[BOTTOM])
    unknown = unseen & ~known
    drawn = public[DRAWN]
    face_down = STOCK_SIZE - drawn if drawn < STOCK_SIZE else 0
    held = HAND_SIZE + min(public[TRICK_NO], DRAW_TRICKS) - popcount(public[PLAYED_BY + other])
    need = work[_NEED : _NEED + 2]
    allow = work[_ALLOW : _ALLOW + 2]
    got = work[_GOT : _GOT + 2]
    need[0] = held - popcount(known)
    allow[0] = unknown & ~public[SHOWN_OUT + other]
    need[STOCK_HOLDER] = face_down
    allow[STOCK_HOLDER] = unknown
    got[0] = 0
    got[STOCK_HOLDER] = 0
    deal(unknown, allow, need, got, rng, work[:SUB_SIZE])
    state[HANDS + seat] = hand
    state[HANDS + other] = got[0] | known
    for p in range(N_SEATS):
        state[DEALT + p] = state[HANDS + p] | public[PLAYED_BY + p]
    rest = got[STOCK_HOLDER]
    for i in range(STOCK_SIZE):
        state[STOCK + i] = -1
    for i in range(face_down):  # a random order of the face-down cards
        bit = nth_set(rest, below(rng, face_down - i))
        rest ^= bit
        state[STOCK + drawn + i] = lowest_bit(bit)
