"""The frames of the trick search of Trix's solver (:mod:`.solve_tricks`) and their moves:
the frame's fields, the moves worth searching (equivalent cards, the value-aware rule) in
their order, and how the transposition table writes a trick boundary and a move (DDS's
relative ranks: :mod:`.solve_tricks`' module doc).
"""

import numpy as np

from sim.core.bits import highest_bit, popcount
from sim.core.frames import HEAD, push
from sim.core.jit import njit
from sim.games.trix.solve_points import ANNOUNCE, MIXED, PENDING, VALUE, VALUE_CODE
from sim.games.trix.vocab import GENERAL, KH, KING, N_SEATS, QUEENS, SUIT

ONE = np.int64(1)
BYTE = np.int64(0xFF)

# frame fields (after the template's head; solve_table.FRAME words a frame)
F_H = HEAD  # 4: the hands
F_LEADER, F_TLEN, F_TABLE, F_WIN, F_HIGH, F_TRICK = range(HEAD + 4, HEAD + 10)
F_ANN, F_FT, F_FD = range(HEAD + 10, HEAD + 13)
F_MOVES = HEAD + 13  # up to 16 (8 cards, each with and without the announcement)
F_KEYS = F_MOVES + 16  # their ordering keys


def _pext_table():
    """``_PEXT[held, part]``: the bits of ``part`` gathered at the ranks they hold among the
    bits of ``held`` (BMI2's pext on one suit's byte)."""
    t = np.zeros((256, 256), np.uint8)
    for held in range(256):
        ranks = [r for r in range(8) if held >> r & 1]
        for part in range(256):
            t[held, part] = sum(1 << i for i, r in enumerate(ranks) if part >> r & 1)
    return t


_PEXT = _pext_table()
Q_RANK, K_RANK = 4, 5  # R1.2: ranks 7 8 9 J Q K T A


@njit(cache=True, inline="always")
def _mark(held_s, rank):
    """Where a card of this rank lies among a suit's held cards (1 = the lowest), 0 if
    it is not held."""
    if held_s >> rank & 1 == 0:
        return 0
    return popcount(held_s & ((ONE << rank) - 1)) + 1


@njit(cache=True)
def rel_key(contract, h0, h1, h2, h3):
    """The table's key of a trick boundary: per suit, who holds each card still held in
    rank order, and where the cards that score apart (queens in queens and general, K♥ in
    king and general) lie among them. Two positions with the same key differ only in which
    cards have gone, so they have the same future (DDS's relative ranks): the key merges
    them. Diamonds need no mark (the suit is the value)."""
    queens = contract in (QUEENS, GENERAL)
    king = contract in (KING, GENERAL)
    held = h0 | h1 | h2 | h3
    a_own = h1 | h3  # the owner's two bits, one mask each
    b_own = h2 | h3
    words = np.int64(0)
    k0 = np.int64(0)
    for s in range(4):
        hs = held >> (8 * s) & BYTE
        code = popcount(hs) | (np.int64(_PEXT[hs, a_own >> (8 * s) & BYTE]) << 4)
        code |= np.int64(_PEXT[hs, b_own >> (8 * s) & BYTE]) << 12
        if queens:
            code |= _mark(hs, Q_RANK) << 20
        if s == 0:
            k0 = code
            if king:
                k0 |= _mark(hs, K_RANK) << 48
        elif s == 1:
            k0 |= code << 24
        elif s == 2:
            words = code
        else:
            words |= code << 24
    return k0, words


@njit(cache=True, inline="always")
def rel_of(held, m):
    """A move as the table keeps it: its suit and its place from the top among the suit's
    held cards (and the announcement bit)."""
    c = m & 31
    s = c >> 3
    above = held >> (8 * s) & BYTE & ~((ONE << ((c & 7) + 1)) - 1)
    return (m & ANNOUNCE) | (s << 3) | popcount(above)


@njit(cache=True, inline="always")
def card_of(held, rm):
    """The card of a table's move in this position (-1 if none)."""
    if rm < 0:
        return -1
    s = rm >> 3 & 3
    hs = held >> (8 * s) & BYTE
    for _ in range(rm & 7):
        hs &= ~(ONE << highest_bit(hs))
    if hs == 0:
        return -1
    return (rm & ANNOUNCE) | (8 * s + highest_bit(hs))


@njit(cache=True, inline="always")
def _above(mask_s, r):
    """The cards of one suit's byte above rank ``r``."""
    return mask_s & ~((ONE << (r + 1)) - 1)


@njit(cache=True, inline="always")
def _fate(f, seat, p, top):
    """Whether the trick goes to the seat whatever comes after ``p`` plays ``top`` (a card
    of a class: every card of it gives the same answer): 1 sure, -1 surely not, 0 open."""
    tlen = f[F_TLEN]
    leader = f[F_LEADER]
    s = top >> 3
    if tlen == 0:
        win = p
        best = top
    else:
        win = f[F_WIN]
        best = f[F_HIGH]
        if s == best >> 3 and top > best:
            win = p
            best = top
    led = best >> 3
    br = best & 7
    # the players still to play after p, and whether one of them can (or the seat can) beat
    later_beat = False
    seat_later = False
    for i in range(tlen + 1, N_SEATS):
        q = (leader + i) % N_SEATS
        hq = f[F_H + q] >> (8 * led) & BYTE
        if q == seat:
            seat_later = True
            if _above(hq, br) == 0:
                return -1  # the seat cannot go over: it loses the trick
        elif _above(hq, br):
            later_beat = True
    if seat_later:
        return 0
    if win != seat:
        return -1  # the seat has played and is beaten: nothing brings the trick back
    return 0 if later_beat else 1


@njit(cache=True, inline="always")
def moves(work, f, ctx, tt_move):
    """The moves worth searching of the seat to play, ordered into the frame: their count,
    and whether the mover maximises (the seat minimises; the template's hook).

    R4.1, R4.2 the legal cards, in *classes*: cards of one hand and suit with no card of
    another hand (nor one on the table) between them in rank. Cards of a class win and
    lose the same tricks for the rest of the contract, so swapping two of them between
    now and later changes only where their points go (R5): the seat's points differ, line
    by line, by (value of the one played now - the other's) * (seat wins the trick now -
    seat wins the later one). So when the seat surely wins this trick (:func:`_fate`), an
    opponent's costliest card of the class is at least as good for him as any other of
    it, and the seat's cheapest for the seat; when the seat surely loses it, the other way
    round (skatsearch's value-aware rule). Otherwise one card per distinct value. With
    the K♥ offer pending (R5.6), the holder's cards come twice: with and without the
    announcement.
    """
    contract, seat, chooser, mch, model = ctx
    p = (f[F_LEADER] + f[F_TLEN]) % 4
    hand = f[F_H + p]
    tlen = f[F_TLEN]
    best = f[F_HIGH]
    win = f[F_WIN]
    legal = hand
    led = -1
    if tlen > 0:
        led = best >> 3
        follow = hand & (SUIT << (8 * led))
        if follow:
            legal = follow
    held = f[F_H] | f[F_H + 1] | f[F_H + 2] | f[F_H + 3]
    seps = (held | f[F_TABLE]) & ~hand
    offer = f[F_ANN] == PENDING and (hand & KH) != 0
    seat_hand = f[F_H + seat]
    # has the seat still to play to this trick (after p)?
    seat_after = seat != p and (seat - f[F_LEADER]) % N_SEATS > tlen
    n = 0
    for s in range(4):
        ms = legal >> (8 * s) & BYTE
        if ms == 0:
            continue
        sp = seps >> (8 * s) & BYTE
        others = (held & ~hand) >> (8 * s) & BYTE
        seat_s = seat_hand >> (8 * s) & BYTE
        while ms:
            top = highest_bit(ms)
            below = sp & ((ONE << top) - 1)
            cls = ms & ~((ONE << (highest_bit(below) + 1)) - 1)  # highest_bit(0) is -1
            ms &= ~cls
            pick = ONE << top
            if cls & (cls - 1) and cls & MIXED[contract, s]:  # values differ: which to search
                fate = _fate(f, seat, p, 8 * s + top)
                if fate != 0 and model == 0:  # the rule weighs the seat's points alone
                    hi_v = -1
                    lo_v = 1 << 20
                    hi_c = top
                    lo_c = top
                    m = cls
                    while m:
                        r = highest_bit(m)
                        m ^= ONE << r
                        v = VALUE[contract, 8 * s + r]
                        if v > hi_v:
                            hi_v = v
                            hi_c = r
                        if v < lo_v:
                            lo_v = v
                            lo_c = r
                    costly = (fate == 1) == (p != seat)
                    pick = ONE << (hi_c if costly else lo_c)
                else:  # one per distinct value
                    seen = 0
                    pick = 0
                    m = cls
                    while m:
                        r = highest_bit(m)
                        m ^= ONE << r
                        code = VALUE_CODE[contract, 8 * s + r]
                        if seen >> code & 1 == 0:
                            seen |= ONE << code
                            pick |= ONE << r
            while pick:
                r = highest_bit(pick)
                pick ^= ONE << r
                c = 8 * s + r
                v = VALUE[contract, c]
                # ordering: does this card hold the trick now, and who wants what
                if tlen == 0:
                    higher = popcount(_above(others, r))
                    if p == seat:  # lead under the others' cards, cheap cards first
                        key = 40 * min(higher, 2) - r - v
                    else:  # lead where the seat must (or may) go over
                        over = popcount(_above(seat_s, r))
                        key = 40 * min(over, 2) + 20 * (seat_s != 0) - r + v
                else:
                    wins_now = s == led and c > best
                    if p == seat:  # duck, with the most costly card; else win cheaply
                        key = 200 + 2 * v + r if not wins_now else r - 10 * v
                    elif win == seat and not wins_now:
                        key = 300 + 2 * v + r  # leave the trick to the seat, with points
                    elif seat_after:
                        key = 100 - r + v  # low, so that the seat may still go over
                    else:
                        key = 50 - v - r
                if c == (tt_move & 31) and tt_move >= 0:
                    key = 1000
                if offer:
                    n = push(f, F_MOVES, F_KEYS, n, c | ANNOUNCE,
                             key + (1 if p != seat else -1))  # fmt: skip
                n = push(f, F_MOVES, F_KEYS, n, c, key)
    return n, p != seat
