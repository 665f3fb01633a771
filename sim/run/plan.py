"""What fixes a tournament's results: the game, the line-up, the seed, the games, the chunks.

Game ``g`` plays deal set ``g // S`` under seating ``g % S`` (``S`` seatings of
the line-up) with bot streams seeded by ``g``, so every row is the same
whichever worker plays it and however many there are.

Seatings (duplicate seating, any number of seats): the line-up is a multiset
of bots (``greedy,mcts,greedy,random`` is greedy twice), and a run plays every
distinct way of putting it at the table, each once:

- as many entries as seats: every distinct arrangement (4 distinct bots: 24;
  ``greedy,mcts,greedy,random``: 12);
- fewer entries than seats: each bot gets ``seats // k`` or one more seat, in
  every distinct arrangement of every such share (two bots at four seats: 6;
  two at five: 20, each bot holding each seat half the time);
- team games whose teams the entries divide: each bot takes whole teams, in
  every distinct assignment of bots to teams (two bots, two partnerships: 2).

By symmetry every bot holds every seat equally often.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np

from sim.core.registry import LEGACY_GAME
from sim.core.spec import GameSpec


class PlanError(ValueError):
    """A line-up or size that cannot make a fair run; the message says why."""


def _arrangements(counts: list[int]) -> set[tuple[int, ...]]:
    """Every distinct sequence holding ``counts[i]`` copies of ``i``."""
    items = [i for i, c in enumerate(counts) for _ in range(c)]
    return set(itertools.permutations(items))


def seatings_for(lineup: list[str], seats: int, teams: tuple[tuple[int, ...], ...] = ()):
    """The distinct seatings of a line-up (bot texts, repeats allowed) at ``seats`` seats:
    each a tuple giving the line-up index at every seat. Indices point to the first
    entry of each distinct bot, so equal bots are one bot."""
    if not lineup:
        raise PlanError("the line-up is empty")
    if len(lineup) > seats:
        raise PlanError(f"{len(lineup)} bot specs for {seats} seats; give at most {seats}")
    first = {}
    for i, text in enumerate(lineup):
        first.setdefault(text, i)
    entries = [first[t] for t in lineup]  # each entry as the index of its bot
    bots = sorted(set(entries))
    per_bot = [entries.count(b) for b in bots]  # entries of each distinct bot
    k = len(entries)
    if teams and k < seats and len(teams) % k == 0 and len({len(t) for t in teams}) == 1:
        found = set()
        for arrangement in _arrangements([c * len(teams) // k for c in per_bot]):
            seat_of = [0] * seats
            for team, b in zip(teams, arrangement, strict=True):
                for s in team:
                    seat_of[s] = bots[b]
            found.add(tuple(seat_of))
        return sorted(found)
    shares = {tuple(seats // k + (1 if i < seats % k else 0) for i in range(k))}
    shares = {p for s in shares for p in itertools.permutations(s)}  # who gets the extra
    found = set()
    for share in shares:
        counts = [0] * len(bots)
        for entry, n in zip(entries, share, strict=True):
            counts[bots.index(entry)] += n
        for arrangement in _arrangements(counts):
            found.add(tuple(bots[b] for b in arrangement))
    return sorted(found)


@dataclass
class Plan:
    """Everything that fixes a run's results; stored in the manifest."""

    bots: list[str]
    seed: int
    games: int
    chunk: int
    duplicate: bool = True
    seatings: list[list[int]] = field(default_factory=list)
    game: str = LEGACY_GAME  # runs of trixsim 0.2.0 recorded no game: they were all Trix
    game_version: str = "1"

    @property
    def n_chunks(self) -> int:
        return math.ceil(self.games / self.chunk)

    def chunk_games(self, i: int) -> np.ndarray:
        return np.arange(i * self.chunk, min(self.games, (i + 1) * self.chunk), dtype=np.int64)

    def layout(self, game_ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Deal set and seating index of each game."""
        s = len(self.seatings)
        if self.duplicate:
            return game_ids // s, game_ids % s
        return game_ids, game_ids % s  # a fresh deal every game, seatings still balanced

    @classmethod
    def make(cls, spec: GameSpec, bots, seed, games, chunk, duplicate) -> Plan:
        seatings = [list(s) for s in seatings_for(list(bots), spec.seats, spec.teams)]
        s = len(seatings)
        if games < 1:
            raise PlanError(f"--games must be at least 1, got {games}")
        games = math.ceil(games / s) * s  # whole deal sets: every seating of each deal
        if chunk is None:
            chunk = min(20_000, max(240, games // 64))
        if chunk < 1:
            raise PlanError(f"--chunk must be at least 1, got {chunk}")
        chunk = math.ceil(chunk / s) * s
        return cls(list(bots), seed, games, chunk, duplicate, seatings, spec.name, spec.version)
