"""The compiled game loop of every game: chunks of whole games, bots called from compiled code.

This file is a template. ``K`` stands for a game's kernel set (``docs/games.md``):
:mod:`sim.core.binding` writes one copy of this file per game with ``K`` bound to
that game's kernels and imports it, so each game gets its own compiled, cached
loop with its rules inlined into it (a rule called through a function pointer
would cost a call per action). Nothing here names a game.

One kernel plays a chunk of games for a line-up of up to ``MAX_SEATS`` numba
bots and writes one row of numbers per game and per deal into preallocated
arrays. Deal rows are stored column by column, appended game after game, so
each Parquet column is already one contiguous array: the only Python work per
chunk is handing the arrays to the Parquet writer. Its decisions are exactly
those of :mod:`sim.core.play` for the same seed.

A seat whose bot is registered ``native=NATIVE_UNIFORM`` (``random``) is played
by the loop itself (:func:`sim.core.policies.uniform_action`): no bot call. A bot
registered ``NATIVE_SEES_ALL`` (``oracle``) is given the whole state for its public slots.
"""

import numpy as np
from numba import types

from sim.core.clock import cycles, time_bin
from sim.core.jit import njit
from sim.core.policies import NATIVE_SEES_ALL, NATIVE_UNIFORM, decide_with, pick, uniform_action
from sim.core.protocol import BOT_TYPE, MAX_ACTIONS, MAX_SEATS
from sim.core.rng import mix

K = None  # bound per game (sim.core.binding): the game's kernel set

CHUNK_SIGNATURE = types.int64(
    types.uint64[::1],  # deal seed of each game
    types.uint64[::1],  # bot seed of each game (sim.core.rng.bot_stream before the seat mix)
    types.int8[:, ::1],  # seating: line-up index at each seat, per game
    types.int8[::1],  # native policy of line-up entries 0..MAX_SEATS-1 (NATIVE_*)
    BOT_TYPE,
    BOT_TYPE,
    BOT_TYPE,
    BOT_TYPE,
    BOT_TYPE,
    BOT_TYPE,
    types.float64[:, ::1],  # parameters of line-up entries 0..MAX_SEATS-1
    types.int16[:, ::1],  # out: deal rows, column by column (N_DEAL_COLUMNS, games * MAX_DEALS)
    types.int16[:, ::1],  # out: game rows (games, N_GAME_COLUMNS)
    types.float64[:, ::1],  # out: win shares (games, N_SEATS)
    types.int64[::1],  # out: an illegal bot decision (game, seat, action, legal mask)
    types.int64[::1],  # time one decision in this many of line-up entries 0..5 (0: none)
    types.float64[:, ::1],  # out: their timed decisions, cycles and histogram (sim.core.timing)
)


@njit(cache=True, inline="always")
def _play(deal_seeds, bot_seeds, seating, native, f0, f1, f2, f3, f4, f5, params, deals, games,
          shares, illegal, every, timing, calls):  # fmt: skip
    """The body of both kernels; ``calls`` is a constant, so each compiles one branch.

    A bot's action outside ``legal`` stops the chunk: it is written to ``illegal``
    and the kernel returns -1, before the rules could take it.
    """
    n_seats = K.N_SEATS
    state = np.zeros(K.STATE_SIZE, np.int64)
    rngs = np.zeros((MAX_SEATS, 1), np.uint64)  # row p: the stream of the bot at seat p
    streams = rngs.reshape(MAX_SEATS)  # the same memory, for the native policies
    share = np.zeros(n_seats, np.float64)
    row = np.zeros(K.N_DEAL_COLUMNS, np.int64)
    game_row = np.zeros(K.N_GAME_COLUMNS, np.int64)
    actions = 0
    countdown = np.ones(MAX_SEATS, np.int64)  # decisions of each line-up entry to its next timing
    n_rows = 0  # deals written so far: rows are appended, game after game
    # views made once: making one per call costs reference counting (5 ns a call)
    public = state[: K.PUB_SIZE]
    r0, r1, r2, r3, r4, r5 = rngs[0], rngs[1], rngs[2], rngs[3], rngs[4], rngs[5]
    param_rows = (params[0], params[1], params[2], params[3], params[4], params[5])
    for g in range(len(deal_seeds)):
        K.new_game(state, deal_seeds[g])
        for p in range(n_seats):
            streams[p] = mix(bot_seeds[g], p)
        while True:
            seat = K.to_act(state)
            which = seating[g, seat]
            legal = K.legal_actions(state)
            if not calls or native[which] == NATIVE_UNIFORM:
                action = uniform_action(legal, streams, seat)
            else:
                seen = state if native[which] == NATIVE_SEES_ALL else public  # oracle cheats
                timed = False
                if every[which] > 0:  # time one decision in every[which]: the first, then on
                    countdown[which] -= 1
                    if countdown[which] == 0:
                        countdown[which] = every[which]
                        timed = True
                start = cycles() if timed else 0
                action = decide_with(which, f0, f1, f2, f3, f4, f5, seen, seat,
                                 K.hand_of(state, seat), legal,
                                 pick(seat, r0, r1, r2, r3, r4, r5), param_rows)  # fmt: skip
                if timed:
                    took = cycles() - start
                    timing[which, 0] += 1.0
                    timing[which, 1] += took
                    timing[which, 2 + time_bin(took)] += 1.0
                if action < 0 or action >= MAX_ACTIONS or not (legal >> action) & 1:
                    illegal[0], illegal[1], illegal[2], illegal[3] = g, seat, action, legal
                    return -1
            actions += 1
            if K.step(state, action):
                K.record_deal(state, row)
                for j in range(K.N_DEAL_COLUMNS):
                    deals[j, n_rows] = row[j]
                n_rows += 1
                if K.is_over(state):
                    break
                K.next_deal(state)
        K.record_game(state, game_row, share)
        for j in range(K.N_GAME_COLUMNS):
            games[g, j] = game_row[j]
        for p in range(n_seats):
            shares[g, p] = share[p]
    return actions


@njit(CHUNK_SIGNATURE, cache=True)
def play_chunk(deal_seeds, bot_seeds, seating, native, f0, f1, f2, f3, f4, f5, params, deals,
               games, shares, illegal, every, timing):  # fmt: skip
    """Play ``len(deal_seeds)`` games to the end; returns the number of decisions (-1: a
    bot chose an illegal action, see ``illegal``)."""
    return _play(deal_seeds, bot_seeds, seating, native, f0, f1, f2, f3, f4, f5, params, deals,
                 games, shares, illegal, every, timing, True)  # fmt: skip


@njit(CHUNK_SIGNATURE, cache=True)
def play_chunk_native(deal_seeds, bot_seeds, seating, native, f0, f1, f2, f3, f4, f5, params,
                      deals, games, shares, illegal, every, timing):  # fmt: skip
    """:func:`play_chunk` for a line-up the loop plays entirely itself: no bot call is
    compiled in, which leaves the loop's registers to the rules (1.1× faster)."""
    return _play(deal_seeds, bot_seeds, seating, native, f0, f1, f2, f3, f4, f5, params, deals,
                 games, shares, illegal, every, timing, False)  # fmt: skip
