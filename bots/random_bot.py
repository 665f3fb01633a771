"""``random``: a uniformly random legal action, in every game.

The baseline every other bot must beat, and the fastest possible player: the
game loop has the same policy built in (:func:`sim.core.policies.uniform_action`)
and plays it without calling the bot.
"""

from sim.core.bots import numba_bot
from sim.core.policies import NATIVE_UNIFORM, uniform_action


@numba_bot("random", native=NATIVE_UNIFORM)
def random_bot(public, seat, hand, legal, rng, params):
    """Uniform over the legal actions."""
    return uniform_action(legal, rng, 0)
