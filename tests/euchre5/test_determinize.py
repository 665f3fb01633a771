"""Euchre's determinizer seen from a seat that is not to act: while the dealer discards, every
sample gives him the up card and six cards (R4.2), whoever asks (OpenSpiel's resampling asks
for any player; the search bots only for the seat to act)."""

import random

import numpy as np

from sim.core.rng import new_stream
from sim.games.euchre5 import SPEC
from sim.games.euchre5 import state as S
from sim.games.euchre5.vocab import DISCARD


def test_while_the_dealer_discards_every_seat_samples_him_six_cards_with_the_up_card():
    api, k, d = SPEC.part("api").GAME, SPEC.part("kernels"), SPEC.part("determinizer")
    work, out = np.zeros(d.WORK_SIZE, np.int64), np.zeros(k.STATE_SIZE, np.int64)
    rng = new_stream(3)
    found = 0
    for g in range(60):
        game, rnd = api.new(5, g), random.Random(g)
        while not game.over and game.state[S.PHASE] != DISCARD and game.state[S.DEAL_NO] == 0:
            game.apply(rnd.choice(game.legal_actions()))
        if game.state[S.PHASE] != DISCARD:
            continue
        dealer, up = int(game.state[S.DEALER]), int(game.state[S.UP_CARD])
        for seat in range(SPEC.seats):
            public = game.state[: k.PUB_SIZE]
            d.determinize(public, seat, game.private(seat), -1, rng, work, out)
            sample = api(out.copy())
            assert sample.accounted() is None  # every card once
            assert sample.hand(dealer) >> up & 1 and bin(sample.hand(dealer)).count("1") == 6
            assert not out[S.DEALT + dealer] >> up & 1  # R4.2: dealt five, took the up card
        found += 1
    assert found >= 5
