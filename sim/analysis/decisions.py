"""The games of a run played again, and the chosen bots' decisions valued on the way.

A game is rebuilt as the run played it: the same deal, the same seating, each bot with the
stream the compiled loop gave it (:func:`sim.core.play.play_game` makes the same decisions
as the loop for the same seed), or, for a run whose bots decided by a time budget, the
actions its records wrote. At each decision of an analysed line-up entry with a choice, the
evaluator values every legal action (:mod:`sim.analysis.evaluator`); the decision's **loss**
is the best action's value less the value of the one taken, in points of win share (the
game's ``analysis.UNIT``). The evaluator's stream is keyed by the game and the decision,
so the values are the same whichever worker, and whether the actions came from the bots
or from the records.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from sim.core.limits import MAX_ACTIONS
from sim.core.progress import progress_bar
from sim.core.rng import bot_seed, mix

GAMES_PER_TASK = 2  # games per worker task: small, so the progress bar moves and work balances
COLUMNS = ("game", "deal_set", "deal", "trick", "step", "seat", "entry", "phase", "action",
           "best", "loss", "n_legal")  # fmt: skip


@dataclass
class Decisions:
    """Valued decisions, one row each (``COLUMNS``), with ``values[r]``: every action's value
    in points (NaN: not legal); and per game its ``actions`` (to rebuild any position) and
    final win ``shares``."""

    rows: dict[str, np.ndarray]
    values: np.ndarray  # float32 (rows, MAX_ACTIONS)
    actions: dict[int, list[int]] = field(default_factory=dict)
    shares: dict[int, list[float]] = field(default_factory=dict)
    states: np.ndarray | None = None  # int64 (rows, STATE_SIZE): each position, when kept
    private: np.ndarray | None = None  # int64 (rows,): the seat's private word there

    def __len__(self) -> int:
        return len(self.values)

    @classmethod
    def join(cls, parts: list[Decisions]) -> Decisions:
        rows = {c: np.concatenate([p.rows[c] for p in parts]) if parts else np.zeros(0)
                for c in COLUMNS}  # fmt: skip
        values = (np.concatenate([p.values for p in parts]) if parts
                  else np.zeros((0, MAX_ACTIONS), np.float32))  # fmt: skip
        out = cls(rows, values)
        if parts and parts[0].states is not None:
            out.states = np.concatenate([p.states for p in parts])
            out.private = np.concatenate([p.private for p in parts])
        for p in parts:
            out.actions.update(p.actions)
            out.shares.update(p.shares)
        return out


@dataclass(frozen=True)
class Job:
    """Games of one run to value: everything a worker needs, as plain data."""

    game: str
    bots: list[str]  # the run's line-up
    seatings: list[list[int]]  # the line-up entry at each seat, one row per game
    seed: int
    game_ids: list[int]
    deal_sets: list[int]
    entries: list[int]  # the line-up entries whose decisions are valued
    evaluator: str
    records: list[dict] | None = None  # each game's record (the run's records); None: the bots
    share: float = 1.0  # the share of those decisions valued, drawn by the game and decision
    states: bool = False  # keep each valued position (its state and private word)


def value_games(job: Job) -> Decisions:
    """Play ``job``'s games (or replay its records) and value its entries' decisions (a
    worker's task)."""
    from sim.analysis.evaluator import Valuer, parse_evaluator
    from sim.core.bots import load_bots, parse_spec
    from sim.core.registry import get

    spec = get(job.game)
    load_bots(spec.name)
    part = spec.part("analysis")
    valuer = Valuer(spec, parse_evaluator(job.evaluator, spec))
    lineup = [parse_spec(t, spec.name) for t in job.bots]
    chosen = set(job.entries)
    rows = {c: [] for c in COLUMNS}
    values: list[np.ndarray] = []
    states: list[np.ndarray] = []
    private: list[int] = []
    out = Decisions({}, np.zeros(0))
    for i, (g, d) in enumerate(zip(job.game_ids, job.deal_sets, strict=True)):
        seating = job.seatings[i]
        trail, shares = _played(spec, job, i, lineup)
        key = int(bot_seed(job.seed, g))
        for step, (state, seat, word, legal, action, deals) in enumerate(trail):
            entry = seating[seat]
            if entry in chosen and legal & (legal - 1) and _drawn(key, step, job.share):
                v = valuer.values(state, seat, word, legal,
                                  int(mix(np.uint64(key), np.uint64(step))))  # fmt: skip
                v *= part.UNIT
                best = int(np.nanargmax(v))
                for c, x in zip(COLUMNS, (g, d, deals, part.trick(state), step, seat, entry,
                                          part.phase(state, legal), action, best,
                                          v[best] - v[action], legal.bit_count()),
                                strict=True):  # fmt: skip
                    rows[c].append(x)
                values.append(v.astype(np.float32))
                if job.states:
                    states.append(state)
                    private.append(word)
        out.actions[g] = [int(m[4]) for m in trail]
        out.shares[g] = shares
    out.rows = {c: np.asarray(rows[c], np.float64 if c == "loss" else np.int64) for c in COLUMNS}
    out.values = np.asarray(values, np.float32).reshape(len(values), MAX_ACTIONS)
    if job.states:
        size = spec.part("kernels").STATE_SIZE
        out.states = np.asarray(states, np.int64).reshape(len(states), size)
        out.private = np.asarray(private, np.int64)
    return out


def _played(spec, job: Job, i: int, lineup) -> tuple[list, list[float]]:
    """Game ``i`` of the job move by move (:func:`sim.core.api.trailing`'s tuples) and its
    final win shares: played by the bots as the run played it, or rebuilt from its record."""
    from sim.core.api import trailing
    from sim.core.play import play_game

    with trailing([]) as trail:
        if job.records is None:
            specs = [lineup[e] for e in job.seatings[i]]
            game = play_game(spec, specs, job.seed, job.game_ids[i], job.deal_sets[i])
        else:
            game = spec.part("codec").replay_record(job.records[i])
    return trail, [float(x) for x in game.shares]


SAMPLE = np.uint64(0x5A3B1E)  # mixed into a decision's key for the draw of :attr:`Job.share`


def _drawn(key: int, step: int, share: float) -> bool:
    """Whether the decision ``step`` of the game keyed ``key`` is among the share valued."""
    if share >= 1.0:
        return True
    x = int(mix(np.uint64(mix(np.uint64(key), np.uint64(step))), SAMPLE))
    return x < share * 2.0**64


def value_all(jobs: list[Job], workers: int = 1, progress: bool = False) -> Decisions:
    """Every job's decisions, on ``workers`` processes (spawned, one thread each), in the
    jobs' order: the same rows whatever the number of workers."""
    bar = progress_bar(total=sum(len(j.game_ids) for j in jobs), unit="game", disable=not progress)
    parts = []
    try:
        if workers <= 1 or len(jobs) <= 1:
            for job in jobs:
                parts.append(value_games(job))
                bar.update(len(job.game_ids))
        else:
            from sim.run.local import start_workers, stop_workers

            pool = start_workers(min(workers, len(jobs)), jobs[0].game)
            try:
                for job, part in zip(jobs, pool.map(value_games, jobs), strict=True):
                    parts.append(part)
                    bar.update(len(job.game_ids))
            finally:
                stop_workers(pool)
    finally:
        bar.close()
    return Decisions.join(parts)
