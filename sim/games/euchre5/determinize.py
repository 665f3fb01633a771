"""Euchre's determinizer: the hidden cards dealt as a seat may believe them (for search bots).

Hidden from the seat (R10): the other four hands, the kitty, the dealer's
discard (unless it is the dealer), and so who the partner is until the called
card is played. What it knows constrains the deal (:func:`sim.core.sampler.deal`):

- every other seat holds 5 cards minus those it played; the buried cards (the
  kitty, and the discard or the turned-down up card) are one more holder;
- a seat never holds a card of a suit it did not follow (``SHOWN_OUT``, R7.2);
- after an order the up card is with the dealer or is his discard (R4.2); before
  it, it is on the table, and after a round-1 pass it is turned down (R4.3);
- the maker does not hold the called card (R6.2); once played, its player is the
  partner (R6.3);
- a dealer knows his discard (the high bits of his private word); he was dealt it
  unless it is the up card, and the maker may not call a card he was dealt (R6.2).

It reads only its arguments, so the true hidden cards cannot leak.
"""

import numpy as np

from sim.core.bits import lowest_bit, popcount
from sim.core.jit import njit
from sim.core.sampler import WORK_SIZE as SUB_SIZE
from sim.core.sampler import deal
from sim.games.euchre5.state import (
    CALLED,
    DEALER,
    DEALT,
    DISCARDED_CARD,
    HANDS,
    KITTY,
    MAKER,
    MAKER_TRUMPS,
    PARTNER,
    PHASE,
    PLAYED,
    PLAYED_BY,
    PUB_SIZE,
    REVEALED,
    ROUND,
    SHOWN_OUT,
    STATE_SIZE,
    UP_CARD,
)
from sim.games.euchre5.vocab import DECK, DISCARD, N_SEATS

BURIED = N_SEATS - 1  # the holder index of the buried cards (the other seats are 0 .. BURIED - 1)
_NEED, _ALLOW, _GOT = SUB_SIZE, SUB_SIZE + N_SEATS, SUB_SIZE + 2 * N_SEATS
WORK_SIZE = SUB_SIZE + 3 * N_SEATS  # the sampler's subsets, then need, allow, got of each holder


@njit(cache=True)
def determinize(public, seat, hand, legal, rng, work, state):
    """A full state ``seat`` cannot tell from the real one (the contract: ``docs/games.md``)."""
    state[:PUB_SIZE] = public
    for i in range(PUB_SIZE, STATE_SIZE):
        state[i] = 0
    cards = hand & DECK
    known_discard = (hand >> 32) & DECK  # the dealer's own discard (R10.1)
    dealer = public[DEALER]
    maker = public[MAKER]
    up = np.int64(1) << public[UP_CARD]
    ordered = public[ROUND] == 1 and maker >= 0
    # while the dealer discards, the up card is in his hand for all to know (R4.2)
    taking = public[PHASE] == DISCARD and seat != dealer
    unknown = DECK & ~cards & ~public[PLAYED] & ~known_discard
    if not ordered or taking:
        unknown &= ~up  # on the table (round 1), turned down (round 2), or being taken
    need = work[_NEED : _NEED + N_SEATS]
    allow = work[_ALLOW : _ALLOW + N_SEATS]
    got = work[_GOT : _GOT + N_SEATS]
    dealt = 0
    for j in range(N_SEATS - 1):
        q = (seat + 1 + j) % N_SEATS
        need[j] = 5 - popcount(public[PLAYED_BY + q])
        dealt += need[j]
        allow[j] = unknown & ~public[SHOWN_OUT + q]
        if ordered and q != dealer:
            allow[j] &= ~up  # the up card is the dealer's, or his discard (R4.2)
        if q == maker and public[CALLED] >= 0:
            allow[j] &= ~(np.int64(1) << public[CALLED])  # R6.2
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
    if taking:
        state[HANDS + dealer] |= up  # six cards, one to discard
    if public[PHASE] == DISCARD:
        state[DEALT + dealer] &= ~up  # dealt, he had five
    buried = got[BURIED] | known_discard
    if ordered and public[PHASE] != DISCARD:  # the kitty and the discard are buried
        discard = known_discard if known_discard else (buried & up if buried & up else
                                                       buried & -buried)  # fmt: skip
        state[DISCARDED_CARD] = lowest_bit(discard) if discard else -1
        state[KITTY] = buried & ~discard
        state[DEALT + dealer] = (state[DEALT + dealer] | discard) & ~up  # dealt his discard
    else:
        state[DISCARDED_CARD] = -1
        state[KITTY] = buried
    called = public[CALLED]
    state[PARTNER] = -1
    if called >= 0:
        if public[REVEALED] >= 0:
            state[PARTNER] = public[REVEALED]
        else:
            for p in range(N_SEATS):
                if (state[HANDS + p] >> called) & 1:
                    state[PARTNER] = p
    state[MAKER_TRUMPS] = 0  # only the tables read it
