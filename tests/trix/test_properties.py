"""Property tests: random deal sets, random legal play, invariants that RULES.md fixes.

(a) the 32 cards are always accounted for; (b) each contract's points sum to the total
the rules fix (R5, R9.6), the chooser's multiplier (R7.1, R7.2) taken out and the −50
(R5.6) added back; (c) a game always ends within 28 contracts, for the right reason
(R3.7, R3.8, R8.1); (d) the win shares sum to 1 (R3.9).
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sim.games.trix import state as S
from sim.games.trix import vocab as V
from sim.games.trix.game import Game


class Watched(Game):
    """The game, keeping the state as each contract stood when it ended (for the checks)."""

    def _on_deal_end(self) -> None:
        super()._on_deal_end()
        self.last_contract_state = self.state.copy()


ALL_32 = (1 << 32) - 1
KH = 5  # K♥: suit 0 (hearts), rank 5 in 7 8 9 J Q K T A
DIAMONDS = 0xFF << 16  # suit 2

MAX_STEPS = 28 * 200  # far more than 28 contracts take; a game that runs longer never ends
seeds = st.integers(min_value=0, max_value=2**63 - 1)


def check_cards(state) -> None:
    """(a) hands and the cards played in this contract: disjoint, 32 cards in all."""
    seen = int(state[S.PLAYED])
    assert seen >> 32 == 0
    for p in range(4):
        hand = int(state[S.HANDS + p])
        assert hand & seen == 0
        seen |= hand
    assert seen == ALL_32


def replay_tricks(events) -> tuple[list[int], list[int], int]:
    """The cards each seat took and its tricks, replayed from the events by R4.3; and the
    winner of the last trick played."""
    taken, tricks = [0] * 4, [0] * 4
    trick: list[tuple[int, int]] = []
    winner = -1
    for seat, action in events:
        if action >= 32:  # the K♥ announcement
            continue
        trick.append((seat, action))
        if len(trick) == 4:
            led = trick[0][1] >> 3
            winner, _ = max((t for t in trick if t[1] >> 3 == led), key=lambda t: t[1])
            for _, card in trick:
                taken[winner] |= 1 << card
            tricks[winner] += 1
            trick = []
    assert not trick
    return taken, tricks, winner


def check_points(result) -> None:
    """(b) the contract's fixed point total, multiplier and −50 taken out."""
    points = list(result.points)
    if result.name == "trix":
        assert sorted(points) == [-100, -50, 0, 0]  # R9.6, never multiplied (R7.3)
        return
    taken, tricks, _ = replay_tricks(result.events)
    announcers = [s for s, a in result.events if a == V.DOUBLE]
    assert len(announcers) <= 1
    if announcers and not taken[announcers[0]] >> KH & 1:
        points[announcers[0]] += 50  # R5.6 −50, never multiplied (R7.3)
    mult = 4 if result.choice == 7 else 2  # R7.1, R7.2
    assert points[result.chooser] % mult == 0
    points[result.chooser] //= mult
    total = sum(points)
    king = 200 if announcers else 100
    diamonds_swept = any(t & DIAMONDS == DIAMONDS for t in taken)
    if result.name == "diamonds":
        assert total == (150 if diamonds_swept else 80)
    elif result.name == "queens":
        assert total == 80
    elif result.name == "tricks":
        assert total == (150 if 8 in tricks else 80)
    elif result.name == "last-trick":
        assert total == 100
    elif result.name == "king":
        assert total == king
    else:  # general: R5.7, the sweeper of all 8 tricks scores 0 for everything
        if 8 in tricks:
            assert total == 0
        else:
            assert total == (150 if diamonds_swept else 80) + 80 + 80 + 100 + king
        assert sum(tricks) == 8  # nothing stops early


def play_random_game(seed: int, play_seed: int) -> Game:
    rnd = random.Random(play_seed)
    game = Watched.new(seed=seed)
    check_cards(game.state)
    for _ in range(MAX_STEPS):
        if game.over:
            break
        n = len(game.contracts)
        game.apply(rnd.choice(game.legal_actions()))
        if len(game.contracts) > n or game.over:  # a contract just ended
            check_cards(game.last_contract_state)  # as it stood at its last action
            check_points(game.contracts[n - 1])
            assert 1000 not in game.contracts[n - 1].totals  # R3.7
        check_cards(game.state)  # the next contract's fresh deal, or the final state
    assert game.over
    return game


@settings(max_examples=150, deadline=None)
@given(seed=seeds, play_seed=seeds)
def test_cards_points_end_and_shares(seed, play_seed):
    game = play_random_game(seed, play_seed)
    # (c) R3.7, R3.8, R8.1
    assert 1 <= len(game.contracts) <= 28
    totals = game.totals
    assert totals == game.contracts[-1].totals
    if game.end == "over-1000":
        assert max(totals) > 1000
    else:
        assert game.end == "28-contracts"
        assert len(game.contracts) == 28
        assert max(totals) <= 1000
    for c in game.contracts[:-1]:  # the game did not end earlier
        assert max(c.totals) <= 1000
    for seat in range(4):  # R3.1, R3.5: each contract once, trix by the 6th choice
        mine = [c for c in game.contracts if c.chooser == seat]
        assert [c.choice for c in mine] == list(range(1, len(mine) + 1))
        assert len({c.name for c in mine}) == len(mine)
        assert all(c.choice <= 6 for c in mine if c.name == "trix")
        if len(mine) >= 6:
            assert "trix" in {c.name for c in mine}
    # totals are the sum of the contracts' points, with exactly 1000 reset to 0
    running = [0, 0, 0, 0]
    for c in game.contracts:
        running = [t + p for t, p in zip(running, c.points, strict=True)]
        running = [0 if t == 1000 else t for t in running]
        assert running == c.totals
    # (d) R3.9, R8.2
    ranks, shares = game.results()
    assert abs(sum(shares) - 1.0) < 1e-9
    best = min(totals)
    winners = [p for p in range(4) if totals[p] == best]
    for p in range(4):
        assert ranks[p] == 1 + sum(t < totals[p] for t in totals)
        assert abs(shares[p] - (1 / len(winners) if p in winners else 0.0)) < 1e-9


@settings(max_examples=100, deadline=None)
@given(seed=seeds, play_seed=seeds, double=st.booleans())
def test_points_with_forced_doubling(seed, play_seed, double):
    """(b) again, with the K♥ holder always (or never) announcing, so doubled kings and
    generals come up often."""
    rnd = random.Random(play_seed)
    game = Game.new(seed=seed)
    for _ in range(MAX_STEPS):
        if game.over:
            break
        n = len(game.contracts)
        legal = game.legal_actions()
        if V.DOUBLE in legal:
            game.apply(V.DOUBLE if double else V.NO_DOUBLE)
        else:
            game.apply(rnd.choice(legal))
        if len(game.contracts) > n or game.over:
            check_points(game.contracts[n - 1])
    assert game.end in ("over-1000", "28-contracts")
