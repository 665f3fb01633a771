"""The sizes the compiled loop is built for (no numba here: the report reads them too)."""

MAX_SEATS = 6  # seats of a game, and distinct bots of a line-up
MAX_ACTIONS = 64  # action ids of one phase: the bits of an int64 legal mask
MAX_PARAMS = 16  # parameters of a bot (pimc:rollout=neural has 13)
MAX_SEED = 2**64 - 1  # seeds are 64-bit: a larger one would deal the cards of a smaller one
MAX_GAMES = 2**31 - 1  # game ids and deal sets are int32 columns of the tables
TIME_BINS = 176  # histogram bins of a bot's decision times: 4 an octave of cycles, to 2**44
