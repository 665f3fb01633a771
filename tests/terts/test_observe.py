"""Terts's observation on a hand-built deal: the slices hold what the position says, seen
from either seat, and a sequence's global id carries its length (tests/test_observe.py checks
the contract on random games)."""

import numpy as np

from sim.games.terts import observe as O
from sim.games.terts import state as S
from sim.games.terts import vocab as V
from tests.terts.rules_deals import deal_of, game_on, mask, play, seq

AT = {}
_at = 0
for _name, _length, _ in O.SLICES:
    AT[_name] = (_at, _at + _length)
    _at += _length


def view(game, seat):
    out = np.full(O.SIZE, np.nan, np.float32)
    O.encode(game.state[: S.PUB_SIZE], seat, game.private(seat), out)
    return {name: out[a:b] for name, (a, b) in AT.items()}


def bits(cards: str) -> np.ndarray:
    m = mask(cards)
    return np.array([m >> i & 1 for i in range(32)], np.float32)


def test_a_declared_sequence_and_the_card_led_seen_from_both_seats():
    game = game_on(deal_of("8H 9H TH JH 7C 9C JC 7D 9D", "8S"))  # trumps spades; seat 1 leads
    public, hand = game.state[: S.PUB_SIZE], game.private(1)
    g = int(O.to_global(public, hand, seq("JH")))  # R7.3a the whole run 8-J: seq4, not seq3
    assert O.global_names()[g] == game.event_name(seq("JH")) == "seq4-JH"
    assert int(O.to_local(public, hand, g)) == seq("JH")
    assert int(O.to_local(public, hand, O.global_names().index("seq3-JH"))) == -1
    assert (view(game, 1)["hand"] == bits("8H 9H TH JH 7C 9C JC 7D 9D")).all()

    play(game, "1:seq4-JH")  # R7.4c seat 0 answers
    v = view(game, 0)
    assert v["phase"].tolist() == [0, 1, 0, 0, 0, 0]  # ANSWER
    assert v["to_act"].tolist() == [1, 0] and v["leader"].tolist() == [0, 1]
    assert v["meld"].argmax() + V.FOUR_Q == g and v["meld"].sum() == 1
    assert (v["known/1"] == bits("8H 9H TH JH")).all()  # R10.2 a meld's cards are public
    assert not v["known/0"].any()

    play(game, "0:pass 1:JH")  # R7.7 seat 1 scores 50, then leads JH
    v, w = view(game, 0), view(game, 1)
    assert (v["on_trick/1"] == bits("JH")).all() and not v["on_trick/0"].any()
    assert (w["on_trick/0"] == bits("JH")).all() and not w["on_trick/1"].any()
    assert (v["known/1"] == bits("8H 9H TH")).all()  # JH left the hand
    assert (v["melded/1"] == bits("8H 9H TH JH")).all()
    assert v["meld_points/1"][0] == np.float32(50 / V.TARGET) and v["meld_points/0"][0] == 0
    assert w["meld_points/0"][0] == v["meld_points/1"][0]  # the same fact, rotated
    assert v["trump"].tolist() == [0, 0, 0, 1] and v["turned"].argmax() == 3 * 8 + 1  # R3.4 8S
