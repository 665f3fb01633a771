"""``random``: a uniformly random legal action, for contract choice, announcement and cards.

The baseline every other bot must beat, and the fastest possible player.
"""

from bots.registry import numba_bot
from sim.bits import nth_bit, popcount
from sim.rng import below


@numba_bot("random")
def random_bot(public, seat, hand, legal, rng, params):
    """Uniform over the legal actions."""
    return nth_bit(legal, below(rng, popcount(legal)))
