"""``pimc``'s own choices (``sim/core/pimc.py``): what decides before the solvable phase
(``before``) and which action wins a tie (``ties``), on every game with a solver."""

import numpy as np
import pytest

from sim.core import bots as registry
from sim.core.bots import parse_spec
from sim.core.registry import games
from tests.test_bots import positions

SOLVED = [pytest.param(s, id=s.name) for s in games().values() if s.has("solver")]


def early_positions(spec, n: int):
    """Positions before the solvable phase (bids, calls, Trix's contract choice, Terts's
    first tricks) with a choice to make."""
    solvable = registry.load_bots(spec.name)["pimc"].dispatcher.py_func.__globals__["S"].solvable
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
    # before=mcts is mcts at the game's default budget with pimc's seed; before=greedy is
    # greedy's: the same decision from the same stream
    search = spec.part("search")
    early = early_positions(spec, 4)
    assert len(early) >= 2
    mcts = f"mcts:iters={search.ITERS},c={search.C},seed=3"
    for game in early:
        assert decision(spec, "pimc:before=mcts,seed=3", game) == decision(spec, mcts, game)
        assert decision(spec, "pimc:before=greedy", game) == decision(spec, "greedy", game)


@pytest.mark.parametrize("spec", SOLVED[:1])
def test_a_tie_goes_to_the_rollout_bots_choice_if_it_is_among_the_best(spec):
    best = registry.load_bots(spec.name)["pimc"].dispatcher.py_func.__globals__["_best"]
    sums = np.zeros(64)
    sums[[2, 5, 9]] = (1.0, 3.0, 3.0)
    legal = (1 << 2) | (1 << 5) | (1 << 9)
    assert best(legal, sums, -1) == 5  # no preference: the lowest of the best
    assert best(legal, sums, 9) == 9  # the preferred action is among the best
    assert best(legal, sums, 2) == 5  # it is not: the best wins


@pytest.mark.parametrize("spec", SOLVED)
def test_last_solves_only_the_last_tricks(spec):
    # with last=1 every card-play decision but the last trick's is mcts's, exactly
    solvable = registry.load_bots(spec.name)["pimc"].dispatcher.py_func.__globals__["S"].solvable
    search = spec.part("search")
    mcts = f"mcts:iters={search.ITERS},c={search.C},seed=3"
    play = [g for g in positions(spec, 80, seed=9) if not g.over and solvable(g.state)]
    early = [g for g in play if bin(g.legal_mask()).count("1") > 1 and g.hands()[g.to_act]
             and bin(g.hands()[g.to_act]).count("1") > 2][:3]  # fmt: skip
    assert early
    for game in early:
        assert decision(spec, "pimc:before=mcts,last=1,seed=3", game) == decision(spec, mcts, game)
