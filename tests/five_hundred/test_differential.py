"""The numba engine against the plain-Python rules written apart (reference_rules.py here).

Thousands of random games go through both, move by move: they must offer the same
legal actions to the same seat at every step, and agree on every deal's contractor,
contract, tricks, points and totals, and on the end and the results. Uniformly random
bidding ends almost every game in its first deal at -500, so each game draws its own
policy: how often its players pass when they may (from 50% to 98.5%, which reaches the
deal cap) and the most tricks they bid (6 to 10); a few games bid only when the hand
is long in a suit, so both teams reach 500 in one deal now and then.
"""

import random

import pytest

from sim.games.five_hundred.cards import cards_of
from sim.games.five_hundred.game import FiveHundredGame
from sim.games.five_hundred.vocab import AUCTION, PASS
from tests.five_hundred.reference_rules import RefGame

GAMES = 2000


def policy(rnd: random.Random, k: int):
    """The game's random policy: a pass rate and a highest level (the cap's 98.5% now and then)."""
    passing = 0.985 if k % 97 == 0 else rnd.choice((0.5, 0.8, 0.9, 0.95))
    top = rnd.choice((6, 7, 7, 8, 10))

    def choose(game: FiveHundredGame, legal: list[int]) -> int:
        if game.phase == AUCTION:
            bids = [a for a in legal if a != PASS and 6 + a // 5 <= top]
            if not bids or rnd.random() < passing:
                return PASS
            return rnd.choice(bids)
        return rnd.choice(legal)

    return choose


def play_both(seed: int, rnd: random.Random) -> tuple[FiveHundredGame, RefGame]:
    game = FiveHundredGame.new(seed=seed, deal_set=0)

    def deal(k):
        d = game.history[k]
        return [cards_of(h) for h in d.hands], cards_of(d.kitty)

    ref = RefGame(game.first_dealer, deal)
    choose = policy(rnd, seed)
    step = 0
    while True:
        assert game.to_act == ref.to_act, f"seed {seed} step {step}: different seat to act"
        if game.over:
            break
        legal = game.legal_actions()
        assert legal == ref.legal_actions(), f"seed {seed} step {step}: different legal actions"
        action = choose(game, legal)
        assert game.event_name(action) == ref.action_text(action)
        game.apply(action)
        ref.apply(action)
        assert game.totals == ref.totals, f"seed {seed} step {step}: different totals"
        step += 1
    return game, ref


@pytest.mark.parametrize("block", range(4))
def test_engine_matches_reference(block):
    rnd = random.Random(block)
    ends = set()
    for seed in range(block * GAMES // 4, (block + 1) * GAMES // 4):
        game, ref = play_both(seed, rnd)
        assert len(game.history) == len(ref.deals)
        for k, (mine, theirs) in enumerate(zip(game.history, ref.deals, strict=True)):
            assert mine.dealer == theirs["dealer"]
            assert (mine.contractor, mine.bid) == (theirs["contractor"], theirs["bid"])
            assert mine.tricks == theirs["tricks"]
            assert mine.points == theirs["points"] and mine.totals == theirs["totals"]
            assert [f"{s}:{t}" for s, t in mine.events] == ref.deal_events[k]
        assert game.end == ref.end
        ranks, shares = game.results()
        ref_ranks, ref_shares = ref.results()
        assert ranks == ref_ranks and shares == pytest.approx(ref_shares)
        ends.add(game.end)
    assert ends >= {"reached-500", "minus-500"}  # both ends are exercised in every block
