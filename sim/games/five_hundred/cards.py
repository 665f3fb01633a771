"""Five Hundred cards as text (R1.2: ``TD``, ``JK``), hands as masks, and a contract's effect
on suits (R1.3-R1.5, R8.1).

A card is ``suit * 11 + rank`` and the joker 44 (:mod:`.vocab`); the left bower is the
jack of the same-colour suit (``suit ^ 2``). ``trump`` is a suit, or -1 in no trumps.
"""

from sim.games.five_hundred.vocab import (
    DECK,
    JOKER,
    RANKS,
    RJ,
    SUIT_MASKS,
    SUIT_SYMBOLS,
    SUITS,
)

CARD_NAMES = {c: RANKS[c % 11] + SUITS[c // 11] for c in range(44) if DECK >> c & 1}
CARD_NAMES[JOKER] = "JK"
_CARD_INDEX = {name: card for card, name in CARD_NAMES.items()}


def card_name(card: int) -> str:
    return CARD_NAMES[card]


def card_text(card: int) -> str:
    """``31`` -> ``10♦``: the card as a person reads it (the joker: ``Joker``)."""
    if card == JOKER:
        return "Joker"
    name = CARD_NAMES[card]
    return ("10" if name[0] == "T" else name[0]) + SUIT_SYMBOLS[card // 11]


def parse_card(text: str) -> int:
    """``"TD"`` (any case, ``10D`` too) -> ``28``; ValueError naming the bad text."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if t not in _CARD_INDEX:
        black_four = t in ("4C", "4S")
        why = " (there are no black fours, R1.1)" if black_four else ""
        raise ValueError(f"unknown card {text!r}{why}: write rank (4-9 T J Q K A) then suit "
                         "(H C D S), e.g. TD, or JK for the joker")  # fmt: skip
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
    return (trump ^ 2) * 11 + RJ


def trump_cards(trump: int) -> int:
    """R1.3, R8.1: the trumps (in no trumps, the joker alone)."""
    if trump < 0:
        return 1 << JOKER
    return SUIT_MASKS[trump] | (1 << left_bower(trump)) | (1 << JOKER)


def suit_cards(suit: int, trump: int) -> int:
    """The cards of effective suit ``suit`` (R1.5; in no trumps the joker has none, R8.1)."""
    if trump < 0:
        return SUIT_MASKS[suit]
    if suit == trump:
        return trump_cards(trump)
    return SUIT_MASKS[suit] & ~(1 << left_bower(trump))
