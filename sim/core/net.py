"""A small policy network's forward pass in compiled code, at engine speed, with no Python
call per decision and no torch at run time.

The network is an MLP over a game's observation tensor (``sim/games/<game>/observe.py``):
two hidden layers with ReLU, then one score per global action id. Its weights live in one
flat ``float32`` buffer (:func:`pack`); a numba bot reaches it by the buffer's address, which
travels in the bot's ``float64`` parameters (:mod:`sim.core.weights` loads each file once
per process and keeps it alive), so one compiled bot plays any weights of its game.

The first layer is **sparse**, as chess's NNUE: the tensor is mostly zeros and one-hots, so
it adds the weight rows of the non-zero inputs only (about a tenth of them) instead of a
dense product. Every layer is written as "add a row times a value" with the rows in a fixed
order, which vectorises without reassociating any sum: the scores are the same floats on
every machine, so a tournament with the network is reproducible anywhere.
"""

import numpy as np
from numba import carray, types
from numba.extending import intrinsic

from sim.core.jit import njit

MAGIC = 4097.0  # buffer[0]: a packed network (exact in float32)
HEADER = 8  # buffer[0:8]: MAGIC, inputs, hidden 1, hidden 2, outputs, length, stick, views
STICK = 6  # buffer[STICK]: the bonus its hint's action gets in play (sim.core.neural)
VIEWS = 7  # buffer[VIEWS]: 1 when it reads the game's suit views (sim.core.symmetry), else 0


def pack(w1, b1, w2, b2, w3, b3, stick: float = 0.0, views: bool = False) -> np.ndarray:
    """The flat buffer of a network: header, then ``w1`` (inputs × hidden 1, a row per input),
    ``b1``, ``w2`` (hidden 1 × hidden 2), ``b2``, ``w3`` (hidden 2 × outputs), ``b3``."""
    parts = [np.asarray(a, np.float32) for a in (w1, b1, w2, b2, w3, b3)]
    n_in, h1 = parts[0].shape
    h2, n_out = parts[4].shape
    shapes = [(n_in, h1), (h1,), (h1, h2), (h2,), (h2, n_out), (n_out,)]
    for a, shape in zip(parts, shapes, strict=True):
        if a.shape != shape:
            raise ValueError(f"a layer of shape {a.shape} where {shape} belongs")
    length = HEADER + sum(a.size for a in parts)
    head = np.array([MAGIC, n_in, h1, h2, n_out, length, stick, float(views)], np.float32)
    if int(head[5]) != length:
        raise ValueError(f"a network of {length:,} floats is too large for its header")
    return np.concatenate([head] + [a.ravel() for a in parts])


def forward_numpy(buffer: np.ndarray, x: np.ndarray) -> np.ndarray:
    """The reference forward pass of a packed network on rows ``x`` (n × inputs), in NumPy:
    what :func:`forward` must equal (up to float rounding)."""
    n_in, h1, h2, n_out = (int(v) for v in buffer[1:5])
    at = HEADER
    layers = []
    for shape in ((n_in, h1), (h1,), (h1, h2), (h2,), (h2, n_out), (n_out,)):
        size = int(np.prod(shape))
        layers.append(buffer[at : at + size].reshape(shape))
        at += size
    w1, b1, w2, b2, w3, b3 = layers
    a1 = np.maximum(x @ w1 + b1, 0.0)
    a2 = np.maximum(a1 @ w2 + b2, 0.0)
    return a2 @ w3 + b3


@intrinsic
def _float_pointer(typingctx, address):
    """The ``float32`` pointer at an integer address."""
    sig = types.CPointer(types.float32)(types.int64)

    def codegen(context, builder, signature, args):
        return builder.inttoptr(args[0], context.get_value_type(signature.return_type))

    return sig, codegen


@njit(cache=True)
def network_at(address):
    """The packed network at ``address`` (:mod:`sim.core.weights` holds it); raises on an
    address that holds none, rather than reading what is there."""
    if address == 0:
        raise ValueError("neural: no network loaded (the bot's model was not given)")
    pointer = _float_pointer(address)
    head = carray(pointer, (HEADER,))
    if head[0] != MAGIC:
        raise ValueError("neural: no network at this address")
    return carray(pointer, (np.int64(head[5]),))


@njit(cache=True)
def scratch(w):
    """Work arrays for :func:`forward` of network ``w``: the two hidden layers, the scores."""
    return (
        np.empty(np.int64(w[2]), np.float32),
        np.empty(np.int64(w[3]), np.float32),
        np.empty(np.int64(w[4]), np.float32),
    )


@njit(cache=True)
def forward(w, x, a1, a2, scores):
    """Every output of network ``w`` for the input ``x`` into ``scores``; ``a1``, ``a2`` are
    work arrays of the hidden sizes (:func:`scratch`)."""
    n_in, h1, h2, n_out = np.int64(w[1]), np.int64(w[2]), np.int64(w[3]), np.int64(w[4])
    # views of each layer, indexed from 0: an index numba cannot prove non-negative gets a
    # wrap-around test per element, which stopped the loops vectorising (5x slower)
    at = HEADER + n_in * h1
    w1, b1 = w[HEADER:at].reshape((n_in, h1)), w[at : at + h1]
    at += h1
    w2, b2 = w[at : at + h1 * h2].reshape((h1, h2)), w[at + h1 * h2 : at + h1 * h2 + h2]
    at += h1 * h2 + h2
    w3 = w[at : at + h2 * n_out].reshape((h2, n_out))
    b3 = w[at + h2 * n_out : at + h2 * n_out + n_out]
    a1[:] = b1
    for i in range(n_in):  # sparse: the rows of the non-zero inputs only
        v = x[i]
        if v != 0.0:
            for j in range(h1):
                a1[j] += v * w1[i, j]
    _dense(w2, b2, a1, h1, a2, h2)
    _dense(w3, b3, a2, h2, scores, n_out)


@njit(cache=True, inline="always")
def _dense(w, b, inputs, n_in, out, n_out):
    """``out = relu(inputs) @ w + b`` (``w`` a row per input); the inputs' ReLU is taken
    here, so a unit at zero costs nothing."""
    out[:] = b
    for i in range(n_in):
        v = inputs[i]
        if v > 0.0:
            for j in range(n_out):
                out[j] += v * w[i, j]
