"""The search part of Terts's solver (:mod:`.solve`), bound into the alpha-beta template
(:mod:`sim.core.alphabeta`): its positions in power coordinates, its moves (equivalent
cards, the value-aware rule) and what a trick gains seat 0.

A frame holds both hands, the leader and the led card (-1 at a lead); the value is seat
0's future card points (R4.3) and the last trick's 10 (R4.4), seat 0 maximising; the table
keys a lead on both hands, the leader and trump.
"""

import numpy as np

from sim.core.bits import highest_bit, lowest_bit, popcount
from sim.core.frames import HEAD, INF, NONE, as_is, keep, push, table_words
from sim.core.jit import njit
from sim.games.terts.vocab import (
    DRAW_TRICKS,
    LAST_TRICK,
    N_TRICKS,
    PLAIN_POINTS,
    PLAIN_POWER,
    TRUMP_POINTS,
    TRUMP_POWER,
)

ONE = np.int64(1)
BYTE = np.int64(0xFF)
JACK = 7  # the trump jack's power: the highest trump (R4.1)

# -- power coordinates ------------------------------------------------------------------------


def _tables():
    """Points by power, plain then trump (R4.3); per 8-bit suit holding, plain and trump:
    the holding in power order (from natural order, R1.3), the points of a power holding."""
    by_power = np.zeros(16, np.int64)
    for r in range(8):
        by_power[PLAIN_POWER[r]] = PLAIN_POINTS[r]
        by_power[8 + TRUMP_POWER[r]] = TRUMP_POINTS[r]
    remap = np.zeros((2, 256), np.int64)
    points = np.zeros((2, 256), np.int64)
    for h in range(256):
        for r in range(8):
            if h >> r & 1:
                remap[0, h] |= 1 << PLAIN_POWER[r]
                remap[1, h] |= 1 << TRUMP_POWER[r]
        for t in range(2):  # indexed by a holding in power order
            points[t, h] = sum(by_power[8 * t + p] for p in range(8) if h >> p & 1)
    return by_power, remap, points


_PTS, _REMAP, _HOLDING_PTS = _tables()


@njit(cache=True, inline="always")
def to_power(hand, trump):
    """A mask of card ids in power coordinates (``suit * 8 + power``)."""
    out = np.int64(0)
    for s in range(4):
        out |= _REMAP[1 if s == trump else 0, hand >> (8 * s) & BYTE] << (8 * s)
    return out


@njit(cache=True, inline="always")
def card_to_power(card, trump):
    s = card >> 3
    return 8 * s + lowest_bit(_REMAP[1 if s == trump else 0, ONE << (card & 7)])


@njit(cache=True, inline="always")
def hand_points(h, trump):
    """R4.3: the points of a hand in power coordinates."""
    total = np.int64(0)
    for s in range(4):
        total += _HOLDING_PTS[1 if s == trump else 0, h >> (8 * s) & BYTE]
    return total


@njit(cache=True, inline="always")
def pts(card, trump):
    """R4.3: the points of a card in power coordinates."""
    return _PTS[(8 if card >> 3 == trump else 0) + (card & 7)]


@njit(cache=True, inline="always")
def legal_follow(hand, led_suit, trump):
    """R5.5, R5.6: the led suit; lacking it a trump; the trump jack (power 7) excused."""
    if led_suit != trump:
        follow = hand & (BYTE << (8 * led_suit))
        if follow:
            return follow
    trumps = hand & (BYTE << (8 * trump))
    if trumps == 0 or trumps == ONE << (8 * trump + JACK):
        return hand
    return trumps


@njit(cache=True, inline="always")
def wins(card, led, trump):
    """R5.2: the follower's card beats the led card (power coordinates)."""
    if card >> 3 == led >> 3:
        return card > led
    return card >> 3 == trump


@njit(cache=True, inline="always")
def card_class(held, seps, top, jack_alone):
    """The class of ``top``, the highest card of ``held`` (one suit's byte): the held cards
    above the highest separator below it; the trump jack alone."""
    if jack_alone and top == JACK:
        return ONE << JACK
    below = seps & ((ONE << top) - 1)
    return held & ~((ONE << (highest_bit(below) + 1)) - 1)  # highest_bit(0) is -1


# -- the work array: the node count, the stack of frames, the transposition table -------------
F_H0, F_H1, F_LEADER, F_LED = range(HEAD, HEAD + 4)
F_MOVES = HEAD + 4  # up to 9 moves, best first
F_KEYS = F_MOVES + 9  # their ordering keys
FRAME = F_KEYS + 9
NODES = 0
FRAMES = 1
MAX_FRAMES = 2 * (N_TRICKS - DRAW_TRICKS) + 1  # a frame per ply of the last nine tricks
TT = FRAMES + FRAME * MAX_FRAMES
TT_BITS = 14  # 2^15 entries of three words: both hands, the leader and trump, the data
KEYS = 2
WORK_SIZE = TT + table_words(KEYS, TT_BITS)


@njit(cache=True, inline="always")
def _push(f, n, card, key, hint):
    """Insert a move into the frame's list, by descending key (the table's move first)."""
    return push(f, F_MOVES, F_KEYS, n, card, 1000 if card == hint else key)


@njit(cache=True)
def _gen_lead(f, mine, other, trump, hint):
    """The leads worth searching, ordered into the frame; returns their count.

    Why a class's top (or bottom) card suffices when the trick's winner is known: let x,
    y be cards of one class, P_x the position after leading x (y still held) and P_y the
    other. Swapping x and y maps the trees of P_x and P_y onto each other move for move
    (same suit, so the same legal sets; the trump jack is never in a class with another
    card, so R5.6 is not affected; no card of the other seat lies between them, so every
    trick has the same winner). Leaf by leaf the seat's points differ by (pts x - pts y)
    * (w_now - w_later), w the seat winning the trick now and the later one y (or x) is
    played in. A sure win (w_now = 1) makes this >= 0 when pts x >= pts y, leaf by leaf,
    hence in the minimax value: the top card is as good as any. A sure loss mirrors it.
    """
    n = 0
    for s in range(4):
        ms = mine >> (8 * s) & BYTE  # a void suit: no class below
        seps = other >> (8 * s) & BYTE
        answers = legal_follow(other, s, trump)  # the same for every card of the suit
        same = answers >> (8 * s) & BYTE
        ruffs = popcount(answers & (BYTE << (8 * trump))) if s != trump else 0
        n_answers = popcount(answers)
        t = 1 if s == trump else 0
        while ms:
            top = highest_bit(ms)
            cls = card_class(ms, seps, top, t == 1)
            ms &= ~cls
            beaten_by = popcount(same & ~((ONE << (top + 1)) - 1)) + ruffs
            if beaten_by == 0:  # a sure winner: its most points
                n = _push(f, n, 8 * s + top, 300 + _PTS[8 * t + top], hint)
            elif beaten_by == n_answers:  # a sure loser: its fewest
                low = lowest_bit(cls)
                n = _push(f, n, 8 * s + low, 100 - _PTS[8 * t + low], hint)
            else:  # either way: each points value once
                last = -1
                while cls:
                    p = highest_bit(cls)
                    cls ^= ONE << p
                    if _PTS[8 * t + p] != last:
                        last = _PTS[8 * t + p]
                        n = _push(f, n, 8 * s + p, 200 + last, hint)
    return n


@njit(cache=True)
def _gen_follow(f, mine, other, led, trump):
    """The answers worth searching (R5.5, R5.6), ordered into the frame; the follower's
    card decides the trick, so a class gives its top card if it wins, else its bottom."""
    n = 0
    legal = legal_follow(mine, led >> 3, trump)
    seps_all = other | (ONE << led)
    for s in range(4):
        ms = legal >> (8 * s) & BYTE
        seps = seps_all >> (8 * s) & BYTE
        t = 1 if s == trump else 0
        while ms:
            top = highest_bit(ms)
            cls = card_class(ms, seps, top, t == 1)
            ms &= ~cls
            if wins(8 * s + top, led, trump):
                n = _push(f, n, 8 * s + top, 200 + _PTS[8 * t + top], -1)
            else:
                low = lowest_bit(cls)
                n = _push(f, n, 8 * s + low, 100 - _PTS[8 * t + low], -1)
    return n


# -- the hooks of the template (sim.core.alphabeta) -------------------------------------------
@njit(cache=True, inline="always")
def settle(work, f, ctx, alpha, beta):
    """The last trick (one card each, and its 10: R4.4) at once; a lead's value lies in 0 ..
    the points still in play, and a lead is a node of the table."""
    if f[F_LED] >= 0:
        return NONE, -INF, INF, False
    trump = ctx[0]
    h0 = f[F_H0]
    h1 = f[F_H1]
    leader = f[F_LEADER]
    if h0 & (h0 - 1) == 0:
        a = lowest_bit(h0 if leader == 0 else h1)
        b = lowest_bit(h1 if leader == 0 else h0)
        winner = 1 - leader if wins(b, a, trump) else leader
        v = pts(a, trump) + pts(b, trump) + LAST_TRICK if winner == 0 else 0
        return v, -INF, INF, False
    hi = hand_points(h0, trump) + hand_points(h1, trump) + LAST_TRICK
    return NONE, np.int64(0), hi, True


@njit(cache=True, inline="always")
def key(work, f, ctx):
    h0 = f[F_H0]
    h1 = f[F_H1]
    return h0 | (h1 << 32), f[F_LEADER] | (ctx[0] << 1) | 8, np.int64(0), popcount(h0)


@njit(cache=True, inline="always")
def moves(work, f, ctx, hint):
    trump = ctx[0]
    h0 = f[F_H0]
    h1 = f[F_H1]
    leader = f[F_LEADER]
    led = f[F_LED]
    mover = leader if led < 0 else 1 - leader
    mine, other = (h0, h1) if mover == 0 else (h1, h0)
    if led < 0:
        return _gen_lead(f, mine, other, trump, hint), mover == 0
    return _gen_follow(f, mine, other, led, trump), mover == 0


@njit(cache=True, inline="always")
def play(work, f, m, ctx):
    """A lead (R5.7), or the answer that settles the trick (R5.2): its winner leads next
    (R5.1), seat 0 gaining its points if he wins it."""
    h0 = f[F_H0]
    h1 = f[F_H1]
    leader = f[F_LEADER]
    led = f[F_LED]
    mover = leader if led < 0 else 1 - leader
    if mover == 0:
        h0 ^= ONE << m
    else:
        h1 ^= ONE << m
    f[FRAME + F_H0] = h0
    f[FRAME + F_H1] = h1
    if led < 0:
        f[FRAME + F_LEADER] = leader
        f[FRAME + F_LED] = m
        return np.int64(0), False
    trump = ctx[0]
    winner = 1 - leader if wins(m, led, trump) else leader
    gain = np.int64(0)
    if winner == 0:
        gain = pts(m, trump) + pts(led, trump) + (LAST_TRICK if h0 == 0 else 0)
    f[FRAME + F_LEADER] = winner
    f[FRAME + F_LED] = -1
    return gain, h0 == 0


undo = keep  # a frame holds its whole position
rel_move = abs_move = as_is  # the key is the exact hands: a card as it is
