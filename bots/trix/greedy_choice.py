"""How ``greedy`` chooses its contract (R3.2): a fitted model of the chooser's points.

See :mod:`bots.trix.greedy` for the idea; the model and its tables are here.
"""

import numpy as np

from sim.core.bits import lowest_bit, popcount
from sim.core.jit import njit
from sim.games.trix.state import CONTRACT_NO, REMAINING, TOTALS
from sim.games.trix.vocab import CHOOSE_BASE, N_SEATS

# The chooser's points in each contract, relative to the mean of the other three (trix
# included, multipliers applied at a first choice), as a linear function of the hand:
# per suit, with weights shared by the suits of one class (the row of CLASS), the 8 cards
# (7 8 9 J Q K T A), each card times our lower cards of its suit, each card times our
# higher cards of its suit, the suit length and its square; plus a bias per contract.
# Least squares on 2.8M contracts played by this bot against one greedy and two random
# seats (greedy chooser forced into a random contract). MEAN is the average outcome and
# SD the spread the model does not explain.
RISK = 1.0  # weight of the model's spread SD against a contract
RATE_PRIOR = 200.0  # guessed growth of the highest total per contract (tuned against random)
RATE_WEIGHT = 6.0  # ... worth that many contracts of evidence
CLASS = np.array(
    [[1, 1, 0, 1], [2, 2, 2, 2], [3, 3, 3, 3], [4, 4, 4, 4], [5, 6, 6, 6], [7, 9, 8, 9], [10] * 4]
)
SUIT_WEIGHTS = np.array(
    [
        # diamonds: ♦
        [-25.1, -24.2, -25.0, -20.6, -5.8, 14.0, 32.9, 53.7,
         0.0, 13.5, 16.2, 13.5, 4.5, -6.6, -15.9, -24.0,
         -7.2, -8.2, -6.1, -1.9, 2.2, 7.8, 14.6, 0.0,
         0.0, 2.2],
        # diamonds: other suits
        [-2.4, -2.4, -2.6, -2.2, -1.6, 0.5, 3.2, 7.4,
         0.0, 1.2, 1.0, 0.8, 0.4, -0.6, -1.2, -2.1,
         -3.8, -3.2, -1.9, -0.7, 0.7, 3.0, 5.6, 0.0,
         -0.0, -0.7],
        # queens
        [-9.0, -9.2, -9.3, -8.9, -3.5, 6.5, 13.4, 20.0,
         0.0, 4.7, 4.8, 4.6, 2.6, -2.8, -5.8, -8.0,
         -2.9, -2.5, -1.6, -0.8, 0.6, 2.2, 5.1, 0.0,
         -0.0, 0.3],
        # tricks
        [-9.7, -10.2, -9.8, -7.5, -1.8, 5.5, 13.0, 20.7,
         0.0, 6.3, 5.9, 4.1, 0.8, -2.8, -5.8, -8.3,
         -4.1, -3.3, -2.1, -0.3, 1.1, 2.8, 5.9, 0.0,
         -0.0, 0.3],
        # last-trick
        [-9.4, -7.2, -3.4, 1.1, 4.7, 6.8, 5.3, 2.2,
         0.0, 3.1, 0.3, -1.5, -2.2, -1.8, 0.4, 2.8,
         -0.6, 0.6, 1.3, 0.7, 0.5, -1.0, -0.4, 0.0,
         0.0, 2.1],
        # king: ♥
        [-33.2, -34.7, -34.7, -34.7, -33.6, 0.4, 68.6, 95.7,
         0.0, 22.9, 20.9, 20.4, 21.2, -30.6, -19.9, -32.3,
         0.5, 1.7, 2.5, 4.2, 2.7, -31.1, 22.2, 0.0,
         -6.2, -0.8],
        # king: other suits
        [-4.1, -4.8, -3.7, -3.0, -0.7, 1.9, 6.2, 14.2,
         0.0, 3.3, 1.5, 0.9, -0.6, -1.3, -2.4, -4.9,
         -6.4, -5.0, -3.4, -1.8, 0.6, 3.8, 8.7, 0.0,
         6.2, -0.9],
        # general: ♥
        [-66.6, -68.1, -69.1, -70.9, -50.2, 6.0, 127.1, 188.9,
         0.0, 26.3, 31.5, 37.9, 36.8, -31.7, -39.9, -59.6,
         -21.8, -17.5, -12.2, -3.7, 24.8, -6.5, 38.1, 0.0,
         -2.9, -0.5],
        # general: ♦
        [-71.1, -72.6, -73.5, -60.4, -29.0, 35.0, 99.0, 175.0,
         0.0, 41.5, 40.4, 32.7, 19.8, -19.7, -45.5, -68.5,
         -34.9, -29.9, -20.3, -10.7, 19.8, 21.4, 55.1, 0.0,
         2.5, 3.6],
        # general: other suits
        [-40.5, -42.6, -40.2, -32.1, -23.5, 17.6, 57.5, 104.2,
         0.0, 18.7, 16.5, 12.0, 16.6, -8.6, -22.4, -32.9,
         -27.3, -22.0, -14.3, -5.5, 18.7, 14.7, 35.3, 0.0,
         0.4, -0.2],
        # trix
        [6.5, -1.4, -8.9, -14.8, -11.8, -2.6, 12.1, 20.9,
         0.0, -1.3, -2.6, 0.2, 1.3, 1.9, 0.9, -1.6,
         1.5, 2.5, 2.7, 2.0, 0.2, -2.0, -7.9, 0.0,
         0.0, -1.9],
    ]
)  # fmt: skip
BIAS = np.array([29.0, 20.0, 25.8, -58.1, 18.6, 186.9, 19.5])
MEAN = np.array([3.3, 3.0, 5.6, -11.8, -9.3, 46.3, -11.2])
SD = np.array([44.2, 35.8, 28.7, 65.2, 123.3, 241.7, 51.9])


def _suit_values() -> np.ndarray:
    """SUIT_VALUE[row, pattern]: a suit's share of the model for each of its 256 holdings."""
    table = np.zeros((len(SUIT_WEIGHTS), 256))
    for row, w in enumerate(SUIT_WEIGHTS):
        for pattern in range(256):
            ranks = [r for r in range(8) if pattern >> r & 1]
            n = len(ranks)
            v = w[24] * n + w[25] * n * n
            for lower, r in enumerate(ranks):
                v += w[r] + w[8 + r] * lower + w[16 + r] * (n - lower - 1)
            table[row, pattern] = v
    return table


SUIT_VALUE = _suit_values()


@njit(cache=True)
def hand_value(contract, hand):
    """The model's expected relative points of the chooser with ``hand`` in ``contract``:
    per suit, a lookup of the suit's holding (SUIT_VALUE), plus the contract's bias."""
    v = BIAS[contract]
    for s in range(4):
        v += SUIT_VALUE[CLASS[contract, s], (hand >> (8 * s)) & 0xFF]
    return v


@njit(cache=True)
def later_share(public, seat, rate0, n0):
    """The chance that a contract put off now is ever played: the game ends as soon as
    a total passes 1000 (R3.7), so we guess how many contracts are left."""
    n_rem = popcount(public[REMAINING + seat])
    if n_rem <= 1:
        return 1.0
    t_max = public[TOTALS]
    for p in range(1, N_SEATS):
        t_max = max(t_max, public[TOTALS + p])
    rate = (max(t_max, 0) + rate0 * n0) / (public[CONTRACT_NO] + n0)
    left = max(1000 - t_max, 0) / max(rate, 1.0)
    return min(1.0, left / N_SEATS / (n_rem - 1))


@njit(cache=True)
def choose_with(public, seat, hand, legal, lam, rate0, n0):
    """The allowed contract with the least ``value + risk - later * (MEAN + risk)``."""
    share = later_share(public, seat, rate0, n0)
    best = lowest_bit(legal)
    best_v = 1e18
    m = legal
    while m:
        a = lowest_bit(m)
        m &= m - 1
        c = a - CHOOSE_BASE
        risk = lam * SD[c]
        v = hand_value(c, hand) + risk - share * (MEAN[c] + risk)
        if v < best_v:
            best_v = v
            best = a
    return best


@njit(cache=True)
def choose_contract(public, seat, hand, legal):
    return choose_with(public, seat, hand, legal, RISK, RATE_PRIOR, RATE_WEIGHT)
