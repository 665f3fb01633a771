"""Terts's observation (``docs/research.md``): one seat's information set as a tensor, and one
global id per distinct action.

The tensor holds the seat's hand and every public fact R10.2 names (``state.py``'s public
slots), seats relative to the observer (place 0 itself, place 1 the other): the phase, who
acts, deals and leads, the trump, the turned card and the card beside the stock, the stock's
size, who exchanged the 7 of trumps, the leader's declaration of this trick, the current and
the last trick, and per seat the cards it played, those both know it holds, those it has
shown it lacks (R5.5), those it declared, its meld kinds, points, tricks and totals. Card
sets are bit planes over the card ids (``suit * 8 + rank``), numbers scaled (``SCALE_*``).

Global ids: 0-37 are the engine's action ids (the 32 cards, ``swap``, the fours, the
marriage), then every sequence name that can exist (``seq3-9H`` ... ``seq8-AS``: a run of
length L to a top of rank index t >= L - 1, by suit, top, length), then ``pass``. A sequence's
engine id is its top card; its length is the run the declarer's hand holds (R7.3a, D2).
"""

import numpy as np

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
from sim.games.terts import state as S
from sim.games.terts.cards import CARD_NAMES, action_word
from sim.games.terts.rules import run_low
from sim.games.terts.vocab import (
    DRAW_TRICKS,
    END_NAMES,
    FOUR_Q,
    KIND_CLASS,
    KIND_NAMES,
    LAST_TRICK,
    MARRIAGE,
    MAX_DEALS,
    N_CARDS,
    N_SEATS,
    N_SEQ,
    N_TRICKS,
    PACK_POINTS,
    PASS,
    PHASE_NAMES,
    SEQ,
    STOCK_SIZE,
    SWAP,
    TARGET,
)

# -- global ids -----------------------------------------------------------------------------
_SEQS = [(s, t, n) for s in range(4) for t in range(2, 8) for n in range(3, t + 2)]  # R7.1
G_SEQ = SEQ  # the first sequence's global id; 0-37 are the engine's own ids
G_PASS = G_SEQ + len(_SEQS)
N_GLOBAL = G_PASS + 1
_SEQ_ACTION = np.array([SEQ + s * 6 + t - 2 for s, t, _ in _SEQS], np.int64)
_SEQ_LEN = np.array([n for _, _, n in _SEQS], np.int64)
_SEQ_FIRST = np.array([_SEQS.index((a // 6, a % 6 + 2, 3)) for a in range(N_SEQ)], np.int64)
# a meld's strength class (R7.5, D3) -> its sequence length (0: a four)
_CLASS_LEN = np.array([KIND_CLASS.index(c) + 2 if c in KIND_CLASS[1:7] else 0
                       for c in range(10)], np.int64)  # fmt: skip
N_MELD_IDS = G_PASS - FOUR_Q  # the meld global ids, FOUR_Q .. the last sequence

_DIAGONAL = np.int64(-0x7FBFDFEFF7FBFDFF)  # 0x8040201008040201: bits 0, 9, 18, .., 63
_BYTE_ONES = np.int64(0x0101010101010101)

# -- the tensor -------------------------------------------------------------------------------
N_KINDS = len(KIND_NAMES) - 1  # meld kinds 1-11 (0 is none)
SCALE_POINTS = PACK_POINTS + LAST_TRICK  # card points of a deal: 162 (R4.3, R4.4)
SCALE_SCORE = TARGET  # meld points, deal points and totals: 501 (R9.1)
SCALE_STRENGTH = 1000  # a meld's strength (D3): below 916
SCALE_MELDS = DRAW_TRICKS  # declarations a seat can make in a deal
N_APART = STOCK_SIZE + 1  # cards outside the hands at a deal's start: the stock and beside it

SLICES = [
    ("hand", N_CARDS, "the seat's cards (R10.1)"),
    ("phase", len(PHASE_NAMES), "the phase: " + ", ".join(PHASE_NAMES)),
    ("to_act", N_SEATS, "the place of the seat to act (none between deals)"),
    ("dealer", N_SEATS, "the dealer's place"),
    ("leader", N_SEATS, "the place of the current trick's leader (the last winner after it)"),
    ("deal", 1, f"deals played before this one / {MAX_DEALS}"),
    ("trick", 1, f"tricks completed in this deal / {N_TRICKS}"),
    ("trump", 4, "the trump suit, H C D S (R3.4)"),
    ("turned", N_CARDS, "the turned card (R3.4)"),
    ("bottom", N_CARDS, "the card beside the stock: turned or exchanged 7; none once drawn"),
    ("stock", 1, f"cards still to draw, the one beside the stock included / {N_APART}"),
    ("swapper", N_SEATS, "the place that exchanged the 7 of trumps in this deal (R6)"),
    ("meld", N_MELD_IDS, f"the leader's meld in this trick: global ids {FOUR_Q}-{G_PASS - 1}"),
    ("meld_strength", 1, f"its strength (R7.5) / {SCALE_STRENGTH}; 0 when none"),
    *seat_slices("on_trick", N_CARDS, "the card it put on the current trick", N_SEATS),
    *seat_slices("played", N_CARDS, "the cards it played in this deal", N_SEATS),
    *seat_slices("known", N_CARDS, "the cards in its hand both know of (R10.2)", N_SEATS),
    *seat_slices("lacks", N_CARDS, "the cards it has shown it cannot hold (R5.5)", N_SEATS),
    *seat_slices("melded", N_CARDS, "the cards of the melds it declared in this deal", N_SEATS),
    *seat_slices(
        "declared", N_KINDS, "meld kinds declared, " + " ".join(KIND_NAMES[1:]), N_SEATS
    ),  # fmt: skip
    *seat_slices("scored", N_KINDS, "meld kinds scored", N_SEATS),
    *seat_slices("beaten", N_KINDS, "meld kinds declared and beaten (R7.7)", N_SEATS),
    *seat_slices("n_melds", 1, f"declarations in this deal / {SCALE_MELDS}", N_SEATS),
    *seat_slices("card_points", 1, f"card points won in this deal / {SCALE_POINTS}", N_SEATS),
    *seat_slices("meld_points", 1, f"meld points of this deal / {SCALE_SCORE}", N_SEATS),
    *seat_slices("tricks", 1, f"tricks won in this deal / {N_TRICKS}", N_SEATS),
    *seat_slices("last_trick", N_CARDS, "the card it put on the last completed trick", N_SEATS),
    *seat_slices("points", 1, f"points of the deal just ended (R8.1) / {SCALE_SCORE}", N_SEATS),
    *seat_slices("total", 1, f"game total (R8.2) / {SCALE_SCORE}", N_SEATS),
    ("last_winner", N_SEATS, "the place that won the last completed trick"),
    ("end", len(END_NAMES), "how the game ended: " + ", ".join(END_NAMES) + " (R9.3)"),
]
SIZE = sum(length for _, length, _ in SLICES)

# the slices whose values leave [0, 1] (sim.core.observe.bounds; a Box space's bounds): a
# seat scores at most one meld a trick in tricks 1-7, 200 at most (R7.1, R7.4), and 162 card
# points (R8.1); a total is at most 500 before a deal (R9.1)
RANGES = {
    "meld_points": (0.0, 7 * 200 / 501),
    "points": (0.0, (162 + 7 * 200) / 501),
    "total": (0.0, (500 + 162 + 7 * 200) / 501),
}


@njit(cache=True, inline="always")
def _meld_global(public):
    """The global id of the leader's declaration in this trick, -1 when none."""
    action = public[S.MELD]
    if action < SEQ:
        return action
    n = _CLASS_LEN[public[S.MELD_STRENGTH] // 100]
    return G_SEQ + _SEQ_FIRST[action - SEQ] + n - 3


@njit(cache=True, inline="always")
def _melded(public, q):
    """The cards of the melds seat ``q`` declared in this deal (R10.2): the ranks its
    sequences covered (SEQ_DONE's bit r * 9 is the run r..r), its fours, its marriage."""
    cards = np.int64(0)
    for suit in range(4):  # bits 0, 9, .., 63 gathered into a byte: the diagonal of 8x8 bits
        diagonal = (public[S.SEQ_DONE + q * 4 + suit] & _DIAGONAL) * _BYTE_ONES
        cards |= ((diagonal >> 56) & 255) << (suit * 8)
    done = public[S.MELDS_DONE + q]
    for k in range(4):  # FOUR_Q, FOUR_K, FOUR_A, FOUR_J: ranks Q K A J
        if (done >> (FOUR_Q + k)) & 1:
            cards |= np.int64(0x01010101) << (5, 6, 7, 4)[k]
    if (done >> MARRIAGE) & 1:
        cards |= np.int64(0x60) << (8 * public[S.TRUMP])  # the K and Q of trumps
    return cards


@njit(cache=True)
def encode(public, seat, private, out):
    """Seat ``seat``'s tensor into ``out`` (float32[SIZE]), in SLICES order."""
    n = N_SEATS
    at = put_bits(out, 0, private, N_CARDS)
    at = put_one_hot(out, at, public[S.PHASE], len(PHASE_NAMES))
    at = put_one_hot(out, at, relative(seat, public[S.TURN], n), n)
    at = put_one_hot(out, at, relative(seat, public[S.DEALER], n), n)
    at = put_one_hot(out, at, relative(seat, public[S.LEADER], n), n)
    at = put_value(out, at, public[S.DEAL_NO], MAX_DEALS)
    at = put_value(out, at, public[S.TRICK_NO], N_TRICKS)
    at = put_one_hot(out, at, public[S.TRUMP], 4)
    at = put_one_hot(out, at, public[S.TURNED], N_CARDS)
    at = put_one_hot(out, at, public[S.BOTTOM], N_CARDS)
    at = put_value(out, at, N_APART - public[S.DRAWN], N_APART)
    at = put_one_hot(out, at, relative(seat, public[S.SWAPPER], n), n)
    meld = _meld_global(public)
    at = put_one_hot(out, at, meld - FOUR_Q if meld >= 0 else -1, N_MELD_IDS)
    at = put_value(out, at, max(public[S.MELD_STRENGTH], 0), SCALE_STRENGTH)
    for p in range(n):
        q = absolute(seat, p, n)
        at = put_one_hot(out, at, public[S.LED_CARD] if q == public[S.LEADER] else -1, N_CARDS)
    at = put_seat_bits(out, at, public, S.PLAYED_BY, seat, n, N_CARDS)
    at = put_seat_bits(out, at, public, S.KNOWN, seat, n, N_CARDS)
    at = put_seat_bits(out, at, public, S.SHOWN_OUT, seat, n, N_CARDS)
    for p in range(n):
        at = put_bits(out, at, _melded(public, absolute(seat, p, n)), N_CARDS)
    for p in range(n):
        at = put_bits(out, at, public[S.DECLARED + absolute(seat, p, n)] >> 1, N_KINDS)
    for p in range(n):
        at = put_bits(out, at, public[S.SCORED + absolute(seat, p, n)] >> 1, N_KINDS)
    for p in range(n):
        at = put_bits(out, at, public[S.BEATEN + absolute(seat, p, n)] >> 1, N_KINDS)
    at = put_seat_values(out, at, public, S.N_MELDS, seat, n, SCALE_MELDS)
    at = put_seat_values(out, at, public, S.CARD_POINTS, seat, n, SCALE_POINTS)
    at = put_seat_values(out, at, public, S.MELD_POINTS, seat, n, SCALE_SCORE)
    at = put_seat_values(out, at, public, S.TRICKS_WON, seat, n, N_TRICKS)
    at = put_seat_one_hot(out, at, public, S.LAST_CARDS, seat, n, N_CARDS)
    at = put_seat_values(out, at, public, S.POINTS, seat, n, SCALE_SCORE)
    at = put_seat_values(out, at, public, S.TOTALS, seat, n, SCALE_SCORE)
    at = put_one_hot(out, at, relative(seat, public[S.LAST_WINNER], n), n)
    put_one_hot(out, at, public[S.END] - 1, len(END_NAMES))


# -- actions ----------------------------------------------------------------------------------
@njit(cache=True)
def to_global(public, hand, action):
    """The global id of ``action`` for the seat to act holding ``hand``; -1 for a sequence
    its hand does not hold (a run shorter than three)."""
    if action < SEQ:
        return action
    if action == PASS:
        return G_PASS
    k = action - SEQ
    top = k % 6 + 2
    n = top - run_low(hand, k // 6, top) + 1  # R7.3a the whole run to its top
    if n < 3:
        return -1
    return G_SEQ + _SEQ_FIRST[k] + n - 3


@njit(cache=True)
def to_local(public, hand, g):
    """The action id of global id ``g`` at this decision; -1 when ``g`` is a sequence the
    hand does not hold at that length, or no id."""
    if g < 0 or g >= N_GLOBAL:
        return -1
    if g < G_SEQ:
        return g
    if g == G_PASS:
        return PASS
    action = _SEQ_ACTION[g - G_SEQ]
    k = action - SEQ
    suit, top = k // 6, k % 6 + 2
    if not (hand >> (suit * 8 + top)) & 1:
        return -1
    if top - run_low(hand, suit, top) + 1 != _SEQ_LEN[g - G_SEQ]:
        return -1
    return action


def global_names() -> list[str]:
    """The record's notation of every global id, in id order (RECORD.md)."""
    names = [action_word(a, 0) for a in range(SWAP + 1)]
    names += [action_word(a, 0) for a in range(FOUR_Q, MARRIAGE + 1)]
    names += [f"seq{n}-{CARD_NAMES[s * 8 + t]}" for s, t, n in _SEQS]
    return names + [action_word(PASS, 0)]
