"""The compiled half of the environments: one step of one game, or of many at once.

A template (as :mod:`sim.core.lockstep`): ``K`` stands for a game's kernel set and ``O`` for
its observation part; :func:`sim.envs.engine.env_kernels` binds a copy per game. An action
comes in as a **global** id (the observation part's), is checked against the legal actions
before the rules take it, and the next observation is written in the same call, so an
environment's step costs one call into compiled code. Nothing here names a game.
"""

import numpy as np

from sim.core.bits import lowest_bit
from sim.core.jit import njit
from sim.core.policies import decide_with
from sim.core.protocol import MAX_ACTIONS, as_bot
from sim.core.rng import mix

K = None  # bound per game (sim.envs.engine): the game's kernel set
O = None  # bound per game: the game's observation part  # noqa: E741

ILLEGAL = -1  # step: the action is no legal action of the seat to act; nothing changed
ON = 0  # the game plays on
DEAL_END = 1  # a deal ended (its row is written) and the next is dealt
GAME_OVER = 2  # the game ended (the last deal's row, the game's row and the shares written)


@njit(cache=True)
def new_game(state, seed):
    K.new_game(state, seed)


@njit(cache=True)
def observe(state, seat, obs, mask):
    """``seat``'s tensor into ``obs``; its legal global ids into ``mask`` (1) when it is the
    seat to act, all 0 otherwise."""
    public = state[: K.PUB_SIZE]
    hand = K.hand_of(state, seat)
    O.encode(public, seat, hand, obs)
    mask[:] = 0
    if K.is_over(state) or K.to_act(state) != seat:
        return
    legal = K.legal_actions(state)
    while legal:  # the set bits only: a test of each of 64 bits mispredicts on every card
        mask[O.to_global(public, hand, lowest_bit(legal))] = 1
        legal &= legal - 1


@njit(cache=True, inline="always")
def local_action(state, g):
    """The phase-relative id of global id ``g`` for the seat to act, -1 if it is not legal."""
    if K.is_over(state) or g < 0 or g >= O.N_GLOBAL:
        return -1
    public = state[: K.PUB_SIZE]
    a = O.to_local(public, K.hand_of(state, K.to_act(state)), g)
    if a < 0 or a >= MAX_ACTIONS or not (K.legal_actions(state) >> a) & 1:
        return -1
    return a


@njit(cache=True)
def step(state, g, deal_row, game_row, shares):
    """Take global action ``g`` of the seat to act; returns ILLEGAL, ON, DEAL_END or
    GAME_OVER."""
    a = local_action(state, g)
    if a < 0:
        return ILLEGAL
    return step_local(state, a, deal_row, game_row, shares)


@njit(cache=True, inline="always")
def step_local(state, a, deal_row, game_row, shares):
    """:func:`step` of the legal phase-relative action ``a``, already checked."""
    if not K.step(state, a):
        return ON
    K.record_deal(state, deal_row)
    if K.is_over(state):
        K.record_game(state, game_row, shares)
        return GAME_OVER
    K.next_deal(state)
    return DEAL_END


@njit(cache=True, inline="always")
def deal_rewards(deal_row, point_column, sign, rewards):
    """Each seat's points of the deal just ended less the seats' mean (``sign`` -1 where the
    lowest total wins): ``rewards`` sums to 0."""
    mean = 0.0
    for p in range(K.N_SEATS):
        mean += deal_row[point_column[p]]
    mean /= K.N_SEATS
    for p in range(K.N_SEATS):
        rewards[p] = sign * (deal_row[point_column[p]] - mean)


@njit(cache=True)
def vector_reset(states, seed, game_ids, obs, masks, seats):
    """Deal game ``game_ids[i]`` (deal set ``game_ids[i]`` of a run seeded ``seed``) in every
    row and observe its seat to act."""
    for i in range(states.shape[0]):
        K.new_game(states[i], mix(seed, game_ids[i]))
        seats[i] = K.to_act(states[i])
        observe(states[i], seats[i], obs[i], masks[i])


@njit(cache=True)
def vector_step(states, actions, seed, next_game, game_ids, obs, masks, seats, rewards, dones,
                per_deal, point_column, sign, deal_row, game_row, shares, local):  # fmt: skip
    """Every row's seat to act takes its global action; a finished game is replaced by the
    next (autoreset: ``next_game[0]`` counts the games dealt) and the seat to act of each row
    is observed. Rewards (games × seats): the win shares when a game ends, and with
    ``per_deal`` each deal's relative points instead. Returns -1, or the first row whose
    action is illegal (then no row has moved). ``local`` (int64[n]) keeps each row's checked
    phase-relative action, so the rules take it without a second check."""
    n = states.shape[0]
    for i in range(n):
        local[i] = local_action(states[i], actions[i])
        if local[i] < 0:
            return i
    for i in range(n):
        state = states[i]
        for p in range(K.N_SEATS):
            rewards[i, p] = 0.0
        r = step_local(state, local[i], deal_row, game_row, shares)
        if per_deal and r != ON:
            deal_rewards(deal_row, point_column, sign, rewards[i])
        dones[i] = r == GAME_OVER
        if r == GAME_OVER:
            if not per_deal:
                for p in range(K.N_SEATS):
                    rewards[i, p] = shares[p]
            game_ids[i] = next_game[0]
            next_game[0] += 1
            K.new_game(state, mix(seed, game_ids[i]))
        seats[i] = K.to_act(state)
        observe(state, seats[i], obs[i], masks[i])
    return -1


@njit(cache=True, inline="always")
def _seed_row(i, bot_seeds_of, game_ids, rngs, agents, rotate):
    """Row ``i``'s bot streams for its game, as a tournament seeds them, and its agent's seat
    (game k's seat k % seats when ``rotate``)."""
    for p in range(K.N_SEATS):
        rngs[i, p] = mix(mix(bot_seeds_of, game_ids[i]), p)
    if rotate:
        agents[i] = game_ids[i] % K.N_SEATS


@njit(cache=True)
def vector_others(states, agents, rotate, other_entry, bots, params, rngs, seed, bot_seeds_of,
                  next_game, game_ids, rewards, dones, per_deal, point_column, sign, deal_row,
                  game_row, shares, obs, masks, seats, fresh):  # fmt: skip
    """The bots play every row on until its agent (``agents[i]``) is to act: the k-th of the
    other seats, in seat order, is played by line-up entry ``other_entry[k]`` (numba bots
    at ``bots``' addresses, their ``params``, each row's streams ``rngs[i]``); a finished game
    is replaced by the next (``dones[i]`` set), and the agent's observation written. Rewards
    are added to what the agent's own step wrote; with ``fresh`` (a reset) every row's game
    is new. Returns -1, or the row whose bot chose an illegal action."""
    f0, f1 = as_bot(bots[0, 0], bots[0, 1]), as_bot(bots[1, 0], bots[1, 1])
    f2, f3 = as_bot(bots[2, 0], bots[2, 1]), as_bot(bots[3, 0], bots[3, 1])
    f4, f5 = as_bot(bots[4, 0], bots[4, 1]), as_bot(bots[5, 0], bots[5, 1])
    param_rows = (params[0], params[1], params[2], params[3], params[4], params[5])
    gained = np.zeros(K.N_SEATS, np.float64)
    for i in range(states.shape[0]):
        state, streams = states[i], rngs[i]
        if fresh or dones[i]:  # a game the agent's step or the reset dealt
            _seed_row(i, bot_seeds_of, game_ids, rngs, agents, rotate)
        while K.to_act(state) != agents[i]:
            seat = K.to_act(state)
            mask = K.legal_actions(state)
            which = other_entry[seat - 1 if seat > agents[i] else seat]
            a = decide_with(which, f0, f1, f2, f3, f4, f5, state[: K.PUB_SIZE],
                            seat, K.hand_of(state, seat), mask, streams[seat : seat + 1],
                            param_rows)  # fmt: skip
            if a < 0 or a >= MAX_ACTIONS or not (mask >> a) & 1:
                return i
            r = step_local(state, a, deal_row, game_row, shares)
            if per_deal and r != ON:
                deal_rewards(deal_row, point_column, sign, gained)
                for p in range(K.N_SEATS):
                    rewards[i, p] += gained[p]
            if r == GAME_OVER:
                dones[i] = True
                if not per_deal:
                    for p in range(K.N_SEATS):
                        rewards[i, p] += shares[p]
                game_ids[i] = next_game[0]
                next_game[0] += 1
                K.new_game(state, mix(seed, game_ids[i]))
                _seed_row(i, bot_seeds_of, game_ids, rngs, agents, rotate)
        seats[i] = agents[i]
        observe(state, seats[i], obs[i], masks[i])
    return -1
