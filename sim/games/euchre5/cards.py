"""Euchre cards as text (R1.2: ``TD``), hands as masks, and trump's effect on suits (R5).

A card is ``suit * 8 + rank`` (:mod:`.vocab`); the left bower is the jack of the
same-colour suit (R1.3: ``suit ^ 2``) and belongs to trump (R5.2). The notation itself
is the core's (:mod:`sim.core.cards`).
"""

from sim.core.cards import Notation
from sim.games.euchre5.vocab import DECK, RANKS, RJ, SUIT, SUIT_SYMBOLS, SUITS

NOTATION = Notation(RANKS, SUITS, SUIT_SYMBOLS, stride=8)
CARD_NAMES = NOTATION.names
card_name, card_text, parse_card = NOTATION.card_name, NOTATION.card_text, NOTATION.parse_card
parse_suit, cards_of = NOTATION.parse_suit, NOTATION.cards_of
format_hand, parse_hand = NOTATION.format_hand, NOTATION.parse_hand


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
