"""``greedy``: a rule-based Terts player, one clear idea per decision, no search.

It sees only the public slots, its seat and its hand (R10); called with the whole state
(as a search does) it still reads only the public slots. *Out* means the cards nobody
has played that it does not hold (it counts them): the other hand and the stock. The
other seat *may hold* the out cards but the one face up beside the stock; the cards it
is known to hold (``KNOWN``: a declared meld's, the exchanged-in turned card, R10.2) it
holds for sure, the others are a random part of the rest. From trick 8 on the stock is
gone and the out cards are exactly the other hand. A card's *points* are R4.3's, its
*power* its rank in its suit (R4.1, R4.2). The *meld cards* are those of the melds it
could still declare (R7.3), kept while a later lead of tricks 1-7 can declare them. It
never uses its random stream (ties go to a fixed choice), so it is deterministic.

The numbers quoted are duplicate tournaments of a variant against this bot (20,000
games, 10,000 deal sets each, ``--seed 1``): how many points of win share the variant
lost.

The exchange (R6): the turned card is always a stronger trump than the 7 and worth as
much or more, so it exchanges at its first turn to act, before declaring (a run the
turned card completes can then be declared), unless the 7 sits in a meld it could still
declare that is worth more than the turned card's points and ``SWAP_MARGIN``: then it
declares first and exchanges after (R6.2), or at trick 7 when nothing is left to
declare. Never exchanging lost 18.1 ± 0.9; exchanging at once even out of a meld
0.4 ± 0.2.

Declaring (R7.4b, R7.5): a meld the other seat beats scores nothing and is used up (R7.3b,
R7.7). The chance it is beaten is the chance the other seat holds a stronger meld it
may still declare: all four cards of a stronger four, or the shortest stronger run to
each top card (a longer run holds it), each card known to be there for sure and the
others drawn from the cards it may hold, taken as independent. It declares, at every
lead of tricks 1-7, the meld with the most points times the chance it stands (the
marriage always stands, R7.6), and waits only when even that one is beaten with a
chance over ``RISK`` (0.9), except at trick 7, the last lead that declares. A lead is
rarely given back in time: waiting whenever the chance was over 0.3 lost 4.2 ± 0.7 (over
0: 9.0); ranking by points alone 0.4 ± 0.2.

Answering (R7.4c, R7.7): it always beats the leader's meld when it can (the answer scores
for it and the leader's meld scores nothing), with the beating meld worth most points,
of equal points the weakest, keeping the stronger ones for its own leads (after the
exchange, when the rule above makes it: the turned card may complete a beating run).

Free play, tricks 1-7 (R5.4):

- Following, it banks: it wins with the card of the suit led worth most points that
  beats the card led and is no meld card (an ace or ten won now cannot be trumped or
  caught later; banking only aces and tens lost 11.2 ± 1.3, never banking 30.7 ± 1.4).
  A card led worth ``WIN_AT`` (3) points or more, a queen up, it takes with its lowest
  trump, never the trump jack (spent only on the trump nine) and no meld card; it does
  not waste trumps on lower cards (trumping only aces and tens lost 0.5 ± 0.4, never
  trumping 0.7 ± 0.4). Otherwise it throws its cheapest card.
- Throwing: no meld card and no trump if it can help it, the fewest points, not a low
  card guarding its ten (the ten without its ace, in a suit of three cards or fewer),
  from its shortest suit, the weakest.
- Leading: a low card that loses nothing: the fewest points, no meld card, no trump,
  from its shortest suit (toward a void for tricks 8-16), the weakest. Not minding
  suit lengths lost 4.1 ± 1.1, the longest suit first 9.1 ± 1.2; steering clear of the
  suits where the other seat may bank an ace or ten on it lost 6.1 ± 1.2 (measured on an
  earlier version).

Tricks 8-16 (R5.5, R5.6), every card known (the other hand is the cards out):

- The trump jack's privilege: it is never played before the last trick (nothing can force
  it, R5.6), so the bot wins the last trick and its 10 (R4.4). Cashing it as a sure
  winner like any other lost 14.4 ± 1.4.
- Leading: a sure winner (no card the other hand may play to it beats it), the one
  taking most points (its own and the fewest the other can give); with none, the card
  that loses least (its points and the most the other can win it with).
- Following: it wins when it can, with its weakest winner (of the suit led before a
  trump); otherwise it plays its cheapest card.

The helpers that loop are compiled as functions, not inlined, to keep compile time short.
"""

import numpy as np

from sim.core.bits import lowest_bit, popcount
from sim.core.bots import numba_bot
from sim.core.jit import njit
from sim.games.terts import state as S
from sim.games.terts import vocab as V
from sim.games.terts.rules import (
    beats,
    card_points,
    meld_cards,
    meld_kind,
    meld_strength,
    melds,
    must_play,
    suit_cards,
)

ONE = np.int64(1)
RANK_0 = np.int64(0x01010101)  # the four 7s; rank r is RANK_0 << r
MELD_ACTIONS = np.int64(((1 << V.PASS) - 1) & ~((1 << V.FOUR_Q) - 1))  # 33-61
KIND_POINTS = np.array(V.KIND_POINTS, np.int64)
KIND_CLASS = np.array(V.KIND_CLASS, np.int64)
TRUMP_POWER = np.array(V.TRUMP_POWER, np.int64)
PLAIN_POWER = np.array(V.PLAIN_POWER, np.int64)
FOUR_RANKS = np.array((V.RQ, V.RK, V.RA, V.RJ), np.int64)  # of FOUR_Q .. FOUR_J
# the tuned numbers (indices into TUNE)
RISK, WIN_AT, SWAP_MARGIN, BANK_MIN = range(4)
TUNE = np.array([0.9, 3.0, 5.0, 1.0])


# -- cards --------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def power(card, trump):
    """The card's rank in its suit (R4.1 for trumps, R4.2 otherwise), 0 weakest."""
    return TRUMP_POWER[card & 7] if card >> 3 == trump else PLAIN_POWER[card & 7]


@njit(cache=True)
def lowest_power(cards, trump):
    """The weakest card of ``cards``, plain cards before trumps (ties: the lower card)."""
    best = lowest_bit(cards)
    best_key = 99
    m = cards
    while m:
        c = lowest_bit(m)
        m &= m - 1
        key = power(c, trump) + (8 if c >> 3 == trump else 0)
        if key < best_key:
            best_key = key
            best = c
    return best


@njit(cache=True)
def most_points(cards, trump):
    """The card of ``cards`` worth most points (ties: the weaker, then the lower card)."""
    best = lowest_bit(cards)
    best_key = -99
    m = cards
    while m:
        c = lowest_bit(m)
        m &= m - 1
        key = card_points(c, trump) * 16 - power(c, trump)
        if key > best_key:
            best_key = key
            best = c
    return best


@njit(cache=True)
def throw(cards, mine, keep, trump):
    """The cheapest card of ``cards`` to give away: no ``keep`` card (meld cards) or trump
    if it can help it, the fewest points, not a low card guarding its ten (the ten without
    its ace), from the shortest suit, the weakest."""
    best = lowest_bit(cards)
    best_key = 1 << 40
    m = cards
    while m:
        c = lowest_bit(m)
        m &= m - 1
        s = c >> 3
        suit = mine & suit_cards(s)
        key = card_points(c, trump) << 8
        if keep >> c & 1:
            key += 1 << 20
        if s == trump:
            key += (1 << 16) + (power(c, trump) << 12)
        else:
            ten = ONE << (s * 8 + V.RT)
            ace = ONE << (s * 8 + V.RA)
            if suit & ten and not suit & ace and c & 7 != V.RT and popcount(suit) <= 3:
                key += 1 << 7  # the ten's last guards
            key += popcount(suit) << 3
        key += power(c, trump)
        if key < best_key:
            best_key = key
            best = c
    return best


# -- melds -----------------------------------------------------------------------------------
@njit(cache=True)
def meld_value(public, seat, hand):
    """The points of every meld ``seat`` could still declare from ``hand`` (R7.1, R7.3)."""
    total = 0
    m = melds(public, seat, hand, -1, True)
    while m:
        a = lowest_bit(m)
        m &= m - 1
        total += KIND_POINTS[meld_kind(a, hand)]
    return total


@njit(cache=True)
def meld_guard(public, seat, hand):
    """The cards of the melds ``seat`` could still declare from ``hand``."""
    cards = np.int64(0)
    m = melds(public, seat, hand, -1, True)
    while m:
        a = lowest_bit(m)
        m &= m - 1
        cards |= meld_cards(a, hand, public[S.TRUMP])
    return cards


@njit(cache=True)
def hold_chance(cards, known, pool, h):
    """The chance the other seat holds all of ``cards``: those of ``known`` for sure, the
    others among its ``h`` unknown cards, a random part of ``pool``; 0 if one is elsewhere."""
    if cards & ~(known | pool):
        return 0.0
    k = popcount(cards & ~known)
    u = popcount(pool)
    p = 1.0
    for i in range(k):
        if h - i <= 0 or u - i <= 0:
            return 0.0
        p *= (h - i) / (u - i)
    return p


@njit(cache=True)
def beat_risk(public, opp, strength, known, pool, h):
    """The chance that ``opp`` holds a meld it may still declare stronger than ``strength``
    (R7.5): a four of a kind, or the shortest stronger run ending at each top card (a longer
    run holds it), taken as independent."""
    trump = public[S.TRUMP]
    done = public[S.MELDS_DONE + opp]
    stand = 1.0
    for i in range(4):
        a = V.FOUR_Q + i
        if not done >> a & 1 and 100 * KIND_CLASS[V.KIND_FOUR_Q + i] > strength:
            stand *= 1.0 - hold_chance(RANK_0 << FOUR_RANKS[i], known, pool, h)
    for suit in range(4):
        covered = public[S.SEQ_DONE + opp * 4 + suit]
        for top in range(2, 8):
            for n in range(3, top + 2):
                lo = top - n + 1
                s = 100 * KIND_CLASS[n - 2] + 2 * top + (1 if suit == trump else 0)
                if s > strength and not covered >> (lo * 8 + top) & 1:
                    run = ((ONE << (top + 1)) - (ONE << lo)) << (8 * suit)
                    stand *= 1.0 - hold_chance(run, known, pool, h)
                    break
    return 1.0 - stand


@njit(cache=True)
def declaration(public, seat, mine, legal, known, pool, h, w):
    """R7.4b: the meld to declare (the best points x chance it stands, its risk under
    RISK; at trick 7 whatever the risk), or -1 to lead without declaring."""
    trump = public[S.TRUMP]
    last = public[S.TRICK_NO] == V.DRAW_TRICKS - 1
    best = -1
    best_key = -1.0
    m = legal & MELD_ACTIONS
    while m:
        a = lowest_bit(m)
        m &= m - 1
        strength = meld_strength(a, mine, trump)
        risk = 0.0
        if a != V.MARRIAGE:
            risk = beat_risk(public, 1 - seat, strength, known, pool, h)
        if risk > w[RISK] and not last:
            continue
        key = (1.0 - risk) * KIND_POINTS[meld_kind(a, mine)] + strength * 1e-4
        if key > best_key:
            best_key = key
            best = a
    return best


@njit(cache=True)
def answer(mine, legal, trump):
    """R7.4c: the beating meld worth most points, of equal points the weakest; else PASS."""
    best = V.PASS
    best_key = -(1 << 30)
    m = legal & MELD_ACTIONS
    while m:
        a = lowest_bit(m)
        m &= m - 1
        key = KIND_POINTS[meld_kind(a, mine)] * 4096 - meld_strength(a, mine, trump)
        if key > best_key:
            best_key = key
            best = a
    return best


@njit(cache=True, inline="always")
def should_swap(public, seat, mine, may_declare, w):
    """R6: the turned card for the 7 unless the 7's melds are worth more than its points."""
    if not may_declare:
        return True
    trump = public[S.TRUMP]
    took = public[S.BOTTOM]
    after = (mine & ~(ONE << (trump * 8))) | (ONE << took)
    gain = card_points(took, trump) + w[SWAP_MARGIN]
    return meld_value(public, seat, after) + gain >= meld_value(public, seat, mine)


# -- free play, tricks 1-7 -----------------------------------------------------------------------
@njit(cache=True)
def free_lead(mine, keep, trump):
    """R5.4: a low card that loses nothing: the fewest points, no meld card, no trump, from
    the shortest suit, the weakest."""
    best = lowest_bit(mine)
    best_key = 1 << 40
    m = mine
    while m:
        c = lowest_bit(m)
        m &= m - 1
        s = c >> 3
        key = card_points(c, trump) << 8
        if keep >> c & 1:
            key += 1 << 24
        if s == trump:
            key += (1 << 20) + (power(c, trump) << 16)
        key += (popcount(mine & suit_cards(s)) << 3) + power(c, trump)
        if key < best_key:
            best_key = key
            best = c
    return best


@njit(cache=True)
def free_follow(mine, led, trump, keep, w):
    """R5.4: bank a card of the suit led that wins and has points, trump a card worth
    WIN_AT points or more with the lowest trump, else throw the cheapest card."""
    lp = card_points(led, trump)
    ls = led >> 3
    free = mine & ~keep
    jack = ONE << (trump * 8 + V.RJ)
    wins = np.int64(0)
    m = mine & suit_cards(ls)
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if beats(c, led, trump):
            wins |= ONE << c
    if ls != trump:
        bank = wins & free
        if bank:
            c = most_points(bank, trump)
            if card_points(c, trump) >= w[BANK_MIN]:
                return c
        trumps = mine & suit_cards(trump) & free & ~jack
        if lp >= w[WIN_AT] and trumps:
            return lowest_power(trumps, trump)
    elif lp >= w[WIN_AT]:
        take = wins & free
        if led & 7 != V.R9:
            take &= ~jack  # the jack only takes the nine
        if take:
            return lowest_power(take, trump)
    return throw(mine, mine, keep, trump)


# -- tricks 8-16: every card known -------------------------------------------------------------
@njit(cache=True)
def late_lead(mine, opp, trump):
    """R5.5: a sure winner taking most points; else the card that loses least."""
    jack = ONE << (trump * 8 + V.RJ)
    cards = mine & ~jack if mine & ~jack else mine  # R5.6 the jack waits for the last trick
    sure = -1
    sure_key = -(1 << 30)
    safe = -1
    safe_key = 1 << 30
    m = cards
    while m:
        c = lowest_bit(m)
        m &= m - 1
        beat = -1  # the most points the other hand can win it with, -1: it cannot
        cheap = 99  # the fewest points the other hand can give
        r = must_play(opp, c >> 3, trump)
        while r:
            d = lowest_bit(r)
            r &= r - 1
            p = card_points(d, trump)
            cheap = min(cheap, p)
            if beats(d, c, trump):
                beat = max(beat, p)
        own = card_points(c, trump)
        tr = 1 if c >> 3 == trump else 0
        if beat < 0:
            key = (own + cheap) * 64 + tr * 16 - power(c, trump)
            if key > sure_key:
                sure_key = key
                sure = c
        else:
            key = (own + beat) * 64 + tr * 16 + power(c, trump)
            if key < safe_key:
                safe_key = key
                safe = c
    return sure if sure >= 0 else safe


@njit(cache=True)
def late_follow(mine, legal, led, trump, last):
    """R5.5: win if it can, with its weakest winner (of the suit led before a trump), the
    jack kept for the last trick; else the cheapest card."""
    jack = ONE << (trump * 8 + V.RJ)
    cards = legal & ~jack if legal & ~jack and not last else legal
    wins = np.int64(0)
    m = cards
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if beats(c, led, trump):
            wins |= ONE << c
    if wins:
        return lowest_power(wins, trump)
    return throw(cards, mine, np.int64(0), trump)


# -- the bot ------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def decide(public, seat, hand, legal, w):
    """The decision with tunable numbers ``w`` (TUNE's layout)."""
    if popcount(legal) == 1:
        return lowest_bit(legal)
    mine = hand & np.int64(V.DECK)
    phase = public[S.PHASE]
    trump = public[S.TRUMP]
    trick = public[S.TRICK_NO]
    out = np.int64(V.DECK) & ~mine & ~public[S.PLAYED]
    if trick >= V.DRAW_TRICKS:  # the stock is gone: the out cards are the other hand
        if phase == V.FOLLOW:
            return late_follow(mine, legal, public[S.LED_CARD], trump, trick == V.N_TRICKS - 1)
        return late_lead(mine, out, trump)
    may_declare = phase <= V.ANSWER or trick < V.DRAW_TRICKS - 1  # now or at a later lead
    if legal >> V.SWAP & 1 and should_swap(public, seat, mine, may_declare, w):
        return V.SWAP
    if phase == V.ANSWER:
        return answer(mine, legal, trump)
    if phase == V.LEAD:
        opp = 1 - seat
        known = public[S.KNOWN + opp]
        pool = out & ~known
        if public[S.BOTTOM] >= 0:
            pool &= ~(ONE << public[S.BOTTOM])
        held = V.HAND_SIZE + min(trick, V.DRAW_TRICKS) - popcount(public[S.PLAYED_BY + opp])
        a = declaration(public, seat, mine, legal, known, pool, held - popcount(known), w)
        if a >= 0:
            return a
    keep = np.int64(0)
    if trick < V.DRAW_TRICKS - 1:  # a later lead of tricks 1-7 may declare them
        keep = meld_guard(public, seat, mine)
    if phase == V.FOLLOW:
        return free_follow(mine, public[S.LED_CARD], trump, keep, w)
    return free_lead(mine, keep, trump)


@numba_bot("greedy", game="terts")
def greedy_bot(public, seat, hand, legal, rng, params):
    """Rule-based: exchanges early, declares melds that stand, banks points, keeps the jack."""
    return decide(public, seat, hand, legal, TUNE)
