"""A trixsim weights file as a batched bot: ``--bots examples.policy:MLP,model=FILE``.

The network ``trixsim train`` or ``examples/train_policy.py`` writes, computed in NumPy for
every game of a chunk at once (``sim.core.bots.BatchedBot``): the same scores as the
``neural`` bot, which plays the same file in compiled code. It picks the legal action of
highest score: no randomness, so a tournament with it is reproducible. A PyTorch or JAX
policy is the same class with another ``act``.
"""

from __future__ import annotations

import numpy as np

from sim.core.bots import BatchedBot, Param
from sim.core.net import forward_numpy
from sim.core.registry import get
from sim.core.weights import WeightsError, loaded


class MLP(BatchedBot):
    """A trained policy network: the legal action it scores best."""

    PARAMS = [Param("model", "policy-terts/policy.npz", "a trixsim weights file")]

    @classmethod
    def check(cls, game: str, **params) -> None:
        net = loaded(params["model"], get(game))[0]  # refused in one line: missing, foreign, stale
        if net.views:  # its inputs and scores are moved by the game's suit views: neural's work
            raise WeightsError(f"{params['model']} reads suit views: play it as neural:model=FILE")

    def __init__(self, game, rng, **params):
        super().__init__(game, rng, **params)
        self.buffer = loaded(params["model"], get(game))[1]

    def act(self, obs: np.ndarray, legal: np.ndarray) -> np.ndarray:
        scores = np.where(legal, forward_numpy(self.buffer, obs), -np.inf)
        return scores.argmax(axis=1)
