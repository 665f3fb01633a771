"""What ``make bench`` holds Five Hundred to (its issue): speed, and strength measured by two
duplicate tournaments (:mod:`sim.bench.targets`)."""

from sim.bench import targets as t
from sim.games.five_hundred.vocab import N_SEATS

GREEDY_RANDOM = "greedy,random"
MCTS_GREEDY = "mcts,greedy"
# a world of pimc (a full solve per legal card, 5 ms median) costs more than a decision of
# mcts:iters=200 (about 0.5 ms): equal time is mcts at its default 600 iterations against
# pimc solving the last six tricks on twelve worlds (1.31 ms a decision against 1.49
# measured; not told apart, pimc ahead by 2.0 +- 7.2 over 300 deal sets, and 0.1 +- 3.1 over
# 1,500 at --games 3000 --seed 2: the two are equal; docs/bots.md)
EQUAL_TIME = "pimc:worlds=12,last=6,mcts"
PIMC_GREEDY = "pimc,greedy"
ORACLE = "oracle,mcts"
STRENGTH = ((GREEDY_RANDOM, 2_000), (MCTS_GREEDY, 800), (EQUAL_TIME, 400), (PIMC_GREEDY, 400),
            (ORACLE, 400))  # (bots, games)  # fmt: skip

# `trixsim ladder` (sim/ladder): its standard bots, pimc at a quarter of its worlds and at
# its default
LADDER = ("random", "greedy", "mcts:iters=50", "mcts:iters=200", "mcts:iters=800",
          "pimc:worlds=1", "pimc", "oracle")  # fmt: skip


def targets(r: dict) -> list:
    return [
        t.random_decisions(r, 25_000_000),
        t.mcts_decisions(r, 2_000),
        t.fair_share(r, GREEDY_RANDOM, "greedy", 1.5, N_SEATS),
        t.beats(r, MCTS_GREEDY, "mcts"),
        t.solver_median(r, 50),
        t.equal_time(r, EQUAL_TIME, "pimc:worlds=12,last=6"),
        t.beats(r, PIMC_GREEDY, "pimc"),
        t.oracle_margin(r, ORACLE),
    ]
