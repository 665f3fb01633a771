"""``greedy``: a rule-based five-handed Euchre player, one simple idea per decision, no search.

It sees only the public slots, its seat and its private word (R10): its cards in bits
0-31 of ``hand`` and, for the dealer after the exchange, his discard in bits 32-63.
*Out* means the cards nobody has played that the bot does not hold, less the cards it
knows are buried (its own discard as dealer; the up card turned down in round 2). A
card's *power* is its strength in its own suit (rules.strength: right bower 16, left
15, other trumps 8 + rank, a plain card its rank); a *boss* is a card no card out of
its suit beats; a *side* card is one that is not a trump. It never uses its random
stream (ties go to a fixed card), so it is deterministic.

Sides (R6.3, R6.5, R10.4). The maker is an attacker; the holder of the called card
knows he is the partner, and that all the others are defenders; everybody learns the
partner when the called card is played. Until then a seat that has shown out of the
called card's suit cannot hold it; when no seat can, the card is buried and the maker
is alone (R6.4; the dealer also knows it when he discarded it); when only one seat can,
the bot takes it for the partner. Any other seat is unknown: a defender counts a trick
held by an unknown seat as a friend's (two in three of them are defenders), the maker
counts it as a foe's, and both fear an unknown seat still to play.

Bidding (R4). ``trump_score`` values a hand for a trump suit: each trump by its rank
(right bower 2.8, left 2.3, A 1.7, K 1.4, Q 1.2, T 1.1, 9 and 8 1.0), 0.7 per side
ace, 0.4 per void in a side suit when it holds a trump.

- Round 1 (R4.1, R4.2): the dealer scores his best five of six (the up card in, his
  discard out); anybody else scores his hand less half the up card's value, which goes
  to the dealer, usually a defender. Order at 5.2 or more.
- Round 2 (R4.3, R4.4): the best of the three suits; name it at 5.2 or more; the
  dealer, who may not pass, names his best suit whatever its score.

Discard (R4.2): never a trump while it holds a side card (so never a bower): a
singleton side card that is not an ace, to make a void, the lowest first; else the
lowest side card (ties: the shorter suit); with six trumps the lowest trump.

Call (R6.1, R6.2): alone with five trumps, both bowers and two more trumps, or a score
of 7 or more (five tricks alone score 5, R8.3). Otherwise the callable card (``legal``
less ``ALONE``) of the highest rank, counting its own higher cards of the suit as
promotions (the king under its own ace is as good as an ace); among equals, the suit
in which it holds exactly one card (a low card to lead to the partner's), then a void
(to trump the suit), then the shorter suit; then the true ace before a promoted king.

Play (R7):

- Leading, as an attacker, while trumps are out: its highest trump when that is the
  boss, else its lowest trump when it holds two or more (drawing the defenders'
  trumps). Then: as the hidden partner, the called card when it is the boss (it takes
  the trick and shows him); any boss, the highest first; the maker leads a low card of
  the called suit towards the partner's card; else the lowest side card, singletons
  first.
- Leading, as a defender: a side boss in a suit the known attackers have not shown out
  of; else the lowest side card of a suit the known attackers still hold, avoiding the
  called suit (the maker is short in it); never a trump while it has a side card.
- Following suit: when a friend holds the trick and no later foe can beat it, the
  lowest card; otherwise the cheapest winner that no later foe can beat (later foes:
  the seats still to play, by the cards out they may hold; trumps count only for a
  seat with none of the suit led left); if no winner is safe, the highest winner over
  a foe; else the lowest card.
- Void in the suit led: trump in over a foe (or over a friend's card a foe may still
  beat) with the cheapest safe trump, else over a foe the cheapest winning trump;
  otherwise throw a side card that is not a boss, singletons first (voids) while it
  holds trumps, lowest rank first, never the called card while it is hidden; the
  lowest trump last.

The numbers (TUNE) were tuned by tournaments: head to head against the previous
version, and against ``random`` (where bidding thresholds hardly matter: random
players order half the time).
"""

import numpy as np

from sim.core.bits import lowest_bit, popcount
from sim.core.bots import numba_bot
from sim.core.jit import njit
from sim.games.euchre5 import state as S
from sim.games.euchre5 import vocab as V
from sim.games.euchre5.rules import effective_suit, strength, suit_cards, trump_cards

ONE = np.int64(1)
DECK = np.int64(V.DECK)
# trump_score: a trump's value by strength - 8 (8 9 T, -, Q K A, left, right)
TRUMP_W = np.array([1.0, 1.0, 1.1, 0.0, 1.2, 1.4, 1.7, 2.3, 2.8])
# the tuned numbers (decide's ``w``)
ORDER_AT, NAME_AT, UP_GIFT, ACE_W, VOID_W, ALONE_AT = 0, 1, 2, 3, 4, 5  # indices into TUNE
TUNE = np.array([5.2, 5.2, 0.5, 0.7, 0.4, 7.0])


# -- cards --------------------------------------------------------------------------------------
# numba's inline="always" copies a function into every caller at the IR level, and its
# callers' callers, so compile time grows with the nesting: the helpers used from many
# places below (bosses, lowest_power, highest_power, trump_score, side_of) are plain calls.
# Cold compile of this bot 64-72 s -> 11 s; greedy self-play 0.96x as fast (23.7k against
# 24.0k games/s, alternated 3 times, 2026-12-02).
@njit(cache=True, inline="always")
def power(card, trump):
    """The card's strength in its own (effective) suit: trumps 8-16, plain cards 0-6."""
    return strength(card, trump, effective_suit(card, trump))


@njit(cache=True, inline="always")
def beaters(card, trump, pool):
    """The cards of ``pool`` in ``card``'s effective suit that rank above it."""
    s = effective_suit(card, trump)
    p = strength(card, trump, s)
    m = pool & suit_cards(s, trump)
    res = np.int64(0)
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if strength(c, trump, s) > p:
            res |= ONE << c
    return res


@njit(cache=True)
def bosses(cards, trump, out):
    """The cards of ``cards`` that no card out of their suit beats."""
    res = np.int64(0)
    m = cards
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if beaters(c, trump, out) == 0:
            res |= ONE << c
    return res


@njit(cache=True)
def lowest_power(cards, trump):
    """The weakest card of ``cards`` (ties: the lower card id)."""
    best = lowest_bit(cards)
    best_p = 99
    m = cards
    while m:
        c = lowest_bit(m)
        m &= m - 1
        p = power(c, trump)
        if p < best_p:
            best_p = p
            best = c
    return best


@njit(cache=True)
def highest_power(cards, trump):
    """The strongest card of ``cards``."""
    best = lowest_bit(cards)
    best_p = -99
    m = cards
    while m:
        c = lowest_bit(m)
        m &= m - 1
        p = power(c, trump)
        if p > best_p:
            best_p = p
            best = c
    return best


@njit(cache=True, inline="always")
def side_low(cards, hand, trump, keep, void_first):
    """The side card to throw: not in ``keep``, singletons first when ``void_first``, then
    the lowest rank (ties: the shorter suit); None (-1) when ``cards`` has no side card."""
    side = cards & ~trump_cards(trump)
    if side & ~keep:
        side &= ~keep
    best = -1
    best_key = 1 << 20
    m = side
    while m:
        c = lowest_bit(m)
        m &= m - 1
        n = popcount(hand & suit_cards(c >> 3, trump))
        key = (c & 7) * 8 + n
        if void_first and n == 1 and (c & 7) != V.RA:
            key -= 1000
        if key < best_key:
            best_key = key
            best = c
    return best


# -- bidding ----------------------------------------------------------------------------------
@njit(cache=True)
def trump_score(h, t, w):
    """The hand's value with ``t`` trump: its trumps by rank, side aces, side voids."""
    tr = h & trump_cards(t)
    sc = 0.0
    m = tr
    while m:
        c = lowest_bit(m)
        m &= m - 1
        sc += TRUMP_W[strength(c, t, t) - 8]
    for s in range(4):
        if s == t:
            continue
        cards = h & suit_cards(s, t)
        if cards == 0:
            if tr:
                sc += w[VOID_W]
        elif (cards >> (8 * s + V.RA)) & 1:
            sc += w[ACE_W]
    return sc


@njit(cache=True, inline="always")
def discard_card(h6, t):
    """R4.2: the dealer's discard from his six cards."""
    c = side_low(h6, h6, t, np.int64(0), True)
    if c >= 0:
        return c
    return lowest_power(h6, t)


@njit(cache=True, inline="always")
def bid_round1(public, seat, mine, w):
    up = public[S.UP_CARD]
    t = up >> 3
    if seat == public[S.DEALER]:
        h6 = mine | (ONE << up)
        sc = trump_score(h6 & ~(ONE << discard_card(h6, t)), t, w)
    else:
        sc = trump_score(mine, t, w) - w[UP_GIFT] * TRUMP_W[strength(up, t, t) - 8]
    return V.ORDER if sc >= w[ORDER_AT] else V.PASS


@njit(cache=True, inline="always")
def bid_round2(public, seat, mine, legal, w):
    best = -1
    best_sc = -1.0
    for t in range(4):
        if (legal >> (V.TRUMP_BASE + t)) & 1:
            sc = trump_score(mine, t, w)
            if sc > best_sc:
                best_sc = sc
                best = t
    if (legal >> V.PASS) & 1 and best_sc < w[NAME_AT]:
        return V.PASS
    return V.TRUMP_BASE + best


@njit(cache=True, inline="always")
def call_card(public, mine, legal, w):
    """R6.1, R6.2: alone with a huge hand, else the best callable card of a short suit."""
    trump = public[S.TRUMP]
    tr = mine & trump_cards(trump)
    n = popcount(tr)
    right = (tr >> (8 * trump + V.RJ)) & 1
    left = (tr >> ((trump ^ 2) * 8 + V.RJ)) & 1
    if n >= 5 or (n >= 4 and right and left) or trump_score(mine, trump, w) >= w[ALONE_AT]:
        return V.ALONE
    cands = legal & ~(ONE << V.ALONE)
    best = lowest_bit(cands)
    best_key = -1000
    m = cands
    while m:
        c = lowest_bit(m)
        m &= m - 1
        suit = suit_cards(c >> 3, trump)
        promoted = popcount(mine & suit & ~((ONE << (c + 1)) - 1))
        n_suit = popcount(mine & suit)
        short = 1 if n_suit == 0 else (0 if n_suit == 1 else n_suit)
        key = 100 * ((c & 7) + promoted) - 10 * short + (c & 7)
        if key > best_key:
            best_key = key
            best = c
    return best


# -- sides --------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def candidates(public, seat, mine, extra):
    """Seats (bits) that may hold the hidden called card: none when it is played, buried
    (known or deduced) or there is no call."""
    called = public[S.CALLED]
    if called < 0 or public[S.REVEALED] >= 0 or (extra >> called) & 1:
        return 0
    if (mine >> called) & 1:
        return 1 << seat
    cand = 0
    for q in range(V.N_SEATS):
        if q != public[S.MAKER] and q != seat and not (public[S.SHOWN_OUT + q] >> called) & 1:
            cand |= 1 << q
    return cand


@njit(cache=True)
def side_of(q, seat, maker, attacker, revealed, cand, unknown_friend):
    """+1 a friend of ``seat``, -1 a foe, 0 unknown."""
    if q == seat:
        return 1
    if q in (maker, revealed):
        return 1 if attacker else -1
    if revealed >= 0 or cand == 0 or (attacker and seat != maker):
        return -1 if attacker else 1
    if (cand >> q) & 1:
        if popcount(cand) == 1:
            return 1 if attacker else -1
        if unknown_friend and not attacker:
            return 1
        return 0
    return -1 if attacker else 1


@njit(cache=True, inline="always")
def foes_can_beat(public, seat, out, trump, level, maker, attacker, revealed, cand):
    """Whether a later seat that is not a friend may hold a card beating ``level`` in this
    trick (trumps only for a seat with none of the suit led left)."""
    led = public[S.LED_SUIT]
    led_cards = suit_cards(led, trump)
    tr = trump_cards(trump)
    for k in range(1, V.N_SEATS - public[S.TRICK_LEN]):
        q = (seat + k) % V.N_SEATS
        if side_of(q, seat, maker, attacker, revealed, cand, False) == 1:
            continue
        poss = out & ~public[S.SHOWN_OUT + q]
        pool = poss & led_cards
        if pool == 0 and led != trump:
            pool = poss & tr
        m = pool
        while m:
            c = lowest_bit(m)
            m &= m - 1
            if strength(c, trump, led) > level:
                return True
    return False


# -- play ---------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def lead(public, seat, mine, out, trump, attacker, maker, cand, w):
    tr = trump_cards(trump)
    my_tr = mine & tr
    side = mine & ~tr
    boss = bosses(mine, trump, out)
    called = public[S.CALLED]
    hidden = called >= 0 and public[S.REVEALED] < 0
    if attacker:
        if my_tr and (out & tr):
            if boss & tr:
                return highest_power(my_tr, trump)
            if popcount(my_tr) >= 2:
                return lowest_power(my_tr, trump)
        if hidden and (boss >> called) & 1:
            return called
        if boss:
            return highest_power(boss, trump)
        if hidden and seat == maker:
            mine_called = side & suit_cards(called >> 3, trump)
            if mine_called:
                return lowest_power(mine_called, trump)
        if side:
            return side_low(side, mine, trump, np.int64(0), True)
        return lowest_power(mine, trump)
    # defender: the known attackers are the maker and a revealed partner
    shown = public[S.SHOWN_OUT + maker]
    if public[S.REVEALED] >= 0:
        shown |= public[S.SHOWN_OUT + public[S.REVEALED]]
    good = side & ~shown
    if boss & good:
        return highest_power(boss & good, trump)
    if hidden:
        avoid = good & ~suit_cards(called >> 3, trump)
        if avoid:
            good = avoid
    if good:
        return side_low(good, mine, trump, np.int64(0), False)
    if side:
        return side_low(side, mine, trump, np.int64(0), False)
    return lowest_power(mine, trump)


@njit(cache=True, inline="always")
def play(public, seat, mine, extra, legal, w):
    trump = public[S.TRUMP]
    maker = public[S.MAKER]
    revealed = public[S.REVEALED]
    called = public[S.CALLED]
    out = DECK & ~public[S.PLAYED] & ~mine & ~extra
    if public[S.ROUND] == 2:
        out &= ~(ONE << public[S.UP_CARD])  # R4.3 turned down: buried
    holds_called = called >= 0 and ((mine >> called) & 1) != 0
    attacker = seat == maker or revealed == seat or holds_called
    cand = candidates(public, seat, mine, extra)
    if public[S.TRICK_LEN] == 0:
        return lead(public, seat, mine, out, trump, attacker, maker, cand, w)
    led = public[S.LED_SUIT]
    best = public[S.TRICK_BEST]
    winner = public[S.TRICK_WINNER]
    last = public[S.TRICK_LEN] == V.N_SEATS - 1
    friend = side_of(winner, seat, maker, attacker, revealed, cand, True) == 1
    held = friend and (
        last or not foes_can_beat(public, seat, out, trump, best, maker, attacker, revealed, cand)
    )
    wins = np.int64(0)
    safe = np.int64(0)
    m = legal
    while m:
        c = lowest_bit(m)
        m &= m - 1
        s = strength(c, trump, led)
        if s > best:
            wins |= ONE << c
            if last or not foes_can_beat(public, seat, out, trump, s, maker, attacker,
                                         revealed, cand):  # fmt: skip
                safe |= ONE << c
    following = (legal & suit_cards(led, trump)) != 0
    if following:
        if held:
            return lowest_power(legal, trump)
        if safe:
            return lowest_power(safe, trump)
        if wins and not friend:
            return highest_power(wins, trump)
        return lowest_power(legal, trump)
    # void in the suit led: trump in, or throw a side card
    if safe and not held:
        return lowest_power(safe, trump)
    if wins and not friend:
        return lowest_power(wins, trump)
    keep = bosses(mine, trump, out)
    if holds_called and revealed < 0:
        keep |= ONE << called
    c = side_low(mine, mine, trump, keep, (mine & trump_cards(trump)) != 0)
    if c >= 0:
        return c
    return lowest_power(mine, trump)


# -- the bot ------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def decide(public, seat, hand, legal, w):
    """The decision with tunable numbers ``w`` (TUNE's layout)."""
    mine = hand & DECK
    extra = (hand >> 32) & DECK
    phase = public[S.PHASE]
    if popcount(legal) == 1:
        return lowest_bit(legal)
    if phase == V.BID1:
        return bid_round1(public, seat, mine, w)
    if phase == V.BID2:
        return bid_round2(public, seat, mine, legal, w)
    if phase == V.DISCARD:
        return discard_card(legal, public[S.TRUMP])
    if phase == V.CALL:
        return call_card(public, mine, legal, w)
    return play(public, seat, mine, extra, legal, w)


@numba_bot("greedy", game="euchre5")
def greedy_bot(public, seat, hand, legal, rng, params):
    """Rule-based: bids on trump strength, calls a short-suit ace, draws trumps, wins cheaply."""
    return decide(public, seat, hand, legal, TUNE)
