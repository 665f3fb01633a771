"""Alpha-beta over the rest of a deal with every hand seen, for the perfect-information
solvers (``docs/games.md``, "The solver"): a template bound per game, like
:mod:`sim.core.ismcts`.

Why one: every game's solver searched the same way (an explicit stack of frames, since
numba's cached recursive kernels crash, numba issue #6061; moves best first; a transposition
table of bounds and best moves at trick starts; fail-soft back-up) and differed only in
its positions, moves and values. Here that search is written once; a game's search part
keeps what is its own. :func:`sim.core.binding.bound_search` makes one compiled copy per
game (Trix: two, its trick contracts and its layout), the game's kernels inlined into it.

**The value** of a node is what the game counts from that node on (tricks, points: the
game's), maximised by some movers and minimised by the others; a move may gain some of it
at once (a trick won), added on the way up. :func:`search` is fail-soft within a window;
:func:`bisect` and :func:`mtdf` find the exact value by zero-window searches whose bounds
stay in the table.

**The table** (its words from ``W.TT`` in ``work``): ``2**W.TT_BITS`` buckets of two
entries, each ``W.KEYS`` key words (exact: no false hits; not all zero) and a data word:
the bounds (24 bits each, offset), the best move in the game's relative terms, plus one
(8 bits), the depth (what is left to play). The first entry keeps the deeper position,
the second takes the rest. Nothing of the history is in an entry beyond what the key
holds, so a table stays valid from one world, decision or deal to the next.

``G`` stands for the game's search part, ``W`` for the layout of its scratch (``work``;
Trix's two searches share one). A frame is ``W.FRAME`` words from ``W.FRAMES + d *
W.FRAME`` (:mod:`sim.core.frames`' head first); the root's position is written in frame 0
by the game before it calls :func:`search`, and a hook sees its node's frame as ``f`` (the
next frame from ``f[W.FRAME]`` on). ``W`` provides ``FRAMES``, ``FRAME``, ``NODES`` (a word
counting the nodes entered), ``TT``, ``TT_BITS`` and ``KEYS``; ``G``::

    F_MOVES                                    # where a frame's moves start
    settle(work, f, ctx, alpha, beta) -> (value, lo, hi, keyed)  # value: the node's if
        # settled at once (the last trick; or fail-soft beyond the window), else NONE; keyed:
        # a node of the table (a trick start), lo and hi then bounds on its value
    key(work, f, ctx) -> (k0, k1, k2, depth)      # a keyed node's key (unused words 0)
    moves(work, f, ctx, hint) -> (n, maximising)  # the moves into the frame, best first
    play(work, f, m, ctx) -> (gain, ended)  # the position after m into the next frame
    undo(work, f, m, ctx)                   # what play changed outside the next frame
    rel_move(work, f, m), abs_move(work, f, rel)  # a move as the table keeps it, and back

``ctx`` is the game's tuple of ``int64`` that stay fixed during a solve (trump, the seat
solved for, ...), handed to every hook. A keyed node's bounds are finite (under 2**23).
The template's kernels count no references (:func:`sim.core.jit.njit_borrowing`); hooks
marked ``inline="always"`` are compiled into them and count none either.
"""

import numpy as np

from sim.core.frames import (
    F_ALPHA,
    F_ALPHA0,
    F_BEST,
    F_BESTM,
    F_BETA,
    F_BETA0,
    F_DEPTH,
    F_GAIN,
    F_HI,
    F_I,
    F_K0,
    F_K1,
    F_K2,
    F_KEYED,
    F_LO,
    F_MAX,
    F_N,
    INF,
    NONE,
    put,
)
from sim.core.jit import njit_borrowing

G = None  # bound per game (sim.core.binding): the game's search part
W = None  # bound per game (sim.core.binding): its scratch's layout (often the same module)

OFF = 1 << 23  # a bound is stored as value + OFF in 24 bits
MASK24 = (1 << 24) - 1
M1 = np.int64(-7046029254386353131)  # 0x9E3779B97F4A7C15 (Fibonacci hashing)
M2 = np.int64(-4658895280553007687)  # 0xBF58476D1CE4E5B9
M3 = np.int64(-7723592293110705685)  # 0x94D049BB133111EB


# -- the transposition table ------------------------------------------------------------------
@njit_borrowing(cache=True, inline="always")
def _bucket(k0, k1, k2):
    h = k0 * M1 ^ k1 * M2 ^ k2 * M3
    return W.TT + 2 * (W.KEYS + 1) * ((h >> (64 - W.TT_BITS)) & ((1 << W.TT_BITS) - 1))


@njit_borrowing(cache=True, inline="always")
def _holds(work, e, k0, k1, k2):
    """Whether the entry at ``e`` is this position's (a written entry's data is not 0)."""
    if work[e] != k0 or (W.KEYS > 1 and work[e + 1] != k1):
        return False
    if W.KEYS > 2 and work[e + 2] != k2:
        return False
    return work[e + W.KEYS] != 0


@njit_borrowing(cache=True, inline="always")
def probe(work, k0, k1, k2):
    """The data word of the position's entry, or 0."""
    e = _bucket(k0, k1, k2)
    if _holds(work, e, k0, k1, k2):
        return work[e + W.KEYS]
    e += W.KEYS + 1
    if _holds(work, e, k0, k1, k2):
        return work[e + W.KEYS]
    return np.int64(0)


@njit_borrowing(cache=True, inline="always")
def store(work, k0, k1, k2, lo, hi, move, depth):
    """Write a position's bounds and best move (-1: none): into the bucket's first entry if
    it is this position or one no deeper, else into the second."""
    e = _bucket(k0, k1, k2)
    if not _holds(work, e, k0, k1, k2) and (work[e + W.KEYS] >> 56) > depth:
        e += W.KEYS + 1
    work[e] = k0
    if W.KEYS > 1:
        work[e + 1] = k1
    if W.KEYS > 2:
        work[e + 2] = k2
    work[e + W.KEYS] = (lo + OFF) | ((hi + OFF) << 24) | ((move + 1) << 48) | (depth << 56)


# -- the search --------------------------------------------------------------------------------
@njit_borrowing(cache=True)
def _table(work, f, ctx, alpha, beta, lo, hi):
    """A keyed node's bounds (``lo``, ``hi``: the game's) narrowed by its entry in the table:
    its value if they settle it, else NONE with the window narrowed and the table's move
    (-1: none), the window as entered, the bounds and the key kept in its frame."""
    if lo >= beta:
        return lo, alpha, beta, np.int64(-1)
    if hi <= alpha or lo == hi:
        return hi, alpha, beta, np.int64(-1)
    hint = np.int64(-1)
    k0, k1, k2, depth = G.key(work, f, ctx)
    data = probe(work, k0, k1, k2)
    if data != 0:
        lo = max(lo, (data & MASK24) - OFF)
        hi = min(hi, (data >> 24 & MASK24) - OFF)
        if lo >= beta:
            return lo, alpha, beta, hint
        if hi <= alpha or lo == hi:
            return hi, alpha, beta, hint
        rel = (data >> 48 & 255) - 1
        if rel >= 0:
            hint = G.abs_move(work, f, rel)
    alpha = max(alpha, lo)
    beta = min(beta, hi)
    put(f, F_ALPHA0, (alpha, beta, lo, hi, k0, k1, k2, depth))
    return np.int64(NONE), alpha, beta, hint


@njit_borrowing(cache=True)
def _finish(work, f, value):
    """A finished keyed node's bounds and best move into the table: its value is a bound
    where it fell outside the window it was searched with, else exact."""
    lo = f[F_LO]
    hi = f[F_HI]
    if value <= f[F_ALPHA0]:  # failed low: an upper bound
        hi = min(hi, value)
    elif value >= f[F_BETA0]:  # failed high: a lower bound
        lo = max(lo, value)
    else:
        lo = value
        hi = value
    m = f[F_BESTM]
    rel = G.rel_move(work, f, m) if m >= 0 else np.int64(-1)
    store(work, f[F_K0], f[F_K1], f[F_K2], lo, hi, rel,
          f[F_DEPTH])  # fmt: skip


@njit_borrowing(cache=True)
def search(work, ctx, alpha, beta):
    """The value of the position written in frame 0, fail-soft within ``alpha``, ``beta``
    (below alpha: at least as low; above beta: at least as high; between: exact). Written
    as one loop, each hook named once: numba copies an inlined kernel at every place it is
    named, and the copies cost compile time."""
    root = np.int64(W.FRAMES)
    fr = root
    f = work[fr : fr + 2 * W.FRAME]
    a = alpha
    b = beta
    enter = True  # the node at fr is to be entered (with the window a, b), else searched on
    while True:
        if enter:  # its value if settled at once (the game, its bounds, the table), else its
            # frame is pushed and its moves come next
            work[W.NODES] += 1
            v, lo, hi, keyed = G.settle(work, f, ctx, a, b)
            hint = np.int64(-1)
            if v == NONE and keyed:  # a trick start, a quarter of the nodes or fewer: a call
                v, a, b, hint = _table(work, f, ctx, a, b, lo, hi)
            if v == NONE:
                n, mx = G.moves(work, f, ctx, hint)
                best = -INF if mx else INF
                put(f, 0, (n, np.int64(0), a, b, np.int64(best), np.int64(-1), np.int64(mx),
                           np.int64(keyed)))  # fmt: skip
                enter = False
                continue
            if fr == root:
                return v
            fr -= W.FRAME  # its value goes up to its parent
            f = work[fr : fr + 2 * W.FRAME]
            value = v + f[F_GAIN]
            enter = False
        else:
            i = f[F_I]
            if i < f[F_N]:  # the next move: play it; its child is entered unless the deal ended
                m = f[G.F_MOVES + i]
                f[F_I] = i + 1
                gain, ended = G.play(work, f, m, ctx)
                f[F_GAIN] = gain
                if not ended:
                    a = f[F_ALPHA] - gain
                    b = f[F_BETA] - gain
                    fr += W.FRAME
                    f = work[fr : fr + 2 * W.FRAME]
                    enter = True
                    continue
                value = gain
            else:  # the frame is done: its value goes up to its parent
                value = f[F_BEST]
                if f[F_KEYED]:
                    _finish(work, f, value)
                if fr == root:
                    return value
                fr -= W.FRAME
                f = work[fr : fr + 2 * W.FRAME]
                value += f[F_GAIN]
        m = f[G.F_MOVES + f[F_I] - 1]  # the move whose value came back
        G.undo(work, f, m, ctx)
        _back_up(f, value, m)


@njit_borrowing(cache=True, inline="always")
def _back_up(f, value, m):
    """A child's value (through move ``m``) into its parent's best, window and cut."""
    if f[F_MAX]:
        if value > f[F_BEST]:
            f[F_BEST] = value
            f[F_BESTM] = m
            if value > f[F_ALPHA]:
                f[F_ALPHA] = value
                if value >= f[F_BETA]:
                    f[F_I] = f[F_N]  # a cut
    elif value < f[F_BEST]:
        f[F_BEST] = value
        f[F_BESTM] = m
        if value < f[F_BETA]:
            f[F_BETA] = value
            if value <= f[F_ALPHA]:
                f[F_I] = f[F_N]  # a cut


@njit_borrowing(cache=True)
def bisect(work, ctx, lo, hi):
    """The exact value, known to lie in ``lo`` .. ``hi``: zero-window searches at the middle
    of what is left, each narrowing it by its fail-soft answer."""
    while lo < hi:
        t = (lo + hi + 1) // 2
        g = search(work, ctx, t - 1, t)
        if g >= t:
            lo = g
        else:
            hi = g
    return lo


@njit_borrowing(cache=True)
def mtdf(work, ctx, first):
    """The exact value by MTD(f) from ``first``: each zero-window search at the last one's
    answer (from below: a test under the value is the cheap one)."""
    lo = -INF
    hi = INF
    g = first
    while lo < hi:
        b = g + 1 if g == lo else g
        g = search(work, ctx, b - 1, b)
        if g < b:
            hi = g
        else:
            lo = g
    return g
