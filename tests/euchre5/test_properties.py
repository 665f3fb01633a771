"""Property tests: random deal sets, random legal play, invariants that RULES.md fixes.

(a) the 28 cards are always accounted for, each hand the right size (R3); (b) each
deal's five tricks go to someone, only one side scores, all its members alike, by the
tables of R8.2 / R8.3 (R8.1, R8.5); (c) the partner is the holder of the called card
after the exchange, and a buried called card leaves the maker alone (R6.3, R6.4);
(d) totals are the sum of the points, the game ends at the first deal that brings a
total to 10, within 46 deals (R8.4, R9.1, R9.4); (e) ranks and win shares as R9.3.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sim.games.euchre5 import state as S
from sim.games.euchre5.cards import card_name
from sim.games.euchre5.game import EuchreGame
from sim.games.euchre5.vocab import ALONE_BY_CHOICE, ALONE_FORCED, PASS, WITH_PARTNER

seeds = st.integers(min_value=0, max_value=2**63 - 1)
WITH = {5: (2, 0), 4: (1, 0), 3: (1, 0), 2: (0, 2), 1: (0, 2), 0: (0, 4)}  # R8.2
ALONE = {5: (5, 0), 4: (1, 0), 3: (1, 0), 2: (0, 2), 1: (0, 2), 0: (0, 4)}  # R8.3


class Watched(EuchreGame):
    """The game, keeping how each deal stood when it ended (for the checks)."""

    def _on_deal_end(self) -> None:
        super()._on_deal_end()
        s = self.state
        discard = int(s[S.DISCARDED_CARD])
        buried = int(s[S.KITTY]) | (1 << discard if discard >= 0 else 0)
        self.__dict__.setdefault("ends", []).append((int(s[S.GOING_ALONE]), buried))


def play(seed: int, passing: float) -> Watched:
    game = Watched.new(seed=seed, deal_set=0)
    rnd = random.Random(seed)
    while not game.over:
        problem = game.accounted()
        assert problem is None, problem  # (a)
        legal = game.legal_actions()
        game.apply(PASS if PASS in legal and rnd.random() < passing else rnd.choice(legal))
    return game


@settings(max_examples=150, deadline=None)
@given(seeds, st.floats(0.0, 0.95))
def test_every_deal_scores_by_the_tables(seed, passing):
    game = play(seed, passing)
    totals = [0] * 5
    for d, (alone, buried) in zip(game.history, game.ends, strict=True):
        assert sum(d.tricks) == 5  # (b) R7.4
        attackers = {d.maker} | ({d.partner} if d.partner is not None else set())
        won = sum(d.tricks[p] for p in attackers)
        table = WITH if alone == WITH_PARTNER else ALONE
        att, dfn = table[won]
        assert [d.points[p] for p in range(5)] == [att if p in attackers else dfn
                                                   for p in range(5)]  # fmt: skip
        scored = {p in attackers for p in range(5) if d.points[p] > 0}
        assert len(scored) <= 1  # R8.5 one side only
        # (c) the partner holds the called card; buried means alone, forced (R6.3, R6.4)
        if d.called is None:
            assert alone == ALONE_BY_CHOICE and d.partner is None
        elif buried >> d.called & 1:
            assert alone == ALONE_FORCED and d.partner is None
        else:
            assert alone == WITH_PARTNER and d.partner != d.maker
            assert any((s, t) == (d.partner, card_name(d.called)) for s, t in d.events)
        totals = [t + p for t, p in zip(totals, d.points, strict=True)]
        assert d.totals == totals  # (d) R8.4
    assert all(max(d.totals) < 10 for d in game.history[:-1]) and max(totals) >= 10  # R9.1
    assert len(game.history) <= 46  # R9.4
    ranks, shares = game.results()  # (e) R9.3
    assert ranks == [1 + sum(u > t for u in totals) for t in totals]
    assert abs(sum(shares) - 1.0) < 1e-12
    best = max(totals)
    assert all((s > 0) == (t == best) for s, t in zip(shares, totals, strict=True))
