"""The rules of Terts (``../shared/games/terts/RULES.md``, R1–R10), as kernels.

Everything works on the flat state of :mod:`.state`; nothing allocates. The kernels
trust their caller: :mod:`.game` checks every action before :func:`step`.

Decisions of the engine where RULES.md leaves the implementation open:

- D1 Deals. Deal ``k`` of a deal set is shuffled from its own stream
  ``mix(deal_seed, k + 1)``: the pack's cards 1-32 are drawn one by one from the
  cards left, then dealt as R3.3 and R3.4 say. The first dealer is drawn from
  ``mix(deal_seed, 0)`` (R3.1).
- D2 A sequence is named by its top card: the whole run of the declarer's hand that
  ends there (R7.3a), so its length is the run's.
- D3 A meld's strength (R7.5) is ``100 x class + 2 x top rank + (1 if trump)`` for
  sequences, ``100 x class`` for fours; an answer must be strictly stronger.
"""

import numpy as np

from sim.core.bits import lowest_bit, nth_set
from sim.core.jit import njit
from sim.core.rng import advance, draw, draw2, mix
from sim.games.terts.state import (
    BEATEN,
    BOTTOM,
    CARD_POINTS,
    DEAL_NO,
    DEAL_SEED,
    DEALER,
    DEALT,
    DECLARED,
    DRAWN,
    END,
    EVENTS,
    FIRST_DEALER,
    HANDS,
    HELD,
    KNOWN,
    LAST_CARDS,
    LAST_WINNER,
    LEADER,
    LED_CARD,
    MELD,
    MELD_POINTS,
    MELD_STRENGTH,
    MELDS_DONE,
    N_MELDS,
    PHASE,
    PLAYED,
    PLAYED_BY,
    POINTS,
    SCORED,
    SEQ_DONE,
    SHOWN_OUT,
    STATE_SIZE,
    STOCK,
    SWAP_TRICK,
    SWAPPER,
    TOTALS,
    TRICK_NO,
    TRICKS_WON,
    TRUMP,
    TURN,
    TURNED,
)
from sim.games.terts.vocab import (
    ANSWER,
    BETWEEN,
    BOTH_TARGET,
    DRAW_TRICKS,
    FOLLOW,
    FOUR_A,
    FOUR_J,
    FOUR_K,
    FOUR_Q,
    KIND_FOUR_A,
    KIND_FOUR_J,
    KIND_FOUR_K,
    KIND_FOUR_Q,
    KIND_MARRIAGE,
    LAST_TRICK,
    LEAD,
    LEAD_CARD,
    MARRIAGE,
    N_SEATS,
    N_TRICKS,
    NOT_OVER,
    OVER,
    PASS,
    PLAIN_POINTS,
    PLAIN_POWER,
    RA,
    RJ,
    RK,
    RQ,
    SEQ,
    SWAP,
    TARGET,
    TARGET_END,
    TIE,
    TRUMP_POINTS,
    TRUMP_POWER,
)

ONE = np.int64(1)
SUIT = np.int64(0xFF)
RANK_0 = np.int64(0x01010101)  # the four 7s; rank r is RANK_0 << r
_TRUMP_POWER = np.array(TRUMP_POWER, np.int64)
_PLAIN_POWER = np.array(PLAIN_POWER, np.int64)
_TRUMP_POINTS = np.array(TRUMP_POINTS, np.int64)
_PLAIN_POINTS = np.array(PLAIN_POINTS, np.int64)
# R7.1 points and R7.5 classes of the kinds (vocab.KIND_NAMES): seq3..seq8, four Q K A J
_KIND_POINTS = np.array((0, 20, 50, 100, 100, 100, 100, 100, 100, 100, 200, 20), np.int64)
_KIND_CLASS = np.array((-1, 0, 1, 5, 6, 7, 8, 2, 3, 4, 9, -1), np.int64)


# -- R1, R4 cards: suits, ranks, points -----------------------------------------------------------
@njit(cache=True, inline="always")
def suit_cards(suit):
    return SUIT << (8 * suit)


@njit(cache=True, inline="always")
def card_points(card, trump):
    """R4.3: the points a card is worth in a trick won."""
    rank = card & 7
    return _TRUMP_POINTS[rank] if card >> 3 == trump else _PLAIN_POINTS[rank]


@njit(cache=True, inline="always")
def beats(card, best, trump):
    """R5.2: whether ``card``, played second, beats ``best``, the card led."""
    suit = card >> 3
    if suit == best >> 3:
        if suit == trump:
            return _TRUMP_POWER[card & 7] > _TRUMP_POWER[best & 7]  # R4.1
        return _PLAIN_POWER[card & 7] > _PLAIN_POWER[best & 7]  # R4.2
    return suit == trump  # a trump on a plain lead wins; another plain suit never does


# -- R7 melds -------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def four_rank(action):
    if action == FOUR_Q:
        return RQ
    if action == FOUR_K:
        return RK
    if action == FOUR_A:
        return RA
    return RJ


@njit(cache=True, inline="always")
def four_kind(action):
    if action == FOUR_Q:
        return KIND_FOUR_Q
    if action == FOUR_K:
        return KIND_FOUR_K
    if action == FOUR_A:
        return KIND_FOUR_A
    return KIND_FOUR_J


@njit(cache=True, inline="always")
def run_low(hand, suit, top):
    """The lowest rank of the run of ``hand`` in ``suit`` that ends at ``top`` (R7.3a)."""
    h = hand >> (8 * suit) & SUIT
    lo = top
    while lo > 0 and h >> (lo - 1) & 1:
        lo -= 1
    return lo


@njit(cache=True, inline="always")
def run_tops(h):
    """The top ranks of the runs of three or more cards in the 8-bit suit ``h`` (R7.3a): a
    card held with the two below it held and the one above it not."""
    return h & ~(h >> 1) & (h << 1) & (h << 2) & SUIT


@njit(cache=True, inline="always")
def meld_kind(action, hand):
    """The kind (vocab.KIND_NAMES) of a meld action declared from ``hand``."""
    if action == MARRIAGE:
        return KIND_MARRIAGE
    if action < SEQ:
        return four_kind(action)
    k = action - SEQ
    suit = k // 6
    top = k % 6 + 2
    return top - run_low(hand, suit, top) - 1  # a run of n cards is kind n - 2


@njit(cache=True, inline="always")
def meld_cards(action, hand, trump):
    """R7.2: the cards of a meld (its cards are public once declared, R10.2)."""
    if action == MARRIAGE:
        return (ONE << (trump * 8 + RK)) | (ONE << (trump * 8 + RQ))
    if action < SEQ:
        return RANK_0 << four_rank(action)
    k = action - SEQ
    suit = k // 6
    top = k % 6 + 2
    lo = run_low(hand, suit, top)
    return (((ONE << (top + 1)) - 1) & ~((ONE << lo) - 1)) << (8 * suit)


@njit(cache=True, inline="always")
def meld_strength(action, hand, trump):
    """R7.5 (D3): higher is stronger; equal plain sequences are equal."""
    kind = meld_kind(action, hand)
    if action < SEQ:
        return 100 * _KIND_CLASS[kind]
    k = action - SEQ
    suit = k // 6
    return 100 * _KIND_CLASS[kind] + 2 * (k % 6 + 2) + (1 if suit == trump else 0)


@njit(cache=True)
def melds(state, seat, hand, stronger_than, marriage):
    """R7.2, R7.3: the melds ``seat`` may declare from ``hand`` now, stronger than
    ``stronger_than`` (R7.5; -1: any), the marriage if ``marriage`` (R7.6)."""
    trump = state[TRUMP]
    done = state[MELDS_DONE + seat]
    mask = np.int64(0)
    for action in range(FOUR_Q, FOUR_J + 1):  # R7.1 four of a kind (not 10s, 9s, 8s, 7s)
        ranks = RANK_0 << four_rank(action)
        held = hand & ranks == ranks and not done >> action & 1
        if held and meld_strength(action, hand, trump) > stronger_than:
            mask |= ONE << action
    if marriage and not done >> MARRIAGE & 1:  # R7.1 K and Q of trumps
        pair = (ONE << (trump * 8 + RK)) | (ONE << (trump * 8 + RQ))
        if hand & pair == pair:
            mask |= ONE << MARRIAGE
    for suit in range(4):  # R7.3a whole runs of three or more
        tops = run_tops(hand >> (8 * suit) & SUIT)
        covered = state[SEQ_DONE + seat * 4 + suit]
        while tops:
            top = lowest_bit(tops)
            tops &= tops - 1
            lo = run_low(hand, suit, top)
            if not covered >> (lo * 8 + top) & 1:  # R7.3b not within one declared before
                action = SEQ + suit * 6 + top - 2
                if stronger_than < 0 or meld_strength(action, hand, trump) > stronger_than:
                    mask |= ONE << action
    return mask


@njit(cache=True)
def kinds_held(hand, trump):
    """The meld kinds ``hand`` makes (a mask over vocab.KIND_NAMES; the tables' ``held``)."""
    kinds = np.int64(0)
    for suit in range(4):
        tops = run_tops(hand >> (8 * suit) & SUIT)
        while tops:
            top = lowest_bit(tops)
            tops &= tops - 1
            kinds |= ONE << (top - run_low(hand, suit, top) - 1)  # a run of n is kind n - 2
    for action in range(FOUR_Q, FOUR_J + 1):
        ranks = RANK_0 << four_rank(action)
        if hand & ranks == ranks:
            kinds |= ONE << four_kind(action)
    pair = (ONE << (trump * 8 + RK)) | (ONE << (trump * 8 + RQ))
    if hand & pair == pair:
        kinds |= ONE << KIND_MARRIAGE
    return kinds


# -- R3 dealing -----------------------------------------------------------------------------------
@njit(cache=True)
def first_dealer_of(deal_seed):
    return draw(advance(mix(deal_seed, 0)), N_SEATS)


@njit(cache=True)
def deal(state, x):
    """R3.3, R3.4 (D1): cards 1-32 of a fresh shuffle, dealt in threes from the non-dealer;
    card 19 turned, 20-32 the stock."""
    free = np.int64((1 << 32) - 1)
    dealer = state[DEALER]
    h0 = np.int64(0)
    h1 = np.int64(0)
    left = 32
    for pos in range(0, 32, 2):
        x = advance(x)
        ka, kb = draw2(x, left, left - 1)
        a = nth_set(free, ka)
        free ^= a
        b = nth_set(free, kb)
        free ^= b
        left -= 2
        for i in range(2):
            card = a if i == 0 else b
            p = pos + i  # 0-based position in the pack
            if p < 18:
                to = (dealer + 1) % N_SEATS if (p // 3) % 2 == 0 else dealer
                if to == 0:
                    h0 |= card
                else:
                    h1 |= card
            elif p == 18:
                state[TURNED] = lowest_bit(card)
            else:
                state[STOCK + p - 19] = lowest_bit(card)
    state[HANDS] = state[DEALT] = h0
    state[HANDS + 1] = state[DEALT + 1] = h1


# -- R9 the game, R3 the deals ------------------------------------------------------------------
@njit(cache=True)
def new_game(state, deal_seed):
    """A fresh game for a deal set: totals 0, the first dealer drawn, deal 0 dealt."""
    state[:] = 0
    state[DEAL_SEED] = np.int64(np.uint64(deal_seed))
    state[FIRST_DEALER] = first_dealer_of(np.uint64(deal_seed))
    state[DEALER] = state[FIRST_DEALER]
    start_deal(state)


@njit(cache=True)
def start_deal(state):
    """Deal DEAL_NO; the non-dealer leads the first trick (R5.1)."""
    deal(state, mix(np.uint64(state[DEAL_SEED]), state[DEAL_NO] + 1))
    begin_play(state)


@njit(cache=True)
def begin_play(state):
    """The deal's public slots once its cards lie: trump, the turned card, the first lead."""
    leader = (state[DEALER] + 1) % N_SEATS
    state[TRUMP] = state[TURNED] >> 3  # R3.4
    state[BOTTOM] = state[TURNED]
    state[SWAPPER] = -1
    state[SWAP_TRICK] = -1
    state[PHASE] = LEAD
    state[LEADER] = leader
    state[TURN] = leader
    state[TRICK_NO] = 0
    state[LED_CARD] = -1
    state[MELD] = -1
    state[MELD_STRENGTH] = -1
    state[DRAWN] = 0
    state[PLAYED] = 0
    state[LAST_WINNER] = -1
    state[EVENTS] = 0
    for p in range(N_SEATS):
        state[PLAYED_BY + p] = 0
        state[KNOWN + p] = 0
        state[SHOWN_OUT + p] = 0
        state[MELDS_DONE + p] = 0
        state[CARD_POINTS + p] = 0
        state[MELD_POINTS + p] = 0
        state[TRICKS_WON + p] = 0
        state[LAST_CARDS + p] = -1
        state[HELD + p] = kinds_held(state[HANDS + p], state[TRUMP])
        state[DECLARED + p] = 0
        state[SCORED + p] = 0
        state[BEATEN + p] = 0
        state[N_MELDS + p] = 0
        state[POINTS + p] = 0
    for i in range(8):
        state[SEQ_DONE + i] = 0


@njit(cache=True)
def next_deal(state):
    """R3.2: the winner of the last trick deals the next deal."""
    state[DEAL_NO] += 1
    state[DEALER] = state[LAST_WINNER]
    start_deal(state)


# -- legal actions --------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def can_swap(state, seat, hand):
    """R6.1, R6.2: the holder of the 7 of trumps, tricks 1-7, once a deal."""
    return (state[TRICK_NO] < DRAW_TRICKS and state[SWAPPER] < 0
            and hand >> (state[TRUMP] * 8) & 1)  # fmt: skip


@njit(cache=True, inline="always")
def must_play(hand, led, trump):
    """R5.5, R5.6 (tricks 8-16): the led suit; lacking it a trump; the trump jack excused."""
    if led != trump:
        follow = hand & suit_cards(led)
        if follow:
            return follow
    trumps = hand & suit_cards(trump)
    if trumps == 0 or trumps == ONE << (trump * 8 + RJ):  # R5.6 the jack need not be played
        return hand
    return trumps


@njit(cache=True, inline="always")
def legal_actions(state):
    """The legal actions of the seat to act, as a mask over vocab's action ids."""
    phase = state[PHASE]
    seat = state[TURN]
    hand = state[HANDS + seat]
    early = state[TRICK_NO] < DRAW_TRICKS
    if phase == FOLLOW:
        if not early:
            return must_play(hand, state[LED_CARD] >> 3, state[TRUMP])
        return hand | (ONE << SWAP if can_swap(state, seat, hand) else 0)  # R5.4 free play
    if phase > FOLLOW:
        return np.int64(0)
    if not early:
        return hand  # R5.7, R7.4a no declarations from trick 8 on
    swap = ONE << SWAP if can_swap(state, seat, hand) else 0
    if phase == LEAD:  # R7.4b declare one meld, or lead at once
        return hand | swap | melds(state, seat, hand, -1, True)
    if phase == ANSWER:  # R7.4c pass, or a stronger meld (never the marriage, R7.6)
        return (ONE << PASS) | swap | melds(state, seat, hand, state[MELD_STRENGTH], False)
    return hand | swap  # LEAD_CARD: R7.4d the leader plays


# -- applying an action ---------------------------------------------------------------------------
@njit(cache=True, inline="always")
def step(state, action):
    """Apply a legal action of the seat to act; True when a deal ended (then BETWEEN or OVER)."""
    state[EVENTS] += 1
    if action < SWAP:
        return play_card(state, action)
    if action == SWAP:
        swap(state)
    elif action == PASS:
        answer_pass(state)
    else:
        declare(state, action)
    return False


@njit(cache=True)
def swap(state):
    """R6.1: the 7 of trumps for the card beside the stock; the same seat acts again."""
    seat = state[TURN]
    seven = ONE << (state[TRUMP] * 8)
    took = state[BOTTOM]
    state[HANDS + seat] = (state[HANDS + seat] & ~seven) | (ONE << took)
    state[KNOWN + seat] = (state[KNOWN + seat] & ~seven) | (ONE << took)  # R10.2
    state[BOTTOM] = state[TRUMP] * 8
    state[SWAPPER] = seat
    state[SWAP_TRICK] = state[TRICK_NO] + 1
    state[HELD + seat] |= kinds_held(state[HANDS + seat], state[TRUMP])


@njit(cache=True)
def record_meld(state, seat, action, hand):
    """R7.3b: a declared meld may not be declared again, nor a sequence within it."""
    kind = meld_kind(action, hand)
    state[DECLARED + seat] |= ONE << kind
    state[N_MELDS + seat] += 1
    state[KNOWN + seat] |= meld_cards(action, hand, state[TRUMP])
    if action < SEQ:
        state[MELDS_DONE + seat] |= ONE << action
        return kind
    k = action - SEQ
    suit = k // 6
    top = k % 6 + 2
    lo = run_low(hand, suit, top)
    covered = state[SEQ_DONE + seat * 4 + suit]
    for a in range(lo, top + 1):
        for b in range(a, top + 1):
            covered |= ONE << (a * 8 + b)
    state[SEQ_DONE + seat * 4 + suit] = covered
    return kind


@njit(cache=True)
def score_meld(state, seat, kind):
    state[MELD_POINTS + seat] += _KIND_POINTS[kind]
    state[SCORED + seat] |= ONE << kind


@njit(cache=True)
def declare(state, action):
    """R7.4: the leader declares (answered unless it is the marriage), or the follower beats."""
    seat = state[TURN]
    hand = state[HANDS + seat]
    kind = record_meld(state, seat, action, hand)
    if state[PHASE] == LEAD:
        if action == MARRIAGE:  # R7.6 it scores at once and is not answered
            score_meld(state, seat, kind)
            state[PHASE] = LEAD_CARD
            return
        state[MELD] = action
        state[MELD_STRENGTH] = meld_strength(action, hand, state[TRUMP])
        state[PHASE] = ANSWER
        state[TURN] = 1 - seat
        return
    score_meld(state, seat, kind)  # R7.7 the follower beat it: he scores, the leader nothing
    leader = 1 - seat
    state[BEATEN + leader] |= ONE << meld_kind(state[MELD], state[HANDS + leader])
    state[PHASE] = LEAD_CARD
    state[TURN] = leader


@njit(cache=True)
def answer_pass(state):
    """R7.7: the follower does not beat; the leader scores his meld."""
    leader = 1 - state[TURN]
    score_meld(state, leader, meld_kind(state[MELD], state[HANDS + leader]))
    state[PHASE] = LEAD_CARD
    state[TURN] = leader


@njit(cache=True, inline="always")
def play_card(state, card):
    """R5: the lead, then the follower's card settles the trick (R5.2), the draws (R5.3)."""
    seat = state[TURN]
    bit = ONE << card
    state[HANDS + seat] &= ~bit
    state[KNOWN + seat] &= ~bit
    state[PLAYED] |= bit
    state[PLAYED_BY + seat] |= bit
    if state[PHASE] != FOLLOW:
        state[LED_CARD] = card
        state[PHASE] = FOLLOW
        state[TURN] = 1 - seat
        return False
    trump = state[TRUMP]
    led = state[LED_CARD]
    leader = 1 - seat
    if state[TRICK_NO] >= DRAW_TRICKS:  # R5.5 what he lacks is public from trick 8 on
        led_suit = led >> 3
        if card >> 3 != led_suit and led_suit != trump:
            state[SHOWN_OUT + seat] |= suit_cards(led_suit)
        if card >> 3 != trump and (led_suit == trump or card >> 3 != led_suit):
            state[SHOWN_OUT + seat] |= suit_cards(trump) & ~(ONE << (trump * 8 + RJ))  # R5.6
    winner = seat if beats(card, led, trump) else leader
    state[CARD_POINTS + winner] += card_points(card, trump) + card_points(led, trump)
    state[TRICKS_WON + winner] += 1
    state[LAST_CARDS + seat] = card
    state[LAST_CARDS + leader] = led
    state[LAST_WINNER] = winner
    state[TRICK_NO] += 1
    state[LED_CARD] = -1
    state[MELD] = -1
    state[MELD_STRENGTH] = -1
    state[LEADER] = winner
    state[TURN] = winner
    state[PHASE] = LEAD
    t = state[TRICK_NO]
    if t <= DRAW_TRICKS:
        draw_cards(state, winner, t)
        return False
    if t < N_TRICKS:
        return False
    end_deal(state)
    return True


@njit(cache=True)
def draw_cards(state, winner, t):
    """R5.3: the winner draws the top card, the other the next; the 7th draw ends the stock
    with the card beside it (R3.4, R6.1)."""
    loser = 1 - winner
    d = state[DRAWN]
    state[HANDS + winner] |= ONE << state[STOCK + d]
    if t < DRAW_TRICKS:
        state[HANDS + loser] |= ONE << state[STOCK + d + 1]
        trump = state[TRUMP]
        state[HELD + winner] |= kinds_held(state[HANDS + winner], trump)
        state[HELD + loser] |= kinds_held(state[HANDS + loser], trump)
    else:
        bottom = ONE << state[BOTTOM]
        state[HANDS + loser] |= bottom
        state[KNOWN + loser] |= bottom  # R10.2 who drew it is public
        state[BOTTOM] = -1
    state[DRAWN] = d + 2


# -- R8 scoring, R9 the end -----------------------------------------------------------------------
@njit(cache=True)
def end_deal(state):
    """R8.1 the deal's points, R8.2 the totals, R9.1 whether the game ends."""
    state[TURN] = -1
    last = state[LAST_WINNER]
    reached = 0
    for p in range(N_SEATS):
        points = state[CARD_POINTS + p] + state[MELD_POINTS + p]
        if p == last:
            points += LAST_TRICK  # R4.4
        state[POINTS + p] = points
        state[TOTALS + p] += points
        if state[TOTALS + p] >= TARGET:
            reached += 1
    if reached == 0:
        state[END] = NOT_OVER
        state[PHASE] = BETWEEN
        return
    if state[TOTALS] == state[TOTALS + 1]:  # R9.3
        state[END] = TIE
    elif reached == 2:
        state[END] = BOTH_TARGET
    else:
        state[END] = TARGET_END
    state[PHASE] = OVER


@njit(cache=True)
def ranks_and_shares(state, ranks, shares):
    """R9.2, R9.3: the higher total ranks 1 and wins; equal totals tie (1/2 each)."""
    t0 = state[TOTALS]
    t1 = state[TOTALS + 1]
    ranks[0] = 1 if t0 >= t1 else 2
    ranks[1] = 1 if t1 >= t0 else 2
    shares[0] = 1.0 if t0 > t1 else (0.5 if t0 == t1 else 0.0)
    shares[1] = 1.0 - shares[0]


@njit(cache=True)
def new_state():
    return np.zeros(STATE_SIZE, np.int64)
