"""What ``make bench`` holds five-handed Euchre to (its issue): speed, and strength measured by
two duplicate tournaments (:mod:`sim.bench.targets`)."""

from sim.bench import targets as t
from sim.games.euchre5.vocab import N_SEATS

GREEDY_RANDOM = "greedy,random"
MCTS_GREEDY = "mcts,greedy"
# pimc against mcts:iters=200 at about equal time per decision, with greedy's bids (its
# default): since the sampler got faster, mcts:iters=200 costs 0.27 ms, and 36 worlds took
# 0.29 ms in the bench of 2026-12-05 (it won by 4.6 +- 1.8, but at more time); 30 worlds took
# 0.24 ms against 0.27 and won by 5.5 +- 1.6 over 100 deal sets (--games 2000 --seed 1).
# Against greedy, pimc with greedy's bids is greedy's equal (0.6 +- 1.5, and 1.3 +- 1.5 in
# the bench): its card play adds nothing over greedy's here, mcts's bids do (2.8 +- 1.8 over
# 100 deal sets, 0.81 ms a decision). The oracle's margin is over the best fair bot, mcts at
# its default 1,000 iterations.
PIMC = "pimc:worlds=30"
PIMC_MCTS_BIDS = f"{PIMC},before=mcts"
EQUAL_TIME = f"{PIMC},mcts:iters=200"
PIMC_GREEDY = f"{PIMC_MCTS_BIDS},greedy"
ORACLE = "oracle,mcts"
# (bots, games); mcts at its default 1,000 iterations: 4,000 games take about 9 minutes
STRENGTH = ((GREEDY_RANDOM, 2_000), (MCTS_GREEDY, 4_000), (EQUAL_TIME, 2_000),
            (PIMC_GREEDY, 2_000), (ORACLE, 1_000))  # fmt: skip

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
        t.solver_median(r, 1),
        t.equal_time(r, EQUAL_TIME, PIMC),
        t.beats(r, PIMC_GREEDY, PIMC_MCTS_BIDS),
        t.oracle_margin(r, ORACLE),
        t.vs_python(r, 100),
        t.scaling(r, 1.8),
    ]
