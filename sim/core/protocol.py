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

from numba import types

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
