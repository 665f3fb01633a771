"""Terts's perfect-information solver: the last nine tricks, both hands seen.

**Model.** From trick 8 on the stock is drawn (R5.3): every card nobody has played is in
one of the two hands, and the play is a two-player zero-sum game on the card points
still to take (R4.3, the last trick's 10 of R4.4). Melds are declared only in tricks 1-7
(R7.4a), so from trick 8 they are fixed points and stay out of the search. ``score`` is a
seat's future card points when it maximises them and the other seat minimises them; the
search itself always counts seat 0's points (seat 1's are the rest), so one table serves
both seats.

**Search.** The solvers' alpha-beta (:mod:`sim.core.alphabeta`: fail-soft, an explicit
stack of frames, one full window) over single cards (18 plies at most), bound to this
game's search part, :mod:`.solve_search`. Cards are renumbered once per solve into *power
coordinates*, ``suit * 8 + power`` (R4.1 in the trump suit, R4.2 elsewhere), so a stronger
card of a suit is a higher bit and a card's points grow with its power in both orders.

- **Transposition table** (the template's) at trick boundaries only, keyed on the exact
  position: both hands in one ``int64`` word, the leader and the trump suit in another (so
  a table reused from another deal stays valid); it holds lower and upper bounds on seat
  0's future points and the best lead. Nothing of the history enters the value, so
  entries stay valid from one world (or one option) to the next of a decision.
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
  This is skatsearch's value-aware rule; the proof is in :func:`.solve_search._gen_lead`.

**Measured** (a script: ``score`` at the first decision of trick 8 of 200 random deals
played by random legal actions, an empty table each, on the shared 2-core machine):
median 0.13 ms, 95th percentile 0.6 ms, worst 1.3 ms (thread CPU time, best of 3 runs;
0.17 ms median wall time in one run). Without the value-aware rule (equal points only)
the median is 2.5x slower; without the table 6x (95th percentile 10x); MTD(f) instead of
the full window was 1.3x slower. ``pimc`` with 20 worlds: about 30 ms a decision in
tricks 1-7 (each world played on to trick 8 and solved per option), under 0.1 ms from
trick 8 (every world is the true one, and the table answers after the first).

**BEFORE = mcts**: tricks 1-7 by ``mcts`` at its default iterations (200 since trixsim
0.6.0, at mcts:iters=200's time: pimc beats mcts:iters=200 by 19.0 +- 9.4 over 200 deal
sets, docs/bots.md; 800 before, measured here), the last nine solved. Against
``before=solve`` it was not told apart (it led by 4.3 +- 18.1 points of win share over 58
deal sets) at an eighth of the time (1.6 ms a decision against 12.5); it beats ``mcts``
itself by 27.0 +- 9.8 over 200 deal sets at less time a decision (1.53 ms against 1.82:
``trixsim tournament --game terts --bots pimc:before=mcts,mcts --games 400 --seed 9``, both
at 800 iterations then: ``pimc:iters=800`` and ``mcts:iters=800`` now): the solver's last
nine tricks are worth that much over the tree's.
"""

import numpy as np

from sim.core.binding import bound_search
from sim.core.jit import njit
from sim.games.terts.solve_search import (  # noqa: F401  (WORK_SIZE: the contract's)
    F_H0,
    F_H1,
    F_LEADER,
    F_LED,
    FRAMES,
    WORK_SIZE,
    card_to_power,
    hand_points,
    pts,
    to_power,
)
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
from sim.games.terts.vocab import DRAW_TRICKS, FOLLOW, LAST_TRICK, N_TRICKS, TARGET

MODEL = "two players, zero-sum on the card points still to take"
BEFORE = "mcts"  # tricks 1-7: mcts's (the module doc)
WORLDS = 20  # pimc's sampled worlds a decision: 30 ms each in tricks 1-7 (the module doc)
PIMC: dict = {}  # pimc's other defaults (bots/pimc.py): the generic ones, the strongest measured
ORACLE = "solve"  # the oracle's default model (bots/pimc.py): the solver's suits this game

AB = bound_search("terts", "sim.games.terts.solve_search")  # the search, bound to this game
ONE = np.int64(1)


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
    work[FRAMES + F_H0] = to_power(state[HANDS], trump)
    work[FRAMES + F_H1] = to_power(state[HANDS + 1], trump)
    work[FRAMES + F_LEADER] = state[LEADER]
    work[FRAMES + F_LED] = card_to_power(state[LED_CARD], trump) if state[PHASE] == FOLLOW else -1
    total = remaining(state)
    v0 = AB.search(work, (trump,), np.int64(-1), total + 1)
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
    rest = remaining(state) - future  # the other seat's
    t0 += future if seat == 0 else rest
    t1 += rest if seat == 0 else future
    if t0 >= TARGET or t1 >= TARGET:  # the game ends: its result (R9.2, R9.3)
        r0 = 1.0 if t0 > t1 else (0.5 if t0 == t1 else 0.0)
    else:
        r0 = 1.0 / (1.0 + np.exp(-(t0 - t1) / scale))
    return r0 if seat == 0 else 1.0 - r0
