"""Seatings for any number of seats and bots: every distinct seating once, each seat fair."""

from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.run.plan import PlanError, seatings_for


def holdings(seatings, lineup):
    """How often each bot (by name) holds each seat, over the seatings."""
    return Counter((lineup[i], seat) for s in seatings for seat, i in enumerate(s))


@pytest.mark.parametrize(
    "lineup, seats, teams, count",
    [
        (["random"], 4, (), 1),
        (["a", "b"], 4, (), 6),  # each holds two seats
        (["a", "b", "c", "d"], 4, (), 24),
        (["greedy", "mcts", "greedy", "random"], 4, (), 12),  # greedy twice: 4!/2! once each
        (["a", "a"], 4, (), 1),  # the same bot twice is one bot
        (["a", "b", "c"], 4, (), 36),  # 2+1+1 seats in each of 3 ways, 12 arrangements each
        (["a", "b"], 5, (), 20),  # 2 or 3 seats each: C(5,2) + C(5,3)
        (["a", "b"], 4, ((0, 2), (1, 3)), 2),  # partners: each bot one team, both ways
        (["a", "b", "c", "d"], 4, ((0, 2), (1, 3)), 24),  # one seat each: every arrangement
    ],
)
def test_seatings_are_every_distinct_seating_once(lineup, seats, teams, count):
    found = seatings_for(lineup, seats, teams)
    assert len(found) == count == len(set(map(tuple, found)))
    assert all(len(s) == seats for s in found)


def test_the_seatings_of_0_2_0_are_kept_where_they_were_distinct():
    # one, two or four distinct bots at four seats: the same list in the same order (same games)
    assert seatings_for(["x"], 4) == [(0, 0, 0, 0)]
    assert seatings_for(["x", "y"], 4) == sorted(set(permutations((0, 0, 1, 1))))
    assert seatings_for(list("wxyz"), 4) == list(permutations(range(4)))


def test_partners_are_the_same_bot():
    for s in seatings_for(["a", "b"], 4, ((0, 2), (1, 3))):
        assert s[0] == s[2] and s[1] == s[3] and s[0] != s[1]


@settings(max_examples=60, deadline=None)
@given(seats=st.integers(2, 6), data=st.data())
def test_every_bot_holds_every_seat_equally_often(seats, data):
    k = data.draw(st.integers(1, seats))
    names = data.draw(st.lists(st.sampled_from("abcdef"), min_size=k, max_size=k))
    found = seatings_for(names, seats)
    held = holdings(found, names)
    for bot in set(names):
        per_seat = {held[bot, seat] for seat in range(seats)}
        assert len(per_seat) == 1, (names, seats, bot, per_seat)
    # and a bot given more often holds more seats, never fewer
    given_ = Counter(names)
    for a in given_:
        for b in given_:
            if given_[a] > given_[b]:
                assert held[a, 0] >= held[b, 0]


def test_more_bots_than_seats_is_refused():
    with pytest.raises(PlanError, match="5 bot specs for 4 seats"):
        seatings_for(list("abcde"), 4)


# -- the default chunk: a fraction of a second of play, from the command alone ------------------
def make(game, bots, games, chunk=None):
    from sim.core.registry import get
    from sim.run.plan import Plan

    return Plan.make(get(game), bots, 1, games, chunk, True)


def test_slow_bots_get_small_chunks_sized_by_the_cost_of_a_game():
    # Five Hundred greedy,mcts: about a quarter of a second a game; 100 games were one chunk
    slow = make("five-hundred", ["greedy", "mcts"], 100)
    assert slow.chunk <= 4 and slow.n_chunks >= 25
    # a tenth of the search: bigger chunks
    assert (
        make("five-hundred", ["greedy", "mcts"], 1000).chunk
        < make("five-hundred", ["greedy", "mcts:iters=60"], 1000).chunk
    )
    for game in ("trix", "euchre5", "terts"):
        assert make(game, ["greedy", "mcts"], 1000).n_chunks >= 50, game


def test_cheap_bots_keep_big_chunks():
    # a million random games of Trix: 64 chunks of 15,625, as docs/dask.md's speed table says
    plan = make("trix", ["random"], 1_000_000)
    assert plan.chunk == 15_625 and plan.n_chunks == 64
    assert make("trix", ["random"], 24).n_chunks == 1  # a few milliseconds of play: one chunk
    assert make("trix", ["random"], 100_000_000).chunk == 20_000  # a chunk's memory is bounded


def test_small_runs_of_slow_bots_are_split():
    assert make("trix", ["greedy", "mcts:iters=10"], 48).n_chunks >= 2  # was one chunk of 240
    assert make("five-hundred", ["greedy", "mcts"], 2).n_chunks == 1  # one deal set: one chunk


def test_a_long_run_has_at_most_4096_chunks():
    plan = make("trix", ["greedy", "mcts"], 10_000_000)
    assert plan.n_chunks <= 4096 and plan.chunk % len(plan.seatings) == 0


def test_the_default_chunk_is_the_same_on_every_machine(monkeypatch):
    # a function of the command only: no clock, no core count is read
    import os
    import time

    expected = make("euchre5", ["greedy", "mcts:iters=300"], 4000).chunk

    def forbidden(*args):
        raise AssertionError("the default chunk may not depend on this machine")

    for name in ("time", "perf_counter", "monotonic", "process_time"):
        monkeypatch.setattr(time, name, forbidden)
    monkeypatch.setattr(os, "cpu_count", forbidden)
    assert make("euchre5", ["greedy", "mcts:iters=300"], 4000).chunk == expected
    assert make("euchre5", ["greedy", "mcts:iters=300"], 4000, chunk=7).chunk == 20  # as asked
