"""What the trick search of Trix's solver (:mod:`.solve_tricks`) counts: the codes of the
K♥ announcement and of the two history flags, each card's points per contract, a finished
trick's gain to the searched value (R5, R7, the all-eight rules at the contract's end),
the last trick (forced), and the bounds on the value from a trick boundary.

The searched value is ``sum over seats q of weight(q) * (q's future points)`` (the models:
:mod:`.solve_tricks`' module doc).
"""

import numpy as np

from sim.core.bits import highest_bit, popcount
from sim.core.jit import njit
from sim.games.trix.vocab import (
    DIAMOND_CARDS,
    DIAMONDS,
    GENERAL,
    KH,
    KING,
    LAST_TRICK,
    QUEEN_CARDS,
    QUEENS,
    TRICKS_C,
)

ONE = np.int64(1)
ANNOUNCE = 32  # a move's bit: the K♥ holder announces it with this first card (R5.6)
# the announcement's codes: the announcer's seat, or
NO_ANNOUNCER = 4  # nobody announced (or the contract has no K♥ offer)
PENDING = 5  # the holder has not yet had his first turn (trick 1)
# the history flags' codes: a seat, or
NO_TRICK = 4  # FT: no trick yet / FD: no diamond taken yet
NOBODY = 5  # two seats have won tricks (FT) or taken diamonds (FD)


def _values():
    """R5: each card's raw points in each contract (K♥: 100, its unannounced value), and a
    small code per distinct value (equivalent cards are merged only within one value)."""
    val = np.zeros((7, 32), np.int64)
    for c in range(32):
        bit = 1 << c
        d = 10 if bit & DIAMOND_CARDS else 0
        q = 20 if bit & QUEEN_CARDS else 0
        k = 100 if bit == KH else 0
        val[DIAMONDS, c] = d
        val[QUEENS, c] = q
        val[KING, c] = k
        val[GENERAL, c] = d + q + k
    code = np.zeros((7, 32), np.int64)
    for t in range(7):
        seen = sorted(set(val[t]))
        for c in range(32):
            code[t, c] = seen.index(val[t, c])
    return val, code


VALUE, VALUE_CODE = _values()
# per contract and suit, the cards whose value differs from the suit's others (a class
# holding none of them has one value: any of its cards will do)
MIXED = np.zeros((7, 4), np.int64)
for _t in range(7):
    for _s in range(4):
        _vals = [VALUE[_t, 8 * _s + _r] for _r in range(8)]
        _common = max(set(_vals), key=_vals.count)
        MIXED[_t, _s] = sum(1 << _r for _r in range(8) if _vals[_r] != _common)


@njit(cache=True, inline="always")
def weight(model, seat, q):
    """How much seat q's points count in the searched value (:mod:`.solve_tricks`)."""
    if model == 0:
        return 1 if q == seat else 0
    return 3 if q == seat else -1


@njit(cache=True, inline="always")
def mult(chooser, mch, q):
    """R7.1, R7.2: the chooser's multiplier (``mch``), 1 for the others."""
    return mch if q == chooser else 1


@njit(cache=True, inline="always")
def kh_value(ann):
    """R5.5, R5.6: K♥'s raw points, once the offer is settled (200 while it may be)."""
    return 100 if ann == NO_ANNOUNCER else 200


@njit(cache=True, inline="always")
def raw_points(contract, cards, tricks, last, kh):
    """R5: the raw points in ``contract`` of ``cards`` taken in ``tricks`` tricks (``last``:
    the last trick among them), K♥ worth ``kh``."""
    raw = 0
    if contract in (DIAMONDS, GENERAL):
        raw += 10 * popcount(cards & DIAMOND_CARDS)
    if contract in (QUEENS, GENERAL):
        raw += 20 * popcount(cards & QUEEN_CARDS)
    if contract in (TRICKS_C, GENERAL):
        raw += 10 * tricks
    if contract in (LAST_TRICK, GENERAL) and last:
        raw += 100
    if contract in (KING, GENERAL) and cards & KH:
        raw += kh
    return raw


@njit(cache=True)
def complete(contract, seat, chooser, mch, model, table, win, k, ann, ft, fd, rest):
    """The trick ``table`` (``k`` the tricks before it) won by ``win``, ``rest`` the cards
    still held: the searched value's gain, the new flags, and whether the contract ends
    (R5.1, R5.2, R5.5: early stops; else after the 8th trick)."""
    raw = raw_points(contract, table, 1, k == 7, kh_value(ann))
    has_kh = (table & KH) != 0 and contract in (KING, GENERAL)
    gain = weight(model, seat, win) * mult(chooser, mch, win) * raw
    if has_kh and ann < 4 and ann != win:
        gain -= 50 * weight(model, seat, ann)  # R5.6, never multiplied (R7.3)
    ft = win if ft == NO_TRICK else (ft if ft == win else NOBODY)
    if table & DIAMOND_CARDS:
        fd = win if fd == NO_TRICK else (fd if fd == win else NOBODY)
    if model == 0:  # paranoid: only whether the flag is the seat's matters
        ft = ft if ft in (seat, NO_TRICK) else NOBODY
        fd = fd if fd in (seat, NO_TRICK) else NOBODY
    end = k == 7
    if contract == DIAMONDS:
        end = rest & DIAMOND_CARDS == 0
    elif contract == QUEENS:
        end = rest & QUEEN_CARDS == 0
    elif contract == KING:
        end = rest & KH == 0
    if end:  # the all-eight rules
        if contract == TRICKS_C and ft < 4:  # R5.3: 150 instead of 80
            gain += 70 * weight(model, seat, ft) * mult(chooser, mch, ft)
        elif contract == DIAMONDS and fd < 4:  # R5.1
            gain += 70 * weight(model, seat, fd) * mult(chooser, mch, fd)
        elif contract == GENERAL:
            if ft < 4:  # R5.7: all eight tricks, nothing for the whole contract
                lin = 80 + 80 + 80 + 100 + kh_value(ann)
                gain -= weight(model, seat, ft) * mult(chooser, mch, ft) * lin
            elif fd < 4:  # R5.1 within general
                gain += 70 * weight(model, seat, fd) * mult(chooser, mch, fd)
    return gain, ft, fd, end


@njit(cache=True, inline="always")
def _seat_bounds(contract, chooser, mch, q, held, played, k, ann, holder, ft, fd):
    """The least and the most seat q's points may still change from a trick boundary."""
    m = mult(chooser, mch, q)
    raw = raw_points(contract, held, 8 - k, True, kh_value(ann))
    kh_in_play = (held & KH) != 0 and contract in (KING, GENERAL)
    hi = m * raw
    lo = 0
    if kh_in_play and (ann == q or (ann == PENDING and holder == q)):
        lo = -50
    if (contract == TRICKS_C and ft in (q, NO_TRICK)) or (
        contract in (DIAMONDS, GENERAL) and fd in (q, NO_TRICK)
    ):
        hi += 70 * m
    if contract == GENERAL and ft in (q, NO_TRICK):  # all eight: back to 0
        lin = 10 * popcount(played & DIAMOND_CARDS) + 20 * popcount(played & QUEEN_CARDS)
        lin += 10 * k
        if played & KH:
            lin += kh_value(ann)
        lo = min(lo, -m * lin)
    return lo, hi


@njit(cache=True)
def bounds(contract, seat, chooser, mch, model, h0, h1, h2, h3, k, ann, ft, fd):
    """The searched value's range from a trick boundary: each seat's range, weighed."""
    held = h0 | h1 | h2 | h3
    played = ~held & np.int64(0xFFFFFFFF)
    holder = 0 if h0 & KH else (1 if h1 & KH else (2 if h2 & KH else 3))
    lo = 0
    hi = 0
    for q in range(4):
        w = weight(model, seat, q)
        if w == 0:
            continue
        a, b = _seat_bounds(contract, chooser, mch, q, held, played, k, ann, holder, ft, fd)
        if w > 0:
            lo += w * a
            hi += w * b
        else:
            lo += w * b
            hi += w * a
    return lo, hi


@njit(cache=True)
def last_trick(contract, seat, chooser, mch, model, h0, h1, h2, h3, leader, ann, ft, fd):
    """One card each: the last trick is forced (R4.2, R4.3): its gain."""
    hs = (h0, h1, h2, h3)
    lead = hs[leader]
    led = highest_bit(lead) >> 3
    win = leader
    best = highest_bit(lead)
    table = h0 | h1 | h2 | h3
    for i in range(1, 4):
        q = (leader + i) % 4
        c = highest_bit(hs[q])
        if c >> 3 == led and c > best:
            best = c
            win = q
    last, none = np.int64(7), np.int64(0)  # not literals: complete compiled once
    g, _, _, _ = complete(contract, seat, chooser, mch, model, table, win, last, ann, ft, fd, none)
    return g
