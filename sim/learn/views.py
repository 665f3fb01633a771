"""A training run's rows moved into their suit views (``trixsim train --views``): the same
move the ``neural`` bot makes at play (:mod:`sim.core.symmetry`, :mod:`sim.core.neural`), so a
network learns on what it will read."""

from __future__ import annotations

import numpy as np

from sim.core.jit import njit
from sim.learn.selfplay import Shard


def canonical_shard(shard: Shard, part) -> Shard:
    """``shard``'s rows each in its view (``part``: the game's symmetry): inputs and hint,
    legal masks, the action taken, the teacher's choice and values moved alike."""
    n = len(shard)
    size = part.INPUTS.shape[1] - part.ACTIONS.shape[1]
    k = _views(part.view_of, shard.idx, shard.val, shard.offsets, size)
    idx = part.INPUTS[np.repeat(k, np.diff(shard.offsets)), shard.idx.astype(np.int64)]
    acts = part.ACTIONS[k]  # (rows, global ids): where each row's actions go
    bits = np.unpackbits(shard.legal.view(np.uint8).reshape(n, 16), axis=1, bitorder="little")
    moved = np.zeros_like(bits)
    moved[np.arange(n)[:, None], acts] = bits[:, : acts.shape[1]]
    legal = np.packbits(moved, axis=1, bitorder="little").view(np.uint64).reshape(n, 2)

    def act(a):  # a global id a row, -1 (none) kept
        out = a.copy()
        on = a >= 0
        out[on] = acts[np.flatnonzero(on), a[on].astype(np.int64)]
        return out

    q = shard.q
    if q.shape[1]:
        q = np.full_like(q, np.nan)
        q[np.arange(n)[:, None], acts] = shard.q
    return Shard(idx.astype(shard.idx.dtype), shard.val, shard.offsets, legal,
                 act(shard.taken), act(shard.label), shard.ret, shard.seat, q)  # fmt: skip


@njit(cache=False)  # takes the game's view function: compiled per game, in the trainer only
def _views(view_of, idx, val, offsets, size):
    """Each row's view, from its tensor (the inputs below ``size``: not the hint)."""
    rows = len(offsets) - 1
    out = np.zeros(rows, np.int64)
    x = np.zeros(size, np.float32)
    for r in range(rows):
        for j in range(offsets[r], offsets[r + 1]):
            if idx[j] < size:
                x[idx[j]] = val[j]
        out[r] = view_of(x)
        for j in range(offsets[r], offsets[r + 1]):
            if idx[j] < size:
                x[idx[j]] = 0.0
    return out
