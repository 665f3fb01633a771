"""The trix contract's search of Trix's solver (:mod:`.solve`): the layout (R9), every
hand seen.

Every card's holder is fixed, so a position is the four hands (what is laid follows)
and the seat to move; who is out first is the hand already empty. The value is the solved
seat's points (R9.6: -100 out first, -50 second, else 0), the seat minimising them and
the three others maximising them (paranoid). Alpha-beta with an explicit stack, a frame
per real choice (two cards or more to lay): passes (R9.4) and single cards are played
through at once, an ace's extra turn (R9.5) included; a seat out first has its -100
whatever follows. The transposition table is the trick search's (:mod:`.solve_table`)
keyed on the exact hands, its tag's kind bit set: a dense table of pile extents (21^4 x 4
entries) was not needed, the search visits few positions.

Measured (``/tmp``-style script in :mod:`.solve`'s doc: 100 random deals, every seat, from
the contract's first card, the opening jack, an empty table each; thread CPU time, best of
3): median 0.01 ms, 95th percentile 0.2 ms, worst 1.2 ms. Under paranoid the three others can nearly
always keep the seat from getting out: its value from the first card was 0 in 352 of
those 400 solves (-100 in 34, -50 in 14), so in most worlds every card of the seat is worth
the same, and pimc's choices in the layout rest on the few worlds where they differ.
"""

import numpy as np

from sim.core.bits import lowest_bit, popcount
from sim.core.jit import njit
from sim.games.trix.rules import layable
from sim.games.trix.solve_table import FRAME, entry_hi, entry_lo, entry_move, probe, store
from sim.games.trix.vocab import ACE_RANK, ALL_CARDS, JACKS, N_SEATS

ONE = np.int64(1)
NONE = -(1 << 40)
INF = 1 << 30
KIND = 1 << 20  # the tag's kind bit: a layout entry
FIRST, SECOND = -100, -50  # R9.6

# frame fields
F_H = 0  # 4: the hands
F_P, F_ALPHA, F_BETA, F_ALPHA0, F_BETA0, F_LO, F_HI = 4, 5, 6, 7, 8, 9, 10
F_BESTV, F_BESTM, F_N, F_I, F_MAX, F_TAG = 11, 12, 13, 14, 15, 16
F_MOVES = 17  # up to 8
F_KEYS = 25


@njit(cache=True, inline="always")
def next_seat(work, base, p):
    """R2.2 the next seat that still holds cards (D4)."""
    q = (p + 1) % N_SEATS
    while work[base + F_H + q] == 0:
        q = (q + 1) % N_SEATS
    return q


@njit(cache=True, inline="always")
def out_value(work, base, seat, p):
    """Seat ``p`` has just laid his last card: the seat's points if that ends the contract
    (a second seat out, R9.6), else NONE."""
    first = -1
    for q in range(N_SEATS):
        if q != p and work[base + F_H + q] == 0:
            first = q
    if first < 0:
        return NONE
    if first == seat:
        return FIRST
    return SECOND if p == seat else 0


@njit(cache=True)
def lay(work, base, seat, c):
    """The seat to move lays ``c`` (R9.3): the contract's value if it ends, else NONE with
    the turn passed on (R9.5: an ace plays again)."""
    p = work[base + F_P]
    work[base + F_H + p] ^= ONE << c
    if work[base + F_H + p] == 0:
        v = out_value(work, base, seat, p)
        if v != NONE:
            return v
        work[base + F_P] = next_seat(work, base, p)
    elif c & 7 != ACE_RANK:
        work[base + F_P] = next_seat(work, base, p)
    return NONE


@njit(cache=True)
def forced(work, base, seat):
    """Play through passes and single cards until a choice: NONE, or the value once the
    seat's result is fixed (out first: nothing can change it) or the contract ended."""
    while True:
        if work[base + F_H + seat] == 0:
            return FIRST  # out first: a second seat out ends the contract at once
        held = work[base + F_H] | work[base + F_H + 1] | work[base + F_H + 2] | work[base + F_H + 3]
        p = work[base + F_P]
        legal = work[base + F_H + p] & layable(ALL_CARDS & ~held)
        if legal == 0:  # R9.4 a pass
            work[base + F_P] = next_seat(work, base, p)
        elif legal & (legal - 1) == 0:
            v = lay(work, base, seat, lowest_bit(legal))
            if v != NONE:
                return v
        else:
            return NONE


@njit(cache=True, inline="always")
def _push(work, base, n, move, key):
    i = n
    while i > 0 and work[base + F_KEYS + i - 1] < key:
        work[base + F_KEYS + i] = work[base + F_KEYS + i - 1]
        work[base + F_MOVES + i] = work[base + F_MOVES + i - 1]
        i -= 1
    work[base + F_KEYS + i] = key
    work[base + F_MOVES + i] = move
    return n + 1


@njit(cache=True)
def _gen(work, base, seat, legal, held, tt_move):
    """The cards to lay, ordered: the table's first; then aces (another turn); then the
    cards that open the most of the mover's own cards and the fewest of the others'
    (for the seat), or the fewest of the seat's (for the others)."""
    p = work[base + F_P]
    mine = work[base + F_H + p]
    laid = ALL_CARDS & ~held
    n = 0
    m = legal
    while m:
        c = lowest_bit(m)
        m &= m - 1
        after = layable(laid | (ONE << c)) & ~layable(laid) & ~(ONE << c)
        if p == seat:
            key = 4 * popcount(after & mine) - 2 * popcount(after & ~mine)
        else:
            key = -4 * popcount(after & work[base + F_H + seat]) + 2 * popcount(after & mine)
        if c & 7 == ACE_RANK:
            key += 20
        if (ONE << c) & JACKS:
            key += 1
        if c == tt_move:
            key = 1000
        n = _push(work, base, n, c, key)
    return n


@njit(cache=True)
def _enter(work, d, seat, alpha, beta):
    """Start the node of frame ``d`` (its position written): its value if settled at once,
    else NONE with its moves made."""
    base = d * FRAME
    v = forced(work, base, seat)
    if v != NONE:
        return v
    p = work[base + F_P]
    h0 = work[base + F_H]
    h1 = work[base + F_H + 1]
    h2 = work[base + F_H + 2]
    h3 = work[base + F_H + 3]
    held = h0 | h1 | h2 | h3
    lo = FIRST
    hi = 0
    if h0 == 0 or h1 == 0 or h2 == 0 or h3 == 0:  # another seat is out first
        lo = SECOND
    tag = KIND | p | (seat << 2)
    k0 = h0 | (h1 << 32)
    k1 = h2 | (h3 << 32)
    tt_move = -1
    s = probe(work, k0, k1, tag)
    if s >= 0:
        lo = max(lo, entry_lo(work, s))
        hi = min(hi, entry_hi(work, s))
        tt_move = entry_move(work, s)
    if lo >= beta:
        return lo
    if hi <= alpha or lo == hi:
        return hi
    alpha = max(alpha, lo)
    beta = min(beta, hi)
    work[base + F_LO] = lo
    work[base + F_HI] = hi
    work[base + F_TAG] = tag
    legal = work[base + F_H + p] & layable(ALL_CARDS & ~held)
    work[base + F_N] = _gen(work, base, seat, legal, held, tt_move)
    work[base + F_I] = 0
    work[base + F_ALPHA] = alpha
    work[base + F_BETA] = beta
    work[base + F_ALPHA0] = alpha
    work[base + F_BETA0] = beta
    mx = p != seat
    work[base + F_MAX] = mx
    work[base + F_BESTV] = -INF if mx else INF
    work[base + F_BESTM] = -1
    return NONE


@njit(cache=True)
def _finish(work, base, value):
    lo = work[base + F_LO]
    hi = work[base + F_HI]
    if value <= work[base + F_ALPHA0]:
        hi = min(hi, value)
    elif value >= work[base + F_BETA0]:
        lo = max(lo, value)
    else:
        lo = value
        hi = value
    h0 = work[base + F_H]
    h1 = work[base + F_H + 1]
    h2 = work[base + F_H + 2]
    h3 = work[base + F_H + 3]
    store(work, h0 | (h1 << 32), h2 | (h3 << 32), work[base + F_TAG], lo, hi,
          work[base + F_BESTM], popcount(h0 | h1 | h2 | h3))  # fmt: skip


@njit(cache=True)
def search(work, seat, alpha, beta):
    """The seat's points (R9.6; fail-soft within ``alpha``, ``beta``) from the position
    written in frame 0 (the hands and the seat to move)."""
    v = _enter(work, np.int64(0), seat, alpha, beta)  # not Literal[0]: one compile of _enter
    if v != NONE:
        return v
    d = 0
    while True:
        base = d * FRAME
        i = work[base + F_I]
        if i < work[base + F_N]:
            m = work[base + F_MOVES + i]
            work[base + F_I] = i + 1
            nb = base + FRAME
            for q in range(5):  # the hands and the seat to move
                work[nb + q] = work[base + q]
            v = lay(work, nb, seat, m)
            if v == NONE:
                v = _enter(work, d + 1, seat, work[base + F_ALPHA], work[base + F_BETA])
                if v == NONE:
                    d += 1
                    continue
            value = v
        else:
            value = work[base + F_BESTV]
            _finish(work, base, value)
            if d == 0:
                return value
            d -= 1
            base = d * FRAME
            m = work[base + F_MOVES + work[base + F_I] - 1]
        if work[base + F_MAX]:
            if value > work[base + F_BESTV]:
                work[base + F_BESTV] = value
                work[base + F_BESTM] = m
                if value > work[base + F_ALPHA]:
                    work[base + F_ALPHA] = value
                    if value >= work[base + F_BETA]:
                        work[base + F_I] = work[base + F_N]
        elif value < work[base + F_BESTV]:
            work[base + F_BESTV] = value
            work[base + F_BESTM] = m
            if value < work[base + F_BETA]:
                work[base + F_BETA] = value
                if value <= work[base + F_ALPHA]:
                    work[base + F_I] = work[base + F_N]
