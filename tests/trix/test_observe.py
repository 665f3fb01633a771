"""Trix's observation tensor (sim/games/trix/observe.py) on hand-built positions: a few slices
hold the values worked out by hand from the deal."""

import numpy as np

from sim.core.registry import get
from sim.games.trix import vocab as V
from sim.games.trix.cards import parse_card, parse_hand

SPEC = get("trix")
O, K = SPEC.part("observation"), SPEC.part("kernels")
DEAL = [
    "KS 8S 9S 7H 8H 9H 7C 8C",
    "TS JS QS AS 7D 8D 9D JD",
    "AH JH QH KH TH 9C JC QC",
    "7S KC TC AC QD KD TD AD",
]


def game_on(first_chooser):
    return SPEC.part("api").GAME.from_deals(first_chooser, lambda k: DEAL)


def tensor(game, seat):
    out = np.full(O.SIZE, np.nan, np.float32)
    O.encode(game.state[: K.PUB_SIZE], seat, game.private(seat), out)
    return out


def part(out, name):
    at = 0
    for n, length, _ in O.SLICES:
        if n == name:
            return out[at : at + length]
        at += length
    raise KeyError(name)


def bits(text):
    m = parse_hand(text)
    return np.array([(m >> i) & 1 for i in range(V.N_CARDS)], np.float32)


def one_hot(i, n):
    v = np.zeros(n, np.float32)
    v[i] = 1
    return v


def test_a_trick_seen_from_the_seat_after_the_leader():
    game = game_on(0)
    game.apply("tricks")
    game.apply("KS")  # R4.1 the chooser (seat 0) leads
    out = tensor(game, 1)  # seen by seat 1: seat 0 is 3 places on (R2.2, next = seat + 1)
    assert np.isfinite(out).all()
    assert (part(out, "phase") == one_hot(V.TRICKS, 5)).all()
    assert (part(out, "turn") == one_hot(0, 4)).all()  # seat 1 is to act: itself
    assert (part(out, "chooser") == one_hot(3, 4)).all()
    assert (part(out, "leader") == one_hot(3, 4)).all()
    assert (part(out, "contract") == one_hot(V.TRICKS_C, 7)).all()
    assert (part(out, "led_suit") == one_hot(V.SPADES, 4)).all()
    assert (part(out, "hand") == bits(DEAL[1])).all()
    assert (part(out, "trick/3") == one_hot(parse_card("KS"), 32)).all()
    assert not part(out, "trick/0").any() and not part(out, "trick/1").any()
    assert (part(out, "played_by/3") == bits("KS")).all()
    assert (part(out, "contracts_left/3") == 1 - one_hot(V.TRICKS_C, 7)).all()
    assert (part(out, "contracts_left/0") == 1).all()


def test_trix_shows_the_layout_who_passed_and_what_he_lacks():
    game = game_on(2)
    game.apply("trix")  # R3.4 seat 2 holds jacks
    game.apply("JH")  # R9.2 the chooser starts with a jack
    # seat 3 holds no jack and neither 9H nor QH (R9.3): it must pass (R9.4)
    game.apply("pass")
    game.apply("9H")  # seat 0
    out = tensor(game, 0)  # seat 1 to act; seat 2 is 2 places on, seat 3 is 3
    assert (part(out, "phase") == one_hot(V.TRIX, 5)).all()
    assert (part(out, "turn") == one_hot(1, 4)).all()
    assert (part(out, "contract") == one_hot(V.TRIX_C, 7)).all()
    assert (part(out, "played") == bits("JH 9H")).all()  # the layout (R9.1)
    assert (part(out, "played_by/2") == bits("JH")).all()
    assert (part(out, "played_by/0") == bits("9H")).all()
    assert (part(out, "hand") == bits(DEAL[0]) - bits("9H")).all()
    assert part(out, "passes/3")[0] == np.float32(1 / O.PASS_SCALE)
    assert (part(out, "shown_out/3") == bits("JC JD JS 9H QH")).all()  # R9.4 lacks them all
    assert not part(out, "trick/0").any() and not part(out, "led_suit").any()
