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

from sim.core.errors import TrixsimError
from sim.core.limits import MAX_GAMES, MAX_SEED
from sim.core.registry import LEGACY_GAME
from sim.core.spec import GameSpec


class PlanError(TrixsimError, ValueError):
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
    def from_dict(cls, d) -> Plan:
        """The plan of a manifest, every field checked (a manifest is read from disk, and a
        damaged or crafted one must not crash or mislead the run); PlanError says what."""
        from sim.core.limits import MAX_SEATS
        from sim.core.registry import GameError, get

        if not isinstance(d, dict):
            raise PlanError("its plan is not an object")
        fields = {"bots", "seed", "games", "chunk", "duplicate", "seatings", "game", "game_version"}
        missing = sorted({"bots", "seed", "games", "chunk", "seatings"} - set(d))
        if missing:
            raise PlanError(f"its plan lacks {missing[0]}")
        if set(d) - fields:
            raise PlanError(f"its plan has an unknown field {sorted(set(d) - fields)[0]!r}")

        def number(key, low, high):
            v = d[key]
            if type(v) is not int or not low <= v <= high:
                raise PlanError(f"its plan's {key} is {v!r}, not an integer from {low} to {high}")
            return v

        try:
            spec = get(d.get("game", LEGACY_GAME))
        except (GameError, TypeError):
            raise PlanError(f"its plan's game {d.get('game')!r} is not a registered game") from None
        bots = d["bots"]
        if (not isinstance(bots, list) or not 1 <= len(bots) <= min(spec.seats, MAX_SEATS)
                or not all(isinstance(b, str) and b for b in bots)):  # fmt: skip
            raise PlanError(f"its plan's bots are {bots!r}, not 1 to {spec.seats} bot specs")
        plan = cls(bots, number("seed", 0, MAX_SEED), number("games", 1, MAX_GAMES),
                   number("chunk", 1, MAX_GAMES), d.get("duplicate", True), d["seatings"],
                   spec.name, d.get("game_version", "1"))  # fmt: skip
        if not isinstance(plan.duplicate, bool):
            raise PlanError(f"its plan's duplicate is {plan.duplicate!r}, not true or false")
        expected = [list(x) for x in seatings_for(bots, spec.seats, spec.teams)]
        if plan.seatings != expected:
            raise PlanError("its plan's seatings are not those of its bots")
        if plan.games % len(expected) or plan.chunk % len(expected):
            raise PlanError("its plan's games and chunk are not whole deal sets")
        return plan

    @classmethod
    def make(cls, spec: GameSpec, bots, seed, games, chunk, duplicate) -> Plan:
        seatings = [list(s) for s in seatings_for(list(bots), spec.seats, spec.teams)]
        s = len(seatings)
        if not 0 <= seed <= MAX_SEED:
            raise PlanError(f"--seed must be from 0 to 2**64 - 1, got {seed}")
        if not 1 <= games <= MAX_GAMES:
            raise PlanError(f"--games must be from 1 to {MAX_GAMES:,}, got {games}")
        games = math.ceil(games / s) * s  # whole deal sets: every seating of each deal
        if games > MAX_GAMES:
            raise PlanError(f"--games {games:,} (whole deal sets) is more than {MAX_GAMES:,}")
        if chunk is None:  # a fraction of a second of play, from the command alone
            from sim.core.bots import parse_spec
            from sim.run.cost import default_chunk

            lineup = [parse_spec(t, spec.name) for t in bots]
            chunk = default_chunk(spec.name, lineup, seatings, games)
        if not 1 <= chunk <= MAX_GAMES:
            raise PlanError(f"--chunk must be from 1 to {MAX_GAMES:,}, got {chunk}")
        chunk = math.ceil(chunk / s) * s
        return cls(list(bots), seed, games, chunk, duplicate, seatings, spec.name, spec.version)
