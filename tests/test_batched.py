"""Batched bots (issue #28): a policy called once for many games in lockstep plays exactly as
the same policy asked one decision at a time through the checked game, and plugs into the
machinery (specs ``module:Class``, the check of every action) like any other bot."""

import numpy as np
import pytest

from sim.core.bots import BotSpecError, parse_spec
from sim.core.loop_batch import play_batch
from sim.core.play import BotError
from sim.core.registry import games

OBSERVED = [g for g in games().values() if g.has("observation")]
# the game of fewest seats is the quickest to play both ways
QUICK = min(OBSERVED, key=lambda g: (g.seats, g.name)) if OBSERVED else None


@pytest.fixture(params=OBSERVED, ids=lambda g: g.name)
def ospec(request):
    return request.param


def lineup(spec, *texts):
    return [parse_spec(t, spec.name) for t in texts]


def same(a, b):
    assert a.actions == b.actions
    assert (a.deal_counts == b.deal_counts).all()
    assert (a.deals == b.deals).all() and (a.games == b.games).all()
    assert np.allclose(a.shares, b.shares)


def test_lockstep_plays_as_the_checked_game_asks_one_decision_at_a_time(ospec):
    # a deterministic policy against greedy, both seatings: every number equal
    bots = lineup(ospec, "tests.policies:Linear,weights=3", "greedy")
    seating = np.array([[i % 2 for i in range(ospec.seats)],
                        [(i + 1) % 2 for i in range(ospec.seats)]], np.int8)  # fmt: skip
    ids = np.arange(2)
    fast = play_batch(ospec, bots, seating, 7, ids)
    slow = play_batch(ospec, bots, seating, 7, ids, slow=True)
    same(fast, slow)
    assert fast.timing[0, 0] > 0  # the policy's decisions are timed


def test_games_that_end_hand_their_slot_to_the_next_and_play_as_before(ospec):
    # fewer slots than games: a game that ends starts the chunk's next in its slot; every
    # game plays as the checked path plays it, a numba bot beside the policy included
    from sim.core.batched_play import play_lockstep

    bots = lineup(ospec, "tests.policies:Linear,weights=3", "greedy")
    seating = np.array([[(i + g) % 2 for i in range(ospec.seats)] for g in range(5)], np.int8)
    ids = np.arange(5)
    slow = play_batch(ospec, bots, seating, 9, ids, slow=True)
    same(play_lockstep(ospec, bots, seating, 9, ids, ids, slots=2), slow)


def test_a_seeded_policy_repeats_itself_and_random_seats_play_inline():
    spec = QUICK
    bots = lineup(spec, "tests.policies:Uniform", "random")
    seating = np.array([i % 2 for i in range(spec.seats)], np.int8)
    a = play_batch(spec, bots, seating, 5, np.arange(6))
    b = play_batch(spec, bots, seating, 5, np.arange(6))
    same(a, b)
    c = play_batch(spec, bots, seating, 6, np.arange(6))
    assert not (a.games == c.games).all()


def test_an_illegal_or_malformed_answer_is_refused_in_one_line():
    spec = QUICK
    seating = np.zeros(spec.seats, np.int8)
    with pytest.raises(BotError, match=r"chose global action 0 .* not legal .*legal: "):
        # some decision has action 0 illegal: Wrong picks it every time
        play_batch(spec, lineup(spec, "tests.policies:Wrong"), seating, 1, np.arange(4))


def test_module_class_specs():
    spec = QUICK
    bot = parse_spec("tests.policies:Linear,weights=5", spec.name)
    assert bot.text == "tests.policies:Linear,weights=5" and bot.info.kind == "batched"
    assert parse_spec("tests.policies:Linear", spec.name).values == {"weights": 1}
    for text, said in [
        ("tests.nowhere:Linear", "no module 'tests.nowhere'"),
        ("tests.policies:NotABot", "not a subclass"),
        ("tests.policies:Linear,depth=2", "no parameter 'depth'"),
    ]:
        with pytest.raises(BotSpecError, match=said):
            parse_spec(text, spec.name)


def test_a_numba_bot_called_by_its_addresses_answers_and_raises_as_itself():
    # batched play hands its compiled half each numba bot as addresses (looked up once, not
    # on every round): the bot answers as itself, and an error in it still stops the run
    from numba import njit, types

    from sim.core.protocol import BOT_SIGNATURE, as_bot, bot_addresses

    @njit(BOT_SIGNATURE)
    def fussy(public, seat, hand, legal, rng, params):
        if seat == 1:
            raise ValueError("seat 1 is not mine")
        return legal & -legal

    @njit(types.int64(types.int64[:, ::1], types.int64))
    def ask(bots, seat):
        bot = as_bot(bots[0, 0], bots[0, 1])
        return bot(np.zeros(1, np.int64), seat, 0, 12, np.zeros(1, np.uint64), np.zeros(1))

    bots = bot_addresses([fussy])
    assert (bots == bot_addresses([fussy])).all() and ask(bots, 0) == 4
    with pytest.raises(ValueError, match="seat 1 is not mine"):
        ask(bots, 1)
