"""Five Hundred cards as text (R1.2: ``TD``, ``JK``), hands as masks, and a contract's effect
on suits (R1.3-R1.5, R8.1).

A card is ``suit * 11 + rank`` and the joker 44 (:mod:`.vocab`); the left bower is the
jack of the same-colour suit (``suit ^ 2``). ``trump`` is a suit, or -1 in no trumps. The
notation itself is the core's (:mod:`sim.core.cards`).
"""

from sim.core.cards import Notation
from sim.games.five_hundred.vocab import DECK, JOKER, RANKS, RJ, SUIT_MASKS, SUIT_SYMBOLS, SUITS

NOTATION = Notation(
    RANKS, SUITS, SUIT_SYMBOLS, stride=11,
    missing=[c for c in range(JOKER) if not DECK >> c & 1],  # R1.1 no 4C, no 4S
    extra={JOKER: ("JK", "Joker")},
    rank_words="4-9 T J Q K A",
    missing_why=" (there are no black fours, R1.1)",
    after=", or JK for the joker",
)  # fmt: skip
CARD_NAMES = NOTATION.names
card_name, card_text, parse_card = NOTATION.card_name, NOTATION.card_text, NOTATION.parse_card
parse_suit, cards_of = NOTATION.parse_suit, NOTATION.cards_of
format_hand, parse_hand = NOTATION.format_hand, NOTATION.parse_hand


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
