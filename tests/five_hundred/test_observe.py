"""Five Hundred's observation (sim/games/five_hundred/observe.py) on a hand-built deal: the
slices hold what the position says, seen from the right seat, and the no-trump joker leads
have their own global ids."""

import numpy as np

from sim.core.registry import get
from sim.games.five_hundred import observe as O
from sim.games.five_hundred import state as S
from sim.games.five_hundred.cards import parse_card
from sim.games.five_hundred.vocab import JOKER_LEAD, PLAY
from tests.five_hundred.rules_deals import SPREAD, play

SPEC = get("five-hundred")
AT = {}
_at = 0
for _name, _length, _ in O.SLICES:
    AT[_name] = slice(_at, _at + _length)
    _at += _length


def seen(game, seat):
    out = np.full(O.SIZE, np.nan, np.float32)
    O.encode(game.state[: S.PUB_SIZE], seat, game.private(seat), out)
    return out


def planes(text):
    v = np.zeros(len(O.CARDS), np.float32)
    for c in text.split():
        v[O.CARDS.index(parse_card(c))] = 1
    return v


def spread_9nt():
    """SPREAD (each seat one suit), dealer 3: seat 1 bids 9NT, takes 4H 4D JK, discards
    5C 6C 7C."""
    hands, kitty = SPREAD
    game = SPEC.part("api").GAME.from_deals(3, lambda k: (hands, kitty))
    play(game, "0:pass 1:bid:9NT 2:pass 3:pass 1:discard:5C 1:discard:6C 1:discard:7C")
    return game


def test_a_trick_in_progress_seen_from_the_seat_to_act():
    game = spread_9nt()
    play(game, "1:4H 2:5D")  # R7.1 the contractor leads
    out = seen(game, 3)
    assert out[AT["phase"]].tolist() == [0, 0, 1, 0, 0]  # play
    assert out[AT["turn"]].tolist() == [1, 0, 0, 0]  # seat 3 itself
    assert (out[AT["hand"]] == planes("5S 6S 7S 8S 9S TS JS QS KS AS")).all()
    assert not out[AT["my_discards"]].any()  # R11.1 only the contractor knows them
    assert (out[AT["trick/2"]] == planes("4H")).all()  # seat 1, two places on from 3
    assert (out[AT["trick/3"]] == planes("5D")).all()  # seat 2
    assert not out[AT["trick/0"]].any() and not out[AT["trick/1"]].any()
    assert out[AT["leader"]].tolist() == [0, 0, 1, 0]
    assert out[AT["to_follow"]].tolist() == [1, 0, 0, 0]  # hearts
    assert out[AT["voids/3"]].tolist() == [1, 0, 0, 0]  # R7.2 seat 2 showed void in hearts
    assert out[AT["contractor"]].tolist() == [0, 0, 1, 0]
    assert out[AT["high_bid"]].argmax() == 19 and out[AT["high_bid"]].sum() == 1  # 9NT
    assert not out[AT["trump"]].any()  # no trumps
    assert out[AT["passed/0"]][0] == 1 and out[AT["passed/2"]][0] == 0
    mine = seen(game, 1)  # the contractor sees his own discards
    assert (mine[AT["my_discards"]] == planes("5C 6C 7C")).all()
    assert (mine[AT["trick/0"]] == planes("4H")).all()


def test_the_no_trump_joker_lead_has_its_own_global_ids():
    game = spread_9nt()
    public, hand = game.state[: S.PUB_SIZE], game.private(1)
    names = O.global_names()
    assert game.phase == PLAY and JOKER_LEAD in game.legal_actions()  # R8.2 JK=H
    g = int(O.to_global(public, hand, JOKER_LEAD))
    assert names[g] == "JK=H" == game.event_name(JOKER_LEAD)
    assert int(O.to_local(public, hand, g)) == JOKER_LEAD
    assert int(O.to_local(public, hand, names.index("bid:7H"))) == -1  # not in the play
