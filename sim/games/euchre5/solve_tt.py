"""Five-handed Euchre's solver (:mod:`.solve`): its layout of cards and its scratch, and the
transposition table.

Cards are remapped per trump into one byte per effective suit, strongest highest, so
that following, winning a trick and equivalent cards are mask operations. The table holds,
for a trick start, bounds on the makers' future tricks and the move that decided, keyed on
the hands in relative ranks (each card by its rank among the outstanding cards of its
suit), the leader, the makers and trump: positions that differ only in which cards are
gone share one entry, and the key is exact, so entries stay valid across worlds,
decisions and deals.
"""

import numpy as np

from sim.core.bits import highest_bit, popcount
from sim.core.jit import njit
from sim.games.euchre5.vocab import RJ

# -- the scratch: counters, the remapped hands, the stack of plies, the table ----------------
W_NODES = 0  # nodes entered by the last score (for the bench)
W_HANDS = 1  # the five remapped hands while searching
W_FRAMES = 8
F_LEADER, F_CNT, F_LED, F_WINNER, F_BEST, F_TCARDS, F_MW, F_GONE = range(8)
F_MOVER, F_N, F_I, F_MOVES, F_KEYS = 8, 9, 10, 11, 16  # up to 5 moves, their order keys
FRAME = 24
MAX_PLY = 26  # 25 cards and the leaf
W_TT = W_FRAMES + MAX_PLY * FRAME
TT_BUCKET_BITS = 13  # 8,192 buckets of 2 entries of 4 words: 512 KiB
TT_BUCKETS = 1 << TT_BUCKET_BITS
ENTRY = 4  # key words k0, k1, k2, then lower | upper << 4 | best move << 8
WORK_SIZE = W_TT + TT_BUCKETS * 2 * ENTRY

FULL = np.int64(0xFFFFFFFF)
NOT_TOP = np.int64(0x7F7F7F7F)  # positions with a card above them in the same byte
BYTE = np.int64(0xFF)
NO_MOVE = 255
_H1 = np.int64(-7046029254386353131)  # 0x9E3779B97F4A7C15
_H2 = np.int64(-4658895280553007687)  # 0xBF58476D1CE4E5B9
_H3 = np.int64(-7723592293110705685)  # 0x94D049BB133111EB


# -- the remap: one byte per effective suit, strongest card highest (R5.1-R5.3, R1.4) --------
@njit(cache=True, inline="always")
def remap(hand, trump):
    """A hand (card ids ``suit * 8 + rank``) in the solver's layout: trump's byte holds
    8 9 T Q K A, the left bower, the right bower in bits 0-7; the left bower's printed
    suit 8 9 T Q K A in bits 0-5; the other two suits unchanged."""
    lb = trump ^ 2
    out = np.int64(0)
    for s in range(4):
        b = (hand >> (8 * s)) & 0x7F
        if s in (trump, lb):
            c = (b & 7) | (((b >> 4) & 7) << 3)
            if s == trump:
                c |= ((b >> RJ) & 1) << 7
            else:
                out |= ((b >> RJ) & 1) << (8 * trump + 6)
            out |= c << (8 * s)
        else:
            out |= b << (8 * s)
    return out


@njit(cache=True, inline="always")
def beats(card, best, trump):
    """Whether ``card`` takes the trick from ``best`` (R7.3: a trump beats any other suit,
    else the higher card of the suit led; ``best`` is of the suit led or a trump)."""
    cs = card >> 3
    bs = best >> 3
    if cs == bs:
        return card > best
    return cs == trump


@njit(cache=True, inline="always")
def representatives(hand, gone):
    """One card of each run of equivalent cards of ``hand``: its highest card of each run of
    a suit whose other cards are its own or out of play (``gone``)."""
    cur = (hand >> 1) & NOT_TOP
    covered = np.int64(0)
    while cur:
        covered |= cur
        cur = ((cur & gone) >> 1) & NOT_TOP
    return hand & ~covered


@njit(cache=True, inline="always")
def top_run(mine, others):
    """How many of ``mine`` lie above every card of ``others`` (masks of one byte)."""
    if others == 0:
        return popcount(mine)
    return popcount(mine >> (highest_bit(others) + 1))


def _squeeze_table():
    """``REL[out * 256 + held]``: the cards ``held`` of one suit byte among the outstanding
    ``out``, closed up to the bottom (their ranks among the outstanding cards)."""
    rel = np.zeros(256 * 256, np.uint8)
    for out in range(256):
        for held in range(256):
            k = v = 0
            for b in range(8):
                if out >> b & 1:
                    v |= (held >> b & 1) << k
                    k += 1
            rel[out * 256 + held] = v
    return rel


REL = _squeeze_table()


@njit(cache=True, inline="always")
def squeeze(hand, allc):
    """A hand in relative ranks: each suit's cards by their rank among the outstanding ones."""
    out = np.int64(0)
    for s in range(4):
        sh = 8 * s
        out |= np.int64(REL[((allc >> sh) & 255) * 256 + ((hand >> sh) & 255)]) << sh
    return out


@njit(cache=True, inline="always")
def table_key(hands, leader, tail):
    """The table's key of a trick start: the hands in relative ranks (at a trick start every
    outstanding card is in a hand, so the ranks and the suits' lengths follow from them),
    the leader, then the makers and trump in ``tail``."""
    allc = hands[0] | hands[1] | hands[2] | hands[3] | hands[4]
    k0 = squeeze(hands[0], allc) | (squeeze(hands[1], allc) << 32)
    k1 = squeeze(hands[2], allc) | (squeeze(hands[3], allc) << 32)
    k2 = squeeze(hands[4], allc) | (np.int64(leader) << 32) | tail
    return k0, k1, k2


@njit(cache=True, inline="always")
def tt_index(k0, k1, k2):
    x = k0 * _H1 ^ k1 * _H2 ^ k2 * _H3
    return W_TT + ((x >> 29) & (TT_BUCKETS - 1)) * (2 * ENTRY)


@njit(cache=True)
def ttstore(work, k0, k1, k2, lower, upper, move):
    """Tighten (or add) the entry of a trick start: bounds on the makers' future tricks."""
    base = tt_index(k0, k1, k2)
    for j in range(2):
        e = base + j * ENTRY
        if work[e] == k0 and work[e + 1] == k1 and work[e + 2] == k2:
            d = work[e + 3]
            lower = max(lower, d & 15)
            upper = min(upper, (d >> 4) & 15)
            if move == NO_MOVE:
                move = (d >> 8) & 255
            work[e + 3] = lower | (upper << 4) | (move << 8)
            return
    e = base + ENTRY  # the older entry moves to the second way, the new one takes the first
    for i in range(ENTRY):
        work[e + i] = work[base + i]
    work[base] = k0
    work[base + 1] = k1
    work[base + 2] = k2
    work[base + 3] = lower | (upper << 4) | (move << 8)


@njit(cache=True)
def store(work, fr, hands, target, result, move, tail):
    """The yes/no answer of a trick start as a bound on the makers' future tricks."""
    need = target - work[fr + F_MW]
    k0, k1, k2 = table_key(hands, work[fr + F_LEADER], tail)
    if move != NO_MOVE:  # in relative ranks, as the key
        allc = hands[0] | hands[1] | hands[2] | hands[3] | hands[4]
        s = move >> 3
        move = 8 * s + popcount(allc & ((np.int64(1) << move) - 1) & (BYTE << (8 * s)))
    if result:  # np.int64: a literal bound would compile ttstore once more for each
        ttstore(work, k0, k1, k2, need, np.int64(15), move)
    else:
        ttstore(work, k0, k1, k2, np.int64(0), need - 1, move)
