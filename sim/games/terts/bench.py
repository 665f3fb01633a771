"""What ``make bench`` holds Terts to (its issue): speed, and strength measured by two
duplicate tournaments (:mod:`sim.bench.targets`)."""

from sim.bench import targets as t
from sim.games.terts.vocab import N_SEATS

GREEDY_RANDOM = "greedy,random"
MCTS_GREEDY = "mcts,greedy"
STRENGTH = ((GREEDY_RANDOM, 2_000), (MCTS_GREEDY, 1_000))  # (bots, games)


def targets(r: dict) -> list:
    return [
        t.random_decisions(r, 25_000_000),
        t.mcts_decisions(r, 2_000),
        t.fair_share(r, GREEDY_RANDOM, "greedy", 1.5, N_SEATS),
        t.beats(r, MCTS_GREEDY, "mcts"),
    ]
