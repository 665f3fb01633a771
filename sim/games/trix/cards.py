"""Trix cards as text: the R1.4 notation (``TD``), hands as masks and back.

A card is ``suit * 8 + rank`` (:mod:`.vocab`), so a hand is a 32-bit mask.
"""

from sim.games.trix.vocab import N_CARDS, RANKS, SUIT_SYMBOLS, SUITS

CARD_NAMES = [r + s for s in SUITS for r in RANKS]
_CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}


def suit_of(card: int) -> int:
    return card >> 3


def rank_of(card: int) -> int:
    return card & 7


def card_name(card: int) -> str:
    """``22`` -> ``"TD"``."""
    return CARD_NAMES[card]


def card_text(card: int) -> str:
    """``22`` -> ``10♦``: the card as a person reads it."""
    name = CARD_NAMES[card]
    return ("10" if name[0] == "T" else name[0]) + SUIT_SYMBOLS[card >> 3]


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
    """The cards of a mask, lowest first."""
    out = []
    mask = int(mask) & ((1 << N_CARDS) - 1)
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


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
