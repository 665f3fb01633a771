"""Terts's perfect-information solver: the last nine tricks, both hands seen.

**Model.** From trick 8 on the stock is drawn (R5.3): every card nobody has played is in
one of the two hands, and the play is a two-player zero-sum game on the card points
still to take (R4.3, the last trick's 10 of R4.4). Melds are declared only in tricks 1-7
(R7.4a), so from trick 8 they are fixed points and stay out of the search. ``score`` is a
seat's future card points when it maximises them and the other seat minimises them; the
search itself always counts seat 0's points (seat 1's are the rest), so one table serves
both seats.

**Search.** Fail-soft alpha-beta over single cards (18 plies at most) with an explicit
stack in ``work`` (no recursion: numba issue #6061 reports segfaults for cached recursive
kernels). Cards are renumbered once per solve into *power coordinates*, ``suit * 8 +
power`` (R4.1 in the trump suit, R4.2 elsewhere), so a stronger card of a suit is a higher
bit and a card's points grow with its power in both orders.

- **Transposition table** at trick boundaries only, keyed on the exact position: both
  hands in one ``int64`` word plus the leader (and the trump suit, so a table reused from
  another deal stays valid); it holds lower and upper bounds on seat 0's future points
  and the best lead. Nothing of the history enters the value, so entries stay valid from
  one world (or one option) to the next of a decision.
- **Bounds** from the points still in play: a node's value lies in ``[0, points in both
  hands + 10]`` before the table narrows it.
- **Ordering**: the table's lead first; then winners (sure winners when leading: no legal
  answer beats them) with the most points, then leads whose trick may go either way,
  then losers with the fewest points.
- **Equivalent cards.** Cards of one hand and suit form a *class* when the other seat
  holds no card between them in power (nor lies the led card between them, for the
  follower); the trump jack is always alone (R5.6 makes holding it differ from holding
  another trump). Cards of a class beat and lose to the same cards for the rest of the
  deal, so swapping two of them between now and later changes only where their points
  go: if the trick now is sure to be won (the follower's card decides it; a lead no legal
  answer beats), playing the class's top card (the most points) is at least as good as
  any other; if it is sure to be lost (every legal answer beats the lead), its bottom
  card is. Otherwise only cards of equal points are merged (plain 9-8-7, trump 8-7).
  This is skatsearch's value-aware rule; the proof is in :func:`_gen_lead`.

**Measured** (a script: ``score`` at the first decision of trick 8 of 200 random deals
played by random legal actions, an empty table each, on the shared 2-core machine):
median 0.13 ms, 95th percentile 0.6 ms, worst 1.3 ms (thread CPU time, best of 3 runs;
0.17 ms median wall time in one run). Without the value-aware rule (equal points only)
the median is 2.5x slower; without the table 6x (95th percentile 10x); MTD(f) instead of
the full window was 1.3x slower. ``pimc`` with 20 worlds: about 30 ms a decision in
tricks 1-7 (each world played on to trick 8 and solved per option), under 0.1 ms from
trick 8 (every world is the true one, and the table answers after the first).

**BEFORE = mcts**: tricks 1-7 by ``mcts`` at its default 800 iterations, the last nine
solved. Against ``before=solve`` it was not told apart (it led by 4.3 +- 18.1 points of win
share over 58 deal sets) at an eighth of the time (1.6 ms a decision against 12.5); it
beats ``mcts`` itself by 27.0 +- 9.8 over 200 deal sets at less time a decision (1.53 ms
against 1.82: ``trixsim tournament --game terts --bots pimc:before=mcts,mcts --games 400
--seed 9``): the solver's last nine tricks are worth that much over the tree's.
"""

import numpy as np

from sim.core.bits import highest_bit, lowest_bit, popcount
from sim.core.jit import njit
from sim.games.terts.state import (
    CARD_POINTS,
    HANDS,
    LAST_WINNER,
    LEADER,
    LED_CARD,
    MELD_POINTS,
    PHASE,
    POINTS,
    TOTALS,
    TRICK_NO,
    TRUMP,
)
from sim.games.terts.vocab import (
    DRAW_TRICKS,
    FOLLOW,
    LAST_TRICK,
    N_TRICKS,
    PLAIN_POINTS,
    PLAIN_POWER,
    TARGET,
    TRUMP_POINTS,
    TRUMP_POWER,
)

MODEL = "two players, zero-sum on the card points still to take"
WORLDS = 20  # pimc's default sampled worlds per decision (cost: the module doc)
BEFORE = "mcts"  # tricks 1-7: mcts's (the module doc)
ORACLE = "solve"  # the oracle's default model (bots/pimc.py): the solver's suits this game
PIMC: dict = {}  # pimc's other defaults (bots/pimc.py): the generic ones, the strongest measured

ONE = np.int64(1)
BYTE = np.int64(0xFF)
JACK = 7  # the trump jack's power: the highest trump (R4.1)
NONE = -(1 << 20)  # a node not settled at once: its frame is pushed
INF = 1 << 16

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


# -- the work array: the stack of frames, then the transposition table ------------------------
F_H0, F_H1, F_LEADER, F_LED, F_ALPHA, F_BETA, F_ALPHA0, F_BETA0 = range(8)
F_BEST, F_BEST_MOVE, F_N, F_I, F_GAIN, F_LO, F_HI, F_MAX, F_KEY = range(8, 17)
F_MOVES = 17  # up to 9 moves, best first
F_KEYS = 26  # their ordering keys
FRAME = 36
MAX_FRAMES = 2 * (N_TRICKS - DRAW_TRICKS) + 1  # a frame per ply of the last nine tricks
TT = FRAME * MAX_FRAMES
TT_BITS = 15
TT_ENTRIES = 1 << TT_BITS
WORK_SIZE = TT + 2 * TT_ENTRIES  # an entry: the key word, then tag | lo | hi | best move
HASH_MUL = np.int64(-7046029254386353131)  # 0x9E3779B97F4A7C15 (Fibonacci hashing)


@njit(cache=True, inline="always")
def _push(work, base, n, card, key, tt_move):
    """Insert a move into the frame's list, by descending key (the table's move first)."""
    if card == tt_move:
        key = 1000
    i = n
    while i > 0 and work[base + F_KEYS + i - 1] < key:
        work[base + F_KEYS + i] = work[base + F_KEYS + i - 1]
        work[base + F_MOVES + i] = work[base + F_MOVES + i - 1]
        i -= 1
    work[base + F_KEYS + i] = key
    work[base + F_MOVES + i] = card
    return n + 1


@njit(cache=True)
def _gen_lead(work, base, mine, other, trump, tt_move):
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
        ms = mine >> (8 * s) & BYTE
        if ms == 0:
            continue
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
                n = _push(work, base, n, 8 * s + top, 300 + _PTS[8 * t + top], tt_move)
            elif beaten_by == n_answers:  # a sure loser: its fewest
                low = lowest_bit(cls)
                n = _push(work, base, n, 8 * s + low, 100 - _PTS[8 * t + low], tt_move)
            else:  # either way: each points value once
                last = -1
                while cls:
                    p = highest_bit(cls)
                    cls ^= ONE << p
                    if _PTS[8 * t + p] != last:
                        last = _PTS[8 * t + p]
                        n = _push(work, base, n, 8 * s + p, 200 + last, tt_move)
    return n


@njit(cache=True)
def _gen_follow(work, base, mine, other, led, trump):
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
                n = _push(work, base, n, 8 * s + top, 200 + _PTS[8 * t + top], -1)
            else:
                low = lowest_bit(cls)
                n = _push(work, base, n, 8 * s + low, 100 - _PTS[8 * t + low], -1)
    return n


@njit(cache=True, inline="always")
def _slot(key, leader):
    return TT + 2 * (((key ^ leader) * HASH_MUL) >> (64 - TT_BITS) & (TT_ENTRIES - 1))


@njit(cache=True)
def _enter(work, trump, d, h0, h1, leader, led, alpha, beta):
    """Start the node at ply ``d``: its value if settled at once (the last trick, a table
    hit, the bounds), else NONE with its frame filled."""
    base = d * FRAME
    if led < 0:
        if h0 & (h0 - 1) == 0:  # one card each: the last trick, and its 10 (R4.4)
            a = lowest_bit(h0 if leader == 0 else h1)
            b = lowest_bit(h1 if leader == 0 else h0)
            winner = 1 - leader if wins(b, a, trump) else leader
            return pts(a, trump) + pts(b, trump) + LAST_TRICK if winner == 0 else 0
        lo = 0
        hi = hand_points(h0, trump) + hand_points(h1, trump) + LAST_TRICK
        key = h0 | (h1 << 32)
        slot = _slot(key, leader)
        tt_move = -1
        info = work[slot + 1]
        if work[slot] == key and info & 15 == 1 | (leader << 1) | (trump << 2):
            lo = info >> 4 & 255
            hi = info >> 12 & 255
            tt_move = (info >> 20 & 63) - 1
        if lo >= beta:
            return lo
        if hi <= alpha or lo == hi:
            return hi
        alpha = max(alpha, lo)
        beta = min(beta, hi)
        work[base + F_LO] = lo
        work[base + F_HI] = hi
        work[base + F_KEY] = key
        mover = leader
        if leader == 0:
            n = _gen_lead(work, base, h0, h1, trump, tt_move)
        else:
            n = _gen_lead(work, base, h1, h0, trump, tt_move)
    else:
        mover = 1 - leader
        if mover == 0:
            n = _gen_follow(work, base, h0, h1, led, trump)
        else:
            n = _gen_follow(work, base, h1, h0, led, trump)
    work[base + F_H0] = h0
    work[base + F_H1] = h1
    work[base + F_LEADER] = leader
    work[base + F_LED] = led
    work[base + F_ALPHA] = alpha
    work[base + F_BETA] = beta
    work[base + F_ALPHA0] = alpha
    work[base + F_BETA0] = beta
    work[base + F_N] = n
    work[base + F_I] = 0
    work[base + F_GAIN] = 0
    work[base + F_MAX] = 1 if mover == 0 else 0
    work[base + F_BEST] = -INF if mover == 0 else INF
    work[base + F_BEST_MOVE] = -1
    return NONE


@njit(cache=True)
def _store(work, base, trump, value):
    """A finished lead node's bounds (seat 0's future points) and best lead into the table."""
    lo = work[base + F_LO]
    hi = work[base + F_HI]
    if value <= work[base + F_ALPHA0]:  # failed low: an upper bound
        hi = min(hi, value)
    elif value >= work[base + F_BETA0]:  # failed high: a lower bound
        lo = max(lo, value)
    else:
        lo = value
        hi = value
    key = work[base + F_KEY]
    leader = work[base + F_LEADER]
    slot = _slot(key, leader)
    work[slot] = key
    move = work[base + F_BEST_MOVE] + 1
    work[slot + 1] = 1 | (leader << 1) | (trump << 2) | (lo << 4) | (hi << 12) | (move << 20)


@njit(cache=True)
def search(work, trump, h0, h1, leader, led, alpha, beta):
    """Seat 0's future points (fail-soft within ``alpha``, ``beta``) from the hands in
    power coordinates, ``leader`` and ``led`` (the card on the table, or -1)."""
    # np.int64: a literal 0 or -1 would make numba compile _enter once more for it
    v = _enter(work, trump, np.int64(0), h0, h1, leader, led, alpha, beta)
    if v != NONE:
        return v
    d = 0
    while True:
        base = d * FRAME
        i = work[base + F_I]
        if i < work[base + F_N]:  # the next move: play it, enter the child
            m = work[base + F_MOVES + i]
            work[base + F_I] = i + 1
            h0 = work[base + F_H0]
            h1 = work[base + F_H1]
            leader = work[base + F_LEADER]
            led = work[base + F_LED]
            alpha = work[base + F_ALPHA]
            beta = work[base + F_BETA]
            gain = 0
            if led < 0:  # a lead (R5.7)
                if leader == 0:
                    h0 ^= ONE << m
                else:
                    h1 ^= ONE << m
                v = _enter(work, trump, d + 1, h0, h1, leader, m, alpha, beta)
            else:  # the answer settles the trick (R5.2); its winner leads next (R5.1)
                if leader == 0:
                    h1 ^= ONE << m
                else:
                    h0 ^= ONE << m
                winner = 1 - leader if wins(m, led, trump) else leader
                if winner == 0:
                    gain = pts(m, trump) + pts(led, trump) + (LAST_TRICK if h0 == 0 else 0)
                work[base + F_GAIN] = gain
                if h0 == 0:
                    v = 0
                else:
                    no_lead = np.int64(-1)
                    v = _enter(
                        work, trump, d + 1, h0, h1, winner, no_lead, alpha - gain, beta - gain
                    )
            if v == NONE:
                d += 1
                continue
            value = v + gain
        else:  # the frame is done: its value goes up to its parent
            value = work[base + F_BEST]
            if work[base + F_LED] < 0:
                _store(work, base, trump, value)
            if d == 0:
                return value
            d -= 1
            base = d * FRAME
            value += work[base + F_GAIN]
            m = work[base + F_MOVES + work[base + F_I] - 1]
        if work[base + F_MAX]:
            if value > work[base + F_BEST]:
                work[base + F_BEST] = value
                work[base + F_BEST_MOVE] = m
                if value > work[base + F_ALPHA]:
                    work[base + F_ALPHA] = value
                    if value >= work[base + F_BETA]:
                        work[base + F_I] = work[base + F_N]  # cut
        elif value < work[base + F_BEST]:
            work[base + F_BEST] = value
            work[base + F_BEST_MOVE] = m
            if value < work[base + F_BETA]:
                work[base + F_BETA] = value
                if value <= work[base + F_ALPHA]:
                    work[base + F_I] = work[base + F_N]  # cut


# -- the solver's contract (docs/games.md) --------------------------------------------------
@njit(cache=True)
def solvable(state):
    """From trick 8 on (R5.3: the stock is drawn) to the deal's end."""
    return state[TRICK_NO] >= DRAW_TRICKS


@njit(cache=True)
def allies(state, seat):
    """Each plays for himself (R2.1)."""
    return ONE << seat


@njit(cache=True)
def remaining(state):
    """The points still to take: the cards in the hands and on the table (R4.3) and the
    last trick's 10 (R4.4) while it is to play."""
    if state[TRICK_NO] >= N_TRICKS:
        return 0
    trump = state[TRUMP]
    total = LAST_TRICK + hand_points(to_power(state[HANDS], trump), trump)
    total += hand_points(to_power(state[HANDS + 1], trump), trump)
    if state[PHASE] == FOLLOW:
        total += pts(card_to_power(state[LED_CARD], trump), trump)
    return total


@njit(cache=True)
def score(state, seat, work):
    """Seat's future card points (R4.3, R4.4) when both play on seeing every card, seat
    maximising them. ``work`` is an ``int64[WORK_SIZE]`` zeroed once; its table may be
    kept from one call to the next."""
    if state[TRICK_NO] >= N_TRICKS:
        return 0
    trump = state[TRUMP]
    h0 = to_power(state[HANDS], trump)
    h1 = to_power(state[HANDS + 1], trump)
    led = card_to_power(state[LED_CARD], trump) if state[PHASE] == FOLLOW else -1
    total = remaining(state)
    v0 = search(work, trump, h0, h1, state[LEADER], led, -1, total + 1)
    return v0 if seat == 0 else total - v0


@njit(cache=True)
def reward(state, seat, future, scale):
    """Seat's reward in search.rewards' units once the deal ends, if it takes ``future``
    more points (the other seat the rest): each deal total is its card points, melds and
    the last trick's 10 (R8.1) added to the totals (R8.2); 501 ends the game (R9.1) and
    the higher total wins it (R9.2)."""
    t0 = state[TOTALS] - state[POINTS] + state[CARD_POINTS] + state[MELD_POINTS]
    t1 = state[TOTALS + 1] - state[POINTS + 1] + state[CARD_POINTS + 1] + state[MELD_POINTS + 1]
    if state[TRICK_NO] >= N_TRICKS:  # the deal is over: its last trick's 10 is taken
        if state[LAST_WINNER] == 0:
            t0 += LAST_TRICK
        else:
            t1 += LAST_TRICK
    rest = remaining(state) - future
    if seat == 0:
        t0 += future
        t1 += rest
    else:
        t1 += future
        t0 += rest
    if t0 >= TARGET or t1 >= TARGET:  # the game ends: its result (R9.2, R9.3)
        r0 = 1.0 if t0 > t1 else (0.5 if t0 == t1 else 0.0)
    else:
        r0 = 1.0 / (1.0 + np.exp(-(t0 - t1) / scale))
    return r0 if seat == 0 else 1.0 - r0
