"""Five Hundred's vocabulary: every name, code and mask of the game, once, no numba.

Rule numbers are those of ``../shared/games/five-hundred/RULES.md``.
"""

# -- R1 cards: ``suit * 11 + rank``; the joker is 44 ------------------------------------------
SUITS = "HCDS"  # R1.2; the same-colour suit (R1.3) is ``suit ^ 2``
RANKS = "456789TJQKA"  # R1.2; a plain suit's order, weakest first (R1.4)
SUIT_SYMBOLS = "♥♣♦♠"
SUIT_NAMES = ("hearts", "clubs", "diamonds", "spades")
HEARTS, CLUBS, DIAMONDS, SPADES = range(4)
R4, R5, R6, R7, R8, R9, RT, RJ, RQ, RK, RA = range(11)
JOKER = 44
N_CARDS = 43
SUIT = 0x7FF  # the eleven ranks of suit 0; suit s is SUIT << 11 * s
NO_FOURS = ~((1 << 11) | (1 << 33))  # R1.1 there is no 4C (11) and no 4S (33)
DECK = ((1 << 44) - 1) & NO_FOURS | (1 << JOKER)
SUIT_MASKS = tuple((SUIT << (11 * s)) & NO_FOURS for s in range(4))
JACKS = sum(1 << (11 * s + RJ) for s in range(4))
NO_SUIT = 4  # the joker's suit in no trumps: none (R8.1)

# -- R4 the auction: bid id = 5 * (tricks - 6) + strain -----------------------------------------
STRAINS = ("C", "D", "H", "S", "NT")  # R4.3, lowest first
STRAIN_NAMES = ("clubs", "diamonds", "hearts", "spades", "no trumps")
NO_TRUMPS = 4
STRAIN_TRUMP = (CLUBS, DIAMONDS, HEARTS, SPADES, -1)  # the trump suit of a strain, -1 for NT
N_BIDS = 25  # 6C .. 10NT (R4.4)
PASS = 25

# -- players -------------------------------------------------------------------------------------
N_SEATS = 4  # the one place the seat count is written: every module imports it
N_TEAMS = 2  # R2.1 partners sit opposite: seat p plays for team p % N_TEAMS
TEAMS = tuple(tuple(range(t, N_SEATS, N_TEAMS)) for t in range(N_TEAMS))  # ((0, 2), (1, 3))
TARGET = 500  # R10.1
FLOOR = -500  # R10.3
MAX_DEALS = 200  # R10.4

# -- phases ----------------------------------------------------------------------------------------
AUCTION = 0  # calls from the dealer's left (R4)
DISCARD = 1  # the contractor discards three of his 13 cards, one action each (R6.1)
PLAY = 2  # ten tricks (R7, R8)
BETWEEN = 3  # a deal has ended, the next is not dealt yet
OVER = 4  # the game has ended (R10)

# -- actions (phase-relative ids): a bid or PASS; a card to discard; a card to play ------------
JOKER_LEAD = 45  # 45 + suit: the joker led in no trumps, naming a suit (R8.2: ``JK=S``)
N_ACTIONS = 49

# -- deal and game outcomes ----------------------------------------------------------------------
NOT_OVER, REACHED_500, MINUS_500, DEAL_CAP = 0, 1, 2, 3
END_NAMES = ("reached-500", "minus-500", "deal-cap")  # R10.5
KITTY_HOLDER = 4  # "who held the joker": seats 0-3, or the kitty

# -- the kernels' rows (Parquet columns: columns.py; schemas: docs/tables.md) --------------------
_SEATS, _TEAMS = range(N_SEATS), range(N_TEAMS)
DEAL_COLUMNS = (
    "deal_no", "dealer", "calls", *(f"bid_{p}" for p in _SEATS), "contractor", "contract",
    *(f"tricks_{p}" for p in _SEATS), *(f"tricks_team_{t}" for t in _TEAMS),
    *(f"points_{t}" for t in _TEAMS), *(f"totals_{t}" for t in _TEAMS),
    "joker", "right_bower", "left_bower", "contractor_trumps",
)  # fmt: skip
D = {name: i for i, name in enumerate(DEAL_COLUMNS)}
GAME_COLUMNS = (
    *(f"total_{p}" for p in _SEATS), *(f"rank_{p}" for p in _SEATS),
    "deals", "end", "first_dealer", "winner",
)  # fmt: skip
G = {name: i for i, name in enumerate(GAME_COLUMNS)}


def bid_tricks(bid: int) -> int:
    return 6 + bid // 5  # R4.4


def bid_strain(bid: int) -> int:
    return bid % 5  # R4.3


def bid_value(bid: int) -> int:
    """R5.2: 100 x (tricks - 6) + 40 + 20 x the strain's position."""
    return 100 * (bid // 5) + 40 + 20 * (bid % 5)


def bid_name(bid: int) -> str:
    """``7`` -> ``7H`` (RECORD.md's spelling)."""
    return f"{bid_tricks(bid)}{STRAINS[bid_strain(bid)]}"
