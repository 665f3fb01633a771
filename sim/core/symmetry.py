"""A game's **suit symmetry**, as a network reads it: one view of many equal positions.

Where a game's rules treat suits alike up to a permutation (five-handed Euchre: any
permutation that keeps the colour pairs, R1.3), a position and its suit-permuted copy are
the same problem. A network that reads raw suits must learn each of them apart; one that
reads every position in its **canonical view** (the reference suit, the trump or the up
card's, moved to the first suit; ``docs/learning.md``) learns one problem from all of their
rows. A game's optional ``symmetry`` part (:mod:`sim.core.spec`) gives:

- ``view_of(x)`` (numba): which view canonicalises the tensor ``x``;
- ``INPUTS[k]``: where view ``k`` moves each input (the tensor, then the hint's one-hot);
- ``ACTIONS[k]``: where it moves each global action id;
- ``DESCRIPTION``: what the views are, for the weights' encoding stamp.

The ``neural`` bot (:mod:`sim.core.neural`) reads a network trained on views through them;
training (:mod:`sim.learn.views`) moves the rows' inputs, legal masks and targets alike. This
module doubles as the part of a game without a symmetry: one view, which moves nothing and
which no weights file may ask for (:func:`sim.core.weights.check`).
"""

from __future__ import annotations

import hashlib
import json

import numpy as np

from sim.core.jit import njit

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


def tables(size: int, n_global: int, card_slices, suit_slices, moved_action, sigmas,
           action_slices=()):  # fmt: skip
    """``INPUTS`` and ``ACTIONS`` of the suit permutations ``sigmas`` (``sigma[s]``: what suit
    ``s`` becomes): ``card_slices`` are ``(start, planes)``, ``planes[suit, rank]`` the input
    of a card within its slice; ``suit_slices`` the starts of one-hots over the suits;
    ``moved_action(g, sigma)`` the global id ``g`` becomes; ``action_slices`` are ``(start,
    length)`` of one-hots over the first ``length`` global ids (a bid, say)."""
    inputs = np.tile(np.arange(size + n_global, dtype=np.int64), (len(sigmas), 1))
    actions = np.tile(np.arange(n_global, dtype=np.int64), (len(sigmas), 1))
    for k, sigma in enumerate(sigmas):
        for start, planes in card_slices:
            for (suit, rank), i in planes.items():
                inputs[k, start + i] = start + planes[sigma[suit], rank]
        for start in suit_slices:
            inputs[k, start : start + len(sigma)] = start + np.asarray(sigma)
        actions[k] = [moved_action(g, sigma) for g in range(n_global)]
        for start, length in action_slices:
            inputs[k, start : start + length] = start + actions[k, :length]
        inputs[k, size:] = size + actions[k]  # the hint: a one-hot over the global ids
        for t in (inputs[k], actions[k]):  # a permutation, else two inputs would share a row
            if not (np.sort(t) == np.arange(len(t))).all():
                raise ValueError(f"suit view {k} is not a permutation")
    return inputs, actions


def swap_pairs(inputs, size: int) -> np.ndarray:
    """The inputs below ``size`` that the view ``inputs`` exchanges, as pairs ``(i, j)``,
    ``i < j``, in the tensor's order: what :func:`swapped` compares."""
    pairs = [(i, int(inputs[i])) for i in range(size) if i < inputs[i]]
    if any(inputs[j] != i for i, j in pairs):
        raise ValueError("a view that is not an exchange of pairs")
    return np.array(pairs, np.int64).reshape(-1, 2)


@njit(cache=True)
def swapped(x, pairs):
    """1 if an exchange of ``pairs`` is the tensor ``x``'s view: at the first pair whose
    inputs differ, the second reads higher (0 when none differ). ``x`` and its exchanged copy
    so answer oppositely, and both read the same in their views."""
    for p in range(len(pairs)):
        a, b = x[pairs[p, 0]], x[pairs[p, 1]]
        if a != b:
            return 1 if b > a else 0
    return 0
