"""A game's **suit symmetry**, as a network reads it: one view of many equal positions.

Where a game's rules treat suits alike up to a permutation (five-handed Euchre: any
permutation that keeps the colour pairs, R1.3), a position and its suit-permuted copy are
the same problem. A network that reads raw suits must learn each of them apart; one that
reads every position in its **canonical view** (the reference suit, the trump or the up
card's, moved to the first suit; ``docs/learning.md``) learns one problem from all of their
rows. A game's optional ``symmetry`` part (:mod:`sim.core.spec`) gives:

- ``N_VIEWS`` and ``view_of(x)`` (numba): which view canonicalises the tensor ``x``;
- ``INPUTS[k]``: where view ``k`` moves each input (the tensor, then the hint's one-hot);
- ``ACTIONS[k]``: where it moves each global action id;
- ``DESCRIPTION``: what the views are, for the weights' encoding stamp.

The ``neural`` bot (:mod:`sim.core.neural`) reads a network trained on views through them;
training (:func:`canonical_shard`) moves the rows' inputs, legal masks and targets. This
module doubles as the part of a game without a symmetry: one view, which moves nothing and
which no weights file may ask for (:func:`sim.core.weights.check`).
"""

from __future__ import annotations

import hashlib
import json

import numpy as np

from sim.core.jit import njit

N_VIEWS = 1
INPUTS = np.zeros((1, 1), np.int64)  # never read: no weights use views in such a game
ACTIONS = np.zeros((1, 1), np.int64)
DESCRIPTION = ""


@njit(cache=True)
def view_of(x):
    """The one view of a game without a symmetry."""
    return 0


def part_of(spec):
    """The game's symmetry part, or this module (no symmetry)."""
    import sys

    return spec.part("symmetry") if spec.has("symmetry") else sys.modules[__name__]


def module_of(spec) -> str:
    """The module a bound template imports as the game's symmetry (``Y``)."""
    return spec.module("symmetry") if spec.has("symmetry") else __name__


def digest(part) -> str:
    """What a weights file's stamp records of the views: their description and tables."""
    h = hashlib.sha256(json.dumps(part.DESCRIPTION).encode())
    h.update(np.ascontiguousarray(part.INPUTS).tobytes())
    h.update(np.ascontiguousarray(part.ACTIONS).tobytes())
    return h.hexdigest()[:16]


def tables(size: int, n_global: int, card_slices, suit_slices, action_maps, sigmas):
    """``INPUTS`` and ``ACTIONS`` of the suit permutations ``sigmas`` (``sigma[s]``: the suit
    ``s`` becomes): ``card_slices`` are ``(start, planes)`` of card planes laid out as
    ``plane(suit, rank)`` by ``planes(suit, rank)`` (a function giving the plane, -1 for no
    card), ``suit_slices`` the starts of one-hots over the suits, ``action_maps`` a function
    ``(g, sigma) -> g'`` over the global ids."""
    views = len(sigmas)
    inputs = np.tile(np.arange(size + n_global, dtype=np.int64), (views, 1))
    actions = np.tile(np.arange(n_global, dtype=np.int64), (views, 1))
    for k, sigma in enumerate(sigmas):
        for start, plane in card_slices:
            for suit, rank, i in plane:
                inputs[k, start + i] = start + _plane_of(plane, sigma[suit], rank)
        for start in suit_slices:
            for s in range(len(sigma)):
                inputs[k, start + s] = start + sigma[s]
        for g in range(n_global):
            actions[k, g] = action_maps(g, sigma)
        inputs[k, size:] = size + actions[k]  # the hint: a one-hot over the global ids
    for k in range(views):  # each view a permutation, else two inputs would share a row
        for t in (inputs[k], actions[k]):
            if not (np.sort(t) == np.arange(len(t))).all():
                raise ValueError(f"suit view {k} is not a permutation")
    return inputs, actions


def _plane_of(plane, suit: int, rank: int) -> int:
    for s, r, i in plane:
        if s == suit and r == rank:
            return i
    raise ValueError(f"no plane for suit {suit}, rank {rank}")


def canonical_shard(shard, part):
    """``shard``'s rows each in its canonical view (``part``: the game's symmetry): inputs,
    legal masks, the action taken, the teacher's choice and values moved alike."""
    from sim.learn.selfplay import Shard

    n = len(shard)
    size = part.INPUTS.shape[1] - part.ACTIONS.shape[1]
    k = _views(part.view_of, shard.idx, shard.val, shard.offsets, size)
    counts = np.diff(shard.offsets)
    idx = part.INPUTS[np.repeat(k, counts), shard.idx.astype(np.int64)].astype(shard.idx.dtype)
    acts = part.ACTIONS[k]  # (rows, global ids)
    n_global = acts.shape[1]
    bits = np.unpackbits(shard.legal.view(np.uint8).reshape(n, 16), axis=1, bitorder="little")
    moved = np.zeros_like(bits)
    moved[np.arange(n)[:, None], acts] = bits[:, :n_global]
    legal = np.packbits(moved, axis=1, bitorder="little").view(np.uint64).reshape(n, 2)

    def act(a):
        out = a.copy()
        on = a >= 0
        out[on] = acts[np.flatnonzero(on), a[on].astype(np.int64)]
        return out

    q = shard.q
    if q.shape[1]:
        q = np.full_like(q, np.nan)
        q[np.arange(n)[:, None], acts] = shard.q
    return Shard(idx, shard.val, shard.offsets, legal, act(shard.taken), act(shard.label),
                 shard.ret, shard.seat, q)  # fmt: skip


@njit(cache=False)  # takes the game's view function: compiled per game, in the trainer only
def _views(view_of, idx, val, offsets, size):
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
