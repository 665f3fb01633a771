"""Terts cards as text (R1.2: ``TD``, ``JH``), hands as masks, melds as text (RECORD.md).

A card is ``suit * 8 + rank``, ranks in natural order 7 8 9 T J Q K A (:mod:`.vocab`). The
notation itself is the core's (:mod:`sim.core.cards`).
"""

from sim.core.cards import Notation
from sim.games.terts.vocab import (
    FOUR_RANK,
    FOURS,
    MARRIAGE,
    N_SEQ,
    PASS,
    RANKS,
    SEQ,
    SUIT_SYMBOLS,
    SUITS,
    SWAP,
    seq_action,
    seq_of,
)

NOTATION = Notation(
    RANKS, SUITS, SUIT_SYMBOLS, stride=8, after=" (R1.2)", twice="{card} appears twice in {text!r}"
)
CARD_NAMES = NOTATION.names
FOUR_NAMES = {a: "four-" + RANKS[FOUR_RANK[a]] for a in FOURS}
_FOUR_INDEX = {name: a for a, name in FOUR_NAMES.items()}
card_name, card_text, parse_card = NOTATION.card_name, NOTATION.card_text, NOTATION.parse_card
parse_suit, cards_of = NOTATION.parse_suit, NOTATION.cards_of
format_hand, parse_hand = NOTATION.format_hand, NOTATION.parse_hand


def run_length(hand: int, suit: int, top: int) -> int:
    """How many cards the run of ``hand`` in ``suit`` ending at rank ``top`` has (R7.3a)."""
    n = 0
    while top - n >= 0 and hand >> (suit * 8 + top - n) & 1:
        n += 1
    return n


def meld_name(action: int, hand: int) -> str:
    """A meld action as RECORD.md writes it, declared from ``hand``: ``seq3-JH``, ``four-J``."""
    if action == MARRIAGE:
        return "marriage"
    if action in FOUR_NAMES:
        return FOUR_NAMES[action]
    if SEQ <= action < SEQ + N_SEQ:
        suit, top = seq_of(action)
        return f"seq{run_length(hand, suit, top)}-{CARD_NAMES[suit * 8 + top]}"
    raise ValueError(f"action id {action} is no meld")


def parse_meld(text: str) -> tuple[int, int | None]:
    """``seq3-JH`` -> (its action, 3); ``four-J`` -> (action, None); ValueError if malformed
    (RECORD.md: ``seq3-8S``, ``seq9-AS`` and ``four-T`` are malformed)."""
    t = text.strip()
    low = t.lower()
    if low == "marriage":
        return MARRIAGE, None
    for name, action in _FOUR_INDEX.items():
        if low == name.lower():
            return action, None
    if low.startswith("seq") and "-" in t:
        n, _, top = t[3:].partition("-")
        try:
            card = parse_card(top)
        except ValueError:
            card = -1
        if n in "345678" and len(n) == 1 and card >= 0 and card % 8 >= int(n) - 1:
            return seq_action(card // 8, card % 8), int(n)
        raise ValueError(f"{t!r} is no sequence: seqN-TOP with N 3-8 and a top card N-1 "
                         "ranks above the 7 (e.g. seq3-9H = 7-8-9 of hearts) (R7.1)")  # fmt: skip
    raise ValueError(f"{t!r} is no meld: seqN-TOP, four-A, four-K, four-Q, four-J or "
                     "marriage (R7.1)")  # fmt: skip


def action_word(action: int, hand: int) -> str:
    """Any action as RECORD.md writes it for a seat holding ``hand``."""
    if 0 <= action < 32:
        return CARD_NAMES[action]
    if action == SWAP:
        return "swap"
    if action == PASS:
        return "pass"
    return meld_name(action, hand)
