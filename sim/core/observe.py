"""The pieces every game's observation part (``observe.py``, ``docs/research.md``) is made of.

A game's ``encode`` writes one seat's information set into a flat ``float32`` tensor, slice
after slice, each helper here writing one slice at offset ``at`` and returning the offset
after it, so the kernel reads like the layout it fills (``SLICES``). Every slice is written
whole (zeros included): a tensor reused from decision to decision carries nothing over.

Seats in a tensor are **relative** to the seat observing: place 0 is the seat itself, place
1 the next in turn, and so on, so one policy serves every seat (as OpenSpiel's and RLCard's
card games do). Nothing here names a game.
"""

import numpy as np

from sim.core.bits import select
from sim.core.jit import njit

# the eight values of every byte: a bit plane is copied a byte at a time (a shift and a
# conversion per bit cost 10x as much: 269 against 25 ns for 640 bits, measured)
_BYTE_BITS = np.array([[(b >> j) & 1 for j in range(8)] for b in range(256)], np.float32)


@njit(cache=True, inline="always")
def put_bits(out, at, mask, n):
    """Bits 0..n-1 of ``mask`` (a hand, the cards played), one value each: 1.0 or 0.0."""
    for j in range(0, n, 8):
        byte = (mask >> j) & 255
        for t in range(min(8, n - j)):
            out[at + j + t] = _BYTE_BITS[byte, t]
    return at + n


@njit(cache=True, inline="always")
def put_one_hot(out, at, value, n):
    """``n`` values, 1.0 at ``value`` and 0.0 elsewhere; all 0.0 when ``value`` is outside
    0..n-1 (``-1``: nobody, no card, not yet). Without a branch: whether a slot is empty is
    data a CPU cannot predict (a mispredicted branch costs more than the slice's stores)."""
    for i in range(n):
        out[at + i] = 0.0
    inside = (value >= 0) & (value < n)
    out[at + select(inside, value, 0)] = np.float32(inside)  # outside: slot 0 stays 0.0
    return at + n


@njit(cache=True, inline="always")
def put_value(out, at, value, scale):
    """One number, ``value / scale`` (scores and counts brought near the unit range), as a
    product with the reciprocal, which the compiler folds: a division costs 13 cycles, and
    the float32 is the same for every integer the tensors hold (tests/test_observe.py)."""
    out[at] = value * (1.0 / scale)
    return at + 1


@njit(cache=True, inline="always")
def relative(seat, other, n_seats):
    """``other``'s place seen from ``seat`` (0 itself, 1 the next in turn); -1 stays -1."""
    return select(other < 0, -1, (other - seat + n_seats) % n_seats)


@njit(cache=True, inline="always")
def absolute(seat, place, n_seats):
    """The seat at ``place`` seen from ``seat`` (the inverse of :func:`relative`)."""
    return (seat + place) % n_seats


@njit(cache=True, inline="always")
def put_seat_bits(out, at, public, field, seat, n_seats, n):
    """:func:`put_bits` of the per-seat slot ``field`` of every seat, the observer's first."""
    for k in range(n_seats):
        at = put_bits(out, at, public[field + absolute(seat, k, n_seats)], n)
    return at


@njit(cache=True, inline="always")
def put_seat_one_hot(out, at, public, field, seat, n_seats, n):
    """:func:`put_one_hot` of the per-seat slot ``field`` of every seat, the observer's first."""
    for k in range(n_seats):
        at = put_one_hot(out, at, public[field + absolute(seat, k, n_seats)], n)
    return at


@njit(cache=True, inline="always")
def put_seat_values(out, at, public, field, seat, n_seats, scale):
    """:func:`put_value` of the per-seat slot ``field`` of every seat, the observer's first."""
    for k in range(n_seats):
        at = put_value(out, at, public[field + absolute(seat, k, n_seats)], scale)
    return at


def seat_slices(name: str, length: int, meaning: str, n_seats: int) -> list[tuple]:
    """The ``SLICES`` entries of a per-seat field, one slice per place (``name/0`` the seat
    itself, ``name/1`` the next in turn, ...)."""
    who = ["the seat itself", "the next seat in turn"] + [
        f"the seat {k} places on" for k in range(2, n_seats)
    ]
    return [(f"{name}/{k}", length, f"{meaning}: {who[k]}") for k in range(n_seats)]


def slice_starts(slices) -> dict[str, int]:
    """Where each slice of a ``SLICES`` list starts in the tensor, by name."""
    starts, at = {}, 0
    for name, length, _ in slices:
        starts[name] = at
        at += length
    return starts


def bounds(part) -> tuple[np.ndarray, np.ndarray]:
    """Every input's lowest and highest value, as a Box space states them: 0 and 1 (bits,
    one-hots, fractions) unless the part's ``RANGES`` gives a slice's (its name before any
    ``/k``: scores and counts that can leave the unit range, bounded by the rules)."""
    low, high = np.zeros(part.SIZE, np.float32), np.ones(part.SIZE, np.float32)
    ranges = getattr(part, "RANGES", {})
    at = 0
    for name, size, _ in part.SLICES:
        low[at : at + size], high[at : at + size] = ranges.get(name.split("/")[0], (0.0, 1.0))
        at += size
    return low, high
