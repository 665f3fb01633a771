"""Perfect-information Monte Carlo for any game: sampled worlds, each solved. A template bound
per game (:mod:`sim.core.binding`), like :mod:`sim.core.ismcts`.

``K`` stands for the game's kernel set, ``D`` for its search part (the determinizer, the
rewards, their scale), ``S`` for its solver (``docs/games.md``: ``solvable``, ``score``,
``reward``), ``G`` for the rollout bot's function, ``C`` for the rollout bot's narrowing
of the actions compared (as in ``mcts``), ``R`` for where the rollout bot's parameters start
in pimc's (``rollout=neural``: the network, a second copy; else none, its defaults) and
``M`` for the game's bound ``mcts``.

**pimc** (:func:`decide`): a world is one determinization of the hidden cards (the same
information-set-preserving sampler ``mcts`` uses). In each world every legal action is
applied and valued for the seat: the deal's reward if it ended, else the state is played
on by the rollout bot until it is solvable (the card play; Terts: the last nine tricks;
at once in the card play itself) and then solved (``S.reward`` of ``S.score``). The
action with the best mean over the worlds is taken; on a tie the rollout bot's choice if
it is among the best (``ties=greedy``: a paranoid or double-dummy value often ties every
card, and the lowest id then throws the highest card away), else the lowest action id.
``worlds`` worlds, or with ``ms`` set, as many as fit in ``ms`` milliseconds (at least
one; ``worlds`` is then the most): a time budget is not reproducible.

Decisions before the solvable phase (``before``, each game's default ``S.BEFORE``): each
option played on and solved as above (``solve``), the rollout bot's, unsearched
(``greedy``), or ``mcts``'s at ``iters`` iterations (default: mcts's own) and the pimc's
seed and ``ms`` (``mcts``: its flat search of the bids, each option rolled out to the deal's
end).
With ``last`` > 0 only the last ``last`` tricks are solved (once the seat holds no more
cards): the card play before them is a decision "before" like the bids, a depth limit
where a full solve costs more than it is worth (Five Hundred: ``docs/bots.md``); with
``before=mcts`` mcts plays those cards at ``play_iters`` iterations (0: the rollout bot's
cards). Two budgets because a time budget pays most where decisions are few and weighty
(Five Hundred's auction) and least where mcts's tree already plays well.

**The reply model** (``model=reply``, :func:`reply_value`): a world values an action not by
the solver but by the seat's best line to the deal's end when every other seat plays the
rollout bot: the seat's own choices (in the searched part) are searched exhaustively, the
others' are the bot's. Where the solver's model of the others is far from how they play
(Trix's paranoid coalition of three), this one is nearer and far cheaper per world: in
Trix it meets ``mcts:iters=200`` at its time where the solved worlds lost (``docs/bots.md``).
Its cost grows with the seat's choices still to come, so it wants ``last``.

**The rollout model** (``model=rollout``): a world values an action by one playout of the
rollout bot at every seat, the seat's own later choices included, to the deal's end: flat
Monte Carlo over determinizations, every action valued on the same worlds (so their
differences are paired, which mcts's tree, a new world per iteration, does not have). A
world costs a playout per legal action, so many worlds fit in mcts's time: in Trix, 70 of
them beat ``mcts:iters=200`` at less time, where the reply model was only its equal and the
solved worlds lost (``docs/bots.md``); the seat's later play is not assumed perfect, as both
of the others assume.

**oracle** (:func:`decide_oracle`): the same valuation (the solver, or the rollout model)
on the true state, which the loop hands it whole (``NATIVE_SEES_ALL``): it sees every hand.
It cheats; it is the bound of what the hidden cards are worth, not a player.

Work arrays are allocated once per decision; the solver's (a transposition table keyed on
exact positions) serves every world of it. All randomness comes from one stream derived
from the bot's stream (advanced once per decision) and the ``seed`` parameter.
"""

import numpy as np

from sim.core.bits import lowest_bit, popcount
from sim.core.clock import now
from sim.core.jit import njit
from sim.core.limits import MAX_ACTIONS, MAX_PARAMS
from sim.core.policies import params_from
from sim.core.rng import mix, next_u64

K = None  # bound per game (sim.core.binding): the game's kernel set
D = None  # bound per game (sim.core.binding): the game's search part
S = None  # bound per game (sim.core.binding): the game's solver
G = None  # bound per game (sim.core.binding): the rollout bot's function
C = None  # bound per game (sim.core.binding): the rollout bot's narrowing of the actions compared
M = None  # bound per game (sim.core.binding): the game's mcts (sim.core.ismcts, bound)
R = None  # bound per game (sim.core.binding): where the rollout bot's own parameters start in
# pimc's (``rollout=neural``: the network's; MAX_PARAMS: none, it plays its defaults)
# _play_on's stop rule, as int64 values, not literals: numba would compile it once for each
ANYONE, SEAT = np.ones(1, np.int64)[0], np.zeros(1, np.int64)[0]


@njit(cache=True, inline="always")
def solving(state, held, last):
    """Whether a decision is solved: the solvable phase, and with ``last`` > 0 only once the
    seat holds (``held``) at most ``last`` cards: its last ``last`` tricks."""
    return S.solvable(state) and (last <= 0 or popcount(held) <= last)


@njit(cache=True)
def _held(public, seat, hand, legal, rng):
    """The cards ``seat`` holds (its private word may say more: a discard), read from one
    world dealt from a copy of the stream, which is left where it was."""
    state = np.zeros(K.STATE_SIZE, np.int64)
    work = np.zeros(D.WORK_SIZE, np.int64)
    D.determinize(public, seat, hand, legal, rng.copy(), work, state)
    return K.hand_of(state, seat)


@njit(cache=True)
def _play_on(state, a, seat, rng, gparams, last, anyone):  # anyone: ANYONE or SEAT
    """Take action ``a`` (-1: none), then the rollout bot plays (forced actions taken) until
    the searched part (:func:`solving`, for ``seat``'s cards) is reached, with ``anyone``
    whoever is to act, else once ``seat`` (-1: never) has a choice in it; or until the deal
    ends: returns whether it ended. Not inlined: one copy of the rules serves every call."""
    while True:
        if a >= 0 and K.step(state, a):
            return True
        if anyone and solving(state, K.hand_of(state, seat), last):
            return False
        lg = K.legal_actions(state)
        p = K.to_act(state)
        if lg & (lg - 1) == 0:
            a = lowest_bit(lg)
        elif not anyone and p == seat and solving(state, K.hand_of(state, seat), last):
            return False
        else:
            a = G(state, p, K.hand_of(state, p), lg, rng, gparams)


@njit(cache=True)
def value_after(state, a, seat, scale, rng, work, out, last, gparams):
    """``seat``'s value of ``state`` after action ``a``: the deal's reward, after the
    rollout bot plays on to the solved part (:func:`solving`) and the solver plays the rest
    perfectly."""
    if _play_on(state, a, seat, rng, gparams, last, ANYONE):
        D.rewards(state, scale, out)
        return out[seat]
    return S.reward(state, seat, S.score(state, seat, work), scale)


@njit(cache=True)
def reply_value(state, a, seat, scale, rng, out, gparams, last, stack, masks, best):
    """``seat``'s value of ``state`` after action ``a`` under the **reply** model: the
    others play the rollout bot, the seat its best line against them to the deal's end
    (every choice of its own in the searched part, :func:`solving`, depth first on an
    explicit stack: ``stack`` holds a state per own decision, ``masks`` the actions left,
    ``best`` the best value so far; before that part the seat plays the rollout bot too)."""
    if _play_on(state, a, seat, rng, gparams, last, SEAT):
        D.rewards(state, scale, out)
        return out[seat]
    stack[0, :] = state
    masks[0] = K.legal_actions(state)
    best[0] = -np.inf
    d = 0
    while True:
        if masks[d] == 0:
            v = best[d]
            if d == 0:
                return v
            d -= 1
            best[d] = max(best[d], v)
            continue
        a = lowest_bit(masks[d])
        masks[d] &= masks[d] - 1
        child = stack[d + 1]
        child[:] = stack[d]
        ended = _play_on(child, a, seat, rng, gparams, last, SEAT)
        if not ended and d + 2 >= len(best):  # deeper than sized (no game so far): roll out
            ended = _play_on(child, np.int64(-1), np.int64(-1), rng, gparams, last, SEAT)
        if ended:
            D.rewards(child, scale, out)
            best[d] = max(best[d], out[seat])
        else:
            d += 1
            masks[d] = K.legal_actions(child)
            best[d] = -np.inf


@njit(cache=True)
def _add_values(base, seat, legal, scale, rng, work, state, out, sums, last, gparams, model):
    """Every legal action of ``base`` valued for ``seat``, added to ``sums`` (``gparams``:
    the rollout bot's parameters, its defaults; ``model`` 1: :func:`reply_value`)."""
    if model == 1:  # a state per own decision still to come: a card each, and room
        depth = 2 * popcount(K.hand_of(base, seat)) + 8
        stack = np.zeros((depth, K.STATE_SIZE), np.int64)
        masks = np.zeros(depth, np.int64)
        best = np.zeros(depth, np.float64)
    m = legal
    while m:
        a = lowest_bit(m)
        m &= m - 1
        state[:] = base
        if model == 1:
            sums[a] += reply_value(state, a, seat, scale, rng, out, gparams, last, stack, masks,
                                   best)  # fmt: skip
        elif model == 2:  # every seat the rollout bot, to the deal's end (seat -1: nobody stops)
            _play_on(state, a, np.int64(-1), rng, gparams, last, SEAT)
            D.rewards(state, scale, out)
            sums[a] += out[seat]
        else:
            sums[a] += value_after(state, a, seat, scale, rng, work, out, last, gparams)


@njit(cache=True)
def _best(legal, sums, prefer):
    """The action with the best sum; on a tie ``prefer`` if it is among the best, else the
    lowest action id."""
    best = lowest_bit(legal)
    m = legal
    while m:
        a = lowest_bit(m)
        m &= m - 1
        if sums[a] > sums[best]:
            best = a
    if prefer >= 0 and sums[prefer] >= sums[best] - 1e-9:
        return prefer
    return best


@njit(cache=True)
def _mcts_params(params, iters):
    """``mcts``'s parameters at the game's defaults, with ``iters`` and pimc's seed and time
    budget."""
    out = np.zeros(MAX_PARAMS, np.float64)
    out[0] = iters
    out[1] = 1.0  # greedy rollouts
    out[2] = D.C
    out[3] = params[2]
    out[4] = params[1]
    return out


@njit(cache=True, nogil=True)
def decide(public, seat, hand, legal, rng, params):
    """The ``pimc`` bot. ``params``: worlds, ms (0: none), seed, before (0: solve, 1: the
    rollout bot, 2: mcts decides before the solved part), ties (0: greedy's, 1: the lowest
    id), last (0: the whole solvable phase solved, else its last ``last`` tricks), model (0:
    the solver, 1: the reply model of :func:`reply_value`, 2: the rollout model), iters and
    play_iters (mcts's before the solvable phase and in it before the last tricks; 0: the
    rollout bot)."""
    if legal & (legal - 1) == 0:
        return lowest_bit(legal)
    gparams = params_from(params, R)  # the rollout bot's: its defaults, or the network's
    last = np.int64(params[5])
    model = np.int64(params[6])
    held = _held(public, seat, hand, legal, rng) if last > 0 and S.solvable(public) else 0
    if params[3] > 0 and not solving(public, held, last):
        iters = params[8] if S.solvable(public) else params[7]  # the card play: play_iters
        if params[3] == 1 or iters == 0:
            return G(public, seat, hand, legal, rng, gparams)
        return M.decide(public, seat, hand, legal, rng, _mcts_params(params, iters))
    legal = C(public, seat, hand, legal, rng)
    if legal & (legal - 1) == 0:
        return lowest_bit(legal)
    prefer = G(public, seat, hand, legal, rng, gparams) if params[4] == 0 else -1
    worlds = max(1, np.int64(params[0]))
    ms = params[1]
    stream = np.empty(1, np.uint64)
    stream[0] = mix(next_u64(rng), np.uint64(np.int64(params[2])))
    scale = D.reward_scale(public)
    base = np.zeros(K.STATE_SIZE, np.int64)
    state = np.zeros(K.STATE_SIZE, np.int64)
    dwork = np.zeros(D.WORK_SIZE, np.int64)
    work = np.zeros(S.WORK_SIZE, np.int64)
    out = np.zeros(K.N_SEATS, np.float64)
    sums = np.zeros(MAX_ACTIONS, np.float64)
    start = now() if ms > 0 else 0.0
    for _ in range(worlds):
        D.determinize(public, seat, hand, legal, stream, dwork, base)
        _add_values(base, seat, legal, scale, stream, work, state, out, sums, last, gparams, model)
        if ms > 0 and (now() - start) * 1000.0 >= ms:
            break
    return _best(legal, sums, prefer)


@njit(cache=True, nogil=True)
def decide_oracle(whole, seat, hand, legal, rng, params):
    """The ``oracle`` bot: ``whole`` is the true state (every hand). ``params``: seed, model
    (0: the solver, 1: the rollout model; its mcts model is the mcts template, bots/pimc.py)."""
    if legal & (legal - 1) == 0:
        return lowest_bit(legal)
    stream = np.empty(1, np.uint64)
    stream[0] = mix(next_u64(rng), np.uint64(np.int64(params[0])))
    scale = D.reward_scale(whole)
    base = np.zeros(K.STATE_SIZE, np.int64)
    base[:] = whole[: K.STATE_SIZE]
    state = np.zeros(K.STATE_SIZE, np.int64)
    work = np.zeros(S.WORK_SIZE, np.int64)
    out = np.zeros(K.N_SEATS, np.float64)
    sums = np.zeros(MAX_ACTIONS, np.float64)
    gparams = np.zeros(MAX_PARAMS, np.float64)
    model = np.int64(2) if params[1] == 1 else np.int64(0)  # _add_values's numbering
    # np.int64(0), not 0: a literal would have numba compile the whole solve a second time
    _add_values(base, seat, legal, scale, stream, work, state, out, sums, np.int64(0), gparams,
                model)  # fmt: skip
    return _best(legal, sums, -1)
