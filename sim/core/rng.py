"""A small counter-based RNG carried in a ``uint64[1]`` array.

splitmix64 is fast, passes BigCrush, and its state is one word that a kernel
carries itself, so every deal and bot decision is fixed by the seed alone,
whatever the process layout. All arithmetic stays in ``np.uint64``.
"""

import numpy as np

from sim.core.jit import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_LO32 = np.uint64(0xFFFFFFFF)


@njit(cache=True, inline="always")
def _finalize(z):
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True)
def mix(a, b):
    """A well-spread 64-bit seed derived from two integers (seed, index)."""
    return _finalize(np.uint64(a) * _GOLDEN + _finalize(np.uint64(b) + _GOLDEN))


@njit(cache=True, inline="always")
def draw(x, n):
    """Uniform integer in [0, n) from the stream position ``x`` (no array needed)."""
    return np.int64(((_finalize(x) >> _S32) * np.uint64(n)) >> _S32)


@njit(cache=True, inline="always")
def draw2(x, n1, n2):
    """Two uniform integers in [0, n1) and [0, n2) from one stream position (32 bits each)."""
    z = _finalize(x)
    return (
        np.int64(((z >> _S32) * np.uint64(n1)) >> _S32),
        np.int64(((z & _LO32) * np.uint64(n2)) >> _S32),
    )


@njit(cache=True, inline="always")
def advance(x):
    """The next position of a scalar stream."""
    return x + _GOLDEN


@njit(cache=True, inline="always")
def next_u64(rng):
    """Advance the stream ``rng`` (a uint64[1] array) and return 64 random bits."""
    rng[0] += _GOLDEN
    return _finalize(rng[0])


@njit(cache=True, inline="always")
def below(rng, n):
    """A uniform integer in [0, n) for n < 2**32 (Lemire's multiply-shift)."""
    return below_at(rng, 0, n)


@njit(cache=True, inline="always")
def below_at(streams, i, n):
    """:func:`below` on stream ``i`` of an array of streams (no view of it needed)."""
    streams[i] += _GOLDEN
    return np.int64(((_finalize(streams[i]) >> _S32) * np.uint64(n)) >> _S32)


def new_stream(seed: int, index: int = 0) -> np.ndarray:
    """A fresh stream for ``(seed, index)``; streams of different indices are independent."""
    return np.array([mix(np.uint64(seed % 2**64), np.uint64(index % 2**64))], dtype=np.uint64)


def deal_seed(seed: int, deal_set: int) -> np.uint64:
    """The seed of one deal set of a run: every deck of its game and its first chooser."""
    return np.uint64(mix(np.uint64(seed % 2**64), np.uint64(deal_set % 2**64)))


_BOT_DOMAIN = np.uint64(0xB07B07B07B07B07B)


@njit(cache=True)
def _mix_all(a, bs):
    out = np.empty(len(bs), np.uint64)
    for i in range(len(bs)):
        out[i] = mix(a, np.uint64(bs[i]))
    return out


def deal_seeds(seed: int, deal_sets: np.ndarray) -> np.ndarray:
    """:func:`deal_seed` of many deal sets at once (a Python loop costs more than the games)."""
    return _mix_all(np.uint64(seed % 2**64), np.asarray(deal_sets, np.int64))


def bot_domain(seed: int) -> np.uint64:
    """What a run's bot seeds are mixed from: game ``g``'s is ``mix(bot_domain(seed), g)``
    (compiled code that deals games itself seeds their bots so)."""
    return np.uint64(seed % 2**64) ^ _BOT_DOMAIN


def bot_seeds(seed: int, game_ids: np.ndarray) -> np.ndarray:
    """:func:`bot_seed` of many games at once."""
    return _mix_all(bot_domain(seed), np.asarray(game_ids, np.int64))


def bot_stream(seed: int, game_id: int, seat: int) -> np.ndarray:
    """The stream of the bot at ``seat`` in game ``game_id`` of a run seeded ``seed``.

    Kept apart from the deal streams, so a bot's randomness never moves a deal.
    """
    return np.array([mix(bot_seed(seed, game_id), np.uint64(seat))], dtype=np.uint64)


def bot_seed(seed: int, game_id: int) -> np.uint64:
    """The seed of all bot streams of one game; the seat is mixed in last."""
    return np.uint64(mix(bot_domain(seed), np.uint64(game_id % 2**64)))
