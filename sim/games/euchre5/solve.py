"""Five-handed Euchre's perfect-information ("double-dummy") solver, for ``pimc`` and ``oracle``.

**Model**: two sides, the makers (the maker and the holder of the called card, or the
maker alone: R6.3-R6.5) against the defenders, every hand seen by all. The makers
maximise the tricks they take from here on, the defenders minimise them (R8.5: one side
scores, and its points grow with the makers' tricks, R8.2, R8.3). ``score`` is the exact
number of future tricks of a seat's side; ``reward`` turns it into the search part's reward.

**Techniques** (the DDS ones of ``search-and-sprt.md`` A1, for five hands of at most five):

- cards remapped per trump into one byte per effective suit, strongest highest: the right
  and left bowers on top of the trump byte (R5.1, R5.2), the left bower's printed suit
  closed up to six cards; following, winning and equivalence are then mask operations
  (:mod:`.solve_tt`);
- a yes/no search ("can the makers take ``t`` more tricks?") as an explicit stack in
  ``work`` (no recursion: numba issue #6061), inside a binary target loop over 0..tricks
  left (the exact count, not only the thresholds of R8: the makers' points differ
  between 3 and 5 tricks);
- a transposition table probed and filled at trick starts only, holding bounds on the
  makers' future tricks and the move that decided. Its key is exact: the hands in
  relative ranks (each card by its rank among the outstanding cards of its suit: the
  value depends on nothing else), the leader, the makers and trump, in three ``int64``
  words; entries stay valid across worlds, decisions and deals, so a table of another
  deal does no harm (nor one of garbage, but for a chance match of 192 bits);
- equivalent cards: cards of one effective suit of one hand with no outstanding card
  between them (cards of completed tricks and buried cards do not count; those of the
  trick in progress do) are one move, exact for tricks;
- cheap bounds at each trick start: the target reached or out of reach; sure tricks of
  the holder of the top trumps (his run of top trumps), and of a leader who holds every
  outstanding trump (those trumps, then his top cards of each side suit); the last trick
  is evaluated directly;
- move ordering: the table's move first, then sure winners (trumps first) when leading;
  when following, the cheapest card that wins (the highest if opponents still play behind)
  against a trick the other side holds, else the cheapest card.

**Measured** (``/tmp/bench_solve.py``: ``score`` at the first card of the play of 200
random deals bid and called by random legal actions, a fresh zeroed ``work`` each, on the
shared 2-core machine, load about 6): median 0.04 ms, 95th percentile 0.2 ms in wall time
and in thread CPU time alike (CPU worst 0.6 ms; wall worst up to 12 ms when the core is
taken away); median 675 nodes, 95th percentile 3,500. What each part gains (nodes
median / 95th percentile, same deals): without the table 1,100 / 10,300; with a key of
the exact hands instead of relative ranks 930 / 6,000 (worst of 1,000 deals 136,000
instead of 13,800); without the sure-trick bounds 1,340 / 6,800; without equivalent cards
960 / 4,500 (the same time: finding them costs what they save); without the ordering
1,170 / 7,100. ``pimc`` with its default 20 worlds takes about 2.3 ms a decision
(20 games of one pimc against four greedy); in 500 such games (its seat rotating) it took
a win share of 0.18 +- 0.02, greedy in its place 0.21 +- 0.02: every sampled world knows
who the partner is, which the players do not (``search-and-sprt.md``, Five-handed Euchre).
"""

import numpy as np

from sim.core.bits import highest_bit, lowest_bit, nth_bit, popcount
from sim.core.jit import njit
from sim.games.euchre5.search import EQUITY_SCALE, RANK_BONUS
from sim.games.euchre5.solve_tt import (  # noqa: F401  (WORK_SIZE: the contract's)
    BYTE,
    ENTRY,
    F_BEST,
    F_CNT,
    F_GONE,
    F_I,
    F_KEYS,
    F_LEADER,
    F_LED,
    F_MOVER,
    F_MOVES,
    F_MW,
    F_N,
    F_TCARDS,
    F_WINNER,
    FRAME,
    FULL,
    NO_MOVE,
    W_FRAMES,
    W_HANDS,
    W_NODES,
    WORK_SIZE,
    beats,
    remap,
    representatives,
    store,
    table_key,
    top_run,
    tt_index,
)
from sim.games.euchre5.state import (
    HANDS,
    LEADER,
    MAKER,
    PARTNER,
    PHASE,
    TOTALS,
    TRICK_CARDS,
    TRICK_LEN,
    TRICK_NO,
    TRICKS_WON,
    TRUMP,
)
from sim.games.euchre5.vocab import BETWEEN, N_SEATS, OVER, PLAY, TARGET

MODEL = "two sides: the makers (maker and partner) against the defenders"
WORLDS = 20  # pimc's default sampled worlds per decision (cost: the module doc)
# the bids and calls: greedy's. Solved, every world knows the partner and plays double dummy,
# and pimc lost to greedy; with greedy's bids it beats greedy and mcts (docs/bots.md)
BEFORE = "greedy"
ORACLE = "solve"  # the oracle's default model (bots/pimc.py): the solver's suits this game
PIMC: dict = {}  # pimc's other defaults (bots/pimc.py): the generic ones, the strongest measured


@njit(cache=True)
def _search(work, target, trump, makers, leader, cnt, led, winner, best, tcards, gone):
    """Whether the makers take at least ``target`` of the tricks from here on (the one in
    progress included), everyone seeing every card: a yes/no alpha-beta on an explicit
    stack. The position is the remapped hands in ``work`` and the trick in progress."""
    hands = work[W_HANDS : W_HANDS + N_SEATS]
    tmask = BYTE << (8 * trump)
    # key word 2: hand 4, then the leader, the makers, trump and a bit no empty slot has
    tail = (makers << 35) | (np.int64(trump) << 40) | (np.int64(1) << 45)
    mw = 0
    d = 0
    result = 0
    mode = 0  # 0 enter the node at depth d, 1 try its next move, 2 return result from d
    while True:
        if mode == 0:
            work[W_NODES] += 1
            fr = W_FRAMES + d * FRAME
            hint = NO_MOVE
            result = -1
            if cnt == 0:  # a trick starts: bounds, the last trick, the table
                rem = popcount(hands[leader])
                need = target - mw
                if need <= 0:
                    result = 1
                elif need > rem:
                    result = 0
                elif rem == 1:  # the last trick: one card each (R7.3)
                    w = leader
                    b = lowest_bit(hands[leader])
                    for j in range(1, N_SEATS):
                        p = (leader + j) % N_SEATS
                        c = lowest_bit(hands[p])
                        if beats(c, b, trump):
                            b = c
                            w = p
                    result = (makers >> w) & 1
                else:
                    allc = hands[0] | hands[1] | hands[2] | hands[3] | hands[4]
                    trumps = allc & tmask
                    lower = 0
                    upper = rem
                    mine = hands[leader]
                    side = (makers >> leader) & 1
                    if trumps & ~mine == 0:  # he holds every trump: they, then his top cards
                        sure = popcount(mine & trumps)
                        for s in range(4):
                            if s != trump:
                                sm = BYTE << (8 * s)
                                sure += top_run(mine & sm, allc & sm & ~mine)
                        if side:
                            lower = sure
                        else:
                            upper = rem - sure
                    elif trumps:  # the holder of the top trump wins with each of his top run
                        top = highest_bit(trumps)
                        for p in range(N_SEATS):
                            if (hands[p] >> top) & 1:
                                run = top_run(hands[p] & tmask, trumps & ~hands[p])
                                if (makers >> p) & 1:
                                    lower = run
                                else:
                                    upper = rem - run
                    k0, k1, k2 = table_key(hands, leader, tail)
                    e = tt_index(k0, k1, k2)
                    for _ in range(2):
                        if work[e] == k0 and work[e + 1] == k1 and work[e + 2] == k2:
                            x = work[e + 3]
                            lower = max(lower, x & 15)
                            upper = min(upper, (x >> 4) & 15)
                            rel = (x >> 8) & 255  # the move, in relative ranks
                            if rel != NO_MOVE:
                                sm = allc & (BYTE << (8 * (rel >> 3)))
                                hint = nth_bit(sm, rel & 7)
                            break
                        e += ENTRY
                    if lower >= need:
                        result = 1
                    elif upper < need:
                        result = 0
            if result >= 0:
                mode = 2
                continue
            # expand: save the node, generate its moves, best first
            mover = (leader + cnt) % N_SEATS
            work[fr + F_LEADER] = leader
            work[fr + F_CNT] = cnt
            work[fr + F_LED] = led
            work[fr + F_WINNER] = winner
            work[fr + F_BEST] = best
            work[fr + F_TCARDS] = tcards
            work[fr + F_MW] = mw
            work[fr + F_GONE] = gone
            work[fr + F_MOVER] = mover
            hand = hands[mover]
            legal = hand
            if cnt > 0:
                follow = hand & (BYTE << (8 * led))
                if follow:
                    legal = follow  # R7.2
            moves = representatives(hand, gone) & legal
            _order(work, fr, moves, hands, mover, makers, trump, cnt, winner, best, gone, hint)
            work[fr + F_I] = 0
            mode = 1
            continue
        if mode == 1:
            fr = W_FRAMES + d * FRAME
            i = work[fr + F_I]
            mover = work[fr + F_MOVER]
            if i == work[fr + F_N]:  # no move decided it: a max node fails, a min node holds
                result = 0 if (makers >> mover) & 1 else 1
                if work[fr + F_CNT] == 0:
                    store(work, fr, hands, target, result, np.int64(NO_MOVE), tail)
                mode = 2
                continue
            work[fr + F_I] = i + 1
            card = work[fr + F_MOVES + i]
            leader = work[fr + F_LEADER]
            cnt = work[fr + F_CNT]
            led = work[fr + F_LED]
            winner = work[fr + F_WINNER]
            best = work[fr + F_BEST]
            tcards = work[fr + F_TCARDS]
            mw = work[fr + F_MW]
            gone = work[fr + F_GONE]
            bit = np.int64(1) << card
            hands[mover] ^= bit
            if cnt == 0:
                led = card >> 3
                winner = mover
                best = card
            elif beats(card, best, trump):
                winner = mover
                best = card
            tcards |= bit
            cnt += 1
            if cnt == N_SEATS:  # R7.4 the winner leads the next trick
                mw += (makers >> winner) & 1
                leader = winner
                gone |= tcards
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
        card = work[fr + F_MOVES + work[fr + F_I] - 1]
        hands[mover] |= np.int64(1) << card
        if result == (makers >> mover) & 1:  # the mover's side got what it wanted: a cut
            if work[fr + F_CNT] == 0:
                store(work, fr, hands, target, result, card, tail)
            continue
        mode = 1


@njit(cache=True)
def _order(work, fr, moves, hands, mover, makers, trump, cnt, winner, best, gone, hint):
    """The moves of a node in the order to try them, into its frame."""
    n = 0
    allc = hands[0] | hands[1] | hands[2] | hands[3] | hands[4]
    side = (makers >> mover) & 1
    holding = cnt > 0 and ((makers >> winner) & 1) == side
    behind = 0  # opponents still to play to this trick after the mover
    for j in range(cnt + 1, N_SEATS):
        p = (mover + j - cnt) % N_SEATS
        if ((makers >> p) & 1) != side:
            behind += 1
    m = moves
    keys = work[fr + F_KEYS : fr + F_KEYS + 5]
    while m:
        c = lowest_bit(m)
        m &= m - 1
        s = c >> 3
        rank = (c & 7) + (8 if s == trump else 0)
        if c == hint:
            key = 1000
        elif cnt == 0:
            sm = BYTE << (8 * s)
            others = allc & sm & ~hands[mover]
            top = others == 0 or c > highest_bit(others)
            key = rank + (40 if top else 0) + (20 if s == trump and top else 0)
        elif holding:
            key = 100 - rank if not beats(c, best, trump) else 50 - rank
        elif beats(c, best, trump):
            key = 200 + (rank if behind else -rank)
        else:
            key = 100 - rank
        # insertion sort by key, highest first
        j = n
        while j > 0 and keys[j - 1] < key:
            keys[j] = keys[j - 1]
            work[fr + F_MOVES + j] = work[fr + F_MOVES + j - 1]
            j -= 1
        keys[j] = key
        work[fr + F_MOVES + j] = c
        n += 1
    work[fr + F_N] = n


# -- the contract (docs/games.md, "The solver") ------------------------------------------------
@njit(cache=True)
def solvable(state):
    """The card play (R7): from there on nothing is hidden in a full state but the buried
    cards, which take no part."""
    return state[PHASE] == PLAY


@njit(cache=True)
def makers_of(state):
    """The makers' seats as a mask: the maker and the holder of the called card (R6.3-R6.5)."""
    maker = state[MAKER]
    if maker < 0:
        return np.int64(0)
    mask = np.int64(1) << maker
    if state[PARTNER] >= 0:
        mask |= np.int64(1) << state[PARTNER]
    return mask


@njit(cache=True)
def allies(state, seat):
    """The seats that play for ``seat``'s score: the makers if it is one, else the defenders."""
    makers = makers_of(state)
    if makers == 0:
        return np.int64(1) << seat
    if (makers >> seat) & 1:
        return makers
    return ((np.int64(1) << N_SEATS) - 1) & ~makers


@njit(cache=True)
def makers_future(state, work):
    """The makers' tricks from here on (the trick in progress included) under perfect play:
    a binary search on the target, each step a yes/no search sharing the table."""
    left = 5 - state[TRICK_NO]
    if state[PHASE] != PLAY or left <= 0:
        return 0
    trump = state[TRUMP]
    makers = makers_of(state)
    work[W_NODES] = 0
    allc = np.int64(0)
    for p in range(N_SEATS):
        work[W_HANDS + p] = remap(state[HANDS + p], trump)
        allc |= work[W_HANDS + p]
    leader = state[LEADER]
    cnt = state[TRICK_LEN]
    led = 0
    winner = leader
    best = 0
    tcards = np.int64(0)
    for j in range(cnt):  # the trick in progress, in the solver's layout
        p = (leader + j) % N_SEATS
        card = lowest_bit(remap(np.int64(1) << state[TRICK_CARDS + p], trump))
        tcards |= np.int64(1) << card
        if j == 0:
            led = card >> 3
            best = card
        elif beats(card, best, trump):
            best = card
            winner = p
    gone = FULL & ~(allc | tcards)
    led, best = np.int64(led), np.int64(best)  # not a literal 0: _search compiled once
    lo = 0
    hi = left
    while lo < hi:
        t = (lo + hi + 1) // 2
        if _search(work, t, trump, makers, leader, cnt, led, winner, best, tcards, gone):
            lo = t
        else:
            hi = t - 1
    return lo


@njit(cache=True)
def score(state, seat, work):
    """``seat``'s side's future tricks under perfect play: the makers maximise theirs, the
    defenders minimise them (so a defender's side gets the tricks left minus the makers')."""
    if state[PHASE] != PLAY:
        return 0
    v = makers_future(state, work)
    if (makers_of(state) >> seat) & 1:
        return v
    return 5 - state[TRICK_NO] - v


@njit(cache=True)
def reward(state, seat, future, scale):
    """``seat``'s reward (``search.rewards``' units) if its side takes ``future`` more tricks:
    the makers' tricks give the deal's points (R8.2, R8.3, R8.5), added to the totals
    (R9.1), then the final result if the game ends, the softmax equity if not."""
    maker = state[MAKER]
    partner = state[PARTNER]
    makers = makers_of(state)
    tricks = state[TRICKS_WON + maker]
    if partner >= 0:
        tricks += state[TRICKS_WON + partner]
    if (makers >> seat) & 1:
        tricks += future
    else:
        tricks += 5 - state[TRICK_NO] - future
    attack = 0
    defend = 0
    if state[PHASE] in (BETWEEN, OVER):
        pass  # the deal has ended: its points are in the totals already
    elif tricks == 5:
        attack = 5 if partner < 0 else 2  # R8.3, R8.2
    elif tricks >= 3:
        attack = 1
    elif tricks >= 1:
        defend = 2
    else:
        defend = 4
    over = False
    top = np.int64(-1)
    mine = 0
    for p in range(N_SEATS):
        t = state[TOTALS + p] + (attack if (makers >> p) & 1 else defend)
        if p == seat:
            mine = t
        top = max(top, t)
        over |= t >= TARGET
    if over:  # search.rewards on a game that ends: win share and rank (R9.3)
        winners = 0
        rank = 1
        for p in range(N_SEATS):
            t = state[TOTALS + p] + (attack if (makers >> p) & 1 else defend)
            winners += t == top
            rank += t > mine
        share = 1.0 / winners if mine == top else 0.0
        return EQUITY_SCALE * share + RANK_BONUS * (N_SEATS - rank) / (N_SEATS - 1.0)
    z = 0.0
    e = 0.0
    for p in range(N_SEATS):
        t = state[TOTALS + p] + (attack if (makers >> p) & 1 else defend)
        x = np.exp((t - top) / scale)
        if p == seat:
            e = x
        z += x
    return e * (EQUITY_SCALE / z)
