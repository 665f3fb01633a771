"""A small policy network as a trixsim batched bot: ``--bots examples.policy:MLP,model=FILE``.

The network ``train_policy.py`` writes (one hidden layer, ReLU, a score per global action)
reads a seat's observation tensor and picks the legal action of highest score: no
randomness, so a tournament with it is reproducible. NumPy only; a PyTorch or JAX policy
is the same class with another ``act``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sim.core.bots import BatchedBot, BotSpecError, Param


def forward(w: dict, obs: np.ndarray) -> np.ndarray:
    """The network's scores of every global action, ``float32[n, N_GLOBAL]``."""
    hidden = np.maximum(obs @ w["w1"] + w["b1"], 0.0)
    return hidden @ w["w2"] + w["b2"]


class MLP(BatchedBot):
    """A trained policy network (examples/train_policy.py): the legal action it scores best."""

    PARAMS = [Param("model", "results/policy-terts.npz", "the .npz file train_policy.py wrote")]

    @classmethod
    def check(cls, game: str, **params) -> None:
        path = Path(params["model"])
        if not path.is_file():
            raise BotSpecError(f"model={path}: no such file; train one with "
                               f"python examples/train_policy.py --game {game}")  # fmt: skip
        with np.load(path) as f:
            trained_for = str(f["game"])
        if trained_for != game:
            raise BotSpecError(f"model={path} was trained for {trained_for}, not {game}")

    def __init__(self, game, rng, **params):
        super().__init__(game, rng, **params)
        with np.load(params["model"]) as f:
            self.w = {k: f[k] for k in ("w1", "b1", "w2", "b2")}

    def act(self, obs: np.ndarray, legal: np.ndarray) -> np.ndarray:
        scores = np.where(legal, forward(self.w, obs), -np.inf)
        return scores.argmax(axis=1)
