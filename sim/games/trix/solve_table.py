"""The scratch array of Trix's solver (:mod:`.solve`): a stack of frames, then a
transposition table shared by the trick search (:mod:`.solve_tricks`) and the layout
search (:mod:`.solve_layout`).

An entry is four words: a key of two words (the trick search's relative ranks, the
layout's exact hands: no collisions either way), a tag (whose lead or turn, the seat
solved for, the contract and what of the history the value depends on; a kind bit keeps
the two searches apart) with the best move and the depth (cards left), and the bounds.
The value stored is the *future* change of the searched value from that position, which
nothing of the history changes beyond what the tag holds, so an entry stays valid from
one world (or one option) of a decision to the next. Two entries a bucket: the first
keeps the deeper position, the second takes the rest.
"""

import numpy as np

from sim.core.jit import njit

FRAME = 64  # words a search frame may use (each search lays its fields out in them)
MAX_FRAMES = 34  # a frame per card of a deal (32) and the root, with one to spare
TT = FRAME * MAX_FRAMES  # where the table starts in the work array
NODES = TT - 1  # a count of the nodes searched, for measurements (the spare frame's)
TT_BITS = 16
TT_ENTRIES = 1 << TT_BITS
ENTRY = 4  # key, key, tag | (move + 1) << 24 | depth << 32, bounds
WORK_SIZE = TT + ENTRY * TT_ENTRIES
OFF = 1 << 23  # bounds are stored as value + OFF, 24 bits each
MASK24 = (1 << 24) - 1
M1 = np.int64(-7046029254386353131)  # 0x9E3779B97F4A7C15 (Fibonacci hashing)
M2 = np.int64(-4658895280553007687)  # 0xBF58476D1CE4E5B9
M3 = np.int64(-7723592293110705685)  # 0x94D049BB133111EB
NO_ENTRY = np.int64(-1)


@njit(cache=True, inline="always")
def slot(k0, k1, tag):
    """The position's bucket: two entries, the first kept for the deeper position."""
    h = k0 * M1 ^ k1 * M2 ^ (tag + 1) * M3
    return TT + 2 * ENTRY * ((h >> (64 - TT_BITS)) & (TT_ENTRIES // 2 - 1))


@njit(cache=True, inline="always")
def _holds(work, s, k0, k1, tag):
    return work[s] == k0 and work[s + 1] == k1 and (work[s + 2] & MASK24) == tag and work[s + 3]


@njit(cache=True, inline="always")
def probe(work, k0, k1, tag):
    """The entry's slot if the table holds this position, else -1."""
    s = slot(k0, k1, tag)
    if _holds(work, s, k0, k1, tag):
        return s
    if _holds(work, s + ENTRY, k0, k1, tag):
        return s + ENTRY
    return NO_ENTRY


@njit(cache=True, inline="always")
def entry_lo(work, s):
    return (work[s + 3] & MASK24) - OFF


@njit(cache=True, inline="always")
def entry_hi(work, s):
    return (work[s + 3] >> 24 & MASK24) - OFF


@njit(cache=True, inline="always")
def entry_move(work, s):
    return (work[s + 2] >> 24 & 255) - 1


@njit(cache=True, inline="always")
def store(work, k0, k1, tag, lo, hi, move, depth):
    """Write a position's bounds and best move: into the bucket's first entry if it is
    this position or one no deeper (``depth``: what is left to play), else the second."""
    s = slot(k0, k1, tag)
    if not _holds(work, s, k0, k1, tag) and (work[s + 2] >> 32) > depth:
        s += ENTRY
    work[s] = k0
    work[s + 1] = k1
    work[s + 2] = tag | ((move + 1) << 24) | (depth << 32)
    work[s + 3] = (lo + OFF) | ((hi + OFF) << 24)
