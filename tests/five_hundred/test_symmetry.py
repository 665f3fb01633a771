"""Five Hundred's suit views (sim.games.five_hundred.symmetry): after the auction, a deal
with its suits exchanged within a colour (R1.1, R1.3) is played alike and seen alike in its
view, but for what the contract is worth (R5), an input no view moves."""

import numpy as np
import pytest

from sim.core.registry import get
from sim.games.five_hundred import state as S
from sim.games.five_hundred import symmetry as Y
from sim.games.five_hundred.vocab import AUCTION, DECK, JOKER, N_BIDS, PASS
from tests.symmetry_checks import apply_global, legal_globals, moved, tensor

SPEC = get("five-hundred")
O = SPEC.part("observation")
GAME = SPEC.part("api").GAME
VALUE = Y.STARTS["contract_value"]  # what the contract is worth: its strain's, unmoved


def _tensor(game, seat):
    out = tensor(SPEC, game, seat)
    out[VALUE] = 0.0
    return out


def _hands(cards):
    """Four hands of ten and the kitty (R3)."""
    return [cards[i : i + 10] for i in range(0, 40, 10)], cards[40:]


@pytest.mark.parametrize("view", [1, 2, 3])
def test_a_deal_with_suits_exchanged_in_a_colour_is_played_and_seen_alike(view):
    # R1.1 (no black fours), R1.3 (the left bower of the trump's colour), R4.3 (a bid's
    # strain moves with its suit), R7, R8.2 (the joker's named suit), R9 (made or set)
    sigma = Y.SIGMAS[view]
    inputs, actions = Y.permuted(sigma)
    assert (inputs == Y.INPUTS[view]).all() and (actions == Y.ACTIONS[view]).all()
    rng = np.random.default_rng(view)
    cards = [c for c in range(JOKER + 1) if DECK >> c & 1]
    seen = set()
    for strain in range(5):  # a contract in every strain: the sole bid, then three passes
        rng.shuffle(cards)
        exchanged = [c if c == JOKER else sigma[c // 11] * 11 + c % 11 for c in cards]
        a, b = (GAME.from_deals(view, lambda k, c=list(d): _hands(c)) for d in (cards, exchanged))
        bid = 5 * int(rng.integers(3)) + strain
        apply_global(SPEC, a, bid), apply_global(SPEC, b, actions[bid])
        for _ in range(3):
            apply_global(SPEC, a, PASS), apply_global(SPEC, b, PASS)
        assert (a.high_bid, b.high_bid, a.phase, b.phase) == (bid, actions[bid], 1, 1)
        while a.deal_no == 0:
            assert (a.phase, a.to_act) == (b.phase, b.to_act) and a.phase != AUCTION
            for seat in range(4):
                xa, xb = _tensor(a, seat), _tensor(b, seat)
                assert (moved(xa, inputs) == xb).all()
                va, vb = Y.view_of(xa), Y.view_of(xb)  # and both alike in their views
                assert (moved(xa, Y.INPUTS[va]) == moved(xb, Y.INPUTS[vb])).all()
                seen.add(va)
            legal = sorted(legal_globals(SPEC, a))
            assert sorted(actions[legal]) == sorted(legal_globals(SPEC, b))
            g = legal[rng.integers(len(legal))]
            apply_global(SPEC, a, g), apply_global(SPEC, b, actions[g])
        da, db = a.history[0], b.history[0]
        assert da.tricks == db.tricks and sum(da.tricks) == 10
        assert [p > 0 for p in da.points] == [p > 0 for p in db.points]  # made or set alike
    assert seen == {0, 1, 2, 3}


def test_the_auction_is_its_own_view():
    # R5: a bid's value follows its strain, so no view moves a position of the auction
    game = GAME.new(3)
    while game.phase == AUCTION:
        assert Y.view_of(tensor(SPEC, game, game.to_act)) == 0
        low = game.state[S.HIGH_BID] < N_BIDS - 5  # bid the lowest while 10 tricks are not bid
        apply_global(SPEC, game, min(legal_globals(SPEC, game)) if low else PASS)
