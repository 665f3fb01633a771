"""``greedy``: a rule-based Five Hundred player, one clear idea per decision, no search.

It sees only the public slots, its seat and its private word (R11): its cards in bits
0-44 of ``hand`` and, as the contractor after the exchange, his three discards (6-bit
fields ``card + 1`` from bit 45). *Out* means the cards nobody has played that the bot
does not hold, less its own discards. A card's *strength* is its rank in its own
(effective) suit (rules.power: joker 40, right bower 39, left 38, other trumps 20 +
rank, a plain card its rank); a *boss* is a card no card out of its suit beats; a
*side* card is one that is not a trump (in no trumps every card but the joker). A seat
*may hold* the cards out of the suits it has not shown void in (R7.2, R11.3). The
contractor and his partner are the *contractors*, the others the *defenders* (R4.6).
It never uses its random stream (ties go to a fixed card), so it is deterministic.

Bidding (R4, R5): a hand evaluation in tricks for each strain.

- A trump suit: each trump by its rank (joker 1.0, right bower 0.9, left 0.8, A 0.65,
  K 0.45, Q 0.3, T 0.15, lower 0.1), 0.85 per trump beyond three (long trumps win once
  the others are drawn), 1.05 per side ace, 0.6 for a king under its ace, 0.35 for a
  guarded king, and with three trumps or more 0.65 per side void and 0.25 per singleton
  that is not an ace (ruffs). No trumps: the joker 1.0, 0.9 a card of each suit's top
  sequence from the ace, a guarded king 0.35, 0.6 per card beyond four in a suit headed
  by its ace, less 1.0 for each suit with no stopper (A, guarded K, or Q with two more)
  beyond the one the joker covers.
- The team's tricks: the hand's, plus 3 expected from the kitty and the partner (3.1
  when the partner has passed without bidding: tournaments found his pass no reason to
  expect less). In the strain the partner has bid: his bid less those 3 (his own hand)
  plus this hand's tricks; when the partner has raised the bot's own strain (or it his),
  his bid is the team's, which counts both hands already, and while he holds it the bot
  passes.
- A strain an opponent has bid is out (he holds its trumps).
- It bids the cheapest legal bid of the strain with the largest margin (the team's
  tricks less the tricks the bid needs), never more tricks than the team's count, and
  for nine tricks or more only with a trick to spare (a set there costs 340 to 520);
  it never jumps, a bid goes up only as the auction forces it; otherwise it passes.

The kitty discard (R6.1), one card at a time from 13, then 12, then 11: it keeps the
trumps (the joker and both bowers), the side aces and a king under its ace (in no
trumps also a guarded king), and throws the lowest card of the side suit with the
fewest such cards, so short side suits become voids; with nothing else, its lowest
trump.

Play (R7, R8):

- The contractor draws trumps while the defenders may hold some: his highest trump when
  it is the boss, else his lowest when he holds three or more. (His partner leading
  trumps back lost in tournaments: he keeps them to ruff.)
- Then anybody leads a side boss of a suit no opponent has shown void in (they might
  ruff it, or in no trumps play the joker on it), from its longest suit first.
- A defender then leads the suit his partner bid in the auction (a plain suit, not
  trumps, that no contractor has shown void in), its lowest card.
- In no trumps, a leader with no boss to cash leads the joker, naming the suit it holds
  most cards of (ties: the lower suit, R8.2, R8.3): the joker draws a round of its long
  suit and promotes its cards.
- Otherwise it leads through: the lowest card of a side suit no opponent has shown void
  in (never handing them a ruff or a free discard), of the shortest such suit while it
  holds trumps (to ruff that suit later), else of the longest (to set it up).
- Following: when the partner holds the trick and no later opponent can beat it, the
  lowest card (partners do not overtake each other); otherwise the cheapest winner that
  no later opponent can beat (later opponents: the seats still to play, by the cards
  out they may hold; trumps count only for a seat with none of the suit to follow
  left). Second hand plays low: it wins only with such a safe card, and with the joker
  only over a boss (a card its partner cannot beat). Third hand plays high: with no
  safe winner over an opponent's card, its highest winner, to draw out the fourth
  hand's higher card.
- Void in the suit to follow: it trumps in (in no trumps: plays the joker) with the
  cheapest safe winner over an opponent, or over the partner's card when a later
  opponent may beat it; else with the cheapest winner over an opponent; otherwise it
  discards from short suits: the lowest side card of its shortest suit that is not a
  boss, never the joker, its lowest trump last.
- The joker is never wasted: never played on a trick the partner holds, never when a
  cheaper card wins as safely, by the second hand only over a boss, never discarded.

The numbers (TUNE) were tuned by duplicate tournaments of the bot against its own
variants (20,000 deal sets a step), with the make rate of its contracts in self-play
watched; against ``random`` they hardly matter: random bidders climb to 10 tricks and go
out the back door.

The loop helpers (``bosses``, ``lowest_power``, ``highest_power``, ``foes_can_beat``,
``by_suit_length``, ``trump_tricks``, ``nt_tricks``) are compiled as functions, the rest
inlined: inlining everything made the bot 1.2x faster but took 80 s to compile alone and
four minutes with ``mcts`` (measured in fresh numba caches), against 10 s and 20 s now.
"""

import numpy as np

from sim.core.bits import lowest_bit, popcount
from sim.core.bots import numba_bot
from sim.core.jit import njit
from sim.core.limits import MAX_PARAMS
from sim.games.five_hundred import state as S
from sim.games.five_hundred import vocab as V
from sim.games.five_hundred.rules import (
    effective_suit,
    plain_suit,
    power,
    strain_trump,
    suit_cards,
    trump_cards,
)

ONE = np.int64(1)
DECK = np.int64(V.DECK)
JOKER_BIT = ONE << V.JOKER
DISCARD_SHIFT = 45  # the contractor's discards in the private word (kernels.hand_of)
# a trump's value in tricks by strength - 20: 4 .. A (the jack is a bower), left, right, joker
TRUMP_W = np.array([0.1] * 6 + [0.15, 0.0, 0.3, 0.45, 0.65] + [0.0] * 7 + [0.8, 0.9, 1.0])
# the tuned numbers (indices into TUNE)
SUPPORT, SUPPORT_PASSED, LENGTH_W, ACE_W, KING_A_W, KING_W, VOID_W, SINGLE_W = range(8)
NT_TOP_W, NT_LONG_W, NT_UNSTOPPED, DRAW_AT, HIGH_MARGIN = range(8, 13)
TUNE = np.array([3.0, 3.1, 0.85, 1.05, 0.6, 0.35, 0.65, 0.25, 0.9, 0.6, 1.0, 3.0, 1.0])


# -- cards --------------------------------------------------------------------------------------
def _tables():
    """The rules' card functions as tables, row ``trump + 1`` (row 0: no trumps), and the
    masks of the cards that beat a card or a level: the bot asks them thousands of times
    a decision, and a lookup is cheaper than their branches and loops (the same numbers:
    built from the rules' own functions)."""
    n = V.JOKER + 1
    power_t = np.full((5, 5, n), -1, np.int64)  # [trump + 1, suit to follow, card]
    strength_t = np.zeros((5, n), np.int64)  # [trump + 1, card]
    same_t = np.zeros((5, n), np.int64)  # [trump + 1, card]
    for t in range(-1, 4):
        for c in range(n):
            if not (V.DECK >> c) & 1:
                continue
            for f in range(5):
                power_t[t + 1, f, c] = power.py_func(c, t, f)
            suit = effective_suit.py_func(c, t)
            strength_t[t + 1, c] = power.py_func(c, t, suit)
            joker_nt = c == V.JOKER and t < 0
            same_t[t + 1, c] = int(JOKER_BIT) if joker_nt else suit_cards.py_func(suit, t)
    # [trump + 1, card]: the cards of its suit that beat it; [trump + 1, follow, level + 1]:
    # the cards that beat ``level`` in a trick of suit ``follow``
    beaters_t = np.zeros((5, n), np.int64)
    above_t = np.zeros((5, 5, 42), np.int64)
    for t in range(5):
        for d in range(n):
            for c in range(n):
                if (same_t[t, c] >> d) & 1 and strength_t[t, d] > strength_t[t, c]:
                    beaters_t[t, c] |= 1 << d
            for f in range(5):
                for level in range(-1, power_t[t, f, d]):  # (none for a card of no power)
                    above_t[t, f, level + 1] |= 1 << d
    return power_t, strength_t, same_t, beaters_t, above_t


POWER, STRENGTH, SAME_SUIT, BEATERS, ABOVE = _tables()


@njit(cache=True, inline="always")
def card_power(card, trump, follow):
    """rules.power: how strongly ``card`` holds a trick whose suit to follow is ``follow``."""
    return POWER[trump + 1, follow, card]


@njit(cache=True, inline="always")
def strength(card, trump):
    """The card's rank in its own effective suit (rules.power; the joker 40)."""
    return STRENGTH[trump + 1, card]


@njit(cache=True, inline="always")
def same_suit(card, trump):
    """The cards of ``card``'s effective suit (the joker's, in no trumps: the joker)."""
    return SAME_SUIT[trump + 1, card]


@njit(cache=True)
def bosses(cards, trump, out):
    """The cards of ``cards`` that no card out of their suit beats."""
    res = np.int64(0)
    m = cards
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if out & BEATERS[trump + 1, c] == 0:
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
        p = strength(c, trump)
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
        p = strength(c, trump)
        if p > best_p:
            best_p = p
            best = c
    return best


@njit(cache=True, inline="always")
def void_cards(public, q, trump):
    """The cards of every suit seat ``q`` has shown void in (R7.2)."""
    v = public[S.VOIDS + q]
    res = np.int64(0)
    for s in range(4):
        if (v >> s) & 1:
            res |= suit_cards(s, trump)
    return res


@njit(cache=True)
def by_suit_length(cards, hand, trump, longest):
    """The lowest card of the suit of ``cards`` in which ``hand`` is shortest (``longest``:
    longest); ties go to the lower card id. -1 when ``cards`` is empty."""
    best = -1
    best_key = 1 << 20
    m = cards
    while m:
        c = lowest_bit(m)
        m &= m - 1
        n = popcount(hand & same_suit(c, trump))
        key = (-n if longest else n) * 64 + strength(c, trump)
        if key < best_key:
            best_key = key
            best = c
    return best


@njit(cache=True, inline="always")
def throw(mine, trump, out):
    """Discard from short suits: the lowest side card of the shortest suit that is not a
    boss (any side card if all are), never the joker; the lowest trump last."""
    side = mine & ~trump_cards(trump)
    if side:
        low = side & ~bosses(side, trump, out)
        return by_suit_length(low if low else side, mine, trump, False)
    rest = mine & ~JOKER_BIT
    return lowest_power(rest if rest else mine, trump)


# -- bidding ----------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def side_value(cards, s, w):
    """Tricks from a side suit's ace and king."""
    ace = (cards >> (11 * s + V.RA)) & 1
    king = (cards >> (11 * s + V.RK)) & 1
    v = w[ACE_W] * ace
    if king:
        v += w[KING_A_W] if ace else (w[KING_W] if popcount(cards) >= 2 else 0.0)
    return v


@njit(cache=True)
def trump_tricks(mine, t, w):
    """The hand's tricks with suit ``t`` trumps (the module docstring's weights)."""
    tr = mine & trump_cards(t)
    n = popcount(tr)
    sc = 0.0
    m = tr
    while m:
        c = lowest_bit(m)
        m &= m - 1
        sc += TRUMP_W[card_power(c, t, t) - 20]
    if n > 3:
        sc += w[LENGTH_W] * (n - 3)
    for s in range(4):
        if s != t:
            cards = mine & suit_cards(s, t)
            sc += side_value(cards, s, w)
            k = popcount(cards)
            if n >= 3 and k == 0:
                sc += w[VOID_W]
            elif n >= 3 and k == 1 and not (cards >> (11 * s + V.RA)) & 1:
                sc += w[SINGLE_W]
    return sc


@njit(cache=True)
def nt_tricks(mine, w):
    """The hand's tricks in no trumps: the joker, top sequences, long suits, stoppers."""
    sc = 1.0 if mine & JOKER_BIT else 0.0
    unstopped = -1 if mine & JOKER_BIT else 0
    for s in range(4):
        cards = mine & plain_suit(s)
        n = popcount(cards)
        top = 0
        while top < n and (cards >> (11 * s + V.RA - top)) & 1:
            top += 1
        sc += w[NT_TOP_W] * top
        king = (cards >> (11 * s + V.RK)) & 1
        queen = (cards >> (11 * s + V.RQ)) & 1
        if top == 0 and king and n >= 2:
            sc += w[KING_W]
        if top >= 1 and n > 4:
            sc += w[NT_LONG_W] * (n - 4)
        if not (top or (king and n >= 2) or (queen and n >= 3)):
            unstopped += 1
    if unstopped > 0:
        sc -= w[NT_UNSTOPPED] * unstopped
    return sc


@njit(cache=True)
def team_tricks(public, seat, mine, strain, w):
    """The tricks the bot counts on for its team in ``strain``; -1 for a strain an opponent
    bid (he holds its trumps)."""
    partner = (seat + 2) % V.N_SEATS
    pbid = public[S.BIDS + partner]
    mybid = public[S.BIDS + seat]
    opp_a = public[S.BIDS + (seat + 1) % V.N_SEATS]
    opp_b = public[S.BIDS + (seat + 3) % V.N_SEATS]
    if (opp_a >= 0 and opp_a % 5 == strain) or (opp_b >= 0 and opp_b % 5 == strain):
        return -1.0
    if strain == V.NO_TRUMPS:
        own = nt_tricks(mine, w)
    else:
        own = trump_tricks(mine, strain_trump(strain), w)
    if pbid < 0:
        passed = (public[S.PASSED] >> partner) & 1
        return own + (w[SUPPORT_PASSED] if passed else w[SUPPORT])
    if pbid % 5 == strain:
        if mybid >= 0 and mybid % 5 == strain:
            return 6.0 + max(pbid, mybid) // 5  # agreed: both hands are counted
        return 6.0 + pbid // 5 - w[SUPPORT] + own
    return own + w[SUPPORT]


@njit(cache=True, inline="always")
def cheapest_level(high, strain):
    """The fewest tricks a legal bid in ``strain`` names over the standing bid ``high``."""
    k = 6
    while 5 * (k - 6) + strain <= high:
        k += 1
    return k


@njit(cache=True, inline="always")
def bid(public, seat, mine, legal, w):
    """R4: the cheapest legal bid of the strain with the largest margin, or PASS."""
    high = public[S.HIGH_BID]
    partner = (seat + 2) % V.N_SEATS
    pbid = public[S.BIDS + partner]
    mybid = public[S.BIDS + seat]
    best = V.PASS
    best_margin = -1.0
    if public[S.CONTRACTOR] == partner and mybid >= 0 and pbid % 5 == mybid % 5:
        return V.PASS  # the partners agreed a strain and he holds it
    for strain in range(5):
        team = team_tricks(public, seat, mine, strain, w)
        k = cheapest_level(high, strain)
        if team < 0 or k > min(10.0, team):
            continue
        margin = team - k - (w[HIGH_MARGIN] if k >= 9 else 0.0)
        if margin < 0:
            continue
        if margin > best_margin:
            best_margin = margin
            best = 5 * (k - 6) + strain
    if not (legal >> best) & 1:
        return V.PASS
    return best


# -- the kitty discard ------------------------------------------------------------------------
@njit(cache=True, inline="always")
def discard_card(mine, trump):
    """R6.1: keep trumps, side aces and a king under its ace (no trumps: a guarded king);
    throw the lowest card of the side suit with the fewest other cards."""
    keep = trump_cards(trump)
    for s in range(4):
        cards = mine & suit_cards(s, trump)
        if s == trump or cards == 0:
            continue
        ace = ONE << (11 * s + V.RA)
        king = ONE << (11 * s + V.RK)
        keep |= cards & ace
        if cards & king and (cards & ace or (trump < 0 and popcount(cards) >= 2)):
            keep |= king
    cand = mine & ~keep
    if cand == 0:  # the lowest trump (not the joker), else the lowest card
        tr = mine & trump_cards(trump) & ~JOKER_BIT
        return lowest_power(tr if tr else mine & ~JOKER_BIT, trump)
    best = -1
    best_key = 1 << 20
    m = cand
    while m:
        c = lowest_bit(m)
        m &= m - 1
        suit = same_suit(c, trump)
        key = popcount(cand & suit) * 4096 + popcount(mine & suit) * 64 + strength(c, trump)
        if key < best_key:
            best_key = key
            best = c
    return best


# -- play ---------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def joker_lead(legal, mine):
    """R8.2: the joker led in no trumps names the legal suit the leader holds most of."""
    best = -1
    best_n = -1
    for s in range(4):
        if (legal >> (V.JOKER_LEAD + s)) & 1:
            n = popcount(mine & plain_suit(s))
            if n > best_n:
                best_n = n
                best = s
    return V.JOKER_LEAD + best


@njit(cache=True, inline="always")
def lead(public, seat, mine, out, legal, trump, w):
    contractor = public[S.CONTRACTOR]
    partner = (seat + 2) % V.N_SEATS
    contractors = (seat % V.N_TEAMS) == (contractor % V.N_TEAMS)
    tr = trump_cards(trump)
    my_tr = mine & tr
    side = mine & ~tr
    va = void_cards(public, (seat + 1) % V.N_SEATS, trump)
    vb = void_cards(public, (seat + 3) % V.N_SEATS, trump)
    opp_tr = out & tr & ~(va & vb) if trump >= 0 else np.int64(0)
    boss = bosses(mine, trump, out)
    if trump >= 0 and seat == contractor and my_tr and opp_tr:  # draw trumps
        if boss & my_tr:
            return highest_power(boss & my_tr, trump)
        if popcount(my_tr) >= w[DRAW_AT]:
            return lowest_power(my_tr, trump)
    safe = side & ~(va | vb) if opp_tr or trump < 0 else side
    if boss & safe:
        return by_suit_length(boss & safe, mine, trump, True)
    if not contractors:
        pbid = public[S.BIDS + partner]
        if pbid >= 0 and pbid % 5 != V.NO_TRUMPS:
            s = strain_trump(pbid % 5)
            cards = side & suit_cards(s, trump) & ~void_cards(public, contractor, trump)
            cards &= ~void_cards(public, (contractor + 2) % V.N_SEATS, trump)
            if s != trump and cards:
                return lowest_power(cards, trump)
    if trump < 0 and mine & JOKER_BIT:
        return joker_lead(legal, mine)
    through = side & ~(va | vb)
    if through:
        return by_suit_length(through, mine, trump, trump < 0 or my_tr == 0)
    if side:
        return by_suit_length(side, mine, trump, False)
    return lowest_power(mine, trump)  # trumps only


@njit(cache=True)
def foes_can_beat(public, seat, out, trump, follow, level):
    """Whether a later opponent may hold a card beating ``level`` in this trick (trumps only
    for a seat with none of the suit to follow left)."""
    led_cards = suit_cards(follow, trump)
    tr = trump_cards(trump)
    above = ABOVE[trump + 1, follow, min(max(level + 1, 0), 41)]
    for k in range(1, V.N_SEATS - public[S.TRICK_LEN]):
        q = (seat + k) % V.N_SEATS
        if k == 2:
            continue  # the partner
        poss = out & ~void_cards(public, q, trump)
        pool = poss & led_cards
        if pool == 0:
            pool = poss & tr
        if pool & above:
            return True
    return False


@njit(cache=True, inline="always")
def play(public, seat, mine, out, legal, w):
    trump = public[S.TRUMP]
    n = public[S.TRICK_LEN]
    if n == 0:
        return lead(public, seat, mine, out, legal, trump, w)
    follow = public[S.TO_FOLLOW]
    best = public[S.TRICK_BEST]
    last = n == V.N_SEATS - 1
    friend = public[S.TRICK_WINNER] == (seat + 2) % V.N_SEATS
    held = friend and (last or not foes_can_beat(public, seat, out, trump, follow, best))
    wins = np.int64(0)
    safe = np.int64(0)
    m = legal
    while m:
        c = lowest_bit(m)
        m &= m - 1
        p = card_power(c, trump, follow)
        if p > best:
            wins |= ONE << c
            if last or not foes_can_beat(public, seat, out, trump, follow, p):
                safe |= ONE << c
    if n == 1 and not bosses(ONE << public[S.TRICK_CARDS + (seat + 3) % V.N_SEATS], trump, out):
        # second hand: the joker waits unless the led card is a boss
        if safe & ~JOKER_BIT:
            safe &= ~JOKER_BIT
        elif safe & JOKER_BIT:
            safe = np.int64(0)
            wins = np.int64(0)
    if legal & suit_cards(follow, trump):  # following suit
        if held:
            return lowest_power(legal, trump)
        if safe:
            return lowest_power(safe, trump)
        if n == 2 and wins and not friend:  # third hand high
            return highest_power(wins, trump)
        return lowest_power(legal, trump)
    if safe and not held:  # void: trump in
        return lowest_power(safe, trump)
    if wins and not friend:
        return lowest_power(wins, trump)
    return throw(legal, trump, out)


# -- the bot ------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def decide(public, seat, hand, legal, w):
    """The decision with tunable numbers ``w`` (TUNE's layout)."""
    if popcount(legal) == 1:
        return lowest_bit(legal)
    mine = hand & DECK
    phase = public[S.PHASE]
    if phase == V.AUCTION:
        return bid(public, seat, mine, legal, w)
    if phase == V.DISCARD:
        return discard_card(mine, public[S.TRUMP])
    gone = np.int64(0)
    extra = hand >> DISCARD_SHIFT
    while extra:
        gone |= ONE << ((extra & 63) - 1)
        extra >>= 6
    out = DECK & ~public[S.PLAYED] & ~mine & ~gone
    return play(public, seat, mine, out, legal, w)


@numba_bot("greedy", game="five-hundred")
def greedy_bot(public, seat, hand, legal, rng, params):
    """Rule-based: bids its counted tricks, voids side suits, draws trumps, wins cheaply."""
    return decide(public, seat, hand, legal, TUNE)


MAX_TRICKS = 8  # the search's own bids go this high at most (greedy's may go higher)
SLACK = 1.5  # a strain is searched when greedy counts at least its cheapest bid less this


@njit(cache=True)
def search_candidates(public, seat, hand, legal, rng):
    """The actions ``mcts`` compares (:mod:`sim.core.ismcts`'s ``C``): in the auction, pass,
    greedy's call and the cheapest legal bid of each strain whose count (``team_tricks``)
    comes within SLACK tricks of it, up to MAX_TRICKS tricks (a higher bid of a strain only
    raises the stakes), so a hand that counts nowhere near a bid passes without search;
    after the auction, every legal action."""
    if public[S.PHASE] != V.AUCTION:
        return legal
    # greedy's parameters (it has none), writable as the loop's: numba reads a constant array
    # as read-only, and would compile greedy a second time for it
    own = greedy_bot(public, seat, hand, legal, rng, np.zeros(MAX_PARAMS, np.float64))
    cand = (ONE << V.PASS) | (ONE << own)
    mine = hand & DECK
    for strain in range(5):
        k = cheapest_level(public[S.HIGH_BID], strain)
        bid = 5 * (k - 6) + strain
        if k <= MAX_TRICKS and team_tricks(public, seat, mine, strain, TUNE) >= k - SLACK:
            cand |= ONE << bid
    return legal & cand
