"""Rule tests on hand-built deals (../shared/games/trix/RULES.md): cards, turns, tricks
(R1, R2, R4) and the trick contracts (R5, R7).

The deals and helpers are in tests/trix/deals.py; every expected value is worked out by
hand from RULES.md, never copied from the engine.
"""

import pytest

from sim.games.trix import state as S
from sim.games.trix import vocab as V
from sim.games.trix.game import IllegalActionError
from tests.trix.deals import (
    BAL,
    BAL2,
    DI,
    DI_PLAY,
    GEN,
    GEN_T2_T8,
    KD1,
    MIX,
    MIX_T2,
    MIX_T3_T8,
    QN,
    QN_PLAY,
    RANKS_WEAK_TO_STRONG,
    SUITED,
    card_events,
    contract_bits,
    finish_contract,
    game_on,
    ids,
    play,
    set_choice,
)

# -- R1 cards, R4 tricks ---------------------------------------------------------------------------


def test_R1_2_R4_3_ten_beats_king_off_suit_never_wins():
    # R1.2, R4.3
    deal = [
        "KS 8S 9S 7H 8H 9H 7C 8C",
        "TS JS QS AS 7D 8D 9D JD",
        "AH JH QH KH TH 9C JC QC",  # no spade
        "7S KC TC AC QD KD TD AD",
    ]
    game = game_on(deal, 0)
    game.apply("tricks")
    play(game, "KS TS")
    assert game.legal_actions() == ids(deal[2])  # void in spades: any card
    play(game, "AH 7S")
    # KS led, TS beats it (the ten sits above the king), AH is off-suit and never wins
    assert game.state[S.TRICKS_WON + 1] == 1
    assert sum(game.state[S.TRICKS_WON : S.TRICKS_WON + 4]) == 1
    assert game.to_act == 1


@pytest.mark.parametrize("lo, hi", [(i, j) for i in range(8) for j in range(8) if i != j])
def test_R1_2_R4_3_rank_order_decides_the_trick(lo, hi):
    # R1.2, R4.3: seat 0 leads one spade, seat 1 follows with another, seats 2 and 3 discard
    # their aces of hearts and clubs; the stronger spade in 7 8 9 J Q K T A order wins.
    lead = RANKS_WEAK_TO_STRONG[lo] + "S"
    follow = RANKS_WEAK_TO_STRONG[hi] + "S"
    others = [r + "S" for r in RANKS_WEAK_TO_STRONG if r + "S" not in (lead, follow)]
    deal = [
        " ".join([lead, *others[:3], "7D", "8D", "9D", "JD"]),
        " ".join([follow, *others[3:], "QD", "KD", "TD", "AD"]),
        SUITED[0],
        SUITED[1],
    ]
    game = game_on(deal, 0)
    game.apply("tricks")
    play(game, f"{lead} {follow} AH AC")
    winner = 1 if hi > lo else 0
    assert game.state[S.TRICKS_WON + winner] == 1
    assert game.to_act == winner


def test_R2_2_turn_order():
    # R2.2: next player = (seat + 1) % 4, in choosing and in playing
    game = game_on(MIX, 2)
    assert game.to_act == 2
    game.apply("tricks")
    seen = [game.to_act]
    for card in ["9H", "JH", "7H"]:
        game.apply(card)
        seen.append(game.to_act)
    assert seen == [2, 3, 0, 1]


def test_R4_1_chooser_leads_winner_leads_next():
    # R4.1
    game = game_on(MIX, 2)
    game.apply("tricks")
    assert game.to_act == 2  # the chooser leads the first trick
    play(game, "9H JH 7H 8H")  # JH of seat 3 wins
    assert game.to_act == 3
    play(game, MIX_T2)  # AH of seat 0 wins
    assert game.to_act == 0
    play(game, "7C 9C QC TC")  # TC of seat 3 wins
    assert game.to_act == 3


def test_R4_2_follow_suit_discard_when_void_never_obliged_higher():
    # R4.2
    game = game_on(GEN, 0)
    game.apply("tricks")
    game.apply("AC")
    assert game.legal_actions() == ids("7C JC")  # seat 1 holds clubs: only clubs
    with pytest.raises(IllegalActionError, match="must follow"):
        game.apply("7H")
    game.apply("7C")
    assert game.legal_actions() == ids("8C 9C")
    game.apply("8C")
    assert game.legal_actions() == ids(GEN[3])  # seat 3 has no club: any of his 8 cards
    game.apply("9D")
    assert game.state[S.TRICKS_WON + 0] == 1

    # not obliged to go higher: seat 3 leads JH, seat 0 may play 7H although AH would win
    game = game_on(MIX, 3)
    game.apply("tricks")
    game.apply("JH")
    assert game.legal_actions() == ids("7H AH")
    play(game, "7H 8H 9H")
    assert game.state[S.TRICKS_WON + 3] == 1


# -- R5 trick contracts ----------------------------------------------------------------------------


def test_R5_1_diamonds_points_and_early_stop():
    # R5.1, R7.1: seat 0 (chooser) takes 9D TD, seat 1 8D QD JD, seat 2 KD 7D AD
    game = game_on(DI, 0)
    game.apply("diamonds")
    moves = DI_PLAY.split()
    play(game, " ".join(moves[:-1]))
    assert len(game.contracts) == 1  # JD, QD, 8D are still out until trick 4 ends
    game.apply(moves[-1])
    result = game.contracts[0]
    assert result.points == [20 * 2, 30, 30, 0]
    assert card_events(result) == 16  # stopped after trick 4: all eight diamonds taken
    assert len(game.contracts) == 2


def test_R5_1_all_eight_diamonds_score_150_and_stop():
    # R5.1: on MIX seat 1 takes all eight diamonds in tricks 5 and 6
    game = game_on(MIX, 0)
    game.apply("diamonds")
    play(game, "7H 8H 9H JH " + MIX_T2 + " " + " ".join(MIX_T3_T8.split()[:16]))
    result = game.contracts[0]
    assert result.points == [0, 150, 0, 0]
    assert card_events(result) == 24  # stopped at the end of trick 6
    assert len(game.contracts) == 2


def test_R5_2_queens_points_and_early_stop():
    # R5.2, R7.1: seat 1 (chooser) QC, seat 2 QH QD, seat 3 QS
    game = game_on(QN, 1)
    game.apply("queens")
    moves = QN_PLAY.split()
    play(game, " ".join(moves[:-1]))
    assert len(game.contracts) == 1
    game.apply(moves[-1])
    result = game.contracts[0]
    assert result.points == [0, 20 * 2, 40, 20]
    assert card_events(result) == 16  # stopped after trick 4, the one taking the last queen
    assert len(game.contracts) == 2


def test_R5_3_tricks_ten_per_trick():
    # R5.3: MIX tricks won 1, 2, 2, 3; seat 0 chooser x2
    game = game_on(MIX, 0)
    game.apply("tricks")
    play(game, "7H 8H 9H JH " + MIX_T2 + " " + MIX_T3_T8)
    result = game.contracts[0]
    assert result.points == [10 * 2, 20, 20, 30]
    assert card_events(result) == 32


def test_R5_3_all_eight_tricks_score_150():
    # R5.3: on BAL seat 3 wins every trick (he always holds the T or A of the led suit)
    game = game_on(BAL, 1)
    game.apply("tricks")
    result = finish_contract(game)
    assert result.points == [0, 0, 0, 150]
    assert card_events(result) == 32


def test_R5_4_last_trick():
    # R5.4: on MIX seat 2 wins trick 8 (AS)
    game = game_on(MIX, 1)
    game.apply("last-trick")
    play(game, "8H 9H JH 7H " + MIX_T2 + " " + MIX_T3_T8)
    result = game.contracts[0]
    assert result.points == [0, 0, 100, 0]
    assert card_events(result) == 32

    game = game_on(MIX, 2)  # R7.1: the same won by the chooser counts x2
    game.apply("last-trick")
    play(game, "9H JH 7H 8H " + MIX_T2 + " " + MIX_T3_T8)
    assert game.contracts[0].points == [0, 0, 200, 0]


def test_R5_5_king_and_early_stop():
    # R5.5: seat 0 takes K♥ in trick 2; the contract stops there
    game = game_on(MIX, 1)
    game.apply("king")
    play(game, "8H no-double 9H JH 7H " + MIX_T2)
    result = game.contracts[0]
    assert result.points == [100, 0, 0, 0]
    assert card_events(result) == 8
    assert len(game.contracts) == 2


def test_R5_6_chooser_holding_KH_is_offered_before_leading():
    # R5.6, R7.3: seat 2 chooses king, doubles before his lead, seat 0 takes K♥
    game = game_on(MIX, 2)
    game.apply("king")
    assert game.to_act == 2
    assert game.legal_actions() == [V.DOUBLE, V.NO_DOUBLE]
    with pytest.raises(IllegalActionError):
        game.apply("9H")  # the decision comes first
    game.apply("double")
    assert game.legal_actions() == ids(MIX[2])  # now he leads any card
    play(game, "9H JH 7H 8H " + MIX_T2)
    result = game.contracts[0]
    assert result.events[0] == (2, V.DOUBLE)
    # K♥ worth 200 to seat 0; the announcer -50, not multiplied although he is the chooser
    assert result.points == [200, 0, -50, 0]


def test_R5_6_another_seat_doubles_at_his_first_turn():
    # R5.6, R7.1: seat 0 chooses, seat 2 (K♥) announces at his first turn, seat 0 takes K♥
    game = game_on(MIX, 0)
    game.apply("king")
    assert game.legal_actions() == ids(MIX[0])  # no offer to seat 0: he does not hold K♥
    play(game, "7H 8H")
    assert game.to_act == 2
    assert game.legal_actions() == [V.DOUBLE, V.NO_DOUBLE]
    play(game, "double 9H JH " + MIX_T2)
    assert game.contracts[0].points == [200 * 2, 0, -50, 0]


def test_R5_6_announcer_taking_KH_himself():
    # R5.6, R7.1: seat 2 announces and takes K♥ himself: +200, x2 when he is the chooser
    game = game_on(KD1, 2)
    game.apply("king")
    play(game, "double KH 7S 8H 7H")
    result = game.contracts[0]
    assert result.points == [0, 0, 200 * 2, 0]
    assert card_events(result) == 4

    game = game_on(KD1, 1)  # seat 1 chooses and leads 7H; seat 2 announces, takes it: +200
    game.apply("king")
    play(game, "7H double KH 7S 8H")
    assert game.contracts[0].points == [0, 0, 200, 0]


def test_R5_6_offer_only_at_first_turn():
    # R5.6 Decision: after declining, no later double; K♥ stays at 100
    game = game_on(MIX, 0)
    game.apply("king")
    play(game, "7H 8H no-double 9H JH QH AH TH")
    assert game.to_act == 2
    assert game.legal_actions() == ids("KH")  # his only heart, and no double any more
    with pytest.raises(IllegalActionError):
        game.apply("double")
    game.apply("KH")
    assert game.contracts[0].points == [100 * 2, 0, 0, 0]


def test_R5_6_R5_7_double_in_general_another_takes_KH():
    # R5.6, R5.7, R7.3: GEN with seat 3 announcing; seat 2 takes K♥ in trick 6
    game = game_on(GEN, 0)
    game.apply("general")
    play(game, "AC 7C 8C double 9D " + GEN_T2_T8)
    # s0 (chooser): 3 tricks, 9D TD, QH: (30 + 20 + 20) x 2 = 140
    # s1: T4 T7 T8: 30, QD KD AD: 30, QD QC QS: 60, last trick: 100 -> 220
    # s2: T6: 10 + K♥ doubled 200 = 210;  s3: T5: 10 + 7D 8D JD 30 - 50 = -10
    assert game.contracts[0].points == [140, 220, 210, -10]


def test_R5_7_general_all_components_nothing_stops_early():
    # R5.7, R7.1: MIX, chooser seat 1 (x2), no double
    game = game_on(MIX, 1)
    game.apply("general")
    play(game, "8H no-double 9H JH 7H " + MIX_T2)
    assert len(game.contracts) == 1  # K♥ is taken, general goes on
    rest = MIX_T3_T8.split()
    play(game, " ".join(rest[:-1]))  # all diamonds (T6), all queens (T7) are out
    assert len(game.contracts) == 1
    game.apply(rest[-1])
    result = game.contracts[0]
    assert card_events(result) == 32
    # s0 T2 (QH KH): 10 + 20 + 100 = 130
    # s1 T5 T6 (8 ♦ incl. QD): (20 + 150 + 20) x 2 = 380
    # s2 T7 T8 (QS, last trick): 20 + 20 + 100 = 140
    # s3 T1 T3 T4 (QC): 30 + 20 = 50
    assert result.points == [130, 380, 140, 50]


def test_R5_7_eight_tricks_score_0_other_announcer_still_minus_50():
    # R5.7 Decision: BAL, seat 3 takes all 8 tricks -> 0; seat 2 announced K♥ and lost it
    game = game_on(BAL, 0)
    game.apply("general")
    result = finish_contract(game, double=True)
    assert (2, V.DOUBLE) in result.events
    assert card_events(result) == 32
    assert result.points == [0, 0, -50, 0]


def test_R5_7_sweeping_announcer_gets_no_minus_50():
    # R5.7, R5.6: BAL2, seat 3 announces K♥, takes all 8 tricks (K♥ too): 0, no -50
    game = game_on(BAL2, 0)
    game.apply("general")
    result = finish_contract(game, double=True)
    assert (3, V.DOUBLE) in result.events
    assert card_events(result) == 32
    assert result.points == [0, 0, 0, 0]


# -- R7 multipliers --------------------------------------------------------------------------------


def test_R7_1_double_for_the_chooser_only():
    # R7.1: MIX tricks won 1, 2, 2, 3; only the chooser (seat 3) counts x2
    game = game_on(MIX, 3)
    game.apply("tricks")
    play(game, "JH 7H 8H 9H " + MIX_T2 + " " + MIX_T3_T8)
    assert game.contracts[0].points == [10, 20, 20, 30 * 2]


def test_R7_3_minus_50_never_multiplied():
    # R7.3: the chooser-announcer who loses K♥ gets -50, even on his imposed 7th choice (x4)
    game = game_on(MIX, 2)
    set_choice(game, 2, 6, contract_bits("king"))  # shortcut: 6 choices made
    game.apply("king")
    play(game, "double 9H JH 7H 8H " + MIX_T2)
    assert game.contracts[0].choice == 7
    assert game.contracts[0].points == [200, 0, -50, 0]


def test_R7_4_worked_example_general():
    # R7.4: chooser of general takes 3 tricks, 2 diamonds, 1 queen: (30 + 20 + 20) x 2 = 140
    game = game_on(GEN, 0)
    game.apply("general")
    play(game, "AC 7C 8C no-double 9D " + GEN_T2_T8)
    # s1: 30 + 30 + 60 + 100 = 220; s2: 10 + K♥ 100 = 110; s3: 10 + 30 = 40
    assert game.contracts[0].points == [140, 220, 110, 40]
