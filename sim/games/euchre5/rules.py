"""The rules of five-handed Euchre (``../shared/games/euchre5/RULES.md``, R1–R11), as kernels.

Everything works on the flat state of :mod:`.state`; nothing allocates. The
kernels trust their caller: :mod:`.game` checks every action before :func:`step`.

Decisions of the engine where RULES.md leaves the implementation open:

- D1 Deals. Deal ``k`` of a deal set is dealt from its own stream
  ``mix(deal_seed, k + 1)``: seat 0 draws 5 of the 28 cards, seat 1 5 of the
  23 left, … seat 4 5 of the last 8, then the up card 1 of 3, the kitty keeps
  the last 2: every deal equally likely (R3.2: the packets do not matter). The
  first dealer is drawn from ``mix(deal_seed, 0)`` (R2.3).
- D2 A trick's cards are compared by a strength: right bower 16, left bower 15,
  other trumps 8 + rank, a card of the suit led its rank, anything else -1 (R5.1,
  R1.4, R7.3).
"""

import numpy as np

from sim.core.bits import lowest_bit, nth_set, popcount
from sim.core.jit import njit
from sim.core.rng import advance, draw, draw2, mix
from sim.games.euchre5.state import (
    CALLED,
    DEAL_NO,
    DEAL_SEED,
    DEALER,
    DEALT,
    DISCARDED_CARD,
    END,
    EVENTS,
    FIRST_DEALER,
    GOING_ALONE,
    HANDS,
    KITTY,
    LEADER,
    LED_SUIT,
    MAKER,
    MAKER_TRUMPS,
    PARTNER,
    PASSED,
    PHASE,
    PLAYED,
    PLAYED_BY,
    POINTS,
    REVEALED,
    REVEALED_TRICK,
    ROUND,
    SHOWN_OUT,
    STATE_SIZE,
    TOTALS,
    TRICK_BEST,
    TRICK_CARDS,
    TRICK_LEN,
    TRICK_NO,
    TRICK_WINNER,
    TRICKS_WON,
    TRUMP,
    TURN,
    UP_CARD,
)
from sim.games.euchre5.vocab import (
    ALONE,
    ALONE_BY_CHOICE,
    ALONE_FORCED,
    BETWEEN,
    BID1,
    BID2,
    CALL,
    DECK,
    DISCARD,
    N_SEATS,
    NO_CALL,
    NOT_OVER,
    ORDER,
    OVER,
    PASS,
    PLAY,
    REACHED_10,
    RJ,
    SUIT,
    TARGET,
    TRUMP_BASE,
    WITH_PARTNER,
)


# -- R5 trumps and the left bower ---------------------------------------------------------------
@njit(cache=True, inline="always")
def left_bower(trump):
    return (trump ^ 2) * 8 + RJ


@njit(cache=True, inline="always")
def trump_cards(trump):
    """R5.1, R5.2: the trump suit and the left bower."""
    return (np.int64(SUIT) << (8 * trump)) | (np.int64(1) << left_bower(trump))


@njit(cache=True, inline="always")
def suit_cards(suit, trump):
    """R5.3: the cards of effective suit ``suit`` (the left bower is not of its printed suit)."""
    if suit == trump:
        return trump_cards(trump)
    return (np.int64(SUIT) << (8 * suit)) & ~(np.int64(1) << left_bower(trump))


@njit(cache=True, inline="always")
def effective_suit(card, trump):
    return trump if card == left_bower(trump) else card >> 3


@njit(cache=True, inline="always")
def strength(card, trump, led):
    """D2: how strongly ``card`` holds a trick led in ``led`` (R5.1, R1.4, R7.3)."""
    if card == trump * 8 + RJ:
        return 16
    if card == left_bower(trump):
        return 15
    suit = card >> 3
    if suit == trump:
        return 8 + (card & 7)
    return (card & 7) if suit == led else -1


# -- R2.3, R3 dealing ------------------------------------------------------------------------------
@njit(cache=True)
def first_dealer_of(deal_seed):
    return draw(advance(mix(deal_seed, 0)), N_SEATS)


@njit(cache=True)
def deal(state, x):
    """R3.1-R3.3 (D1): five hands of 5, the up card, the kitty of 2."""
    free = np.int64(DECK)
    left = 28
    for p in range(N_SEATS):
        hand = np.int64(0)
        for _ in range(2):  # 4 cards two at a time, then one
            x = advance(x)
            ka, kb = draw2(x, left, left - 1)
            card = nth_set(free, ka)
            free ^= card
            hand |= card
            card = nth_set(free, kb)
            free ^= card
            hand |= card
            left -= 2
        x = advance(x)
        card = nth_set(free, draw(x, left))
        free ^= card
        hand |= card
        left -= 1
        state[HANDS + p] = hand
        state[DEALT + p] = hand
    x = advance(x)
    up = nth_set(free, draw(x, 3))
    state[UP_CARD] = lowest_bit(up)
    state[KITTY] = free ^ up


# -- R9 the game -------------------------------------------------------------------------------
@njit(cache=True)
def new_game(state, deal_seed):
    """A fresh game for a deal set: totals 0, the first dealer drawn, deal 0 dealt."""
    state[:] = 0
    state[DEAL_SEED] = np.int64(np.uint64(deal_seed))
    state[FIRST_DEALER] = first_dealer_of(np.uint64(deal_seed))
    state[DEALER] = state[FIRST_DEALER]
    state[DEAL_NO] = 0
    start_deal(state)


@njit(cache=True)
def start_deal(state):
    """Deal DEAL_NO; round 1 starts left of the dealer (R4.1)."""
    dealer = state[DEALER]
    state[PHASE] = BID1
    state[TURN] = (dealer + 1) % N_SEATS
    state[ROUND] = 1
    state[MAKER] = -1
    state[TRUMP] = -1
    state[CALLED] = NO_CALL
    state[GOING_ALONE] = WITH_PARTNER
    state[REVEALED] = -1
    state[REVEALED_TRICK] = 0
    state[LEADER] = (dealer + 1) % N_SEATS
    state[TRICK_NO] = 0
    state[TRICK_LEN] = 0
    state[LED_SUIT] = -1
    state[TRICK_WINNER] = -1
    state[TRICK_BEST] = -1
    state[PLAYED] = 0
    state[PASSED] = 0
    state[EVENTS] = 0
    state[DISCARDED_CARD] = -1
    state[PARTNER] = -1
    state[MAKER_TRUMPS] = 0
    for p in range(N_SEATS):
        state[TRICK_CARDS + p] = -1
        state[PLAYED_BY + p] = 0
        state[TRICKS_WON + p] = 0
        state[SHOWN_OUT + p] = 0
        state[POINTS + p] = 0
    deal(state, mix(np.uint64(state[DEAL_SEED]), state[DEAL_NO] + 1))


@njit(cache=True)
def next_deal(state):
    """R2.3: the deal passes to the next player."""
    state[DEAL_NO] += 1
    state[DEALER] = (state[DEALER] + 1) % N_SEATS
    start_deal(state)


# -- legal actions ----------------------------------------------------------------------------
@njit(cache=True, inline="always")
def callable_cards(state):
    """R6.2: a non-trump card, not in the maker's dealt hand, not the up card."""
    maker = state[MAKER]
    return (np.int64(DECK) & ~trump_cards(state[TRUMP]) & ~state[DEALT + maker]
            & ~(np.int64(1) << state[UP_CARD]))  # fmt: skip


@njit(cache=True, inline="always")
def legal_actions(state):
    """The legal actions of the seat to act, as a mask over action ids (R11)."""
    phase = state[PHASE]
    seat = state[TURN]
    one = np.int64(1)
    if phase == PLAY:
        hand = state[HANDS + seat]
        if state[TRICK_LEN] == 0:
            return hand  # R7.1 the leader plays any card
        follow = hand & suit_cards(state[LED_SUIT], state[TRUMP])
        return follow if follow else hand  # R7.2
    if phase == BID1:
        return (one << PASS) | (one << ORDER)  # R4.1
    if phase == DISCARD:
        return state[HANDS + seat]  # R4.2: his five and the up card
    if phase == BID2:
        suits = np.int64(0xF) & ~(one << (state[UP_CARD] >> 3))  # R4.3
        legal = suits << TRUMP_BASE
        if seat != state[DEALER]:
            legal |= one << PASS  # R4.4 stick the dealer
        return legal
    if phase == CALL:
        return callable_cards(state) | (one << ALONE)  # R6.1, R6.2
    return np.int64(0)


# -- applying an action ------------------------------------------------------------------------
@njit(cache=True, inline="always")
def step(state, action):
    """Apply a legal action of the seat to act; True when a deal ended (then BETWEEN or OVER)."""
    state[EVENTS] += 1
    phase = state[PHASE]
    if phase == PLAY:
        return play_card(state, action)
    if phase == BID1:
        bid_round1(state, action)
    elif phase == DISCARD:
        exchange(state, action)
    elif phase == BID2:
        bid_round2(state, action)
    else:
        call(state, action)
    return False


@njit(cache=True)
def bid_round1(state, action):
    """R4.1: order the up card's suit, or pass; after five passes, round 2 (R4.3)."""
    seat = state[TURN]
    dealer = state[DEALER]
    if action == ORDER:
        state[MAKER] = seat
        state[TRUMP] = state[UP_CARD] >> 3
        state[HANDS + dealer] |= np.int64(1) << state[UP_CARD]  # R4.2 he takes it up
        state[PHASE] = DISCARD
        state[TURN] = dealer
        return
    state[PASSED] |= 1 << seat
    if seat == dealer:  # R4.3 all five passed: the up card is turned down
        state[ROUND] = 2
        state[PASSED] = 0
        state[PHASE] = BID2
    state[TURN] = (seat + 1) % N_SEATS


@njit(cache=True)
def exchange(state, card):
    """R4.2: the dealer discards one of his six (the up card itself: no exchange)."""
    dealer = state[DEALER]
    state[HANDS + dealer] &= ~(np.int64(1) << card)
    state[DISCARDED_CARD] = card
    state[PHASE] = CALL
    state[TURN] = state[MAKER]


@njit(cache=True)
def bid_round2(state, action):
    """R4.3, R4.4: name another suit, or pass (never the dealer)."""
    seat = state[TURN]
    if action == PASS:
        state[PASSED] |= 1 << seat
        state[TURN] = (seat + 1) % N_SEATS
        return
    state[MAKER] = seat
    state[TRUMP] = action - TRUMP_BASE
    state[PHASE] = CALL
    state[TURN] = seat


@njit(cache=True)
def call(state, action):
    """R6.1-R6.4: call a card (its holder is the partner, none if it is buried) or go alone."""
    trump = state[TRUMP]
    if action == ALONE:
        state[GOING_ALONE] = ALONE_BY_CHOICE
    else:
        state[CALLED] = action
        bit = np.int64(1) << action
        for p in range(N_SEATS):
            if state[HANDS + p] & bit:
                state[PARTNER] = p
    state[MAKER_TRUMPS] = popcount(state[HANDS + state[MAKER]] & trump_cards(trump))
    state[PHASE] = PLAY
    state[LEADER] = (state[DEALER] + 1) % N_SEATS  # R7.1 left of the dealer leads
    state[TURN] = state[LEADER]


@njit(cache=True, inline="always")
def play_card(state, card):
    """R7: play a card; the fifth card of a trick settles it, the fifth trick the deal."""
    seat = state[TURN]
    trump = state[TRUMP]
    bit = np.int64(1) << card
    state[HANDS + seat] &= ~bit
    state[PLAYED] |= bit
    state[PLAYED_BY + seat] |= bit
    state[TRICK_CARDS + seat] = card
    if card == state[CALLED]:  # R6.3 the partner shows himself
        state[REVEALED] = seat
        state[REVEALED_TRICK] = state[TRICK_NO] + 1
    suit = effective_suit(card, trump)
    if state[TRICK_LEN] == 0:
        state[LED_SUIT] = suit  # R7.1
        state[TRICK_WINNER] = seat
        state[TRICK_BEST] = strength(card, trump, suit)
    else:
        led = state[LED_SUIT]
        if suit != led:
            state[SHOWN_OUT + seat] |= suit_cards(led, trump)  # R7.2 he has none of them
        s = strength(card, trump, led)
        if s > state[TRICK_BEST]:  # R7.3
            state[TRICK_BEST] = s
            state[TRICK_WINNER] = seat
    state[TRICK_LEN] += 1
    if state[TRICK_LEN] < N_SEATS:
        state[TURN] = (seat + 1) % N_SEATS
        return False
    winner = state[TRICK_WINNER]  # R7.4 the winner leads next
    for p in range(N_SEATS):
        state[TRICK_CARDS + p] = -1
    state[TRICKS_WON + winner] += 1
    state[TRICK_NO] += 1
    state[TRICK_LEN] = 0
    state[LEADER] = winner
    state[TURN] = winner
    if state[TRICK_NO] < 5:
        return False
    end_deal(state)
    return True


# -- R8 scoring, R9 the end ----------------------------------------------------------------------
@njit(cache=True, inline="always")
def deal_points(tricks, alone):
    """R8.2-R8.5: the points of each maker and of each defender when the makers take
    ``tricks`` tricks (``alone``: the maker had no partner)."""
    if tricks == 5:
        return (5 if alone else 2), 0  # R8.3, R8.2
    if tricks >= 3:
        return 1, 0
    return 0, (2 if tricks >= 1 else 4)


@njit(cache=True)
def end_deal(state):
    """R8.1-R8.5 points, R9.1 totals and the end of the game."""
    maker = state[MAKER]
    partner = state[PARTNER]
    if state[GOING_ALONE] == WITH_PARTNER and partner < 0:
        state[GOING_ALONE] = ALONE_FORCED  # R6.4: now certain, the called card was never played
    tricks = state[TRICKS_WON + maker] + (state[TRICKS_WON + partner] if partner >= 0 else 0)
    attack, defend = deal_points(tricks, partner < 0)
    over = False
    for p in range(N_SEATS):
        attacker = p in (maker, partner)
        state[POINTS + p] = attack if attacker else defend
        state[TOTALS + p] += state[POINTS + p]
        if state[TOTALS + p] >= TARGET:
            over = True
    state[TURN] = -1
    if over:
        state[PHASE] = OVER
        state[END] = REACHED_10
    else:
        state[PHASE] = BETWEEN
        state[END] = NOT_OVER


@njit(cache=True)
def ranks_and_shares(state, ranks, shares):
    """R9.3: rank 1 + seats with a higher total; the win split among the highest totals."""
    best = state[TOTALS]
    for p in range(1, N_SEATS):
        best = max(best, state[TOTALS + p])
    winners = 0
    for p in range(N_SEATS):
        r = 1
        for q in range(N_SEATS):
            if state[TOTALS + q] > state[TOTALS + p]:
                r += 1
        ranks[p] = r
        if state[TOTALS + p] == best:
            winners += 1
    for p in range(N_SEATS):
        shares[p] = 1.0 / winners if state[TOTALS + p] == best else 0.0


@njit(cache=True)
def new_state():
    return np.zeros(STATE_SIZE, np.int64)
