"""What ``make bench`` holds Five Hundred to (its issue): speed, and strength measured by two
duplicate tournaments (:mod:`sim.bench.targets`)."""

from sim.bench import targets as t
from sim.games.five_hundred.vocab import N_SEATS

GREEDY_RANDOM = "greedy,random"
MCTS_GREEDY = "mcts,greedy"
# pimc at mcts:iters=200's time (docs/bots.md): the bids and the kitty by mcts at 400
# iterations (the few decisions where search pays most), greedy's cards in the first four
# tricks, the last six solved on twelve worlds; measured apart (--games 1600 --seed 1):
# +9.7 +- 4.5 over 800 deal sets at 0.267 ms a decision against 0.309
PIMC = "pimc:worlds=12,last=6,iters=400,play_iters=0"  # as runs name it (canonical)
EQUAL_TIME = f"{PIMC},mcts:iters=200"
PIMC_GREEDY = "pimc,greedy"
ORACLE = "oracle,mcts"
# mcts at its default 200 iterations beats greedy by about 5 points (the ladder: 5.0 +- 2.8
# over 2,000 deal sets): 2,000 deal sets tell that apart
STRENGTH = ((GREEDY_RANDOM, 2_000), (MCTS_GREEDY, 4_000), (EQUAL_TIME, 1_200), (PIMC_GREEDY, 400),
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
        t.equal_time(r, EQUAL_TIME, PIMC),
        t.beats(r, PIMC_GREEDY, "pimc"),
        t.oracle_margin(r, ORACLE),
    ]
