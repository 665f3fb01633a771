"""How the engine calls a numba bot: one compiled signature for every bot of every game.

``decide(public, seat, hand, legal, rng, params) -> action``

- ``public``: the public slots of the game's state (``state[:PUB_SIZE]``; each
  game names its fields in its ``state`` module). Never another seat's cards.
- ``seat``, ``hand``: who the bot is and the cards it holds (a mask).
- ``legal``: the legal action ids as a mask. Ids are *phase-relative*: each
  game numbers the actions of a phase from 0, at most :data:`MAX_ACTIONS` of
  them, so one ``int64`` holds every decision's legal actions.
- ``rng``: the bot's own ``uint64[1]`` stream (:mod:`sim.core.rng`), seeded per
  game and seat.
- ``params``: the bot's parameters, ``float64[MAX_PARAMS]``.

Typed as a first-class function, so one compiled game loop serves every line-up.
"""

import numpy as np
from numba import types
from numba.core import cgutils
from numba.experimental.function_type import _get_jit_address, _get_wrapper_address
from numba.extending import intrinsic

from sim.core.limits import MAX_ACTIONS, MAX_PARAMS, MAX_SEATS  # noqa: F401  (re-exported)

BOT_SIGNATURE = types.int64(
    types.int64[::1],
    types.int64,
    types.int64,
    types.int64,
    types.uint64[::1],
    types.float64[::1],
)
BOT_TYPE = types.FunctionType(BOT_SIGNATURE)


def bot_addresses(funcs) -> np.ndarray:
    """``int64[len(funcs), 2]``: each numba bot's compiled addresses (its C wrapper, its
    numba entry), looked up once per process; :func:`as_bot` turns a row back into the bot.

    Handing numba the dispatchers instead costs ~30 µs a bot on every call (numba types
    each one and looks its addresses up again): batched play, which calls its compiled
    half once a round, paid ~190 µs a round for its six bot slots, as much as the round's
    thousand decisions."""
    out = np.zeros((len(funcs), 2), np.int64)
    for i, f in enumerate(funcs):
        if f not in _ADDRESSES:
            _ADDRESSES[f] = (_get_wrapper_address(f, BOT_SIGNATURE),
                             _get_jit_address(f, BOT_SIGNATURE))  # fmt: skip
        out[i] = _ADDRESSES[f]
    return out


_ADDRESSES: dict = {}  # decide -> its addresses; holds the dispatcher, so they stay valid


@intrinsic
def as_bot(typingctx, c_address, jit_address):
    """The bot at these addresses (:func:`bot_addresses`) as a first-class function, called
    through its numba entry as a dispatcher passed in is, so an exception it raises
    propagates."""
    sig = BOT_TYPE(types.int64, types.int64)

    def codegen(context, builder, signature, args):
        bot = cgutils.create_struct_proxy(BOT_TYPE)(context, builder)
        bot.c_addr = builder.inttoptr(args[0], bot.c_addr.type)
        bot.py_addr = cgutils.get_null_value(bot.py_addr.type)
        bot.jit_addr = builder.inttoptr(args[1], bot.jit_addr.type)
        return bot._getvalue()

    return sig, codegen
