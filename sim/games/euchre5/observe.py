"""Five-handed Euchre's observation (``docs/games.md``, ``docs/research.md``): one seat's
information set as a flat ``float32`` tensor, and one global id per distinct action.

The tensor holds what R10 lets the seat know: its hand (and, as dealer after the exchange,
its discard, R10.1), the up card, the bidding, maker, trump, called card and the partner
once he plays it (R6.3), the current trick, every card played by whom, what each seat has
shown it lacks (R7.2), tricks, points and totals. Seats are places relative to the
observer (:mod:`sim.core.observe`). Card planes are compact: 28 values, card ``suit * 8 +
rank`` at ``suit * 7 + rank`` (H 8..A, C 8..A, D 8..A, S 8..A).

A card id is a play, a discard or a call by the phase (R11), so each is its own global
action: plays 0-27, discards 28-55, calls 56-83 (compact card order), then ``pass`` (both
bidding rounds), ``order``, ``trump:H/C/D/S`` and ``alone``: 91 ids.
"""

from sim.core.jit import njit
from sim.core.observe import (
    absolute,
    put_bits,
    put_one_hot,
    put_seat_values,
    put_value,
    relative,
    seat_slices,
)
from sim.games.euchre5 import state as S
from sim.games.euchre5.cards import CARD_NAMES
from sim.games.euchre5.vocab import (
    ALONE,
    ALONE_BY_CHOICE,
    BID1,
    BID2,
    CALL,
    DECK,
    DISCARD,
    MAX_DEALS,
    N_CARDS,
    N_SEATS,
    ORDER,
    PASS,
    PHASE_WORDS,
    PLAY,
    SUITS,
    TARGET,
    TRUMP_BASE,
)

N_PHASES = 7  # BID1 .. OVER
CARDS = "28 values, one per card (H, C, D, S; 8 9 T J Q K A each)"

SLICES = [
    ("phase", N_PHASES, "one-hot: bid 1, discard, bid 2, call, play, between deals, over"),
    ("turn", N_SEATS, "one-hot place of the seat to act (all 0: nobody)"),
    ("dealer", N_SEATS, "one-hot place of the dealer"),
    ("hand", N_CARDS, f"the seat's cards; {CARDS}"),
    ("discard", N_CARDS, "the card the seat discarded, as dealer after the exchange (R4.2)"),
    ("up", N_CARDS, "one-hot: the up card (R3.3)"),
    ("round", 1, "1 in bidding round 2 (then: trump was named in round 2), 0 in round 1"),
    ("passed", N_SEATS, "the places that passed in the current bidding round"),
    ("maker", N_SEATS, "one-hot place of the maker (all 0: none yet)"),
    ("trump", 4, "one-hot trump suit H, C, D, S (all 0: not made yet)"),
    ("called", N_CARDS, "one-hot: the called card (all 0: not called, or alone) (R6.1)"),
    ("alone", 2, "the maker is alone: by choice; forced (known at the deal's end) (R6.4)"),
    ("holds_called", 1, "1 when the seat holds the called card: it is the partner (R10.1)"),
    ("partner", N_SEATS, "one-hot place of the partner, once the called card is played (R6.3)"),
    ("revealed_trick", 1, "the trick the called card was played in / 5 (0: not yet)"),
    ("leader", N_SEATS, "one-hot place of the seat that led the current trick"),
    ("trick_no", 1, "tricks completed in this deal / 5"),
    ("led", 4, "one-hot effective suit led to the current trick (R5.3; all 0: none yet)"),
    ("winning", N_SEATS, "one-hot place winning the current trick so far (R7.3)"),
    *seat_slices("trick", N_CARDS, "one-hot: the card on the current trick", N_SEATS),
    *seat_slices("played", N_CARDS, "the cards played in this deal", N_SEATS),
    *seat_slices("shown_out", N_CARDS, "the cards shown not held (R7.2)", N_SEATS),
    ("tricks", N_SEATS, "tricks won this deal / 5, by place (0 the seat itself)"),
    ("points", N_SEATS, "points of the deal just ended / 5, by place (R8)"),
    ("totals", N_SEATS, f"totals / {TARGET}, by place (R9.1)"),
    ("deal_no", 1, f"deals played before this one / {MAX_DEALS}"),
]
SIZE = sum(s[1] for s in SLICES)

# the slices whose values leave [0, 1] (sim.core.observe.bounds; a Box space's bounds):
# totals are at most 9 before a deal (R9.1) and 5 from it (R8.3)
RANGES = {"totals": (0.0, (TARGET - 1 + 5) / TARGET)}


G_PLAY, G_DISCARD, G_CALL = 0, N_CARDS, 2 * N_CARDS  # card actions, by phase
G_PASS = 3 * N_CARDS  # then pass, order, trump:H..S, alone: action - PASS + G_PASS
N_GLOBAL = G_PASS + ALONE - PASS + 1


@njit(cache=True, inline="always")
def _index(card):
    """A card's place in a compact plane (-1 stays -1)."""
    if card < 0:
        return -1
    return (card >> 3) * 7 + (card & 7)


@njit(cache=True, inline="always")
def _put_cards(out, at, mask):
    """A card set as 28 bits (the ids 7, 15, 23, 31 are no card and are skipped)."""
    for suit in range(4):
        at = put_bits(out, at, mask >> (8 * suit), 7)
    return at


@njit(cache=True)
def encode(public, seat, private, out):
    """The seat's tensor (SLICES, in order) from the public slots and its private word."""
    n = N_SEATS
    hand = private & DECK
    at = put_one_hot(out, 0, public[S.PHASE], N_PHASES)
    at = put_one_hot(out, at, relative(seat, public[S.TURN], n), n)
    at = put_one_hot(out, at, relative(seat, public[S.DEALER], n), n)
    at = _put_cards(out, at, hand)
    at = _put_cards(out, at, (private >> 32) & DECK)  # R10.1: only the dealer's word has it
    at = put_one_hot(out, at, _index(public[S.UP_CARD]), N_CARDS)
    at = put_value(out, at, public[S.ROUND] - 1, 1.0)
    passed = public[S.PASSED]
    for k in range(n):
        out[at + k] = (passed >> absolute(seat, k, n)) & 1
    at += n
    at = put_one_hot(out, at, relative(seat, public[S.MAKER], n), n)
    at = put_one_hot(out, at, public[S.TRUMP], 4)
    called = public[S.CALLED]
    at = put_one_hot(out, at, _index(called), N_CARDS)
    at = put_one_hot(out, at, public[S.GOING_ALONE] - ALONE_BY_CHOICE, 2)  # by choice, forced
    out[at] = 1.0 if called >= 0 and (hand >> called) & 1 else 0.0
    at += 1
    at = put_one_hot(out, at, relative(seat, public[S.REVEALED], n), n)
    at = put_value(out, at, public[S.REVEALED_TRICK], 5.0)
    at = put_one_hot(out, at, relative(seat, public[S.LEADER], n), n)
    at = put_value(out, at, public[S.TRICK_NO], 5.0)
    open_trick = public[S.TRICK_LEN] > 0  # the led suit and winner are stale between tricks
    at = put_one_hot(out, at, public[S.LED_SUIT] if open_trick else -1, 4)
    winner = relative(seat, public[S.TRICK_WINNER], n) if open_trick else -1
    at = put_one_hot(out, at, winner, n)
    for k in range(n):
        at = put_one_hot(out, at, _index(public[S.TRICK_CARDS + absolute(seat, k, n)]), N_CARDS)
    for k in range(n):
        at = _put_cards(out, at, public[S.PLAYED_BY + absolute(seat, k, n)])
    for k in range(n):
        at = _put_cards(out, at, public[S.SHOWN_OUT + absolute(seat, k, n)])
    at = put_seat_values(out, at, public, S.TRICKS_WON, seat, n, 5.0)
    at = put_seat_values(out, at, public, S.POINTS, seat, n, 5.0)
    at = put_seat_values(out, at, public, S.TOTALS, seat, n, TARGET)
    put_value(out, at, public[S.DEAL_NO], MAX_DEALS)


@njit(cache=True)
def to_global(public, hand, action):
    """The global id of ``action`` at this decision (a card id's meaning is the phase's)."""
    if action >= PASS:
        return action - PASS + G_PASS
    phase = public[S.PHASE]
    base = G_DISCARD if phase == DISCARD else G_CALL if phase == CALL else G_PLAY
    return base + _index(action)


@njit(cache=True)
def to_local(public, hand, g):
    """The phase-relative action of global id ``g``; -1 when it is no action of this phase."""
    phase = public[S.PHASE]
    if 0 <= g < G_PASS:
        base = G_DISCARD if phase == DISCARD else G_CALL if phase == CALL else G_PLAY
        i = g - base
        if not 0 <= i < N_CARDS or phase not in (PLAY, DISCARD, CALL):
            return -1
        return (i // 7) * 8 + i % 7
    action = g - G_PASS + PASS
    if action == PASS and phase in (BID1, BID2):
        return action
    if action == ORDER and phase == BID1:
        return action
    if TRUMP_BASE <= action < TRUMP_BASE + 4 and phase == BID2:
        return action
    if action == ALONE and phase == CALL:
        return action
    return -1


def global_names() -> list[str]:
    """The record's notation of every global id, in id order (``GAME.event_name``, R11)."""
    cards = [CARD_NAMES[suit * 8 + rank] for suit in range(4) for rank in range(7)]
    names = cards + [PHASE_WORDS[DISCARD] + c for c in cards]
    names += [PHASE_WORDS[CALL] + c for c in cards]
    return names + ["pass", "order", *(f"trump:{s}" for s in SUITS), "alone"]
