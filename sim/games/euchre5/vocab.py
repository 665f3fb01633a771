"""Five-handed Euchre's vocabulary: every name, code and mask of the game, once, no numba.

Rule numbers are those of ``../shared/games/euchre5/RULES.md``.
"""

# -- R1 cards: ``suit * 8 + rank`` ------------------------------------------------------------
SUITS = "HCDS"  # R1.2
RANKS = "89TJQKA"  # R1.2; in a plain suit this is also the order, weakest first (R1.4)
SUIT_SYMBOLS = "♥♣♦♠"
SUIT_NAMES = ("hearts", "clubs", "diamonds", "spades")
HEARTS, CLUBS, DIAMONDS, SPADES = range(4)
R8, R9, RT, RJ, RQ, RK, RA = range(7)
N_CARDS = 28
SUIT = 0x7F  # the seven cards of suit 0; suit s is SUIT << 8 * s
DECK = 0x7F7F7F7F
JACKS = 0x08080808

# -- players ------------------------------------------------------------------------------------
N_SEATS = 5  # the one place the seat count is written: every module imports it
TARGET = 10  # R9.1: a total of 10 or more ends the game
MAX_DEALS = 46  # R9.4

# -- phases ---------------------------------------------------------------------------------------
BID1 = 0  # round 1: order the up card's suit, or pass (R4.1)
DISCARD = 1  # the dealer takes the up card and discards one of six (R4.2)
BID2 = 2  # round 2: name another suit, or pass; stick the dealer (R4.3, R4.4)
CALL = 3  # the maker calls a card, or goes alone (R6.1)
PLAY = 4  # five tricks (R7)
BETWEEN = 5  # a deal has ended, the next is not dealt yet
OVER = 6  # the game has ended (R9.1)

# -- actions (R11): one id space, a card id means discard / call / play by phase -----------------
PASS = 32
ORDER = 33
TRUMP_BASE = 34  # 34 + suit: trump:X in round 2
ALONE = 38
N_ACTIONS = 39
PHASE_WORDS = {DISCARD: "discard:", CALL: "call:"}  # a card id's prefix in records (R11)

# -- deal outcomes --------------------------------------------------------------------------------
WITH_PARTNER, ALONE_BY_CHOICE, ALONE_FORCED = 0, 1, 2
ALONE_NAMES = ("partner", "by-choice", "forced")
NO_CALL = -1  # the called card slot before the call, and after ``alone``
NOT_OVER, REACHED_10 = 0, 1
END_NAMES = ("reached-10",)

# -- the kernels' rows (Parquet columns: columns.py; schemas: docs/tables.md) -------------------
_SEATS = range(N_SEATS)
DEAL_COLUMNS = (
    "deal_no", "dealer", "round", "maker", "trump", "up", "exchanged", "called", "alone",
    "partner", "revealed_trick", "maker_trumps",
    *(f"tricks_{p}" for p in _SEATS), "attackers_tricks",
    *(f"points_{p}" for p in _SEATS), *(f"totals_{p}" for p in _SEATS),
)  # fmt: skip
D = {name: i for i, name in enumerate(DEAL_COLUMNS)}
GAME_COLUMNS = (
    *(f"total_{p}" for p in _SEATS), *(f"rank_{p}" for p in _SEATS),
    "deals", "end", "first_dealer",
)  # fmt: skip
G = {name: i for i, name in enumerate(GAME_COLUMNS)}
