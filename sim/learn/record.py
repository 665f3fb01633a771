"""The compiled half of training: whole games played by a line-up of numba bots, with every
decision of the learning seats written down as a network learns from it.

This file is a template (as :mod:`sim.core.lockstep`): ``K`` stands for a game's kernel set,
``O`` for its observation part, ``D`` for its search part (whose ``rewards`` value a deal's
end for every seat), ``P`` for its bound ``pimc`` and ``H`` for the hint's bot;
:mod:`sim.learn.selfplay` binds a copy per game. Nothing here names a game.

A recorded decision is a row: the seat's observation tensor as its non-zero inputs (index and
value, rows packed one after another as in a sparse matrix), its legal global actions as a
128-bit mask, the action played, the teacher's choice on the same information (a numba bot
too, asked at the same position: DAgger) and the deal's **return** for that seat: what the
deal's end is worth to it by the game's search rewards (an equity of the totals, or the final
shares at the game's end), less what its start was worth; and, when asked, the **value of
every legal action** in the same units, as ``pimc`` values them from what the seat knows:
``worlds`` deals of the hidden cards by the game's determinizer (or, with ``truth``, the
true deal alone: the oracle's values, which the network regresses on what the seat knows,
learning their expectation over the deals its play actually meets), each action valued in each
(``model``: 0 the solver after the rollout bot plays on to the solvable part, its last
``last`` tricks; 1 the reply model; 2 one playout of the rollout bot), the mean of the worlds;
``P`` may be the copy of ``pimc`` whose rollout bot is the network (``rollout=neural``).
With ``hint`` the row has one input more: the rollout bot's global action at the position,
at ``O.SIZE`` + its id (what a hinted ``neural`` reads, as :mod:`sim.core.neural` has it).
"""

import numpy as np

from sim.core.bits import lowest_bit, popcount
from sim.core.jit import njit
from sim.core.limits import MAX_PARAMS
from sim.core.policies import decide_with
from sim.core.protocol import MAX_ACTIONS, MAX_SEATS, as_bot
from sim.core.rng import below, mix

K = None  # bound per game (sim.learn.selfplay): the game's kernel set
O = None  # bound per game: the game's observation part  # noqa: E741
D = None  # bound per game: the game's search part
P = None  # bound per game: the game's pimc (sim.core.pimc, bound): the values of every action
H = None  # bound per game: the hint's bot, the game's rollout bot (as sim.core.neural's G)

TEACHER = MAX_SEATS  # bots[TEACHER], params[TEACHER]: the teacher (address 0: none)
FULL = -2  # returned when the buffers could not hold the chunk's rows


@njit(cache=True)
def _write_row(r, nnz, x, hint, public, seat, hand, mask, action, idx, val, offsets, legal,
               taken):  # fmt: skip
    """Row ``r``: the tensor ``x``'s non-zero inputs from ``nnz`` on (then the hint's, a
    global id, unless it is -1), the legal global ids, the action taken; returns the new
    ``nnz``."""
    for i in range(O.SIZE):
        if x[i] != 0.0:
            idx[nnz] = i
            val[nnz] = x[i]
            nnz += 1
    if hint >= 0:
        idx[nnz] = O.SIZE + hint
        val[nnz] = 1.0
        nnz += 1
    offsets[r + 1] = nnz
    legal[r, 0] = 0
    legal[r, 1] = 0
    m = mask
    while m:
        a = lowest_bit(m)
        m &= m - 1
        k = O.to_global(public, hand, a)
        legal[r, k >> 6] |= np.uint64(1) << np.uint64(k & 63)
    taken[r] = O.to_global(public, hand, action)
    return nnz


@njit(cache=True)
def _values(state, truth, seat, hand, mask, rng, worlds, model, last, gparams, scale, start,
            q_row, work):  # fmt: skip
    """Every legal action's value for the seat, less ``start`` (its value of the deal's
    start), into ``q_row`` by global id (NaN: not legal): in ``worlds`` deals of the hidden
    cards, or with ``truth`` in the true ``state`` alone; ``gparams``: the parameters of the
    bot that plays the worlds on (``P``'s rollout bot). ``work``: (base, world, determinizer
    work, solver work, rewards, sums)."""
    public = state[: K.PUB_SIZE]
    base, world, dwork, swork, out, sums = work
    sums[:] = 0.0
    for _ in range(worlds):
        if truth:
            base[:] = state
        else:
            D.determinize(public, seat, hand, mask, rng, dwork, base)
        P._add_values(base, seat, mask, scale, rng, swork, world, out, sums, last, gparams, model)
    q_row[:] = np.nan
    m = mask
    while m:
        a = lowest_bit(m)
        m &= m - 1
        q_row[O.to_global(public, hand, a)] = sums[a] / worlds - start


@njit(cache=True)
def record_games(
    deal_seeds,
    bot_seeds,
    seating,
    bots,
    params,
    learner,
    teacher_sees_all,
    share,
    worlds,
    truth,
    model,
    last,
    gparams,
    hint,
    idx,
    val,
    offsets,
    legal,
    taken,
    label,
    ret,
    seats,
    q,
    shares,
):
    """Play every game of the chunk; returns the rows written (``FULL`` when they did not fit,
    -1 when a bot chose an illegal action). ``learner[entry]``: write that line-up entry's
    decisions with two or more legal actions, each with probability ``share``; with
    ``worlds`` above 0 each row's action values go into ``q`` (with ``truth``: valued in the
    true state, which the teacher alone sees; ``gparams``: the parameters of the bot that
    plays the worlds on); with ``hint`` each row has the rollout bot's action as an input."""
    f0, f1 = as_bot(bots[0, 0], bots[0, 1]), as_bot(bots[1, 0], bots[1, 1])
    f2, f3 = as_bot(bots[2, 0], bots[2, 1]), as_bot(bots[3, 0], bots[3, 1])
    f4, f5 = as_bot(bots[4, 0], bots[4, 1]), as_bot(bots[5, 0], bots[5, 1])
    has_teacher = bots[TEACHER, 0] != 0
    teach = as_bot(bots[TEACHER, 0], bots[TEACHER, 1])
    param_rows = (params[0], params[1], params[2], params[3], params[4], params[5])
    n_seats = K.N_SEATS
    state = np.zeros(K.STATE_SIZE, np.int64)
    public = state[: K.PUB_SIZE]
    rngs = np.zeros((MAX_SEATS, 1), np.uint64)
    streams = np.zeros((3, 1), np.uint64)  # the teacher's, the values', the row picks'
    x = np.zeros(O.SIZE, np.float32)
    before = np.zeros(n_seats, np.float64)
    after = np.zeros(n_seats, np.float64)
    share_row = np.zeros(n_seats, np.float64)
    row = np.zeros(K.N_DEAL_COLUMNS, np.int64)
    gp = np.zeros(MAX_PARAMS, np.float64)  # the hint's parameters: its defaults
    game_row = np.zeros(K.N_GAME_COLUMNS, np.int64)
    work = (
        np.zeros(K.STATE_SIZE, np.int64),
        np.zeros(K.STATE_SIZE, np.int64),
        np.zeros(D.WORK_SIZE, np.int64),
        np.zeros(P.S.WORK_SIZE, np.int64),
        np.zeros(n_seats, np.float64),
        np.zeros(MAX_ACTIONS, np.float64),
    )
    n_rows, nnz = 0, 0
    offsets[0] = 0
    for g in range(len(deal_seeds)):
        K.new_game(state, deal_seeds[g])
        for p in range(n_seats):
            rngs[p, 0] = mix(bot_seeds[g], p)
        for k in range(3):
            streams[k, 0] = mix(bot_seeds[g], 0x7EAC + k)
        deal_start = n_rows
        scale = D.reward_scale(public)
        D.rewards(state, scale, before)
        while True:
            seat = K.to_act(state)
            which = seating[g, seat]
            mask = K.legal_actions(state)
            hand = K.hand_of(state, seat)
            action = decide_with(
                which, f0, f1, f2, f3, f4, f5, public, seat, hand, mask, rngs[seat], param_rows
            )
            if action < 0 or action >= MAX_ACTIONS or not (mask >> action) & 1:
                return -1
            if (
                learner[which]
                and popcount(mask) > 1
                and (share >= 1.0 or below(streams[2], 1 << 30) < share * (1 << 30))
            ):
                if n_rows >= len(taken) or nnz + O.SIZE + 1 > len(idx):
                    return FULL
                O.encode(public, seat, hand, x)
                hinted = -1  # the rollout bot's global action, with the hint
                if hint:
                    a = H(public, seat, hand, mask, streams[0], gp)
                    hinted = O.to_global(public, hand, a)
                nnz = _write_row(
                    n_rows,
                    nnz,
                    x,
                    hinted,
                    public,
                    seat,
                    hand,
                    mask,
                    action,
                    idx,
                    val,
                    offsets,
                    legal,
                    taken,
                )
                label[n_rows] = -1
                if has_teacher:
                    seen = state if teacher_sees_all else public
                    t = teach(seen, seat, hand, mask, streams[0], params[TEACHER])
                    if t < 0 or t >= MAX_ACTIONS or not (mask >> t) & 1:
                        return -1
                    label[n_rows] = O.to_global(public, hand, t)
                if worlds > 0:
                    _values(
                        state,
                        truth,
                        seat,
                        hand,
                        mask,
                        streams[1],
                        worlds,
                        model,
                        last,
                        gparams,
                        scale,
                        before[seat],
                        q[n_rows],
                        work,
                    )
                seats[n_rows] = seat
                n_rows += 1
            if K.step(state, action):
                D.rewards(state, scale, after)
                for r in range(deal_start, n_rows):
                    ret[r] = after[seats[r]] - before[seats[r]]
                K.record_deal(state, row)
                if K.is_over(state):
                    break
                K.next_deal(state)
                deal_start = n_rows
                scale = D.reward_scale(public)
                D.rewards(state, scale, before)
        K.record_game(state, game_row, share_row)
        for p in range(n_seats):
            shares[g, p] = share_row[p]
    return n_rows
