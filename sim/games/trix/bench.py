"""What ``make bench`` holds Trix to: the speed targets of its issues (:mod:`sim.bench.targets`).

Strength is measured by the tests and ``docs/bots.md``'s tournaments, not here: Trix's
``mcts`` plays about 11 games/s, too slow for a tournament whose interval excludes 0
inside the bench's minutes.
"""

from sim.bench import targets as t

STRENGTH = ()


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
    ]
