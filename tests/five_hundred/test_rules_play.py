"""One test per rule of RULES.md R7-R11 (the play, no trumps and the joker, scoring, the end,
information), on the hand-built deals of ``tests.five_hundred.rules_deals``; R1-R6 are in
test_rules.py. Every expected value is worked out by hand from RULES.md."""

import numpy as np
import pytest

from sim.games.five_hundred import state as S
from sim.games.five_hundred.cards import parse_card
from sim.games.five_hundred.game import FiveHundredGame, IllegalActionError
from tests.five_hundred.rules_deals import (
    A_PLAY,
    B_PLAY,
    JOKER_1,
    LEFT_1,
    MIXED,
    SPREAD,
    SPREAD_HANDS,
    cards,
    game_on,
    mask,
    names,
    play,
    refused,
    trick_winner,
    voids,
)


# -- R7 the play ---------------------------------------------------------------------------------
def test_R7_1_the_contractor_leads_then_the_winner_all_ten_tricks():
    game = game_on(SPREAD, 3)
    play(game, "0:pass 1:bid:9NT 2:pass 3:pass 1:discard:5C 1:discard:6C 1:discard:7C")
    assert game.to_act == 1  # R7.1 the contractor, not the eldest (seat 0)
    play(game, "1:4H 2:5D 3:5S 0:5H")
    assert game.to_act == 0  # the winner of trick 1 leads
    play(game, "0:AH 1:JK 2:6D 3:6S")
    assert game.to_act == 1
    game = game_on(SPREAD, 3)
    play(game, "0:pass 1:bid:9NT 2:pass 3:pass " + B_PLAY)  # play checks every turn
    d = game.history[0]
    assert len(d.events) == 4 + 3 + 40 and d.tricks == [2, 8]


def test_R7_2_follow_the_suit_led_if_possible_no_need_to_beat_or_to_trump():
    # MIXED, dealer 3, seat 0 in hearts discards the kitty (4D 6S 5S)
    game = game_on(MIXED, 3)
    play(game, "0:bid:6H 1:pass 2:pass 3:pass 0:discard:4D 0:discard:6S 0:discard:5S")
    assert all(not voids(game, p) for p in range(4))  # R7.2 the discards show nothing
    play(game, "0:5C")
    assert set(names(game)) == {"AC", "KC"}  # R7.2 a club if he can
    refused(game, "AS", "R7.2")
    play(game, "1:AC")
    assert set(names(game)) == set(cards("QC JC TC 9C 8C 7C 6C"))  # JC is a plain club
    play(game, "2:6C")  # no obligation to beat
    assert set(names(game)) == set(MIXED[0][3].split())  # void in clubs: any card
    play(game, "3:5D")  # ... no obligation to trump (JD is a trump)
    assert game.state[S.LEADER] == 1  # AC, the highest club, no trump (R7.4)
    assert voids(game, 3) == {"C"} and [voids(game, p) for p in (0, 1, 2)] == [set()] * 3


def test_R7_3_a_lone_joker_or_left_bower_follows_trumps_never_its_printed_suit():
    # JOKER_1, dealer 3, seat 0 in hearts leads AH: seat 1's only trump is the joker,
    # seat 2's the left bower JD: each must play it
    game = game_on(JOKER_1, 3)
    play(game, "0:bid:7H 1:pass 2:pass 3:pass 0:discard:4D 0:discard:5C 0:discard:5H")
    play(game, "0:AH")
    assert names(game) == ["JK"]  # R7.3
    refused(game, "AC", "R7.3")
    play(game, "1:JK")
    assert names(game) == ["JD"]  # R7.3
    refused(game, "AD", "R7.2")
    play(game, "2:JD 3:5S")
    assert game.state[S.LEADER] == 1  # the joker wins (R1.3)
    # LEFT_1: seat 1 holds JD and clubs. A trump lead: he must play JD
    game = game_on(LEFT_1, 3)
    play(game, "0:bid:7H 1:pass 2:pass 3:pass 0:discard:5H 0:discard:6H 0:discard:7H")
    play(game, "0:AH")
    assert names(game) == ["JD"]  # R7.3
    play(game, "1:JD")
    assert set(names(game)) == set(LEFT_1[0][2].split())  # seat 2: no trump, any card
    play(game, "2:5C 3:5S")
    assert game.state[S.LEADER] == 1  # the left bower beats AH
    # the same deal, diamonds led: JD does not follow diamonds; seat 1, void in diamonds,
    # may play it as a trump and it wins
    game = game_on(LEFT_1, 3)
    play(game, "0:bid:7H 1:pass 2:pass 3:pass 0:discard:5H 0:discard:6H 0:discard:7H")
    play(game, "0:4D")
    assert set(names(game)) == set(LEFT_1[0][1].split())  # R7.3 void in diamonds: any card
    play(game, "1:JD")
    assert voids(game, 1) == {"D"}  # he has shown void in diamonds (R7.2)
    assert set(names(game)) == set(cards("5D 6D 7D 8D 9D TD QD KD AD"))  # seat 2 follows
    play(game, "2:AD 3:5S")
    assert game.state[S.LEADER] == 1  # R7.3 as a trump, JD beats AD


@pytest.mark.parametrize("bid, trick, winner", [
    ("6H", "9C AD AS KC", 3),  # no trump: the highest club; the aces of other suits lose
    ("6H", "5D 4D 6S 7C", 0),  # 5D; the 6 and 7 of other suits lose
    ("6H", "7S 9H 4H AS", 1),  # trumps: the highest trump, not the highest spade
    ("6NT", "KC AH AS AD", 0),
])  # fmt: skip
def test_R7_4_the_highest_trump_or_else_the_highest_of_the_suit_led(bid, trick, winner):
    # R7.4
    assert trick_winner(bid, trick) == winner


# -- R8 no trumps and the joker ----------------------------------------------------------------
def test_R8_1_the_no_trump_joker_is_played_only_when_void_and_wins():
    # MIXED, dealer 0: seat 1 in no trumps discards the kitty and leads AC; seat 0 holds the
    # joker and 5C
    game = game_on(MIXED, 0)
    play(game, "1:bid:6NT 2:pass 3:pass 0:pass 1:discard:4D 1:discard:6S 1:discard:5S")
    play(game, "1:AC 2:6C 3:5D")
    assert names(game) == ["5C"]  # R8.1 the joker has no suit: it does not follow clubs
    refused(game, "JK", "R8.1")
    refused(game, "JK", "R7.2")
    play(game, "0:5C")  # AC wins: seat 1
    play(game, "1:KC 2:7C 3:6D")
    assert "JK" in names(game) and len(names(game)) == 9  # void in clubs: any card
    play(game, "0:JK")  # R8.1 the joker wins
    assert game.state[S.LEADER] == 0 and game.state[S.TRICKS_WON + 0] == 1
    assert game.history[0].events[-4:] == [(1, "KC"), (2, "7C"), (3, "6D"), (0, "JK")]


@pytest.mark.parametrize("bid, trick, winner", [
    ("6NT", "AH JK KH QH", 1),  # void in hearts, he plays the joker: it wins
    ("6NT", "JK=C AC KC QC", 0),  # led, naming clubs
    ("6NT", "JK=S AH AD AC", 0),  # naming spades: nobody has a spade
    ("6NT", "4D 5D 6D JK", 3),
])  # fmt: skip
def test_R8_1_the_no_trump_joker_wins_every_trick(bid, trick, winner):
    # R8.1
    assert trick_winner(bid, trick) == winner


def test_R8_2_the_no_trump_joker_leads_naming_a_suit_in_trumps_it_is_plain():
    # MIXED, dealer 3, seat 0 in no trumps; trick 1: 0:5C 1:AC 2:6C 3:5D, trick 2:
    # 1:KC 2:7C 3:6D 0:7H (seat 1, KC), trick 3: 1:4H 2:5H 3:7D 0:AH (seat 0)
    game = game_on(MIXED, 3)
    play(game, "0:bid:6NT 1:pass 2:pass 3:pass 0:discard:4D 0:discard:6S 0:discard:5S")
    play(game, "0:5C 1:AC 2:6C 3:5D 1:KC 2:7C 3:6D 0:7H 1:4H 2:5H 3:7D 0:AH")
    assert game.to_act == 0
    refused(game, "JK", "R8.2")  # R8.2 a no-trump joker lead names a suit
    play(game, "0:JK=D")
    assert game.state[S.TO_FOLLOW] == 2  # R8.2 the others follow diamonds
    assert set(names(game)) == set(cards("AS KS QS JS TS 9S 8S"))  # seat 1: no diamond
    play(game, "1:8S 2:7S")
    assert set(names(game)) == set(cards("AD KD QD JD TD 9D 8D"))  # seat 3 must follow
    play(game, "3:AD")
    assert game.state[S.LEADER] == 0  # the joker wins
    assert game.history[0].events[-4:] == [(0, "JK=D"), (1, "8S"), (2, "7S"), (3, "AD")]
    # the same deal in hearts: the joker leads as plain JK, a trump lead
    game = game_on(MIXED, 3)
    play(game, "0:bid:6H 1:pass 2:pass 3:pass 0:discard:4D 0:discard:6S 0:discard:5S")
    assert "JK" in names(game) and not any(n.startswith("JK=") for n in names(game))
    refused(game, "JK=S", "R8.2")
    play(game, "0:JK")
    assert game.state[S.TO_FOLLOW] == 0  # hearts
    assert names(game) == ["4H"]  # seat 1: his only trump
    play(game, "1:4H")
    assert set(names(game)) == {"5H", "6H"}
    play(game, "2:5H")
    assert names(game) == ["JD"]  # seat 3: the left bower is his only trump (R7.3)
    play(game, "3:JD")
    assert game.state[S.LEADER] == 0  # the joker wins (R1.3)
    assert game.history[0].events[-4:] == [(0, "JK"), (1, "4H"), (2, "5H"), (3, "JD")]


def test_R8_2_the_no_trump_joker_names_no_suit_when_not_leading():
    game = game_on(MIXED, 0)
    play(game, "1:bid:6NT 2:pass 3:pass 0:pass 1:discard:4D 1:discard:6S 1:discard:5S")
    play(game, "1:AC 2:6C 3:5D 0:5C 1:KC 2:7C 3:6D")
    refused(game, "JK=C", "R8.2")  # R8.2 a suit is named only with the joker's lead
    assert not any(n.startswith("JK=") for n in names(game))


def test_R8_3_the_leader_may_not_name_a_suit_he_showed_void_in():
    # as in R8.2: seat 0 showed void in clubs at trick 2 (7H on KC); he holds KH-8H and the
    # joker: no club, no diamond, no spade
    game = game_on(MIXED, 3)
    play(game, "0:bid:6NT 1:pass 2:pass 3:pass 0:discard:4D 0:discard:6S 0:discard:5S")
    play(game, "0:5C 1:AC 2:6C 3:5D 1:KC 2:7C 3:6D 0:7H")
    assert voids(game, 0) == {"C"} and voids(game, 3) == {"C"}
    play(game, "1:4H 2:5H 3:7D 0:AH")
    assert voids(game, 3) == {"C", "H"}
    refused(game, "JK=C", "R8.3")  # R8.3
    # any other suit, even one he no longer holds (D, S: discarded)
    assert set(names(game)) == set(cards("KH QH JH TH 9H 8H JK=H JK=D JK=S"))


def test_R8_4_the_no_trump_joker_may_lead_any_trick_the_first_too():
    game = game_on(MIXED, 3)
    play(game, "0:bid:6NT 1:pass 2:pass 3:pass 0:discard:4D 0:discard:6S 0:discard:5S")
    assert {"JK=H", "JK=C", "JK=D", "JK=S"} <= set(names(game))  # R8.4 at trick 1
    play(game, "0:JK=C")
    assert set(names(game)) == {"AC", "KC"}  # seat 1 follows the named suit
    play(game, "1:KC 2:QC 3:AD")
    assert game.state[S.LEADER] == 0


# -- R9 scoring -----------------------------------------------------------------------------------
def test_R9_1_made_scores_the_bid_value_set_loses_it():
    game = game_on(SPREAD, 3)  # B: team 1 takes 8 tricks
    play(game, "0:pass 1:bid:8NT 2:pass 3:pass " + B_PLAY)
    assert game.history[0].points[1] == 320  # R9.1 made: 8NT = 320
    game = game_on(SPREAD, 3)
    play(game, "0:pass 1:bid:9NT 2:pass 3:pass " + B_PLAY)
    d = game.history[0]
    assert d.tricks == [2, 8] and d.points[1] == -420  # R9.1 set: minus 9NT = 420
    assert d.totals == [20, -420] and game.totals == [20, -420] and not game.over  # below 0


def test_R9_2_defenders_score_10_a_trick_made_or_set():
    for bid in ("7NT", "9NT"):  # B: made, then set; team 0 defends with 2 tricks
        game = game_on(SPREAD, 3)
        play(game, f"0:pass 1:bid:{bid} 2:pass 3:pass " + B_PLAY)
        assert game.history[0].points[0] == 20  # R9.2
    game = game_on(SPREAD, 3)  # A: the defenders take nothing
    play(game, "0:bid:7NT 1:pass 2:pass 3:pass " + A_PLAY)
    assert game.history[0].points[1] == 0


def test_R9_3_no_bonus_for_overtricks_or_for_all_ten():
    game = game_on(SPREAD, 3)  # A: ten tricks on 7NT
    play(game, "0:bid:7NT 1:pass 2:pass 3:pass " + A_PLAY)
    d = game.history[0]
    assert d.tricks == [10, 0] and d.points == [220, 0]  # R9.3 7NT = 220, nothing more
    game = game_on(SPREAD, 3)
    play(game, "0:bid:10NT 1:pass 2:pass 3:pass " + A_PLAY)
    assert game.history[0].points == [520, 0]  # R9.3 no slam bonus


def test_R9_4_a_thrown_in_deal_scores_nothing():
    game = game_on(SPREAD, 3)
    game.state[S.TOTALS] = 120  # set by hand: totals 120, -40 before the deal
    game.state[S.TOTALS + 1] = -40
    play(game, "0:pass 1:pass 2:pass 3:pass")
    assert game.history[0].points == [0, 0] and game.totals == [120, -40]  # R9.4


# -- R10 the end -----------------------------------------------------------------------------
def set_up(deal, dealer: int, totals, deal_no: int = 0) -> FiveHundredGame:
    """A game whose totals (and DEAL_NO) are set by hand before its deal is played."""
    game = game_on(deal, dealer)
    game.state[S.TOTALS] = totals[0]
    game.state[S.TOTALS + 1] = totals[1]
    game.state[S.DEAL_NO] = deal_no
    return game


def test_R10_1_reaching_500_wins_as_contractors_or_as_defenders():
    game = set_up(SPREAD, 3, (280, 0))  # A: 7NT made, 280 + 220 = 500
    play(game, "0:bid:7NT 1:pass 2:pass 3:pass " + A_PLAY)
    assert game.over and game.end == "reached-500" and game.totals == [500, 0]  # R10.1
    assert game.results() == ([1, 2, 1, 2], [0.5, 0.0, 0.5, 0.0])
    game = set_up(SPREAD, 3, (480, 0))  # B: team 0 defends, 480 + 20 = 500
    play(game, "0:pass 1:bid:9NT 2:pass 3:pass " + B_PLAY)
    assert game.over and game.end == "reached-500" and game.totals == [500, -420]  # R10.1
    assert game.results() == ([1, 2, 1, 2], [0.5, 0.0, 0.5, 0.0])
    game = set_up(SPREAD, 3, (470, 0))  # 490: not yet
    play(game, "0:pass 1:bid:9NT 2:pass 3:pass " + B_PLAY)
    assert not game.over and game.end is None and game.totals == [490, -420]
    assert len(game.history) == 2 and game.to_act == 1  # the next deal, dealer 0


def test_R10_2_both_teams_reach_500_the_contractors_win_even_lower():
    game = set_up(SPREAD, 3, (490, 280))  # B: 7NT made by team 1: 280 + 220; 490 + 20
    play(game, "0:pass 1:bid:7NT 2:pass 3:pass " + B_PLAY)
    assert game.totals == [510, 500]
    assert game.over and game.end == "reached-500"  # R10.2 team 1, the contractors, win
    assert game.results() == ([2, 1, 2, 1], [0.0, 0.5, 0.0, 0.5])


def test_R10_3_minus_500_loses():
    game = set_up(SPREAD, 3, (0, -100))  # B: 9NT set, -100 - 420 = -520
    play(game, "0:pass 1:bid:9NT 2:pass 3:pass " + B_PLAY)
    assert game.totals == [20, -520]
    assert game.over and game.end == "minus-500"  # R10.3 team 0 wins
    assert game.results() == ([1, 2, 1, 2], [0.5, 0.0, 0.5, 0.0])
    game = set_up(SPREAD, 3, (0, -80))  # exactly -500 loses
    play(game, "0:pass 1:bid:9NT 2:pass 3:pass " + B_PLAY)
    assert game.totals == [20, -500] and game.end == "minus-500"
    game = set_up(SPREAD, 3, (0, -79))  # -499 does not
    play(game, "0:pass 1:bid:9NT 2:pass 3:pass " + B_PLAY)
    assert game.totals == [20, -499] and not game.over
    game = set_up(SPREAD, 3, (480, -100))  # -520 and 500 in one deal: the defenders reached
    play(game, "0:pass 1:bid:9NT 2:pass 3:pass " + B_PLAY)
    assert game.totals == [500, -520] and game.end == "reached-500"  # R10.3, R10.1
    assert game.results() == ([1, 2, 1, 2], [0.5, 0.0, 0.5, 0.0])


def test_R10_4_the_cap_after_200_deals():
    # DEAL_NO is set by hand: 199 = the 200th deal
    game = set_up(SPREAD, 3, (100, 100), deal_no=199)
    play(game, "0:pass 1:pass 2:pass 3:pass")  # a thrown-in deal counts
    assert game.over and game.end == "deal-cap" and game.totals == [100, 100]
    assert game.results() == ([1, 1, 1, 1], [0.25, 0.25, 0.25, 0.25])  # R10.4 a tie
    game = set_up(SPREAD, 3, (120, 150), deal_no=199)
    play(game, "0:pass 1:pass 2:pass 3:pass")
    assert game.end == "deal-cap" and game.results() == ([2, 1, 2, 1], [0.0, 0.5, 0.0, 0.5])
    game = set_up(SPREAD, 3, (0, 0), deal_no=199)  # A: 220 to 0
    play(game, "0:bid:7NT 1:pass 2:pass 3:pass " + A_PLAY)
    assert game.end == "deal-cap" and game.results() == ([1, 2, 1, 2], [0.5, 0.0, 0.5, 0.0])
    # R10.1-R10.3 first: 280 + 220 = 500 at the 200th deal is reached-500
    game = set_up(SPREAD, 3, (280, 0), deal_no=199)
    play(game, "0:bid:7NT 1:pass 2:pass 3:pass " + A_PLAY)
    assert game.end == "reached-500" and game.totals == [500, 0]
    game = set_up(SPREAD, 3, (0, -100), deal_no=199)  # B: -520
    play(game, "0:pass 1:bid:9NT 2:pass 3:pass " + B_PLAY)
    assert game.end == "minus-500" and game.results()[0] == [1, 2, 1, 2]
    # the 199th deal does not end the game; the 200th does
    game = set_up(SPREAD, 3, (0, 0), deal_no=198)
    play(game, "0:pass 1:pass 2:pass 3:pass")
    assert not game.over and game.deal_no == 199
    play(game, "1:pass 2:pass 3:pass 0:pass")
    assert game.over and game.end == "deal-cap" and len(game.history) == 2


def test_R10_5_the_game_ends_at_once():
    game = set_up(SPREAD, 3, (280, 0))
    play(game, "0:bid:7NT 1:pass 2:pass 3:pass " + A_PLAY)
    assert game.over and len(game.history) == 1  # R10.5 no later deal is dealt
    assert game.to_act is None and game.legal_actions() == []
    with pytest.raises(IllegalActionError):
        game.apply(25)
    assert len(game.history) == 1 and game.totals == [500, 0]


def test_R10_6_partners_share_ranks_and_win_shares():
    game = set_up(SPREAD, 3, (0, -100))  # team 0 wins (R10.3)
    play(game, "0:pass 1:bid:9NT 2:pass 3:pass " + B_PLAY)
    ranks, shares = game.results()
    assert ranks == [1, 2, 1, 2] and shares == [0.5, 0.0, 0.5, 0.0]  # R10.6
    assert sum(shares) == 1.0
    game = set_up(SPREAD, 3, (490, 280))  # team 1 wins (R10.2)
    play(game, "0:pass 1:bid:7NT 2:pass 3:pass " + B_PLAY)
    assert game.results() == ([2, 1, 2, 1], [0.0, 0.5, 0.0, 0.5])
    game = game_on(SPREAD, 3)
    with pytest.raises(ValueError):
        game.results()  # not over: no results


# -- R11 information ---------------------------------------------------------------------------
def test_R11_1_a_bot_sees_its_cards_and_the_contractor_his_discards():
    game = game_on(SPREAD, 3)
    play(game, "0:bid:7H 1:pass 2:pass")
    for p in range(4):  # the kitty is nobody's before the auction ends (R11.1)
        assert game.observation(p).hand == mask(SPREAD_HANDS[p])
    play(game, "3:pass 0:discard:JK 0:discard:4D 0:discard:5H")
    ten = mask("6H 7H 8H 9H TH JH QH KH AH 4H")
    # the discards, lowest card first, card + 1 in six bits from bit 45: 5H = 1, 4D = 22,
    # JK = 44 (card = suit * 11 + rank, suits H C D S, ranks 4 ... A)
    assert [parse_card(c) for c in ("5H", "4D", "JK")] == [1, 22, 44]
    want = ten | (1 + 1) << 45 | (22 + 1) << 51 | (44 + 1) << 57
    obs = game.observation(0)
    assert obs.seat == 0 and obs.hand == want and game.hand(0) == ten  # R11.1
    for p in (1, 2, 3):  # nobody else learns them
        assert game.observation(p).hand == mask(SPREAD_HANDS[p])
    assert np.array_equal(obs.public, game.state[: S.PUB_SIZE])


def test_R11_2_the_public_state_holds_no_other_seats_cards():
    # R11.1, R11.2: seats 1 and 3 swap hands; seat 0 bids and discards the same: the public
    # slots stay the same at every step
    swapped = ([SPREAD_HANDS[0], SPREAD_HANDS[3], SPREAD_HANDS[2], SPREAD_HANDS[1]], "4H 4D JK")
    a, b = game_on(SPREAD, 3), game_on(swapped, 3)
    for event in cards("0:bid:7H 1:pass 2:pass 3:pass 0:discard:JK 0:discard:4D 0:discard:5H"):
        assert np.array_equal(a.state[: S.PUB_SIZE], b.state[: S.PUB_SIZE]), event
        play(a, event)
        play(b, event)
    assert np.array_equal(a.state[: S.PUB_SIZE], b.state[: S.PUB_SIZE])
    assert a.observation(0).hand == b.observation(0).hand  # seat 0's view alike too
    assert a.observation(1).hand != b.observation(1).hand
    # other discards: the public slots cannot tell (R11.1 they are never shown)
    c = game_on(SPREAD, 3)
    play(c, "0:bid:7H 1:pass 2:pass 3:pass 0:discard:6H 0:discard:7H 0:discard:8H")
    assert np.array_equal(a.state[: S.PUB_SIZE], c.state[: S.PUB_SIZE])


def test_R11_3_shown_voids_are_public():
    game = game_on(MIXED, 3)
    play(game, "0:bid:6NT 1:pass 2:pass 3:pass 0:discard:4D 0:discard:6S 0:discard:5S")
    play(game, "0:5C 1:AC 2:6C 3:5D")
    assert S.VOIDS + 3 < S.PUB_SIZE  # R11.3 in the public slots
    assert game.observation(1).public[S.VOIDS + 3] == 1 << 1  # seat 3 showed void in clubs
