"""The checked Python game of Terts: :class:`sim.core.api.Game` with its words.

One action vocabulary serves every decision (:mod:`.vocab`): a card, ``swap``, a meld
or ``pass``. A sequence is named by its top card and declared whole (R7.3a), so its
text (``seq4-QD``) depends on the hand: names and parsing read the seat to act.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from sim.core.api import Game as CoreGame
from sim.core.api import IllegalActionError, mask_actions  # noqa: F401  (re-exported)
from sim.core.api import Observation as _Observation
from sim.games.terts import SPEC, rules
from sim.games.terts import state as S
from sim.games.terts.cards import (
    CARD_NAMES,
    action_word,
    format_hand,
    meld_name,
    parse_card,
    parse_hand,
    parse_meld,
    run_length,
)
from sim.games.terts.vocab import (
    ANSWER,
    DECK,
    DRAW_TRICKS,
    END_NAMES,
    FOLLOW,
    FOUR_RANK,
    HAND_SIZE,
    LEAD,
    LEAD_CARD,
    MARRIAGE,
    N_SEATS,
    OVER,
    PASS,
    RANKS,
    RJ,
    SEQ,
    STOCK_SIZE,
    SUIT_MASKS,
    SUIT_NAMES,
    SWAP,
    seq_of,
)

FOUR_WORDS = {"Q": "queens", "K": "kings", "A": "aces", "J": "jacks"}


@dataclass
class DealResult:
    """What happened in one deal: enough to write its record."""

    number: int
    dealer: int
    hands: list[int]  # the two dealt hands as masks
    turned: int
    stock: list[int]  # the 13 stock cards, top first
    events: list[tuple[int, str]] = field(default_factory=list)  # (seat, record text)
    card_points: list[int] = field(default_factory=list)
    meld_points: list[int] = field(default_factory=list)
    last_trick: int = -1
    points: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Observation(_Observation):
    """A seat's view of a deal; ``hand`` holds its cards (bits 0-31)."""

    phase = property(lambda self: int(self.public[S.PHASE]))
    dealer = property(lambda self: int(self.public[S.DEALER]))
    trump = property(lambda self: int(self.public[S.TRUMP]))
    turned = property(lambda self: int(self.public[S.TURNED]))
    trick_no = property(lambda self: int(self.public[S.TRICK_NO]))
    lead_card = property(lambda self: int(self.public[S.LED_CARD]))
    totals = property(lambda self: [int(v) for v in self.public[S.TOTALS : S.TOTALS + N_SEATS]])


class TertsGame(CoreGame):
    """One game of Terts; :meth:`new` (a seed) or :meth:`from_deals` (given cards)."""

    spec = SPEC
    observation_class = Observation

    def __init__(self, state: np.ndarray, deals: Callable | None = None):
        self._deals = deals
        self.history: list[DealResult] = []
        super().__init__(state)

    @classmethod
    def from_deals(cls, first_dealer: int, deals) -> TertsGame:
        """A game with given cards: ``deals(k)`` is deal k's (two hands, turned card, stock in
        draw order), each hand a mask, a list of card ids or text."""
        state = rules.new_state()
        rules.new_game(state, np.uint64(0))
        state[S.FIRST_DEALER] = state[S.DEALER] = first_dealer
        return cls(state, deals)

    # -- reading ---------------------------------------------------------------------------
    phase = property(lambda self: int(self.state[S.PHASE]))
    dealer = property(lambda self: int(self.state[S.DEALER]))
    deal_no = property(lambda self: int(self.state[S.DEAL_NO]))
    first_dealer = property(lambda self: int(self.state[S.FIRST_DEALER]))
    trump = property(lambda self: int(self.state[S.TRUMP]))
    turned = property(lambda self: int(self.state[S.TURNED]))
    bottom = property(lambda self: int(self.state[S.BOTTOM]))
    trick_no = property(lambda self: int(self.state[S.TRICK_NO]))
    leader = property(lambda self: int(self.state[S.LEADER]))
    lead_card = property(lambda self: int(self.state[S.LED_CARD]))

    def _pair(self, slot: int) -> list[int]:
        return [int(v) for v in self.state[slot : slot + N_SEATS]]

    totals = property(lambda self: self._pair(S.TOTALS))
    card_points = property(lambda self: self._pair(S.CARD_POINTS))
    meld_points = property(lambda self: self._pair(S.MELD_POINTS))

    @property
    def end(self) -> str | None:
        end = int(self.state[S.END])
        return END_NAMES[end - 1] if end else None

    def hand(self, seat: int) -> int:
        return int(self.state[S.HANDS + seat])

    def stock_left(self) -> list[int]:
        """The face-down stock still to draw, top first (private: tests and records only)."""
        drawn = int(self.state[S.DRAWN])
        return [int(c) for c in self.state[S.STOCK + drawn : S.STOCK + STOCK_SIZE]]

    # -- the history records keep ---------------------------------------------------------
    def _on_deal_start(self) -> None:
        s = self.state
        k = int(s[S.DEAL_NO])
        if self._deals is not None:
            hands, turned, stock = self._deals(k)
            hands = [as_mask(h) for h in hands]
            turned = parse_card(turned) if isinstance(turned, str) else int(turned)
            stock = as_list(stock)
            check_deal(hands, turned, stock)
            for p in range(N_SEATS):
                s[S.HANDS + p] = s[S.DEALT + p] = hands[p]
            s[S.TURNED] = turned
            s[S.STOCK : S.STOCK + STOCK_SIZE] = stock
            rules.begin_play(s)
        self.history.append(DealResult(
            k, int(s[S.DEALER]), self._pair(S.DEALT), int(s[S.TURNED]),
            [int(c) for c in s[S.STOCK : S.STOCK + STOCK_SIZE]],
        ))  # fmt: skip

    def _on_action(self, seat: int, action: int) -> None:
        self.history[-1].events.append((seat, self.event_name(action)))

    def _on_deal_end(self) -> None:
        d = self.history[-1]
        d.card_points, d.meld_points = self.card_points, self.meld_points
        d.last_trick = int(self.state[S.LAST_WINNER])
        d.points, d.totals = self._pair(S.POINTS), self.totals

    # -- words -----------------------------------------------------------------------------
    def action_name(self, action: int) -> str:
        """The action as text for the seat to act (what a record writes)."""
        try:
            return self.event_name(action)
        except ValueError:
            return f"action {action}"

    def event_name(self, action: int) -> str:
        seat = int(self.state[S.TURN])
        return action_word(action, self.hand(seat) if seat >= 0 else 0)

    def parse_action(self, text: str) -> int:
        """Record text -> action id; ValueError says what was expected. Lenient for people
        (any case, ``10D``); replay checks the exact spelling first. A sequence must name
        the whole run (R7.3a): ``seq3-JH`` from 8H 9H TH JH is refused."""
        t = text.strip()
        low = t.lower()
        if low == "swap":
            return SWAP
        if low == "pass":
            return PASS
        if low == "marriage" or low.startswith(("seq", "four-")):
            action, n = parse_meld(t)
            seat = int(self.state[S.TURN])
            if n is not None and seat >= 0 and self.trick_no < DRAW_TRICKS:
                suit, top = seq_of(action)
                have = run_length(self.hand(seat), suit, top)
                if have >= 3 and have != n and self._run_is_whole(seat, action):
                    raise IllegalActionError(
                        f"{t}: seat {seat}'s run to {CARD_NAMES[suit * 8 + top]} has {have} "
                        f"cards: it is declared whole, {meld_name(action, self.hand(seat))} "
                        "(R7.3a)")  # fmt: skip
            return action
        try:
            return parse_card(t)
        except ValueError:
            raise ValueError(f"unknown action {t!r}: a card (e.g. TD), swap, pass, seqN-TOP, "
                             "four-A/K/Q/J or marriage (RECORD.md)") from None  # fmt: skip

    def _run_is_whole(self, seat: int, action: int) -> bool:
        suit, top = seq_of(action)
        return top == 7 or not self.hand(seat) >> (suit * 8 + top + 1) & 1

    def why_illegal(self, action: int, who: str | None = None) -> str:
        """The rule an illegal action breaks, in words (``who``: how to name the seat)."""
        s = self.state
        seat = int(s[S.TURN])
        who = who or f"seat {seat}"
        does = "do" if who == "you" else "does"
        holds = "hold" if who == "you" else "holds"
        phase = self.phase
        if phase not in (LEAD, ANSWER, LEAD_CARD, FOLLOW):
            return "the game is over" if phase == OVER else "the deal is over"
        hand = self.hand(seat)
        early = self.trick_no < DRAW_TRICKS
        if action == SWAP:
            if not early:
                return "the 7 of trumps is exchanged only before the stock is exhausted (R6.1)"
            if s[S.SWAPPER] >= 0:
                return f"seat {int(s[S.SWAPPER])} exchanged already: once a deal (R6.2)"
            return f"{who} {does} not hold the 7 of trumps (R6.1)"
        if action == PASS:
            return "pass answers a declaration, and there is none to answer (R7.4c)"
        if 0 <= action < 32:
            name = CARD_NAMES[action]
            if phase == ANSWER:
                return (f"{who} answer{'' if who == 'you' else 's'} the declaration first: pass "
                        "or a stronger meld (R7.4c)")  # fmt: skip
            if not hand >> action & 1:
                return f"{who} {does} not hold {name} (R5.1)"
            return self._why_not_follow(action, who, holds)
        if SWAP < action < PASS:
            return self._why_not_meld(action, who, does, holds, early)
        return f"action {action} means nothing in Terts"

    def _why_not_follow(self, action: int, who: str, holds: str) -> str:
        trump, led = self.trump, self.lead_card >> 3
        hand = self.hand(int(self.state[S.TURN]))
        if led != trump and hand & SUIT_MASKS[led]:
            return f"{who} {holds} {SUIT_NAMES[led]}: must follow suit from trick 8 on (R5.5)"
        jack = " (only the jack of trumps, when it is the only trump, is excused, R5.6)"
        if action == trump * 8 + RJ:
            jack = ""
        return f"{who} must play a trump from trick 8 on (R5.5){jack}"

    def _why_not_meld(self, action: int, who: str, does: str, holds: str, early: bool) -> str:
        s = self.state
        phase = self.phase
        seat = int(s[S.TURN])
        hand = self.hand(seat)
        if not early:
            return "declarations are made only in tricks 1-7, before the stock is exhausted (R7.4a)"
        if phase == FOLLOW:
            return "the follower declares only to answer the leader's declaration (R7.4c)"
        if phase == LEAD_CARD:
            return "one declaration per lead: now lead a card (R7.4b, R7.4d)"
        if action == MARRIAGE:
            if phase == ANSWER:
                return "the marriage is never an answer: it neither beats nor is beaten (R7.6)"
            if s[S.MELDS_DONE + seat] >> MARRIAGE & 1:
                return f"{who} declared the marriage already in this deal (R7.3b)"
            return f"{who} {does} not hold the K and Q of trumps (R7.1, R7.2)"
        if action < SEQ:
            rank = RANKS[FOUR_RANK[action]]
            if hand & (0x01010101 << FOUR_RANK[action]) != 0x01010101 << FOUR_RANK[action]:
                return f"{who} {does} not hold four {FOUR_WORDS[rank]} (R7.2)"
            if s[S.MELDS_DONE + seat] >> action & 1:
                return f"{who} declared four {FOUR_WORDS[rank]} already in this deal (R7.3b)"
            return self._weaker(action, hand)
        suit, top = seq_of(action)
        card = CARD_NAMES[suit * 8 + top]
        if not hand >> (suit * 8 + top) & 1:
            return f"{who} {does} not hold {card} (R7.2)"
        if not self._run_is_whole(seat, action):
            return (f"{who} {holds} {CARD_NAMES[suit * 8 + top + 1]}: a sequence is declared "
                    "whole, to its top card (R7.3a)")  # fmt: skip
        if run_length(hand, suit, top) < 3:
            return f"{who} {does} not hold three cards in sequence to {card} (R7.1, R7.2)"
        if int(rules.melds(s, seat, np.int64(hand), -1, False)) >> action & 1 == 0:
            name = meld_name(action, hand)
            return (f"{name} was declared in this deal, or lies within a sequence {who} "
                    "declared before: a declared meld is spent (R7.3b)")  # fmt: skip
        return self._weaker(action, hand)

    def _weaker(self, action: int, hand: int) -> str:
        leader = 1 - int(self.state[S.TURN])
        theirs = meld_name(int(self.state[S.MELD]), self.hand(leader))
        mine = meld_name(action, hand)
        return f"{mine} does not beat {theirs}: an answer must be stronger (R7.5)"

    # -- what the invariant suite checks ------------------------------------------------------
    def accounted(self) -> str | None:
        """Every card once: in a hand, played, in the stock still to draw or beside it."""
        s = self.state
        seen = int(s[S.PLAYED])
        for c in self.stock_left() + ([self.bottom] if self.bottom >= 0 else []):
            if seen >> c & 1:
                return f"{CARD_NAMES[c]} is in the stock and elsewhere"
            seen |= 1 << c
        for p in range(N_SEATS):
            hand = self.hand(p)
            if hand & seen:
                return f"seat {p} holds {format_hand(hand & seen)}, already placed"
            seen |= hand
        if seen != DECK:
            return f"cards nowhere: {format_hand(DECK & ~seen)}"
        want = HAND_SIZE + min(self.trick_no, DRAW_TRICKS)
        for p in range(N_SEATS):
            n = bin(self.hand(p)).count("1") + bin(int(s[S.PLAYED_BY + p])).count("1")
            if n != want:
                return f"seat {p} has {n} cards held or played, not {want}"
        return None

    def _unseen(self, viewer: int) -> int:
        """The cards ``viewer`` cannot see: not his, not played, not beside the stock."""
        s = self.state
        unseen = DECK & ~self.hand(viewer) & ~int(s[S.PLAYED])
        return unseen & ~(1 << self.bottom) if self.bottom >= 0 else unseen

    def could_hold(self, seat: int, viewer: int) -> int:
        """The cards ``seat`` may hold as ``viewer`` knows the deal (R10): unseen by him, not
        of what ``seat`` has shown it lacks (R5.5)."""
        if seat == viewer:
            return self.hand(viewer)
        return self._unseen(viewer) & ~int(self.state[S.SHOWN_OUT + seat])

    def could_lie_apart(self, viewer: int) -> int:
        """The cards that may be in the stock as ``viewer`` knows the deal: unseen, and not
        known to be in the other hand (a meld's cards, a drawn turned card, R10.2)."""
        if not self.stock_left():
            return 0
        return self._unseen(viewer) & ~int(self.state[S.KNOWN + 1 - viewer])

    def with_hands(self, hands: list[int]) -> np.ndarray:
        """A state copy with these hands; cards leaving the hands take, in the stock, the
        places of those coming in."""
        state = self.state.copy()
        drawn = int(state[S.DRAWN])
        out = 0
        for p in range(N_SEATS):
            out |= self.hand(p) & ~hands[p]
            state[S.HANDS + p] = hands[p]
            state[S.DEALT + p] = hands[p] | int(state[S.PLAYED_BY + p])
        for i in range(drawn, STOCK_SIZE):
            card = int(state[S.STOCK + i])
            if any(h >> card & 1 for h in hands):
                low = out & -out
                state[S.STOCK + i] = low.bit_length() - 1
                out ^= low
        return state


GAME = TertsGame  # the game's checked Python game, as the machinery finds it
Game = TertsGame


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


def as_list(cards) -> list[int]:
    if isinstance(cards, str):
        return [parse_card(w) for w in cards.split()]
    return [int(c) for c in cards]


def check_deal(hands, turned: int, stock: list[int]) -> None:
    """Two hands of 9, the turned card and a stock of 13: the 32 cards once each (R3.3, R3.4)."""
    if len(hands) != N_SEATS:
        raise ValueError(f"a deal needs {N_SEATS} hands, got {len(hands)}")
    seen = 0
    for p, h in enumerate(hands):
        if bin(h).count("1") != HAND_SIZE or h & ~DECK:
            raise ValueError(f"hand {p} has {bin(h & DECK).count('1')} cards, expected 9: "
                             f"{format_hand(h & DECK)}")  # fmt: skip
        if seen & h:
            raise ValueError(f"hand {p} repeats {format_hand(seen & h)}")
        seen |= h
    if len(stock) != STOCK_SIZE:
        raise ValueError(f"the stock must hold 13 cards, not {len(stock)}")
    for c in [turned, *stock]:
        if not 0 <= c < 32:
            raise ValueError(f"card id {c} is no card (0-31)")
        if seen >> c & 1:
            raise ValueError(f"{CARD_NAMES[c]} is dealt twice")
        seen |= 1 << c
    if seen != DECK:
        raise ValueError("the hands, the turned card and the stock are not the 32 cards")


__all__ = ["GAME", "Observation", "TertsGame"]
