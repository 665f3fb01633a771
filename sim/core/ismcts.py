"""Information-set Monte Carlo tree search for any game: a template bound per game.

``K`` stands for the game's kernel set (``docs/games.md``), ``D`` for the game's
search part (its determinizer, rewards and which decisions are searched flat), ``G``
for the rollout bot's function (a numba bot of the game, ``D.ROLLOUT``, or for
``rollout=neural`` the ``neural`` bot, whose first parameters follow the search's from ``R``
on) and ``C`` for ``D.ROLLOUT``'s narrowing of the actions searched (``search_candidates`` of
its module, or :func:`sim.core.policies.every_action`). :func:`sim.core.binding.bind` makes one
compiled copy per game; the ``mcts`` bot of every game (``bots/mcts.py``) is
:func:`decide` of its copy. ``D`` provides (the contract in ``sim.core.parts``)::

    WORK_SIZE, N_TREE_ACTIONS, ITERS, C, ROLLOUT, PARAMS (after mcts's five)
    determinize(public, seat, hand, legal, rng, work, state)   # a full state
    flat(public, legal) -> bool     # search this decision flat (each action rolled out)?
    delegate(public, params) -> bool  # hand this decision to the rollout bot?
    reward_scale(public) -> float   # computed once per decision
    rewards(state, scale, out)      # every seat's reward once the deal has ended

Every search iteration works on one determinization (``W``: the game's, or for
``oracle:model=mcts`` the true state itself, the same search seeing every hand). **Flat**
decisions (Trix: the contract choice): each legal action is played out on the same
determinizations (``iters`` rollouts shared between them, so the comparison is
paired) and the best mean reward wins. **Tree** decisions: single-observer
ISMCTS over the rest of the deal. One tree of action sequences from the decision
is shared by all determinizations. At the searching seat's nodes the actions
legal *in this determinization* compete by UCB1 with availability counts,
``mean + c * sqrt(ln(avail) / visits)``, and one untried action is expanded per
iteration. The other seats' moves are tree nodes too: with ``greedy`` off they
are chosen by UCB on their own rewards (the usual SO-ISMCTS); with it on they are
played by the rollout policy inside the tree as well (an opponent model: the tree
then branches on the bot's own choices). From the leaf the deal is played out to
its end by the rollout policy. The decision is the most visited root action.

Scratch arrays are allocated once per decision; all randomness comes from one
stream derived from the bot's stream (advanced once per searched decision) and
the ``seed`` parameter, so the same stream state always gives the same decision.
"""

import numpy as np

from sim.core.bits import lowest_bit, nth_bit, popcount
from sim.core.clock import now
from sim.core.jit import njit
from sim.core.limits import MAX_ACTIONS
from sim.core.policies import params_from
from sim.core.rng import below, mix, next_u64

K = None  # bound per game (sim.core.binding): the game's kernel set
D = None  # bound per game (sim.core.binding): the game's search part
G = None  # bound per game (sim.core.binding): the rollout bot's function
C = None  # bound per game (sim.core.binding): the rollout bot's narrowing of the actions searched
R = None  # bound per game (sim.core.binding): where the rollout bot's own parameters start in
# the search's (its first ones, passed on; MAX_PARAMS: none, it plays its defaults)
W = None  # bound per game (sim.core.binding): each iteration's world, D.determinize (or for the
# oracle, which is handed the whole state, sim.core.policies.true_state: it sees every hand)


@njit(cache=True)
def policy(state, lg, rng, greedy, gparams):
    """The rollout policy's action among the legal actions ``lg``."""
    if lg & (lg - 1) == 0:
        return lowest_bit(lg)
    if greedy:
        seat = K.to_act(state)
        # the whole (determinized) state: a bot reads only its public slots, and a slice per
        # decision costs reference counting
        return G(state, seat, K.hand_of(state, seat), lg, rng, gparams)
    return nth_bit(lg, below(rng, popcount(lg)))


@njit(cache=True)
def play_out(state, ended, rng, greedy, gparams):
    """Play the current deal to its end with the rollout policy (``ended``: it already has)."""
    while not ended:
        ended = K.step(state, policy(state, K.legal_actions(state), rng, greedy, gparams))


@njit(cache=True)
def _step(state, a):
    """``K.step`` behind a call, for the tree's four moves: the rules are inlined wherever
    they are named, and compiling four copies of them into the search cost more than the
    call costs a tree move (the play-outs, where the time goes, keep theirs inlined)."""
    return K.step(state, a)


@njit(cache=True, inline="always")
def _scratch():
    """A search's work arrays: a game state, the determinizer's, the rewards."""
    return (np.zeros(K.STATE_SIZE, np.int64), np.zeros(D.WORK_SIZE, np.int64),
            np.zeros(K.N_SEATS, np.float64))  # fmt: skip


@njit(cache=True)
def flat_search(public, seat, hand, legal, rng, iters, greedy, gparams):
    """Each legal action played out on the same determinizations; the best mean."""
    base = np.zeros(K.STATE_SIZE, np.int64)
    state, work, out = _scratch()
    wsum = np.zeros(MAX_ACTIONS, np.float64)
    scale = D.reward_scale(public)
    for _ in range(max(1, iters // popcount(legal))):
        W(public, seat, hand, legal, rng, work, base)
        m = legal
        while m:
            a = lowest_bit(m)
            m &= m - 1
            state[:] = base
            play_out(state, K.step(state, a), rng, greedy, gparams)
            D.rewards(state, scale, out)
            wsum[a] += out[seat]
    best = lowest_bit(legal)
    m = legal
    while m:
        a = lowest_bit(m)
        m &= m - 1
        if wsum[a] > wsum[best]:
            best = a
    return best


@njit(cache=True)
def tree_search(public, seat, hand, legal, rng, iters, c, greedy, gparams):
    """SO-ISMCTS over the rest of the current deal (see the module doc)."""
    n_actions = D.N_TREE_ACTIONS
    n_nodes = iters + 1  # at most one new node per iteration
    child = np.full(n_nodes * n_actions, -1, np.int32)
    visits = np.zeros(n_nodes, np.float64)
    avail = np.zeros(n_nodes, np.float64)
    wsum = np.zeros(n_nodes, np.float64)
    mover = np.zeros(n_nodes, np.int64)
    path = np.zeros(n_nodes + 1, np.int64)
    state, work, out = _scratch()
    scale = D.reward_scale(public)
    used = 1
    for _ in range(iters):
        W(public, seat, hand, legal, rng, work, state)
        node = 0
        depth = 0
        ended = False
        while not ended:
            lg = K.legal_actions(state)
            base = node * n_actions
            if greedy and K.to_act(state) != seat:
                # opponent model: the other seats play the rollout policy inside the tree too
                a = policy(state, lg, rng, greedy, gparams)
                ch = child[base + a]
                if ch < 0:
                    if used == n_nodes:
                        break
                    ch = used
                    used += 1
                    child[base + a] = ch
                    mover[ch] = K.to_act(state)
                    ended = _step(state, a)
                    depth += 1
                    path[depth] = ch
                    break
                ended = _step(state, a)
                node = ch
                depth += 1
                path[depth] = node
                continue
            untried = 0
            m = lg
            while m:
                a = lowest_bit(m)
                m &= m - 1
                ch = child[base + a]
                if ch < 0:
                    untried |= np.int64(1) << a
                else:
                    avail[ch] += 1.0
            if untried != 0:
                if used == n_nodes:
                    break
                a = nth_bit(untried, below(rng, popcount(untried)))
                ch = used
                used += 1
                child[base + a] = ch
                mover[ch] = K.to_act(state)
                avail[ch] = 1.0
                ended = _step(state, a)
                depth += 1
                path[depth] = ch
                break
            best = -1
            best_score = -1e300
            m = lg
            while m:
                a = lowest_bit(m)
                m &= m - 1
                ch = child[base + a]
                score = wsum[ch] / visits[ch] + c * np.sqrt(np.log(avail[ch]) / visits[ch])
                if score > best_score:
                    best_score = score
                    best = a
            ended = _step(state, best)
            node = child[base + best]
            depth += 1
            path[depth] = node
        play_out(state, ended, rng, greedy, gparams)
        D.rewards(state, scale, out)
        for d in range(1, depth + 1):
            nd = path[d]
            visits[nd] += 1.0
            wsum[nd] += out[mover[nd]]
    best = lowest_bit(legal)
    best_n = -1.0
    best_q = -1e300
    m = legal
    while m:
        a = lowest_bit(m)
        m &= m - 1
        ch = child[a]
        if ch < 0 or visits[ch] == 0:
            continue
        q = wsum[ch] / visits[ch]
        if visits[ch] > best_n or (visits[ch] == best_n and q > best_q):
            best = a
            best_n = visits[ch]
            best_q = q
    return best


@njit(cache=True)
def search(public, seat, hand, legal, rng, params):
    """One searched decision: derive the search stream, then search it flat or by tree.

    ``params``: iterations, the rollout policy (0: random; 1, 2: the bound bot), the
    exploration constant, a seed, a time budget in milliseconds (0: none; else the iterations
    are those that fit in it).
    """
    iters = max(1, np.int64(params[0]))
    greedy = params[1] >= 0.5
    c = params[2]
    stream = np.empty(1, np.uint64)
    stream[0] = mix(next_u64(rng), np.uint64(np.int64(params[3])))
    gparams = params_from(params, R)
    flat = D.flat(public, legal)
    if params[4] > 0:
        iters = _iters_in(params[4], public, seat, hand, legal, stream, c, greedy, gparams, flat)
    if flat:
        return flat_search(public, seat, hand, legal, stream, iters, greedy, gparams)
    return tree_search(public, seat, hand, legal, stream, iters, c, greedy, gparams)


@njit(cache=True)
def _iters_in(ms, public, seat, hand, legal, stream, c, greedy, gparams, flat):
    """The iterations that fill what is left of ``ms`` milliseconds after a timed probe of a
    few of them (the probe's own decision is thrown away): a time budget, not reproducible."""
    probe = 4 * popcount(legal) if flat else 16
    start = now()
    if flat:
        flat_search(public, seat, hand, legal, stream, probe, greedy, gparams)
    else:
        tree_search(public, seat, hand, legal, stream, probe, c, greedy, gparams)
    spent = max(now() - start, 1e-7)
    left = ms / 1000.0 - spent
    return max(1, min(1_000_000, np.int64(left / spent * probe)))


@njit(cache=True, nogil=True)
def decide(public, seat, hand, legal, rng, params):
    """The ``mcts`` bot: a single legal action at once; a decision the game hands to the
    rollout bot (``D.delegate``: Euchre's ``bids=greedy``) by it; else a search among the
    actions the rollout bot thinks worth comparing (``C``)."""
    if legal & (legal - 1) == 0:
        return lowest_bit(legal)
    if D.delegate(public, params):  # the rollout bot's own parameters (its defaults, or R's)
        return G(public, seat, hand, legal, rng, params_from(params, R))
    legal = C(public, seat, hand, legal, rng)
    if legal & (legal - 1) == 0:
        return lowest_bit(legal)
    return search(public, seat, hand, legal, rng, params)
