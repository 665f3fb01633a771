"""The search of Five Hundred's solver (:mod:`.solve`): a yes/no alpha-beta on an explicit
stack, its transposition table, its bounds and its move ordering.

Cards are in the solver's layout (:func:`.solve.remap`): four 16-bit fields, one per
effective suit, a stronger card a higher bit; the trump field holds 4 .. T, Q, K, A, the
left bower, the right bower and the joker in bits 0-12 (R1.3); in no trumps the joker is
bit 62, in no field (R8.1). Team 0 (seats 0 and 2) is the side whose tricks are counted;
the other side's are the rest.
"""

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from sim.core.bits import highest_bit, lowest_bit, nth_bit, popcount
from sim.core.jit import njit
from sim.games.five_hundred.vocab import N_SEATS

ONE = np.int64(1)
FIELD = np.int64(0x1FFF)  # the 13 positions of a field
FIELDS = np.int64(0x1FFF1FFF1FFF1FFF)
NOT_TOP = np.int64(0x7FFF7FFF7FFF7FFF)  # a shift down never carries a field into the one below
JK_NT = 62  # the joker in no trumps: in no field, above every card
JK_BIT = ONE << JK_NT
NO_TRUMPS_CODE = 4  # the contract code of no trumps (else the trump suit)

# -- the scratch: counters, the hands while searching, the stack of plies, the table ----------
W_NODES = 0  # nodes entered by the last score (for the bench)
W_HANDS = 1  # the four hands in the layout
W_FRAMES = 8
F_LEADER, F_CNT, F_LED, F_WINNER, F_BEST, F_TCARDS, F_MW, F_JV = range(8)
F_MOVER, F_N, F_I, F_K0, F_K1, F_ALLC = range(8, 14)
F_MOVES = 14  # up to 13 moves (9 cards and 4 named joker leads), best first
F_KEYS = 28  # their ordering keys
FRAME = 42
MAX_PLY = 41  # 40 cards and the leaf
W_TT = W_FRAMES + MAX_PLY * FRAME
TT_BITS = 16  # buckets of two entries of three words: k0, k1, lower | upper << 4 | move << 8
TT_BUCKETS = 1 << TT_BITS
ENTRY = 3
WAYS = 2
WORK_SIZE = W_TT + TT_BUCKETS * WAYS * ENTRY
NO_MOVE = 255
_M1 = np.int64(-7046029254386353131)  # 0x9E3779B97F4A7C15
_M2 = np.int64(-4658895280553007687)  # 0xBF58476D1CE4E5B9


# -- bit tools ---------------------------------------------------------------------------------
def _pext_loop(x, m):
    out = 0
    k = 0
    while m:
        if x & m & -m:
            out |= 1 << k
        k += 1
        m &= m - 1
    return out


@intrinsic
def _pext_intrinsic(typingctx, x, m):
    """The bits of x at the set bits of m, packed low: BMI2 ``pext`` where the CPU has it."""
    sig = types.int64(types.int64, types.int64)

    def codegen(context, builder, signature, args):
        if "+bmi2" not in getattr(context.codegen(), "_tm_features", ""):
            return context.compile_internal(builder, _pext_loop, signature, args)
        i64 = ir.IntType(64)
        fn = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(i64, [i64, i64]), "llvm.x86.bmi.pext.64"
        )
        return builder.call(fn, [args[0], args[1]])

    return sig, codegen


@njit(cache=True, inline="always")
def pext(x, m):
    return _pext_intrinsic(x, m)


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
def reps(hand, gone):
    """The highest card of each run of equivalent cards of ``hand``: cards of one field with
    only ``gone`` cards (out of play) between them."""
    cur = (hand >> 1) & NOT_TOP
    covered = np.int64(0)
    while cur:
        covered |= cur
        cur = ((cur & gone) >> 1) & NOT_TOP
    return hand & ~covered


@njit(cache=True, inline="always")
def top_run(mine, others):
    """How many of ``mine`` lie above every card of ``others`` (one field)."""
    return popcount(mine >> (highest_bit(others) + 1)) if others else popcount(mine)


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


# -- the transposition table -------------------------------------------------------------------
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
def tt_slot(k0, k1):
    x = k0 * _M1 ^ k1 * _M2
    return W_TT + ((x >> (64 - TT_BITS)) & (TT_BUCKETS - 1)) * (WAYS * ENTRY)


@njit(cache=True, inline="always")
def tt_probe(work, k0, k1):
    """The entry's data word, or -1."""
    e = tt_slot(k0, k1)
    for _ in range(WAYS):
        if work[e] == k0 and work[e + 1] == k1:
            return work[e + 2]
        e += ENTRY
    return np.int64(-1)


@njit(cache=True)
def tt_store(work, k0, k1, lower, upper, move):
    """Tighten (or add, in the bucket's first way) the bounds of a trick start."""
    base = tt_slot(k0, k1)
    e = base
    for _ in range(WAYS):
        if work[e] == k0 and work[e + 1] == k1:
            d = work[e + 2]
            lower = max(lower, d & 15)
            upper = min(upper, (d >> 4) & 15)
            if move == NO_MOVE:
                move = (d >> 8) & 255
            work[e + 2] = lower | (upper << 4) | (move << 8)
            return
        e += ENTRY
    for i in range(ENTRY * (WAYS - 1) - 1, -1, -1):  # the older entries move down a way
        work[base + ENTRY + i] = work[base + i]
    work[base] = k0
    work[base + 1] = k1
    work[base + 2] = lower | (upper << 4) | (move << 8)


@njit(cache=True, inline="always")
def rel_move(move, allc):
    """A lead in relative terms (field * 16 + rank among the remaining cards of its field;
    64 + the named suit for the no-trump joker), as the key is."""
    card = move & 63
    if card == JK_NT:
        return 64 + (move >> 6) - 1
    f = card >> 4
    return 16 * f + popcount(allc & field_mask(f) & ((ONE << card) - 1))


@njit(cache=True, inline="always")
def abs_move(rel, allc):
    if rel == NO_MOVE:
        return -1
    if rel >= 64:
        return JK_NT | ((rel - 64 + 1) << 6)
    return nth_bit(allc & field_mask(rel >> 4), rel & 15)


# -- move generation and ordering --------------------------------------------------------------
@njit(cache=True, inline="always")
def _value(card, tf):
    """A card's rank for ordering: its position in its field, trumps above plain cards."""
    if card == JK_NT:
        return 40
    v = card & 15
    return v + 16 if (card >> 4) == tf else v


@njit(cache=True, inline="always")
def _push(work, fr, n, move, key):
    j = n
    while j > 0 and work[fr + F_KEYS + j - 1] < key:
        work[fr + F_KEYS + j] = work[fr + F_KEYS + j - 1]
        work[fr + F_MOVES + j] = work[fr + F_MOVES + j - 1]
        j -= 1
    work[fr + F_KEYS + j] = key
    work[fr + F_MOVES + j] = move
    return n + 1


@njit(cache=True)
def gen_moves(work, fr, hands, mover, cnt, led, winner, best, tcards, jv, tf, hint):
    """The moves of a node (one per run of equivalent cards; the no-trump joker's lead once
    per suit it may name, R8.2, R8.3), best first, into the frame; returns their count."""
    hand = hands[mover]
    allh = hands[0] | hands[1] | hands[2] | hands[3]
    legal = hand
    if cnt > 0:
        follow = hand & field_mask(led)
        if follow:
            legal = follow  # R7.2, R7.3
    moves = reps(hand, FIELDS & ~(allh | tcards)) & legal
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
            n = _push(work, fr, n, m, 1000 if m == hint else 150)
    side = mover & 1
    while moves:
        c = lowest_bit(moves)
        moves &= moves - 1
        v = _value(c, tf)
        if c == hint:
            key = 1000
        elif cnt == 0:
            f = c >> 4
            fm = field_mask(f)
            opp = (o1 | o2) & fm
            top = (allh & ~hand & fm) == 0 or c > highest_bit(allh & ~hand & fm)
            if f == tf:
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
        n = _push(work, fr, n, c, key)
    return n


# -- the search ---------------------------------------------------------------------------------
@njit(cache=True)
def _store(work, fr, target, result, move):
    """A trick start's yes/no answer as a bound on team 0's future tricks."""
    need = target - work[fr + F_MW]
    rel = rel_move(move, work[fr + F_ALLC]) if move >= 0 else NO_MOVE
    if result:  # np.int64: a literal bound would compile tt_store once more for each
        tt_store(work, work[fr + F_K0], work[fr + F_K1], need, np.int64(15), rel)
    else:
        tt_store(work, work[fr + F_K0], work[fr + F_K1], np.int64(0), need - 1, rel)


@njit(cache=True)
def search(work, target, tf, code, leader, cnt, led, winner, best, tcards, jv):
    """Whether team 0 takes at least ``target`` tricks from here on (the trick in progress
    included), everyone seeing every card and both sides playing for their own tricks. The
    position: the hands at ``work[W_HANDS:]`` and the trick in progress (``cnt`` cards from
    ``leader``, to follow ``led``, held by ``winner`` with ``best``; ``tcards`` its cards;
    ``jv`` the no-trump joker's holder's shown voids)."""
    hands = work[W_HANDS : W_HANDS + 4]
    mw = 0  # team 0's tricks since the root
    d = 0
    result = 0
    mode = 0  # 0 enter the node at depth d, 1 try its next move, 2 return result from d
    while True:
        if mode == 0:
            work[W_NODES] += 1
            fr = W_FRAMES + d * FRAME
            hint = -1
            result = -1
            if cnt == 0:  # a trick starts: bounds, the last trick, the table
                rem = popcount(hands[leader])
                need = target - mw
                if need <= 0:
                    result = 1
                elif need > rem:
                    result = 0
                elif rem == 1:  # the last trick: one card each (R7.4)
                    w = leader
                    b = lowest_bit(hands[leader])
                    for j in range(1, N_SEATS):
                        p = (leader + j) % N_SEATS
                        c = lowest_bit(hands[p])
                        if beats(c, b, tf):
                            b = c
                            w = p
                    result = 1 - (w & 1)
                else:
                    allc = hands[0] | hands[1] | hands[2] | hands[3]
                    lower, upper = bounds(hands, allc, leader, tf, rem)
                    if lower >= need:
                        result = 1
                    elif upper < need:
                        result = 0
                    else:
                        k0, k1 = tt_key(hands, allc, leader, code, jv)
                        data = tt_probe(work, k0, k1)
                        if data >= 0:
                            if data & 15 >= need:
                                result = 1
                            elif (data >> 4) & 15 < need:
                                result = 0
                            else:
                                hint = abs_move((data >> 8) & 255, allc)
                        work[fr + F_K0] = k0
                        work[fr + F_K1] = k1
                        work[fr + F_ALLC] = allc
            if result >= 0:
                mode = 2
                continue
            mover = (leader + cnt) % N_SEATS
            work[fr + F_LEADER] = leader
            work[fr + F_CNT] = cnt
            work[fr + F_LED] = led
            work[fr + F_WINNER] = winner
            work[fr + F_BEST] = best
            work[fr + F_TCARDS] = tcards
            work[fr + F_MW] = mw
            work[fr + F_JV] = jv
            work[fr + F_MOVER] = mover
            work[fr + F_N] = gen_moves(
                work, fr, hands, mover, cnt, led, winner, best, tcards, jv, tf, hint
            )
            work[fr + F_I] = 0
            mode = 1
            continue
        if mode == 1:
            fr = W_FRAMES + d * FRAME
            i = work[fr + F_I]
            mover = work[fr + F_MOVER]
            if i == work[fr + F_N]:  # nothing the mover tried got his side what it wants
                result = mover & 1
                if work[fr + F_CNT] == 0:
                    _store(work, fr, target, result, np.int64(-1))  # not Literal[-1]
                mode = 2
                continue
            work[fr + F_I] = i + 1
            m = work[fr + F_MOVES + i]
            card = m & 63
            leader = work[fr + F_LEADER]
            cnt = work[fr + F_CNT]
            led = work[fr + F_LED]
            winner = work[fr + F_WINNER]
            best = work[fr + F_BEST]
            tcards = work[fr + F_TCARDS]
            mw = work[fr + F_MW]
            jv = work[fr + F_JV]
            bit = ONE << card
            hands[mover] ^= bit
            if cnt == 0:
                led = (m >> 6) - 1 if card == JK_NT else card >> 4  # R8.2 the named suit
                winner = mover
                best = card
            else:
                if beats(card, best, tf):
                    winner = mover
                    best = card
                if hands[mover] & JK_BIT and (bit & field_mask(led)) == 0:
                    jv |= 1 << led  # the joker's holder shows void (R7.2, R8.3)
            if card == JK_NT:
                jv = 0
            tcards |= bit
            cnt += 1
            if cnt == N_SEATS:  # R7.1 the winner leads the next trick
                mw += 1 - (winner & 1)
                leader = winner
                tcards = 0
                cnt = 0
            d += 1
            mode = 0
            continue
        # mode 2: the node at depth d is decided; back up to its parent
        if d == 0:
            return result
        d -= 1
        fr = W_FRAMES + d * FRAME
        mover = work[fr + F_MOVER]
        m = work[fr + F_MOVES + work[fr + F_I] - 1]
        hands[mover] |= ONE << (m & 63)
        if result != (mover & 1):  # the mover's side got what it wants: a cut
            if work[fr + F_CNT] == 0:
                _store(work, fr, target, result, m)
            continue
        mode = 1
