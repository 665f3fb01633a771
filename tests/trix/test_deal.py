"""R1.3 a fresh shuffle for every contract: the deal kernel gives every deal the same chance.

The counts below come from fixed seeds, so the tests are deterministic; the bounds are
the 99.99% points of the chi-square laws, so a fair deal passes and a biased one (a card
drawn by the wrong rank, a seat short of a card, hands that share cards) fails.
"""

import math

import numpy as np
from numba import njit

from sim.core.bits import _nth_set_loop, nth_set
from sim.core.rng import mix
from sim.games.trix import state as S
from sim.games.trix.rules import deal

N_DEALS = 60_000


@njit(cache=True)
def _hands(n, seed):
    state = np.zeros(S.STATE_SIZE, np.int64)
    out = np.empty((n, 4), np.int64)
    for i in range(n):
        deal(state, mix(np.uint64(seed), i))
        for p in range(4):
            out[i, p] = state[S.HANDS + p]
    return out


def chi2_bound(df: int, z: float = 3.72) -> float:
    """Wilson–Hilferty upper point of chi-square(df); z = 3.72 is the 99.99% normal point."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_R1_3_each_seat_gets_8_of_the_32_cards():
    hands = _hands(2_000, 1)
    for row in hands:
        assert [bin(int(h)).count("1") for h in row] == [8, 8, 8, 8]
        assert int(row[0] | row[1] | row[2] | row[3]) == (1 << 32) - 1


def test_R1_3_every_card_goes_to_every_seat_equally_often():
    hands = _hands(N_DEALS, 2)
    counts = np.array([[((hands[:, p] >> c) & 1).sum() for p in range(4)] for c in range(32)])
    expected = N_DEALS / 4
    chi2 = ((counts - expected) ** 2 / expected).sum()
    assert chi2 < chi2_bound(32 * 3), chi2


def test_R1_3_two_cards_share_a_hand_with_chance_7_in_31():
    hands = _hands(N_DEALS, 3)
    together = np.zeros((32, 32))
    for p in range(4):
        bits = (hands[:, p : p + 1] >> np.arange(32)) & 1  # deals × cards
        together += bits.T @ bits
    i, j = np.triu_indices(32, 1)
    observed = together[i, j]
    expected = N_DEALS * 7 / 31
    chi2 = ((observed - expected) ** 2 / (expected * (1 - 7 / 31))).sum()
    assert chi2 < chi2_bound(len(observed)), chi2


@njit(cache=True)
def _nth_sets(xs, ns):
    return np.array([nth_set(xs[i], ns[i]) for i in range(len(xs))])


def test_nth_set_and_its_fallback_for_cpus_without_bmi2_agree():
    rng = np.random.default_rng(4)
    xs = rng.integers(1, 2**62, 5_000)
    ns = np.array([rng.integers(0, bin(int(x)).count("1")) for x in xs])
    compiled = _nth_sets(xs, ns)
    for x, n, got in zip(xs, ns, compiled, strict=True):
        want = _nth_set_loop(int(x), int(n))
        assert got == want and bin(want).count("1") == 1
