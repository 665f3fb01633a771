"""``pimc``'s own choices (``sim/core/pimc.py``): what decides before the solvable phase
(``before``) and which action wins a tie (``ties``), on every game with a solver."""

import numpy as np
import pytest

from sim.core import bots as registry
from sim.core.bots import parse_spec
from sim.core.registry import games
from tests.test_bots import bits, positions

SOLVED = [pytest.param(s, id=s.name) for s in games().values() if s.has("solver")]


def bound(spec) -> dict:
    """The game's bound pimc module (sim/core/pimc.py with K, D, S, G bound), by its names."""
    return registry.load_bots(spec.name)["pimc"].dispatcher.py_func.__globals__


def early_positions(spec, n: int):
    """Positions before the solvable phase (bids, calls, Trix's contract choice, Terts's
    first tricks) with a choice to make."""
    solvable = bound(spec)["S"].solvable
    out = [g for g in positions(spec, 60, seed=8) if not g.over and not solvable(g.state)]
    return [g for g in out if bin(g.legal_mask()).count("1") > 1][:n]


def decision(spec, bot: str, game, stream: int = 777) -> int:
    bot = parse_spec(bot, spec.name)
    pub = spec.part("kernels").PUB_SIZE
    rng = np.array([stream], np.uint64)
    seat = game.to_act
    args = (game.state[:pub], seat, game.private(seat), game.legal_mask(), rng, bot.encoded())
    return bot.info.decide(*args)


@pytest.mark.parametrize("spec", SOLVED)
def test_before_hands_early_decisions_to_mcts_or_greedy_as_asked(spec):
    # before=mcts is mcts at pimc's iters (its default: the game's pimc part's, else mcts's
    # own) with pimc's seed; before=greedy is greedy's: the same decision from the same stream
    search = spec.part("search")
    early = early_positions(spec, 4)
    assert len(early) >= 2
    iters = parse_spec("pimc", spec.name).values["iters"]
    mcts = f"mcts:iters={iters},c={search.C},seed=3"
    few = f"mcts:iters=30,c={search.C},seed=3"
    for game in early:
        assert decision(spec, "pimc:before=mcts,seed=3", game) == decision(spec, mcts, game)
        assert decision(spec, "pimc:iters=30,seed=3,before=mcts", game) == decision(spec, few, game)
        assert decision(spec, "pimc:before=greedy", game) == decision(spec, "greedy", game)


@pytest.mark.parametrize("spec", SOLVED[:1])
def test_a_tie_goes_to_the_rollout_bots_choice_if_it_is_among_the_best(spec):
    best = bound(spec)["_best"]
    sums = np.zeros(64)
    sums[[2, 5, 9]] = (1.0, 3.0, 3.0)
    legal = (1 << 2) | (1 << 5) | (1 << 9)
    assert best(legal, sums, -1) == 5  # no preference: the lowest of the best
    assert best(legal, sums, 9) == 9  # the preferred action is among the best
    assert best(legal, sums, 2) == 5  # it is not: the best wins


@pytest.mark.parametrize("spec", SOLVED)
def test_last_solves_only_the_last_tricks(spec):
    # with last=1 every card-play decision but the last trick's is mcts's, exactly (at
    # play_iters iterations; none: greedy's)
    solvable = bound(spec)["S"].solvable
    search = spec.part("search")
    iters = parse_spec("pimc", spec.name).values["play_iters"] or search.ITERS
    mcts = f"mcts:iters={iters},c={search.C},seed=3"
    play = [g for g in positions(spec, 80, seed=9) if not g.over and solvable(g.state)]
    early = [g for g in play if bin(g.legal_mask()).count("1") > 1 and g.hands()[g.to_act]
             and bin(g.hands()[g.to_act]).count("1") > 2][:3]  # fmt: skip
    assert early
    for game in early:
        given = f"pimc:before=mcts,last=1,seed=3,play_iters={iters}"
        assert decision(spec, given, game) == decision(spec, mcts, game)
        few = f"mcts:iters=30,c={search.C},seed=3"
        pimc = "pimc:before=mcts,last=1,seed=3,iters=5,play_iters="
        assert decision(spec, pimc + "30", game) == decision(spec, few, game)
        assert decision(spec, pimc + "0", game) == decision(spec, "greedy", game)


def end_positions(spec, n: int, cards: int, seed: int = 5) -> list:
    """States of the solvable phase where the seat to act holds at most ``cards`` cards and
    has a choice: one per random game."""
    solvable = bound(spec)["S"].solvable
    rnd, out = np.random.default_rng(seed), []
    for g in range(4 * n):
        game = spec.part("api").GAME.new(seed, g)
        while not game.over:
            me = game.to_act
            if (solvable(game.state) and len(game.legal_actions()) > 1
                    and bin(game.hands()[me]).count("1") <= cards):  # fmt: skip
                out.append(game)
                break
            game.apply(int(rnd.choice(game.legal_actions())))
        if len(out) == n:
            break
    return out


def brute_reply(b, state, ended, seat, scale, rng, gparams, search=True) -> float:
    """The reply model written plainly: the others play the rollout bot, the seat takes the
    best of its actions, each line played out to the deal's end (recursion, copies). With
    ``search`` False the seat plays the rollout bot too: the rollout model."""
    K, D, G = b["K"], b["D"], b["G"]
    while not ended:
        lg, p = int(K.legal_actions(state)), int(K.to_act(state))
        acts = [a for a in range(64) if lg >> a & 1]
        if search and len(acts) > 1 and p == seat:
            values = []
            for a in acts:
                child = state.copy()
                values.append(brute_reply(b, child, K.step(child, a), seat, scale, rng, gparams))
            return max(values)
        a = acts[0] if len(acts) == 1 else G(state, p, K.hand_of(state, p), lg, rng, gparams)
        ended = K.step(state, a)
    out = np.zeros(K.N_SEATS)
    D.rewards(state, scale, out)
    return out[seat]


@pytest.mark.parametrize("spec", SOLVED)
def test_the_reply_model_is_the_seats_best_line_against_the_rollout_bot(spec):
    # model=reply values an action by the seat's best line to the deal's end when every
    # other seat plays the rollout bot: the explicit-stack search equals a plain recursion
    b = bound(spec)
    K, D = b["K"], b["D"]
    gparams = np.zeros(8)
    checked = 0
    for game in end_positions(spec, 30, cards=4):
        seat, full = game.to_act, game.state[: K.STATE_SIZE].copy()
        scale = D.reward_scale(full)
        depth = 2 * 4 + 8
        stack, masks = np.zeros((depth, K.STATE_SIZE), np.int64), np.zeros(depth, np.int64)
        best = np.zeros(depth)
        for a in bits(game.legal_mask()):
            s1, s2 = full.copy(), full.copy()
            r1, r2 = np.array([9], np.uint64), np.array([9], np.uint64)
            got = b["reply_value"](s1, a, seat, scale, r1, np.zeros(K.N_SEATS), gparams,
                                   np.int64(0), stack, masks, best)  # fmt: skip
            want = brute_reply(b, s2, K.step(s2, a), seat, scale, r2, gparams)
            assert got == pytest.approx(want)
            checked += 1
    assert checked >= 60


@pytest.mark.parametrize("spec", SOLVED)
def test_the_rollout_model_is_one_playout_of_the_rollout_bot_per_action_and_world(spec):
    # model=rollout adds, for each legal action in id order, the seat's reward after the
    # rollout bot plays every seat to the deal's end, from one stream: a plain loop equals it
    b = bound(spec)
    K, D, S = b["K"], b["D"], b["S"]
    gparams = np.zeros(10)
    checked = 0
    for game in end_positions(spec, 8, cards=8, seed=6):
        seat, full = game.to_act, game.state[: K.STATE_SIZE].copy()
        scale, legal = D.reward_scale(full), game.legal_mask()
        sums = np.zeros(64)
        r1, r2 = np.array([11], np.uint64), np.array([11], np.uint64)
        b["_add_values"](full.copy(), seat, legal, scale, r1, np.zeros(S.WORK_SIZE, np.int64),
                         np.zeros(K.STATE_SIZE, np.int64), np.zeros(K.N_SEATS), sums,
                         np.int64(0), gparams, np.int64(2))  # fmt: skip
        for a in bits(legal):
            state = full.copy()
            want = brute_reply(b, state, K.step(state, a), seat, scale, r2, gparams, search=False)
            assert sums[a] == pytest.approx(want)
            checked += 1
    assert checked >= 16


def test_the_oracles_mcts_model_is_the_search_with_the_true_state_as_its_world():
    """``oracle:model=mcts``: mcts's own template, bound with the state it is handed (the
    whole one: it cheats) as every iteration's world; its play is measured in docs/bots.md,
    and compiling a search copy to watch it use what it sees would cost the suite 12 s."""
    from bots.mcts import bound_search, seeing_search
    from sim.core import policies
    from sim.core.registry import get

    spec = get("terts")
    bot = parse_spec("oracle:model=mcts,iters=20", "terts")
    seeing = seeing_search(spec)
    assert bot.info.sees_all and bot.info.dispatcher is seeing.decide
    assert seeing.W is policies.true_state and bound_search(spec).W is not seeing.W
    assert bot.text == "oracle:iters=20,model=mcts" and bot.encoded()[0] == 20  # mcts's own
    whole, world = np.arange(12, dtype=np.int64), np.zeros(10, np.int64)
    policies.true_state.py_func(whole, 0, 0, 0, None, None, world)
    assert (world == whole[:10]).all()
