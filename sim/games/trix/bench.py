"""What ``make bench`` holds Trix to: the speed targets of its issues, and the search bots'
strength (:mod:`sim.bench.targets`).

``mcts``'s own strength is measured by ``docs/bots.md``'s tournaments, not here (about 11
games/s, too slow for an interval that excludes 0 inside the bench's minutes). pimc solving
whole contracts costs a full solve per legal card (about 6 ms a decision at one world; a
Trix game of pimc at its default 10 worlds, every seat, is a minute), so the bench plays
the ladder's pimc: greedy before the last six tricks of each contract, 10 worlds solved for
those (0.61 ms a decision). Measured apart (``--games 600 --seed 1``, 100 deal sets): it
beats greedy by 8.0 +- 4.0, and mcts at its time (800 iterations, 0.56 ms) beats it by
18.9 +- 3.6. At one world solving whole contracts, mcts:iters=6000 led it by 32.3 +- 8.7 over
8 deal sets (the bench of 2026-12-05).
"""

from sim.bench import targets as t

PIMC = "pimc:before=greedy,last=6"
EQUAL_TIME = f"{PIMC},mcts:iters=800"
PIMC_GREEDY = f"{PIMC},greedy"
ORACLE = "oracle,greedy"
# (bots, games): 6 games a deal set, 10 deal sets the least a verdict needs
STRENGTH = ((EQUAL_TIME, 600), (PIMC_GREEDY, 600), (ORACLE, 96))

# `trixsim ladder` (sim/ladder): pimc solving whole games is a minute a game, so the
# ladder's pimc solves the last 6 tricks of each contract (before them greedy plays):
# 0.28 ms a decision at 4 worlds against 28 ms at 10 worlds and the last 8
LADDER = ("random", "greedy", "mcts:iters=50", "mcts:iters=200", "mcts:iters=800",
          "pimc:worlds=4,before=greedy,last=6", "pimc:before=greedy,last=6", "oracle")  # fmt: skip


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
