"""The toy game's vocabulary: every name, code and mask once, and its card notation (R1).

No numba here: the report and the view read it too.
"""

# -- R1 cards --------------------------------------------------------------------------------
SUITS = "HS"
SUIT_NAMES = ("hearts", "spades")
RANKS = "JQK"  # low to high (R1.1)
N_CARDS = 6
DECK = (1 << N_CARDS) - 1
SUIT_MASKS = (0b000111, 0b111000)
CARD_NAMES = tuple(RANKS[c % 3] + SUITS[c // 3] for c in range(N_CARDS))  # R1.2: JH = 0

# -- seats, deals, the game -------------------------------------------------------------------
N_SEATS = 2
HAND_SIZE = 3  # R2.2
N_TRICKS = 3  # R3.1
TARGET = 6  # R4.2
MAX_DEALS = 4  # R4.2: 3 points a deal

# -- phases -----------------------------------------------------------------------------------
LEAD, FOLLOW, BETWEEN, OVER = range(4)
PHASE_NAMES = ("lead", "follow", "between", "over")

# -- game ends (R4.3) ---------------------------------------------------------------------------
NOT_OVER, TARGET_END, TIE = range(3)
END_NAMES = ("target", "tie")  # the games table's `end`, END - 1

# -- the kernels' rows (Parquet columns: columns.py) ------------------------------------------
DEAL_COLUMNS = ("deal_no", "dealer", "leader_wins", "tricks_0", "tricks_1",
                "totals_0", "totals_1")  # fmt: skip
D = {name: i for i, name in enumerate(DEAL_COLUMNS)}
GAME_COLUMNS = ("total_0", "total_1", "rank_0", "rank_1", "deals", "end", "first_dealer")
G = {name: i for i, name in enumerate(GAME_COLUMNS)}


def cards_of(mask: int) -> list[int]:
    return [c for c in range(N_CARDS) if mask >> c & 1]


def format_hand(mask: int) -> str:
    return " ".join(CARD_NAMES[c] for c in cards_of(mask))


def parse_card(text: str) -> int:
    """``"qs"`` -> 3 + 1 = 4; ValueError naming the bad text."""
    t = text.strip().upper()
    if t not in CARD_NAMES:
        raise ValueError(f"unknown card {text!r}: write rank (J Q K) then suit (H S), e.g. QS "
                         "(R1.1)")  # fmt: skip
    return CARD_NAMES.index(t)


def parse_hand(text: str) -> int:
    mask = 0
    for word in text.split():
        card = parse_card(word)
        if mask >> card & 1:
            raise ValueError(f"{word} appears twice in {text!r}")
        mask |= 1 << card
    return mask
