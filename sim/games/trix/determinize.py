"""Trix's determinizer: the hidden cards dealt as a seat may believe them (for search bots).

:func:`sample_hands` deals the unseen cards (not in the seat's hand, not played in
this contract) to the three other seats, consistently with everything public:
each seat gets ``8 - cards it played this contract`` cards, never a card of its
``SHOWN_OUT`` mask (suits it did not follow, every card that was layable when it
passed in trix), and the announcer keeps K♥ while it is out. The cards that some
seat may not hold are dealt first, each to a seat drawn with probability
proportional to its free places among the seats that may take it *and* leave the
rest dealable (an exact Hall-condition check over the three seats), so a sample
never fails; the cards anybody may hold are then dealt proportionally to the free
places, which is the uniform deal when nothing is known. :func:`determinize` puts
the sampled hands into a scratch copy of the state, with ``KH_OFFERED`` set so
that the R5.6 offer is pending only where it really is. It reads only the public
slots, the seat's hand and the legal actions: the true hidden hands cannot leak.
"""

import numpy as np

from sim.core.bits import lowest_bit, popcount
from sim.core.jit import njit
from sim.core.rng import below
from sim.games.trix.state import (
    ANNOUNCER,
    DEALT,
    HANDS,
    KH_OFFERED,
    PLAYED,
    PLAYED_BY,
    PUB_SIZE,
    SHOWN_OUT,
    STATE_SIZE,
)
from sim.games.trix.vocab import ALL_CARDS, DOUBLE, KH, N_SEATS

# scratch layout of the int64 work array of the sampler
_NEED = 0  # 3 slots: free places of the other seats (seat + 1, + 2, + 3)
_ALLOW = 3  # 3 slots: cards each may hold
_GOT = 6  # 3 slots: cards dealt to each
_SUB = 9  # 8 slots: for each subset S of the three seats, cards left that only S may hold
SAMPLER_SIZE = 17
WORK_SIZE = SAMPLER_SIZE + N_SEATS  # the sampler's slots, then the sampled hands


# -- sampling the hidden hands ----------------------------------------------------------------
@njit(cache=True)
def _feasible_after(work, k):
    """True if, after one more card to other seat ``k``, the rest can still be dealt (Hall)."""
    for s in range(1, 8):
        cap = 0
        for j in range(3):
            if (s >> j) & 1:
                cap += work[_NEED + j] - (1 if j == k else 0)
        if work[_SUB + s] > cap:
            return False
    return True


@njit(cache=True, inline="always")
def _holders(work, c):
    """The other seats that may hold card ``c``, as bits 0..2."""
    t = 0
    for j in range(3):
        t |= ((work[_ALLOW + j] >> c) & 1) << j
    return t


@njit(cache=True)
def _deal_constrained(constrained, unknown, rng, work):
    """Deal the cards of ``constrained`` (some seat may not hold them), keeping the rest
    of ``unknown`` dealable. False if the record admits no deal (then only sizes count)."""
    ok = True
    for s in range(8):
        work[_SUB + s] = 0
    m = unknown
    while m:
        c = lowest_bit(m)
        m &= m - 1
        t = _holders(work, c)
        if t == 0:
            ok = False
        for s in range(1, 8):
            if t & ~s == 0:
                work[_SUB + s] += 1
    if not ok:  # an inconsistent record (never in a real game): only the sizes count
        for j in range(3):
            work[_ALLOW + j] = unknown
        for s in range(1, 8):
            work[_SUB + s] = popcount(unknown) if s == 7 else 0
    m = constrained
    while m:
        c = lowest_bit(m)
        m &= m - 1
        t = _holders(work, c)
        for s in range(1, 8):
            if t & ~s == 0:
                work[_SUB + s] -= 1
        w0 = w1 = w2 = 0
        if t & 1 and work[_NEED + 0] > 0 and _feasible_after(work, np.int64(0)):
            w0 = work[_NEED + 0]
        if t & 2 and work[_NEED + 1] > 0 and _feasible_after(work, np.int64(1)):
            w1 = work[_NEED + 1]
        if t & 4 and work[_NEED + 2] > 0 and _feasible_after(work, np.int64(2)):
            w2 = work[_NEED + 2]
        if w0 + w1 + w2 == 0:  # cannot happen when the record is consistent
            ok = False
            w0 = work[_NEED + 0]
            w1 = work[_NEED + 1]
            w2 = work[_NEED + 2]
        r = below(rng, w0 + w1 + w2)
        k = 0 if r < w0 else (1 if r < w0 + w1 else 2)
        work[_GOT + k] |= np.int64(1) << c
        work[_NEED + k] -= 1
    return ok


@njit(cache=True)
def sample_hands(public, seat, hand, rng, work, hands):
    """Deal the cards ``seat`` has not seen to the other seats, as far as it can know them.

    Fills ``hands[0..3]`` (``hands[seat] = hand``). Respects hand sizes (8 minus the cards
    played this contract), ``SHOWN_OUT`` and the K♥ announcer; ``work`` is int64 scratch of
    at least ``WORK_SIZE`` slots. Returns False only if the public record admits no deal at
    all (then the shown-out masks are ignored; never the case in a real game).
    """
    unknown = ALL_CARDS & ~hand & ~public[PLAYED]
    hands[seat] = hand
    announcer = public[ANNOUNCER]
    kh_fixed = announcer >= 0 and announcer != seat and (unknown & KH) != 0
    for j in range(3):
        q = (seat + 1 + j) % N_SEATS
        work[_NEED + j] = 8 - popcount(public[PLAYED_BY + q])
        work[_ALLOW + j] = unknown & ~public[SHOWN_OUT + q]
        work[_GOT + j] = 0
        if kh_fixed and q == announcer:
            work[_GOT + j] = KH
            work[_NEED + j] -= 1
    if kh_fixed:
        unknown &= ~KH
    free = unknown & work[_ALLOW + 0] & work[_ALLOW + 1] & work[_ALLOW + 2]
    ok = True
    if free != unknown:
        ok = _deal_constrained(unknown & ~free, unknown, rng, work)
    # the cards any other seat may hold: proportionally to the free places (uniform)
    n0 = work[_NEED + 0]
    n1 = work[_NEED + 1]
    n2 = work[_NEED + 2]
    g0 = work[_GOT + 0]
    g1 = work[_GOT + 1]
    g2 = work[_GOT + 2]
    m = free
    while m:
        c = lowest_bit(m)
        m &= m - 1
        bit = np.int64(1) << c
        r = below(rng, n0 + n1 + n2)
        if r < n0:
            g0 |= bit
            n0 -= 1
        elif r < n0 + n1:
            g1 |= bit
            n1 -= 1
        else:
            g2 |= bit
            n2 -= 1
    hands[(seat + 1) % N_SEATS] = g0
    hands[(seat + 2) % N_SEATS] = g1
    hands[(seat + 3) % N_SEATS] = g2
    return ok


@njit(cache=True)
def determinize(public, seat, hand, legal, rng, work, state):
    """A full scratch state: the public slots plus sampled hands for every seat.

    The determinizer contract (``docs/games.md``): ``work`` is int64 scratch of
    ``WORK_SIZE`` slots, ``state`` a state array; the result keeps ``public``,
    ``seat``'s hand and the legal actions, and deals every card ``seat`` has not
    seen consistently with what is public, from ``rng`` only.
    """
    hands = work[SAMPLER_SIZE : SAMPLER_SIZE + N_SEATS]
    state[:PUB_SIZE] = public
    sample_hands(public, seat, hand, rng, work, hands)
    for p in range(N_SEATS):
        state[HANDS + p] = hands[p]
        state[DEALT + p] = hands[p] | public[PLAYED_BY + p]
    # R5.6: the offer is behind once somebody announced, or if the bot holds K♥ and is
    # asked to play without the offer (it declined); otherwise it is pending for a K♥
    # holder who has not played yet (king_offer_pending also checks PLAYED_BY).
    declined = (hand & KH) != 0 and ((legal >> DOUBLE) & 1) == 0
    state[KH_OFFERED] = 1 if public[ANNOUNCER] >= 0 or declined else 0
    for i in range(KH_OFFERED + 1, STATE_SIZE):
        state[i] = 0  # DEAL_SEED and spare slots: never read by the rules
