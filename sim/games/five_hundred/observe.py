"""Five Hundred's observation part (``docs/games.md``, ``docs/research.md``): one seat's
information set as a ``float32`` tensor, and one global id per distinct action.

The tensor holds the seat's hand, its own discards when it is the contractor (R11.1: only
he knows them; the private word carries them, :func:`.kernels.hand_of`), and the public
slots of :mod:`.state` (R11.2, with perfect memory R11.3): the auction (each seat's bid,
who passed), the contract, contractor and trump, every card played and by whom, the
current trick, the suits each seat has shown void in (R7.2, R8.3), tricks, points and
totals. Seats are relative to the observer (place 0 itself, place 1 the next in turn),
teams too (the observer's team first, R2.1). Card sets are 43 bit planes over the cards in
id order with the two missing ids left out (R1.1: no 4C, no 4S), so plane ``i`` is card
``i``, ``i + 1`` or ``i + 2`` (:data:`CARDS`).

The loop's action ids are phase-relative (:mod:`.vocab`); the global ids are the 25 bids and
pass, then the 43 discards, then the 43 cards played and the four ``JK=X`` no-trump joker
leads (R8.2): 116 in all.
"""

from sim.core.jit import njit
from sim.core.observe import (
    absolute,
    put_bits,
    put_one_hot,
    put_seat_bits,
    put_seat_one_hot,
    put_seat_values,
    put_value,
    relative,
    seat_slices,
)
from sim.games.five_hundred import state as S
from sim.games.five_hundred.kernels import DISCARD_SHIFT
from sim.games.five_hundred.rules import bid_value
from sim.games.five_hundred.vocab import (
    AUCTION,
    DECK,
    DISCARD,
    JOKER,
    JOKER_LEAD,
    MAX_DEALS,
    N_BIDS,
    N_CARDS,
    N_SEATS,
    N_TEAMS,
    PASS,
    PLAY,
    TARGET,
)

N_PHASES = 5  # AUCTION, DISCARD, PLAY, BETWEEN, OVER
CARDS = tuple(c for c in range(JOKER + 1) if DECK >> c & 1)  # plane i -> card id CARDS[i]
FOUR_C, FOUR_S = 11, 33  # the two ids that are no card (R1.1)
SCORE_SCALE = float(TARGET)  # totals, points and a contract's value / 500 (R5.2, R10.1)
CARD = f"{N_CARDS} bits, the card ids suit*11+rank and JK (44) without 4C (11) and 4S (33)"
ONE_CARD = f"one-hot over the {N_CARDS} cards as the card bits"
PLACE = "one-hot by place (0 the seat itself, 1 the next in turn, ...)"
BID = "one-hot 6C 6D 6H 6S 6NT 7C ... 10NT"


def team_slices(name: str, meaning: str) -> list[tuple]:
    """One value per team, the observer's team first (``name/0``), then the other."""
    who = ("the observer's team", "the other team")
    return [(f"{name}/{t}", 1, f"{meaning}: {who[t]}") for t in range(N_TEAMS)]


SLICES = [
    ("phase", N_PHASES, "one-hot: auction, discard, play, between deals, game over"),
    ("turn", N_SEATS, f"the seat to act, {PLACE}; all 0 when nobody is"),
    ("dealer", N_SEATS, f"the dealer of this deal, {PLACE}"),
    ("hand", N_CARDS, f"the cards the seat holds (the contractor's 13 while discarding): {CARD}"),
    ("my_discards", N_CARDS, f"the cards the seat discarded as contractor (R6.1, R11.1), {CARD}"),
    ("high_bid", N_BIDS, f"the standing bid, then the contract, {BID}; all 0 while none"),
    ("contract_value", 1, f"that bid's value (R5.2) / {SCORE_SCALE:g}; 0 while nobody has bid"),
    ("contractor", N_SEATS, f"the high bidder, then the contractor, {PLACE}"),
    ("trump", 4, "the contract's trump suit, one-hot H C D S; all 0 in no trumps or before"),
    ("discards", 1, "cards the contractor has discarded / 3"),
    ("leader", N_SEATS, f"who led the current trick (after the last, its winner), {PLACE}"),
    ("trick_no", 1, "tricks completed in this deal / 10"),
    ("to_follow", 4, "the current trick's suit to follow (R8.2 or JK=X's), one-hot H C D S"),
    ("trick_winner", N_SEATS, f"who holds the current trick so far, {PLACE}; 0 when empty"),
    ("deal_no", 1, f"deals played before this one / {MAX_DEALS}"),
    ("end", 3, "one-hot: reached 500, minus 500, the deal cap (R10); all 0 while on"),
    ("winner", N_TEAMS, "the team that won, the observer's first; all 0 on a tie or while on"),
    *seat_slices("bid", N_BIDS, f"the highest bid in this auction, {BID}", N_SEATS),
    *seat_slices("passed", 1, "1 if out of this auction (R4.5)", N_SEATS),
    *seat_slices("trick", N_CARDS, f"the card on the current trick, {ONE_CARD}", N_SEATS),
    *seat_slices("played_by", N_CARDS, f"cards played this deal, {CARD}", N_SEATS),
    *seat_slices("voids", 4, "suits shown void in this deal (R7.2, R8.3), bits H C D S", N_SEATS),
    *seat_slices("tricks_won", 1, "tricks won this deal / 10", N_SEATS),
    *team_slices("total", f"the team's game total / {SCORE_SCALE:g}"),
    *team_slices("points", f"the team's points of the deal just ended / {SCORE_SCALE:g}"),
]
SIZE = sum(length for _, length, _ in SLICES)

# the slices whose values leave [0, 1] (sim.core.observe.bounds; a Box space's bounds): a
# contract is worth at most 520 (10NT, R5.1); a deal scores a team from -520 to 520, and a
# total before it lies strictly between -500 and 500 (R10.1, R10.3)
RANGES = {
    "contract_value": (0.0, 520 / SCORE_SCALE),
    "points": (-520 / SCORE_SCALE, 520 / SCORE_SCALE),
    "total": (-1019 / SCORE_SCALE, 1019 / SCORE_SCALE),
}


# global ids: auction (25 bids, pass), discards (43 cards), play (43 cards, JK=H JK=C JK=D JK=S)
G_DISCARD = PASS + 1
G_PLAY = G_DISCARD + N_CARDS
G_JOKER_LEAD = G_PLAY + N_CARDS
N_GLOBAL = G_JOKER_LEAD + 4


@njit(cache=True, inline="always")
def card_plane(card):
    """The plane of a card id (-1 stays -1): ids above a missing four move down one."""
    if card < 0:
        return -1
    return card - (card > FOUR_C) - (card > FOUR_S)


@njit(cache=True, inline="always")
def plane_card(i):
    """The card id of plane ``i`` (the inverse of :func:`card_plane`)."""
    return i + (i >= FOUR_C) + (i >= FOUR_S - 1)


@njit(cache=True, inline="always")
def planes(mask):
    """A card mask as its 43 planes: bits 0-10, 12-32 and 34-44 closed up."""
    return (mask & 0x7FF) | ((mask >> 1) & (0x1FFFFF << 11)) | ((mask >> 2) & (0x7FF << 32))


@njit(cache=True)
def encode(public, seat, private, out):
    """``seat``'s tensor into ``out`` (every element), from the public slots and its private
    word (its cards and, for the contractor, his discards)."""
    n = N_SEATS
    at = put_one_hot(out, 0, public[S.PHASE], N_PHASES)
    at = put_one_hot(out, at, relative(seat, public[S.TURN], n), n)
    at = put_one_hot(out, at, relative(seat, public[S.DEALER], n), n)
    at = put_bits(out, at, planes(private & DECK), N_CARDS)
    mine = 0
    for k in range(3):  # R11.1 the discards: card + 1 in six bits each, 0 for none
        code = (private >> (DISCARD_SHIFT + 6 * k)) & 63
        if code:
            mine |= 1 << (code - 1)
    at = put_bits(out, at, planes(mine), N_CARDS)
    bid = public[S.HIGH_BID]
    at = put_one_hot(out, at, bid, N_BIDS)
    at = put_value(out, at, bid_value(bid) if bid >= 0 else 0, SCORE_SCALE)  # R5.2
    at = put_one_hot(out, at, relative(seat, public[S.CONTRACTOR], n), n)
    at = put_one_hot(out, at, public[S.TRUMP], 4)
    at = put_value(out, at, public[S.DISCARDS], 3.0)
    at = put_one_hot(out, at, relative(seat, public[S.LEADER], n), n)
    at = put_value(out, at, public[S.TRICK_NO], 10.0)
    on = public[S.PHASE] == PLAY and public[S.TRICK_LEN] > 0  # else these slots are stale
    at = put_one_hot(out, at, public[S.TO_FOLLOW] if on else -1, 4)
    at = put_one_hot(out, at, relative(seat, public[S.TRICK_WINNER], n) if on else -1, n)
    at = put_value(out, at, public[S.DEAL_NO], float(MAX_DEALS))
    at = put_one_hot(out, at, public[S.END] - 1, 3)
    winner = public[S.WINNER]
    at = put_one_hot(out, at, (winner + seat) % N_TEAMS if winner >= 0 else -1, N_TEAMS)
    at = put_seat_one_hot(out, at, public, S.BIDS, seat, n, N_BIDS)
    for k in range(n):
        at = put_value(out, at, (public[S.PASSED] >> absolute(seat, k, n)) & 1, 1.0)
    for k in range(n):
        card = public[S.TRICK_CARDS + absolute(seat, k, n)]
        at = put_one_hot(out, at, card_plane(card), N_CARDS)
    for k in range(n):
        at = put_bits(out, at, planes(public[S.PLAYED_BY + absolute(seat, k, n)]), N_CARDS)
    at = put_seat_bits(out, at, public, S.VOIDS, seat, n, 4)
    at = put_seat_values(out, at, public, S.TRICKS_WON, seat, n, 10.0)
    for t in range(N_TEAMS):
        at = put_value(out, at, public[S.TOTALS + (seat + t) % N_TEAMS], SCORE_SCALE)
    for t in range(N_TEAMS):
        at = put_value(out, at, public[S.POINTS + (seat + t) % N_TEAMS], SCORE_SCALE)
    return at


@njit(cache=True)
def to_global(public, hand, action):
    """The global id of the phase-relative ``action`` (the record names no action by the
    hand: ``hand`` is unused); -1 when no decision is open."""
    phase = public[S.PHASE]
    if phase == AUCTION:
        return action
    if phase == DISCARD:
        return G_DISCARD + card_plane(action)
    if phase == PLAY:
        if action >= JOKER_LEAD:
            return G_JOKER_LEAD + action - JOKER_LEAD
        return G_PLAY + card_plane(action)
    return -1


@njit(cache=True)
def to_local(public, hand, g):
    """The phase-relative id of global id ``g`` at this decision; -1 when ``g`` belongs to
    another phase (legality within the phase is the rules' to check)."""
    phase = public[S.PHASE]
    if phase == AUCTION:
        return g if 0 <= g <= PASS else -1
    if phase == DISCARD:
        return plane_card(g - G_DISCARD) if G_DISCARD <= g < G_PLAY else -1
    if phase == PLAY:
        if G_PLAY <= g < G_JOKER_LEAD:
            return plane_card(g - G_PLAY)
        if G_JOKER_LEAD <= g < N_GLOBAL:
            return JOKER_LEAD + g - G_JOKER_LEAD
    return -1


def global_names() -> list[str]:
    """The record's notation of every global id, in id order (``bid:6C`` … ``bid:10NT``,
    ``pass``, ``discard:5H`` … ``discard:JK``, ``5H`` … ``JK``, ``JK=H`` … ``JK=S``)."""
    from sim.games.five_hundred.cards import CARD_NAMES
    from sim.games.five_hundred.vocab import SUITS, bid_name

    names = [f"bid:{bid_name(b)}" for b in range(PASS)] + ["pass"]
    names += [f"discard:{CARD_NAMES[c]}" for c in CARDS] + [CARD_NAMES[c] for c in CARDS]
    return names + [f"JK={s}" for s in SUITS]
