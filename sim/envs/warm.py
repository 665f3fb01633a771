"""``python -m sim.envs.warm GAME``: compile (or load) what the research API runs of a game,
the environments' steps and batched play in lockstep, so the first environment or batched
tournament of a process costs what the others do (the test suite's set-up runs it beside
``python -m sim.core.compiled``)."""

from __future__ import annotations

import sys

import numpy as np


def warm(game: str) -> None:
    from sim.core.bots import parse_spec
    from sim.core.loop_batch import play_batch
    from sim.core.registry import get
    from sim.envs.engine import OneGame
    from sim.envs.vector import VectorEnv, random_actions

    spec = get(game)
    if not spec.has("observation"):
        return
    env = VectorEnv(game, n=2, seed=0)
    _, mask, _ = env.reset()
    env.step(random_actions(mask, np.random.default_rng(0)))
    table = OneGame(spec)
    table.deal(0, 0)
    obs, mask1 = np.zeros(table.part.SIZE, np.float32), np.zeros(table.part.N_GLOBAL, np.int8)
    table.observe(table.to_act, obs, mask1)
    table.step(int(np.flatnonzero(mask1)[0]))
    lineup = [parse_spec("sim.core.batched_play:FirstLegal", game), parse_spec("random", game)]
    play_batch(spec, lineup, [i % 2 for i in range(spec.seats)], 0, np.arange(1))


if __name__ == "__main__":
    for name in sys.argv[1:]:
        warm(name)
