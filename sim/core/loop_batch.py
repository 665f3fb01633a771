"""Python face of the compiled loop: play many games of one game with a line-up in one call."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.core.binding import chunk_kernels
from sim.core.protocol import MAX_PARAMS, MAX_SEATS
from sim.core.rng import bot_seeds, deal_seeds
from sim.core.spec import GameSpec


@dataclass
class Batch:
    """Raw results of a chunk.

    ``deals[j]`` is column j (the game's deal columns) of every deal played,
    game after game in order; game g's rows follow those of game g - 1,
    ``deal_counts[g]`` of them. ``games[g]`` is game g's row (the game's game
    columns: totals, then ranks, then its own).
    """

    deals: np.ndarray  # int16 (deal columns, deals played)
    games: np.ndarray  # int16 (games, game columns)
    shares: np.ndarray  # float64 (games, seats)
    actions: int  # decisions taken by the bots
    deal_counts: np.ndarray  # int64 (games,): deals each game played
    timing: np.ndarray | None = None  # float64 (line-up entries, sim.core.timing.COLUMNS)
    hz: float = 1.0  # the rate of timing's cycles (a second's worth)


def play_batch(
    spec: GameSpec, lineup, seating, seed: int, game_ids, deal_sets=None, slow=False, native=True
) -> Batch:
    """Play games ``game_ids`` (deal sets ``deal_sets``, default the ids) of game ``spec``.

    ``lineup`` holds up to ``MAX_SEATS`` :class:`sim.core.bots.BotSpec`;
    ``seating`` (games × seats, or one row for all games) gives the line-up index
    at each seat. All-numba line-ups run in one kernel call; a line-up with batched bots
    in lockstep (:mod:`sim.core.batched_play`); a line-up with a Python bot (or ``slow=True``)
    goes through :mod:`sim.core.play`. All fill the same arrays. ``native=False`` calls
    every bot's function even where the loop has its policy built in (same results,
    slower; for tests and the benchmark).
    """
    from sim.core.policies import NATIVE_NONE, NATIVE_UNIFORM

    kernels = spec.part("kernels")
    game_ids = np.asarray(game_ids, np.int64)
    deal_sets = game_ids if deal_sets is None else np.asarray(deal_sets, np.int64)
    n, seats = len(game_ids), spec.seats
    seating = np.array(np.broadcast_to(np.asarray(seating, np.int8), (n, seats)), order="C")
    deals = np.empty((kernels.N_DEAL_COLUMNS, n * spec.max_deals), np.int16)
    games = np.empty((n, kernels.N_GAME_COLUMNS), np.int16)
    shares = np.empty((n, seats), np.float64)
    from sim.core.timing import cycles_per_second, empty

    timing = empty(MAX_SEATS)
    if (
        not slow
        and any(s.info.kind == "batched" for s in lineup)
        and all(s.info.kind != "python" for s in lineup)
    ):
        from sim.core.batched_play import play_lockstep

        return play_lockstep(spec, lineup, seating, seed, game_ids, deal_sets)
    if slow or any(s.info.kind != "numba" for s in lineup):
        counts, actions = _play_slow(spec, lineup, seating, seed, game_ids, deal_sets, deals,
                                     games, shares, timing)  # fmt: skip
        return Batch(deals[:, : counts.sum()], games, shares, actions, counts, timing, 1e9)
    funcs = [s.info.decide for s in lineup]
    funcs += [funcs[0]] * (MAX_SEATS - len(funcs))
    params = np.zeros((MAX_SEATS, MAX_PARAMS), np.float64)
    natives = np.zeros(MAX_SEATS, np.int8)
    for i, s in enumerate(lineup):
        params[i] = s.encoded()
        natives[i] = s.info.native if native or s.info.sees_all else NATIVE_NONE
    illegal = np.zeros(4, np.int64)
    every = np.zeros(MAX_SEATS, np.int64)  # time one decision in this many (0: not called)
    for i, s in enumerate(lineup):
        every[i] = 0 if natives[i] == NATIVE_UNIFORM else s.info.time_every
    play_chunk, play_chunk_native = chunk_kernels(spec)
    kernel = play_chunk_native if (natives[: len(lineup)] == NATIVE_UNIFORM).all() else play_chunk
    actions = kernel(deal_seeds(seed, deal_sets), bot_seeds(seed, game_ids), seating, natives,
                     *funcs, params, deals, games, shares, illegal, every, timing)  # fmt: skip
    if actions < 0:
        raise_illegal(spec, lineup, seating, game_ids, *illegal)
    counts = games[:, kernels.GAME_COLUMNS.index(spec.deal_count)].astype(np.int64)
    return Batch(deals[:, : counts.sum()], games, shares, int(actions), counts, timing,
                 cycles_per_second())  # fmt: skip


def raise_illegal(spec, lineup, seating, game_ids, g, seat, action, legal) -> None:
    """The message :class:`sim.core.play.Player` gives for the same mistake, with the game."""
    from sim.core.play import BotError, illegal_message

    bot = lineup[seating[g, seat]]
    raise BotError(illegal_message(spec, bot, seat, action, legal, game_ids[g]))


def _play_slow(spec, lineup, seating, seed, game_ids, deal_sets, deals, games, shares, timing):
    """The line-up through the checked game; every decision timed, in nanoseconds."""
    from sim.core.clock import time_bin
    from sim.core.play import play_game

    counts = np.zeros(len(game_ids), np.int64)
    actions = rows = 0
    for i in range(len(game_ids)):
        specs = [lineup[j] for j in seating[i]]
        times = [[] for _ in specs]
        game = play_game(spec, specs, seed, int(game_ids[i]), int(deal_sets[i]), times)
        for seat, seconds in enumerate(times):
            entry = seating[i][seat]
            for s in seconds:
                ns = int(s * 1e9)
                timing[entry, 0] += 1
                timing[entry, 1] += ns
                timing[entry, 2 + time_bin(ns)] += 1
        for row in game.deal_rows:
            deals[:, rows] = row
            rows += 1
        counts[i] = len(game.deal_rows)
        actions += game.decisions
        games[i] = game.game_row
        shares[i] = game.shares
    return counts, actions
