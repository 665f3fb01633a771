"""The compiled half of batched play: many games in lockstep, each stopped where a batched bot
must decide.

This file is a template (as :mod:`sim.core.loop`): ``K`` stands for a game's kernel set
and ``O`` for its observation part (``docs/games.md``); :mod:`sim.core.batched_play` binds a
copy per game. :func:`advance` plays the games in play in compiled code (numba bots
called as the loop calls them, the loop's own policies inline) until each game is over or
waits on a seat of a batched bot; for those it writes the seat's tensor and its legal
**global** action ids, and the Python driver calls the policy once for all of them. The
policy's answers come back in ``pending`` and :func:`advance` applies them first, each
checked against the legal actions before the rules take it. Nothing here names a game.

A chunk's games are played in **slots**, fewer than its games where it is long: a game
that ends hands its slot to the chunk's next game, so a policy's batches stay full until
the chunk's last games (games of very different lengths left a few rows a call for most
of the calls when every game started at once). A game's play depends only on its own
state and streams, so a deterministic policy plays every game alike in any slot.
"""

import numpy as np
from numba import types

from sim.core.bits import lowest_bit
from sim.core.clock import cycles, time_bin
from sim.core.jit import njit
from sim.core.policies import NATIVE_SEES_ALL, NATIVE_UNIFORM, decide_with, uniform_action
from sim.core.protocol import MAX_ACTIONS, MAX_SEATS, as_bot
from sim.core.rng import mix

K = None  # bound per game (sim.core.batched_play): the game's kernel set
O = None  # bound per game: the game's observation part  # noqa: E741

RUNNING = -1  # wait[w]: the game in slot w plays on
OVER = -2  # wait[w]: the slot is empty: its last game is over and no game is left to start
# wait[w] >= 0: the game in slot w waits on line-up entry wait[w] (a batched bot)

# typed, as the loop's chunk is; the numba bots come in as addresses (bots: int64[MAX_SEATS, 2],
# sim.core.protocol.bot_addresses), since handing over dispatchers costs ~30 µs each a call
_I8_2D, _I64, _F64_2D = types.int8[:, ::1], types.int64[::1], types.float64[:, ::1]
ADVANCE_SIGNATURE = types.int64(
    types.int64[:, ::1], types.uint64[:, ::1], _I8_2D, types.int8[::1], types.int8[::1],
    types.int64[:, ::1], types.uint64[::1], types.uint64[::1], _I64, _I64,
    _F64_2D, types.int16[:, ::1], _I64, types.int64, types.int16[:, ::1], _F64_2D, _I64, _I64,
    _I64, _F64_2D, types.float32[:, ::1], types.boolean[:, ::1], _I64, _I64, _I64, _I64,
)  # fmt: skip


@njit(cache=True)
def begin(states, deal_seeds, bot_seeds, rngs, wait, pending, slot_game, next_game):
    """Deal the chunk's first games, one a slot (``slot_game[w]``: the game in slot ``w``)."""
    next_game[0] = 0
    for w in range(states.shape[0]):
        _next_game(states, rngs, slot_game, next_game, w, deal_seeds, bot_seeds)
        wait[w] = RUNNING
        pending[w] = -1


@njit(cache=True, inline="always")
def _next_game(states, rngs, slot_game, next_game, w, deal_seeds, bot_seeds):
    """Deal the chunk's next game in slot ``w`` and seed each seat's stream (as the loop
    does); False when every game has been started."""
    g = next_game[0]
    if g >= deal_seeds.shape[0]:
        return False
    next_game[0] = g + 1
    slot_game[w] = g
    K.new_game(states[w], deal_seeds[g])
    for p in range(MAX_SEATS):
        rngs[w, p] = mix(bot_seeds[g], p) if p < K.N_SEATS else 0
    return True


@njit(cache=True)
def observe(state, seat, obs, legal):
    """The seat's tensor into ``obs`` and its legal global ids into ``legal`` (bool)."""
    public, hand = state[: K.PUB_SIZE], K.hand_of(state, seat)
    O.encode(public, seat, hand, obs)
    legal[:] = False
    mask = K.legal_actions(state)
    while mask:  # the set bits only: a test of each of 64 bits mispredicts on every card
        legal[O.to_global(public, hand, lowest_bit(mask))] = True
        mask &= mask - 1


@njit(cache=True, inline="always")
def _apply(state, g, action, deals, counts, max_deals, games, shares, game_row, row, share):
    """Take ``action``; at a deal's end write its row (game ``g``'s slots), at the game's end
    its rows. True when the game is over."""
    if K.step(state, action):
        K.record_deal(state, row)
        at = g * max_deals + counts[g]
        for j in range(K.N_DEAL_COLUMNS):
            deals[j, at] = row[j]
        counts[g] += 1
        if K.is_over(state):
            K.record_game(state, game_row, share)
            for j in range(K.N_GAME_COLUMNS):
                games[g, j] = game_row[j]
            for p in range(K.N_SEATS):
                shares[g, p] = share[p]
            return True
        K.next_deal(state)
    return False


@njit(ADVANCE_SIGNATURE, cache=True)
def advance(states, rngs, seating, native, batched, bots, deal_seeds, bot_seeds, slot_game,
            next_game, params, deals, counts, max_deals, games, shares, illegal, every,
            countdown, timing, obs, legal, wait, pending, order, waiting):  # fmt: skip
    """Play every slot's game on until it waits on a batched bot (``batched[entry]``), or it
    is over and no game of the chunk is left to start in its slot; returns the decisions
    taken, or -1 when an action was illegal (``illegal``: game, seat, action, legal mask,
    slot; a batched bot's action as its global id). The slots that wait are packed: the
    ``k``-th (``k < waiting[0]``) is slot ``order[k]``, its tensor in ``obs[k]`` and its
    legal ids in ``legal[k]``, so a policy of every seat reads one slice of them instead of
    a copy. Rows (``deals``, ``counts``, ``games``, ``shares``) and ``seating`` are by game;
    the rest by slot. ``countdown`` carries the timed decisions' count from call to call,
    as the loop's one call does."""
    f0, f1 = as_bot(bots[0, 0], bots[0, 1]), as_bot(bots[1, 0], bots[1, 1])
    f2, f3 = as_bot(bots[2, 0], bots[2, 1]), as_bot(bots[3, 0], bots[3, 1])
    f4, f5 = as_bot(bots[4, 0], bots[4, 1]), as_bot(bots[5, 0], bots[5, 1])
    row = np.zeros(K.N_DEAL_COLUMNS, np.int64)
    game_row = np.zeros(K.N_GAME_COLUMNS, np.int64)
    share = np.zeros(K.N_SEATS, np.float64)
    param_rows = (params[0], params[1], params[2], params[3], params[4], params[5])
    taken = 0
    packed = 0
    for w in range(states.shape[0]):
        if wait[w] == OVER:
            continue
        state = states[w]
        public = state[: K.PUB_SIZE]  # a view: the slot's next game is dealt into it
        if wait[w] >= 0:  # the policy's answer
            g = slot_game[w]
            seat = K.to_act(state)
            mask = K.legal_actions(state)
            chosen = pending[w]
            hand = K.hand_of(state, seat)
            a = O.to_local(public, hand, chosen) if 0 <= chosen < O.N_GLOBAL else -1
            if a < 0 or a >= MAX_ACTIONS or not (mask >> a) & 1:
                illegal[0], illegal[1], illegal[2], illegal[3] = g, seat, chosen, mask
                illegal[4] = w
                return -1
            pending[w] = -1
            wait[w] = RUNNING
            taken += 1
            over = _apply(state, g, a, deals, counts, max_deals, games, shares, game_row, row,
                          share)  # fmt: skip
            if over and not _next_game(states, rngs, slot_game, next_game, w, deal_seeds,
                                       bot_seeds):  # fmt: skip
                wait[w] = OVER
                continue
        r = rngs[w]
        while True:
            g = slot_game[w]
            seat = K.to_act(state)
            which = seating[g, seat]
            if batched[which]:
                observe(state, seat, obs[packed], legal[packed])
                order[packed] = w
                packed += 1
                wait[w] = which
                break
            mask = K.legal_actions(state)
            if native[which] == NATIVE_UNIFORM:
                action = uniform_action(mask, r, seat)
            else:
                seen = state if native[which] == NATIVE_SEES_ALL else public
                timed = False
                if every[which] > 0:
                    countdown[which] -= 1
                    if countdown[which] == 0:
                        countdown[which] = every[which]
                        timed = True
                start = cycles() if timed else 0
                action = decide_with(which, f0, f1, f2, f3, f4, f5, seen, seat,
                                     K.hand_of(state, seat), mask, r[seat: seat + 1],
                                     param_rows)  # fmt: skip
                if timed:
                    took = cycles() - start
                    timing[which, 0] += 1.0
                    timing[which, 1] += took
                    timing[which, 2 + time_bin(took)] += 1.0
                if action < 0 or action >= MAX_ACTIONS or not (mask >> action) & 1:
                    illegal[0], illegal[1], illegal[2], illegal[3] = g, seat, action, mask
                    illegal[4] = w
                    return -1
            taken += 1
            over = _apply(state, g, action, deals, counts, max_deals, games, shares, game_row,
                          row, share)  # fmt: skip
            if over and not _next_game(states, rngs, slot_game, next_game, w, deal_seeds,
                                       bot_seeds):  # fmt: skip
                wait[w] = OVER
                break
    waiting[0] = packed
    return taken
