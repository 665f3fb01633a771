"""Cards as integers, hands as bitmasks, and the R1.4 text notation.

A card is ``suit * 8 + rank`` with suits in the R1.4 order H C D S and ranks in
the R1.2 order 7 8 9 J Q K T A, so one suit is eight consecutive bits of a hand
mask and "higher in the suit" is "higher bit". That makes following suit, the
trick winner and the trix "next card on a pile" test single bit operations.
"""

SUITS = "HCDS"
RANKS = "789JQKTA"
SUIT_SYMBOLS = "♥♣♦♠"
SUIT_NAMES = ("hearts", "clubs", "diamonds", "spades")

HEARTS, CLUBS, DIAMONDS, SPADES = range(4)
R7, R8, R9, RJ, RQ, RK, RT, RA = range(8)

SUIT_MASK = 0xFF  # the eight bits of suit 0; shift by 8 * suit
ALL_CARDS = 0xFFFFFFFF
DIAMOND_CARDS = SUIT_MASK << (8 * DIAMONDS)
JACKS = 0x08080808
QUEENS = 0x10101010
ACES = 0x80808080
KING_OF_HEARTS = HEARTS * 8 + RK
KH_BIT = 1 << KING_OF_HEARTS

CARD_NAMES = [r + s for s in SUITS for r in RANKS]
_CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}


def suit_of(card: int) -> int:
    return card >> 3


def rank_of(card: int) -> int:
    return card & 7


def card_name(card: int) -> str:
    """``22`` -> ``"TD"``."""
    return CARD_NAMES[card]


def parse_card(text: str) -> int:
    """``"TD"`` (any case, ``10D`` too) -> ``22``; ValueError naming the bad text."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    try:
        return _CARD_INDEX[t]
    except KeyError:
        raise ValueError(
            f"unknown card {text!r}: write rank (7 8 9 T J Q K A) then suit (H C D S), e.g. TD"
        ) from None


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def format_hand(mask: int) -> str:
    """A hand mask as space-separated cards, suit by suit, low to high."""
    return " ".join(CARD_NAMES[c] for c in cards_of(mask))


def parse_hand(text: str) -> int:
    """Space-separated cards -> mask; ValueError on unknown or repeated cards."""
    m = 0
    for tok in text.split():
        c = parse_card(tok)
        if m >> c & 1:
            raise ValueError(f"card {tok} appears twice in hand {text!r}")
        m |= 1 << c
    return m
