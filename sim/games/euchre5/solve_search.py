"""The search part of five-handed Euchre's solver (:mod:`.solve`), bound into the alpha-beta
template (:mod:`sim.core.alphabeta`): its layout of cards, its positions, bounds, moves and
the table's key.

Cards are remapped per trump into one byte per effective suit, strongest highest, so
that following, winning a trick and equivalent cards are mask operations. The value is
the makers' tricks from here on (the trick in progress included), the makers maximising.
The table keys a trick start on the hands in relative ranks (each card by its rank among
the outstanding cards of its suit), the leader, the makers and trump: positions that
differ only in which cards are gone share one entry, and the key is exact, so entries
stay valid across worlds, decisions and deals.
"""

import numpy as np

from sim.core.bits import highest_bit, lowest_bit, nth_bit, popcount, run_tops
from sim.core.frames import HEAD, INF, NONE, push, put, table_words
from sim.core.jit import njit
from sim.games.euchre5.vocab import N_SEATS, RJ

# -- the scratch: the node count, the remapped hands, the stack of plies, the table ----------
NODES = 0  # nodes entered by the last score (for the bench)
W_HANDS = 1  # the five remapped hands while searching (a move takes its card, undo returns it)
FRAMES = 8
F_LEADER, F_CNT, F_LED, F_WINNER, F_HIGH, F_TCARDS, F_GONE, F_MOVER = range(HEAD, HEAD + 8)
F_MOVES = HEAD + 8  # up to 5 moves, best first
F_KEYS = F_MOVES + 5  # their ordering keys
FRAME = F_KEYS + 5
MAX_PLY = 26  # 25 cards and the leaf
TT = FRAMES + MAX_PLY * FRAME
TT_BITS = 13  # 8,192 buckets of 2 entries of 4 words: 512 KiB
KEYS = 3
WORK_SIZE = TT + table_words(KEYS, TT_BITS)

FULL = np.int64(0xFFFFFFFF)
NOT_TOP = np.int64(0x7F7F7F7F)  # positions with a card above them in the same byte
BYTE = np.int64(0xFF)


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
def top_run(mine, others):
    """How many of ``mine`` lie above every card of ``others`` (masks of one byte; the
    highest bit of none is -1)."""
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
def _all(work):
    """Every card still held."""
    h = work[W_HANDS] | work[W_HANDS + 1] | work[W_HANDS + 2]
    return h | work[W_HANDS + 3] | work[W_HANDS + 4]


# -- the hooks of the template (sim.core.alphabeta) -------------------------------------------
@njit(cache=True, inline="always")
def settle(work, f, ctx, alpha, beta):
    """At a trick start: the target reached or out of reach, the last trick at once (R7.3),
    and the sure tricks of the holder of the top trumps (his run of top trumps), or of a
    leader who holds every outstanding trump (those, then his top cards of each side suit)."""
    if f[F_CNT] != 0:
        return NONE, -INF, INF, False
    trump, makers = ctx[0], ctx[1]
    leader = f[F_LEADER]
    rem = popcount(work[W_HANDS + leader])
    if beta <= 0:  # the target reached: at least none more, fail-soft
        return np.int64(0), -INF, INF, False
    if rem <= alpha:  # out of reach: at most every trick left
        return rem, -INF, INF, False
    if rem == 1:  # the last trick: one card each (R7.3)
        w = leader
        b = lowest_bit(work[W_HANDS + leader])
        for j in range(1, N_SEATS):
            p = (leader + j) % N_SEATS
            c = lowest_bit(work[W_HANDS + p])
            if beats(c, b, trump):
                b = c
                w = p
        return (makers >> w) & 1, -INF, INF, False
    allc = _all(work)
    tmask = BYTE << (8 * trump)
    trumps = allc & tmask
    lower = np.int64(0)
    upper = rem
    mine = work[W_HANDS + leader]
    if trumps & ~mine == 0:  # he holds every trump: they, then his top cards
        sure = popcount(mine & trumps)
        for s in range(4):
            if s != trump:
                sm = BYTE << (8 * s)
                sure += top_run(mine & sm, allc & sm & ~mine)
        if (makers >> leader) & 1:
            lower = sure
        else:
            upper = rem - sure
    elif trumps:  # the holder of the top trump wins with each of his top run
        top = highest_bit(trumps)
        for p in range(N_SEATS):
            h = work[W_HANDS + p]
            if (h >> top) & 1:
                run = top_run(h & tmask, trumps & ~h)
                if (makers >> p) & 1:
                    lower = run
                else:
                    upper = rem - run
    return NONE, lower, upper, True


@njit(cache=True, inline="always")
def key(work, f, ctx):
    """The hands in relative ranks (at a trick start every outstanding card is in a hand, so
    the ranks and the suits' lengths follow from them), the leader, then the makers, trump
    and a bit no empty slot has (``ctx[2]``)."""
    allc = _all(work)
    leader = f[F_LEADER]
    k0 = squeeze(work[W_HANDS], allc) | (squeeze(work[W_HANDS + 1], allc) << 32)
    k1 = squeeze(work[W_HANDS + 2], allc) | (squeeze(work[W_HANDS + 3], allc) << 32)
    k2 = squeeze(work[W_HANDS + 4], allc) | (leader << 32) | ctx[2]
    return k0, k1, k2, popcount(work[W_HANDS + leader])


@njit(cache=True, inline="always")
def moves(work, f, ctx, hint):
    """One card per run of equivalent cards, legal (R7.2), in the order to try them: the
    table's move, then sure winners (trumps first) when leading; when following, the
    cheapest card that wins (the highest if opponents still play behind) against a trick
    the other side holds, else the cheapest card."""
    trump, makers = ctx[0], ctx[1]
    cnt = f[F_CNT]
    winner = f[F_WINNER]
    best = f[F_HIGH]
    mover = (f[F_LEADER] + cnt) % N_SEATS
    f[F_MOVER] = mover
    hand = work[W_HANDS + mover]
    legal = hand
    if cnt > 0:
        follow = hand & (BYTE << (8 * f[F_LED]))
        if follow:
            legal = follow  # R7.2
    m = run_tops(hand, f[F_GONE], NOT_TOP) & legal  # one card of equivalent ones
    allc = _all(work)
    side = (makers >> mover) & 1
    holding = cnt > 0 and ((makers >> winner) & 1) == side
    behind = 0  # opponents still to play to this trick after the mover
    for j in range(cnt + 1, N_SEATS):
        p = (mover + j - cnt) % N_SEATS
        if ((makers >> p) & 1) != side:
            behind += 1
    n = 0
    while m:
        c = lowest_bit(m)
        m &= m - 1
        s = c >> 3
        rank = (c & 7) + (8 if s == trump else 0)
        if c == hint:
            k = 1000
        elif cnt == 0:
            sm = BYTE << (8 * s)
            others = allc & sm & ~hand
            top = others == 0 or c > highest_bit(others)
            k = rank + (40 if top else 0) + (20 if s == trump and top else 0)
        elif holding:
            k = 100 - rank if not beats(c, best, trump) else 50 - rank
        elif beats(c, best, trump):
            k = 200 + (rank if behind else -rank)
        else:
            k = 100 - rank
        n = push(f, F_MOVES, F_KEYS, n, c, k)
    return n, side == 1


@njit(cache=True, inline="always")
def play(work, f, m, ctx):
    """The mover plays card ``m``: the trick goes to the highest trump or else the highest
    card of the suit led (R7.3); its winner leads the next (R7.4), a trick the makers'
    gaining one."""
    leader, cnt, led, winner, best, tcards, gone, mover = f[F_LEADER:F_MOVES]
    bit = np.int64(1) << m
    work[W_HANDS + mover] ^= bit
    if cnt == 0:
        led = m >> 3
        winner = mover
        best = m
    elif beats(m, best, ctx[0]):
        winner = mover
        best = m
    tcards |= bit
    if cnt + 1 < N_SEATS:
        put(f, FRAME + F_LEADER, (leader, cnt + 1, led, winner, best, tcards, gone))
        return np.int64(0), False
    # R7.4 the winner leads the next trick; a trick of the makers' gains them one
    put(f, FRAME + F_LEADER, (winner, np.int64(0), led, winner, best, np.int64(0), gone | tcards))
    return (ctx[1] >> winner) & 1, False


@njit(cache=True, inline="always")
def undo(work, f, m, ctx):
    work[W_HANDS + f[F_MOVER]] |= np.int64(1) << m


@njit(cache=True, inline="always")
def rel_move(work, f, m):
    """A card by its suit and its rank among the suit's outstanding cards, as the key."""
    s = m >> 3
    return 8 * s + popcount(_all(work) & ((np.int64(1) << m) - 1) & (BYTE << (8 * s)))


@njit(cache=True, inline="always")
def abs_move(work, f, rel):
    return nth_bit(_all(work) & (BYTE << (8 * (rel >> 3))), rel & 7)
