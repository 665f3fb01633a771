"""Batched play: a chunk's games in lockstep, a batched bot called once for all that wait on it.

A line-up with a :class:`sim.core.bots.BatchedBot` (and numba bots) is played here instead of
in the one-call loop: :mod:`sim.core.lockstep` advances every game in compiled code until
each is over or waits on a batched seat, each policy answers for all its waiting games in one
call, and play resumes. The results fill the same :class:`sim.core.loop_batch.Batch` the loop
fills, so tournaments, Parquet, reports and sequential tests take batched bots unchanged.

Each line-up entry's policy is made once per chunk with its own generator, seeded from the
run's seed, the chunk's first game and the entry: the same command gives the same results
with any number of workers (chunks are fixed by the command). A stochastic policy's draws
depend on which games wait together, so a chunk of other games (another ``--chunk``) plays
otherwise; a deterministic policy plays every game as the checked path does.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from sim.core.binding import observed_kernels
from sim.core.bots import BatchedBot
from sim.core.limits import MAX_PARAMS, MAX_SEATS
from sim.core.protocol import bot_addresses
from sim.core.rng import bot_seeds, deal_seeds
from sim.core.spec import GameSpec


class FirstLegal(BatchedBot):
    """The lowest legal global id: a policy of no work (``sim.core.batched_play:FirstLegal``), to
    warm the lockstep kernels up and to measure what batched play costs the engine."""

    def act(self, obs, legal):
        return legal.argmax(axis=1)


SLOTS = 1024  # games in play at once in a chunk: a policy's batches hold this many rows at most


def lockstep_kernels(spec: GameSpec):
    """The game's copy of :mod:`sim.core.lockstep`, compiled."""
    return observed_kernels(spec, Path(__file__).with_name("lockstep.py"), "batched bots")


def policy_rng(seed: int, first_game: int, entry: int) -> np.random.Generator:
    """The generator of line-up entry ``entry``'s policy in the chunk starting at game
    ``first_game`` of a run seeded ``seed``."""
    return np.random.default_rng([seed & (2**64 - 1), int(first_game), entry, 0xBA7C])


def make_policies(spec: GameSpec, lineup, seed: int, first_game: int) -> dict:
    """One policy per batched entry of ``lineup``: ``{entry: BatchedBot}``."""
    return {i: b.info.cls(spec.name, policy_rng(seed, first_game, i), **b.values)
            for i, b in enumerate(lineup) if b.info.kind == "batched"}  # fmt: skip


def checked_actions(bot, actions, n: int) -> np.ndarray:
    """A policy's answer as ``int64[n]``; BotError says what is wrong with its shape."""
    from sim.core.play import BotError

    out = np.asarray(actions)
    if out.shape != (n,) or not np.issubdtype(out.dtype, np.integer):
        raise BotError(
            f"bot {bot.text!r} returned {out.dtype}{list(out.shape)} for {n} decisions; "
            f"act must return int[{n}], one global action id a row"
        )
    return out.astype(np.int64, copy=False)


def play_lockstep(spec: GameSpec, lineup, seating, seed: int, game_ids, deal_sets,
                  slots: int | None = None):  # fmt: skip
    """:func:`sim.core.loop_batch.play_batch` for a line-up with batched bots: ``slots`` games in
    play at once (default: :data:`SLOTS`, or the chunk's games where fewer)."""
    from sim.core.clock import time_bin
    from sim.core.loop_batch import Batch
    from sim.core.policies import NATIVE_NONE
    from sim.core.timing import cycles_per_second, empty

    k = lockstep_kernels(spec)
    obs_part, kernels = spec.part("observation"), spec.part("kernels")
    n, max_deals = len(game_ids), spec.max_deals
    w = min(n, max(1, SLOTS if slots is None else slots))
    states = np.zeros((w, kernels.STATE_SIZE), np.int64)
    rngs = np.zeros((w, MAX_SEATS), np.uint64)
    wait = np.zeros(w, np.int64)
    pending = np.zeros(w, np.int64)
    slot_game = np.zeros(w, np.int64)  # the game in each slot (an index into game_ids)
    next_game = np.zeros(1, np.int64)  # the chunk's next game to start
    game_seeds, stream_seeds = deal_seeds(seed, deal_sets), bot_seeds(seed, game_ids)
    k.begin(states, game_seeds, stream_seeds, rngs, wait, pending, slot_game, next_game)
    numba = [s for s in lineup if s.info.kind == "numba"]
    funcs = [s.info.decide for s in numba] or [_any_numba_bot(spec)]
    funcs = [s.info.decide if s.info.kind == "numba" else funcs[0] for s in lineup]
    funcs += [funcs[0]] * (MAX_SEATS - len(funcs))
    bots = bot_addresses(funcs)
    params = np.zeros((MAX_SEATS, MAX_PARAMS), np.float64)
    natives = np.zeros(MAX_SEATS, np.int8)
    batched = np.zeros(MAX_SEATS, np.int8)
    every = np.zeros(MAX_SEATS, np.int64)
    for i, s in enumerate(lineup):
        params[i] = s.encoded()
        batched[i] = s.info.kind == "batched"
        natives[i] = s.info.native if s.info.kind == "numba" else NATIVE_NONE
        every[i] = s.info.time_every if s.info.kind == "numba" else 0
    policies = make_policies(spec, lineup, seed, int(game_ids[0]) if n else 0)
    deals = np.zeros((kernels.N_DEAL_COLUMNS, n * max_deals), np.int16)
    counts = np.zeros(n, np.int64)
    games = np.zeros((n, kernels.N_GAME_COLUMNS), np.int16)
    shares = np.zeros((n, spec.seats), np.float64)
    illegal = np.zeros(5, np.int64)
    countdown = np.ones(MAX_SEATS, np.int64)
    timing = empty(MAX_SEATS)
    hz = cycles_per_second()
    obs = np.zeros((w, obs_part.SIZE), np.float32)
    legal = np.zeros((w, obs_part.N_GLOBAL), np.bool_)
    packed = np.zeros(w, np.int64)  # the k-th slot waiting on a policy, in slot order
    waiting = np.zeros(1, np.int64)  # how many wait
    actions = 0
    while True:
        taken = k.advance(states, rngs, np.ascontiguousarray(seating), natives, batched, bots,
                          game_seeds, stream_seeds, slot_game, next_game, params, deals,
                          counts, max_deals, games, shares, illegal, every, countdown, timing,
                          obs, legal, wait, pending, packed, waiting)  # fmt: skip
        if taken < 0:
            _illegal(spec, lineup, seating, game_ids, illegal, states, obs_part)
        actions += taken
        m = int(waiting[0])
        if m == 0:
            break
        waiting_slots = packed[:m]
        entries = wait[waiting_slots]
        for entry, policy in policies.items():
            if len(policies) == 1:  # every waiting game waits on it: slices, no copies
                rows = slice(0, m)
                size = m
            else:
                rows = np.flatnonzero(entries == entry)
                size = len(rows)
                if not size:
                    continue
            start = time.perf_counter_ns()
            chosen = policy.act(obs[rows], legal[rows])
            took = (time.perf_counter_ns() - start) * hz / 1e9 / size  # cycles each
            pending[waiting_slots[rows]] = checked_actions(lineup[entry], chosen, size)
            timing[entry, 0] += size
            timing[entry, 1] += took * size
            timing[entry, 2 + time_bin(max(1, int(took)))] += size
    order = np.concatenate([g * max_deals + np.arange(c) for g, c in enumerate(counts)] or
                           [np.zeros(0, np.int64)])  # fmt: skip
    return Batch(deals[:, order], games, shares, int(actions), counts, timing, hz)


def _any_numba_bot(spec: GameSpec):
    """A numba bot's function to fill the loop's unused function slots (never called)."""
    from sim.core.bots import load_bots

    return load_bots(spec.name)["random"].decide


def _illegal(spec, lineup, seating, game_ids, illegal, states, obs_part) -> None:
    g, seat, action, legal, slot = (int(x) for x in illegal)
    bot = lineup[seating[g, seat]]
    if bot.info.kind != "batched":
        from sim.core.loop_batch import raise_illegal

        raise_illegal(spec, lineup, seating, game_ids, g, seat, action, legal)
    from sim.core.play import BotError

    names = obs_part.global_names()
    said = names[action] if 0 <= action < len(names) else "no action"
    kernels = spec.part("kernels")
    public, hand = states[slot, : kernels.PUB_SIZE], kernels.hand_of(states[slot], seat)
    ids = [int(obs_part.to_global(public, hand, a)) for a in range(64) if legal >> a & 1]
    ok = [f"{i} ({names[i]})" for i in ids]
    raise BotError(
        f"bot {bot.text!r} at seat {seat} chose global action {action} ({said}) which is not "
        f"legal (game {int(game_ids[g])}); legal: {', '.join(ok)}"
    )
