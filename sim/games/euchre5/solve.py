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
  (:mod:`.solve_search`, the game's search part);
- zero-window searches ("can the makers take ``t`` more tricks?") of the solvers'
  alpha-beta (:mod:`sim.core.alphabeta`: an explicit stack of frames, fail-soft), inside a
  binary search on ``t`` over 0..tricks left that each answer narrows (the exact count,
  not only the thresholds of R8: the makers' points differ between 3 and 5 tricks);
- a transposition table (the template's) probed and filled at trick starts only, holding
  bounds on the makers' future tricks and the move that decided. Its key is exact: the
  hands in relative ranks (each card by its rank among the outstanding cards of its suit:
  the value depends on nothing else), the leader, the makers and trump, in three
  ``int64`` words; entries stay valid across worlds, decisions and deals, so a table of
  another deal does no harm (nor one of garbage, but for a chance match of 192 bits);
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

**Measured** (once, by a script not kept; ``make bench``'s solver row,
:func:`sim.bench.rows.solver_rows`, times the same full solve and keeps it current:
``score`` at the first card of the play of 200 random deals bid and called by random legal
actions, a fresh zeroed ``work`` each, on the shared 2-core machine, load about 6): median
0.04 ms, 95th percentile 0.2 ms in wall time and in thread CPU time alike (CPU worst 0.6 ms;
wall worst up to 12 ms when the core is taken away); median 675 nodes, 95th percentile
3,500. What each part gains (nodes median / 95th percentile, same deals): without the table
1,100 / 10,300; with a key of the exact hands instead of relative ranks 930 / 6,000 (worst
of 1,000 deals 136,000 instead of 13,800); without the sure-trick bounds 1,340 / 6,800;
without equivalent cards 960 / 4,500 (the same time: finding them costs what they save);
without the ordering 1,170 / 7,100. ``pimc`` with its default 20 worlds takes about 2.3 ms a
decision (20 games of one pimc against four greedy); in 500 such games (its seat rotating)
it took a win share of 0.18 +- 0.02, greedy in its place 0.21 +- 0.02: every sampled world
knows who the partner is, which the players do not (``search-and-sprt.md``, Five-handed
Euchre).
"""

import numpy as np

from sim.core.binding import bound_search
from sim.core.bits import lowest_bit
from sim.core.frames import put
from sim.core.jit import njit
from sim.games.euchre5.rules import deal_points
from sim.games.euchre5.search import EQUITY_SCALE, RANK_BONUS
from sim.games.euchre5.solve_search import (  # noqa: F401  (WORK_SIZE: the contract's)
    F_LEADER,
    FRAMES,
    FULL,
    NODES,
    W_HANDS,
    WORK_SIZE,
    beats,
    remap,
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


AB = bound_search("euchre5", "sim.games.euchre5.solve_search")  # the search, bound to this game


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
    a binary search on the target, each step a zero-window search sharing the table."""
    left = 5 - state[TRICK_NO]
    if state[PHASE] != PLAY or left <= 0:
        return 0
    trump = state[TRUMP]
    makers = makers_of(state)
    work[NODES] = 0
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
    put(work, FRAMES + F_LEADER, (leader, cnt, np.int64(led), winner, np.int64(best), tcards, gone))
    # the key's last word: the makers, trump and a bit no empty slot has
    tail = (makers << 35) | (trump << 40) | (np.int64(1) << 45)
    return AB.bisect(work, (trump, makers, tail), np.int64(0), left)


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
    attack = defend = 0  # the deal has ended: its points are in the totals already
    if state[PHASE] not in (BETWEEN, OVER):
        attack, defend = deal_points(tricks, partner < 0)  # R8.2-R8.5
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
