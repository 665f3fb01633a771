"""Trix's perfect-information solver (docs/games.md "The solver"): every hand seen.

(module doc: filled in with the measurements)
"""

import numpy as np

from sim.core.bits import popcount
from sim.core.jit import njit
from sim.games.trix import solve_layout as L
from sim.games.trix import solve_moves as M
from sim.games.trix import solve_points as P
from sim.games.trix import solve_tricks as T
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
    DIAMONDS,
    GENERAL,
    KH,
    KING,
    LAST_TRICK,
    N_DEALS,
    N_SEATS,
    OVER,
    QUEEN_CARDS,
    QUEENS,
    TRICKS,
    TRICKS_C,
    TRIX,
)

MODEL = "paranoid: the seat against the three others, who maximise its points"
WORLDS = 10  # pimc's default sampled worlds per decision (cost: the module doc)
ONE = np.int64(1)
PARANOID, RELATIVE = 0, 1  # the searched models (solve_tricks' module doc)


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
    raw = 0
    if c in (DIAMONDS, GENERAL):
        raw += 10 * popcount(taken & DIAMOND_CARDS)
    if c in (QUEENS, GENERAL):
        raw += 20 * popcount(taken & QUEEN_CARDS)
    if c in (TRICKS_C, GENERAL):
        raw += 10 * state[TRICKS_WON + q]
    if c in (KING, GENERAL) and taken & KH:
        raw += 200 if state[ANNOUNCER] >= 0 else 100
    pts = multiplier(state, q) * raw
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
    left = ALL_CARDS & ~taken
    c = state[CONTRACT]
    raw = 0
    if c in (DIAMONDS, GENERAL):
        raw += 10 * popcount(left & DIAMOND_CARDS)
    if c in (QUEENS, GENERAL):
        raw += 20 * popcount(left & QUEEN_CARDS)
    if c in (TRICKS_C, GENERAL):
        raw += 10 * (8 - state[TRICK_NO])
    if c in (LAST_TRICK, GENERAL):
        raw += 100
    if c in (KING, GENERAL) and left & KH:
        raw += 200 if state[ANNOUNCER] >= 0 else 100
    return raw


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
    work[M.F_BEST] = state[TRICK_BEST]
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
    v = T.solve(work, c, seat, chooser, mch, model)
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
    return L.search(work, seat, -L.INF, L.INF)


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
    if over:  # search.rewards: the game's result (R3.9, R8.2)
        low = t[0]
        for q in range(1, N_SEATS):
            low = min(low, t[q])
        winners = 0
        rank = 1
        for q in range(N_SEATS):
            winners += t[q] == low
            rank += t[q] < t[seat]
        share = 1.0 / winners if t[seat] == low else 0.0
        return EQUITY_SCALE * share + RANK_BONUS * (N_SEATS - rank) / (N_SEATS - 1.0)
    low = t[0]
    for q in range(1, N_SEATS):
        low = min(low, t[q])
    z = 0.0
    mine = 0.0
    for q in range(N_SEATS):
        e = np.exp(-(t[q] - low) / scale)
        z += e
        if q == seat:
            mine = e
    return mine * (EQUITY_SCALE / z)
