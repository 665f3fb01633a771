"""The checked Python game of Five Hundred: :class:`sim.core.api.Game` with its words.

Action ids are relative to the phase (:mod:`.vocab`): a bid id or PASS in the
auction, a card id in the exchange and in play (plus ``JK=X``, 45-48, for the joker
led in no trumps), so names and parsing follow the phase (RECORD.md's actions).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from sim.core.api import Game as CoreGame
from sim.core.api import IllegalActionError, mask_actions  # noqa: F401  (re-exported)
from sim.core.api import Observation as _Observation
from sim.core.words import says
from sim.games.five_hundred import SPEC, rules
from sim.games.five_hundred import state as S
from sim.games.five_hundred.cards import (
    CARD_NAMES,
    format_hand,
    left_bower,
    parse_card,
    parse_hand,
    parse_suit,
    suit_cards,
)
from sim.games.five_hundred.vocab import (
    AUCTION,
    DECK,
    DISCARD,
    END_NAMES,
    JOKER,
    JOKER_LEAD,
    N_BIDS,
    N_SEATS,
    N_TEAMS,
    PASS,
    PLAY,
    STRAINS,
    SUIT_NAMES,
    SUITS,
    TEAMS,
    bid_name,
)

BID_IDS = {bid_name(b): b for b in range(N_BIDS)}


def action_name(action: int, phase: int) -> str:
    """An action id as RECORD.md writes it in ``phase``: ``pass``, ``bid:7H``,
    ``discard:9C``, ``TD``, ``JK``, ``JK=S``."""
    if phase == AUCTION:
        if action == PASS:
            return "pass"
        if 0 <= action < N_BIDS:
            return "bid:" + bid_name(action)
    elif phase == DISCARD:
        if action in CARD_NAMES:
            return "discard:" + CARD_NAMES[action]
    elif action in CARD_NAMES:
        return CARD_NAMES[action]
    elif JOKER_LEAD <= action < JOKER_LEAD + 4:
        return "JK=" + SUITS[action - JOKER_LEAD]
    raise ValueError(f"action id {action} means nothing in this phase")


def parse_bid(text: str) -> int:
    """``7H`` (any case) -> its bid id; ValueError naming the 25 bids."""
    t = text.strip().upper()
    if t not in BID_IDS:
        raise ValueError(f"unknown bid {text!r}: tricks 6-10 then C, D, H, S or NT, e.g. 7H "
                         "(R4.2, R4.4)")  # fmt: skip
    return BID_IDS[t]


@dataclass
class DealResult:
    """What happened in one deal: enough to write its record."""

    number: int
    dealer: int
    hands: list[int]  # the four dealt hands as masks
    kitty: int
    events: list[tuple[int, str]] = field(default_factory=list)  # (seat, record text)
    contractor: int | None = None
    bid: int | None = None
    tricks: list[int] = field(default_factory=list)  # per team
    points: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Observation(_Observation):
    """A seat's view of a deal; ``hand`` holds its cards (bits 0-44) and, for the contractor,
    his discards (six bits each from bit 45: ``card + 1``)."""

    phase = property(lambda self: int(self.public[S.PHASE]))
    dealer = property(lambda self: int(self.public[S.DEALER]))
    contractor = property(lambda self: int(self.public[S.CONTRACTOR]))
    high_bid = property(lambda self: int(self.public[S.HIGH_BID]))
    trump = property(lambda self: int(self.public[S.TRUMP]))
    cards = property(lambda self: int(self.hand) & DECK)
    totals = property(lambda self: [int(v) for v in self.public[S.TOTALS : S.TOTALS + N_TEAMS]])


class FiveHundredGame(CoreGame):
    """One game of Five Hundred; :meth:`new` (a seed) or :meth:`from_deals` (given cards)."""

    spec = SPEC
    observation_class = Observation

    def __init__(self, state: np.ndarray, deals: Callable | None = None):
        self._deals = deals
        self.history: list[DealResult] = []
        super().__init__(state)

    @classmethod
    def from_deals(cls, first_dealer: int, deals) -> FiveHundredGame:
        """A game with given cards: ``deals(k)`` is deal k's (four hands, kitty), each a mask,
        a list of card ids or cards in text."""
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
    contractor = property(lambda self: int(self.state[S.CONTRACTOR]))
    high_bid = property(lambda self: int(self.state[S.HIGH_BID]))

    @property
    def totals(self) -> list[int]:
        """The two team totals, ``[team 0, team 1]`` (R2.1)."""
        return [int(v) for v in self.state[S.TOTALS : S.TOTALS + N_TEAMS]]

    @property
    def team_tricks(self) -> list[int]:
        won = self.state[S.TRICKS_WON : S.TRICKS_WON + N_SEATS]
        return [int(sum(won[p] for p in team)) for team in TEAMS]

    @property
    def end(self) -> str | None:
        end = int(self.state[S.END])
        return END_NAMES[end - 1] if end else None

    def hand(self, seat: int) -> int:
        return int(self.state[S.HANDS + seat])

    def voids(self, seat: int) -> list[int]:
        """The suits ``seat`` has shown void in this deal (R7.2)."""
        return [s for s in range(4) if self.state[S.VOIDS + seat] >> s & 1]

    # -- the history records keep ---------------------------------------------------------
    def _on_deal_start(self) -> None:
        s = self.state
        k = int(s[S.DEAL_NO])
        if self._deals is not None:
            hands, kitty = self._deals(k)
            hands = [as_mask(h) for h in hands]
            kitty = as_mask(kitty)
            check_deal(hands, kitty)
            for p in range(N_SEATS):
                s[S.HANDS + p] = s[S.DEALT + p] = hands[p]
            s[S.KITTY] = kitty
        self.history.append(DealResult(
            k, int(s[S.DEALER]), [int(v) for v in s[S.DEALT : S.DEALT + N_SEATS]], int(s[S.KITTY]),
        ))  # fmt: skip

    def _on_action(self, seat: int, action: int) -> None:
        self.history[-1].events.append((seat, self.event_name(action)))

    def _on_deal_end(self) -> None:
        s, d = self.state, self.history[-1]
        if s[S.CONTRACTOR] >= 0:
            d.contractor, d.bid = int(s[S.CONTRACTOR]), int(s[S.HIGH_BID])
        d.tricks = self.team_tricks
        d.points = [int(v) for v in s[S.POINTS : S.POINTS + N_TEAMS]]
        d.totals = self.totals

    # -- words -----------------------------------------------------------------------------
    def action_name(self, action: int) -> str:
        """The action as text in the current phase (what a record writes)."""
        try:
            return action_name(action, self.phase)
        except ValueError:
            return f"action {action}"

    def parse_action(self, text: str) -> int:
        """Record text -> action id in the current phase; ValueError says what was expected.
        Lenient for people (any case, ``10D``); replay checks the exact spelling first."""
        t = text.strip()
        low = t.lower()
        phase = self.phase
        if phase == AUCTION:
            if low == "pass":
                return PASS
            if low.startswith("bid:"):
                return parse_bid(t[4:])
            raise ValueError(f"{t!r}: this is the auction: pass, or bid:XX (6C ... 10NT) (R4)")
        if phase == DISCARD:
            if low.startswith("discard:"):
                return parse_card(t[8:])
            raise ValueError(f"{t!r}: the contractor now discards: discard:XX (R6.1)")
        if phase == PLAY:
            if low in ("pass",) or low.startswith(("bid:", "discard:")):
                raise ValueError(f"{t!r}: the auction and the exchange are over: play a card (R7)")
            if low.startswith("jk="):
                return JOKER_LEAD + parse_suit(t[3:])
            return parse_card(t)
        raise ValueError(f"{t!r}: the game is over")

    def why_illegal(self, action: int, who: str | None = None) -> str:
        """The rule an illegal action breaks, in words (``who``: how to name the seat)."""
        s = self.state
        seat = int(s[S.TURN])
        who = who or f"seat {seat}"
        phase = self.phase
        if phase == AUCTION:
            high = self.high_bid
            if not 0 <= action < N_BIDS:
                return "the auction: pass, or bid tricks (6-10) and a strain (R4.1, R4.2)"
            if high == N_BIDS - 1:
                return "after a bid of 10NT the others can only pass (R4.6)"
            return (f"a bid must be higher than the standing {bid_name(high)}: more tricks, or "
                    "as many in a higher strain, C < D < H < S < NT (R4.4)")  # fmt: skip
        if phase == DISCARD:
            if action not in CARD_NAMES:
                return "the contractor now discards three of his 13 cards (R6.1)"
            return f"{says(who, 'does', 'do')} not hold {CARD_NAMES[action]} (R6.1)"
        if phase == PLAY:
            return self._why_not_play(action, who)
        return "the game is over"

    def _why_not_play(self, action: int, who: str) -> str:
        s = self.state
        seat = int(s[S.TURN])
        trump = self.trump
        hand = self.hand(seat)
        leading = s[S.TRICK_LEN] == 0
        if JOKER_LEAD <= action < JOKER_LEAD + 4:
            if trump >= 0:
                return "in a trump contract the joker is led as plain JK, naming no suit (R8.2)"
            if not hand >> JOKER & 1:
                return f"{says(who, 'does', 'do')} not hold the joker"
            if not leading:
                return "a suit is named only with the joker's lead (R8.2): play JK"
            suit = SUIT_NAMES[action - JOKER_LEAD]
            return f"{who} showed void in {suit} in this deal: name another suit (R8.3)"
        if action not in CARD_NAMES:
            return "the auction is over: play a card (R7)"
        name = CARD_NAMES[action]
        if s[S.DISCARDED] >> action & 1:
            return f"{name} was discarded: it is out of play (R6.2)"
        if not hand >> action & 1:
            return f"{says(who, 'does', 'do')} not hold {name}"
        if leading and action == JOKER:
            return "the joker leads in no trumps naming a suit: JK=H, JK=C, JK=D or JK=S (R8.2)"
        follow = int(s[S.TO_FOLLOW])
        if trump < 0:
            note = " (the joker has no suit in no trumps, R8.1)" if action == JOKER else ""
        else:
            lb = left_bower(trump)
            special = 1 << JOKER | 1 << lb
            tricky = action in (JOKER, lb) or hand & suit_cards(follow, trump) & special
            note = " (the joker and the left bower are trumps, R7.3)" if tricky else ""
        return f"{who} must follow {SUIT_NAMES[follow]} (R7.2){note}"

    def event_name(self, action: int) -> str:
        return action_name(action, self.phase)

    # -- what the invariant suite checks ------------------------------------------------------
    def _kitty_taken(self) -> bool:
        return int(self.state[S.CONTRACTOR]) >= 0 and self.phase != AUCTION

    def accounted(self) -> str | None:
        """Every card once: in a hand, played, in the kitty or discarded."""
        s = self.state
        seen = int(s[S.PLAYED]) | int(s[S.DISCARDED])
        if not self._kitty_taken():
            seen |= int(s[S.KITTY])
        elif int(s[S.DISCARDED]) & ~(int(s[S.KITTY]) | int(s[S.DEALT + self.contractor])):
            return "a discard was neither the contractor's nor the kitty's"
        for p in range(N_SEATS):
            hand = self.hand(p)
            if hand & seen:
                return f"seat {p} holds {format_hand(hand & seen)}, already placed"
            seen |= hand
        if seen != DECK:
            return f"cards nowhere: {format_hand(DECK & ~seen)}"
        for p in range(N_SEATS):
            n = bin(self.hand(p)).count("1") + bin(int(s[S.PLAYED_BY + p])).count("1")
            want = 10
            if p == self.contractor and self.phase == DISCARD:
                want = 13 - int(s[S.DISCARDS])
            if n != want:
                return f"seat {p} has {n} cards held or played, not {want}"
        return None

    def shown_out(self, seat: int) -> int:
        """The cards ``seat`` has shown it cannot hold: every suit it showed void in (R7.2)."""
        mask = 0
        for suit in self.voids(seat):
            mask |= suit_cards(suit, self.trump)
        return mask

    def could_hold(self, seat: int, viewer: int) -> int:
        """The cards ``seat`` may hold as ``viewer`` knows the deal (R11): unseen by him (the
        contractor knows his discards), not of a suit ``seat`` showed void in (R7.2)."""
        s = self.state
        if seat == viewer:
            return self.hand(viewer)
        unseen = DECK & ~self.hand(viewer) & ~int(s[S.PLAYED])
        if viewer == self.contractor:
            unseen &= ~int(s[S.DISCARDED])
        return unseen & ~self.shown_out(seat)

    def with_hands(self, hands: list[int]) -> np.ndarray:
        state = self.state.copy()
        for p in range(N_SEATS):
            if hands[p] != self.hand(p):
                state[S.HANDS + p] = hands[p]
                state[S.DEALT + p] = hands[p] | int(state[S.PLAYED_BY + p])
        return state


GAME = FiveHundredGame  # the game's checked Python game, as the machinery finds it
Game = FiveHundredGame


def as_mask(cards) -> int:
    """A hand given as a mask, a list of card ids or text."""
    if isinstance(cards, str):
        return parse_hand(cards)
    if isinstance(cards, int | np.integer):
        return int(cards)
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def check_deal(hands, kitty: int) -> None:
    """Four hands of 10 and a kitty of 3: the 43 cards once each (R1.1, R3.2)."""
    if len(hands) != N_SEATS:
        raise ValueError(f"a deal needs {N_SEATS} hands, got {len(hands)}")
    seen = 0
    for p, h in enumerate(hands):
        h = int(h)
        if bin(h).count("1") != 10 or h & ~DECK:
            raise ValueError(f"hand {p} has {bin(h & DECK).count('1')} cards, expected 10: "
                             f"{format_hand(h & DECK)}")  # fmt: skip
        if seen & h:
            raise ValueError(f"hand {p} repeats {format_hand(seen & h)}")
        seen |= h
    kitty = int(kitty)
    if bin(kitty).count("1") != 3 or kitty & ~DECK:
        raise ValueError("the kitty must hold 3 cards")
    if seen & kitty:
        raise ValueError(f"the kitty repeats {format_hand(seen & kitty)} of the hands")
    if seen | kitty != DECK:
        raise ValueError("the hands and the kitty are not the 43 cards")


__all__ = ["GAME", "STRAINS", "FiveHundredGame", "Observation", "action_name", "parse_bid"]
