"""The rules of Trix (``../shared/games/trix/RULES.md``, R1–R10), as numba kernels.

Everything here works on the flat state array of :mod:`.state`; nothing
allocates, so a kernel loop can play millions of games. The kernels trust their
caller: :mod:`.game` checks actions before it calls :func:`step`.

Decisions where the rules are silent (also in ``docs/games/trix.md``):

- D1 Deals. Contract ``k`` of a deal set is dealt from its own stream
  ``mix(deal_seed, k + 1)``; the first chooser comes from ``mix(deal_seed, 0)``.
  A deal set is therefore fixed before play and never depends on the bots.
- D2 The K♥ offer (R5.6) is a decision of its own: when the holder is to act for
  the first time in king or general, his only actions are DOUBLE or NO_DOUBLE,
  then he plays. The offer is not repeated.
- D3 In general an announcer who does not take K♥ scores −50 even when another
  player took all 8 tricks (RULES R5.7 Decision), and the all-8-tricks player's
  0 replaces all of his components.
- D4 In trix, a player who has emptied his hand has no more turns; the turn
  skips him (it only matters between the first and the second finisher).
- D5 An ace laid as a player's last card ends his hand: no extra turn (R9.5).
- D6 A trix event count (for statistics) counts lays and passes, from the
  first jack on.
"""

import numpy as np

from sim.core.bits import nth_set, popcount, select
from sim.core.jit import njit
from sim.core.rng import advance, draw, draw2, mix
from sim.games.trix.state import (
    ANNOUNCER,
    CHOICE,
    CHOICES_MADE,
    CHOOSER,
    CONTRACT,
    CONTRACT_NO,
    DEAL_SEED,
    DEALT,
    END,
    EVENTS,
    FIRST_CHOOSER,
    HANDS,
    KH_OFFERED,
    LEADER,
    LED_SUIT,
    OUT_EVENT,
    OUT_PASSES,
    OUT_SEAT,
    PASSES,
    PHASE,
    PLAYED,
    PLAYED_BY,
    POINTS,
    REMAINING,
    SHOWN_OUT,
    STATE_SIZE,
    TAKEN,
    TOTALS,
    TRICK_BEST,
    TRICK_CARDS,
    TRICK_LEN,
    TRICK_NO,
    TRICK_WINNER,
    TRICKS_WON,
    TURN,
    ZEROED,
)
from sim.games.trix.vocab import (
    ACE_RANK,
    ALL_28,
    ALL_CONTRACTS,
    BETWEEN,
    CHOOSE,
    CHOOSE_BASE,
    DIAMOND_CARDS,
    DIAMONDS,
    DOUBLE,
    GENERAL,
    JACKS,
    KH,
    KING,
    LAST_TRICK,
    N_DEALS,
    N_SEATS,
    NO_DOUBLE,
    NOT_BOTTOM,
    NOT_TOP,
    OVER,
    OVER_1000,
    PASS,
    QUEEN_CARDS,
    QUEENS,
    SUIT,
    TRICKS,
    TRICKS_C,
    TRIX,
    TRIX_BIT,
    TRIX_C,
)


# -- R1.3, R2.3 dealing -----------------------------------------------------------
@njit(cache=True)
def first_chooser_of(deal_seed):
    """R2.3: the first chooser drawn by lot from the deal set's seed (D1)."""
    return draw(advance(mix(deal_seed, 0)), N_SEATS)


@njit(cache=True)
def deal(state, x):
    """R1.3: a fresh uniform deal, 8 cards each, from stream position ``x``.

    Seat 0 draws 8 of the 32 cards without replacement, seat 1 8 of the 24
    left, seat 2 8 of the 16 left, and seat 3 keeps the last 8: every deal is
    equally likely. A draw takes the k-th card still free (one ``pdep``), so
    there is no deck array and no branch.
    """
    free = np.int64(0xFFFFFFFF)
    left = 32
    for p in range(N_SEATS - 1):
        hand = np.int64(0)
        for _ in range(4):
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
    state[HANDS + N_SEATS - 1] = free
    state[DEALT + N_SEATS - 1] = free


@njit(cache=True)
def deal_contract(state):
    """Deal contract ``CONTRACT_NO`` of the state's deal set (D1)."""
    deal(state, mix(np.uint64(state[DEAL_SEED]), state[CONTRACT_NO] + 1))


# -- R3 the game --------------------------------------------------------------------
@njit(cache=True)
def new_game(state, deal_seed):
    """A fresh game for a deal set: totals 0, all contracts free, contract 0 dealt."""
    state[:] = 0
    state[DEAL_SEED] = np.int64(np.uint64(deal_seed))
    state[FIRST_CHOOSER] = first_chooser_of(np.uint64(deal_seed))
    for p in range(N_SEATS):
        state[REMAINING + p] = ALL_CONTRACTS
    state[CONTRACT_NO] = 0
    start_contract(state)


@njit(cache=True)
def start_contract(state):
    """R3.2: deal contract CONTRACT_NO; the turn to choose goes round from the first chooser."""
    chooser = (state[FIRST_CHOOSER] + state[CONTRACT_NO]) % N_SEATS
    state[PHASE] = CHOOSE
    state[TURN] = chooser
    state[CHOOSER] = chooser
    state[CONTRACT] = -1
    state[CHOICE] = state[CHOICES_MADE + chooser] + 1
    state[LEADER] = chooser
    state[TRICK_NO] = 0
    state[TRICK_LEN] = 0
    state[LED_SUIT] = -1
    state[TRICK_WINNER] = -1
    state[TRICK_BEST] = -1
    state[PLAYED] = 0
    state[ANNOUNCER] = -1
    state[KH_OFFERED] = 0
    state[EVENTS] = 0
    state[ZEROED] = 0
    for p in range(N_SEATS):
        state[TRICK_CARDS + p] = -1
        state[PLAYED_BY + p] = 0
        state[TAKEN + p] = 0
        state[TRICKS_WON + p] = 0
        state[PASSES + p] = 0
        state[POINTS + p] = 0
        state[SHOWN_OUT + p] = 0
    for i in range(2):
        state[OUT_SEAT + i] = -1
        state[OUT_EVENT + i] = 0
        state[OUT_PASSES + i] = 0
    deal_contract(state)


@njit(cache=True, inline="always")
def allowed_contracts(state, seat):
    """R3.4–R3.6: the contracts ``seat`` may pick now, as a mask over contract numbers."""
    remaining = state[REMAINING + seat]
    if remaining & TRIX_BIT:
        if state[CHOICES_MADE + seat] + 1 >= 6:
            return TRIX_BIT  # R3.5 forced trix
        if state[HANDS + seat] & JACKS == 0:
            remaining &= ~TRIX_BIT  # R3.4 no trix without a jack
    return remaining  # R3.6: at the 7th choice this is the one contract left


# -- legal actions -------------------------------------------------------------------
@njit(cache=True, inline="always")
def king_offer_pending(state, seat):
    """R5.6: the K♥ holder's first turn in king or general, before he plays."""
    c = state[CONTRACT]
    return (
        (c in (KING, GENERAL))
        and state[KH_OFFERED] == 0
        and (state[HANDS + seat] & KH) != 0
        and state[PLAYED_BY + seat] == 0
    )


@njit(cache=True, inline="always")
def layable(played):
    """R9.1, R9.3: the cards that may go on the piles given the laid cards.

    A pile starts with its jack; a started suit takes the card one above its
    highest or one below its lowest (the laid cards of a suit are contiguous).
    """
    up = (played << 1) & NOT_BOTTOM
    down = (played >> 1) & NOT_TOP
    return (JACKS & ~played) | ((up | down) & ~played)


@njit(cache=True, inline="always")
def legal_actions(state):
    """The legal actions of the seat to act, as a mask over action ids."""
    phase = state[PHASE]
    seat = state[TURN]
    if phase == CHOOSE:
        return allowed_contracts(state, seat) << CHOOSE_BASE
    hand = state[HANDS + seat]
    if phase == TRICKS:
        if king_offer_pending(state, seat):
            return (np.int64(1) << DOUBLE) | (np.int64(1) << NO_DOUBLE)
        if state[TRICK_LEN] == 0:
            return hand  # R4.1 the leader plays any card
        follow = hand & (SUIT << (8 * state[LED_SUIT]))
        return follow if follow else hand  # R4.2
    if phase == TRIX:
        cards = hand & layable(state[PLAYED])
        return cards if cards else np.int64(1) << PASS  # R9.4
    return 0


# -- applying an action ----------------------------------------------------------------
@njit(cache=True, inline="always")
def step(state, action):
    """Apply a legal action of the seat to act. Returns True when a contract ended.

    After a contract ends the phase is BETWEEN (read POINTS, the trick and trix
    slots, then call :func:`next_contract`) or OVER.
    """
    phase = state[PHASE]
    if phase == CHOOSE:
        choose(state, action - CHOOSE_BASE)
        return False
    if phase == TRICKS:
        return play_card(state, action)
    return lay_card(state, action)


@njit(cache=True, inline="always")
def choose(state, contract):
    """R3.2, R3.3: the chooser takes one of his contracts; R4.1 / R9.2 who starts."""
    chooser = state[CHOOSER]
    state[CONTRACT] = contract
    state[CHOICE] = state[CHOICES_MADE + chooser] + 1
    state[CHOICES_MADE + chooser] += 1
    state[REMAINING + chooser] &= ~(np.int64(1) << contract)
    if contract == TRIX_C:
        state[PHASE] = TRIX
        starter = chooser  # R9.2: the chooser, or the first seat after him with a jack
        while state[HANDS + starter] & JACKS == 0:
            starter = (starter + 1) % N_SEATS
        state[TURN] = starter
    else:
        state[PHASE] = TRICKS
        state[LEADER] = chooser
        state[TURN] = chooser


@njit(cache=True, inline="always")
def trick_over(state):
    """R5.1, R5.2, R5.5: the early stops; otherwise all 8 tricks (R5.3, R5.4, R5.7)."""
    if state[TRICK_NO] == 8:
        return True
    c = state[CONTRACT]
    played = state[PLAYED]
    if c == DIAMONDS:
        return played & DIAMOND_CARDS == DIAMOND_CARDS
    if c == QUEENS:
        return played & QUEEN_CARDS == QUEEN_CARDS
    if c == KING:
        return (played & KH) != 0
    return False


@njit(cache=True, inline="always")
def play_card(state, action):
    """R4: play a card (or make the R5.6 decision) in a trick contract."""
    seat = state[TURN]
    if action == DOUBLE:
        state[ANNOUNCER] = seat
        state[KH_OFFERED] = 1
        state[EVENTS] += 1
        return False
    if action == NO_DOUBLE:
        state[KH_OFFERED] = 1
        return False
    bit = np.int64(1) << action
    state[HANDS + seat] &= ~bit
    state[PLAYED] |= bit
    state[PLAYED_BY + seat] |= bit
    state[TRICK_CARDS + seat] = action
    state[EVENTS] += 1
    # Written without branches: a random card's effect is unpredictable, and a
    # mispredicted branch costs more than the few operations done for nothing.
    lead = state[TRICK_LEN] == 0
    suit = action >> 3
    led = select(lead, suit, state[LED_SUIT])  # R4.1 the first card sets the suit
    state[LED_SUIT] = led
    state[SHOWN_OUT + seat] |= select(suit != led, SUIT << (8 * led), 0)  # R4.2 void in it
    beats = lead | ((suit == led) & (action > state[TRICK_BEST]))  # R4.3 highest of the led suit
    state[TRICK_WINNER] = select(beats, seat, state[TRICK_WINNER])
    state[TRICK_BEST] = select(beats, action, state[TRICK_BEST])
    state[TRICK_LEN] += 1
    if state[TRICK_LEN] < N_SEATS:
        state[TURN] = (seat + 1) % N_SEATS
        return False
    # the trick is complete: its winner takes it and leads the next (R4.1)
    winner = state[TRICK_WINNER]
    cards = 0
    for p in range(N_SEATS):
        cards |= np.int64(1) << state[TRICK_CARDS + p]
        state[TRICK_CARDS + p] = -1
    state[TAKEN + winner] |= cards
    state[TRICKS_WON + winner] += 1
    state[TRICK_NO] += 1
    state[TRICK_LEN] = 0
    state[LEADER] = winner
    state[TURN] = winner
    if trick_over(state):
        end_contract(state)
        return True
    return False


@njit(cache=True, inline="always")
def lay_card(state, action):
    """R9.3–R9.6: lay a card on the piles, or pass."""
    seat = state[TURN]
    state[EVENTS] += 1
    if action == PASS:
        state[PASSES + seat] += 1
        state[SHOWN_OUT + seat] |= layable(state[PLAYED])  # R9.4: he holds none of them
        state[TURN] = next_in_trix(state, seat)
        return False
    bit = np.int64(1) << action
    state[HANDS + seat] &= ~bit
    state[PLAYED] |= bit
    state[PLAYED_BY + seat] |= bit
    if state[HANDS + seat] == 0:  # R9.6 out of cards
        k = 0 if state[OUT_SEAT] < 0 else 1
        state[OUT_SEAT + k] = seat
        state[OUT_EVENT + k] = state[EVENTS]
        passes = 0
        for p in range(N_SEATS):
            passes += state[PASSES + p]
        state[OUT_PASSES + k] = passes
        if k == 1:
            end_contract(state)
            return True
        state[TURN] = next_in_trix(state, seat)
        return False
    if action & 7 == ACE_RANK:
        return False  # R9.5 an ace: the same player again
    state[TURN] = next_in_trix(state, seat)
    return False


@njit(cache=True, inline="always")
def next_in_trix(state, seat):
    """R2.2 the next seat, skipping a seat already out of cards (D4)."""
    nxt = (seat + 1) % N_SEATS
    while state[HANDS + nxt] == 0:
        nxt = (nxt + 1) % N_SEATS
    return nxt


# -- R5, R7, R9.6 points ------------------------------------------------------------
@njit(cache=True)
def raw_points(state, seat):
    """R5.1–R5.7: the seat's points in the trick contract just played, before R7."""
    c = state[CONTRACT]
    taken = state[TAKEN + seat]
    tricks = state[TRICKS_WON + seat]
    pts = 0
    if c in (DIAMONDS, GENERAL):
        n = popcount(taken & DIAMOND_CARDS)
        pts += 150 if n == 8 else 10 * n
    if c in (QUEENS, GENERAL):
        pts += 20 * popcount(taken & QUEEN_CARDS)
    if c in (TRICKS_C, GENERAL):
        pts += 150 if tricks == 8 else 10 * tricks
    if (c in (LAST_TRICK, GENERAL)) and state[LEADER] == seat:
        pts += 100  # LEADER is the winner of the 8th trick
    if (c in (KING, GENERAL)) and (taken & KH) != 0:
        pts += 200 if state[ANNOUNCER] >= 0 else 100
    if c == GENERAL and tricks == 8:
        pts = 0  # R5.7 all eight tricks: nothing for the whole contract
    return pts


@njit(cache=True)
def end_contract(state):
    """R7 multipliers, R9.6 trix points, R3.7 the 1000 rule and game end."""
    chooser = state[CHOOSER]
    if state[CONTRACT] == TRIX_C:
        state[POINTS + state[OUT_SEAT]] = -100  # R9.6, never multiplied (R7.3)
        state[POINTS + state[OUT_SEAT + 1]] = -50
    else:
        mult = 4 if state[CHOICE] == 7 else 2  # R7.1, R7.2
        for p in range(N_SEATS):
            pts = raw_points(state, p)
            state[POINTS + p] = pts * mult if p == chooser else pts
        announcer = state[ANNOUNCER]
        if announcer >= 0 and (state[TAKEN + announcer] & KH) == 0:
            state[POINTS + announcer] -= 50  # R5.6, never multiplied (R7.3)
    over = False
    for p in range(N_SEATS):
        state[TOTALS + p] += state[POINTS + p]
        if state[TOTALS + p] == 1000:
            state[TOTALS + p] = 0  # R3.7 exactly 1000 falls back to 0
            state[ZEROED] = 1
    for p in range(N_SEATS):
        if state[TOTALS + p] > 1000:
            over = True
    state[TURN] = -1
    if over:
        state[PHASE] = OVER
        state[END] = OVER_1000
    elif state[CONTRACT_NO] == N_DEALS - 1:
        state[PHASE] = OVER
        state[END] = ALL_28  # R3.8
    else:
        state[PHASE] = BETWEEN


@njit(cache=True)
def next_contract(state):
    """Deal the next contract after BETWEEN (R3.2: the next seat chooses)."""
    state[CONTRACT_NO] += 1
    start_contract(state)


# -- R8 results ------------------------------------------------------------------------
@njit(cache=True)
def ranks_and_shares(state, ranks, shares):
    """R8.2, R3.9: rank 1 = lowest total, ties share the best rank; the win split evenly."""
    best = state[TOTALS]
    for p in range(1, N_SEATS):
        best = min(best, state[TOTALS + p])
    winners = 0
    for p in range(N_SEATS):
        r = 1
        for q in range(N_SEATS):
            if state[TOTALS + q] < state[TOTALS + p]:
                r += 1
        ranks[p] = r
        if state[TOTALS + p] == best:
            winners += 1
    for p in range(N_SEATS):
        shares[p] = 1.0 / winners if state[TOTALS + p] == best else 0.0


@njit(cache=True)
def new_state():
    return np.zeros(STATE_SIZE, np.int64)
