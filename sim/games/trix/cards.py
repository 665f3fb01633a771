"""Trix cards as text: the R1.4 notation (``TD``), hands as masks and back.

A card is ``suit * 8 + rank`` (:mod:`.vocab`), so a hand is a 32-bit mask. The
notation itself is the core's (:mod:`sim.core.cards`).
"""

from sim.core.cards import Notation
from sim.games.trix.vocab import RANKS, SUIT_SYMBOLS, SUITS

NOTATION = Notation(
    RANKS, SUITS, SUIT_SYMBOLS, stride=8, listed=True, rank_words="7 8 9 T J Q K A",
    twice="card {card} appears twice in hand {text!r}",
)  # fmt: skip
CARD_NAMES = NOTATION.names
suit_of, rank_of, mask_of = NOTATION.suit_of, NOTATION.rank_of, NOTATION.mask_of
card_name, card_text, parse_card = NOTATION.card_name, NOTATION.card_text, NOTATION.parse_card
cards_of, format_hand, parse_hand = NOTATION.cards_of, NOTATION.format_hand, NOTATION.parse_hand
