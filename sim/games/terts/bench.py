"""What ``make bench`` holds Terts to (its issue): speed, and strength measured by two
duplicate tournaments (:mod:`sim.bench.targets`)."""

from sim.bench import targets as t
from sim.games.terts.vocab import N_SEATS

GREEDY_RANDOM = "greedy,random"
MCTS_GREEDY = "mcts,greedy"
# pimc at its defaults: mcts:iters=200's first seven tricks (mcts's default 200 iterations)
# and the last nine solved, at that bot's time (docs/bots.md); from trick 8 on each hand
# knows the other's, so every world is the same one
PIMC = "pimc"
EQUAL_TIME = f"{PIMC},mcts:iters=200"
PIMC_GREEDY = "pimc,greedy"
ORACLE = "oracle,mcts"
STRENGTH = ((GREEDY_RANDOM, 2_000), (MCTS_GREEDY, 1_000), (EQUAL_TIME, 400), (PIMC_GREEDY, 400),
            (ORACLE, 200))  # (bots, games)  # fmt: skip

# `trixsim ladder` (sim/ladder): its standard bots, pimc at a quarter of its worlds and at
# its default, and pimc's default until trixsim 0.6.0 (mcts's 800 iterations in tricks 1-7,
# at 2.9 times mcts:iters=200's time): the strongest fair bot measured
LADDER = ("random", "greedy", "mcts:iters=50", "mcts:iters=200", "mcts:iters=800",
          "pimc:worlds=5", "pimc", "pimc:iters=800", "oracle")  # fmt: skip


def targets(r: dict) -> list:
    return [
        t.random_decisions(r, 25_000_000),
        t.mcts_decisions(r, 2_000),
        t.fair_share(r, GREEDY_RANDOM, "greedy", 1.5, N_SEATS),
        t.beats(r, MCTS_GREEDY, "mcts"),
        t.solver_median(r, 5, "from trick 8 (the last nine tricks)"),
        t.equal_time(r, EQUAL_TIME, PIMC),
        t.beats(r, PIMC_GREEDY, "pimc"),
        t.oracle_margin(r, ORACLE),
    ]
