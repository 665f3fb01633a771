"""The scratch array of Trix's solver (:mod:`.solve`): a stack of frames, then a
transposition table shared by its two searches, the trick contracts' (:mod:`.solve_tricks`)
and the layout's (:mod:`.solve_layout`), each the alpha-beta template
(:mod:`sim.core.alphabeta`) bound to its search part.

A key is three words: two of the position (the trick search's relative ranks, the layout's
exact hands: no collisions either way) and a tag (whose lead or turn, the seat solved for,
the contract and what of the history the value depends on; a kind bit keeps the two
searches apart). The value stored is the *future* change of the searched value from that
position, which nothing of the history changes beyond what the tag holds, so an entry
stays valid from one world (or one option) of a decision to the next.
"""

from sim.core.frames import table_words

FRAME = 64  # words a search frame may use (each search lays its fields out in them)
FRAMES = 0
MAX_FRAMES = 34  # a frame per card of a deal (32) and the root, with one to spare
TT = FRAME * MAX_FRAMES  # where the table starts in the work array
NODES = TT - 1  # a count of the nodes searched, for measurements (the spare frame's)
TT_BITS = 15  # 2^16 entries of four words, 2 MB
KEYS = 3
WORK_SIZE = TT + table_words(KEYS, TT_BITS)
