"""What ``make bench`` holds Terts to (its issue): speed, and strength measured by two
duplicate tournaments (:mod:`sim.bench.targets`)."""

from sim.bench import targets as t
from sim.games.terts.vocab import N_SEATS

GREEDY_RANDOM = "greedy,random"
MCTS_GREEDY = "mcts,greedy"
# pimc at its defaults (mcts's first seven tricks, 20 worlds solved in the last nine) costs
# no more than mcts at its default 800 iterations (1.53 ms against 1.82 measured); under
# mcts:iters=200's 0.4 ms no pimc plays: its first tricks are mcts's
EQUAL_TIME = "pimc,mcts"
PIMC_GREEDY = "pimc,greedy"
ORACLE = "oracle,mcts"
STRENGTH = ((GREEDY_RANDOM, 2_000), (MCTS_GREEDY, 1_000), (EQUAL_TIME, 400), (PIMC_GREEDY, 400),
            (ORACLE, 200))  # (bots, games)  # fmt: skip

# `trixsim ladder` (sim/ladder): its standard bots, pimc at a quarter of its worlds and at
# its default
LADDER = ("random", "greedy", "mcts:iters=50", "mcts:iters=200", "mcts:iters=800",
          "pimc:worlds=5", "pimc", "oracle")  # fmt: skip


def targets(r: dict) -> list:
    return [
        t.random_decisions(r, 25_000_000),
        t.mcts_decisions(r, 2_000),
        t.fair_share(r, GREEDY_RANDOM, "greedy", 1.5, N_SEATS),
        t.beats(r, MCTS_GREEDY, "mcts"),
        t.solver_median(r, 5, "from trick 8 (the last nine tricks)"),
        t.equal_time(r, EQUAL_TIME, "pimc"),
        t.beats(r, PIMC_GREEDY, "pimc"),
        t.oracle_margin(r, ORACLE),
    ]
