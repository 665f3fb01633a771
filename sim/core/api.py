"""The checked Python game: one game, step by step, over a game's own kernels.

For tests, notebooks, records, replay, Python bots and people at a table. Every
action is checked before it is applied (verify, then apply) and an illegal one
is refused in the words of the rule it breaks; the kernels behind it are those
the compiled loop runs, so both always agree. A game subclasses :class:`Game`
with its notation (``action_name``, ``parse_action``), its explanations
(``why_illegal``) and whatever history its records need (the ``_on_*`` hooks).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from sim.core.limits import MAX_ACTIONS
from sim.core.rng import deal_seed
from sim.core.spec import GameSpec

_TRAIL: list | None = None  # where the games made inside :func:`trailing` write their moves


@contextmanager
def trailing(into: list) -> Iterator[list]:
    """Every game made inside the block writes each move into ``into`` before applying it:
    ``(state, seat, private word, legal mask, action, deals ended)``, the state a copy. How a
    game rebuilt by code that makes its own (a record's replay) is followed move by move
    (``trixsim analyse`` of records)."""
    global _TRAIL
    before, _TRAIL = _TRAIL, into
    try:
        yield into
    finally:
        _TRAIL = before


class IllegalActionError(ValueError):
    """An action that the rules do not allow here; the message says why."""


@dataclass(frozen=True)
class Observation:
    """What one seat knows: the public slots of the state, its hand and its seat.

    ``public`` is the same ``int64`` array a numba bot receives; games subclass
    this with properties naming the fields their Python bots use most.
    """

    seat: int
    hand: int
    public: np.ndarray


def mask_actions(mask: int) -> list[int]:
    """The action ids of a legal mask, in increasing order."""
    return [a for a in range(MAX_ACTIONS) if mask >> a & 1]


class Game:
    """One game of ``spec``; subclasses set ``spec`` and the game's words."""

    spec: GameSpec
    observation_class = Observation

    def __init__(self, state: np.ndarray):
        self.kernels = self.spec.part("kernels")
        self.state = state
        self.deal_rows: list[np.ndarray] = []  # one per deal played (the deal table's numbers)
        self.game_row: np.ndarray | None = None  # once over (the games table's numbers)
        self.shares: np.ndarray | None = None
        self.decisions = 0
        self.trail = _TRAIL  # a list its moves are written into (:func:`trailing`), or None
        self._on_deal_start()

    @classmethod
    def new(cls, seed: int, deal_set: int = 0):
        """The game of deal set ``deal_set`` of a run seeded ``seed``."""
        k = cls.spec.part("kernels")
        state = np.zeros(k.STATE_SIZE, np.int64)
        k.new_game(state, deal_seed(seed, deal_set))
        return cls(state)

    # -- reading ---------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return bool(self.kernels.is_over(self.state))

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is, or None when the game is over."""
        return None if self.over else int(self.kernels.to_act(self.state))

    def hand(self, seat: int) -> int:
        """The seat's cards (a game whose private word holds more overrides this)."""
        return self.private(seat)

    def private(self, seat: int) -> int:
        """The seat's private word, exactly what the compiled loop hands its bot (a game's
        ``hand`` may show only the cards)."""
        return int(self.kernels.hand_of(self.state, seat))

    def legal_mask(self) -> int:
        return 0 if self.over else int(self.kernels.legal_actions(self.state))

    def legal_actions(self) -> list[int]:
        return mask_actions(self.legal_mask())

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now: never another seat's cards."""
        public = self.state[: self.kernels.PUB_SIZE].copy()
        return self.observation_class(seat, self.private(seat), public)

    def results(self) -> tuple[list[int], list[float]]:
        """Ranks and win shares of the seats; valid once the game is over."""
        if self.game_row is None:
            raise ValueError("the game is not over: it has no results yet")
        n = self.spec.seats
        return [int(r) for r in self.game_row[n : 2 * n]], [float(s) for s in self.shares]

    @property
    def totals(self) -> list[int]:
        row = np.zeros(self.kernels.N_GAME_COLUMNS, np.int64)
        self.kernels.record_game(self.state, row, np.zeros(self.spec.seats))
        return [int(t) for t in row[: self.spec.seats]]

    # -- acting ----------------------------------------------------------------------------
    def check(self, action: int) -> None:
        """IllegalActionError, in the words of the rule, unless ``action`` is legal now."""
        if self.over:
            raise IllegalActionError(f"{self.action_name(action)}: the game is over")
        legal = self.legal_mask()
        if not (0 <= action < MAX_ACTIONS and legal >> action & 1):
            raise IllegalActionError(
                f"{self.action_name(action)} by seat {self.to_act}: {self.why_illegal(action)}; "
                f"legal: {' '.join(self.action_name(a) for a in mask_actions(legal))}"
            )

    def apply(self, action: int | str) -> None:
        """Apply the action of the seat to act; IllegalActionError says why it is refused."""
        if isinstance(action, str):
            action = self.parse_action(action)
        self.check(action)
        self.apply_legal(action)

    def apply_legal(self, action: int) -> None:
        """Apply an action the caller has checked (a table checks each move once, in its own
        words: :class:`sim.core.table.Session`); not checked again."""
        seat = self.to_act
        if self.trail is not None:
            self.trail.append((self.state.copy(), seat, self.private(seat), self.legal_mask(),
                               action, len(self.deal_rows)))  # fmt: skip
        self._on_action(seat, action)
        k = self.kernels
        if k.step(self.state, action):
            row = np.zeros(k.N_DEAL_COLUMNS, np.int64)
            k.record_deal(self.state, row)
            self.deal_rows.append(row)
            self._on_deal_end()
            if k.is_over(self.state):
                self.game_row = np.zeros(k.N_GAME_COLUMNS, np.int64)
                self.shares = np.zeros(self.spec.seats, np.float64)
                k.record_game(self.state, self.game_row, self.shares)
            else:
                k.next_deal(self.state)
                self._on_deal_start()

    # -- what a game adds ------------------------------------------------------------------
    def _on_deal_start(self) -> None:
        """A deal was dealt (the first one too)."""

    def _on_action(self, seat: int, action: int) -> None:
        """``seat`` is about to take the (legal) ``action``."""

    def _on_deal_end(self) -> None:
        """A deal just ended; the state still shows how it ended."""

    def action_name(self, action: int) -> str:
        return str(action)

    def event_name(self, action: int) -> str:
        """The action as the game's record writes it now; :meth:`parse_action` reads it back."""
        return self.action_name(action)

    def parse_action(self, text: str) -> int:
        raise ValueError(f"unknown action {text!r}")

    def why_illegal(self, action: int, who: str | None = None) -> str:
        """The rule an illegal action breaks, in words (``who``: how to name the seat)."""
        return "it is not a legal action now"

    # -- what the invariant suite checks (tests/test_every_game.py) -------------------------
    def accounted(self) -> str | None:
        """What is wrong with where the cards are (every dealt card once), or None."""
        raise NotImplementedError

    def hands(self) -> list[int]:
        return [self.hand(s) for s in range(self.spec.seats)]

    def could_hold(self, seat: int, viewer: int) -> int:
        """The cards ``seat`` may hold as far as ``viewer`` can know (the public record and
        ``viewer``'s own hand): what a determinizer may deal it."""
        raise NotImplementedError

    def could_lie_apart(self, viewer: int) -> int:
        """The cards that may lie in no hand (a stock, a kitty) as far as ``viewer`` can know;
        :meth:`with_hands` puts there the cards it takes out of the hands."""
        return 0

    def with_hands(self, hands: list[int]) -> np.ndarray:
        """A copy of the state with these hands (the deals' other records kept in step)."""
        raise NotImplementedError
