"""The checked Python game of Toy: :class:`sim.core.api.Game` with its words and history."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from sim.core.api import Game as CoreGame
from sim.core.api import Observation as _Observation
from tests.toy import SPEC, rules
from tests.toy import state as S
from tests.toy.vocab import (
    CARD_NAMES,
    DECK,
    END_NAMES,
    FOLLOW,
    HAND_SIZE,
    LEAD,
    OVER,
    SUIT_NAMES,
    format_hand,
    parse_card,
    parse_hand,
)


@dataclass
class DealResult:
    """One deal, enough to write its record."""

    number: int
    dealer: int
    hands: list[int]  # as dealt
    events: list[tuple[int, str]] = field(default_factory=list)  # (seat, card)
    tricks: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Observation(_Observation):
    """A seat's view; ``hand`` holds its cards."""

    lead_card = property(lambda self: int(self.public[S.LEAD_CARD]))
    totals = property(lambda self: [int(v) for v in self.public[S.TOTALS : S.TOTALS + 2]])


class ToyGame(CoreGame):
    """One game of Toy: :meth:`new` (a seed) or :meth:`from_deals` (given hands)."""

    spec = SPEC
    observation_class = Observation

    def __init__(self, state: np.ndarray, deals: Callable | None = None):
        self._deals = deals
        self.history: list[DealResult] = []
        super().__init__(state)

    @classmethod
    def from_deals(cls, first_dealer: int, deals: Callable) -> ToyGame:
        """A game with given cards: ``deals(k)`` is deal k's two hands (masks or text)."""
        state = np.zeros(S.STATE_SIZE, np.int64)
        rules.new_game(state, np.uint64(0))
        state[S.FIRST_DEALER] = state[S.DEALER] = first_dealer
        return cls(state, deals)

    # -- reading ---------------------------------------------------------------------------
    phase = property(lambda self: int(self.state[S.PHASE]))
    dealer = property(lambda self: int(self.state[S.DEALER]))
    deal_no = property(lambda self: int(self.state[S.DEAL_NO]))
    first_dealer = property(lambda self: int(self.state[S.FIRST_DEALER]))
    trick_no = property(lambda self: int(self.state[S.TRICK_NO]))
    leader = property(lambda self: int(self.state[S.LEADER]))
    lead_card = property(lambda self: int(self.state[S.LEAD_CARD]))

    def _pair(self, slot: int) -> list[int]:
        return [int(v) for v in self.state[slot : slot + 2]]

    totals = property(lambda self: self._pair(S.TOTALS))
    tricks = property(lambda self: self._pair(S.TRICKS_WON))

    @property
    def end(self) -> str | None:
        end = int(self.state[S.END])
        return END_NAMES[end - 1] if end else None

    def hand(self, seat: int) -> int:
        return int(self.state[S.HANDS + seat])

    # -- history ---------------------------------------------------------------------------
    def _on_deal_start(self) -> None:
        s = self.state
        if self._deals is not None:
            hands = [parse_hand(h) if isinstance(h, str) else int(h)
                     for h in self._deals(self.deal_no)]  # fmt: skip
            check_deal(hands)
            for p in range(2):
                s[S.HANDS + p] = s[S.DEALT + p] = hands[p]
            rules.begin_play(s)  # the dealer may differ from the seed's
        self.history.append(DealResult(self.deal_no, self.dealer, self._pair(S.DEALT)))

    def _on_action(self, seat: int, action: int) -> None:
        self.history[-1].events.append((seat, CARD_NAMES[action]))

    def _on_deal_end(self) -> None:
        self.history[-1].tricks, self.history[-1].totals = self.tricks, self.totals

    # -- words -----------------------------------------------------------------------------
    def action_name(self, action: int) -> str:
        return CARD_NAMES[action] if 0 <= action < len(CARD_NAMES) else f"action {action}"

    def parse_action(self, text: str) -> int:
        return parse_card(text)

    def why_illegal(self, action: int, who: str | None = None) -> str:
        seat = int(self.state[S.TURN])
        who = who or f"seat {seat}"
        you = who == "you"
        if self.phase not in (LEAD, FOLLOW):
            return "the game is over" if self.phase == OVER else "the deal is over"
        if not 0 <= action < len(CARD_NAMES):
            return f"action {action} is no card: the actions are the cards 0-5 (R1.2)"
        hand = self.hand(seat)
        if not hand >> action & 1:
            return f"{who} {'do' if you else 'does'} not hold {CARD_NAMES[action]} (R3.1)"
        led = self.lead_card // 3
        return f"{who} {'hold' if you else 'holds'} {SUIT_NAMES[led]}: must follow suit (R3.2)"

    # -- what the invariant suite checks ---------------------------------------------------
    def accounted(self) -> str | None:
        """Every card once: in a hand or played; each seat's cards held and played add up."""
        seen = int(self.state[S.PLAYED])
        for p in range(2):
            hand = self.hand(p)
            if hand & seen:
                return f"seat {p} holds {format_hand(hand & seen)}, already placed"
            seen |= hand
        if seen != DECK:
            return f"cards nowhere: {format_hand(DECK & ~seen)}"
        for p in range(2):
            n = bin(self.hand(p)).count("1") + bin(int(self.state[S.PLAYED_BY + p])).count("1")
            if n != HAND_SIZE:
                return f"seat {p} has {n} cards held or played, not {HAND_SIZE}"
        return None

    def could_hold(self, seat: int, viewer: int) -> int:
        """Unseen by ``viewer``, and not of a suit ``seat`` has shown it lacks (R3.2)."""
        if seat == viewer:
            return self.hand(viewer)
        unseen = DECK & ~self.hand(viewer) & ~int(self.state[S.PLAYED])
        return unseen & ~int(self.state[S.SHOWN_OUT + seat])

    def with_hands(self, hands: list[int]) -> np.ndarray:
        state = self.state.copy()
        for p in range(2):
            state[S.HANDS + p] = hands[p]
            state[S.DEALT + p] = hands[p] | int(state[S.PLAYED_BY + p])
        return state


GAME = ToyGame


def check_deal(hands: list[int]) -> None:
    """Two hands of three, the six cards once each (R2.2); ValueError otherwise."""
    if len(hands) != 2:
        raise ValueError(f"a deal has 2 hands, got {len(hands)}")
    for p, h in enumerate(hands):
        if bin(h).count("1") != HAND_SIZE or h & ~DECK:
            raise ValueError(f"hand {p} has {bin(h).count('1')} cards, not 3")
    if hands[0] & hands[1]:
        raise ValueError(f"{format_hand(hands[0] & hands[1])} dealt twice")


__all__ = ["GAME", "Observation", "ToyGame"]
