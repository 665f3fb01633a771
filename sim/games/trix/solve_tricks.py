"""The trick contracts' search of Trix's solver (:mod:`.solve`): alpha-beta over single
cards with an explicit stack (no recursion: numba issue #6061), MTD(f) at the root.

**The value** searched is ``sum over seats q of weight(q) * (q's future points)``, the
solved seat minimising it and the three others maximising it. The paranoid model of the
solver weighs the seat alone (``model`` 0: weight 1, the others 0); ``model`` 1 (the seat
3, each other seat -1: its points less the others' mean, times 3) is the relative
alternative :mod:`.solve` measured it against. Points are counted as the kernels count
them (R5, R7): each trick adds the winner's raw points times his multiplier (R7.1, R7.2)
and, when it holds an announced K♥ the announcer did not win, -50 to him (R5.6, R7.3);
the all-eight rules (R5.1, R5.3, R5.7) are a correction at the contract's end, read from
two flags of the history: the seat that has won every trick so far and the one that has
taken every diamond so far (or: none yet, nobody; under paranoid only "the seat or not"
is kept). The K♥ offer (R5.6) is a choice of the search: while it is to come, the
holder's cards come twice, with and without the announcement (his first card is in trick
1, so the offer is settled before any entry of the table but the root's).

**Techniques** (node counts of full solves from the first card, 30 deals a contract,
median; each step on top of the ones before):

- A transposition table at trick boundaries (:mod:`.solve_table`) holding bounds on the
  *future* value and the best move. Its key is DDS's *relative ranks*: per suit, who holds
  each card still held, in rank order, and where the cards that score apart lie among
  them (queens in queens and general, K♥ in king and general; a diamond is worth its
  suit): positions that differ only in which cards have gone share one entry. With the
  exact hands as the key (10 deals, MTD(f)): diamonds 311k nodes, tricks 501k, general
  963k; with relative ranks 89k, 191k, 524k. Two entries a bucket,
  the deeper position kept (2^16 entries, 2 MB): with one, the worst general deal of 30
  took 43M nodes at that size, with two 3M.
- Bounds at every trick boundary from the points still in play (the seat's multiplier,
  the all-eight bonuses where the flags allow them, the -50 where it may fall, general's
  return to 0).
- MTD(f) from 0: zero-window tests whose bounds stay in the table. From 0 because tests
  under the value are cheap and those above it are not: against one full-window search
  it took 0.55x the nodes in general (median); bisection between the bounds took 1.8x
  MTD(f)'s, growing steps 1.25x, starting at the last solve's value (a sibling's; the
  children of four decisions of 8 deals) 1.3x.
- Equivalent cards: the cards of one hand and suit with no card of another hand (nor on
  the table) between them in rank form a class; one card per distinct value is searched,
  and where the trick's fate for the seat is certain only the costliest or the cheapest
  (skatsearch's value-aware rule, :func:`.solve_moves.gen`): -20% nodes in queens, -30% in general.
- Move ordering by the trick: the seat ducks with its costliest card, the others leave the
  trick to the seat and throw points on it, or lead where the seat must go over; the
  table's move first. (A killer move per depth made it worse: +30-65% nodes.)
- A player with one move worth searching inside a trick plays it in the frame itself
  (42% of the frames were such; fewer frames, no faster), and the last trick (one card
  each) is counted without frames.
"""

import numpy as np

from sim.core.bits import popcount
from sim.core.jit import njit
from sim.games.trix.solve_moves import (
    F_ALPHA,
    F_ALPHA0,
    F_ANN,
    F_BEST,
    F_BESTM,
    F_BESTV,
    F_BETA,
    F_BETA0,
    F_FD,
    F_FT,
    F_GAIN,
    F_H,
    F_HI,
    F_I,
    F_K0,
    F_K1,
    F_LEADER,
    F_LO,
    F_MAX,
    F_MOVES,
    F_N,
    F_OFF,
    F_TABLE,
    F_TAG,
    F_TLEN,
    F_TRICK,
    F_WIN,
    abs_move,
    gen,
    rel_key,
    rel_move,
)
from sim.games.trix.solve_points import (
    ANNOUNCE,
    NO_ANNOUNCER,
    PENDING,
    bounds,
    complete,
    last_trick,
)
from sim.games.trix.solve_table import FRAME, NODES, entry_hi, entry_lo, entry_move, probe, store
from sim.games.trix.vocab import KH

ONE = np.int64(1)
NONE = -(1 << 40)  # a node not settled at once: its frame is pushed
INF = 1 << 30


@njit(cache=True)
def _tag(leader, seat, contract, ann, ft, fd, chooser, imposed, model):
    return (
        leader | (seat << 2) | (contract << 4) | (ann << 7) | (ft << 10) | (fd << 13)
        | (chooser << 16) | (imposed << 18) | (model << 19)
    )  # fmt: skip


@njit(cache=True)
def _enter(work, d, contract, seat, chooser, mch, model, alpha, beta):
    """Start the node of frame ``d`` (its position already written): its value if settled
    at once (the last trick, a table hit, the bounds), else NONE with its moves made.

    A player with one move worth searching inside a trick plays it at once, in the frame
    itself; what such moves gain is kept in F_OFF and added to the frame's value."""
    base = d * FRAME
    work[NODES] += 1
    off = 0
    while True:
        tlen = work[base + F_TLEN]
        leader = work[base + F_LEADER]
        p = (leader + tlen) % 4
        tt_move = -1
        if tlen == 0:
            h0 = work[base + F_H]
            h1 = work[base + F_H + 1]
            h2 = work[base + F_H + 2]
            h3 = work[base + F_H + 3]
            ann = work[base + F_ANN]
            ft = work[base + F_FT]
            fd = work[base + F_FD]
            if h0 & (h0 - 1) == 0 and ann != PENDING:  # one card each
                return off + last_trick(contract, seat, chooser, mch, model, h0, h1, h2, h3,
                                         leader, ann, ft, fd)  # fmt: skip
            k = work[base + F_TRICK]
            lo, hi = bounds(contract, seat, chooser, mch, model, h0, h1, h2, h3, k, ann, ft, fd)
            imposed = 1 if mch == 4 else 0
            tag = _tag(leader, seat, contract, ann, ft, fd, chooser, imposed, model)
            k0, k1 = rel_key(contract, h0, h1, h2, h3)
            s = probe(work, k0, k1, tag)
            if s >= 0:
                lo = max(lo, entry_lo(work, s))
                hi = min(hi, entry_hi(work, s))
                tt_move = abs_move(h0 | h1 | h2 | h3, entry_move(work, s))
            if lo >= beta - off:
                return off + lo
            if hi <= alpha - off or lo == hi:
                return off + hi
            work[base + F_LO] = lo
            work[base + F_HI] = hi
            work[base + F_TAG] = tag
            work[base + F_K0] = k0
            work[base + F_K1] = k1
            alpha = max(alpha, lo + off)
            beta = min(beta, hi + off)
        n = gen(work, base, contract, seat, model, p, tt_move)
        if n > 1 or tlen == 0:
            break
        gain, end = _play(work, base, base, work[base + F_MOVES], contract, seat, chooser, mch,
                          model)  # fmt: skip
        off += gain
        if end:
            return off
    work[base + F_OFF] = off
    work[base + F_ALPHA] = alpha - off
    work[base + F_BETA] = beta - off
    work[base + F_ALPHA0] = alpha - off
    work[base + F_BETA0] = beta - off
    work[base + F_N] = n
    work[base + F_I] = 0
    work[base + F_GAIN] = 0
    mx = p != seat
    work[base + F_MAX] = mx
    work[base + F_BESTV] = -INF if mx else INF
    work[base + F_BESTM] = -1
    return NONE


@njit(cache=True)
def _finish(work, base, value):
    """A finished trick-boundary node's bounds and best move into the table."""
    lo = work[base + F_LO]
    hi = work[base + F_HI]
    if value <= work[base + F_ALPHA0]:  # failed low: an upper bound
        hi = min(hi, value)
    elif value >= work[base + F_BETA0]:  # failed high: a lower bound
        lo = max(lo, value)
    else:
        lo = value
        hi = value
    held = work[base + F_H] | work[base + F_H + 1] | work[base + F_H + 2] | work[base + F_H + 3]
    move = work[base + F_BESTM]
    rm = rel_move(held, move) if move >= 0 else -1
    store(work, work[base + F_K0], work[base + F_K1], work[base + F_TAG], lo, hi, rm,
          popcount(held))  # fmt: skip


@njit(cache=True)
def _play(work, base, nb, m, contract, seat, chooser, mch, model):
    """Write the position after move ``m`` of the frame at ``base`` into the frame at
    ``nb`` (the same frame, or the next): returns the searched value's gain and whether
    the contract ended."""
    c = m & 31
    bit = ONE << c
    tlen = work[base + F_TLEN]
    leader = work[base + F_LEADER]
    p = (leader + tlen) % 4
    ann = work[base + F_ANN]
    if ann == PENDING and work[base + F_H + p] & KH:  # R5.6: the holder's first turn
        ann = p if m & ANNOUNCE else NO_ANNOUNCER
    if tlen == 0:  # R4.1 any lead
        table = bit
        win = p
        best = c
    else:  # R4.3 the highest card of the led suit holds the trick
        table = work[base + F_TABLE] | bit
        win = work[base + F_WIN]
        best = work[base + F_BEST]
        if c >> 3 == best >> 3 and c > best:
            win = p
            best = c
    ft = work[base + F_FT]
    fd = work[base + F_FD]
    k = work[base + F_TRICK]
    if nb != base:
        for q in range(4):
            work[nb + F_H + q] = work[base + F_H + q]
        work[nb + F_FT] = ft
        work[nb + F_FD] = fd
        work[nb + F_TRICK] = k
        work[nb + F_LEADER] = leader
    work[nb + F_H + p] ^= bit
    work[nb + F_ANN] = ann
    if tlen < 3:
        work[nb + F_TLEN] = tlen + 1
        work[nb + F_TABLE] = table
        work[nb + F_WIN] = win
        work[nb + F_BEST] = best
        return 0, False
    rest = work[nb + F_H] | work[nb + F_H + 1] | work[nb + F_H + 2] | work[nb + F_H + 3]
    gain, ft, fd, end = complete(contract, seat, chooser, mch, model, table, win, k, ann, ft,
                                 fd, rest)  # fmt: skip
    work[nb + F_TLEN] = 0
    work[nb + F_TABLE] = 0
    work[nb + F_WIN] = -1
    work[nb + F_BEST] = -1
    work[nb + F_LEADER] = win  # R4.1 the winner leads the next trick
    work[nb + F_TRICK] = k + 1
    work[nb + F_FT] = ft
    work[nb + F_FD] = fd
    return gain, end


@njit(cache=True)
def search(work, contract, seat, chooser, mch, model, alpha, beta):
    """The searched value (fail-soft within ``alpha``, ``beta``) of the position written in
    frame 0: the seat minimises it, the others maximise it."""
    # np.int64: a literal depth 0 would make numba compile _enter a second time (8 s)
    v = _enter(work, np.int64(0), contract, seat, chooser, mch, model, alpha, beta)
    if v != NONE:
        return v
    d = 0
    while True:
        base = d * FRAME
        i = work[base + F_I]
        if i < work[base + F_N]:  # the next move: play it, enter the child
            m = work[base + F_MOVES + i]
            work[base + F_I] = i + 1
            gain, end = _play(work, base, base + FRAME, m, contract, seat, chooser, mch, model)
            work[base + F_GAIN] = gain
            if end:
                value = gain
            else:
                a = work[base + F_ALPHA] - gain
                b = work[base + F_BETA] - gain
                v = _enter(work, d + 1, contract, seat, chooser, mch, model, a, b)
                if v == NONE:
                    d += 1
                    continue
                value = v + gain
        else:  # the frame is done: its value goes up to its parent
            value = work[base + F_BESTV]
            if work[base + F_TLEN] == 0:
                _finish(work, base, value)
            value += work[base + F_OFF]
            if d == 0:
                return value
            d -= 1
            base = d * FRAME
            value += work[base + F_GAIN]
            m = work[base + F_MOVES + work[base + F_I] - 1]
        if work[base + F_MAX]:
            if value > work[base + F_BESTV]:
                work[base + F_BESTV] = value
                work[base + F_BESTM] = m
                if value > work[base + F_ALPHA]:
                    work[base + F_ALPHA] = value
                    if value >= work[base + F_BETA]:
                        work[base + F_I] = work[base + F_N]  # cut
        elif value < work[base + F_BESTV]:
            work[base + F_BESTV] = value
            work[base + F_BESTM] = m
            if value < work[base + F_BETA]:
                work[base + F_BETA] = value
                if value <= work[base + F_ALPHA]:
                    work[base + F_I] = work[base + F_N]  # cut


@njit(cache=True)
def solve(work, contract, seat, chooser, mch, model):
    """The exact searched value of frame 0's position: MTD(f) from 0, zero-window searches
    whose bounds stay in the table from one to the next (fewer nodes than one full-window
    search: the module doc of :mod:`.solve`)."""
    saved = np.empty(FRAME, np.int64)
    saved[:] = work[:FRAME]  # the root's frame: a search plays its forced moves in it
    lo = -INF
    hi = INF
    g = 0  # from below: zero-window tests under the value are the cheap ones (measured)
    while lo < hi:
        b = g + 1 if g == lo else g
        work[:FRAME] = saved
        g = search(work, contract, seat, chooser, mch, model, b - 1, b)
        if g < b:
            hi = g
        else:
            lo = g
    return g
