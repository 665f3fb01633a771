"""How the engine calls a numba bot: one compiled signature for every bot.

``decide(public, seat, hand, legal, rng, params) -> action``

- ``public``: the public slots of the state (``state[:PUB_SIZE]``, fields in
  :mod:`sim.layout`): contract, chooser, choice, totals, remaining contracts,
  current trick, every card played in the contract and by whom, tricks won,
  the K♥ announcer, the trix piles (``PLAYED``) and passes. Never another hand.
- ``seat``, ``hand``: who the bot is and the cards it holds (a mask).
- ``legal``: the legal action ids as a mask (cards 0–31, PASS, DOUBLE,
  NO_DOUBLE, CHOOSE_BASE + contract).
- ``rng``: the bot's own ``uint64[1]`` stream (:mod:`sim.rng`), seeded per game
  and seat.
- ``params``: the bot's parameters, ``float64[MAX_PARAMS]``.

Typed as a first-class function, so one compiled game loop serves every line-up.
"""

from numba import types

BOT_SIGNATURE = types.int64(
    types.int64[::1],
    types.int64,
    types.int64,
    types.int64,
    types.uint64[::1],
    types.float64[::1],
)
BOT_TYPE = types.FunctionType(BOT_SIGNATURE)
MAX_PARAMS = 8
