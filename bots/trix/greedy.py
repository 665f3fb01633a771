"""``greedy``: a rule-based player, one simple idea per contract, no search.

It sees only the public slots, its seat and its hand; ``PLAYED``, ``SHOWN_OUT`` and
the trick slots give it perfect memory of the contract (R4.4). *Out* means the cards
nobody has played and the bot does not hold; *danger* the cards that cost points in
the contract (♦ in diamonds, queens, K♥ in king, all three in general). It never uses
its random stream (ties go to a fixed card), so it is deterministic.

Choosing (R3.2). A linear model (``hand_value``, fitted on simulated deals) predicts the
chooser's points in each contract relative to the other three, multiplier included.
It picks the allowed contract with the least ``value + risk - later * (MEAN + risk)``:
``value - MEAN`` is how much better than an average hand this hand is for the contract,
``risk`` (1 × the model's unexplained spread) steers away from wild contracts such as
general, and ``later`` is the chance that a contract put off now is ever played: the game
stops once a total passes 1000 (R3.7), guessed from the highest total so far. So the
chooser takes trix with jacks next to their neighbours (aces and sevens, laid last, make
a poor trix hand), king with K♥ guarded or absent, diamonds with low diamonds, queens
and tricks with few high cards, and leaves general for a hand with no high cards or for
its last choices.

Announcing K♥ (R5.6): only with two lower hearts, or one and a void or singleton to
throw it on. Measured against random seats, it then takes its own K♥ in about 6% of the
deals where it announces (about 31% where it does not).

Trick contracts (R4, R5):

- Following suit: the highest card below the trick's best (it loses and gets rid of a
  high card). If every card wins: when no later seat can still overtake, the highest
  card that is not a queen (queens, general) or K♥ (king, general); otherwise the
  lowest card, so that a later seat may overtake (a queen or K♥ only when two higher
  cards are still out behind).
- Void in the led suit: throw by priority. Diamonds: the highest diamond. Queens: a
  queen, then a K/T/A guarding a queen that is still out. King: K♥, then A♥/T♥ while
  K♥ is out. General: K♥, queens, A♥/T♥ while K♥ is out, sure winners, diamonds, queen
  guards. Then, and in tricks and last-trick, the strongest card (fewest higher cards
  out, shortest suit).
- Leading: the lowest card of a suit (in general also its highest, when that is not a
  danger card), whichever costs least: the chance of winning (halved by each higher
  card out) times what winning costs (the trick, our card, the danger the others may
  follow with or throw from a void), less a bonus for leading under an outstanding
  danger card or losing one of ours, plus a malus for spending the guards of our own
  danger cards. Short suits first, to make voids. In diamonds this leads a low diamond when many
  higher ones are out, and keeps off the suit while it holds high diamonds.
- Last-trick: the strongest legal card at every trick until two cards are left.
- Two cards left (every trick contract): play the card that minimises the expected
  cost of trick 7 plus the chance of taking trick 8 with the kept card times its value
  (the trick, 100 in last-trick and general, the danger left).

Trix (R9): an ace whenever one can be laid (another turn, R9.5). Otherwise the card
with most of our own cards behind it and fewest of the others' (6 per card of ours, -1
per card of theirs), where the cards behind a card are those of its suit that cannot be
laid before it (the whole suit behind a jack). This lays our own runs first and keeps
blocking cards while it can. ``PASS`` when nothing can be laid.
"""

import numpy as np

from bots.trix.greedy_choice import choose_contract, hand_value  # noqa: F401  (re-exported)
from sim.core.bits import highest_bit, lowest_bit, popcount
from sim.core.bots import numba_bot
from sim.core.jit import njit
from sim.games.trix.state import (
    ANNOUNCER,
    CONTRACT,
    LED_SUIT,
    PHASE,
    PLAYED,
    SHOWN_OUT,
    TRICK_BEST,
    TRICK_CARDS,
    TRICK_LEN,
)
from sim.games.trix.vocab import (
    ACES,
    ALL_CARDS,
    CHOOSE,
    DIAMOND_CARDS,
    DIAMONDS,
    DOUBLE,
    GENERAL,
    KH,
    KING,
    KING_OF_HEARTS,
    LAST_TRICK,
    N_SEATS,
    NO_DOUBLE,
    PASS,
    QUEEN_CARDS,
    QUEENS,
    TRICKS_C,
    TRIX,
)

TH = KH << 1  # T♥ and A♥: the hearts above K♥ (R1.2)
AH = KH << 2
KH_CARD = KING_OF_HEARTS
HALF = 0.5 ** np.arange(9)  # HALF[n] = 1 / 2**n
FUTURE = np.array([0.0, 0.0, 0.0, 0.0, 0.0, 8.0, 0.0])  # lead_cost: a winner led now


# -- masks -------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def suit_cards(s):
    """The eight cards of suit ``s``."""
    return np.int64(0xFF) << (8 * s)


@njit(cache=True, inline="always")
def below(card):
    """The cards of ``card``'s suit that rank below it."""
    return ((np.int64(1) << card) - 1) & suit_cards(card >> 3)


@njit(cache=True, inline="always")
def above(card):
    """The cards of ``card``'s suit that rank above it."""
    return suit_cards(card >> 3) & ~((np.int64(2) << card) - 1)


@njit(cache=True, inline="always")
def danger_of(contract):
    """Cards that cost points to whoever takes them in ``contract``."""
    if contract == DIAMONDS:
        return np.int64(DIAMOND_CARDS)
    if contract == QUEENS:
        return np.int64(QUEEN_CARDS)
    if contract == KING:
        return np.int64(KH)
    if contract == GENERAL:
        return np.int64(DIAMOND_CARDS | QUEEN_CARDS | KH)
    return np.int64(0)


@njit(cache=True, inline="always")
def keep_of(contract):
    """Danger cards never worth putting into a trick the bot wins itself."""
    if contract == QUEENS:
        return np.int64(QUEEN_CARDS)
    if contract == KING:
        return np.int64(KH)
    if contract == GENERAL:
        return np.int64(QUEEN_CARDS | KH)
    return np.int64(0)


@njit(cache=True, inline="always")
def weights_of(contract, announced):
    """Points (before multipliers) for taking one ♦, one queen and K♥ in ``contract``."""
    wd = 10 if contract in (DIAMONDS, GENERAL) else 0
    wq = 20 if contract in (QUEENS, GENERAL) else 0
    wk = 0
    if contract in (KING, GENERAL):
        wk = 200 if announced else 100
    return wd, wq, wk


@njit(cache=True, inline="always")
def points(mask, wd, wq, wk):
    """Points for taking the cards of ``mask``, given the weights of :func:`weights_of`."""
    d = popcount(mask & DIAMOND_CARDS)
    return wd * d + wq * popcount(mask & QUEEN_CARDS) + wk * ((mask >> KH_CARD) & 1)


@njit(cache=True, inline="always")
def followers_mask(public, seat, out, n):
    """Cards out that the ``n`` seats after ``seat`` may still hold (voids removed)."""
    m = np.int64(0)
    for k in range(1, n + 1):
        m |= out & ~public[SHOWN_OUT + (seat + k) % N_SEATS]
    return m


@njit(cache=True, inline="always")
def strength(card, hand, out):
    """How likely ``card`` is to win a trick later: few higher cards out, short suit."""
    nh = popcount(out & above(card))
    return 16 * (8 - nh) + (8 - popcount(hand & suit_cards(card >> 3)))


# -- trick contracts ----------------------------------------------------------------------
@njit(cache=True, inline="always")
def follow_card(public, seat, hand, legal, contract, out):
    """Follow suit: the highest card that loses; if all win, judge by who may still overtake."""
    under = legal & below(public[TRICK_BEST])
    if under:
        return highest_bit(under)
    later = followers_mask(public, seat, out, N_SEATS - 1 - public[TRICK_LEN])
    keep = keep_of(contract)
    low = lowest_bit(legal)
    if later & above(low) == 0:  # the trick is ours whatever we play: shed the highest
        safe = legal & ~keep
        return highest_bit(safe) if safe else highest_bit(legal)
    m = legal  # the lowest card, so that a later seat may still overtake
    while m:
        c = lowest_bit(m)
        if not (keep >> c) & 1 or popcount(later & above(c)) >= 2:
            return c
        m &= m - 1
    return low


@njit(cache=True, inline="always")
def strongest(cards, hand, out):
    """The card of ``cards`` most likely to win a trick later (ties: the higher card)."""
    best_card = lowest_bit(cards)
    best_score = -1
    m = cards
    while m:
        c = lowest_bit(m)
        m &= m - 1
        sc = strength(c, hand, out)
        if sc >= best_score:
            best_score = sc
            best_card = c
    return best_card


@njit(cache=True, inline="always")
def queen_guards(out):
    """K, T and A of every suit whose queen is still out: they would catch it."""
    g = np.int64(0)
    q = out & QUEEN_CARDS
    while q:
        g |= above(lowest_bit(q))
        q &= q - 1
    return g


@njit(cache=True, inline="always")
def sure_winners(hand, out):
    """Our cards above every card still out in their suit (when some are out)."""
    w = np.int64(0)
    for s in range(4):
        suit_out = out & suit_cards(s)
        if suit_out:
            w |= hand & above(highest_bit(suit_out))
    return w


@njit(cache=True, inline="always")
def shed_card(hand, contract, out):
    """Void in the led suit: throw the most dangerous card of the contract, tier by tier,
    the strongest card of a tier first."""
    if contract == DIAMONDS:
        t = hand & DIAMOND_CARDS
        if t:
            return highest_bit(t)
    elif contract == QUEENS:
        t = hand & QUEEN_CARDS
        if t == 0:
            t = hand & queen_guards(out)
        if t:
            return strongest(t, hand, out)
    elif contract == KING:
        if hand & KH:
            return KH_CARD
        if out & KH and hand & (AH | TH):
            return strongest(hand & (AH | TH), hand, out)
    elif contract == GENERAL:
        if hand & KH:
            return KH_CARD
        t = hand & QUEEN_CARDS
        if t == 0 and out & KH:
            t = hand & (AH | TH)
        if t == 0:
            t = sure_winners(hand, out)
        if t == 0:
            t = hand & DIAMOND_CARDS
        if t == 0:
            t = hand & queen_guards(out)
        if t:
            return strongest(t, hand, out)
    return strongest(hand, hand, out)


@njit(cache=True, inline="always")
def lead_cost(c, mine, out, danger, base, future, wd, wq, wk):
    """Expected cost of leading ``c`` from ``mine`` (our cards of its suit): the chance
    of winning the trick times what winning costs (``base``: the trick and the danger
    others may add; plus our card), less what it is worth to be rid of the card."""
    bit = np.int64(1) << c
    nh = popcount(out & above(c))
    p_win = HALF[nh]
    val = points(bit, wd, wq, wk)
    cost = p_win * (base + val)
    # leading under an outstanding danger card may force it onto someone else
    above_danger = out & danger & above(c)
    if above_danger and nh >= 2:
        cost -= 0.2 * points(above_danger, wd, wq, wk) / popcount(above_danger)
    # leading a suit where we hold danger spends its guards
    n = popcount(mine)
    own_danger = mine & danger & ~bit
    if own_danger:
        cost += 0.3 * points(own_danger, wd, wq, wk) / n
    # if we lose, our own danger card is gone for good
    cost -= (1.0 - p_win) * 0.5 * val
    # a card that would win a trick later anyway is worth leading now
    cost -= future * p_win
    return cost + 0.5 * n  # short suits first: voids to throw on later


@njit(cache=True, inline="always")
def lead_card(public, seat, hand, contract, out):
    """Lead the lowest card of a suit, or in general its highest when that is not a danger
    card, whichever costs least (lead_cost)."""
    wd, wq, wk = weights_of(contract, public[ANNOUNCER] >= 0)
    danger = danger_of(contract)
    trick_cost = 10.0 if contract in (TRICKS_C, GENERAL) else 0.0
    future = FUTURE[contract]
    shown1 = public[SHOWN_OUT + (seat + 1) % N_SEATS]
    shown2 = public[SHOWN_OUT + (seat + 2) % N_SEATS]
    shown3 = public[SHOWN_OUT + (seat + 3) % N_SEATS]
    best_card = lowest_bit(hand)
    best_cost = 1e18
    for s in range(4):
        suit = suit_cards(s)
        mine = hand & suit
        if mine == 0:
            continue
        suit_out = out & suit
        # what winning costs whatever we lead: the trick, half the danger of the suit
        # still out, and the worst danger a void seat may throw on it
        base = trick_cost
        dang_suit = suit_out & danger
        if dang_suit:
            base += 0.5 * points(dang_suit, wd, wq, wk)
        voids = 0
        if suit_out & ~shown1 == 0:
            voids += 1
        if suit_out & ~shown2 == 0:
            voids += 1
        if suit_out & ~shown3 == 0:
            voids += 1
        dang_other = out & danger & ~suit
        if dang_other and voids:
            if dang_other & KH:
                worst = wk
            elif dang_other & QUEEN_CARDS:
                worst = wq
            else:
                worst = wd
            base += 0.3 * voids * worst
        c = lowest_bit(mine)
        cost = lead_cost(c, mine, out, danger, base, future, wd, wq, wk)
        if cost < best_cost:
            best_cost = cost
            best_card = c
        h = highest_bit(mine)
        if future > 0 and h != c and not (danger >> h) & 1:
            cost = lead_cost(h, mine, out, danger, base, future, wd, wq, wk)
            if cost < best_cost:
                best_cost = cost
                best_card = h
    return best_card


@njit(cache=True)
def two_cards_left(public, seat, hand, legal, contract, out):
    """Trick 7: weigh what trick 7 costs against the last card we keep for trick 8."""
    wd, wq, wk = weights_of(contract, public[ANNOUNCER] >= 0)
    trick_cost = 10.0 if contract in (TRICKS_C, GENERAL) else 0.0
    last_cost = 100.0 if contract in (LAST_TRICK, GENERAL) else 0.0
    danger = danger_of(contract)
    tlen = public[TRICK_LEN]
    n_out = max(popcount(out), 3)
    q = 1.0 - 3.0 / n_out  # chance that a card out is played in trick 7, not kept
    table = np.int64(0)
    for k in range(N_SEATS):
        c = public[TRICK_CARDS + k]
        if c >= 0:
            table |= np.int64(1) << c
    later = followers_mask(public, seat, out, N_SEATS - 1 - tlen)
    n_later = N_SEATS - 1 - tlen
    out_danger = points(out & danger, wd, wq, wk)
    best_card = lowest_bit(legal)
    best_cost = 1e18
    m = legal
    while m:
        x = lowest_bit(m)
        m &= m - 1
        k = lowest_bit(hand & ~(np.int64(1) << x))
        if tlen > 0 and (x >> 3 != public[LED_SUIT] or x < public[TRICK_BEST]):
            p7 = 0.0
        else:
            p7 = HALF[popcount(later & above(x))]
        cost7 = trick_cost + points(table | (np.int64(1) << x), wd, wq, wk)
        cost7 += out_danger * n_later / n_out
        p_lead = 1.0  # no card above k left for trick 8
        for _ in range(popcount(out & above(k))):
            p_lead *= q
        p_follow = popcount(out & suit_cards(k >> 3)) / n_out * p_lead
        p8 = p7 * p_lead + (1.0 - p7) * p_follow
        cost8 = trick_cost + last_cost + points(np.int64(1) << k, wd, wq, wk)
        cost8 += out_danger * (1.0 - n_later / n_out) * 3.0 / n_out
        cost = p7 * cost7 + p8 * cost8
        if cost < best_cost:
            best_cost = cost
            best_card = x
    return best_card


@njit(cache=True, inline="always")
def trick_card(public, seat, hand, legal):
    """A card in a trick contract (R4): the one legal card, the two-card end, or by role."""
    contract = public[CONTRACT]
    out = ALL_CARDS & ~public[PLAYED] & ~hand
    if popcount(legal) == 1:
        return lowest_bit(legal)
    if popcount(hand) == 2:
        return two_cards_left(public, seat, hand, legal, contract, out)
    if contract == LAST_TRICK:
        return strongest(legal, hand, out)
    if public[TRICK_LEN] == 0:
        return lead_card(public, seat, hand, contract, out)
    if legal & suit_cards(public[LED_SUIT]):
        return follow_card(public, seat, hand, legal, contract, out)
    return shed_card(hand, contract, out)


@njit(cache=True, inline="always")
def announce(public, hand):
    """R5.6: double K♥ only when it is guarded by two lower hearts, or by one and a void or
    singleton to throw it on."""
    low = popcount(hand & below(KH_CARD))
    short = False
    for s in range(1, 4):
        if popcount(hand & suit_cards(s)) <= 1:
            short = True
    return low >= 2 or (low == 1 and short)


# -- trix ---------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def behind(card, played):
    """The cards of ``card``'s suit that cannot be laid before it (R9.1): for a jack the
    whole suit, else the cards past it on its side of the pile."""
    suit = suit_cards(card >> 3)
    rank = card & 7
    if rank == 3:
        return suit & ~(np.int64(1) << card)
    if rank > 3:
        return suit & ~((np.int64(2) << card) - 1)
    return ((np.int64(1) << card) - 1) & suit


@njit(cache=True, inline="always")
def trix_card(public, hand, legal):
    """Aces first (another turn, R9.5); else the card with most of our own cards behind it,
    least of the others' (6 per card of ours, -1 per card of theirs)."""
    if legal & ACES:
        return lowest_bit(legal & ACES)
    played = public[PLAYED]
    best_card = lowest_bit(legal)
    best_score = -1000
    m = legal
    while m:
        c = lowest_bit(m)
        m &= m - 1
        b = behind(c, played) & ~played
        score = 6 * popcount(b & hand) - popcount(b & ~hand)
        if score > best_score:
            best_score = score
            best_card = c
    return best_card


# -- the bot -------------------------------------------------------------------------------
@numba_bot("greedy", game="trix")
def greedy_bot(public, seat, hand, legal, rng, params):
    """Rule-based: ducks and sheds danger in trick contracts, blocks in trix, picks safe."""
    phase = public[PHASE]
    if phase == CHOOSE:
        return choose_contract(public, seat, hand, legal)
    if (legal >> DOUBLE) & 1:
        return DOUBLE if announce(public, hand) else NO_DOUBLE
    if phase == TRIX:
        if legal == np.int64(1) << PASS:
            return PASS
        return trix_card(public, hand, legal)
    return trick_card(public, seat, hand, legal)
