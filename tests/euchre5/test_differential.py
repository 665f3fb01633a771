"""The numba engine against the plain-Python rules written apart (tests/euchre5/reference_rules.py).

Thousands of random games go through both, move by move: they must offer the same
legal actions to the same seat at every step, and agree on every deal's trump,
maker, call, partner, tricks, points and totals, and on the results. The random
players pass more often than not, so round 2 and the stuck dealer (R4.4) come up.
"""

import random

import pytest

from sim.games.euchre5.cards import cards_of
from sim.games.euchre5.game import EuchreGame
from sim.games.euchre5.vocab import PASS
from tests.euchre5.reference_rules import RefGame

GAMES = 2000


def play_both(seed: int, rnd: random.Random) -> tuple[EuchreGame, RefGame]:
    game = EuchreGame.new(seed=seed, deal_set=0)

    def deal(k):
        d = game.history[k]
        return [cards_of(h) for h in d.hands], d.up, cards_of(d.kitty)

    ref = RefGame(game.first_dealer, deal)
    passing = rnd.random()  # how often this game's players pass when they may
    step = 0
    while True:
        assert game.to_act == ref.to_act, f"seed {seed} step {step}: different seat to act"
        if game.over:
            break
        legal = game.legal_actions()
        assert legal == ref.legal_actions(), f"seed {seed} step {step}: different legal actions"
        action = PASS if PASS in legal and rnd.random() < passing else rnd.choice(legal)
        game.apply(action)
        ref.apply(action)
        assert game.totals == ref.totals, f"seed {seed} step {step}: different totals"
        step += 1
    return game, ref


@pytest.mark.parametrize("block", range(4))
def test_engine_matches_reference(block):
    rnd = random.Random(block)
    for seed in range(block * GAMES // 4, (block + 1) * GAMES // 4):
        game, ref = play_both(seed, rnd)
        assert len(game.history) == len(ref.deals)
        for mine, theirs in zip(game.history, ref.deals, strict=True):
            assert mine.dealer == theirs["dealer"]
            assert (mine.trump, mine.maker, mine.called, mine.partner) == (
                theirs["trump"], theirs["maker"], theirs["called"], theirs["partner"]
            )  # fmt: skip
            assert mine.tricks == theirs["tricks"]
            assert mine.points == theirs["points"] and mine.totals == theirs["totals"]
        ranks, shares = game.results()
        ref_ranks, ref_shares = ref.results()
        assert ranks == ref_ranks and shares == pytest.approx(ref_shares)
