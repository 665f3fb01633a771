"""Euchre's determinizer seen from a seat that is not to act: while the dealer discards, every
sample gives him the up card and six cards (R4.2), whoever asks (OpenSpiel's resampling asks
for any player; the search bots only for the seat to act)."""

import random

import numpy as np

from sim.core.rng import new_stream
from sim.games.euchre5 import SPEC
from sim.games.euchre5 import state as S
from sim.games.euchre5.vocab import BID1, CALL, DISCARD, ORDER, PASS


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


def test_a_dealer_who_made_trump_cannot_call_his_discard_in_any_sample():
    # R6.2: the maker calls no card of his dealt hand, and a dealer who took the up card was
    # dealt the card he discarded: every sample for him keeps that card uncallable
    api, k, d = SPEC.part("api").GAME, SPEC.part("kernels"), SPEC.part("determinizer")
    work, out = np.zeros(d.WORK_SIZE, np.int64), np.zeros(k.STATE_SIZE, np.int64)
    rng = new_stream(5)
    for g in range(8):
        game = api.new(5, g)
        dealer, up = int(game.state[S.DEALER]), int(game.state[S.UP_CARD])
        while game.state[S.PHASE] == BID1:  # everybody passes, the dealer orders
            game.apply(ORDER if game.to_act == dealer else PASS)
        discard = next(c for c in game.legal_actions() if c != up)
        game.apply(discard)  # R4.2: he keeps the up card
        assert game.state[S.PHASE] == CALL and game.to_act == dealer
        assert not game.legal_mask() >> discard & 1  # R6.2
        for _ in range(5):
            d.determinize(game.state[: k.PUB_SIZE], dealer, game.private(dealer),
                          game.legal_mask(), rng, work, out)  # fmt: skip
            assert api(out.copy()).legal_mask() == game.legal_mask()
