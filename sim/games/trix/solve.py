"""Trix's perfect-information solver (docs/games.md "The solver"): every hand seen.

**Model: paranoid.** Each plays for himself (R2.1), so the three others need a model:
``score`` is the seat's points for the running contract (the change of its total: R5, R7,
R9.6, a penalty, so the seat minimises it) when the three others maximise them, all seeing
every card. Both searches are the solvers' alpha-beta (:mod:`sim.core.alphabeta`), bound
once to each search part, in one scratch (:mod:`.solve_table`): the trick contracts to
:mod:`.solve_tricks` (what it counts: :mod:`.solve_points`; its moves:
:mod:`.solve_moves`), the K♥ offer (R5.6) a choice inside the search; the layout (the trix
contract, R9: who goes out first and second) to :mod:`.solve_layout`. ``reward`` needs
every seat's total but ``score`` gives the seat's alone, so the others' come from the
**split rule**: the contract's points still in play that the seat does not take are shared
equally among the three others, each times his multiplier (R7); in the layout the part of
-150 (-50 once a seat is out) the seat does not get is shared among the others still
holding cards. Then R3.7, R3.8 and the search part's reward (the game's result, or the win
equity of ``search.rewards``).

**Measured** (a script: ``rules.new_game(seed 1000+d)``, the contract forced with
``rules.choose``, ``score`` at its first card for the seat to lead, a fresh zeroed ``work``
each; 100 deals a contract; thread CPU time, best of 3; on the shared 2-core machine with
another session's tests running, load average 3-5; wall medians were within 10% of these; a
first run at load 4-6 was 8-35% slower):

==========  ======  =======  ======  ============  ===========
contract    median  95th pc  worst   nodes median  nodes 95th
==========  ======  =======  ======  ============  ===========
diamonds    4.0 ms  40 ms    66 ms   44,000        504,000
queens      4.9 ms  59 ms    128 ms  57,000        642,000
tricks      6.0 ms  47 ms    127 ms  75,000        594,000
last-trick  4.3 ms  29 ms    65 ms   51,000        333,000
king        0.7 ms  13 ms    56 ms   7,800         161,000
general     25 ms   214 ms   742 ms  303,000       2,560,000
trix        0.008   0.28 ms  1.2 ms  (the layout search counts no nodes)
==========  ======  =======  ======  ============  ===========

Issue 26's target, 10 ms median a trick contract, is met by all but general (where every
card and every trick scores). ``make bench``'s row (``sim.bench.rows.solver_rows``: the
first solvable decision of 200 contracts of random games, every kind, wall time): median
5.0 ms, 95th percentile 118 ms (the job had 71% of a core).

**Paranoid against RELATIVE, measured.** :mod:`.solve_tricks` also searches model 1,
RELATIVE: 3 x the seat's points less the three others' (the others also shun points
themselves). Its solves cost more: medians 1.2x (diamonds) to 2x (general), nodes 1.2-1.8x
(the same 100 deals). ``pimc:worlds=10`` with each, in forced single contracts (a script:
deals 3000-3039 of each of the seven contracts, the pimc seat the chooser or the seat after
it, the three others greedy, the same deals and streams for every bot; its points after
multipliers, lower is better, paired by deal, 95% normal interval over the 560 contracts):
relative - paranoid -1.4 +- 2.2 points a contract (the same points on every deal in 7 of
the 14 contract-role cells; general as chooser differed most, -14 +- 21), at 134 ms against
61 ms of thread CPU a card-play decision (the mean over the 14 contract-role cells). In
full games, ``trixsim tournament --game trix --bots pimc,greedy --games 24 --seed 1 --chunk
6``: paranoid 16.7% +- 10.8 win share against greedy's 33.3% (4 deal sets); the same from a
copy of the tree whose ``score`` searched model 1 (its value read back as the seat's points
by the split rule) 16.7% +- 18.8 against 33.3%. No difference at either level, twice the
cost: paranoid is kept.

**What pimc is worth in Trix** (the same single contracts; differences from greedy in
points a contract, 560 contracts): pimc:worlds=10 +10.7 +- 8.8 (worse), worlds=30 +2.8 +-
9.2, oracle (paranoid, true state) -13.0 +- 8.4, and ``mcts:iters=200`` -12.6 +- 8.3 at 0.3
ms a decision, as good as the oracle (-0.4 +- 7.4 between them). Over 10 deal sets (the run
above and ``--games 36 --seed 2``, pooled by ``trixsim report``): greedy beats pimc by 11.7
+- 8.0 points of win share (pimc 19.2%, greedy 30.8%); pimc 158 ms a decision (mean, wall;
95th percentile 620 ms). The solver is sound (the oracle gains 13 points a contract over
greedy); the paranoid coalition does not play like three greedy players, and each world's
perfect knowledge hides what the seat cannot know (strategy fusion). Every action was tied
after 10 worlds in 5 of 20 sampled card-play decisions and 5 of 12 layout ones (pimc then
takes the lowest action id); breaking ties by greedy's card (a copy of
``sim/core/pimc.py``) gained -3.6 +- 2.8 points a contract, a small part of the gap.

**10 worlds** (pimc's default until 0.5.0), a choice of cost rather than where strength
levels off (a script:
decisions of 8 greedy-played games, each action's value over 20 reference worlds, pimc
deciding with 3 seeds; thread CPU). A contract choice plays every contract out and solves
it from its first card in each world: 107 ms mean at one world, 352 ms at 3, 1.2 s at 10
(95th percentile 3.2 s); the reference's best contract taken 69%, 69%, 86% of the time (14
positions, 3 seeds each), the regret 19, 13, 4.7 thousandths of win equity. A card-play
decision: 3.5, 6.4, 17 ms mean at 1, 3, 10 worlds here, 15, 61 and 190 ms (3, 10, 30
worlds) in the single contracts above; in those contracts 3 worlds were no weaker than 10
(+0.9 +- 6.2 points a contract) and 30 were stronger (-7.9 +- 5.8) at three times the cost.
Ten keeps a game of two pimc seats at 20-25 s of CPU and its contract choices close to the
reference; 30 would triple the cost. No count matches ``mcts:iters=200``'s time (0.3 ms a
decision).
"""

import numpy as np

from sim.core.binding import bound_search
from sim.core.frames import INF
from sim.core.jit import njit
from sim.games.trix import solve_layout as L
from sim.games.trix import solve_moves as M
from sim.games.trix import solve_points as P
from sim.games.trix.search import EQUITY_SCALE, RANK_BONUS
from sim.games.trix.solve_table import WORK_SIZE  # noqa: F401  (the contract's)
from sim.games.trix.state import (
    ANNOUNCER,
    CHOICE,
    CHOOSER,
    CONTRACT,
    CONTRACT_NO,
    HANDS,
    KH_OFFERED,
    LEADER,
    OUT_SEAT,
    PHASE,
    TAKEN,
    TOTALS,
    TRICK_BEST,
    TRICK_CARDS,
    TRICK_LEN,
    TRICK_NO,
    TRICK_WINNER,
    TRICKS_WON,
    TURN,
)
from sim.games.trix.vocab import (
    ALL_CARDS,
    CHOOSE,
    DIAMOND_CARDS,
    GENERAL,
    KH,
    KING,
    N_DEALS,
    N_SEATS,
    OVER,
    TRICKS,
    TRIX,
)

MODEL = "paranoid: the seat against the three others, who maximise its points"
# pimc's defaults are its strongest measured configuration (#45.6): 70 worlds each valued by
# one playout of greedy at every seat (the rollout model, not this solver), the contract
# choice by mcts; it beats mcts:iters=200 at less time where the solved worlds lose to
# greedy (docs/bots.md). Until trixsim 0.5.0 they were 10 worlds solved, the contract choice
# solved too: pimc:worlds=10,before=solve,model=solve (158 ms a decision; the module doc)
WORLDS = 70
BEFORE = "mcts"  # the contract choice: mcts's flat search of the contracts
PIMC = {"model": "rollout"}  # pimc's other defaults (bots/pimc.py)
ORACLE = "solve"  # the oracle's default model (bots/pimc.py): paranoid, yet the best of the
# three measured against mcts:iters=800 by points and equal by win share (docs/bots.md)
ONE = np.int64(1)
PARANOID, RELATIVE = 0, 1  # the searched models (solve_tricks' module doc)
# the two searches: the alpha-beta template bound to each search part
_SCRATCH = "sim.games.trix.solve_table"
TRICKS_SEARCH = bound_search("trix", "sim.games.trix.solve_tricks", _SCRATCH, "_tricks")
LAYOUT_SEARCH = bound_search("trix", "sim.games.trix.solve_layout", _SCRATCH, "_layout")


# -- the position as the search reads it --------------------------------------------------
@njit(cache=True)
def multiplier(state, q):
    """R7.1, R7.2: seat q's multiplier in this contract."""
    if q != state[CHOOSER]:
        return 1
    return 4 if state[CHOICE] == 7 else 2


@njit(cache=True)
def announcement(state):
    """R5.6 as the trick search codes it: the announcer, nobody, or the offer to come."""
    c = state[CONTRACT]
    if c != KING and c != GENERAL:
        return P.NO_ANNOUNCER
    if state[KH_OFFERED] == 0:
        return P.PENDING
    return state[ANNOUNCER] if state[ANNOUNCER] >= 0 else P.NO_ANNOUNCER


@njit(cache=True)
def flags(state):
    """The history the all-eight rules read (R5.1, R5.3, R5.7): the seat that has won every
    trick so far and the one that has taken every diamond so far (a seat, none yet, or
    nobody: solve_points' codes)."""
    ft = P.NO_TRICK if state[TRICK_NO] == 0 else P.NOBODY
    taken = 0
    for q in range(N_SEATS):
        if state[TRICK_NO] > 0 and state[TRICKS_WON + q] == state[TRICK_NO]:
            ft = q
        taken |= state[TAKEN + q] & DIAMOND_CARDS
    fd = P.NO_TRICK if taken == 0 else P.NOBODY
    for q in range(N_SEATS):
        if taken and state[TAKEN + q] & DIAMOND_CARDS == taken:
            fd = q
    return ft, fd


@njit(cache=True)
def accrued(state, q):
    """Seat q's points in the running trick contract as the tricks taken so far give them
    (R5, R7; the all-eight rules and the last trick's 100 come at the end)."""
    c = state[CONTRACT]
    taken = state[TAKEN + q]
    kh = 200 if state[ANNOUNCER] >= 0 else 100
    pts = multiplier(state, q) * P.raw_points(c, taken, state[TRICKS_WON + q], False, kh)
    if c in (KING, GENERAL) and state[ANNOUNCER] == q and taken & KH == 0:
        for r in range(N_SEATS):
            if state[TAKEN + r] & KH:
                pts -= 50  # R5.6: another seat took it
    return pts


@njit(cache=True)
def in_play(state):
    """The raw points (R5, before R7) of the running trick contract that nobody has taken
    yet; of the trix contract (R9.6), the points not yet given (-150, -50)."""
    if state[PHASE] == TRIX:
        return -50 if state[OUT_SEAT] >= 0 else -150
    taken = 0
    for q in range(N_SEATS):
        taken |= state[TAKEN + q]
    kh = 200 if state[ANNOUNCER] >= 0 else 100
    return P.raw_points(state[CONTRACT], ALL_CARDS & ~taken, 8 - state[TRICK_NO], True, kh)


@njit(cache=True)
def _root_tricks(state, work, seat, model):
    """Frame 0 of the trick search: the position of ``state``."""
    for q in range(N_SEATS):
        work[M.F_H + q] = state[HANDS + q]
    work[M.F_LEADER] = state[LEADER]
    work[M.F_TLEN] = state[TRICK_LEN]
    table = 0
    for q in range(N_SEATS):
        if state[TRICK_CARDS + q] >= 0:
            table |= ONE << state[TRICK_CARDS + q]
    work[M.F_TABLE] = table
    work[M.F_WIN] = state[TRICK_WINNER]
    work[M.F_HIGH] = state[TRICK_BEST]
    work[M.F_TRICK] = state[TRICK_NO]
    work[M.F_ANN] = announcement(state)
    ft, fd = flags(state)
    if model == PARANOID:  # only whether a flag is the seat's matters
        ft = ft if ft in (seat, P.NO_TRICK) else P.NOBODY
        fd = fd if fd in (seat, P.NO_TRICK) else P.NOBODY
    work[M.F_FT] = ft
    work[M.F_FD] = fd


@njit(cache=True)
def value(state, seat, work, model):
    """The searched value of a trick contract's position (solve_tricks' module doc) with
    the points taken so far: under PARANOID the seat's points for the contract."""
    _root_tricks(state, work, seat, model)
    c = state[CONTRACT]
    chooser = state[CHOOSER]
    mch = multiplier(state, chooser)
    ctx = (c, np.int64(seat), chooser, np.int64(mch), np.int64(model))
    v = TRICKS_SEARCH.mtdf(work, ctx, np.int64(0))  # from below: the cheap tests (solve_tricks)
    for q in range(N_SEATS):
        v += P.weight(model, seat, q) * accrued(state, q)
    return v


@njit(cache=True)
def layout_score(state, seat, work):
    """The trix contract (R9): the seat's points, -100, -50 or 0."""
    if state[OUT_SEAT] == seat:
        return L.FIRST
    for q in range(N_SEATS):
        work[L.F_H + q] = state[HANDS + q]
    work[L.F_P] = state[TURN]
    return LAYOUT_SEARCH.search(work, (np.int64(seat),), np.int64(-INF), np.int64(INF))


# -- the solver's contract (docs/games.md) --------------------------------------------------
@njit(cache=True)
def solvable(state):
    """From the contract's choice on: its card play (the K♥ offer, R5.6, is a choice inside
    the search) and, once it has ended, nothing left to play."""
    return state[PHASE] != CHOOSE


@njit(cache=True)
def allies(state, seat):
    """Paranoid: the seat alone (R2.1 each plays for himself)."""
    return ONE << seat


@njit(cache=True)
def score(state, seat, work):
    """The change of seat's total the running contract still brings (its points for the
    contract, as the totals count them, R5, R7, R9.6: a penalty, the lower the better),
    when the seat minimises it and the three others maximise it, all seeing every card;
    0 once the contract has ended. ``work``: an ``int64[WORK_SIZE]`` zeroed once; its
    table may be kept from one call to the next."""
    phase = state[PHASE]
    if phase == TRICKS:
        return value(state, seat, work, PARANOID)
    if phase == TRIX:
        return layout_score(state, seat, work)
    return 0


@njit(cache=True)
def changes(state, seat, future, out):
    """Every seat's total's change at the running contract's end if the seat's is
    ``future``, by the split rule (module doc), into ``out``."""
    if state[PHASE] != TRICKS and state[PHASE] != TRIX:
        for q in range(N_SEATS):
            out[q] = 0.0
        out[seat] = future
        return
    pool = in_play(state)
    if state[PHASE] == TRIX:
        eligible = 0
        for q in range(N_SEATS):
            out[q] = -100.0 if state[OUT_SEAT] == q else 0.0
            if q != seat and state[HANDS + q] != 0:
                eligible += 1
        took = min(0.0, max(float(pool), future - out[seat]))
        share = (pool - took) / eligible
        for q in range(N_SEATS):
            if q != seat and state[HANDS + q] != 0:
                out[q] += share
        out[seat] = future
        return
    m = multiplier(state, seat)
    gained = future - accrued(state, seat)
    if state[ANNOUNCER] == seat and in_play_kh(state) and gained < m * 200:
        gained += 50  # the seat did not take its announced K♥: -50 (R5.6)
    took = min(float(pool), max(0.0, gained / m))
    share = (pool - took) / (N_SEATS - 1)
    for q in range(N_SEATS):
        out[q] = accrued(state, q) + multiplier(state, q) * share
    out[seat] = future


@njit(cache=True)
def in_play_kh(state):
    """K♥ is still to be taken in king or general."""
    c = state[CONTRACT]
    if c != KING and c != GENERAL:
        return False
    taken = 0
    for q in range(N_SEATS):
        taken |= state[TAKEN + q]
    return taken & KH == 0


@njit(cache=True)
def reward(state, seat, future, scale):
    """Seat's reward in search.rewards' units at the contract's end, if its total changes
    by ``future`` and the others' by the split rule (module doc): R3.7 (exactly 1000 back
    to 0; above 1000 the game ends), R3.8 (the 28th contract ends it), then the game's
    result or the win equity as search.rewards gives them."""
    ch = np.empty(N_SEATS, np.float64)
    changes(state, seat, future, ch)
    t = np.empty(N_SEATS, np.float64)
    running = state[PHASE] == TRICKS or state[PHASE] == TRIX
    over = state[PHASE] == OVER
    for q in range(N_SEATS):
        t[q] = state[TOTALS + q] + ch[q]
        if running and t[q] == 1000.0:
            t[q] = 0.0  # R3.7
    if running:
        over = state[CONTRACT_NO] == N_DEALS - 1  # R3.8
        for q in range(N_SEATS):
            if t[q] > 1000.0:
                over = True  # R3.7
    low = t[0]
    for q in range(1, N_SEATS):
        low = min(low, t[q])
    if over:  # search.rewards: the game's result (R3.9, R8.2)
        winners = 0
        rank = 1
        for q in range(N_SEATS):
            winners += t[q] == low
            rank += t[q] < t[seat]
        share = 1.0 / winners if t[seat] == low else 0.0
        return EQUITY_SCALE * share + RANK_BONUS * (N_SEATS - rank) / (N_SEATS - 1.0)
    z = 0.0
    mine = 0.0
    for q in range(N_SEATS):
        e = np.exp(-(t[q] - low) / scale)
        z += e
        if q == seat:
            mine = e
    return mine * (EQUITY_SCALE / z)
