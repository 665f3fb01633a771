"""The frames of the solvers' alpha-beta search (:mod:`sim.core.alphabeta`): the words of
a frame's head, which the search reads and writes, and the ordered move list a game's
search part fills. Plain kernels, not a template: the games' search parts import them.

A frame is ``FRAME`` words of the game's ``int64`` scratch (``work``): this head, then the
game's own fields (its position, its moves from ``F_MOVES`` and their ordering keys). The
search hands a node's hooks ``f``, a view of its frame and the next (``f[FRAME + i]``: the
child's word ``i``): constant indices into a view compile to plain loads, where ``work[fr +
i]`` checks for a negative index each time.
"""

from sim.core.jit import njit

NONE = -(1 << 40)  # "not settled at once": a node whose frame is pushed
INF = 1 << 30  # beyond any value a game searches

# the head: the moves and the next to try, the window, the best value and move so far,
# whether the mover maximises, whether the node is one of the table's, the gain of the move
# searched; then a keyed node's window as entered, its bounds, its key and depth
F_N, F_I, F_ALPHA, F_BETA, F_BEST, F_BESTM, F_MAX, F_KEYED, F_GAIN = range(9)
F_ALPHA0, F_BETA0, F_LO, F_HI, F_K0, F_K1, F_K2, F_DEPTH = range(9, 17)
HEAD = 17  # the game's fields start here


@njit(cache=True, inline="always")
def push(f, moves, keys, n, move, key):
    """Insert ``move`` into the list of ``n`` moves at ``moves`` of the frame ``f`` by
    descending ``key`` (their keys at ``keys``); returns the new count."""
    i = n
    while i > 0 and f[keys + i - 1] < key:
        f[keys + i] = f[keys + i - 1]
        f[moves + i] = f[moves + i - 1]
        i -= 1
    f[keys + i] = key
    f[moves + i] = move
    return n + 1


@njit(cache=True, inline="always")
def put(work, at, words):
    """Write the ``int64`` tuple ``words`` into ``work`` from ``at`` on: a frame's fields in
    their order, in one line."""
    for i in range(len(words)):
        work[at + i] = words[i]


@njit(cache=True, inline="always")
def keep(work, f, m, ctx):
    """The ``undo`` of a game whose frames hold their whole position: nothing to restore."""


@njit(cache=True, inline="always")
def as_is(work, f, m):
    """The ``rel_move`` and ``abs_move`` of a game whose table keeps moves as they are."""
    return m


def table_words(keys: int, bits: int) -> int:
    """The words of a table of ``2**bits`` buckets of two entries, each ``keys`` key words
    and a data word (:mod:`sim.core.alphabeta`)."""
    return 2 * (keys + 1) << bits
