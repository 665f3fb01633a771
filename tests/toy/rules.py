"""The toy game's rules (R1-R4 of the package docstring) as kernels on the flat state.

Nothing allocates; the kernels trust their caller (the checked game verifies every action).
"""

import numpy as np

from sim.core.bits import nth_set
from sim.core.jit import njit
from sim.core.rng import advance, draw, mix
from tests.toy.state import (
    DEAL_NO,
    DEAL_SEED,
    DEALER,
    DEALT,
    END,
    FIRST_DEALER,
    HANDS,
    LAST_WINNER,
    LEAD_CARD,
    LEADER,
    LEADER_WINS,
    PHASE,
    PLAYED,
    PLAYED_BY,
    SHOWN_OUT,
    TOTALS,
    TRICK_NO,
    TRICKS_WON,
    TURN,
)
from tests.toy.vocab import (
    BETWEEN,
    FOLLOW,
    LEAD,
    N_TRICKS,
    NOT_OVER,
    OVER,
    TARGET,
    TARGET_END,
    TIE,
)

N = 2  # seats
ONE = np.int64(1)
SUIT = np.int64(0b111)


# -- R1 cards ---------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def suit_cards(suit):
    return SUIT << (3 * suit)


# -- R2 the deal --------------------------------------------------------------------------------
@njit(cache=True)
def first_dealer_of(deal_seed):
    """R2.1 (D1): the first dealer, from the deal seed's stream 0."""
    return draw(advance(mix(deal_seed, 0)), N)


@njit(cache=True)
def deal(state, x):
    """R2.2 (D1): six cards drawn one by one from those left, the first three to the
    non-dealer."""
    free = np.int64(63)
    h0 = np.int64(0)
    h1 = np.int64(0)
    for i in range(6):
        x = advance(x)
        card = nth_set(free, draw(x, 6 - i))
        free ^= card
        if (i < 3) == (state[DEALER] == 1):  # the non-dealer gets the first three
            h0 |= card
        else:
            h1 |= card
    state[HANDS] = state[DEALT] = h0
    state[HANDS + 1] = state[DEALT + 1] = h1


@njit(cache=True)
def begin_play(state):
    """R3.1: the deal's public slots once its cards lie; the non-dealer leads."""
    leader = 1 - state[DEALER]
    state[PHASE] = LEAD
    state[LEADER] = leader
    state[TURN] = leader
    state[TRICK_NO] = 0
    state[LEAD_CARD] = -1
    state[PLAYED] = 0
    state[LEADER_WINS] = 0
    state[LAST_WINNER] = -1
    for p in range(N):
        state[PLAYED_BY + p] = 0
        state[SHOWN_OUT + p] = 0
        state[TRICKS_WON + p] = 0


@njit(cache=True)
def start_deal(state):
    """Deal DEAL_NO from its own stream (D1) and open its play."""
    deal(state, mix(np.uint64(state[DEAL_SEED]), state[DEAL_NO] + 1))
    begin_play(state)


@njit(cache=True)
def new_game(state, deal_seed):
    """A fresh game of a deal set: totals 0, the first dealer drawn, deal 0 dealt (R2.1)."""
    state[:] = 0
    state[DEAL_SEED] = np.int64(np.uint64(deal_seed))
    state[FIRST_DEALER] = first_dealer_of(np.uint64(deal_seed))
    state[DEALER] = state[FIRST_DEALER]
    state[END] = NOT_OVER
    start_deal(state)


@njit(cache=True)
def next_deal(state):
    """R2.1: the dealer alternates."""
    state[DEAL_NO] += 1
    state[DEALER] = 1 - state[DEALER]
    start_deal(state)


# -- R3 the play --------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def legal_actions(state):
    """R3.1, R3.2: the cards the seat to act may play, as a mask of card ids."""
    phase = state[PHASE]
    if phase > FOLLOW:
        return np.int64(0)
    hand = state[HANDS + state[TURN]]
    if phase == FOLLOW:
        follow = hand & suit_cards(state[LEAD_CARD] // 3)
        if follow:
            return follow  # R3.2
    return hand


@njit(cache=True, inline="always")
def step(state, action):
    """Play card ``action`` for the seat to act; True when the deal ended (R3, R4)."""
    seat = state[TURN]
    card = ONE << action
    state[HANDS + seat] ^= card
    state[PLAYED] |= card
    state[PLAYED_BY + seat] |= card
    if state[PHASE] == LEAD:
        state[LEAD_CARD] = action
        state[PHASE] = FOLLOW
        state[TURN] = 1 - seat
        return False
    led = state[LEAD_CARD]
    if action // 3 != led // 3:  # R3.2: he had none of the led suit
        state[SHOWN_OUT + seat] |= suit_cards(led // 3)
    leader = 1 - seat
    winner = seat if action // 3 == led // 3 and action > led else leader  # R3.3
    state[TRICKS_WON + winner] += 1
    if winner == leader:
        state[LEADER_WINS] += 1
    state[LAST_WINNER] = winner
    state[TRICK_NO] += 1
    state[LEAD_CARD] = -1
    state[LEADER] = winner
    state[TURN] = winner
    state[PHASE] = LEAD
    if state[TRICK_NO] < N_TRICKS:
        return False
    end_deal(state)
    return True


@njit(cache=True)
def end_deal(state):
    """R4.1 the points go to the totals; R4.2 the game ends once a total reaches 6."""
    state[TURN] = -1
    reached = False
    for p in range(N):
        state[TOTALS + p] += state[TRICKS_WON + p]
        reached |= state[TOTALS + p] >= TARGET
    if not reached:
        state[PHASE] = BETWEEN
        return
    state[END] = TIE if state[TOTALS] == state[TOTALS + 1] else TARGET_END
    state[PHASE] = OVER


# -- R4 ranks and shares ----------------------------------------------------------------------
@njit(cache=True)
def ranks_and_shares(state, ranks, shares):
    """R4.3: the higher total ranks 1 and wins; equal totals tie (1/2 each)."""
    t0 = state[TOTALS]
    t1 = state[TOTALS + 1]
    ranks[0] = 1 if t0 >= t1 else 2
    ranks[1] = 1 if t1 >= t0 else 2
    shares[0] = 1.0 if t0 > t1 else (0.5 if t0 == t1 else 0.0)
    shares[1] = 1.0 - shares[0]
