"""What ``make bench`` holds five-handed Euchre to (its issue): speed, and strength measured by
two duplicate tournaments (:mod:`sim.bench.targets`)."""

from sim.bench import targets as t
from sim.games.euchre5.vocab import N_SEATS

GREEDY_RANDOM = "greedy,random"
MCTS_GREEDY = "mcts,greedy"
# (bots, games); mcts at its default 1,000 iterations: 4,000 games take about 9 minutes
STRENGTH = ((GREEDY_RANDOM, 2_000), (MCTS_GREEDY, 4_000))


def targets(r: dict) -> list:
    return [
        t.random_decisions(r, 25_000_000),
        t.mcts_decisions(r, 2_000),
        t.fair_share(r, GREEDY_RANDOM, "greedy", 1.5, N_SEATS),
        t.beats(r, MCTS_GREEDY, "mcts"),
        t.vs_python(r, 100),
        t.scaling(r, 1.8),
    ]
