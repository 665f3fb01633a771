"""The trick contracts' search part of Trix's solver (:mod:`.solve`), bound into the alpha-beta
template (:mod:`sim.core.alphabeta`): alpha-beta over single cards, MTD(f) at the root.

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

- A transposition table at trick boundaries (the template's, in :mod:`.solve_table`'s
  scratch) holding bounds on the
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
  (skatsearch's value-aware rule, :func:`.solve_moves.moves`): -20% nodes in queens, -30%
  in general.
- Move ordering by the trick: the seat ducks with its costliest card, the others leave the
  trick to the seat and throw points on it, or lead where the seat must go over; the
  table's move first. (A killer move per depth made it worse: +30-65% nodes.)
- The last trick (one card each) is counted without frames. (A player with one move worth
  searching inside a trick once played it in the frame itself: 42% of the frames were
  such; fewer frames, no faster. The template has none of it.)
"""

import numpy as np

from sim.core.bits import popcount
from sim.core.frames import INF, NONE, keep, put
from sim.core.jit import njit
from sim.games.trix.solve_moves import (
    F_ANN,
    F_FD,
    F_FT,
    F_H,
    F_HIGH,
    F_LEADER,
    F_MOVES,  # noqa: F401  (the template's)
    F_TABLE,
    F_TLEN,
    F_TRICK,
    F_WIN,
    card_of,
    moves,  # noqa: F401  (the template's hook)
    rel_key,
    rel_of,
)
from sim.games.trix.solve_points import (
    ANNOUNCE,
    NO_ANNOUNCER,
    PENDING,
    bounds,
    complete,
    last_trick,
)
from sim.games.trix.solve_table import FRAME
from sim.games.trix.vocab import KH

ONE = np.int64(1)


@njit(cache=True, inline="always")
def _tag(leader, seat, contract, ann, ft, fd, chooser, imposed, model):
    return (
        leader | (seat << 2) | (contract << 4) | (ann << 7) | (ft << 10) | (fd << 13)
        | (chooser << 16) | (imposed << 18) | (model << 19)
    )  # fmt: skip


@njit(cache=True, inline="always")
def _held(f, at):
    return f[at + F_H] | f[at + F_H + 1] | f[at + F_H + 2] | f[at + F_H + 3]


# -- the hooks of the template (sim.core.alphabeta); ctx: contract, seat, chooser, the
# chooser's multiplier, model ---------------------------------------------------------------
@njit(cache=True, inline="always")
def settle(work, f, ctx, alpha, beta):
    """At a trick boundary: the last trick (one card each) at once, else the bounds from
    the points still in play (:func:`.solve_points.bounds`)."""
    if f[F_TLEN] != 0:
        return NONE, -INF, INF, False
    contract, seat, chooser, mch, model = ctx
    h0 = f[F_H]
    h1 = f[F_H + 1]
    h2 = f[F_H + 2]
    h3 = f[F_H + 3]
    ann = f[F_ANN]
    ft = f[F_FT]
    fd = f[F_FD]
    if h0 & (h0 - 1) == 0 and ann != PENDING:  # one card each
        v = last_trick(contract, seat, chooser, mch, model, h0, h1, h2, h3,
                       f[F_LEADER], ann, ft, fd)  # fmt: skip
        return v, -INF, INF, False
    lo, hi = bounds(contract, seat, chooser, mch, model, h0, h1, h2, h3, f[F_TRICK],
                    ann, ft, fd)  # fmt: skip
    return NONE, lo, hi, True


@njit(cache=True, inline="always")
def key(work, f, ctx):
    """The hands in relative ranks (:func:`.solve_moves.rel_key`), then the tag."""
    contract, seat, chooser, mch, model = ctx
    imposed = 1 if mch == 4 else 0
    tag = _tag(f[F_LEADER], seat, contract, f[F_ANN], f[F_FT],
               f[F_FD], chooser, imposed, model)  # fmt: skip
    h0 = f[F_H]
    h1 = f[F_H + 1]
    h2 = f[F_H + 2]
    h3 = f[F_H + 3]
    k0, k1 = rel_key(contract, h0, h1, h2, h3)
    return k0, k1, tag, popcount(h0 | h1 | h2 | h3)


@njit(cache=True, inline="always")
def play(work, f, m, ctx):
    """Write the position after move ``m`` into the next frame: returns the searched
    value's gain and whether the contract ended."""
    contract, seat, chooser, mch, model = ctx
    c = m & 31
    bit = ONE << c
    tlen = f[F_TLEN]
    leader = f[F_LEADER]
    p = (leader + tlen) % 4
    ann = f[F_ANN]
    if ann == PENDING and f[F_H + p] & KH:  # R5.6: the holder's first turn
        ann = p if m & ANNOUNCE else NO_ANNOUNCER
    if tlen == 0:  # R4.1 any lead
        table = bit
        win = p
        best = c
    else:  # R4.3 the highest card of the led suit holds the trick
        table = f[F_TABLE] | bit
        win = f[F_WIN]
        best = f[F_HIGH]
        if c >> 3 == best >> 3 and c > best:
            win = p
            best = c
    ft = f[F_FT]
    fd = f[F_FD]
    k = f[F_TRICK]
    for q in range(4):
        f[FRAME + F_H + q] = f[F_H + q]
    f[FRAME + F_H + p] ^= bit
    if tlen < 3:
        put(f, FRAME + F_LEADER, (leader, tlen + 1, table, win, best, k, ann, ft, fd))
        return np.int64(0), False
    gain, ft, fd, end = complete(contract, seat, chooser, mch, model, table, win, k, ann, ft,
                                 fd, _held(f, FRAME))  # fmt: skip
    none = np.int64(-1)  # R4.1 the winner leads the next trick
    put(f, FRAME + F_LEADER, (win, np.int64(0), np.int64(0), none, none, k + 1, ann, ft, fd))
    return gain, end


undo = keep  # a frame holds its whole position


@njit(cache=True, inline="always")
def rel_move(work, f, m):
    return rel_of(_held(f, 0), m)


@njit(cache=True, inline="always")
def abs_move(work, f, rel):
    return card_of(_held(f, 0), rel)
