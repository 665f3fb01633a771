"""Card notation every game shares: a card as rank then suit (``TD``, ``10D`` accepted),
a hand as a mask of card ids, and back.

A game's ``cards.py`` makes one :class:`Notation` from its ranks, suits and numbering
(``suit * stride + rank``) and exposes its methods under the game's own names; the
wording of its errors (which the game's tests check) is given to the notation. Plain
Python, no numba.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


class Notation:
    """One game's card notation.

    ``ranks`` and ``suits`` are letters in id order (card ``suit * stride + rank``);
    ``missing`` ids are no cards (Five Hundred's black fours); ``extra`` maps an id outside
    the suits to its name and text (Five Hundred's joker: ``{44: ("JK", "Joker")}``).
    ``listed`` keeps the names as a list indexed by id (Trix's ``CARD_NAMES`` is one).
    The error words: ``rank_words`` (the ranks as the message lists them, by default the
    letters in id order), ``missing_why`` (said of a missing card's name), ``after`` (after
    the ``e.g. TD`` example) and ``twice`` (a repeated card: ``{card}``, ``{text!r}``).
    """

    def __init__(
        self,
        ranks: str,
        suits: str,
        symbols: str,
        *,
        stride: int,
        missing: Iterable[int] = (),
        extra: Mapping[int, tuple[str, str]] | None = None,
        listed: bool = False,
        rank_words: str | None = None,
        missing_why: str = "",
        after: str = "",
        twice: str = "card {card} appears twice in {text!r}",
    ):
        missing, extra = set(missing), dict(extra or {})
        names = {
            s * stride + r: rank + suit
            for s, suit in enumerate(suits)
            for r, rank in enumerate(ranks)
            if s * stride + r not in missing
        }
        names.update({card: name for card, (name, _) in extra.items()})
        names = dict(sorted(names.items()))
        if listed and list(names) != list(range(len(names))):
            raise ValueError("listed card names need the ids 0 .. n-1")
        self.names: dict[int, str] | list[str] = list(names.values()) if listed else names
        self.stride, self.suits, self.symbols = stride, suits, symbols
        self.texts = {card: text for card, (_, text) in extra.items()}
        self.deck = sum(1 << card for card in names)
        self._index = {name: card for card, name in names.items()}
        self._missing = {ranks[c % stride] + suits[c // stride] for c in missing}
        self._unknown = (
            f"write rank ({rank_words or ' '.join(ranks)}) then suit ({' '.join(suits)}), "
            f"e.g. TD{after}"
        )
        self._missing_why, self._twice = missing_why, twice

    def suit_of(self, card: int) -> int:
        return card // self.stride

    def rank_of(self, card: int) -> int:
        return card % self.stride

    def card_name(self, card: int) -> str:
        """``22`` -> ``"TD"`` (in Trix's numbering)."""
        return self.names[card]

    def card_text(self, card: int) -> str:
        """``22`` -> ``10♦``: the card as a person reads it."""
        if card in self.texts:
            return self.texts[card]
        name = self.names[card]
        return ("10" if name[0] == "T" else name[0]) + self.symbols[card // self.stride]

    def parse_card(self, text: str) -> int:
        """``"TD"`` (any case, ``10D`` too) -> its id; ValueError naming the bad text."""
        t = text.strip().upper()
        if t.startswith("10"):
            t = "T" + t[2:]
        if t not in self._index:
            why = self._missing_why if t in self._missing else ""
            raise ValueError(f"unknown card {text!r}{why}: {self._unknown}")
        return self._index[t]

    def parse_suit(self, text: str) -> int:
        """``"d"`` -> the suit's number; ValueError naming the bad text."""
        t = text.strip().upper()
        if len(t) != 1 or t not in self.suits:
            raise ValueError(f"unknown suit {text!r}: one of {' '.join(self.suits)}")
        return self.suits.index(t)

    @staticmethod
    def mask_of(cards: Iterable[int]) -> int:
        m = 0
        for c in cards:
            m |= 1 << c
        return m

    def cards_of(self, mask: int) -> list[int]:
        """The cards of a mask, lowest first (bits that are no card are ignored)."""
        out = []
        mask = int(mask) & self.deck
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def format_hand(self, mask: int) -> str:
        """A hand mask as space-separated cards, suit by suit, low to high."""
        return " ".join(self.names[c] for c in self.cards_of(mask))

    def parse_hand(self, text: str) -> int:
        """Space-separated cards -> mask; ValueError on unknown or repeated cards."""
        m = 0
        for tok in text.split():
            c = self.parse_card(tok)
            if m >> c & 1:
                raise ValueError(self._twice.format(card=tok, text=text))
            m |= 1 << c
        return m
