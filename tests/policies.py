"""Batched bots for the tests (``tests.policies:Linear`` as a bot spec): numpy only."""

import numpy as np

from sim.bench.research import Linear  # noqa: F401  (a fixed random linear policy)
from sim.core.bots import BatchedBot


class Uniform(BatchedBot):
    """A uniformly random legal action, drawn from the policy's own generator."""

    def act(self, obs, legal):
        u = self.rng.random(legal.shape) * legal
        return u.argmax(axis=1)


class Wrong(BatchedBot):
    """Always global action 0, legal or not."""

    def act(self, obs, legal):
        return np.zeros(len(obs), np.int64)


class NotABot:
    """Not a subclass of BatchedBot."""
