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
