"""The rules of Five Hundred (``../shared/games/five-hundred/RULES.md``, R1–R11), as kernels.

Everything works on the flat state of :mod:`.state`; nothing allocates. The
kernels trust their caller: :mod:`.game` checks every action before :func:`step`.

Decisions of the engine where RULES.md leaves the implementation open:

- D1 Deals. Deal ``k`` of a deal set is dealt from its own stream
  ``mix(deal_seed, k + 1)``: seat 0 draws 10 of the 43 cards, seat 1 10 of the 33
  left, seat 2 10 of 23, seat 3 10 of 13, and the kitty keeps the last 3: every split
  equally likely, as R3.2's packets from a uniform shuffle give. The first dealer is
  drawn from ``mix(deal_seed, 0)`` (R2.3).
- D2 A trick's cards are compared by a power: joker 40, right bower 39, left bower
  38, other trumps 20 + rank, a card of the suit to follow its rank, anything else -1
  (R1.3, R1.4, R7.4, R8.1).
- D3 A player still in the auction may bid again when his turn comes round, his
  partner's bid included (R4.5 puts out only who passed).
"""

import numpy as np

from sim.core.bits import nth_set, popcount
from sim.core.jit import njit
from sim.core.rng import advance, draw, draw2, mix
from sim.games.five_hundred.state import (
    BIDS,
    CALLS,
    CONTRACTOR,
    CONTRACTOR_TRUMPS,
    DEAL_NO,
    DEAL_SEED,
    DEALER,
    DEALT,
    DISCARDED,
    DISCARDS,
    END,
    EVENTS,
    FIRST_DEALER,
    HANDS,
    HIGH_BID,
    KITTY,
    LEADER,
    PASSED,
    PHASE,
    PLAYED,
    PLAYED_BY,
    POINTS,
    STATE_SIZE,
    TO_FOLLOW,
    TOTALS,
    TRICK_BEST,
    TRICK_CARDS,
    TRICK_LEN,
    TRICK_NO,
    TRICK_WINNER,
    TRICKS_WON,
    TRUMP,
    TURN,
    VOIDS,
    WINNER,
)
from sim.games.five_hundred.vocab import (
    AUCTION,
    BETWEEN,
    DEAL_CAP,
    DECK,
    DISCARD,
    FLOOR,
    JOKER,
    JOKER_LEAD,
    MAX_DEALS,
    MINUS_500,
    N_BIDS,
    N_SEATS,
    N_TEAMS,
    NO_FOURS,
    NO_SUIT,
    NOT_OVER,
    OVER,
    PASS,
    PLAY,
    REACHED_500,
    RJ,
    SUIT,
    TARGET,
)

ONE = np.int64(1)
JOKER_BIT = ONE << JOKER
BIDS_MASK = (ONE << N_BIDS) - 1


# -- R1 trumps, the bowers and the joker --------------------------------------------------------
@njit(cache=True, inline="always")
def plain_suit(suit):
    """The printed cards of a suit (R1.1: no black fours)."""
    return (np.int64(SUIT) << (11 * suit)) & np.int64(NO_FOURS)


@njit(cache=True, inline="always")
def left_bower(trump):
    return (trump ^ 2) * 11 + RJ


@njit(cache=True, inline="always")
def trump_cards(trump):
    """R1.3, R8.1: the trump suit with both bowers and the joker; in no trumps the joker."""
    if trump < 0:
        return JOKER_BIT
    return plain_suit(trump) | (ONE << left_bower(trump)) | JOKER_BIT


@njit(cache=True, inline="always")
def suit_cards(suit, trump):
    """R1.5: the cards of effective suit ``suit`` (the left bower and the joker are trumps;
    in no trumps every suit keeps its jack and the joker has no suit, R8.1)."""
    if trump < 0:
        return plain_suit(suit)
    if suit == trump:
        return trump_cards(trump)
    return plain_suit(suit) & ~(ONE << left_bower(trump))


@njit(cache=True, inline="always")
def effective_suit(card, trump):
    """R1.5: the suit a card follows and is followed in."""
    if card == JOKER:
        return trump if trump >= 0 else NO_SUIT
    if trump >= 0 and card == left_bower(trump):
        return trump
    return card // 11


@njit(cache=True, inline="always")
def power(card, trump, to_follow):
    """D2: how strongly ``card`` holds a trick whose suit to follow is ``to_follow``."""
    if card == JOKER:
        return 40
    suit = card // 11
    rank = card - 11 * suit
    if trump >= 0:
        if rank == RJ:
            if suit == trump:
                return 39
            if suit == trump ^ 2:
                return 38
        if suit == trump:
            return 20 + rank
    return rank if suit == to_follow else -1


# -- R5 bid values -------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def bid_value(bid):
    """R5.2: 100 x (tricks - 6) + 40 + 20 x the strain's position (C D H S NT)."""
    return 100 * (bid // 5) + 40 + 20 * (bid % 5)


@njit(cache=True, inline="always")
def strain_trump(strain):
    """R4.3: the strain's trump suit (C D H S are suits 1 2 0 3), -1 for no trumps."""
    if strain == 0:
        return 1
    if strain == 1:
        return 2
    if strain == 2:
        return 0
    if strain == 3:
        return 3
    return -1


# -- R2.3, R3 dealing ------------------------------------------------------------------------------
@njit(cache=True)
def first_dealer_of(deal_seed):
    return draw(advance(mix(deal_seed, 0)), N_SEATS)


@njit(cache=True)
def deal(state, x):
    """R3.2 (D1): four hands of 10 and the kitty of 3."""
    free = np.int64(DECK)
    left = 43
    for p in range(N_SEATS):
        hand = np.int64(0)
        for _ in range(5):  # ten cards two at a time
            x = advance(x)
            ka, kb = draw2(x, left, left - 1)
            card = nth_set(free, ka)
            free ^= card
            hand |= card
            card = nth_set(free, kb)
            free ^= card
            hand |= card
            left -= 2
        state[HANDS + p] = hand
        state[DEALT + p] = hand
    state[KITTY] = free


# -- R10 the game --------------------------------------------------------------------------------
@njit(cache=True)
def new_game(state, deal_seed):
    """A fresh game for a deal set: totals 0, the first dealer drawn, deal 0 dealt."""
    state[:] = 0
    state[DEAL_SEED] = np.int64(np.uint64(deal_seed))
    state[FIRST_DEALER] = first_dealer_of(np.uint64(deal_seed))
    state[DEALER] = state[FIRST_DEALER]
    state[DEAL_NO] = 0
    state[WINNER] = -1
    start_deal(state)


@njit(cache=True)
def start_deal(state):
    """Deal DEAL_NO; the eldest, left of the dealer, calls first (R4.1)."""
    state[PHASE] = AUCTION
    state[TURN] = (state[DEALER] + 1) % N_SEATS
    state[CALLS] = 0
    state[HIGH_BID] = -1
    state[CONTRACTOR] = -1
    state[TRUMP] = -1
    state[PASSED] = 0
    state[DISCARDS] = 0
    state[LEADER] = -1
    state[TRICK_NO] = 0
    state[TRICK_LEN] = 0
    state[TO_FOLLOW] = -1
    state[TRICK_WINNER] = -1
    state[TRICK_BEST] = -1
    state[PLAYED] = 0
    state[EVENTS] = 0
    state[DISCARDED] = 0
    state[CONTRACTOR_TRUMPS] = 0
    for p in range(N_SEATS):
        state[BIDS + p] = -1
        state[TRICK_CARDS + p] = -1
        state[PLAYED_BY + p] = 0
        state[TRICKS_WON + p] = 0
        state[VOIDS + p] = 0
    state[POINTS] = 0
    state[POINTS + 1] = 0
    deal(state, mix(np.uint64(state[DEAL_SEED]), state[DEAL_NO] + 1))


@njit(cache=True)
def next_deal(state):
    """R3.1: the deal passes to the next player."""
    state[DEAL_NO] += 1
    state[DEALER] = (state[DEALER] + 1) % N_SEATS
    start_deal(state)


# -- legal actions ----------------------------------------------------------------------------
@njit(cache=True, inline="always")
def legal_actions(state):
    """The legal actions of the seat to act, as a mask over the phase's action ids."""
    phase = state[PHASE]
    seat = state[TURN]
    hand = state[HANDS + seat]
    if phase == PLAY:
        trump = state[TRUMP]
        if state[TRICK_LEN] == 0:
            if trump < 0 and hand & JOKER_BIT:  # R8.2 the joker leads naming a suit, R8.3
                named = np.int64(0xF) & ~state[VOIDS + seat]
                return (hand & ~JOKER_BIT) | (named << JOKER_LEAD)
            return hand  # R7.1 any card leads
        follow = hand & suit_cards(state[TO_FOLLOW], trump)
        return follow if follow else hand  # R7.2, R7.3, R8.1
    if phase == AUCTION:  # R4.4 a higher bid, or pass (R4.1)
        return (BIDS_MASK & ~((ONE << (state[HIGH_BID] + 1)) - 1)) | (ONE << PASS)
    if phase == DISCARD:
        return hand  # R6.1 any of his 13 cards
    return np.int64(0)


# -- applying an action ------------------------------------------------------------------------
@njit(cache=True, inline="always")
def step(state, action):
    """Apply a legal action of the seat to act; True when a deal ended (then BETWEEN or OVER)."""
    state[EVENTS] += 1
    phase = state[PHASE]
    if phase == PLAY:
        return play_card(state, action)
    if phase == AUCTION:
        return call(state, action)
    discard(state, action)
    return False


@njit(cache=True)
def call(state, action):
    """R4: a bid or a pass; the auction ends when a bid stands and three passed (R4.6), or all
    four passed (R4.7: thrown in, True)."""
    seat = state[TURN]
    state[CALLS] += 1
    if action == PASS:
        state[PASSED] |= 1 << seat  # R4.5 out for this deal
    else:
        state[HIGH_BID] = action
        state[CONTRACTOR] = seat
        state[BIDS + seat] = action
    out = popcount(state[PASSED])
    if out == N_SEATS:
        end_deal(state)
        return True
    if out == N_SEATS - 1 and state[HIGH_BID] >= 0:
        contractor = state[CONTRACTOR]
        state[TRUMP] = strain_trump(state[HIGH_BID] % 5)
        state[HANDS + contractor] |= state[KITTY]  # R6.1 he takes the kitty
        state[PHASE] = DISCARD
        state[TURN] = contractor
        return False
    nxt = (seat + 1) % N_SEATS
    while state[PASSED] >> nxt & 1:  # R4.5 passed players are skipped
        nxt = (nxt + 1) % N_SEATS
    state[TURN] = nxt
    return False


@njit(cache=True)
def discard(state, card):
    """R6.1: the contractor discards one card; after three he leads the first trick (R7.1)."""
    contractor = state[CONTRACTOR]
    bit = ONE << card
    state[HANDS + contractor] &= ~bit
    state[DISCARDED] |= bit
    state[DISCARDS] += 1
    if state[DISCARDS] == 3:
        hand = state[HANDS + contractor]
        state[CONTRACTOR_TRUMPS] = popcount(hand & trump_cards(state[TRUMP]))
        state[PHASE] = PLAY
        state[LEADER] = contractor
        state[TURN] = contractor


@njit(cache=True, inline="always")
def play_card(state, action):
    """R7, R8: play a card; the fourth card settles the trick, the tenth trick the deal."""
    seat = state[TURN]
    trump = state[TRUMP]
    card = JOKER if action >= JOKER_LEAD else action
    bit = ONE << card
    state[HANDS + seat] &= ~bit
    state[PLAYED] |= bit
    state[PLAYED_BY + seat] |= bit
    state[TRICK_CARDS + seat] = card
    if state[TRICK_LEN] == 0:
        # R8.2 a no-trump joker lead names the suit to follow; else the led card's (R1.5)
        follow = action - JOKER_LEAD if action >= JOKER_LEAD else effective_suit(card, trump)
        state[TO_FOLLOW] = follow
        state[TRICK_WINNER] = seat
        state[TRICK_BEST] = power(card, trump, follow)
    else:
        follow = state[TO_FOLLOW]
        if not bit & suit_cards(follow, trump):
            state[VOIDS + seat] |= 1 << follow  # R7.2 he has shown void
        p = power(card, trump, follow)
        if p > state[TRICK_BEST]:  # R7.4
            state[TRICK_BEST] = p
            state[TRICK_WINNER] = seat
    state[TRICK_LEN] += 1
    if state[TRICK_LEN] < N_SEATS:
        state[TURN] = (seat + 1) % N_SEATS
        return False
    winner = state[TRICK_WINNER]  # R7.1 the winner leads next
    for p in range(N_SEATS):
        state[TRICK_CARDS + p] = -1
    state[TRICKS_WON + winner] += 1
    state[TRICK_NO] += 1
    state[TRICK_LEN] = 0
    state[LEADER] = winner
    state[TURN] = winner
    if state[TRICK_NO] < 10:
        return False
    end_deal(state)
    return True


# -- R9 scoring, R10 the end ---------------------------------------------------------------------
@njit(cache=True)
def end_deal(state):
    """R9 the deal's points and the totals; R10.1-R10.5 whether the game ends."""
    contractor = state[CONTRACTOR]
    state[TURN] = -1
    state[POINTS] = 0
    state[POINTS + 1] = 0
    if contractor >= 0:  # played (R9.4: a thrown-in deal scores 0)
        attack = contractor % N_TEAMS
        bid = state[HIGH_BID]
        made = state[TRICKS_WON + attack] + state[TRICKS_WON + attack + N_TEAMS] >= 6 + bid // 5
        state[POINTS + attack] = bid_value(bid) if made else -bid_value(bid)  # R9.1, R9.3
        defence = 1 - attack
        taken = state[TRICKS_WON + defence] + state[TRICKS_WON + defence + N_TEAMS]
        state[POINTS + defence] = 10 * taken  # R9.2
    t0 = state[TOTALS] + state[POINTS]
    t1 = state[TOTALS + 1] + state[POINTS + 1]
    state[TOTALS] = t0
    state[TOTALS + 1] = t1
    end = NOT_OVER
    winner = -1
    if t0 >= TARGET and t1 >= TARGET:  # R10.2 the contractors win
        end, winner = REACHED_500, contractor % N_TEAMS
    elif t0 >= TARGET or t1 >= TARGET:  # R10.1
        end, winner = REACHED_500, 0 if t0 >= TARGET else 1
    elif t0 <= FLOOR or t1 <= FLOOR:  # R10.3 out the back door
        end, winner = MINUS_500, 1 if t0 <= FLOOR else 0
    elif state[DEAL_NO] + 1 >= MAX_DEALS:  # R10.4 the cap: the higher total, or a tie
        end = DEAL_CAP
        winner = 0 if t0 > t1 else (1 if t1 > t0 else -1)
    state[END] = end
    state[WINNER] = winner
    state[PHASE] = BETWEEN if end == NOT_OVER else OVER


@njit(cache=True)
def ranks_and_shares(state, ranks, shares):
    """R10.6: partners share their team's result; a tie ranks everybody first."""
    winner = state[WINNER]
    for p in range(N_SEATS):
        if winner < 0:
            ranks[p] = 1
            shares[p] = 0.25
        else:
            ranks[p] = 1 if p % N_TEAMS == winner else 2
            shares[p] = 0.5 if p % N_TEAMS == winner else 0.0


@njit(cache=True)
def new_state():
    return np.zeros(STATE_SIZE, np.int64)
