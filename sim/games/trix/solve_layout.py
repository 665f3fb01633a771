"""The trix contract's search part of Trix's solver (:mod:`.solve`), bound into the
alpha-beta template (:mod:`sim.core.alphabeta`): the layout (R9), every hand seen.

Every card's holder is fixed, so a position is the four hands (what is laid follows)
and the seat to move; who is out first is the hand already empty. The value is the solved
seat's points (R9.6: -100 out first, -50 second, else 0), the seat minimising them and
the three others maximising them (paranoid). A frame per real choice (two cards or more
to lay): passes (R9.4) and single cards are played through at once, an ace's extra turn
(R9.5) included; a seat out first has its -100 whatever follows. The transposition table
is the trick search's (:mod:`.solve_table`) keyed on the exact hands, its tag's kind bit
set: a dense table of pile extents (21^4 x 4 entries) was not needed, the search visits
few positions.

Measured (a script as in :mod:`.solve`'s doc, not kept: 100 random deals, every seat, from
the contract's first card, the opening jack, an empty table each; thread CPU time, best of
3): median 0.01 ms, 95th percentile 0.2 ms, worst 1.2 ms. Under paranoid the three others can nearly
always keep the seat from getting out: its value from the first card was 0 in 352 of
those 400 solves (-100 in 34, -50 in 14), so in most worlds every card of the seat is worth
the same, and pimc's choices in the layout rest on the few worlds where they differ.
"""

import numpy as np

from sim.core.bits import lowest_bit, popcount
from sim.core.frames import HEAD, NONE, as_is, keep, push
from sim.core.jit import njit
from sim.games.trix.rules import layable
from sim.games.trix.solve_table import FRAME
from sim.games.trix.vocab import ACE_RANK, ALL_CARDS, JACKS, N_SEATS

ONE = np.int64(1)
KIND = 1 << 20  # the tag's kind bit: a layout entry
FIRST, SECOND = -100, -50  # R9.6

# frame fields (after the template's head)
F_H = HEAD  # 4: the hands
F_P = HEAD + 4  # the seat to move
F_MOVES = HEAD + 5  # up to 8
F_KEYS = F_MOVES + 8


@njit(cache=True, inline="always")
def next_seat(f, p):
    """R2.2 the next seat that still holds cards (D4)."""
    q = (p + 1) % N_SEATS
    while f[F_H + q] == 0:
        q = (q + 1) % N_SEATS
    return q


@njit(cache=True, inline="always")
def out_value(f, seat, p):
    """Seat ``p`` has just laid his last card: the seat's points if that ends the contract
    (a second seat out, R9.6), else NONE."""
    first = -1
    for q in range(N_SEATS):
        if q != p and f[F_H + q] == 0:
            first = q
    if first < 0:
        return NONE
    if first == seat:
        return FIRST
    return SECOND if p == seat else 0


@njit(cache=True, inline="always")
def lay(f, seat, c):
    """The seat to move lays ``c`` (R9.3): the contract's value if it ends, else NONE with
    the turn passed on (R9.5: an ace plays again)."""
    p = f[F_P]
    f[F_H + p] ^= ONE << c
    if f[F_H + p] == 0:
        v = out_value(f, seat, p)
        if v != NONE:
            return v
        f[F_P] = next_seat(f, p)
    elif c & 7 != ACE_RANK:
        f[F_P] = next_seat(f, p)
    return NONE


@njit(cache=True, inline="always")
def forced(f, seat):
    """Play through passes and single cards until a choice: NONE, or the value once the
    seat's result is fixed (out first: nothing can change it) or the contract ended."""
    while True:
        if f[F_H + seat] == 0:
            return FIRST  # out first: a second seat out ends the contract at once
        held = f[F_H] | f[F_H + 1] | f[F_H + 2] | f[F_H + 3]
        p = f[F_P]
        legal = f[F_H + p] & layable(ALL_CARDS & ~held)
        if legal == 0:  # R9.4 a pass
            f[F_P] = next_seat(f, p)
        elif legal & (legal - 1) == 0:
            v = lay(f, seat, lowest_bit(legal))
            if v != NONE:
                return v
        else:
            return NONE


# -- the hooks of the template (sim.core.alphabeta); ctx: the seat ------------------------------
@njit(cache=True, inline="always")
def settle(work, f, ctx, alpha, beta):
    """Passes and single cards played through (:func:`forced`); the seat's points lie in
    -100 .. 0 (-50 .. 0 once another seat is out first); every choice is a node of the table."""
    v = forced(f, ctx[0])
    if v != NONE:
        return v, np.int64(FIRST), np.int64(0), False
    out = f[F_H] == 0 or f[F_H + 1] == 0 or f[F_H + 2] == 0
    if out or f[F_H + 3] == 0:  # another seat is out first
        return NONE, np.int64(SECOND), np.int64(0), True
    return NONE, np.int64(FIRST), np.int64(0), True


@njit(cache=True, inline="always")
def key(work, f, ctx):
    """The exact hands, then the tag: the seat to move, the seat solved for, the kind bit."""
    h0 = f[F_H]
    h1 = f[F_H + 1]
    h2 = f[F_H + 2]
    h3 = f[F_H + 3]
    tag = KIND | f[F_P] | (ctx[0] << 2)
    return h0 | (h1 << 32), h2 | (h3 << 32), tag, popcount(h0 | h1 | h2 | h3)


@njit(cache=True, inline="always")
def moves(work, f, ctx, tt_move):
    """The cards the seat to move may lay (R9.3), ordered: the table's first; then aces
    (another turn); then the cards that open the most of the mover's own cards and the
    fewest of the others' (for the seat), or the fewest of the seat's (for the others).
    Their count, and whether the mover maximises (the seat minimises)."""
    seat = ctx[0]
    held = f[F_H] | f[F_H + 1] | f[F_H + 2] | f[F_H + 3]
    p = f[F_P]
    mine = f[F_H + p]
    laid = ALL_CARDS & ~held
    legal = mine & layable(laid)
    n = 0
    m = legal
    while m:
        c = lowest_bit(m)
        m &= m - 1
        after = layable(laid | (ONE << c)) & ~layable(laid) & ~(ONE << c)
        if p == seat:
            key = 4 * popcount(after & mine) - 2 * popcount(after & ~mine)
        else:
            key = -4 * popcount(after & f[F_H + seat]) + 2 * popcount(after & mine)
        if c & 7 == ACE_RANK:
            key += 20
        if (ONE << c) & JACKS:
            key += 1
        if c == tt_move:
            key = 1000
        n = push(f, F_MOVES, F_KEYS, n, c, key)
    return n, p != seat


@njit(cache=True, inline="always")
def play(work, f, m, ctx):
    """The position after laying ``m`` into the next frame: the contract's value (as the
    gain) if that ends it."""
    child = f[FRAME:]
    for q in range(5):  # the hands and the seat to move
        child[F_H + q] = f[F_H + q]
    v = lay(child, ctx[0], m)
    if v != NONE:
        return np.int64(v), True
    return np.int64(0), False


undo = keep  # a frame holds its whole position
rel_move = abs_move = as_is  # the key is the exact hands: a card as it is
