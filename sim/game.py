"""The Python game API: one game, step by step, over the numba kernels.

For tests, notebooks, replay, Python bots and a person at the table. It checks
every action and explains an illegal one in words; the kernels behind it are
the same ones the fast loops run, so both always agree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from sim import layout as L
from sim import rules
from sim.cards import CARD_NAMES, SUIT_NAMES, format_hand, parse_card, parse_hand
from sim.rng import deal_seed

CONTRACT_ALIASES = {
    "dineri": L.DIAMONDS,
    "damet": L.QUEENS,
    "pli": L.TRICKS_C,
    "farcha": L.LAST_TRICK,
    "ray": L.KING,
    "général": L.GENERAL,
}


class IllegalActionError(ValueError):
    """An action that the rules do not allow here; the message says why."""


def contract_number(name: str) -> int:
    """A contract name (English or seed name) -> 0..6; ValueError naming the choices."""
    key = name.strip().lower()
    if key in L.CONTRACT_NAMES:
        return L.CONTRACT_NAMES.index(key)
    if key in CONTRACT_ALIASES:
        return CONTRACT_ALIASES[key]
    raise ValueError(f"unknown contract {name!r}: expected one of {', '.join(L.CONTRACT_NAMES)}")


def action_name(action: int) -> str:
    """Action id -> text: a card (``QS``), ``pass``, ``double``, ``no-double`` or a contract."""
    if 0 <= action < 32:
        return CARD_NAMES[action]
    if action == L.PASS:
        return "pass"
    if action == L.DOUBLE:
        return "double"
    if action == L.NO_DOUBLE:
        return "no-double"
    if L.CHOOSE_BASE <= action < L.N_ACTIONS:
        return L.CONTRACT_NAMES[action - L.CHOOSE_BASE]
    raise ValueError(f"unknown action id {action}")


def parse_action(text: str) -> int:
    """Text -> action id; accepts everything :func:`action_name` writes, and seed names."""
    t = text.strip().lower()
    if t == "pass":
        return L.PASS
    if t == "double":
        return L.DOUBLE
    if t in ("no-double", "nodouble"):
        return L.NO_DOUBLE
    try:
        return L.CHOOSE_BASE + contract_number(t)
    except ValueError:
        pass
    try:
        return parse_card(text)
    except ValueError:
        raise ValueError(
            f"unknown action {text!r}: expected a card like QS, pass, double, "
            f"no-double or a contract ({', '.join(L.CONTRACT_NAMES)})"
        ) from None


def mask_actions(mask: int) -> list[int]:
    return [a for a in range(L.N_ACTIONS) if mask >> a & 1]


@dataclass
class ContractResult:
    """What happened in one contract: enough to write its record and its table row."""

    number: int  # 0..27
    chooser: int
    choice: int
    contract: int
    hands: list[int]  # the four dealt hands as masks
    events: list[tuple[int, int]] = field(default_factory=list)  # (seat, action)
    points: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    row: np.ndarray | None = None  # the contract's table row (sim.loop.CONTRACT_COLUMNS)

    @property
    def name(self) -> str:
        return L.CONTRACT_NAMES[self.contract]


@dataclass(frozen=True)
class Observation:
    """What one seat knows: the public slots of the state, its hand and its seat.

    ``public`` is the same ``int64`` array a numba bot receives (fields named in
    :mod:`sim.layout`); the properties below name the ones Python bots use most.
    """

    seat: int
    hand: int
    public: np.ndarray

    def _four(self, base: int) -> list[int]:
        return [int(v) for v in self.public[base : base + 4]]

    phase = property(lambda self: int(self.public[L.PHASE]))
    contract = property(lambda self: int(self.public[L.CONTRACT]))
    chooser = property(lambda self: int(self.public[L.CHOOSER]))
    choice = property(lambda self: int(self.public[L.CHOICE]))
    totals = property(lambda self: self._four(L.TOTALS))
    remaining = property(lambda self: self._four(L.REMAINING))
    tricks_won = property(lambda self: self._four(L.TRICKS_WON))
    played_by = property(lambda self: self._four(L.PLAYED_BY))
    trick_cards = property(lambda self: self._four(L.TRICK_CARDS))
    passes = property(lambda self: self._four(L.PASSES))
    played = property(lambda self: int(self.public[L.PLAYED]))
    announcer = property(lambda self: int(self.public[L.ANNOUNCER]))
    led_suit = property(lambda self: int(self.public[L.LED_SUIT]))


class Game:
    """One game of Trix. Create it with :meth:`new` (a seed) or :meth:`from_deals` (hands)."""

    def __init__(self, state: np.ndarray, deals: Callable[[int], Sequence] | None = None):
        self.state = state
        self._deals = deals
        self.contracts: list[ContractResult] = []
        self._begin_contract()

    # -- construction ------------------------------------------------------------
    @classmethod
    def new(cls, seed: int, deal_set: int = 0) -> Game:
        """The game of deal set ``deal_set`` of a run seeded ``seed`` (D1)."""
        state = rules.new_state()
        rules.new_game(state, deal_seed(seed, deal_set))
        return cls(state)

    @classmethod
    def from_deals(cls, first_chooser: int, deals) -> Game:
        """A game with given hands: ``deals[k]`` (or ``deals(k)``) is contract k's four hands,
        each a mask or a string of cards like ``"7H 8H QH ..."``."""
        state = rules.new_state()
        rules.new_game(state, np.uint64(0))
        state[L.FIRST_CHOOSER] = first_chooser
        rules.start_contract(state)
        return cls(state, deals if callable(deals) else deals.__getitem__)

    # -- reading -------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return int(self.state[L.PHASE]) == L.OVER

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is, or None when the game is over."""
        return None if self.over else int(self.state[L.TURN])

    @property
    def phase(self) -> int:
        return int(self.state[L.PHASE])

    @property
    def contract(self) -> int:
        return int(self.state[L.CONTRACT])

    @property
    def contract_no(self) -> int:
        return int(self.state[L.CONTRACT_NO])

    @property
    def chooser(self) -> int:
        return int(self.state[L.CHOOSER])

    @property
    def first_chooser(self) -> int:
        return int(self.state[L.FIRST_CHOOSER])

    @property
    def totals(self) -> list[int]:
        return [int(v) for v in self.state[L.TOTALS : L.TOTALS + 4]]

    @property
    def end(self) -> str | None:
        return L.END_NAMES[int(self.state[L.END])] or None

    def hand(self, seat: int) -> int:
        return int(self.state[L.HANDS + seat])

    def legal_mask(self) -> int:
        return 0 if self.over else int(rules.legal_actions(self.state))

    def legal_actions(self) -> list[int]:
        return mask_actions(self.legal_mask())

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now: never another seat's cards."""
        public = self.state[: L.PUB_SIZE].copy()
        return Observation(seat, self.hand(seat), public)

    def results(self) -> tuple[list[int], list[float]]:
        """Ranks and win shares (R8.2, R3.9); valid once the game is over."""
        ranks = np.zeros(4, np.int64)
        shares = np.zeros(4, np.float64)
        rules.ranks_and_shares(self.state, ranks, shares)
        return [int(r) for r in ranks], [float(s) for s in shares]

    # -- acting ------------------------------------------------------------------------
    def apply(self, action: int | str) -> None:
        """Apply the action of the seat to act; IllegalActionError says why it is refused."""
        if isinstance(action, str):
            action = parse_action(action)
        if self.over:
            raise IllegalActionError(f"{action_name(action)}: the game is over")
        seat = int(self.state[L.TURN])
        legal = self.legal_mask()
        if not (0 <= action < L.N_ACTIONS and legal >> action & 1):
            raise IllegalActionError(
                f"{action_name(action)} by seat {seat}: {self.why_illegal(action)}; "
                f"legal: {' '.join(action_name(a) for a in mask_actions(legal))}"
            )
        current = self.contracts[-1]
        if self.phase == L.CHOOSE:
            current.contract = action - L.CHOOSE_BASE
            current.choice = int(self.state[L.CHOICES_MADE + seat]) + 1
        elif action != L.NO_DOUBLE:
            current.events.append((seat, action))
        if rules.step(self.state, action):
            current.points = [int(v) for v in self.state[L.POINTS : L.POINTS + 4]]
            current.totals = self.totals
            current.row = contract_row(self.state)
            self.last_contract_state = self.state.copy()  # as the contract stood when it ended
            if not self.over:
                rules.next_contract(self.state)
                self._begin_contract()

    def _begin_contract(self) -> None:
        k = int(self.state[L.CONTRACT_NO])
        if self._deals is not None:
            hands = [
                h if isinstance(h, int | np.integer) else parse_hand(h) for h in self._deals(k)
            ]
            check_deal(hands)
            for p in range(4):
                self.state[L.HANDS + p] = self.state[L.DEALT + p] = hands[p]
        self.contracts.append(
            ContractResult(
                number=k,
                chooser=int(self.state[L.CHOOSER]),
                choice=int(self.state[L.CHOICE]),
                contract=-1,
                hands=[int(v) for v in self.state[L.DEALT : L.DEALT + 4]],
            )
        )

    def why_illegal(self, action: int) -> str:
        """The rule an illegal action breaks, in words."""
        s = self.state
        seat = int(s[L.TURN])
        hand = int(s[L.HANDS + seat])
        phase = self.phase
        if phase == L.CHOOSE:
            if not L.CHOOSE_BASE <= action < L.N_ACTIONS:
                return f"seat {seat} must choose a contract first"
            c = action - L.CHOOSE_BASE
            if not int(s[L.REMAINING + seat]) >> c & 1:
                return f"seat {seat} has already chosen {L.CONTRACT_NAMES[c]}"
            choice = int(s[L.CHOICES_MADE + seat]) + 1
            if choice >= 6 and int(s[L.REMAINING + seat]) >> L.TRIX_C & 1:
                return (
                    f"trix is still free at seat {seat}'s choice {choice}, so it is forced (R3.5)"
                )
            return f"trix needs a jack in hand before the 6th choice (R3.4, choice {choice})"
        if action >= L.CHOOSE_BASE:
            return "the contract is already chosen"
        if phase == L.TRICKS and rules.king_offer_pending(s, seat):
            return f"seat {seat} holds KH and must first say double or no-double (R5.6)"
        if action == L.DOUBLE:
            return f"seat {seat} cannot announce KH now (R5.6: only its holder, at his first turn)"
        if action == L.NO_DOUBLE:
            return "no KH announcement is being offered"
        if action == L.PASS:
            if phase == L.TRIX:
                return f"seat {seat} can lay a card, so he may not pass (R9.4)"
            return "passing is only for trix (R9.4)"
        if not hand >> action & 1:
            return f"seat {seat} does not hold {CARD_NAMES[action]}"
        if phase == L.TRICKS:
            return f"seat {seat} must follow {SUIT_NAMES[int(s[L.LED_SUIT])]} (R4.2)"
        if int(s[L.PLAYED]) == 0:
            return "the first card of trix must be a jack (R9.2)"
        return f"{CARD_NAMES[action]} does not go on the piles now (R9.1, R9.3)"


def contract_row(state: np.ndarray) -> np.ndarray:
    """The numbers the tables keep about the contract that just ended."""
    from sim.loop import N_CONTRACT_COLUMNS, record_contract

    row = np.zeros(N_CONTRACT_COLUMNS, np.int64)
    record_contract(state, row)
    return row


def check_deal(hands: Sequence[int]) -> None:
    """Four hands of 8 cards that use each of the 32 cards once (R1.3)."""
    if len(hands) != 4:
        raise ValueError(f"a deal needs 4 hands, got {len(hands)}")
    seen = 0
    for p, h in enumerate(hands):
        n = bin(int(h)).count("1")
        if n != 8 or int(h) >> 32:
            raise ValueError(f"hand {p} has {n} cards, expected 8: {format_hand(int(h))}")
        if seen & int(h):
            raise ValueError(f"hand {p} repeats {format_hand(seen & int(h))}")
        seen |= int(h)
