"""Euchre cards as text (R1.2: ``TD``), hands as masks, and trump's effect on suits (R5).

A card is ``suit * 8 + rank`` (:mod:`.vocab`); the left bower is the jack of the
same-colour suit (R1.3: ``suit ^ 2``) and belongs to trump (R5.2).
"""

from sim.games.euchre5.vocab import DECK, RANKS, RJ, SUIT, SUIT_SYMBOLS, SUITS

CARD_NAMES = {s * 8 + r: RANKS[r] + SUITS[s] for s in range(4) for r in range(7)}
_CARD_INDEX = {name: card for card, name in CARD_NAMES.items()}


def card_name(card: int) -> str:
    return CARD_NAMES[card]


def card_text(card: int) -> str:
    """``18`` -> ``10♦``: the card as a person reads it."""
    name = CARD_NAMES[card]
    return ("10" if name[0] == "T" else name[0]) + SUIT_SYMBOLS[card >> 3]


def parse_card(text: str) -> int:
    """``"TD"`` (any case, ``10D`` too) -> ``18``; ValueError naming the bad text."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if t not in _CARD_INDEX:
        raise ValueError(
            f"unknown card {text!r}: write rank (8 9 T J Q K A) then suit (H C D S), e.g. TD"
        )
    return _CARD_INDEX[t]


def parse_suit(text: str) -> int:
    t = text.strip().upper()
    if len(t) != 1 or t not in SUITS:
        raise ValueError(f"unknown suit {text!r}: one of H C D S")
    return SUITS.index(t)


def cards_of(mask: int) -> list[int]:
    return [c for c in CARD_NAMES if mask >> c & 1]


def format_hand(mask: int) -> str:
    return " ".join(CARD_NAMES[c] for c in cards_of(mask))


def parse_hand(text: str) -> int:
    """Space-separated cards -> mask; ValueError on unknown or repeated cards."""
    m = 0
    for tok in text.split():
        c = parse_card(tok)
        if m >> c & 1:
            raise ValueError(f"card {tok} appears twice in {text!r}")
        m |= 1 << c
    return m


def left_bower(trump: int) -> int:
    return (trump ^ 2) * 8 + RJ


def trump_cards(trump: int) -> int:
    """R5.1, R5.2: the eight trumps."""
    return (SUIT << (8 * trump)) | (1 << left_bower(trump))


def suit_cards(suit: int, trump: int) -> int:
    """The cards of effective suit ``suit`` under ``trump`` (R5.3)."""
    if trump < 0:
        return SUIT << (8 * suit)
    if suit == trump:
        return trump_cards(trump)
    return (SUIT << (8 * suit)) & ~(1 << left_bower(trump)) & DECK


def effective_suit(card: int, trump: int) -> int:
    return trump if trump >= 0 and card == left_bower(trump) else card >> 3
