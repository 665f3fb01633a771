"""The numba engine against the plain-Python rules written apart (tests/trix/reference_rules.py).

Thousands of random games go through both, move by move: they must offer the
same legal actions to the same seat at every step and score every contract,
total and result the same.
"""

import random

import pytest

from sim.games.trix.cards import cards_of
from sim.games.trix.game import Game
from tests.trix.reference_rules import RefGame

GAMES = 2000


def play_both(seed: int, rnd: random.Random) -> tuple[Game, RefGame]:
    game = Game.new(seed=seed, deal_set=0)
    ref = RefGame(
        game.first_chooser,
        lambda k: [cards_of(h) for h in game.contracts[k].hands],
    )
    step = 0
    while True:
        assert game.to_act == ref.to_act(), f"seed {seed} step {step}: different seat to act"
        if game.over:
            break
        legal = game.legal_actions()
        assert legal == ref.legal_actions(), f"seed {seed} step {step}: different legal actions"
        action = rnd.choice(legal)
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
        assert len(game.contracts) == len(ref.contracts)
        for mine, theirs in zip(game.contracts, ref.contracts, strict=True):
            assert (mine.chooser, mine.choice, mine.contract) == (
                theirs["chooser"],
                theirs["choice"],
                theirs["contract"],
            )
            assert [a for _, a in mine.events] == theirs["events"]
            assert mine.points == theirs["points"]
            assert mine.totals == theirs["totals"]
        ranks, shares = game.results()
        assert game.end == ref.end
        assert ranks == ref.ranks
        assert shares == pytest.approx(ref.win_share)
