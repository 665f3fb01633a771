"""Batched bots for the tests (``tests.policies:Linear`` as a bot spec): numpy only."""

import numpy as np

from sim.core.bots import BatchedBot, Param


class Linear(BatchedBot):
    """A fixed random linear policy: the legal action of highest score, no randomness."""

    PARAMS = [Param("weights", 1, "seed of the weights", low=0, high=2**31)]

    w = None

    def act(self, obs, legal):
        if self.w is None:
            rng = np.random.default_rng(int(self.params["weights"]))
            self.w = rng.standard_normal((obs.shape[1], legal.shape[1])).astype(np.float32)
        scores = np.where(legal, obs @ self.w, -np.inf)
        return scores.argmax(axis=1)


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
