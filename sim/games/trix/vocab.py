"""Trix's vocabulary: every name, code and mask of the game, once, and no numba.

The kernels (:mod:`.rules`), the Python API (:mod:`.game`), the records, the
Parquet columns, the report and the table all import these, so a contract
number, an action id or a card mask is written in one place only. Rule numbers
are those of ``../shared/games/trix/RULES.md``.
"""

# -- R1 cards ------------------------------------------------------------------------------
# A card is ``suit * 8 + rank``: suits in the R1.4 order H C D S, ranks in the R1.2 order
# 7 8 9 J Q K T A, so one suit is eight consecutive bits of a hand mask and "higher in the
# suit" is "higher bit".
SUITS = "HCDS"
RANKS = "789JQKTA"
SUIT_SYMBOLS = "♥♣♦♠"
SUIT_NAMES = ("hearts", "clubs", "diamonds", "spades")
HEARTS, CLUBS, DIAMOND_SUIT, SPADES = range(4)
R7, R8, R9, RJ, RQ, RK, RT, RA = range(8)
N_CARDS = 32

SUIT = 0xFF  # suit 0's eight bits; suit s is SUIT << 8 * s
ALL_CARDS = 0xFFFFFFFF
DIAMOND_CARDS = SUIT << (8 * DIAMOND_SUIT)
JACKS = 0x08080808
QUEEN_CARDS = 0x10101010
ACES = 0x80808080
KING_OF_HEARTS = HEARTS * 8 + RK
KH = 1 << KING_OF_HEARTS
ACE_RANK = RA
NOT_BOTTOM = 0xFEFEFEFE  # every bit but each suit's 7: where "one up" may land (R9.3)
NOT_TOP = 0x7F7F7F7F  # every bit but each suit's ace: where "one down" may land

# -- players --------------------------------------------------------------------------------
N_SEATS = 4  # the one place the seat count is written: every module imports it

# -- phases ---------------------------------------------------------------------------------
CHOOSE = 0  # the chooser picks a contract (R3.2)
TRICKS = 1  # a trick contract is being played (R4, R5)
TRIX = 2  # the trix layout (R9)
BETWEEN = 3  # a contract has ended, the next one is not dealt yet
OVER = 4  # the game has ended (R8.1)

# -- contracts (R3.1), in record order ---------------------------------------------------------
DIAMONDS, QUEENS, TRICKS_C, LAST_TRICK, KING, GENERAL, TRIX_C = range(7)
CONTRACT_NAMES = ("diamonds", "queens", "tricks", "last-trick", "king", "general", "trix")
CONTRACT_ALIASES = {  # the seed names (RECORD.md: accepted on input)
    "dineri": DIAMONDS,
    "damet": QUEENS,
    "pli": TRICKS_C,
    "farcha": LAST_TRICK,
    "ray": KING,
    "général": GENERAL,
}
N_CONTRACTS = 7
ALL_CONTRACTS = (1 << N_CONTRACTS) - 1
TRIX_BIT = 1 << TRIX_C
N_DEALS = N_SEATS * N_CONTRACTS  # 28: 4 seats × 7 contracts (R3.2)

# -- actions --------------------------------------------------------------------------------
# 0..31 play or lay that card; then:
PASS = 32  # trix, nothing to lay (R9.4)
DOUBLE = 33  # announce K♥ (R5.6)
NO_DOUBLE = 34  # decline the announcement (not written in records)
CHOOSE_BASE = 35  # 35 + contract: pick that contract
N_ACTIONS = 42

# -- game end ---------------------------------------------------------------------------------
NOT_OVER, OVER_1000, ALL_28 = 0, 1, 2
END_NAMES = ("over-1000", "28-contracts")  # the Parquet and record names of ends 1 and 2

# -- the kernels' rows (Parquet columns: columns.py; schemas: docs/tables.md) -------------------
_SEATS = range(N_SEATS)
CONTRACT_COLUMNS = (
    "contract_no", "chooser", "choice", "contract", "forced_trix", "imposed",
    "chooser_jacks", "chooser_aces", "king_announcer",
    *(f"points_{p}" for p in _SEATS), *(f"totals_{p}" for p in _SEATS),
    *(f"tricks_{p}" for p in _SEATS),
    "stop_trick", "events", "zeroed",
    "trix_first", "trix_second", "trix_first_turns", "trix_second_turns",
    "trix_first_passes", "trix_second_passes",
)  # fmt: skip
C = {name: i for i, name in enumerate(CONTRACT_COLUMNS)}
# One row per game: the totals and ranks first (every game's row starts so), then Trix's own.
GAME_COLUMNS = (
    *(f"total_{p}" for p in _SEATS), *(f"rank_{p}" for p in _SEATS),
    "contracts", "end", "first_chooser",
)  # fmt: skip
G = {name: i for i, name in enumerate(GAME_COLUMNS)}
