"""The search part of Five Hundred's solver (:mod:`.solve`), bound into the alpha-beta
template (:mod:`sim.core.alphabeta`): its positions, bounds, moves and the table's key.

Cards are in the solver's layout (:func:`.solve.remap`): four 16-bit fields, one per
effective suit, a stronger card a higher bit; the trump field holds 4 .. T, Q, K, A, the
left bower, the right bower and the joker in bits 0-12 (R1.3); in no trumps the joker is
bit 62, in no field (R8.1). The value is team 0's tricks from here on (seats 0 and 2:
they maximise it); the other side's are the rest.
"""

import numpy as np

from sim.core.bits import highest_bit, lowest_bit, nth_bit, pext, popcount, run_tops
from sim.core.frames import HEAD, INF, NONE, push, put, table_words
from sim.core.jit import njit
from sim.games.five_hundred.vocab import N_SEATS

ONE = np.int64(1)
FIELD = np.int64(0x1FFF)  # the 13 positions of a field
FIELDS = np.int64(0x1FFF1FFF1FFF1FFF)
NOT_TOP = np.int64(0x7FFF7FFF7FFF7FFF)  # a shift down never carries a field into the one below
JK_NT = 62  # the joker in no trumps: in no field, above every card
JK_BIT = ONE << JK_NT
NO_TRUMPS_CODE = 4  # the contract code of no trumps (else the trump suit)

# -- the scratch: the node count, the hands while searching, the stack of plies, the table ----
NODES = 0  # nodes entered by the last score (for the bench)
W_HANDS = 1  # the four hands in the layout (a move takes its card, undo returns it)
FRAMES = 8
F_LEADER, F_CNT, F_LED, F_WINNER, F_HIGH, F_TCARDS, F_JV, F_MOVER = range(HEAD, HEAD + 8)
F_MOVES = HEAD + 8  # up to 13 moves (9 cards and 4 named joker leads), best first
F_KEYS = F_MOVES + 13  # their ordering keys
FRAME = F_KEYS + 13
MAX_PLY = 41  # 40 cards and the leaf
TT = FRAMES + MAX_PLY * FRAME
TT_BITS = 16  # buckets of two entries of three words: the key's two, the data
KEYS = 2
WORK_SIZE = TT + table_words(KEYS, TT_BITS)


# -- bit tools ---------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def field_mask(f):
    return FIELD << (16 * f)


@njit(cache=True, inline="always")
def beats(card, best, tf):
    """R7.4, R8.1: ``card`` takes the trick from ``best`` (a card of the suit to follow or a
    trump): a higher card of its field, a trump on a plain card, the no-trump joker."""
    if (card >> 4) == (best >> 4):
        return card > best
    if tf >= 0:
        return (card >> 4) == tf
    return card == JK_NT


@njit(cache=True, inline="always")
def top_run(mine, others):
    """How many of ``mine`` lie above every card of ``others`` (one field; highest_bit of
    none is -1)."""
    return popcount(mine >> (highest_bit(others) + 1))


# -- bounds at a trick start -------------------------------------------------------------------
@njit(cache=True)
def bounds(hands, allc, leader, tf, rem):
    """Bounds on team 0's tricks from a trick start: the leader's side's sure tricks (his
    top trumps, then his top cards of each suit as far as nobody who could ruff them, nor
    his partner, runs short; the partner's top trumps or joker besides) and the other
    side's (the run of top trumps of one hand, or the no-trump joker: a trick each)."""
    mine = hands[leader]
    pard = hands[(leader + 2) % N_SEATS]
    o1 = hands[(leader + 1) % N_SEATS]
    o2 = hands[(leader + 3) % N_SEATS]
    sure = 0
    theirs = 0
    if tf >= 0:
        tm = field_mask(tf)
        trumps = allc & tm
        r = top_run(mine & tm, trumps & ~mine) if mine & tm else 0
        t1 = popcount(o1 & tm) - r  # trumps left after r rounds of trumps (R7.3: follow them)
        t2 = popcount(o2 & tm) - r
        tp = popcount(pard & tm) - r
        sure = r
        for f in range(4):
            if f == tf:
                continue
            fm = field_mask(f)
            m = mine & fm
            if m == 0:
                continue
            run = top_run(m, allc & fm & ~m)
            if t1 > 0:
                run = min(run, popcount(o1 & fm))
            if t2 > 0:
                run = min(run, popcount(o2 & fm))
            if tp > 0:
                run = min(run, popcount(pard & fm))
            sure += run
        if trumps:
            top = highest_bit(trumps)
            holder = leader
            for p in range(N_SEATS):
                if hands[p] >> top & 1:
                    holder = p
            rel = (holder - leader) % N_SEATS
            if rel == 2:  # r = 0 and the partner kept his trumps: each of his top run later
                sure += top_run(pard & tm, trumps & ~pard)
            elif rel != 0:
                h = hands[holder]
                theirs = top_run(h & tm, trumps & ~h)
    else:
        holder = -1
        if allc & JK_BIT:
            for p in range(N_SEATS):
                if hands[p] & JK_BIT:
                    holder = p
        for f in range(4):
            fm = field_mask(f)
            m = mine & fm
            if m == 0:
                continue
            run = top_run(m, allc & fm & ~m)
            if holder >= 0 and holder != leader:  # he follows as long as he can
                run = min(run, popcount(hands[holder] & fm))
            sure += run
        if holder >= 0:
            rel = (holder - leader) % N_SEATS
            if rel & 1:
                theirs = 1
            else:
                sure += 1  # the joker: a trick of its own (R8.1)
    sure = min(sure, rem)
    hi = rem - theirs
    if leader & 1 == 0:
        return sure, hi
    return rem - hi, rem - sure


# -- the table's key and moves -----------------------------------------------------------------
@njit(cache=True, inline="always")
def tt_key(hands, allc, leader, code, jv):
    """The exact position of a trick start in relative ranks: each remaining card's owner in
    the order of the remaining cards (two words of bits), each field's length, the leader,
    the contract, and in no trumps whether the joker is held and its holder's voids."""
    a = pext(hands[1] | hands[3], allc)
    b = pext(hands[2] | hands[3], allc)
    lens = np.int64(0)
    for f in range(4):
        lens |= popcount(allc & field_mask(f)) << (4 * f)
    k0 = a | (lens << 40) | (np.int64(leader) << 56) | (np.int64(code) << 58) | (ONE << 61)
    k1 = b
    if allc & JK_BIT:
        k1 |= (16 | np.int64(jv)) << 40
    return k0, k1


@njit(cache=True, inline="always")
def _rel(move, allc):
    """A lead in relative terms (field * 16 + rank among the remaining cards of its field;
    64 + the named suit for the no-trump joker), as the key is."""
    card = move & 63
    if card == JK_NT:
        return 64 + (move >> 6) - 1
    f = card >> 4
    return 16 * f + popcount(allc & field_mask(f) & ((ONE << card) - 1))


@njit(cache=True, inline="always")
def _abs(rel, allc):
    if rel >= 64:
        return JK_NT | ((rel - 64 + 1) << 6)
    return nth_bit(allc & field_mask(rel >> 4), rel & 15)


@njit(cache=True, inline="always")
def _value(card, tf):
    """A card's rank for ordering: its position in its field, trumps above plain cards."""
    if card == JK_NT:
        return 40
    v = card & 15
    return v + 16 if (card >> 4) == tf else v


@njit(cache=True, inline="always")
def moves(work, f, ctx, hint):
    """The moves of a node (one per run of equivalent cards; the no-trump joker's lead once
    per suit it may name, R8.2, R8.3), best first, into the frame: their count, and whether
    the mover maximises (team 0)."""
    tf = ctx[0]
    hands = work[W_HANDS : W_HANDS + 4]
    cnt = f[F_CNT]
    mover = (f[F_LEADER] + cnt) % N_SEATS
    f[F_MOVER] = mover
    led = f[F_LED]
    winner = f[F_WINNER]
    best = f[F_HIGH]
    tcards = f[F_TCARDS]
    jv = f[F_JV]
    hand = hands[mover]
    allh = hands[0] | hands[1] | hands[2] | hands[3]
    legal = hand
    if cnt > 0:
        follow = hand & field_mask(led)
        if follow:
            legal = follow  # R7.2, R7.3
    moves = run_tops(hand, FIELDS & ~(allh | tcards), NOT_TOP) & legal
    pard = hands[(mover + 2) % N_SEATS]
    o1 = hands[(mover + 1) % N_SEATS]
    o2 = hands[(mover + 3) % N_SEATS]
    tm = field_mask(tf) if tf >= 0 else JK_BIT
    n = 0
    if cnt == 0 and moves & JK_BIT and tf < 0:  # R8.2 the joker names a suit
        moves ^= JK_BIT
        nobody = False
        for s in range(4):
            if jv >> s & 1:  # R8.3
                continue
            if allh & ~hand & field_mask(s) == 0:  # nobody can follow: one such suit is enough
                if nobody:
                    continue
                nobody = True
            m = JK_NT | ((s + 1) << 6)
            n = push(f, F_MOVES, F_KEYS, n, m, 1000 if m == hint else 150)
    side = mover & 1
    while moves:
        c = lowest_bit(moves)
        moves &= moves - 1
        v = _value(c, tf)
        if c == hint:
            key = 1000
        elif cnt == 0:
            suit = c >> 4
            fm = field_mask(suit)
            opp = (o1 | o2) & fm
            top = (allh & ~hand & fm) == 0 or c > highest_bit(allh & ~hand & fm)
            if suit == tf:
                key = (200 if top else 60) + v
            else:
                risk = ((o1 & fm) == 0 and (o1 & tm) != 0) or ((o2 & fm) == 0 and (o2 & tm) != 0)
                if top and not risk:
                    key = 250 + v
                elif (pard & fm) != 0 and (opp == 0 or highest_bit(pard & fm) > highest_bit(opp)):
                    key = 120 - v
                else:
                    key = 80 - v
        elif (winner & 1) == side:  # the partner holds the trick
            key = 50 - v if beats(c, best, tf) else 100 - v
        elif beats(c, best, tf):
            key = 200 - v if cnt == 3 else 150 + v
        else:
            key = 100 - v
        n = push(f, F_MOVES, F_KEYS, n, c, key)
    return n, mover & 1 == 0


# -- the hooks of the template (sim.core.alphabeta) -------------------------------------------
@njit(cache=True, inline="always")
def settle(work, f, ctx, alpha, beta):
    """At a trick start: the target reached or out of reach, the last trick at once (R7.4),
    else the sure tricks of :func:`bounds`."""
    if f[F_CNT] != 0:
        return NONE, -INF, INF, False
    hands = work[W_HANDS : W_HANDS + 4]
    leader = f[F_LEADER]
    rem = popcount(hands[leader])
    if beta <= 0:  # the target reached: at least none more, fail-soft
        return np.int64(0), -INF, INF, False
    if rem <= alpha:  # out of reach: at most every trick left
        return rem, -INF, INF, False
    tf = ctx[0]
    if rem == 1:  # the last trick: one card each (R7.4)
        w = leader
        b = lowest_bit(hands[leader])
        for j in range(1, N_SEATS):
            p = (leader + j) % N_SEATS
            c = lowest_bit(hands[p])
            if beats(c, b, tf):
                b = c
                w = p
        return 1 - (w & 1), -INF, INF, False
    lower, upper = bounds(hands, _all(work), leader, tf, rem)
    return NONE, lower, upper, True


@njit(cache=True, inline="always")
def _all(work):
    return work[W_HANDS] | work[W_HANDS + 1] | work[W_HANDS + 2] | work[W_HANDS + 3]


@njit(cache=True, inline="always")
def key(work, f, ctx):
    hands = work[W_HANDS : W_HANDS + 4]
    leader = f[F_LEADER]
    k0, k1 = tt_key(hands, _all(work), leader, ctx[1], f[F_JV])
    return k0, k1, np.int64(0), popcount(hands[leader])


@njit(cache=True, inline="always")
def play(work, f, m, ctx):
    """The mover plays ``m`` (a card; the no-trump joker's lead with its named suit, R8.2):
    the trick's winner leads the next (R7.1), a trick of team 0's gaining one."""
    tf = ctx[0]
    leader, cnt, led, winner, best, tcards, jv, mover = f[F_LEADER:F_MOVES]
    card = m & 63
    bit = ONE << card
    work[W_HANDS + mover] ^= bit
    if cnt == 0:
        led = (m >> 6) - 1 if card == JK_NT else card >> 4  # R8.2 the named suit
        winner = mover
        best = card
    else:
        if beats(card, best, tf):
            winner = mover
            best = card
        if work[W_HANDS + mover] & JK_BIT and (bit & field_mask(led)) == 0:
            jv |= 1 << led  # the joker's holder shows void (R7.2, R8.3)
    if card == JK_NT:
        jv = 0
    tcards |= bit
    cnt += 1
    gain = np.int64(0)
    if cnt == N_SEATS:  # R7.1 the winner leads the next trick
        gain = 1 - (winner & 1)
        leader = winner
        tcards = 0
        cnt = 0
    put(f, FRAME + F_LEADER, (leader, cnt, led, winner, best, tcards, jv))
    return gain, False


@njit(cache=True, inline="always")
def undo(work, f, m, ctx):
    work[W_HANDS + f[F_MOVER]] |= ONE << (m & 63)


@njit(cache=True, inline="always")
def rel_move(work, f, m):
    return _rel(m, _all(work))


@njit(cache=True, inline="always")
def abs_move(work, f, rel):
    return _abs(rel, _all(work))
