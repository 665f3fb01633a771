"""The numba engine against the plain-Python rules written apart (reference_rules.py here).

Thousands of random games go through both, move by move: they must offer the same
legal actions to the same seat at every step, write every action the same way, and
agree on every deal's dealer, card points, meld points, last trick, points and totals,
and on the end and the results. Each game draws how keen its players are to declare,
answer and exchange (0 to 90% when they may), so declarations, beaten melds, spent
sequences and exchanges at every trick of 1-7 all occur, and games end every way.
"""

import random

import pytest

from sim.games.terts.cards import cards_of
from sim.games.terts.game import TertsGame
from sim.games.terts.vocab import PASS, SWAP
from tests.terts.reference_rules import RefGame

GAMES = 2000


def policy(rnd: random.Random):
    """The game's random policy: how often a meld, an answer or the exchange is taken."""
    keen = rnd.choice((0.0, 0.3, 0.6, 0.9))

    def choose(legal: list[int]) -> int:
        special = [a for a in legal if a >= SWAP and a != PASS]
        if special and rnd.random() < keen:
            return rnd.choice(special)
        plain = [a for a in legal if a < SWAP or a == PASS] or legal
        return rnd.choice(plain)

    return choose


def is_meld(event: str) -> bool:
    return event[2:].startswith(("seq", "four"))


def play_both(seed: int, rnd: random.Random) -> tuple[TertsGame, RefGame]:
    game = TertsGame.new(seed=seed, deal_set=0)

    def deal(k):
        d = game.history[k]
        return [cards_of(h) for h in d.hands], d.turned, list(d.stock)

    ref = RefGame(game.first_dealer, deal)
    choose = policy(rnd)
    step = 0
    while True:
        assert game.to_act == ref.to_act, f"seed {seed} step {step}: different seat to act"
        if game.over:
            break
        legal = game.legal_actions()
        assert legal == ref.legal_actions(), f"seed {seed} step {step}: different legal actions"
        action = choose(legal)
        assert game.event_name(action) == ref.action_text(action), f"seed {seed} step {step}"
        game.apply(action)
        ref.apply(action)
        assert game.totals == ref.totals, f"seed {seed} step {step}: different totals"
        assert game.card_points == ref.card_points and game.meld_points == ref.meld_points
        step += 1
    return game, ref


@pytest.mark.parametrize("block", range(4))
def test_engine_matches_reference(block):
    rnd = random.Random(block)
    ends, swaps, beaten = set(), 0, 0
    for seed in range(block * GAMES // 4, (block + 1) * GAMES // 4):
        game, ref = play_both(seed, rnd)
        assert len(game.history) == len(ref.deals)
        for k, (mine, theirs) in enumerate(zip(game.history, ref.deals, strict=True)):
            assert mine.dealer == theirs["dealer"]
            assert mine.card_points == theirs["card_points"]
            assert mine.meld_points == theirs["meld_points"]
            assert mine.last_trick == theirs["last_trick"]
            assert mine.points == theirs["points"] and mine.totals == theirs["totals"]
            events = [f"{s}:{t}" for s, t in mine.events]
            assert events == ref.deal_events[k]
            swaps += any(e.endswith(":swap") for e in events)
            beaten += sum(1 for a, b in zip(events, events[1:], strict=False)
                          if is_meld(a) and is_meld(b))  # fmt: skip
        assert game.end == ref.end
        ranks, shares = game.results()
        ref_ranks, ref_shares = ref.results()
        assert ranks == ref_ranks and shares == pytest.approx(ref_shares)
        ends.add(game.end)
    assert ends >= {"target", "both-target"}  # both common ends in every block
    assert swaps > 50 and beaten > 20
