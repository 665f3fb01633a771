"""``mcts``: information-set Monte Carlo tree search over sampled hidden hands.

The bot sees only what its seat may know (the public slots, its hand, its seat).
Every search iteration works on one **determinization**:

- :func:`sample_hands` deals the unseen cards (not in the bot's hand, not played
  in this contract) to the three other seats, consistently with everything public:
  each seat gets ``8 - cards it played this contract`` cards, never a card of its
  ``SHOWN_OUT`` mask (suits it did not follow, every card that was layable when it
  passed in trix), and the announcer keeps K♥ while it is out. The cards that some
  seat may not hold are dealt first, each to a seat drawn with probability
  proportional to its free places among the seats that may take it *and* leave the
  rest dealable (an exact Hall-condition check over the three seats), so a sample
  never fails; the cards anybody may hold are then dealt proportionally to the free
  places, which is the uniform deal when nothing is known.
- :func:`determinize` puts the sampled hands into a scratch copy of the state,
  with ``KH_OFFERED`` set so that the R5.6 offer is pending only where it really is.

**Card play, the K♥ announcement** (:func:`tree_search`): single-observer ISMCTS.
One tree of action sequences from the decision is shared by all determinizations.
At the bot's own nodes the actions legal *in this determinization* compete by UCB1
with availability counts, ``mean + c * sqrt(ln(avail) / visits)``, and one untried
action is expanded per iteration. The other seats' moves are tree nodes too: with
``rollout=random`` they are chosen by UCB on their own rewards (the usual
SO-ISMCTS), with ``rollout=greedy`` they are played by the greedy bot inside the
tree as well (an opponent model: the tree then branches on the bot's own choices).
From the leaf the contract is played out to its end (BETWEEN or OVER) by the
rollout policy, uniform legal actions or :func:`bots.greedy.greedy_bot`. The
decision is the most visited root action (DOUBLE / NO_DOUBLE at the K♥ offer).

**Contract choice** (:func:`choose_search`): each allowed contract is played out
on the same determinizations (``iters`` rollouts shared between them, so the
comparison is paired) and the best mean reward wins.

**Reward** of a seat: its win equity after the contract, ``4 * softmin(-totals / T)``
(the equal-totals slope of that is the others' mean points minus its own, so it
is the usual relative score, but it also weighs who is ahead). The temperature
``T = 50 * sqrt(1 + contracts likely left)`` shrinks as the game nears its end; the
contracts left are guessed from the highest total (about 60 a contract towards 1000)
and the 28-contract limit. If the contract ends the game (R3.7, R3.8) the reward is
the final result instead: ``4 * win share + 0.5 * (4 - rank) / 3``.

A single legal action is returned at once without search. Scratch arrays are
allocated once per decision; all randomness comes from one stream derived from the
bot's stream (advanced once per searched decision) and the ``seed`` parameter, so
the same stream state always gives the same decision.
"""

import numpy as np

from bots.registry import Param, numba_bot
from bots.trix.greedy import greedy_bot
from sim.core.bits import lowest_bit, nth_bit, popcount
from sim.core.jit import njit
from sim.core.protocol import MAX_PARAMS
from sim.core.rng import below, mix, next_u64
from sim.games.trix.rules import legal_actions, ranks_and_shares, step
from sim.games.trix.state import (
    ANNOUNCER,
    CONTRACT_NO,
    DEALT,
    HANDS,
    KH_OFFERED,
    PHASE,
    PLAYED,
    PLAYED_BY,
    PUB_SIZE,
    SHOWN_OUT,
    STATE_SIZE,
    TOTALS,
    TURN,
)
from sim.games.trix.vocab import ALL_CARDS, CHOOSE, CHOOSE_BASE, DOUBLE, KH, OVER, TRICKS, TRIX

N_TREE_ACTIONS = 35  # cards 0..31, PASS, DOUBLE, NO_DOUBLE
EQUITY_SCALE = 4.0  # rewards are EQUITY_SCALE * win equity in [0, 1]
RANK_BONUS = 0.5  # game over: EQUITY_SCALE * share + RANK_BONUS * (4 - rank) / 3
TEMP_PER_CONTRACT = 50.0  # softmin temperature = TEMP_PER_CONTRACT * sqrt(1 + contracts left)
MAX_GAIN = 60.0  # a guess of how fast the highest total grows per contract

# scratch layout of the int64 work array of the sampler
_NEED = 0  # 3 slots: free places of the other seats (seat + 1, + 2, + 3)
_ALLOW = 3  # 3 slots: cards each may hold
_GOT = 6  # 3 slots: cards dealt to each
_SUB = 9  # 8 slots: for each subset S of the three seats, cards left that only S may hold
WORK_SIZE = 17


# -- sampling the hidden hands ----------------------------------------------------------------
@njit(cache=True)
def _feasible_after(work, k):
    """True if, after one more card to other seat ``k``, the rest can still be dealt (Hall)."""
    for s in range(1, 8):
        cap = 0
        for j in range(3):
            if (s >> j) & 1:
                cap += work[_NEED + j] - (1 if j == k else 0)
        if work[_SUB + s] > cap:
            return False
    return True


@njit(cache=True, inline="always")
def _holders(work, c):
    """The other seats that may hold card ``c``, as bits 0..2."""
    t = 0
    for j in range(3):
        t |= ((work[_ALLOW + j] >> c) & 1) << j
    return t


@njit(cache=True)
def _deal_constrained(constrained, unknown, rng, work):
    """Deal the cards of ``constrained`` (some seat may not hold them), keeping the rest
    of ``unknown`` dealable. False if the record admits no deal (then only sizes count)."""
    ok = True
    for s in range(8):
        work[_SUB + s] = 0
    m = unknown
    while m:
        c = lowest_bit(m)
        m &= m - 1
        t = _holders(work, c)
        if t == 0:
            ok = False
        for s in range(1, 8):
            if t & ~s == 0:
                work[_SUB + s] += 1
    if not ok:  # an inconsistent record (never in a real game): only the sizes count
        for j in range(3):
            work[_ALLOW + j] = unknown
        for s in range(1, 8):
            work[_SUB + s] = popcount(unknown) if s == 7 else 0
    m = constrained
    while m:
        c = lowest_bit(m)
        m &= m - 1
        t = _holders(work, c)
        for s in range(1, 8):
            if t & ~s == 0:
                work[_SUB + s] -= 1
        w0 = w1 = w2 = 0
        if t & 1 and work[_NEED + 0] > 0 and _feasible_after(work, 0):
            w0 = work[_NEED + 0]
        if t & 2 and work[_NEED + 1] > 0 and _feasible_after(work, 1):
            w1 = work[_NEED + 1]
        if t & 4 and work[_NEED + 2] > 0 and _feasible_after(work, 2):
            w2 = work[_NEED + 2]
        if w0 + w1 + w2 == 0:  # cannot happen when the record is consistent
            ok = False
            w0 = work[_NEED + 0]
            w1 = work[_NEED + 1]
            w2 = work[_NEED + 2]
        r = below(rng, w0 + w1 + w2)
        k = 0 if r < w0 else (1 if r < w0 + w1 else 2)
        work[_GOT + k] |= np.int64(1) << c
        work[_NEED + k] -= 1
    return ok


@njit(cache=True)
def sample_hands(public, seat, hand, rng, work, hands):
    """Deal the cards ``seat`` has not seen to the other seats, as far as it can know them.

    Fills ``hands[0..3]`` (``hands[seat] = hand``). Respects hand sizes (8 minus the cards
    played this contract), ``SHOWN_OUT`` and the K♥ announcer; ``work`` is int64 scratch of
    at least ``WORK_SIZE`` slots. Returns False only if the public record admits no deal at
    all (then the shown-out masks are ignored; never the case in a real game).
    """
    unknown = ALL_CARDS & ~hand & ~public[PLAYED]
    hands[seat] = hand
    announcer = public[ANNOUNCER]
    kh_fixed = announcer >= 0 and announcer != seat and (unknown & KH) != 0
    for j in range(3):
        q = (seat + 1 + j) % 4
        work[_NEED + j] = 8 - popcount(public[PLAYED_BY + q])
        work[_ALLOW + j] = unknown & ~public[SHOWN_OUT + q]
        work[_GOT + j] = 0
        if kh_fixed and q == announcer:
            work[_GOT + j] = KH
            work[_NEED + j] -= 1
    if kh_fixed:
        unknown &= ~KH
    free = unknown & work[_ALLOW + 0] & work[_ALLOW + 1] & work[_ALLOW + 2]
    ok = True
    if free != unknown:
        ok = _deal_constrained(unknown & ~free, unknown, rng, work)
    # the cards any other seat may hold: proportionally to the free places (uniform)
    n0 = work[_NEED + 0]
    n1 = work[_NEED + 1]
    n2 = work[_NEED + 2]
    g0 = work[_GOT + 0]
    g1 = work[_GOT + 1]
    g2 = work[_GOT + 2]
    m = free
    while m:
        c = lowest_bit(m)
        m &= m - 1
        bit = np.int64(1) << c
        r = below(rng, n0 + n1 + n2)
        if r < n0:
            g0 |= bit
            n0 -= 1
        elif r < n0 + n1:
            g1 |= bit
            n1 -= 1
        else:
            g2 |= bit
            n2 -= 1
    hands[(seat + 1) % 4] = g0
    hands[(seat + 2) % 4] = g1
    hands[(seat + 3) % 4] = g2
    return ok


@njit(cache=True)
def determinize(public, seat, hand, legal, rng, work, hands, state):
    """A full scratch state: the public slots plus sampled hands for every seat."""
    state[:PUB_SIZE] = public
    sample_hands(public, seat, hand, rng, work, hands)
    for p in range(4):
        state[HANDS + p] = hands[p]
        state[DEALT + p] = hands[p] | public[PLAYED_BY + p]
    # R5.6: the offer is behind once somebody announced, or if the bot holds K♥ and is
    # asked to play without the offer (it declined); otherwise it is pending for a K♥
    # holder who has not played yet (king_offer_pending also checks PLAYED_BY).
    declined = (hand & KH) != 0 and ((legal >> DOUBLE) & 1) == 0
    state[KH_OFFERED] = 1 if public[ANNOUNCER] >= 0 or declined else 0
    for i in range(KH_OFFERED + 1, STATE_SIZE):
        state[i] = 0  # DEAL_SEED and spare slots: never read by the rules


# -- playing out ------------------------------------------------------------------------------
@njit(cache=True)
def policy(state, lg, rng, greedy, gparams):
    """The rollout policy's action among the legal actions ``lg``."""
    if lg & (lg - 1) == 0:
        return lowest_bit(lg)
    if greedy:
        seat = state[TURN]
        return greedy_bot(state[:PUB_SIZE], seat, state[HANDS + seat], lg, rng, gparams)
    return nth_bit(lg, below(rng, popcount(lg)))


@njit(cache=True)
def rollout(state, rng, greedy, gparams):
    """Play the current contract to its end (BETWEEN or OVER) with the rollout policy."""
    while state[PHASE] == TRICKS or state[PHASE] == TRIX:
        step(state, policy(state, legal_actions(state), rng, greedy, gparams))


@njit(cache=True)
def temperature(public):
    """How far the totals may still move apart: the softmin temperature of the equity."""
    top = public[TOTALS]
    for p in range(1, 4):
        top = max(top, public[TOTALS + p])
    left = min(27.0 - public[CONTRACT_NO], max(0.0, (1000.0 - top) / MAX_GAIN))
    return TEMP_PER_CONTRACT * np.sqrt(left + 1.0)


@njit(cache=True)
def rewards(state, temp, ranks, shares, out):
    """Every seat's reward once the contract has ended (see the module doc)."""
    if state[PHASE] == OVER:
        ranks_and_shares(state, ranks, shares)
        for p in range(4):
            out[p] = EQUITY_SCALE * shares[p] + RANK_BONUS * (4 - ranks[p]) / 3.0
        return
    low = state[TOTALS]
    for p in range(1, 4):
        low = min(low, state[TOTALS + p])
    z = 0.0
    for p in range(4):
        out[p] = np.exp(-(state[TOTALS + p] - low) / temp)
        z += out[p]
    for p in range(4):
        out[p] *= EQUITY_SCALE / z


# -- the searches -----------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _scratch():
    """A search's work arrays: a game state, the sampler's, hands, ranks, shares, rewards."""
    return (np.zeros(STATE_SIZE, np.int64), np.zeros(WORK_SIZE, np.int64),
            np.zeros(4, np.int64), np.zeros(4, np.int64), np.zeros(4, np.float64),
            np.zeros(4, np.float64))  # fmt: skip


@njit(cache=True)
def choose_search(public, seat, hand, legal, rng, iters, greedy, gparams):
    """Each allowed contract played out on the same determinizations; the best mean."""
    base = np.zeros(STATE_SIZE, np.int64)
    state, work, hands, ranks, shares, out = _scratch()
    wsum = np.zeros(7, np.float64)
    temp = temperature(public)
    allowed = legal >> CHOOSE_BASE
    for _ in range(max(1, iters // popcount(allowed))):
        determinize(public, seat, hand, legal, rng, work, hands, base)
        m = allowed
        while m:
            k = lowest_bit(m)
            m &= m - 1
            state[:] = base
            step(state, CHOOSE_BASE + k)
            rollout(state, rng, greedy, gparams)
            rewards(state, temp, ranks, shares, out)
            wsum[k] += out[seat]
    best = lowest_bit(allowed)
    m = allowed
    while m:
        k = lowest_bit(m)
        m &= m - 1
        if wsum[k] > wsum[best]:
            best = k
    return CHOOSE_BASE + best


@njit(cache=True)
def tree_search(public, seat, hand, legal, rng, iters, c, greedy, gparams):
    """SO-ISMCTS over the rest of the current contract (see the module doc)."""
    n_nodes = iters + 1  # at most one new node per iteration
    child = np.full(n_nodes * N_TREE_ACTIONS, -1, np.int32)
    visits = np.zeros(n_nodes, np.float64)
    avail = np.zeros(n_nodes, np.float64)
    wsum = np.zeros(n_nodes, np.float64)
    mover = np.zeros(n_nodes, np.int64)
    path = np.zeros(n_nodes + 1, np.int64)
    state, work, hands, ranks, shares, out = _scratch()
    temp = temperature(public)
    used = 1
    for _ in range(iters):
        determinize(public, seat, hand, legal, rng, work, hands, state)
        node = 0
        depth = 0
        while state[PHASE] == TRICKS or state[PHASE] == TRIX:
            lg = legal_actions(state)
            base = node * N_TREE_ACTIONS
            if greedy and state[TURN] != seat:
                # opponent model: the other seats play greedy inside the tree too
                a = policy(state, lg, rng, greedy, gparams)
                ch = child[base + a]
                if ch < 0:
                    if used == n_nodes:
                        break
                    ch = used
                    used += 1
                    child[base + a] = ch
                    mover[ch] = state[TURN]
                    step(state, a)
                    depth += 1
                    path[depth] = ch
                    break
                step(state, a)
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
                mover[ch] = state[TURN]
                avail[ch] = 1.0
                step(state, a)
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
            step(state, best)
            node = child[base + best]
            depth += 1
            path[depth] = node
        rollout(state, rng, greedy, gparams)
        rewards(state, temp, ranks, shares, out)
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
    """One searched decision: derive the search stream, then search the choice or the play."""
    iters = max(1, np.int64(params[0]))
    greedy = params[1] >= 0.5
    c = params[2]
    stream = np.empty(1, np.uint64)
    stream[0] = mix(next_u64(rng), np.uint64(np.int64(params[3])))
    gparams = np.zeros(MAX_PARAMS, np.float64)  # the greedy bot's parameters (it has none)
    if public[PHASE] == CHOOSE:
        return choose_search(public, seat, hand, legal, stream, iters, greedy, gparams)
    return tree_search(public, seat, hand, legal, stream, iters, c, greedy, gparams)


@numba_bot(
    "mcts",
    game="trix",
    params=[
        Param("iters", 200, "search iterations per decision"),
        Param(
            "rollout", "greedy", "rollout policy (greedy is stronger)", choices=("random", "greedy")
        ),
        Param("c", 0.7, "exploration constant"),
        Param("seed", 0, "extra seed mixed into the bot's stream"),
    ],
)
def mcts_bot(public, seat, hand, legal, rng, params):
    """Information-set MCTS over sampled hidden hands, played out to the contract's end."""
    if legal & (legal - 1) == 0:
        return lowest_bit(legal)
    return search(public, seat, hand, legal, rng, params)
