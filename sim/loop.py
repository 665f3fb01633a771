"""The fast path: whole games, chunks of games, bots called from compiled code.

One kernel plays a chunk of games for a line-up of up to four numba bots and
writes one row of numbers per game and per contract into preallocated arrays.
Contracts are stored column by column, appended game after game, so each
Parquet column is already one contiguous array: the only Python work per
chunk is handing the arrays to the Parquet writer.
Its decisions are exactly those of :mod:`sim.play` for the same seed.

The uniform random policy is built into the loop (:func:`uniform_action`): a
seat played by a bot registered as ``native=NATIVE_UNIFORM`` (``random``) costs
no bot call, which is half of a random game's time otherwise (2× measured).
"""

import numpy as np
from numba import njit, types

from sim import layout as L
from sim.bits import nth_bit, popcount
from sim.protocol import BOT_TYPE
from sim.rng import below_at, mix
from sim.rules import (
    JACKS,
    legal_actions,
    new_game,
    next_contract,
    ranks_and_shares,
    step,
)

ACES = 0x80808080

# -- one row per contract ---------------------------------------------------------------
CONTRACT_COLUMNS = (
    "contract_no", "chooser", "choice", "contract", "forced_trix", "imposed",
    "chooser_jacks", "chooser_aces", "king_announcer",
    "points_0", "points_1", "points_2", "points_3",
    "totals_0", "totals_1", "totals_2", "totals_3",
    "tricks_0", "tricks_1", "tricks_2", "tricks_3",
    "stop_trick", "events", "zeroed",
    "trix_first", "trix_second", "trix_first_turns", "trix_second_turns",
    "trix_first_passes", "trix_second_passes",
)  # fmt: skip
C = {name: i for i, name in enumerate(CONTRACT_COLUMNS)}
C_NO, C_CHOOSER, C_CHOICE = C["contract_no"], C["chooser"], C["choice"]
C_CONTRACT, C_FORCED, C_IMPOSED = C["contract"], C["forced_trix"], C["imposed"]
C_JACKS, C_ACES, C_ANNOUNCER = C["chooser_jacks"], C["chooser_aces"], C["king_announcer"]
C_POINTS, C_TOTALS, C_TRICKS = C["points_0"], C["totals_0"], C["tricks_0"]
C_STOP, C_EVENTS, C_ZEROED = C["stop_trick"], C["events"], C["zeroed"]
C_OUT, C_OUT_TURNS, C_OUT_PASSES = C["trix_first"], C["trix_first_turns"], C["trix_first_passes"]
N_CONTRACT_COLUMNS = len(CONTRACT_COLUMNS)

# -- one row per game -------------------------------------------------------------------------
GAME_COLUMNS = (
    "contracts", "end", "first_chooser",
    "total_0", "total_1", "total_2", "total_3",
    "rank_0", "rank_1", "rank_2", "rank_3",
)  # fmt: skip
G = {name: i for i, name in enumerate(GAME_COLUMNS)}
G_CONTRACTS, G_END, G_FIRST = G["contracts"], G["end"], G["first_chooser"]
G_TOTALS, G_RANKS = G["total_0"], G["rank_0"]
N_GAME_COLUMNS = len(GAME_COLUMNS)


@njit(cache=True)
def record_contract(state, row):
    """Write the numbers of the contract that just ended into ``row``."""
    chooser = state[L.CHOOSER]
    contract = state[L.CONTRACT]
    dealt = state[L.DEALT + chooser]
    row[C_NO] = state[L.CONTRACT_NO]
    row[C_CHOOSER] = chooser
    row[C_CHOICE] = state[L.CHOICE]
    row[C_CONTRACT] = contract
    row[C_FORCED] = contract == L.TRIX_C and state[L.CHOICE] == 6
    row[C_IMPOSED] = state[L.CHOICE] == 7
    row[C_JACKS] = popcount(dealt & JACKS)
    row[C_ACES] = popcount(dealt & ACES)
    row[C_ANNOUNCER] = state[L.ANNOUNCER]
    for p in range(4):
        row[C_POINTS + p] = state[L.POINTS + p]
        row[C_TOTALS + p] = state[L.TOTALS + p]
        row[C_TRICKS + p] = state[L.TRICKS_WON + p]
    row[C_STOP] = state[L.TRICK_NO]
    row[C_EVENTS] = state[L.EVENTS]
    row[C_ZEROED] = state[L.ZEROED]
    for i in range(2):
        row[C_OUT + i] = state[L.OUT_SEAT + i]
        row[C_OUT_TURNS + i] = state[L.OUT_EVENT + i]
        row[C_OUT_PASSES + i] = state[L.OUT_PASSES + i]


# -- the policies the loop plays itself ---------------------------------------------------
NATIVE_NONE = 0  # call the bot's function
NATIVE_UNIFORM = 1  # a uniformly random legal action, drawn from the seat's stream


@njit(cache=True, inline="always")
def uniform_action(legal, streams, i):
    """A uniformly random action of the mask ``legal``, drawn from stream ``i`` of ``streams``."""
    return nth_bit(legal, below_at(streams, i, popcount(legal)))


@njit(cache=True, inline="always")
def _pick(i, a0, a1, a2, a3):
    return a0 if i == 0 else (a1 if i == 1 else (a2 if i == 2 else a3))


@njit(cache=True, inline="always")
def _decide(which, f0, f1, f2, f3, public, seat, hand, legal, rng, params):
    if which == 0:
        return f0(public, seat, hand, legal, rng, params[0])
    if which == 1:
        return f1(public, seat, hand, legal, rng, params[1])
    if which == 2:
        return f2(public, seat, hand, legal, rng, params[2])
    return f3(public, seat, hand, legal, rng, params[3])


CHUNK_SIGNATURE = types.int64(
    types.uint64[::1],  # deal seed of each game
    types.uint64[::1],  # bot seed of each game (sim.rng.bot_stream before the seat mix)
    types.int8[:, ::1],  # seating: line-up index at each seat, per game
    types.int8[::1],  # native policy of line-up entries 0..3 (NATIVE_*)
    BOT_TYPE,
    BOT_TYPE,
    BOT_TYPE,
    BOT_TYPE,
    types.float64[:, ::1],  # parameters of line-up entries 0..3
    types.int16[:, ::1],  # out: contract rows, column by column (N_CONTRACT_COLUMNS, games * 28)
    types.int16[:, ::1],  # out: game rows (games, N_GAME_COLUMNS)
    types.float64[:, ::1],  # out: win shares (games, 4)
    types.int64[::1],  # out: an illegal bot decision (game, seat, action, legal mask)
)


@njit(cache=True, inline="always")
def _play(deal_seeds, bot_seeds, seating, native, f0, f1, f2, f3, params, contracts, games,
          shares, illegal, calls):  # fmt: skip
    """The body of both kernels; ``calls`` is a constant, so each compiles one branch.

    A bot's action outside ``legal`` stops the chunk: it is written to ``illegal``
    and the kernel returns -1, before the rules could take it.
    """
    state = np.zeros(L.STATE_SIZE, np.int64)
    rngs = np.zeros((4, 1), np.uint64)  # row p: the stream of the bot at seat p
    streams = rngs.reshape(4)  # the same memory, for the native policies
    ranks = np.zeros(4, np.int64)
    share = np.zeros(4, np.float64)
    row = np.zeros(N_CONTRACT_COLUMNS, np.int64)
    actions = 0
    n_rows = 0  # contracts written so far: rows are appended, game after game
    # views made once: making one per call costs reference counting (5 ns a call)
    public = state[: L.PUB_SIZE]
    r0, r1, r2, r3 = rngs[0], rngs[1], rngs[2], rngs[3]
    param_rows = (params[0], params[1], params[2], params[3])
    for g in range(len(deal_seeds)):
        new_game(state, deal_seeds[g])
        for p in range(4):
            streams[p] = mix(bot_seeds[g], p)
        while True:
            seat = state[L.TURN]
            which = seating[g, seat]
            legal = legal_actions(state)
            if not calls or native[which] == NATIVE_UNIFORM:
                action = uniform_action(legal, streams, seat)
            else:
                action = _decide(which, f0, f1, f2, f3, public, seat, state[L.HANDS + seat],
                                 legal, _pick(seat, r0, r1, r2, r3), param_rows)  # fmt: skip
                if action < 0 or action >= L.N_ACTIONS or not (legal >> action) & 1:
                    illegal[0], illegal[1], illegal[2], illegal[3] = g, seat, action, legal
                    return -1
            actions += 1
            if step(state, action):
                record_contract(state, row)
                for j in range(N_CONTRACT_COLUMNS):
                    contracts[j, n_rows] = row[j]
                n_rows += 1
                if state[L.PHASE] == L.OVER:
                    break
                next_contract(state)
        ranks_and_shares(state, ranks, share)
        games[g, G_CONTRACTS] = state[L.CONTRACT_NO] + 1
        games[g, G_END] = state[L.END]
        games[g, G_FIRST] = state[L.FIRST_CHOOSER]
        for p in range(4):
            games[g, G_TOTALS + p] = state[L.TOTALS + p]
            games[g, G_RANKS + p] = ranks[p]
            shares[g, p] = share[p]
    return actions


@njit(CHUNK_SIGNATURE, cache=True)
def play_chunk(
    deal_seeds, bot_seeds, seating, native, f0, f1, f2, f3, params, contracts, games, shares,
    illegal,
):  # fmt: skip
    """Play ``len(deal_seeds)`` games to the end; returns the number of decisions (-1: a
    bot chose an illegal action, see ``illegal``)."""
    return _play(deal_seeds, bot_seeds, seating, native, f0, f1, f2, f3, params, contracts,
                 games, shares, illegal, True)  # fmt: skip


@njit(CHUNK_SIGNATURE, cache=True)
def play_chunk_native(
    deal_seeds, bot_seeds, seating, native, f0, f1, f2, f3, params, contracts, games, shares,
    illegal,
):  # fmt: skip
    """:func:`play_chunk` for a line-up the loop plays entirely itself: no bot call is
    compiled in, which leaves the loop's registers to the rules (1.1× faster)."""
    return _play(deal_seeds, bot_seeds, seating, native, f0, f1, f2, f3, params, contracts,
                 games, shares, illegal, False)  # fmt: skip
