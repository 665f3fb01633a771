"""The network as PyTorch trains it (CPU, one thread), and its losses.

The same MLP :mod:`sim.core.net` runs in compiled code: the first layer is an
``EmbeddingBag`` that sums the weight rows of the active inputs times their values (the
sparse rows of a :class:`sim.learn.selfplay.Shard`), then two ReLU layers to one score per
global action, and a value head (the deal's return expected from here) that only training
uses: as a baseline for the policy gradient, and as a second target that shapes the hidden
layers. Torch is imported here only: ``pip install 'trixsim[train]'``.
"""

from __future__ import annotations

import numpy as np

try:
    import torch
    from torch import nn
except ImportError:  # the train extra; sim.learn.train says how to install it
    torch = nn = None

from sim.core.weights import Network


def require() -> None:
    from sim.learn.selfplay import LearnError

    if torch is None:
        raise LearnError("training needs PyTorch: pip install 'trixsim[train]' (CPU is enough)")


class Policy(nn.Module if nn else object):
    """Scores of every global action and a value, from sparse observation rows."""

    def __init__(self, n_in: int, h1: int, h2: int, n_out: int):
        super().__init__()
        self.l1 = nn.EmbeddingBag(n_in, h1, mode="sum")
        self.b1 = nn.Parameter(torch.zeros(h1))
        self.l2 = nn.Linear(h1, h2)
        self.l3 = nn.Linear(h2, n_out)
        self.value = nn.Linear(h2, 1)
        nn.init.normal_(self.l1.weight, std=(2.0 / 40) ** 0.5)  # about 40 inputs are set
        nn.init.zeros_(self.l3.weight)  # uniform at first: every legal action alike
        nn.init.zeros_(self.l3.bias)

    def forward(self, idx, offsets, val):
        a1 = torch.relu(self.l1(idx, offsets, per_sample_weights=val) + self.b1)
        a2 = torch.relu(self.l2(a1))
        return self.l3(a2), self.value(a2).squeeze(-1)

    def export(self, meta: dict) -> Network:
        """The weights as :mod:`sim.core.net` reads them (``w`` a row per input)."""

        def f(t):
            return t.detach().numpy().astype(np.float32)

        layers = {
            "w1": f(self.l1.weight),
            "b1": f(self.b1),
            "w2": f(self.l2.weight.T),
            "b2": f(self.l2.bias),
            "w3": f(self.l3.weight.T),
            "b3": f(self.l3.bias),
        }
        return Network(layers, meta)

    def load_network(self, net: Network) -> None:
        """Start from a weights file's layers (``--from``); the value head starts afresh."""
        with torch.no_grad():
            L = {k: torch.from_numpy(np.ascontiguousarray(v)) for k, v in net.layers.items()}
            self.l1.weight.copy_(L["w1"])
            self.b1.copy_(L["b1"])
            self.l2.weight.copy_(L["w2"].T)
            self.l2.bias.copy_(L["b2"])
            self.l3.weight.copy_(L["w3"].T)
            self.l3.bias.copy_(L["b3"])


def legal_mask(legal: np.ndarray, n_out: int):
    """``bool[rows, n_out]`` from the rows' 128-bit masks."""
    bits = np.unpackbits(legal.view(np.uint8).reshape(len(legal), 16), axis=1, bitorder="little")
    return torch.from_numpy(bits[:, :n_out].astype(np.bool_))


def batch(shard, n_out: int):
    """The tensors of a shard's rows: inputs (indices, offsets, values), legal masks."""
    return (
        torch.from_numpy(shard.idx.astype(np.int64)),
        torch.from_numpy(shard.offsets[:-1]),
        torch.from_numpy(shard.val),
        legal_mask(shard.legal, n_out),
    )


def masked(logits, legal):
    """Scores with every illegal action at -inf (a softmax over the legal ones)."""
    return logits.masked_fill(~legal, float("-inf"))


def centered(scores, legal):
    """Each legal action's score less the mean of the legal ones' (0 where not legal): what
    one action is worth against the others, the part of a value a choice depends on."""
    on = legal.float()
    mean = (scores.nan_to_num() * on).sum(1, keepdim=True) / on.sum(1, keepdim=True)
    return (scores.nan_to_num() - mean) * on


def soft_fit(scores, advantages, legal, temperature: float):
    """The loss of ``scores`` against the teacher's ``advantages`` (units of their spread):
    at a ``temperature`` above 0 the cross-entropy with the softmax of the advantages at that
    temperature, as soft targets (a near-tie stays a near-tie, where the argmax picks one and
    a regression spends itself on the blunders' exact values); at 0 the mean squared error
    of the centred scores."""
    if temperature <= 0.0:
        error = (centered(scores, legal) - advantages) ** 2
        return (error.sum(1) / legal.sum(1)).mean()
    target = torch.softmax(masked(advantages / temperature, legal), 1)
    logp = torch.log_softmax(masked(scores, legal), 1)
    return -(target * logp.masked_fill(~legal, 0.0)).sum(1).mean()
