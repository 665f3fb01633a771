"""Deal unseen cards to their possible holders: the kernel of a game's determinizer.

A searching seat knows which cards it has not seen, how many each other holder
(a seat, or the buried cards as one more holder) must have, and which cards each
may hold (a suit it did not follow, a card known elsewhere). :func:`deal` hands
out the cards so that every holder gets exactly its number and only cards it may
hold. Cards that not every holder may take are dealt first, each to a holder
drawn in proportion to its free places among those that may take it *and* leave
the rest dealable (an exact Hall check over every subset of holders, kept as each set's
slack: its free places less the cards only its holders may take), so a deal never fails
when one exists; the cards anybody may take are then dealt in
proportion to the free places, which is the uniform deal when nothing is known.
Nothing here knows a game.
"""

import numpy as np

from sim.core.bits import lowest_bit, popcount
from sim.core.jit import njit
from sim.core.rng import below

MAX_HOLDERS = 6
WORK_SIZE = 1 << MAX_HOLDERS  # int64 scratch: one count per subset of holders


@njit(cache=True, inline="always")
def _holders(allow, n, c):
    """The holders that may take card ``c``, as bits."""
    t = 0
    for h in range(n):
        t |= ((allow[h] >> c) & 1) << h
    return t


@njit(cache=True, inline="always")
def _fits(slack, n, h, short):
    """True if one more card to holder ``h`` leaves the rest dealable (Hall): no set of
    holders is short already, and every set with ``h`` in it has a place to spare."""
    if short:
        return False
    for s in range(1, 1 << n):  # noqa: SIM110  (numba compiles no generator into all())
        if (s >> h) & 1 and slack[s] < 1:
            return False
    return True


@njit(cache=True)
def deal(unknown, allow, need, got, rng, sub):
    """Deal the cards of ``unknown`` to ``len(need)`` holders: holder h gets ``need[h]``
    cards, all in ``allow[h]``, added to ``got[h]`` (``need`` is used up). ``sub`` is int64
    scratch of ``WORK_SIZE``. False if no such deal exists (then only the numbers are kept)."""
    n = len(need)
    everyone = (1 << n) - 1
    for s in range(1 << n):
        sub[s] = 0
    free = unknown  # the cards every holder may take
    for h in range(n):
        free &= allow[h]
    ok = True
    sub[everyone] = popcount(free)
    m = unknown & ~free
    while m:  # the others, by the set of holders that may take them
        c = lowest_bit(m)
        m &= m - 1
        t = _holders(allow, n, c)
        if t == 0:
            ok = False
        sub[t] += 1
    for h in range(n):  # sub[s]: the cards only holders of s may take (a sum over subsets)
        for s in range(1 << n):
            if (s >> h) & 1:
                sub[s] += sub[s ^ (1 << h)]
    for s in range(1, 1 << n):  # sub[s] becomes the slack: the places of s less those cards
        cap = 0
        for h in range(n):
            if (s >> h) & 1:
                cap += need[h]
        sub[s] = cap - sub[s]
    if not ok:  # an inconsistent record (never in a real game): only the numbers count
        free = unknown
    m = unknown & ~free
    while m:
        c = lowest_bit(m)
        m &= m - 1
        t = _holders(allow, n, c)
        short = False
        for s in range(1, 1 << n):
            if t & ~s == 0:
                sub[s] += 1  # c is no longer owed to s alone
            short |= sub[s] < 0
        fits = 0
        weight = 0
        for h in range(n):
            if (t >> h) & 1 and need[h] > 0 and _fits(sub, n, h, short):
                fits |= 1 << h
                weight += need[h]
        if weight == 0:  # cannot happen when the record is consistent
            ok = False
            t = everyone
            for h in range(n):
                weight += need[h]
        r = below(rng, weight)
        for h in range(n):
            if (t >> h) & 1 and need[h] > 0 and (not ok or (fits >> h) & 1):
                if r < need[h]:
                    got[h] |= np.int64(1) << c
                    need[h] -= 1
                    for s in range(1, 1 << n):
                        if (s >> h) & 1:
                            sub[s] -= 1  # one place fewer in every set with h
                    break
                r -= need[h]
    total = 0
    for h in range(n):
        total += need[h]
    m = free
    while m:  # the cards anybody may hold: in proportion to the free places (uniform)
        c = lowest_bit(m)
        m &= m - 1
        r = below(rng, total)
        for h in range(n):
            if r < need[h]:
                got[h] |= np.int64(1) << c
                need[h] -= 1
                total -= 1
                break
            r -= need[h]
    return ok
