"""Rule tests on hand-built deals (../shared/games/trix/RULES.md): the game (R3, R8).

The deals and helpers are in tests/trix/deals.py; every expected value is worked out by
hand from RULES.md, never copied from the engine.
"""

import pytest

from sim.games.trix import state as S
from sim.games.trix import vocab as V
from sim.games.trix.game import IllegalActionError
from tests.trix.deals import (
    MIX,
    MIX_T2,
    QN,
    QN_PLAY,
    TRX2,
    choose_ids,
    contract_bits,
    finish_contract,
    game_on,
    play,
    set_choice,
    set_totals,
)

# -- R3 the game -----------------------------------------------------------------------------------


def test_R3_2_choosing_order_passes_to_next_seat():
    # R3.2: the turn to choose passes to the next seat after every contract,
    # whoever won the tricks
    game = game_on(MIX, 2)
    for k in range(6):
        assert game.phase == V.CHOOSE
        assert game.chooser == (2 + k) % 4
        assert game.to_act == (2 + k) % 4
        finish_contract(game)
    assert [c.chooser for c in game.contracts[:6]] == [2, 3, 0, 1, 2, 3]


def test_R3_3_choice_numbers():
    # R3.3: 1 for a player's first pick, 2 for his second, ...
    game = game_on(MIX, 3)
    for _ in range(9):
        finish_contract(game)
    assert [c.chooser for c in game.contracts[:9]] == [3, 0, 1, 2, 3, 0, 1, 2, 3]
    assert [c.choice for c in game.contracts[:9]] == [1, 1, 1, 1, 2, 2, 2, 2, 3]
    # the lowest-allowed policy picks diamonds first, then queens, then tricks
    assert [c.name for c in game.contracts[:9]] == ["diamonds"] * 4 + ["queens"] * 4 + ["tricks"]
    assert game.chooser == 0 and game.state[S.CHOICE] == 3  # seat 0 about to make choice 3


@pytest.mark.parametrize("made", range(5))
def test_R3_4_trix_refused_without_a_jack_at_choices_1_to_5(made):
    # R3.4: seat 0 holds no jack in MIX
    game = game_on(MIX, 0)
    used = V.CONTRACT_NAMES[:made]  # the contracts already chosen (shortcut for made > 0)
    left = [n for n in V.CONTRACT_NAMES if n not in used]
    set_choice(game, 0, made, contract_bits(*left))
    assert game.legal_actions() == choose_ids(*[n for n in left if n != "trix"])
    with pytest.raises(IllegalActionError, match="jack"):
        game.apply("trix")


def test_R3_4_trix_allowed_with_a_jack():
    # R3.4: seat 1 holds JC and JS in MIX
    game = game_on(MIX, 1)
    assert game.legal_actions() == choose_ids(*V.CONTRACT_NAMES)
    game.apply("trix")
    assert game.phase == V.TRIX


@pytest.mark.parametrize("seat", [0, 2])
def test_R3_5_forced_trix_at_the_sixth_choice(seat):
    # R3.5: seat 0 holds no jack, seat 2 all four; for both, trix is the only choice
    game = game_on(TRX2, seat)
    set_choice(game, seat, 5, contract_bits("general", "trix"))  # shortcut: 5 choices made
    assert game.legal_actions() == choose_ids("trix")
    with pytest.raises(IllegalActionError):
        game.apply("general")
    game.apply("trix")
    assert game.contracts[0].choice == 6
    assert game.contracts[0].name == "trix"
    assert game.phase == V.TRIX


def test_R3_6_R7_2_imposed_seventh_choice_counts_four_times():
    # R3.6: the 7th choice is the one contract left; R7.2: the chooser's points x4
    game = game_on(QN, 1)
    set_choice(game, 1, 6, contract_bits("queens"))  # shortcut: 6 choices made
    assert game.legal_actions() == choose_ids("queens")
    game.apply("queens")
    play(game, QN_PLAY)
    result = game.contracts[0]
    assert result.choice == 7
    # seat 1 took QC: 20 x 4; seat 2 QH QD: 40; seat 3 QS: 20
    assert result.points == [0, 80, 40, 20]


def test_R3_7_total_of_exactly_1000_becomes_0():
    # R3.7: queens on QN gives [0, 40, 40, 20] (seat 1 chooser, x2)
    game = game_on(QN, 1)
    set_totals(game, [500, 960, 960, 980])  # shortcut: totals near 1000
    game.apply("queens")
    play(game, QN_PLAY)
    assert game.contracts[0].points == [0, 40, 40, 20]
    # 960 + 40, 960 + 40, 980 + 20: all exactly 1000, all back to 0; nobody above 1000
    assert game.totals == [500, 0, 0, 0]
    assert not game.over
    assert game.end is None
    assert game.phase == V.CHOOSE and game.chooser == 2


def test_R3_7_total_above_1000_ends_the_game():
    # R3.7, R8.1
    game = game_on(QN, 1)
    set_totals(game, [0, 960, 961, 0])  # shortcut: totals near 1000
    game.apply("queens")
    play(game, QN_PLAY)
    # seat 1: 960 + 40 = 1000 -> 0 first; seat 2: 961 + 40 = 1001 > 1000 ends the game
    assert game.totals == [0, 0, 1001, 20]
    assert game.over
    assert game.end == "over-1000"
    assert len(game.contracts) == 1
    with pytest.raises(IllegalActionError):
        game.apply("queens")


def test_R3_8_game_ends_after_28_contracts():
    # R3.8, R3.1, R8.1
    game = game_on(MIX, 0)
    for k in range(28):
        assert not game.over
        assert game.contract_no == k
        set_totals(game, [0, 0, 0, 0])  # shortcut: keep every total far from 1000
        finish_contract(game)
    assert game.over
    assert game.end == "28-contracts"
    assert len(game.contracts) == 28
    for seat in range(4):  # R3.1: each seat chose each of its seven contracts once
        mine = [c.name for c in game.contracts if c.chooser == seat]
        assert sorted(mine) == sorted(V.CONTRACT_NAMES)
    # the 28th: seat 3's imposed general (x4), no double, tricks as in the MIX trace:
    # s0 T2 (QH KH): 10 + 20 + 100 = 130; s1 T5 T6 (all 8 ♦, QD): 20 + 150 + 20 = 190;
    # s2 T7 T8 (QS, last): 20 + 20 + 100 = 140; s3 T1 T3 T4 (QC): (30 + 20) x 4 = 200
    last = game.contracts[27]
    assert (last.chooser, last.choice, last.name) == (3, 7, "general")
    assert last.points == [130, 190, 140, 200]
    assert game.totals == [130, 190, 140, 200]


def _king_game_ending_with(totals_before):
    """King on MIX, chooser seat 1, no double: seat 0 takes K♥ in trick 2 (+100)."""
    game = game_on(MIX, 1)
    set_totals(game, totals_before)  # shortcut: totals near the end
    game.apply("king")
    play(game, "8H no-double 9H JH 7H " + MIX_T2)
    assert game.contracts[0].points == [100, 0, 0, 0]
    assert game.over and game.end == "over-1000"
    return game


def test_R3_9_R8_2_ranks_and_shared_win():
    # R3.9, R8.2: lowest total wins, equal lowest share the win and the best rank
    game = _king_game_ending_with([950, 200, 200, 400])
    assert game.totals == [1050, 200, 200, 400]
    ranks, shares = game.results()
    assert sorted(ranks) == [1, 1, 3, 4]
    assert ranks == [4, 1, 1, 3]
    assert shares == [0.0, 0.5, 0.5, 0.0]


def test_R3_9_R8_2_three_way_tie_below_zero_and_single_winner():
    # R3.9, R8.2 (totals may be below 0, R3.8)
    game = _king_game_ending_with([950, -30, -30, -30])
    ranks, shares = game.results()
    assert ranks == [4, 1, 1, 1]
    assert shares == pytest.approx([0.0, 1 / 3, 1 / 3, 1 / 3])

    game = _king_game_ending_with([950, 10, 20, 20])
    ranks, shares = game.results()
    assert ranks == [4, 1, 2, 2]
    assert shares == [0.0, 1.0, 0.0, 0.0]
