"""What the suit-view tests of every game share (tests/<game>/test_symmetry.py): a seat's
tensor, a tensor moved by a view's inputs, the legal actions as global ids, and an action
applied by its global id."""

import numpy as np


def tensor(spec, game, seat):
    """``seat``'s observation tensor of ``game``."""
    o, k = spec.part("observation"), spec.part("kernels")
    out = np.zeros(o.SIZE, np.float32)
    o.encode(game.state[: k.PUB_SIZE], seat, game.private(seat), out)
    return out


def moved(x, inputs):
    """``x`` with input ``i`` moved to ``inputs[i]``."""
    out = np.zeros_like(x)
    out[inputs[: len(x)]] = x
    return out


def legal_globals(spec, game):
    """The legal actions of the seat to act, as global ids."""
    o, k = spec.part("observation"), spec.part("kernels")
    public, hand = game.state[: k.PUB_SIZE], game.hand(game.to_act)
    return {int(o.to_global(public, hand, a)) for a in game.legal_actions()}


def apply_global(spec, game, g):
    """Play global id ``g`` at the seat to act."""
    o, k = spec.part("observation"), spec.part("kernels")
    game.apply(o.to_local(game.state[: k.PUB_SIZE], game.hand(game.to_act), g))
