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
  (skatsearch's value-aware rule, :func:`_gen`): -20% nodes in queens, -30% in general.
- Move ordering by the trick: the seat ducks with its costliest card, the others leave the
  trick to the seat and throw points on it, or lead where the seat must go over; the
  table's move first. (A killer move per depth made it worse: +30-65% nodes.)
- A player with one move worth searching inside a trick plays it in the frame itself
  (42% of the frames were such; fewer frames, no faster), and the last trick (one card
  each) is counted without frames.
"""

import numpy as np

from sim.core.bits import highest_bit, popcount
from sim.core.jit import njit
from sim.games.trix.solve_table import FRAME, NODES, entry_hi, entry_lo, entry_move, probe, store
from sim.games.trix.vocab import (
    DIAMOND_CARDS,
    DIAMONDS,
    GENERAL,
    KH,
    KING,
    LAST_TRICK,
    QUEEN_CARDS,
    QUEENS,
    SUIT,
    TRICKS_C,
)

ONE = np.int64(1)
BYTE = np.int64(0xFF)
NONE = -(1 << 40)  # a node not settled at once: its frame is pushed
INF = 1 << 30
ANNOUNCE = 32  # a move's bit: the K♥ holder announces it with this first card (R5.6)
# the announcement's codes: the announcer's seat, or
NO_ANNOUNCER = 4  # nobody announced (or the contract has no K♥ offer)
PENDING = 5  # the holder has not yet had his first turn (trick 1)
# the history flags' codes: a seat, or
NO_TRICK = 4  # FT: no trick yet / FD: no diamond taken yet
NOBODY = 5  # two seats have won tricks (FT) or taken diamonds (FD)

# frame fields (solve_table.FRAME words a frame)
F_H = 0  # 4: the hands
F_LEADER, F_TLEN, F_TABLE, F_WIN, F_BEST, F_TRICK = 4, 5, 6, 7, 8, 9
F_ANN, F_FT, F_FD = 10, 11, 12
F_ALPHA, F_BETA, F_ALPHA0, F_BETA0, F_LO, F_HI = 13, 14, 15, 16, 17, 18
F_BESTV, F_BESTM, F_N, F_I, F_GAIN, F_MAX, F_TAG = 19, 20, 21, 22, 23, 24, 25
F_MOVES = 26  # up to 16 (8 cards, each with and without the announcement)
F_KEYS = 42  # their ordering keys (to 58)
F_K0, F_K1 = 58, 59  # the table's key of a trick boundary
F_OFF = 60  # the gain of the moves played at once in the frame (forced)


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


_VAL, _VCODE = _values()
# per contract and suit, the cards whose value differs from the suit's others (a class
# holding none of them has one value: any of its cards will do)
_MIXED = np.zeros((7, 4), np.int64)
for _t in range(7):
    for _s in range(4):
        _vals = [_VAL[_t, 8 * _s + _r] for _r in range(8)]
        _common = max(set(_vals), key=_vals.count)
        _MIXED[_t, _s] = sum(1 << _r for _r in range(8) if _vals[_r] != _common)


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
def rel_move(held, m):
    """A move as the table keeps it: its suit and its place from the top among the suit's
    held cards (and the announcement bit)."""
    c = m & 31
    s = c >> 3
    above = held >> (8 * s) & BYTE & ~((ONE << ((c & 7) + 1)) - 1)
    return (m & ANNOUNCE) | (s << 3) | popcount(above)


@njit(cache=True, inline="always")
def abs_move(held, rm):
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
def weight(model, seat, q):
    """How much seat q's points count in the searched value (the module doc)."""
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


@njit(cache=True)
def complete(contract, seat, chooser, mch, model, table, win, k, ann, ft, fd, rest):
    """The trick ``table`` (``k`` the tricks before it) won by ``win``, ``rest`` the cards
    still held: the searched value's gain, the new flags, and whether the contract ends
    (R5.1, R5.2, R5.5: early stops; else after the 8th trick)."""
    raw = 0
    if contract in (DIAMONDS, GENERAL):
        raw += 10 * popcount(table & DIAMOND_CARDS)
    if contract in (QUEENS, GENERAL):
        raw += 20 * popcount(table & QUEEN_CARDS)
    if contract in (TRICKS_C, GENERAL):
        raw += 10
    if contract in (LAST_TRICK, GENERAL) and k == 7:
        raw += 100
    has_kh = (table & KH) != 0 and contract in (KING, GENERAL)
    if has_kh:
        raw += kh_value(ann)
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
    raw = 0
    if contract in (DIAMONDS, GENERAL):
        raw += 10 * popcount(held & DIAMOND_CARDS)
    if contract in (QUEENS, GENERAL):
        raw += 20 * popcount(held & QUEEN_CARDS)
    if contract in (TRICKS_C, GENERAL):
        raw += 10 * (8 - k)
    if contract in (LAST_TRICK, GENERAL):
        raw += 100
    kh_in_play = (held & KH) != 0 and contract in (KING, GENERAL)
    if kh_in_play:
        raw += kh_value(ann)
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


@njit(cache=True, inline="always")
def _push(work, base, n, move, key):
    """Insert a move into the frame's list by descending key."""
    i = n
    while i > 0 and work[base + F_KEYS + i - 1] < key:
        work[base + F_KEYS + i] = work[base + F_KEYS + i - 1]
        work[base + F_MOVES + i] = work[base + F_MOVES + i - 1]
        i -= 1
    work[base + F_KEYS + i] = key
    work[base + F_MOVES + i] = move
    return n + 1


@njit(cache=True, inline="always")
def _above(mask_s, r):
    """The cards of one suit's byte above rank ``r``."""
    return mask_s & ~((ONE << (r + 1)) - 1)


@njit(cache=True)
def _fate(work, base, seat, p, top):
    """Whether the trick goes to the seat whatever comes after ``p`` plays ``top`` (a card
    of a class: every card of it gives the same answer): 1 sure, -1 surely not, 0 open."""
    tlen = work[base + F_TLEN]
    leader = work[base + F_LEADER]
    s = top >> 3
    if tlen == 0:
        win = p
        best = top
    else:
        win = work[base + F_WIN]
        best = work[base + F_BEST]
        if s == best >> 3 and top > best:
            win = p
            best = top
    led = best >> 3
    br = best & 7
    # the players still to play after p, and whether one of them can (or the seat can) beat
    later_beat = False
    seat_later = False
    for i in range(tlen + 1, 4):
        q = (leader + i) % 4
        hq = work[base + F_H + q] >> (8 * led) & BYTE
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


@njit(cache=True)
def _gen(work, base, contract, seat, model, p, tt_move):
    """The moves of seat ``p`` worth searching, ordered into the frame; returns their count.

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
    hand = work[base + F_H + p]
    tlen = work[base + F_TLEN]
    best = work[base + F_BEST]
    win = work[base + F_WIN]
    legal = hand
    led = -1
    if tlen > 0:
        led = best >> 3
        follow = hand & (SUIT << (8 * led))
        if follow:
            legal = follow
    held = work[base + F_H] | work[base + F_H + 1] | work[base + F_H + 2] | work[base + F_H + 3]
    seps = (held | work[base + F_TABLE]) & ~hand
    offer = work[base + F_ANN] == PENDING and (hand & KH) != 0
    seat_hand = work[base + F_H + seat]
    # has the seat still to play to this trick (after p)?
    seat_after = seat != p and (seat - work[base + F_LEADER]) % 4 > tlen
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
            if cls & (cls - 1) and cls & _MIXED[contract, s]:  # values differ: which to search
                fate = _fate(work, base, seat, p, 8 * s + top)
                if fate != 0 and model == 0:  # the rule weighs the seat's points alone
                    hi_v = -1
                    lo_v = 1 << 20
                    hi_c = top
                    lo_c = top
                    m = cls
                    while m:
                        r = highest_bit(m)
                        m ^= ONE << r
                        v = _VAL[contract, 8 * s + r]
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
                        code = _VCODE[contract, 8 * s + r]
                        if seen >> code & 1 == 0:
                            seen |= ONE << code
                            pick |= ONE << r
            while pick:
                r = highest_bit(pick)
                pick ^= ONE << r
                c = 8 * s + r
                v = _VAL[contract, c]
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
                    n = _push(work, base, n, c | ANNOUNCE, key + (1 if p != seat else -1))
                n = _push(work, base, n, c, key)
    return n


@njit(cache=True)
def _last_trick(contract, seat, chooser, mch, model, h0, h1, h2, h3, leader, ann, ft, fd):
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
    g, _, _, _ = complete(contract, seat, chooser, mch, model, table, win, 7, ann, ft, fd, 0)
    return g


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
                return off + _last_trick(contract, seat, chooser, mch, model, h0, h1, h2, h3,
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
        n = _gen(work, base, contract, seat, model, p, tt_move)
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
    v = _enter(work, 0, contract, seat, chooser, mch, model, alpha, beta)
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
