"""The observation part every game provides (docs/research.md): a seat's information set as a
fixed-size tensor, and one global id per distinct action of the game.

Shown on a few random games per game: the layout adds up, the tensor is fully written and
depends on nothing but what the seat may know, and the global ids map one to one onto the
phase-relative ids of the loop and onto the record's notation.
"""

import numpy as np
import pytest

from sim.core.registry import games
from tests.test_every_game import positions, random_games

BUILT_IN = ("trix", "euchre5", "five-hundred", "terts")
OBSERVED = [g for g in games().values() if g.has("observation")]


@pytest.fixture(params=OBSERVED, ids=lambda g: g.name)
def ospec(request):
    return request.param


def encode(spec, game, seat, fill=0.0):
    o, k = spec.part("observation"), spec.part("kernels")
    out = np.full(o.SIZE, fill, np.float32)
    o.encode(game.state[: k.PUB_SIZE], seat, game.private(seat), out)
    return out


def test_every_built_in_game_has_an_observation():
    assert {g.name for g in OBSERVED} >= set(BUILT_IN)


def test_the_layout_adds_up_and_every_global_action_has_one_name(ospec):
    o = ospec.part("observation")
    names = [s[0] for s in o.SLICES]
    assert len(set(names)) == len(names)
    assert all(len(s) == 3 and s[1] > 0 and s[2] for s in o.SLICES)  # (name, length, meaning)
    assert sum(s[1] for s in o.SLICES) == o.SIZE
    g_names = o.global_names()
    assert len(g_names) == o.N_GLOBAL and len(set(g_names)) == o.N_GLOBAL


def test_the_tensor_is_written_whole_and_global_ids_map_both_ways(ospec):
    o, k = ospec.part("observation"), ospec.part("kernels")
    g_names = o.global_names()
    decisions = 0
    for game, _ in random_games(ospec, 6, seed=11):
        if game.over:
            continue
        seat, public = game.to_act, game.state[: k.PUB_SIZE]
        hand = game.private(seat)
        a, b = encode(ospec, game, seat, 0.0), encode(ospec, game, seat, np.nan)
        assert np.isfinite(b).all() and (a == b).all()  # every element written, the same
        ids = set()
        for action in game.legal_actions():
            g = int(o.to_global(public, hand, action))
            assert 0 <= g < o.N_GLOBAL and g not in ids
            ids.add(g)
            assert int(o.to_local(public, hand, g)) == action
            assert g_names[g] == game.event_name(action)  # the record's notation
        for g in range(o.N_GLOBAL):  # every other global id is no action of this decision
            local = int(o.to_local(public, hand, g))
            assert g in ids or local < 0 or not game.legal_mask() >> local & 1
        decisions += 1
    assert decisions > 50


def test_the_tensor_does_not_see_what_another_seat_may_hold(ospec):
    # two positions that differ only in cards the seat cannot see encode identically; the
    # seat's own cards do change it
    api = ospec.part("api").GAME
    swapped = 0
    for game, seat in positions(ospec, 30, seed=5):
        mine = encode(ospec, game, seat)
        others = [q for q in range(ospec.seats) if q != seat]
        hands = game.hands()
        for a in others:
            for b in others:
                give = hands[a] & game.could_hold(b, seat)
                take = hands[b] & game.could_hold(a, seat)
                if a < b and give and take:
                    g, t = give & -give, take & -take
                    moved = list(hands)
                    moved[a], moved[b] = hands[a] ^ g ^ t, hands[b] ^ t ^ g
                    other = api(game.with_hands(moved))
                    assert (encode(ospec, other, seat) == mine).all()
                    assert not (encode(ospec, other, a) == encode(ospec, game, a)).all()
                    swapped += 1
        apart, in_hands = game.could_lie_apart(seat), 0
        for h in hands:
            in_hands |= h
        for a in others:
            give, take = hands[a] & apart, apart & ~in_hands
            if give and take:
                moved = list(hands)
                moved[a] ^= (give & -give) ^ (take & -take)
                other = api(game.with_hands(moved))
                assert (encode(ospec, other, seat) == mine).all()
                swapped += 1
    assert swapped > 10


def test_a_scaled_value_is_the_quotient_rounded_to_float32():
    # put_value multiplies by the reciprocal instead of dividing (13 cycles a division):
    # the float32 is still value / scale's, for every count and score a tensor holds
    from sim.core.jit import njit
    from sim.core.observe import put_value

    @njit
    def scaled(values, scale, out):
        for i in range(values.shape[0]):
            put_value(out, i, values[i], scale)

    values = np.arange(-5000, 5001, dtype=np.int64)
    out = np.zeros(len(values), np.float32)
    for scale in [*range(1, 1101), 4.5, 162.0, 501.0]:
        scaled(values, scale, out)
        assert (out == (values / scale).astype(np.float32)).all(), scale
