"""One game for the environments: a state array and its compiled steps, global ids in and out.

:class:`OneGame` is what the PettingZoo and Gymnasium environments share: the game of deal
set ``k`` of a run seeded ``seed`` (the same deal a tournament of that seed plays as its
deal set ``k``), stepped by global action ids through the bound copy of
:mod:`sim.envs.kernels`, the observation of any seat written into arrays kept from step to
step.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.core.binding import observed_kernels
from sim.core.registry import get
from sim.core.rng import deal_seed
from sim.core.spec import GameSpec

REWARDS = ("game", "deal")  # what an environment rewards: win shares at the end, or each deal


def env_kernels(spec: GameSpec):
    """The game's copy of :mod:`sim.envs.kernels`, compiled."""
    return observed_kernels(spec, Path(__file__).with_name("kernels.py"), "environment")


def spec_of(game: str | GameSpec) -> GameSpec:
    return game if isinstance(game, GameSpec) else get(game)


def check_rewards(rewards: str) -> str:
    if rewards not in REWARDS:
        raise ValueError(f"rewards={rewards!r}: say 'game' (win shares at the game's end) or "
                         f"'deal' (each deal's points less the seats' mean)")  # fmt: skip
    return rewards


def opponent_texts(spec: GameSpec, opponents: str, seat: int | None) -> list[str]:
    """The bot spec of each seat the agent does not play, in seat order, from ``opponents``
    (one spec for all, or one per other seat separated by ``;``); ``seat`` checked (None:
    every seat in turn)."""
    n = spec.seats
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat={seat}: {spec.name} has seats 0 to {n - 1} (or None)")
    texts = [t.strip() for t in opponents.split(";")]
    if len(texts) not in (1, n - 1):
        raise ValueError(f"opponents={opponents!r}: give one bot spec or {n - 1} separated "
                         f"by ';' (one per other seat)")  # fmt: skip
    return texts * (n - 1) if len(texts) == 1 else texts


def point_columns(spec: GameSpec) -> tuple[np.ndarray, float]:
    """Where each seat's points of a deal are in the deal row (its team's, in a partnership
    game that scores teams), and the sign that makes more points better."""
    k = spec.part("kernels")
    points = [i for i, c in enumerate(k.DEAL_COLUMNS) if c.startswith("points_")]
    if len(points) == spec.seats:
        column = points
    elif spec.teams and len(points) == len(spec.teams):
        team = {seat: t for t, members in enumerate(spec.teams) for seat in members}
        column = [points[team[p]] for p in range(spec.seats)]
    else:
        raise ValueError(f"game {spec.name!r}: its deal rows have no points per seat or team")
    return np.array(column, np.int64), (-1.0 if spec.lowest_wins else 1.0)


class OneGame:
    """One game at a time: :meth:`deal`, :meth:`step`, :meth:`observe`."""

    def __init__(self, game: str | GameSpec):
        self.spec = spec_of(game)
        self.k = env_kernels(self.spec)
        self.kernels = self.spec.part("kernels")
        self.part = self.spec.part("observation")
        self.seats = self.spec.seats
        self.state = np.zeros(self.kernels.STATE_SIZE, np.int64)
        self.deal_row = np.zeros(self.kernels.N_DEAL_COLUMNS, np.int64)
        self.game_row = np.zeros(self.kernels.N_GAME_COLUMNS, np.int64)
        self.shares = np.zeros(self.seats, np.float64)
        self.point_column, self.sign = point_columns(self.spec)
        self.over = True
        self.dealt, self.moves = (0, 0), []  # what render replays: (seed, deal set), actions

    def deal(self, seed: int, deal_set: int) -> None:
        self.k.new_game(self.state, deal_seed(seed, deal_set))
        self.dealt, self.moves = (seed, deal_set), []
        self.over = False

    @property
    def to_act(self) -> int:
        """The seat to act (-1 once the game is over)."""
        return -1 if self.over else int(self.kernels.to_act(self.state))

    def observe(self, seat: int, obs: np.ndarray, mask: np.ndarray) -> None:
        self.k.observe(self.state, seat, obs, mask)

    def step(self, g: int) -> int:
        """Global action ``g`` of the seat to act: the kernels' ILLEGAL, ON, DEAL_END or
        GAME_OVER (the deal's row, the game's row and the shares are then filled)."""
        r = int(self.k.step(self.state, g, self.deal_row, self.game_row, self.shares))
        if r != self.k.ILLEGAL:
            self.moves.append(g)
        if r == self.k.GAME_OVER:
            self.over = True
        return r

    def deal_rewards(self) -> np.ndarray:
        """Every seat's points of the deal just ended less the seats' mean."""
        points = self.deal_row[self.point_column].astype(np.float64)
        return self.sign * (points - points.mean())

    def legal_names(self) -> list[str]:
        names = self.part.global_names()
        mask = np.zeros(self.part.N_GLOBAL, np.int8)
        self.observe(self.to_act, np.zeros(self.part.SIZE, np.float32), mask)
        return [names[g] for g in np.flatnonzero(mask)]
