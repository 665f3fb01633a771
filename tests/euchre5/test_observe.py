"""The observation tensor on a hand-built deal: a few slices hold what the seat must see."""

import numpy as np

from sim.core.registry import get
from sim.games.euchre5.cards import parse_card
from sim.games.euchre5.vocab import PLAY

SPEC = get("euchre5")
O, K = SPEC.part("observation"), SPEC.part("kernels")
# RECORD.md's example deal: dealer 1, up 9H; seat 2 orders, the dealer discards QC
EXAMPLE = (["JC QH 9D QD AH", "9S QC TH KC TD", "8S KD AC 8C AD", "TC 8D 9C TS KH",
            "AS JS JD JH KS"], "9H", "8H QS")  # fmt: skip


def at_example(events: str):
    hands, up, kitty = EXAMPLE
    game = SPEC.part("api").GAME.from_deals(1, lambda k: (hands, up, kitty))
    for event in events.split():
        seat, _, what = event.partition(":")
        assert game.to_act == int(seat)
        game.apply(game.parse_action(what))
    return game


def tensor(game, seat) -> dict[str, np.ndarray]:
    out = np.full(O.SIZE, np.nan, np.float32)
    O.encode(game.state[: K.PUB_SIZE], seat, game.private(seat), out)
    slices, at = {}, 0
    for name, length, _ in O.SLICES:
        slices[name] = out[at : at + length]
        at += length
    return slices


def plane(text: str) -> np.ndarray:
    bits = np.zeros(28, np.float32)
    for c in text.split():
        card = parse_card(c)
        bits[(card >> 3) * 7 + (card & 7)] = 1.0
    return bits


def test_the_seat_sees_its_hand_the_trick_by_place_and_the_phase():
    # R7.1: seat 2 (left of dealer 1) leads KD, seat 3 follows 8D (R7.2); seat 4 to act
    game = at_example("2:order 1:discard:QC 2:call:TS 2:KD 3:8D")
    t = tensor(game, 4)
    assert (t["hand"] == plane("AS JS JD JH KS")).all()
    assert (t["phase"] == np.eye(7)[PLAY]).all() and t["turn"][0] == 1.0
    assert (t["trick/3"] == plane("KD")).all()  # seat 2 is 3 places on from seat 4
    assert (t["trick/4"] == plane("8D")).all() and not t["trick/0"].any()
    assert (t["leader"] == np.eye(5)[3]).all() and (t["winning"] == np.eye(5)[3]).all()
    assert (t["dealer"] == np.eye(5)[2]).all() and (t["maker"] == np.eye(5)[3]).all()
    assert (t["trump"] == np.eye(4)[0]).all() and (t["called"] == plane("TS")).all()
    assert not t["discard"].any() and t["holds_called"][0] == 0.0


def test_only_the_dealer_sees_his_discard_and_only_the_holder_the_partnership():
    # R10.1: the dealer knows his discard, the holder of the called card that he is partner
    game = at_example("2:order 1:discard:QC 2:call:TS")
    assert (tensor(game, 1)["discard"] == plane("QC")).all()
    assert tensor(game, 3)["holds_called"][0] == 1.0
    for seat in (0, 2, 3, 4):
        assert not tensor(game, seat)["discard"].any()
    assert not tensor(game, 3)["partner"].any()  # R6.3: public only once TS is played
