"""What ``make bench`` holds Trix to: the speed targets of its issues, and the search bots'
strength (:mod:`sim.bench.targets`).

``mcts``'s own strength is measured by ``docs/bots.md``'s tournaments, not here (about 11
games/s, too slow for an interval that excludes 0 inside the bench's minutes). pimc is
played at one world: a world costs a full solve per legal card (about 6 ms a decision),
30 times a decision of mcts:iters=200, so equal time is mcts with the iterations of pimc's
one world; a Trix game of pimc at its default 10 worlds, every seat, is a minute.
"""

from sim.bench import targets as t

EQUAL_TIME = "pimc:worlds=1,mcts:iters=6000"
PIMC_GREEDY = "pimc:worlds=1,greedy"
ORACLE = "oracle,greedy"
STRENGTH = ((EQUAL_TIME, 60), (PIMC_GREEDY, 96), (ORACLE, 96))  # (bots, games): 6 a deal set

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
        t.equal_time(r, EQUAL_TIME, "pimc:worlds=1"),
        t.beats(r, PIMC_GREEDY, "pimc:worlds=1"),
        t.oracle_margin(r, ORACLE),
    ]
