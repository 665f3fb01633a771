"""Five Hundred's determinizer: the hidden cards dealt as a seat may believe them (for search).

Hidden from the seat (R11.1): the other three hands, the kitty and the contractor's
discards (unless it is the contractor). What it knows constrains the deal
(:func:`sim.core.sampler.deal`):

- every other seat holds 10 cards minus those it played (the contractor 13 minus
  his discards while he exchanges); the buried cards (the kitty before the exchange,
  the discards after it) are one more holder;
- a seat never holds a card of a suit it showed void in (``VOIDS``, R7.2), the
  left bower and the joker counting as trumps in a trump contract (R1.5);
- the contractor knows his discards (the high bits of his private word) and
  everything he took from the kitty is in his hand.

It reads only its arguments, so the true hidden cards cannot leak.
"""

import numpy as np

from sim.core.bits import popcount
from sim.core.jit import njit
from sim.core.sampler import WORK_SIZE as SUB_SIZE
from sim.core.sampler import deal
from sim.games.five_hundred.rules import suit_cards
from sim.games.five_hundred.state import (
    CONTRACTOR,
    DEALT,
    DISCARDED,
    DISCARDS,
    HANDS,
    KITTY,
    PHASE,
    PLAYED,
    PLAYED_BY,
    PUB_SIZE,
    STATE_SIZE,
    TRUMP,
    VOIDS,
)
from sim.games.five_hundred.vocab import AUCTION, DECK, N_SEATS
from sim.games.five_hundred.vocab import DISCARD as DISCARD_PHASE

BURIED = N_SEATS - 1  # the holder index of the buried cards (the other seats are 0 .. BURIED - 1)
CARDS = (np.int64(1) << 45) - 1
_NEED, _ALLOW, _GOT = SUB_SIZE, SUB_SIZE + N_SEATS, SUB_SIZE + 2 * N_SEATS
WORK_SIZE = SUB_SIZE + 3 * N_SEATS  # the sampler's subsets, then need, allow, got of each holder


@njit(cache=True, inline="always")
def known_discards(hand):
    """The contractor's discards from his private word (six bits each from bit 45: card + 1)."""
    gone = np.int64(0)
    for i in range(3):
        c = (hand >> (45 + 6 * i)) & 63
        if c:
            gone |= np.int64(1) << (c - 1)
    return gone


@njit(cache=True, inline="always")
def shown_out(public, q):
    """The cards seat ``q`` has shown it lacks: every suit it showed void in (R7.2)."""
    out = np.int64(0)
    voids = public[VOIDS + q]
    for s in range(4):
        if voids >> s & 1:
            out |= suit_cards(s, public[TRUMP])
    return out


@njit(cache=True)
def determinize(public, seat, hand, legal, rng, work, state):
    """A full state ``seat`` cannot tell from the real one (the contract: ``docs/games.md``)."""
    state[:PUB_SIZE] = public
    for i in range(PUB_SIZE, STATE_SIZE):
        state[i] = 0
    cards = hand & CARDS
    mine = known_discards(hand)
    phase = public[PHASE]
    contractor = public[CONTRACTOR]
    unknown = np.int64(DECK) & ~cards & ~public[PLAYED] & ~mine
    need = work[_NEED : _NEED + N_SEATS]
    allow = work[_ALLOW : _ALLOW + N_SEATS]
    got = work[_GOT : _GOT + N_SEATS]
    dealt = 0
    for j in range(N_SEATS - 1):
        q = (seat + 1 + j) % N_SEATS
        if phase == DISCARD_PHASE and q == contractor:
            need[j] = 13 - public[DISCARDS]
        else:
            need[j] = 10 - popcount(public[PLAYED_BY + q])
        dealt += need[j]
        allow[j] = unknown & ~shown_out(public, q)
        got[j] = 0
    need[BURIED] = popcount(unknown) - dealt
    allow[BURIED] = unknown
    got[BURIED] = 0
    deal(unknown, allow, need, got, rng, work[:SUB_SIZE])
    state[HANDS + seat] = cards
    for j in range(N_SEATS - 1):
        state[HANDS + (seat + 1 + j) % N_SEATS] = got[j]
    for p in range(N_SEATS):
        state[DEALT + p] = state[HANDS + p] | public[PLAYED_BY + p]
    buried = got[BURIED] | mine
    if phase == AUCTION:
        state[KITTY] = buried
        state[DISCARDED] = 0
    else:  # the kitty is in the contractor's hand or among his discards: only tables read it
        state[KITTY] = buried
        state[DISCARDED] = buried if contractor >= 0 else 0
