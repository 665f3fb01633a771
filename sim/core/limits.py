"""The sizes the compiled loop is built for (no numba here: the report reads them too)."""

MAX_SEATS = 6  # seats of a game, and distinct bots of a line-up
MAX_ACTIONS = 64  # action ids of one phase: the bits of an int64 legal mask
MAX_PARAMS = 8  # parameters of a bot
