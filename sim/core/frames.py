"""The frames of the solvers' alpha-beta search (:mod:`sim.core.alphabeta`): the words of
a frame's head, which the search reads and writes, and the ordered move list a game's
search part fills. Plain kernels, not a template: the games' search parts import them.

A frame is ``FRAME`` words of the game's ``int64`` scratch (``work``): this head, then the
game's own fields (its position, its moves from ``F_MOVES`` and their ordering keys).
"""

from sim.core.jit import njit

NONE = -(1 << 40)  # "not settled at once": a node whose frame is pushed
INF = 1 << 30  # beyond any value a game searches

# the head: the moves and the next to try, the window (as narrowed, and as entered, for the
# table), the best value and move so far, whether the mover maximises, whether the node is
# one of the table's, its bounds, its key and depth there, the gain of the move searched
F_N, F_I, F_ALPHA, F_BETA, F_ALPHA0, F_BETA0, F_BEST, F_BESTM, F_MAX, F_KEYED = range(10)
F_LO, F_HI, F_K0, F_K1, F_K2, F_DEPTH, F_GAIN = range(10, 17)
HEAD = 17  # the game's fields start here


@njit(cache=True, inline="always")
def push(work, moves, keys, n, move, key):
    """Insert ``move`` into the list of ``n`` moves at ``moves`` by descending ``key`` (their
    keys at ``keys``); returns the new count."""
    i = n
    while i > 0 and work[keys + i - 1] < key:
        work[keys + i] = work[keys + i - 1]
        work[moves + i] = work[moves + i - 1]
        i -= 1
    work[keys + i] = key
    work[moves + i] = move
    return n + 1


@njit(cache=True, inline="always")
def put(work, at, words):
    """Write the ``int64`` tuple ``words`` into ``work`` from ``at`` on: a frame's fields in
    their order, in one line."""
    for i in range(len(words)):
        work[at + i] = words[i]


@njit(cache=True, inline="always")
def keep(work, fr, m, ctx):
    """The ``undo`` of a game whose frames hold their whole position: nothing to restore."""


@njit(cache=True, inline="always")
def as_is(work, fr, m):
    """The ``rel_move`` and ``abs_move`` of a game whose table keeps moves as they are."""
    return m


def table_words(keys: int, bits: int) -> int:
    """The words of a table of ``2**bits`` buckets of two entries, each ``keys`` key words
    and a data word (:mod:`sim.core.alphabeta`)."""
    return 2 * (keys + 1) << bits
