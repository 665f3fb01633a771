"""Trix's observation part (``docs/games.md``, ``docs/research.md``): one seat's information
set as a ``float32`` tensor, and one global id per distinct action.

The tensor holds the seat's hand and the public slots of :mod:`.state` that bear on play
(R4.4: with perfect memory every card played, by whom, and the tricks each seat took are
known; R4.2 / R9.4: what each seat has shown it lacks). Seats are relative to the observer
(place 0 itself, place 1 the next in turn, R2.2). Card sets are 32 bit planes over the card
ids ``suit * 8 + rank`` (every id is a card); in trix the cards played are the layout (R9.1).
The private word is the hand alone (:func:`.kernels.hand_of`).

Trix's action ids (:mod:`.vocab`) are already one id per distinct action across phases
(cards 0..31, pass, double, no-double, the seven contracts), so a global id is the action id;
:func:`to_local` only refuses the ids that belong to another phase.
"""

from sim.core.jit import njit
from sim.core.observe import (
    put_bits,
    put_one_hot,
    put_seat_bits,
    put_seat_one_hot,
    put_seat_values,
    put_value,
    relative,
    seat_slices,
)
from sim.games.trix import state as S
from sim.games.trix.vocab import (
    CHOOSE,
    CHOOSE_BASE,
    DOUBLE,
    N_ACTIONS,
    N_CARDS,
    N_CONTRACTS,
    N_SEATS,
    NO_DOUBLE,
    PASS,
    TRICKS,
    TRIX,
)

N_PHASES = 5  # CHOOSE, TRICKS, TRIX, BETWEEN, OVER
TOTAL_SCALE = 1000.0  # R3.7: the game ends above 1000
POINTS_SCALE = 500.0  # a contract's points (×2, ×4 for the chooser, R7)
PASS_SCALE = 10.0
CARDS = f"{N_CARDS} bits, card id suit*8+rank (suits H C D S, ranks 7 8 9 J Q K T A)"
BITS = "card bits as in hand"
PLACE = "one-hot by place (0 the seat itself, 1 the next in turn, ...)"

SLICES = [
    ("phase", N_PHASES, "one-hot: choose, tricks, trix, between contracts, game over"),
    ("turn", N_SEATS, f"the seat to act, {PLACE}; all 0 when nobody is"),
    ("chooser", N_SEATS, f"the chooser of this contract, {PLACE}"),
    (
        "contract",
        N_CONTRACTS,
        "one-hot: diamonds queens tricks last-trick king general trix; all 0 before it is chosen",
    ),
    ("choice", 7, "the chooser's choice number 1..7, one-hot (R3.3; 7 is the imposed one, ×4)"),
    ("contract_no", 1, "contracts begun before this one / 28"),
    ("leader", N_SEATS, f"who led the current trick (after the last, its winner), {PLACE}"),
    ("trick_no", 1, "tricks completed in this contract / 8"),
    ("led_suit", 4, "the suit led to the current trick, one-hot H C D S; all 0 when none"),
    ("trick_winner", N_SEATS, f"who holds the current trick so far, {PLACE}"),
    ("announcer", N_SEATS, f"who announced K♥ (R5.6), {PLACE}; all 0 if nobody"),
    ("out_first", N_SEATS, f"in trix, who emptied his hand first (R9.6), {PLACE}"),
    ("out_second", N_SEATS, f"in trix, who emptied his hand second, {PLACE}"),
    ("hand", N_CARDS, f"the cards the seat holds: {CARDS}"),
    ("played", N_CARDS, f"every card played this contract (in trix the layout), {BITS}"),
    *seat_slices("trick", N_CARDS, "the card on the current trick, one-hot card id", N_SEATS),
    *seat_slices("played_by", N_CARDS, f"cards played this contract, {BITS}", N_SEATS),
    *seat_slices("taken", N_CARDS, f"cards in the tricks won this contract, {BITS}", N_SEATS),
    *seat_slices("shown_out", N_CARDS, f"cards shown not held (R4.2, R9.4), {BITS}", N_SEATS),
    *seat_slices(
        "contracts_left", N_CONTRACTS, "contracts still to choose, bits in contract order", N_SEATS
    ),
    *seat_slices("choices_made", 1, "contracts chosen so far / 7", N_SEATS),
    *seat_slices("tricks_won", 1, "tricks won this contract / 8", N_SEATS),
    *seat_slices("passes", 1, f"passes in this trix / {PASS_SCALE:g}", N_SEATS),
    *seat_slices("points", 1, f"points of the contract just ended / {POINTS_SCALE:g}", N_SEATS),
    *seat_slices("total", 1, f"the game total / {TOTAL_SCALE:g}", N_SEATS),
]
SIZE = sum(length for _, length, _ in SLICES)

# the slices whose values leave [0, 1] (sim.core.observe.bounds; a Box space's bounds)
RANGES = {
    # a contract's points: at least -100 (R9.6, the -50 of R5.6); at most a 7th choice of
    # general with everything but all 8 tricks, (150 + 80 + 70 + 100 + 200) x 4 (R5.7, R7.2)
    "points": (-100 / 500, 2400 / 500),
    # totals: -100 in each of 4 trix and -50 in each of 8 king or general contracts; at most
    # 999 before a contract (R3.7) and 2,400 in it
    "total": (-800 / 1000, 3399 / 1000),
    # passes: each of a seat's passes but the last follows another seat's card (R9.4): 25
    "passes": (0.0, 25 / 10),
}

N_GLOBAL = N_ACTIONS  # cards 0..31, pass, double, no-double, 7 contracts: all can occur


@njit(cache=True)
def encode(public, seat, private, out):
    """``seat``'s tensor into ``out`` (every element), from the public slots and its hand."""
    n = N_SEATS
    at = put_one_hot(out, 0, public[S.PHASE], N_PHASES)
    at = put_one_hot(out, at, relative(seat, public[S.TURN], n), n)
    at = put_one_hot(out, at, relative(seat, public[S.CHOOSER], n), n)
    at = put_one_hot(out, at, public[S.CONTRACT], N_CONTRACTS)
    at = put_one_hot(out, at, public[S.CHOICE] - 1, 7)
    at = put_value(out, at, public[S.CONTRACT_NO], 28.0)
    at = put_one_hot(out, at, relative(seat, public[S.LEADER], n), n)
    at = put_value(out, at, public[S.TRICK_NO], 8.0)
    at = put_one_hot(out, at, public[S.LED_SUIT], 4)
    at = put_one_hot(out, at, relative(seat, public[S.TRICK_WINNER], n), n)
    at = put_one_hot(out, at, relative(seat, public[S.ANNOUNCER], n), n)
    at = put_one_hot(out, at, relative(seat, public[S.OUT_SEAT], n), n)
    at = put_one_hot(out, at, relative(seat, public[S.OUT_SEAT + 1], n), n)
    at = put_bits(out, at, private, N_CARDS)
    at = put_bits(out, at, public[S.PLAYED], N_CARDS)
    at = put_seat_one_hot(out, at, public, S.TRICK_CARDS, seat, n, N_CARDS)
    at = put_seat_bits(out, at, public, S.PLAYED_BY, seat, n, N_CARDS)
    at = put_seat_bits(out, at, public, S.TAKEN, seat, n, N_CARDS)
    at = put_seat_bits(out, at, public, S.SHOWN_OUT, seat, n, N_CARDS)
    at = put_seat_bits(out, at, public, S.REMAINING, seat, n, N_CONTRACTS)
    at = put_seat_values(out, at, public, S.CHOICES_MADE, seat, n, 7.0)
    at = put_seat_values(out, at, public, S.TRICKS_WON, seat, n, 8.0)
    at = put_seat_values(out, at, public, S.PASSES, seat, n, PASS_SCALE)
    at = put_seat_values(out, at, public, S.POINTS, seat, n, POINTS_SCALE)
    at = put_seat_values(out, at, public, S.TOTALS, seat, n, TOTAL_SCALE)
    return at


@njit(cache=True)
def to_global(public, hand, action):
    """The global id of ``action``: the action id itself (Trix's ids are already global)."""
    return action


@njit(cache=True)
def to_local(public, hand, g):
    """The action id of global id ``g`` at this decision; -1 when ``g`` belongs to no
    action of this phase (legality within the phase is the rules' to check)."""
    phase = public[S.PHASE]
    if phase == CHOOSE:
        return g if CHOOSE_BASE <= g < N_ACTIONS else -1
    if phase == TRICKS:
        return g if 0 <= g < N_CARDS or g in (DOUBLE, NO_DOUBLE) else -1
    if phase == TRIX:
        return g if 0 <= g < N_CARDS or g == PASS else -1
    return -1


def global_names() -> list[str]:
    """The record's notation of every global id, in id order (``7H`` … ``AS``, ``pass``,
    ``double``, ``no-double``, the contracts)."""
    from sim.games.trix.cards import CARD_NAMES
    from sim.games.trix.vocab import CONTRACT_NAMES

    return [CARD_NAMES[c] for c in range(N_CARDS)] + ["pass", "double", "no-double",
                                                      *CONTRACT_NAMES]  # fmt: skip
