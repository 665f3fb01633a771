"""Five Hundred's perfect-information ("double-dummy") solver, for ``pimc`` and ``oracle``.

**Model**: two partnerships, the contractors against the defenders (R2.1), every hand seen
by all. Each side maximises the tricks it takes from here on: the game is zero-sum on
tricks, so one value serves both (``score`` of a defender is the tricks left minus the
contractors'). The defenders score 10 a trick (R9.2), so the exact count is searched,
not only made or set. ``reward`` turns a trick count into the search part's reward.

**Techniques** (``search-and-sprt.md`` A1, A4; the search is the solvers' alpha-beta,
:mod:`sim.core.alphabeta`, bound to this game's search part, :mod:`.solve_search`):

- cards remapped per contract into four 16-bit fields, one per effective suit, strongest
  card highest: in a trump contract the left bower, the right bower and the joker on top
  of the trump field (R1.3, R1.5), so following (R7.2, R7.3) is ``hand & field`` and the
  trick's winner a comparison of positions; in no trumps the joker sits apart (bit 62),
  in no field, and beats everything (R8.1);
- zero-window searches ("can team 0 take ``t`` more tricks?") on an explicit stack of
  frames, fail-soft, inside a binary search on ``t`` that each answer narrows;
- a transposition table probed and filled at trick starts, holding bounds on team 0's
  future tricks and the move that decided. Its key is the position in *relative ranks*
  (DDS's idea, exact for tricks): each remaining card's owner in the order of the
  remaining cards (two ``pext`` words), each field's length, the leader, the contract,
  and in no trumps the joker's holder's shown voids (R8.3: the suits he may not name).
  The key is two words, stored whole in the entry and compared (no false hits), and
  hashed into a bucket of two entries (the deeper position kept in the first). Nothing
  of the history enters it, so entries stay valid from one world, one decision and one
  deal to the next;
- equivalent cards: a hand's cards of one field with no outstanding card between them
  (cards of completed tricks and the contractor's discards are not outstanding; the
  cards of the trick in progress are) are one move, exact for tricks; the no-trump
  joker's lead names each suit the leader may name (R8.2, R8.3), the suits nobody else
  holds as one move;
- cheap bounds at each trick start: the target reached or out of reach, the last trick
  evaluated directly, the leader's side's sure tricks (his top trumps, then his top
  cards of each suit as far as nobody who could ruff them, nor his partner, runs short;
  the partner's top trumps or joker besides) and the other side's (a hand's run of top
  trumps, or the no-trump joker: a trick each);
- move ordering: the table's move first; leads: sure winners, top trumps, leads to the
  partner's winners, then low cards; follows: against an opponent's trick the cheapest
  card that wins as last to play, the highest while an opponent is still to play; the
  cheapest card otherwise.

**Measured** (once, by a script not kept; ``make bench``'s solver row,
:func:`sim.bench.rows.solver_rows`, times the same full solve and keeps it current:
``score`` at the first card of the play, a fresh table each, thread CPU time, best of 3, on
the shared 2-core machine): 100 random deals whose random auction got through (84 in no
trumps) median 5.1 ms, 95th percentile 28 ms, worst 205 ms, mean 11 ms; 100 deals with the
contract forced at random (21 in no trumps) median 4.9 ms, 95th percentile 29 ms, worst 89
ms. What each part is worth (60 of those deals; 20 for the two slowest rows): without the
table the median is 20x slower (52x the nodes); with the absolute cards in the key instead
of relative ranks 3x (2.4x the nodes); without the ordering 5x (8x the nodes); without the
bounds 1.2-1.5x (1.4x the nodes); without equivalent cards 1.05-1.2x (1.4x the nodes, each
cheaper); the table's move adds nothing measurable (the ordering already finds 90% of cuts
at a lead first, 97% at a follow); DDS's target loop stepping from the middle costs the same
as the binary one; killer moves were 1.5x worse (removed); 2^13 to 2^18 buckets make no
difference to one solve. The times vary by up to 20% from run to run on this machine.

**WORLDS** and **BEFORE**: ``mcts`` at 600 iterations (its default then) costs 2.2 ms a
decision (thread CPU, the decisions of 6 greedy-played games: 2.9 ms in the auction, 2.3 ms
a discard, 2.0 ms in the play). ``pimc`` with one world and ``before=solve`` cost 16.7 ms
(47 ms in the auction, 88 ms a discard: every option played on by greedy to the card play
and solved whole; 2.4 ms in the play) and lost to greedy by 72 points of team win share: one
sampled world decides every bid. With ``before=mcts`` (the auction and the discards by
``mcts``'s flat search, the play solved) four worlds beat greedy by 14.0 +- 9.0 at 5.1 ms a
decision (``trixsim tournament --game five-hundred --bots pimc:before=mcts,worlds=4,greedy
--games 400 --seed 7``); with greedy's bids 5.5 +- 6.4 (the same run with
``before=greedy``). At about equal time, ``mcts`` (then 600 iterations, ``mcts:iters=600``,
1.6 ms) beats ``pimc:worlds=1`` (1.9 ms) by 12.3 +- 6.9 (``--bots pimc:worlds=1,mcts --games
600 --seed 9``): a world costs more than the tree search it replaces.
"""

import numpy as np

from sim.core.binding import bound_search
from sim.core.bits import lowest_bit
from sim.core.frames import put
from sim.core.jit import njit
from sim.games.five_hundred.rules import bid_value
from sim.games.five_hundred.solve_search import (
    F_LEADER,
    FRAMES,
    JK_NT,
    NO_TRUMPS_CODE,
    NODES,
    W_HANDS,
    WORK_SIZE,  # noqa: F401  (the contract's)
)
from sim.games.five_hundred.state import (
    CONTRACTOR,
    DEAL_NO,
    HANDS,
    HIGH_BID,
    LEADER,
    PHASE,
    POINTS,
    TO_FOLLOW,
    TOTALS,
    TRICK_CARDS,
    TRICK_LEN,
    TRICK_NO,
    TRICK_WINNER,
    TRICKS_WON,
    TRUMP,
    VOIDS,
)
from sim.games.five_hundred.vocab import (
    FLOOR,
    JOKER,
    MAX_DEALS,
    N_SEATS,
    N_TEAMS,
    PLAY,
    RJ,
    TARGET,
)

MODEL = "two partnerships: the contractors against the defenders"
# pimc's defaults are its strongest measured configuration near mcts:iters=200's time (#45.6):
# 12 worlds, the last 6 tricks solved, the auction and the kitty by mcts at 400 iterations,
# greedy's cards before the last six: it beats mcts:iters=200 by 9.7 +- 4.5 points of team
# win share over 800 deal sets at 0.27 ms a decision against 0.31 (docs/bots.md). Until
# trixsim 0.5.0 they were 4 worlds solving all ten tricks (mcts's 600 iterations before and
# in the card play): pimc:worlds=4,last=0,iters=600,play_iters=600, 30 times the time
WORLDS = 12
# the auction and the discards: mcts's flat search. Solved on one world they lost to greedy
# by 72 points; greedy's gained little (docs/bots.md)
BEFORE = "mcts"
ORACLE = "solve"  # the oracle's default model (bots/pimc.py): the solver's suits this game
PIMC = {"last": 6, "iters": 400, "play_iters": 0}  # pimc's other defaults (bots/pimc.py)
N_TRICKS = 10
AB = bound_search("five-hundred", "sim.games.five_hundred.solve_search")  # the search, bound


def _positions():
    """``POS[code, card]``: a card's position in the solver's layout per contract (``code``:
    the trump suit, 4 for no trumps); -1 for the ids of no card (4C, 4S)."""
    pos = np.full((5, 45), -1, np.int64)
    for code in range(5):
        for card in range(45):
            s, r = divmod(card, 11)
            if card == JOKER:
                pos[code, card] = JK_NT if code == NO_TRUMPS_CODE else 16 * code + 12
            elif card in (11, 33):  # R1.1 no black fours
                continue
            elif code < 4 and r == RJ and s == code:  # the right bower (R1.3)
                pos[code, card] = 16 * code + 11
            elif code < 4 and r == RJ and s == code ^ 2:  # the left bower
                pos[code, card] = 16 * code + 10
            elif code < 4 and s == code:  # 4 .. T, then Q K A closed up below the bowers
                pos[code, card] = 16 * code + (r if r < RJ else r - 1)
            else:
                pos[code, card] = 16 * s + r
    return pos


POS = _positions()


@njit(cache=True, inline="always")
def contract_code(trump):
    return trump if trump >= 0 else NO_TRUMPS_CODE


@njit(cache=True)
def remap(hand, code):
    """A mask of card ids in the solver's layout."""
    out = np.int64(0)
    h = hand
    while h:
        c = lowest_bit(h)
        h &= h - 1
        out |= np.int64(1) << POS[code, c]
    return out


# -- the contract (docs/games.md, "The solver") ------------------------------------------------
@njit(cache=True)
def solvable(state):
    """The card play (R7): every decision from here on is a card, and a full state hides
    nothing that takes part (the discards are out of play, R6.2)."""
    return state[PHASE] == PLAY


@njit(cache=True)
def allies(state, seat):
    """The seat's partnership (R2.1: partners sit opposite)."""
    return (np.int64(1) << seat) | (np.int64(1) << ((seat + 2) % N_SEATS))


@njit(cache=True)
def tricks_left(state):
    """The tricks still to finish, the one in progress included."""
    if state[PHASE] != PLAY:
        return 0
    return N_TRICKS - state[TRICK_NO]


@njit(cache=True)
def team0_future(state, work):
    """Team 0's tricks from here on (the trick in progress included) under perfect play,
    both sides maximising their own: a binary search of zero-window searches sharing the
    table."""
    left = tricks_left(state)
    if left <= 0:
        return 0
    code = contract_code(state[TRUMP])
    work[NODES] = 0
    for p in range(N_SEATS):
        work[W_HANDS + p] = remap(state[HANDS + p], code)
    leader = state[LEADER]
    cnt = state[TRICK_LEN]
    led = best = np.int64(0)
    winner = leader
    tcards = np.int64(0)
    for j in range(cnt):  # the trick in progress, in the solver's layout
        p = (leader + j) % N_SEATS
        tcards |= np.int64(1) << POS[code, state[TRICK_CARDS + p]]
    if cnt > 0:
        led = state[TO_FOLLOW]  # the led card's effective suit, or the joker's named one
        winner = state[TRICK_WINNER]
        best = POS[code, state[TRICK_CARDS + winner]]
    jv = np.int64(0)
    if code == NO_TRUMPS_CODE:
        for p in range(N_SEATS):
            if work[W_HANDS + p] >> JK_NT & 1:
                jv = state[VOIDS + p]  # R8.3 the suits the joker's holder may not name
    put(
        work, FRAMES + F_LEADER, (leader, cnt, led, winner if cnt > 0 else leader, best, tcards, jv)
    )
    return AB.bisect(work, (state[TRUMP], np.int64(code)), np.int64(0), np.int64(left))


@njit(cache=True)
def score(state, seat, work):
    """``seat``'s partnership's tricks from here on (the trick in progress included) when
    both partnerships play on seeing every card, each maximising its own (R9: the
    contractors' count makes or sets the bid, the defenders score 10 a trick). ``work``:
    an ``int64[WORK_SIZE]`` zeroed once; its table may be kept from one call to the next."""
    v = team0_future(state, work)
    return v if seat % N_TEAMS == 0 else tricks_left(state) - v


@njit(cache=True)
def deal_end_totals(state, seat, future):
    """The two totals, the game's end and its winner after the deal if ``seat``'s team takes
    ``future`` more tricks: R9 the deal's points from the contractors' count, R10 the end."""
    t0 = state[TOTALS] - state[POINTS]  # before this deal (POINTS: 0 until it ends)
    t1 = state[TOTALS + 1] - state[POINTS + 1]
    contractor = state[CONTRACTOR]
    if contractor >= 0:
        attack = contractor % N_TEAMS
        rest = tricks_left(state) - future  # the other team's future tricks
        won = state[TRICKS_WON + attack] + state[TRICKS_WON + attack + N_TEAMS]
        won += future if seat % N_TEAMS == attack else rest
        lost = state[TRICKS_WON + 1 - attack] + state[TRICKS_WON + 3 - attack]
        lost += rest if seat % N_TEAMS == attack else future
        bid = state[HIGH_BID]
        value = bid_value(bid)
        attack_points = value if won >= 6 + bid // 5 else -value  # R9.1, R9.3
        defence_points = 10 * lost  # R9.2: 10 a trick, made or set
        if attack == 0:
            t0 += attack_points
            t1 += defence_points
        else:
            t1 += attack_points
            t0 += defence_points
    over = True
    winner = -1
    if t0 >= TARGET and t1 >= TARGET:  # R10.2 the contractors win
        winner = contractor % N_TEAMS
    elif t0 >= TARGET or t1 >= TARGET:  # R10.1
        winner = 0 if t0 >= TARGET else 1
    elif t0 <= FLOOR or t1 <= FLOOR:  # R10.3
        winner = 1 if t0 <= FLOOR else 0
    elif state[DEAL_NO] + 1 >= MAX_DEALS:  # R10.4 the cap: the higher total, or a tie
        winner = 0 if t0 > t1 else (1 if t1 > t0 else -1)
    else:
        over = False
    return t0, t1, over, winner


@njit(cache=True)
def reward(state, seat, future, scale):
    """``seat``'s reward in ``search.rewards``' units at the deal's end if its team takes
    ``future`` more tricks: the result if the deal ends the game (1, 0.5 for a tie, 0),
    else team 0's win equity ``logistic((t0 - t1) / scale)`` or its complement."""
    t0, t1, over, winner = deal_end_totals(state, seat, future)
    if over:
        if winner < 0:
            return 0.5
        return 1.0 if seat % N_TEAMS == winner else 0.0
    diff = (t0 - t1) / scale
    e0 = 1.0 / (1.0 + np.exp(-diff))
    return e0 if seat % N_TEAMS == 0 else 1.0 - e0
