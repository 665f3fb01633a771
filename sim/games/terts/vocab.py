"""Terts's vocabulary: every name, code and mask of the game, once, no numba.

Rule numbers are those of ``../shared/games/terts/RULES.md``.

A card is ``suit * 8 + rank`` with suits H C D S (0-3) and ranks in natural order
7 8 9 T J Q K A (0-7, R1.3): ``7H`` = 0, ``AH`` = 7, ``JS`` = 28. Every decision uses
one action vocabulary (ids 0-62, below); the legal mask says which apply now.
"""

# -- R1 cards ---------------------------------------------------------------------------------
SUITS = "HCDS"  # R1.2
RANKS = "789TJQKA"  # R1.2, R1.3 natural order, low to high
SUIT_SYMBOLS = "♥♣♦♠"
SUIT_NAMES = ("hearts", "clubs", "diamonds", "spades")
R7, R8, R9, RT, RJ, RQ, RK, RA = range(8)
N_CARDS = 32
DECK = (1 << 32) - 1
SUIT = 0xFF  # the eight cards of suit 0; suit s is SUIT << 8 * s
SUIT_MASKS = tuple(SUIT << (8 * s) for s in range(4))

# -- R4 ranks and card points -----------------------------------------------------------------
TRUMP_POWER = (0, 1, 6, 4, 7, 2, 3, 5)  # by rank 7..A: J 9 A 10 K Q 8 7 strongest first (R4.1)
PLAIN_POWER = (0, 1, 2, 6, 3, 4, 5, 7)  # A 10 K Q J 9 8 7 strongest first (R4.2)
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)  # R4.3, by rank
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
LAST_TRICK = 10  # R4.4
PACK_POINTS = 152

# -- players, deals, the game -------------------------------------------------------------------
N_SEATS = 2  # the one place the seat count is written: every module imports it
HAND_SIZE = 9  # R3.3
STOCK_SIZE = 13  # R3.4 cards 20-32 (the turned card is drawn after them)
N_TRICKS = 16  # R5.1
DRAW_TRICKS = 7  # R5.3 the stock lasts through tricks 1-7
TARGET = 501  # R9.1
MAX_DEALS = 7  # R9.1: every deal hands out at least 162 points

# -- phases (whose decision, and what it may be) ------------------------------------------------
LEAD = 0  # the leader: declare a meld (tricks 1-7), exchange, or lead a card
ANSWER = 1  # the follower answers the leader's meld: pass, a stronger meld, or exchange (R7.4c)
LEAD_CARD = 2  # the leader, his declaration settled: exchange or lead a card (R7.4d)
FOLLOW = 3  # the follower: exchange (tricks 1-7) or play a card
BETWEEN = 4  # a deal has ended, the next is not dealt yet
OVER = 5  # the game has ended (R9)
PHASE_NAMES = ("lead", "answer", "lead-card", "follow", "between", "over")

# -- actions: one vocabulary for every phase ------------------------------------------------------
# 0-31 play that card; SWAP; the four-of-a-kind melds; the marriage; a sequence, named by its
# top card (38 + suit * 6 + top rank - 2: the whole run of the declarer's hand that ends there,
# R7.3a, so its length is the run's); PASS (the follower does not beat).
SWAP = 32
FOUR_Q, FOUR_K, FOUR_A, FOUR_J = 33, 34, 35, 36
FOURS = (FOUR_Q, FOUR_K, FOUR_A, FOUR_J)
FOUR_RANK = {FOUR_Q: RQ, FOUR_K: RK, FOUR_A: RA, FOUR_J: RJ}
MARRIAGE = 37
SEQ = 38  # 38-61
N_SEQ = 24
PASS = 62
N_ACTIONS = 63

# -- R7 melds: kinds, points, strength ------------------------------------------------------------
# kinds in the tables: 0 none; 1-6 sequences of 3..8; 7 four queens, 8 four kings, 9 four aces,
# 10 four jacks; 11 the marriage
NO_MELD = 0
KIND_FOUR_Q, KIND_FOUR_K, KIND_FOUR_A, KIND_FOUR_J, KIND_MARRIAGE = 7, 8, 9, 10, 11
KIND_NAMES = (
    "none", "seq3", "seq4", "seq5", "seq6", "seq7", "seq8",
    "four-Q", "four-K", "four-A", "four-J", "marriage",
)  # fmt: skip
KIND_POINTS = (0, 20, 50, 100, 100, 100, 100, 100, 100, 100, 200, 20)  # R7.1
KIND_CLASS = (-1, 0, 1, 5, 6, 7, 8, 2, 3, 4, 9, -1)  # R7.5 order, weakest 0; marriage apart

# -- deal and game outcomes -----------------------------------------------------------------------
NOT_OVER, TARGET_END, BOTH_TARGET, TIE = 0, 1, 2, 3
END_NAMES = ("target", "both-target", "tie")  # R9.3

# -- the kernels' rows (Parquet columns: columns.py; schemas: docs/tables.md) ---------------------
MAX_MELDS = 7  # declarations a seat can make in a deal (one per lead of tricks 1-7)
_SEATS = range(N_SEATS)
DEAL_COLUMNS = (
    "deal_no", "dealer", "trump", "turned", "swap_seat", "swap_trick",
    *(f"{field}_{p}" for field in ("held", "declared", "scored", "beaten") for p in _SEATS),
    *(f"melds_{p}" for p in _SEATS), *(f"meld_points_{p}" for p in _SEATS),
    *(f"card_points_{p}" for p in _SEATS), "last_trick",
    *(f"points_{p}" for p in _SEATS), *(f"totals_{p}" for p in _SEATS),
)  # fmt: skip
# held/declared/scored/beaten: masks of meld kinds (bit k for KIND_NAMES[k]); held = the kinds
# the seat's hand made at some moment of tricks 1-7 (as dealt, and after each draw)
D = {name: i for i, name in enumerate(DEAL_COLUMNS)}
GAME_COLUMNS = (
    *(f"total_{p}" for p in _SEATS), *(f"rank_{p}" for p in _SEATS),
    "deals", "end", "first_dealer",
)  # fmt: skip
G = {name: i for i, name in enumerate(GAME_COLUMNS)}


def seq_action(suit: int, top: int) -> int:
    """The action declaring the run of ``suit`` whose top rank is ``top`` (2-7)."""
    return SEQ + suit * 6 + top - 2


def seq_of(action: int) -> tuple[int, int]:
    """A sequence action -> (suit, top rank)."""
    k = action - SEQ
    return k // 6, k % 6 + 2
