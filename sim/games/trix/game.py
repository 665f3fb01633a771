"""The checked Python game of Trix: :class:`sim.core.api.Game` with Trix's words.

It names actions (``QS``, ``pass``, ``double``, a contract), parses them, says
in words which rule an illegal action breaks, and keeps each contract's hands
and events for its record. Python bots of Trix subclass :class:`TrixBot`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from sim.core.api import Game as CoreGame
from sim.core.api import IllegalActionError, mask_actions  # noqa: F401  (re-exported)
from sim.core.api import Observation as _Observation
from sim.core.bots import PythonBot
from sim.core.words import says, whose
from sim.games.trix import SPEC, rules
from sim.games.trix import state as S
from sim.games.trix.cards import CARD_NAMES, format_hand, parse_card, parse_hand
from sim.games.trix.vocab import (
    ALL_CARDS,
    CHOOSE,
    CHOOSE_BASE,
    CONTRACT_ALIASES,
    CONTRACT_NAMES,
    DOUBLE,
    END_NAMES,
    KH,
    N_ACTIONS,
    N_SEATS,
    NO_DOUBLE,
    PASS,
    SUIT_NAMES,
    TRICKS,
    TRIX,
    TRIX_C,
)


def contract_number(name: str) -> int:
    """A contract name (English or seed name) -> 0..6; ValueError naming the choices."""
    key = name.strip().lower()
    if key in CONTRACT_NAMES:
        return CONTRACT_NAMES.index(key)
    if key in CONTRACT_ALIASES:
        return CONTRACT_ALIASES[key]
    raise ValueError(f"unknown contract {name!r}: expected one of {', '.join(CONTRACT_NAMES)}")


def action_name(action: int) -> str:
    """Action id -> text: a card (``QS``), ``pass``, ``double``, ``no-double`` or a contract."""
    if 0 <= action < 32:
        return CARD_NAMES[action]
    if action == PASS:
        return "pass"
    if action == DOUBLE:
        return "double"
    if action == NO_DOUBLE:
        return "no-double"
    if CHOOSE_BASE <= action < N_ACTIONS:
        return CONTRACT_NAMES[action - CHOOSE_BASE]
    raise ValueError(f"unknown action id {action}")


def parse_action(text: str) -> int:
    """Text -> action id; accepts everything :func:`action_name` writes, and seed names."""
    t = text.strip().lower()
    if t == "pass":
        return PASS
    if t == "double":
        return DOUBLE
    if t in ("no-double", "nodouble"):
        return NO_DOUBLE
    try:
        return CHOOSE_BASE + contract_number(t)
    except ValueError:
        pass
    try:
        return parse_card(text)
    except ValueError:
        raise ValueError(
            f"unknown action {text!r}: expected a card like QS, pass, double, "
            f"no-double or a contract ({', '.join(CONTRACT_NAMES)})"
        ) from None


@dataclass
class ContractResult:
    """What happened in one contract: enough to write its record."""

    number: int  # 0..27
    chooser: int
    choice: int
    contract: int
    hands: list[int]  # the four dealt hands as masks
    events: list[tuple[int, int]] = field(default_factory=list)  # (seat, action)
    points: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)

    @property
    def name(self) -> str:
        return CONTRACT_NAMES[self.contract]


@dataclass(frozen=True)
class Observation(_Observation):
    """A seat's view of Trix; the properties name the public fields (:mod:`.state`)."""

    def _per_seat(self, base: int) -> list[int]:
        return [int(v) for v in self.public[base : base + N_SEATS]]

    phase = property(lambda self: int(self.public[S.PHASE]))
    contract = property(lambda self: int(self.public[S.CONTRACT]))
    chooser = property(lambda self: int(self.public[S.CHOOSER]))
    choice = property(lambda self: int(self.public[S.CHOICE]))
    totals = property(lambda self: self._per_seat(S.TOTALS))
    remaining = property(lambda self: self._per_seat(S.REMAINING))
    tricks_won = property(lambda self: self._per_seat(S.TRICKS_WON))
    played_by = property(lambda self: self._per_seat(S.PLAYED_BY))
    trick_cards = property(lambda self: self._per_seat(S.TRICK_CARDS))
    passes = property(lambda self: self._per_seat(S.PASSES))
    played = property(lambda self: int(self.public[S.PLAYED]))
    announcer = property(lambda self: int(self.public[S.ANNOUNCER]))
    led_suit = property(lambda self: int(self.public[S.LED_SUIT]))


class TrixGame(CoreGame):
    """One game of Trix. Create it with :meth:`new` (a seed) or :meth:`from_deals` (hands)."""

    spec = SPEC
    observation_class = Observation

    def __init__(self, state: np.ndarray, deals: Callable[[int], Sequence] | None = None):
        self._deals = deals
        self.contracts: list[ContractResult] = []
        super().__init__(state)

    @classmethod
    def from_deals(cls, first_chooser: int, deals) -> TrixGame:
        """A game with given hands: ``deals[k]`` (or ``deals(k)``) is contract k's four hands,
        each a mask or a string of cards like ``"7H 8H QH ..."``."""
        state = rules.new_state()
        rules.new_game(state, np.uint64(0))
        state[S.FIRST_CHOOSER] = first_chooser
        rules.start_contract(state)
        return cls(state, deals if callable(deals) else deals.__getitem__)

    # -- reading ---------------------------------------------------------------------------
    @property
    def phase(self) -> int:
        return int(self.state[S.PHASE])

    @property
    def contract(self) -> int:
        return int(self.state[S.CONTRACT])

    @property
    def contract_no(self) -> int:
        return int(self.state[S.CONTRACT_NO])

    @property
    def chooser(self) -> int:
        return int(self.state[S.CHOOSER])

    @property
    def first_chooser(self) -> int:
        return int(self.state[S.FIRST_CHOOSER])

    @property
    def totals(self) -> list[int]:
        return [int(v) for v in self.state[S.TOTALS : S.TOTALS + N_SEATS]]

    @property
    def end(self) -> str | None:
        end = int(self.state[S.END])
        return END_NAMES[end - 1] if end else None

    # -- the history records keep ------------------------------------------------------------
    def _on_deal_start(self) -> None:
        k = int(self.state[S.CONTRACT_NO])
        if self._deals is not None:
            hands = [
                h if isinstance(h, int | np.integer) else parse_hand(h) for h in self._deals(k)
            ]
            check_deal(hands)
            for p in range(N_SEATS):
                self.state[S.HANDS + p] = self.state[S.DEALT + p] = hands[p]
        self.contracts.append(
            ContractResult(
                number=k,
                chooser=int(self.state[S.CHOOSER]),
                choice=int(self.state[S.CHOICE]),
                contract=-1,
                hands=[int(v) for v in self.state[S.DEALT : S.DEALT + N_SEATS]],
            )
        )

    def _on_action(self, seat: int, action: int) -> None:
        current = self.contracts[-1]
        if self.phase == CHOOSE:
            current.contract = action - CHOOSE_BASE
            current.choice = int(self.state[S.CHOICES_MADE + seat]) + 1
        elif action != NO_DOUBLE:
            current.events.append((seat, action))

    def _on_deal_end(self) -> None:
        current = self.contracts[-1]
        current.points = [int(v) for v in self.state[S.POINTS : S.POINTS + N_SEATS]]
        current.totals = self.totals

    # -- words -----------------------------------------------------------------------------
    action_name = staticmethod(action_name)
    parse_action = staticmethod(parse_action)

    def why_illegal(self, action: int, who: str | None = None) -> str:
        """The rule an illegal action breaks, in words; ``who`` names the seat to act
        (default ``seat N``; the table says ``you``)."""
        s = self.state
        seat = int(s[S.TURN])
        who = who or f"seat {seat}"
        hand = int(s[S.HANDS + seat])
        phase = self.phase
        if phase == CHOOSE:
            if not CHOOSE_BASE <= action < N_ACTIONS:
                return f"{who} must choose a contract first"
            c = action - CHOOSE_BASE
            if not int(s[S.REMAINING + seat]) >> c & 1:
                return f"{says(who, 'has', 'have')} already chosen {CONTRACT_NAMES[c]}"
            choice = int(s[S.CHOICES_MADE + seat]) + 1
            if choice >= 6 and int(s[S.REMAINING + seat]) >> TRIX_C & 1:
                return f"trix is still free at {whose(who)} choice {choice}, so it is forced (R3.5)"
            return f"trix needs a jack in hand before the 6th choice (R3.4, choice {choice})"
        if action >= CHOOSE_BASE:
            return "the contract is already chosen"
        if phase == TRICKS and rules.king_offer_pending(s, seat):
            return f"{says(who, 'holds', 'hold')} KH and must first say double or no-double (R5.6)"
        if action == DOUBLE:
            return f"{who} cannot announce KH now (R5.6: only its holder, at his first turn)"
        if action == NO_DOUBLE:
            return "no KH announcement is being offered"
        if action == PASS:
            if phase == TRIX:
                return f"{who} can lay a card, so may not pass (R9.4)"
            return "passing is only for trix (R9.4)"
        if not hand >> action & 1:
            return f"{says(who, 'does', 'do')} not hold {CARD_NAMES[action]}"
        if phase == TRICKS:
            return f"{who} must follow {SUIT_NAMES[int(s[S.LED_SUIT])]} (R4.2)"
        if int(s[S.PLAYED]) == 0:
            return "the first card of trix must be a jack (R9.2)"
        return (
            f"{CARD_NAMES[action]} does not go on the piles now: lay a jack, or a card next to "
            "a pile's lowest or highest card (R9.1, R9.3)"
        )

    # -- what the invariant suite checks ----------------------------------------------------
    def accounted(self) -> str | None:
        """Every card once: in a hand or played this contract; hands of 8 minus plays."""
        s, seen = self.state, int(self.state[S.PLAYED])
        for p in range(N_SEATS):
            hand, played = self.hand(p), int(s[S.PLAYED_BY + p])
            if hand & seen:
                return f"seat {p} holds {format_hand(hand & seen)}, already played or held"
            if bin(hand).count("1") != 8 - bin(played).count("1"):
                return f"seat {p} holds {bin(hand).count('1')} cards after playing " \
                    f"{bin(played).count('1')}"  # fmt: skip
            seen |= hand
        return None if seen == ALL_CARDS else f"cards nowhere: {format_hand(ALL_CARDS & ~seen)}"

    def could_hold(self, seat: int, viewer: int) -> int:
        """Unseen by ``viewer``, not shown out by ``seat`` (R4.2, R9.4); K♥ stays with its
        announcer while it is out (R5.6)."""
        if seat == viewer:
            return self.hand(viewer)
        s = self.state
        unseen = ALL_CARDS & ~self.hand(viewer) & ~int(s[S.PLAYED])
        mask = unseen & ~int(s[S.SHOWN_OUT + seat])
        announcer = int(s[S.ANNOUNCER])
        if announcer >= 0 and announcer != viewer and unseen & KH:
            mask = mask | KH if seat == announcer else mask & ~KH
        return mask

    def with_hands(self, hands: list[int]) -> np.ndarray:
        state = self.state.copy()
        for p in range(N_SEATS):
            state[S.HANDS + p] = hands[p]
            state[S.DEALT + p] = hands[p] | int(state[S.PLAYED_BY + p])
        return state


GAME = TrixGame  # the game's checked Python game, as the machinery finds it
Game = TrixGame  # the short name tests and notebooks use


def check_deal(hands: Sequence[int]) -> None:
    """Four hands of 8 cards that use each of the 32 cards once (R1.3)."""
    if len(hands) != N_SEATS:
        raise ValueError(f"a deal needs {N_SEATS} hands, got {len(hands)}")
    seen = 0
    for p, h in enumerate(hands):
        n = bin(int(h)).count("1")
        if n != 8 or int(h) >> 32:
            raise ValueError(f"hand {p} has {n} cards, expected 8: {format_hand(int(h))}")
        if seen & int(h):
            raise ValueError(f"hand {p} repeats {format_hand(seen & int(h))}")
        seen |= int(h)


class TrixBot(PythonBot):
    """A Python bot of Trix: three questions instead of the generic :meth:`act`.

    Each method gets the seat's :class:`Observation`; ``act`` routes the decision.
    """

    def act(self, obs: Observation, legal: list[int]) -> int:
        if obs.phase == CHOOSE:
            return CHOOSE_BASE + int(self.choose_contract(obs, [a - CHOOSE_BASE for a in legal]))
        if DOUBLE in legal:
            return DOUBLE if self.announce_king(obs) else NO_DOUBLE
        return int(self.play(obs, legal))

    def choose_contract(self, obs: Observation, allowed: list[int]) -> int:
        """A contract number (0 diamonds … 6 trix) from ``allowed``."""
        raise NotImplementedError

    def announce_king(self, obs: Observation) -> bool:
        """Whether to announce (double) K♥; asked at the holder's first turn (R5.6)."""
        return False

    def play(self, obs: Observation, legal: list[int]) -> int:
        """A card id from ``legal``, or ``PASS`` when that is the only action (R9.4)."""
        raise NotImplementedError
