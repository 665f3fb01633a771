"""What ``make bench`` holds Trix to: the speed targets of its issues, and the search bots'
strength (:mod:`sim.bench.targets`).

``mcts``'s own strength is measured by ``docs/bots.md``'s tournaments, not here (about 11
games/s, too slow for an interval that excludes 0 inside the bench's minutes). pimc solving
whole contracts costs a full solve per legal card (about 6 ms a decision at one world), and
its paranoid worlds lost to mcts at its time (mcts:iters=800 beat the ladder's
``pimc:worlds=10,before=greedy,last=6,model=solve`` by 18.9 +- 3.6, ``--games 600 --seed
1``); its reply model
(the seat's best line against greedy, last four tricks) was only mcts:iters=200's equal
(+0.3 +- 2.6). The bench plays pimc's rollout model (``sim/core/pimc.py``): 70 worlds, each
action valued by one greedy playout to the contract's end in each, the contract choice
mcts's at its 200 iterations. Measured apart (``--games 1200 --seed 1``, 200 deal sets):
against mcts:iters=200 +3.6 +- 2.7 at 0.124 ms a decision against 0.139; against greedy
(600 games, 100 deal sets) +27.3 +- 3.0.
"""

from sim.bench import targets as t

PIMC = "pimc:worlds=70,before=mcts,model=rollout"  # as runs name it (canonical)
REPLY = "pimc:worlds=16,before=mcts,last=4,model=reply"  # the bench's pimc before it
EQUAL_TIME = f"{PIMC},mcts:iters=200"
PIMC_GREEDY = f"{PIMC},greedy"
ORACLE = "oracle,greedy"
# the ladder's ceiling by win share: mcts's search of the true state. The paranoid solver
# (bare oracle) plays the cards best by points but wins no more than mcts:iters=800 (it
# never plays points onto the leader); this beat mcts:iters=800 by 6.0 +- 2.8 over 200 deal
# sets (--games 1200 --seed 11), at 1.45 ms a decision against the solver's 12 (docs/bots.md)
CEILING = "oracle:iters=800,model=mcts"
# (bots, games): 6 games a deal set, 10 deal sets the least a verdict needs
STRENGTH = ((EQUAL_TIME, 1_200), (PIMC_GREEDY, 600), (ORACLE, 96))

# `trixsim ladder` (sim/ladder): pimc solving whole games is a minute a game, so the
# ladder's pimc solves the last 6 tricks of each contract (before them greedy plays):
# 0.28 ms a decision at 4 worlds against 28 ms at 10 worlds and the last 8; and the bench's
# rollout-model pimc and the reply-model one before it
LADDER = ("random", "greedy", "mcts:iters=50", "mcts:iters=200", "mcts:iters=800",
          "pimc:worlds=4,before=greedy,last=6,model=solve",
          "pimc:worlds=10,before=greedy,last=6,model=solve", REPLY, PIMC,
          "oracle", CEILING)  # fmt: skip


def targets(r: dict) -> list:
    return [
        t.random_games(r, 100_000),
        t.million_games(r, 30),
        t.vs_openspiel(r, 10),
        t.vs_python(r, 100),
        t.scaling(r, 1.8),
        t.parquet_share(r, 0.2),
        t.mcts_decisions(r, 2_000),
        t.greedy_speed(r, 0.5),
        # the bench's positions are the first solvable decision of random games: trick
        # contracts and layouts alike (a layout solves in microseconds); the module doc of
        # sim/games/trix/solve.py has the trick contracts apart (general: 25 ms median)
        t.solver_median(r, 10, "from the first solvable decision (contracts and layouts)"),
        t.equal_time(r, EQUAL_TIME, PIMC),
        t.beats(r, PIMC_GREEDY, PIMC),
        t.oracle_margin(r, ORACLE),
    ]
