"""The checked Python game of five-handed Euchre: :class:`sim.core.api.Game` with its words.

Actions share one id space (:mod:`.vocab`): a card id is a discard, a call or a
play according to the phase, so names and parsing follow the phase (R11).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from sim.core.api import Game as CoreGame
from sim.core.api import IllegalActionError, mask_actions  # noqa: F401  (re-exported)
from sim.core.api import Observation as _Observation
from sim.core.words import says, whose
from sim.games.euchre5 import SPEC, rules
from sim.games.euchre5 import state as S
from sim.games.euchre5.cards import (
    CARD_NAMES,
    cards_of,
    format_hand,
    parse_card,
    parse_suit,
    suit_cards,
    trump_cards,
)
from sim.games.euchre5.vocab import (
    ALONE,
    BID1,
    BID2,
    CALL,
    DECK,
    DISCARD,
    END_NAMES,
    N_SEATS,
    ORDER,
    PASS,
    PHASE_WORDS,
    PLAY,
    SUIT_NAMES,
    SUITS,
    TRUMP_BASE,
)

WHEN = {DISCARD: "the dealer's exchange (R4.2)", CALL: "the maker's call (R6.1)"}


def action_name(action: int) -> str:
    """An action id as text, whatever the phase: ``9H``, ``pass``, ``order``, ``trump:S``,
    ``alone`` (records prefix a discard and a call: :meth:`EuchreGame.event_name`)."""
    if action in CARD_NAMES:
        return CARD_NAMES[action]
    if action == PASS:
        return "pass"
    if action == ORDER:
        return "order"
    if TRUMP_BASE <= action < TRUMP_BASE + 4:
        return f"trump:{SUITS[action - TRUMP_BASE]}"
    if action == ALONE:
        return "alone"
    raise ValueError(f"unknown action id {action}")


@dataclass
class DealResult:
    """What happened in one deal: enough to write its record."""

    number: int
    dealer: int
    hands: list[int]  # the five dealt hands as masks
    up: int
    kitty: int
    events: list[tuple[int, str]] = field(default_factory=list)  # (seat, record text)
    trump: int = -1
    maker: int = -1
    called: int | None = None
    partner: int | None = None
    tricks: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Observation(_Observation):
    """A seat's view of a deal; ``hand`` holds its cards (bits 0-31) and, for a dealer who
    exchanged, his discard (bits 32-63)."""

    phase = property(lambda self: int(self.public[S.PHASE]))
    dealer = property(lambda self: int(self.public[S.DEALER]))
    up = property(lambda self: int(self.public[S.UP_CARD]))
    trump = property(lambda self: int(self.public[S.TRUMP]))
    maker = property(lambda self: int(self.public[S.MAKER]))
    called = property(lambda self: int(self.public[S.CALLED]))
    cards = property(lambda self: int(self.hand) & DECK)
    totals = property(lambda self: [int(v) for v in self.public[S.TOTALS : S.TOTALS + N_SEATS]])


class EuchreGame(CoreGame):
    """One game of five-handed Euchre; :meth:`new` (a seed) or :meth:`from_deals` (cards)."""

    spec = SPEC
    observation_class = Observation

    def __init__(self, state: np.ndarray, deals: Callable | None = None):
        self._deals = deals
        self.history: list[DealResult] = []
        super().__init__(state)

    @classmethod
    def from_deals(cls, first_dealer: int, deals) -> EuchreGame:
        """A game with given cards: ``deals(k)`` is deal k's (five hands, up card, kitty),
        masks or cards in text."""
        state = rules.new_state()
        rules.new_game(state, np.uint64(0))
        state[S.FIRST_DEALER] = state[S.DEALER] = first_dealer
        rules.start_deal(state)
        return cls(state, deals)

    # -- reading ---------------------------------------------------------------------------
    phase = property(lambda self: int(self.state[S.PHASE]))
    dealer = property(lambda self: int(self.state[S.DEALER]))
    deal_no = property(lambda self: int(self.state[S.DEAL_NO]))
    first_dealer = property(lambda self: int(self.state[S.FIRST_DEALER]))
    trump = property(lambda self: int(self.state[S.TRUMP]))

    @property
    def totals(self) -> list[int]:
        return [int(v) for v in self.state[S.TOTALS : S.TOTALS + N_SEATS]]

    @property
    def end(self) -> str | None:
        end = int(self.state[S.END])
        return END_NAMES[end - 1] if end else None

    def hand(self, seat: int) -> int:
        return int(self.state[S.HANDS + seat])

    # -- the history records keep ---------------------------------------------------------
    def _on_deal_start(self) -> None:
        s = self.state
        k = int(s[S.DEAL_NO])
        if self._deals is not None:
            hands, up, kitty = self._deals(k)
            hands = [h if isinstance(h, int | np.integer) else _parse_cards(h) for h in hands]
            up = up if isinstance(up, int | np.integer) else parse_card(up)
            kitty = kitty if isinstance(kitty, int | np.integer) else _parse_cards(kitty)
            check_deal(hands, up, kitty)
            for p in range(N_SEATS):
                s[S.HANDS + p] = s[S.DEALT + p] = hands[p]
            s[S.UP_CARD], s[S.KITTY] = up, kitty
        self.history.append(DealResult(
            k, int(s[S.DEALER]), [int(v) for v in s[S.DEALT : S.DEALT + N_SEATS]],
            int(s[S.UP_CARD]), int(s[S.KITTY]),
        ))  # fmt: skip

    def _on_action(self, seat: int, action: int) -> None:
        self.history[-1].events.append((seat, self.event_name(action)))

    def _on_deal_end(self) -> None:
        s, d = self.state, self.history[-1]
        d.trump, d.maker = int(s[S.TRUMP]), int(s[S.MAKER])
        d.called = int(s[S.CALLED]) if s[S.CALLED] >= 0 else None
        d.partner = int(s[S.PARTNER]) if s[S.PARTNER] >= 0 else None
        d.tricks = [int(v) for v in s[S.TRICKS_WON : S.TRICKS_WON + N_SEATS]]
        d.points = [int(v) for v in s[S.POINTS : S.POINTS + N_SEATS]]
        d.totals = self.totals

    # -- words -----------------------------------------------------------------------------
    action_name = staticmethod(action_name)

    def event_name(self, action: int) -> str:
        """The action as a record writes it in the current phase (R11)."""
        prefix = PHASE_WORDS.get(self.phase, "") if action in CARD_NAMES else ""
        return prefix + action_name(action)

    def parse_action(self, text: str) -> int:
        """Record text -> action id in the current phase; ValueError says what was expected."""
        t = text.strip()
        low = t.lower()
        phase = self.phase
        word = PHASE_WORDS.get(phase)
        if low in ("pass", "order", "alone"):
            return {"pass": PASS, "order": ORDER, "alone": ALONE}[low]
        if low.startswith("trump:"):
            return TRUMP_BASE + parse_suit(t[6:])
        for phase_of, prefix in PHASE_WORDS.items():
            if low.startswith(prefix):
                if phase_of != phase:
                    raise ValueError(f"{t!r}: {prefix[:-1]} belongs to {WHEN[phase_of]}")
                return parse_card(t[len(prefix) :])
        if word is not None:
            raise ValueError(f"{t!r}: this is {WHEN[phase]}: {word}XX")
        return parse_card(t)

    def why_illegal(self, action: int, who: str | None = None) -> str:
        """The rule an illegal action breaks, in words (``who``: how to name the seat)."""
        s = self.state
        seat = int(s[S.TURN])
        who = who or f"seat {seat}"
        phase = self.phase
        card = action in CARD_NAMES
        name = action_name(action)
        if phase == BID1:
            if TRUMP_BASE <= action < TRUMP_BASE + 4:
                return "a suit is named only in round 2, once all five passed (R4.3)"
            return "round 1: pass, or order the up card's suit (R4.1)"
        if phase == DISCARD:
            if not card:
                return "the dealer now discards one of his five cards or the up card (R4.2)"
            held = says(who, "does", "do")
            return f"{held} not hold {name} (R4.2: one of his five or the up card)"
        if phase == BID2:
            if action == PASS:
                return "the dealer must name a suit when the four others passed (R4.4)"
            if TRUMP_BASE <= action < TRUMP_BASE + 4:
                suit = SUIT_NAMES[action - TRUMP_BASE]
                return f"the up card's suit, {suit}, cannot be trump after round 1 (R4.3)"
            return "round 2: pass, or name a suit other than the up card's (R4.3)"
        if phase == CALL:
            if not card:
                return "the maker calls a card or goes alone (R6.1)"
            if trump_cards(self.trump) >> action & 1:
                return f"{name} is a trump (R5.1, R5.2): the called card is not (R6.2)"
            if action == int(s[S.UP_CARD]):
                return "the up card cannot be called (R6.2)"
            return f"{name} was in {whose(who)} dealt hand: the called card is another's (R6.2)"
        if phase == PLAY:
            if not card:
                return "the bidding is over: play a card (R7)"
            if not self.hand(seat) >> action & 1:
                return f"{says(who, 'does', 'do')} not hold {name}"
            led = int(s[S.LED_SUIT])
            follow = cards_of(self.hand(seat) & suit_cards(led, self.trump))
            bower = rules.left_bower(self.trump) in (action, *follow)
            note = " (the left bower is a trump, R5.2)" if bower else ""
            return f"{who} must follow {SUIT_NAMES[led]} (R7.2){note}"
        return "the game is over"

    # -- what the invariant suite checks ------------------------------------------------------
    def _up_holder(self) -> int | None:
        """The seat that holds the up card, if one does (the dealer, after an order)."""
        up = 1 << int(self.state[S.UP_CARD])
        return next((p for p in range(N_SEATS) if self.hand(p) & up), None)

    def accounted(self) -> str | None:
        """Every card once: in a hand, played, in the kitty, discarded, or the up card."""
        s = self.state
        seen = int(s[S.PLAYED]) | int(s[S.KITTY])
        if s[S.DISCARDED_CARD] >= 0:
            seen |= 1 << int(s[S.DISCARDED_CARD])
        for p in range(N_SEATS):
            hand = self.hand(p)
            if hand & seen:
                return f"seat {p} holds {format_hand(hand & seen)}, already placed"
            seen |= hand
        up = 1 << int(s[S.UP_CARD])
        if not seen & up:
            seen |= up  # on the table (round 1), or turned down (round 2)
        if seen != DECK:
            return f"cards nowhere: {format_hand(DECK & ~seen)}"
        sizes = [bin(self.hand(p)).count("1") + bin(int(s[S.PLAYED_BY + p])).count("1")
                 for p in range(N_SEATS)]  # fmt: skip
        exchanging = self.phase == DISCARD
        for p, n in enumerate(sizes):
            if n != (6 if exchanging and p == self.dealer else 5):
                return f"seat {p} has {n} cards held or played"
        return None

    def could_hold(self, seat: int, viewer: int) -> int:
        """The cards ``seat`` may hold as ``viewer`` knows the deal (R10): unseen by him, not
        shown out (R7.2); the up card only with the dealer after an order (R4.2); never the
        called card with the maker (R6.2)."""
        s = self.state
        if seat == viewer:
            return self.hand(viewer)
        unseen = DECK & ~self.hand(viewer) & ~int(s[S.PLAYED])
        if viewer == self.dealer and s[S.DISCARDED_CARD] >= 0:
            unseen &= ~(1 << int(s[S.DISCARDED_CARD]))  # he knows his discard is buried
        mask = unseen & ~int(s[S.SHOWN_OUT + seat])
        up = 1 << int(s[S.UP_CARD])
        ordered = s[S.ROUND] == 1 and s[S.MAKER] >= 0
        if not (ordered and seat == self.dealer):
            mask &= ~up
        if seat == int(s[S.MAKER]) and s[S.CALLED] >= 0:
            mask &= ~(1 << int(s[S.CALLED]))
        return mask

    def with_hands(self, hands: list[int]) -> np.ndarray:
        state = self.state.copy()
        up = 1 << int(state[S.UP_CARD])
        ordered = state[S.ROUND] == 1 and state[S.MAKER] >= 0
        discard = 1 << int(state[S.DISCARDED_CARD]) if state[S.DISCARDED_CARD] >= 0 else 0
        for p in range(N_SEATS):
            if hands[p] != self.hand(p):
                state[S.HANDS + p] = hands[p]
                state[S.DEALT + p] = hands[p] | int(state[S.PLAYED_BY + p])
                if ordered and p == self.dealer:  # he took the up card and was dealt his discard
                    state[S.DEALT + p] = (int(state[S.DEALT + p]) | discard) & ~up
        called = int(state[S.CALLED])
        if called >= 0 and state[S.REVEALED] < 0:
            state[S.PARTNER] = next((p for p in range(N_SEATS) if hands[p] >> called & 1), -1)
        return state


GAME = EuchreGame  # the game's checked Python game, as the machinery finds it
Game = EuchreGame


def _parse_cards(text: str) -> int:
    from sim.games.euchre5.cards import parse_hand

    return parse_hand(text)


def check_deal(hands, up: int, kitty: int) -> None:
    """Five hands of 5, the up card and a kitty of 2: the 28 cards once each (R3)."""
    if len(hands) != N_SEATS:
        raise ValueError(f"a deal needs {N_SEATS} hands, got {len(hands)}")
    seen = 0
    for p, h in enumerate(hands):
        h = int(h)
        if bin(h).count("1") != 5 or h & ~DECK:
            raise ValueError(f"hand {p} has {bin(h & DECK).count('1')} cards, expected 5: "
                             f"{format_hand(h & DECK)}")  # fmt: skip
        if seen & h:
            raise ValueError(f"hand {p} repeats {format_hand(seen & h)}")
        seen |= h
    if bin(int(kitty)).count("1") != 2 or int(kitty) & ~DECK:
        raise ValueError("the kitty must hold 2 cards")
    if seen & (int(kitty) | 1 << int(up)) or int(kitty) >> int(up) & 1:
        raise ValueError("the up card and the kitty repeat a card of the hands")
    if seen | int(kitty) | 1 << int(up) != DECK:
        raise ValueError("the hands, the up card and the kitty are not the 28 cards")
