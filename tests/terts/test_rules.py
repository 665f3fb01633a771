"""One test per rule of /work/shared/games/terts/RULES.md (R1-R10), on hand-built deals.

Every expected value is worked out by hand from RULES.md (the tricks are traced in the
comments), never copied from the engine. Cards are written as in records (R1.2, ``TD``),
events as ``SEAT:ACTION`` (RECORD.md). Seat 0 deals unless said otherwise, so seat 1 leads
trick 1 (R5.1). A card's id is suit * 8 + rank, suits H C D S, ranks 7 8 9 T J Q K A.
"""

import pytest

from sim.games.terts import vocab as V
from sim.games.terts.game import TertsGame
from tests.terts.rules_deals import (
    ALL,
    F1,
    F2,
    F3,
    P0,
    P1,
    RANKS,
    REC,
    REC_EVENTS,
    REC_HANDS,
    REC_MIRROR,
    REC_STOCK,
    REC_TRICKS,
    T7,
    X_EVENTS,
    X,
    cid,
    deal_of,
    game_of,
    game_on,
    ids,
    mask,
    melds,
    mirror,
    names,
    play,
    refused,
    seq,
    to_trick,
    trick8_deal,
)


# -- R1 cards -------------------------------------------------------------------------------
def test_R1_1_a_deal_is_the_32_cards_once_each():
    game = game_on(REC)
    d = game.history[0]
    assert d.hands == [mask(REC_HANDS[0]), mask(REC_HANDS[1])]
    everything = d.hands[0] | d.hands[1] | 1 << d.turned | sum(1 << c for c in d.stock)
    assert everything == (1 << 32) - 1 and len(set(d.stock)) == 13  # R1.1
    with pytest.raises(ValueError):  # 8D twice, 7D nowhere
        game_on((REC_HANDS, "QD", REC_STOCK.replace("7D", "8D")))
    with pytest.raises(ValueError):  # no sixes in the pack
        game_on((REC_HANDS, "QD", REC_STOCK.replace("7D", "6D")))


def test_R1_2_cards_are_written_rank_then_suit():
    by_ids = game_on(([ids(h) for h in REC_HANDS], cid("QD"), [cid(c) for c in REC_STOCK.split()]))
    game = game_on(REC)
    assert [game.hand(p) for p in (0, 1)] == [by_ids.hand(p) for p in (0, 1)]
    assert cid("TD") == 19 and cid("JH") == 4 and cid("JS") == 28  # R1.2, vocab.py
    assert game.parse_action("7C") == cid("7C") == 8
    assert names(game) == set(REC_HANDS[1].split())  # seat 1 leads; no meld, no 7D
    play(game, "1:7C")
    assert game.event_name(cid("AC")) == "AC" and game.history[0].events == [(1, "7C")]


def test_R1_3_the_natural_order_makes_the_sequences():
    # J 9 A and A 10 K are neighbours in the trick orders (R4.1, R4.2), not in the natural one
    game = game_on(deal_of("JD 9D AD AH TH KH 7C 9C 7S", "8D"))  # trumps diamonds
    assert melds(game) == []  # R1.3
    game = game_on(deal_of("9H TH JH 7D 9D KD AC 7C 9S", "8S"))  # J-10-9 of the seed
    assert melds(game) == [seq("JH")] and game.event_name(seq("JH")) == "seq3-JH"


# -- R2 players, R3 the deal --------------------------------------------------------------
def test_R2_2_R2_3_R5_1_the_non_dealer_leads_then_the_trick_winner():
    game = game_on(REC)
    assert game.dealer == 0 and game.to_act == 1 and game.phase == V.LEAD  # R2.2, R5.1
    play(game, "1:7C")
    assert game.to_act == 0 and game.phase == V.FOLLOW  # R2.3 the follower second
    play(game, "0:AC")
    assert game.to_act == 0 and game.phase == V.LEAD and game.trick_no == 1  # the winner leads
    play(game, "0:9S 1:KH")
    assert game.to_act == 0 and game.trick_no == 2
    game = game_on(REC_MIRROR, dealer=1)
    assert game.dealer == 1 and game.to_act == 0  # R5.1 seat 0 leads when seat 1 deals


def test_R3_1_the_first_dealer_is_drawn_by_lot_R3_3_nine_cards_each():
    firsts = []
    for deal_set in range(120):
        game = TertsGame.new(seed=5, deal_set=deal_set)
        d = game.history[0]
        firsts.append(d.dealer)
        assert game.to_act == 1 - d.dealer  # R5.1
        assert [bin(h).count("1") for h in d.hands] == [9, 9] and len(d.stock) == 13  # R3.3
        cards = d.hands[0] | d.hands[1] | 1 << d.turned | sum(1 << c for c in d.stock)
        assert cards == (1 << 32) - 1 and game.trump == d.turned // 8  # R1.1, R3.4
    assert 35 <= firsts.count(0) <= 85, firsts.count(0)  # R3.1 about 60 of 120 each


def test_R3_2_the_last_trick_winner_deals_next():
    game = game_of(0, REC, REC_MIRROR)
    play(game, REC_EVENTS)  # seat 1 wins trick 16 (REC_TRICKS)
    assert game.history[0].last_trick == 1
    assert game.dealer == 1 and game.history[1].dealer == 1  # R3.2
    assert game.to_act == 0 and game.phase == V.LEAD and game.trick_no == 0  # R5.1
    play(game, mirror(REC_EVENTS))  # the same deal, seats exchanged: seat 0 wins trick 16
    assert game.history[1].last_trick == 0 and game.dealer == 0 and game.to_act == 1


def test_R3_4_the_turned_card_is_trump_and_lies_beside_the_stock():
    game = game_on(REC)
    assert game.turned == cid("QD") and game.trump == 2 and game.bottom == cid("QD")  # R3.4
    assert game.history[0].stock == [cid(c) for c in REC_STOCK.split()]
    game = game_on(trick8_deal(*F2))
    assert game.trump == 2 and game.turned == game.bottom == cid("JD")


# -- R4 ranks and card points ----------------------------------------------------------------
def first_trick(turned: str, lead: str, follow: str) -> TertsGame:
    """Seat 1 leads ``lead``, seat 0 plays ``follow``; the other cards fill hands and stock."""
    rest = [c for c in ALL if c not in (turned, lead, follow)]
    hands = [" ".join([follow, *rest[8:16]]), " ".join([lead, *rest[:8]])]
    game = game_on((hands, turned, " ".join(rest[16:])))
    play(game, f"1:{lead} 0:{follow}")
    return game


def trick_won(turned, lead, follow, winner, points):
    game = first_trick(turned, lead, follow)
    assert game.to_act == winner and game.trick_no == 1  # the winner leads trick 2 (R5.1)
    assert game.card_points == ([points, 0] if winner == 0 else [0, points])  # R4.3


@pytest.mark.parametrize("turned, lead, follow, winner, points", [
    ("7H", "9H", "JH", 0, 34),  # trumps hearts: J beats 9 (20 + 14)
    ("7H", "AH", "9H", 0, 25),  # 9 beats A (14 + 11)
    ("7H", "TH", "AH", 0, 21),  # A beats 10
    ("7H", "KH", "TH", 0, 14),  # 10 beats K
    ("7H", "QH", "KH", 0, 7),  # K beats Q
    ("7H", "8H", "QH", 0, 3),  # Q beats 8
    ("AH", "7H", "8H", 0, 0),  # 8 beats 7
    ("7H", "JH", "9H", 1, 34),  # the trump jack is the highest card
    ("7H", "9H", "AH", 1, 25),
    ("7H", "TH", "KH", 1, 14),
    ("7H", "QH", "8H", 1, 3),
])  # fmt: skip
def test_R4_1_trump_order_J_9_A_10_K_Q_8_7(turned, lead, follow, winner, points):
    trick_won(turned, lead, follow, winner, points)  # R4.1


@pytest.mark.parametrize("turned, lead, follow, winner, points", [
    ("7H", "TC", "AC", 0, 21),  # trumps hearts, clubs plain: A beats 10
    ("7H", "KC", "TC", 0, 14),  # 10 beats K
    ("7H", "QC", "KC", 0, 7),
    ("7H", "JC", "QC", 0, 5),  # Q beats J (plain J is worth 2)
    ("7H", "9C", "JC", 0, 2),  # J beats 9 in a plain suit
    ("7H", "8C", "9C", 0, 0),
    ("7H", "7C", "8C", 0, 0),
    ("7H", "JC", "9C", 1, 2),
    ("7H", "AC", "TC", 1, 21),
])  # fmt: skip
def test_R4_2_plain_order_A_10_K_Q_J_9_8_7(turned, lead, follow, winner, points):
    trick_won(turned, lead, follow, winner, points)  # R4.2


@pytest.mark.parametrize("turned, lead, follow, winner, points", [
    ("AD", "9D", "JD", 0, 34),  # trump J 20, trump 9 14
    ("AD", "9C", "JC", 0, 2),  # plain J 2, plain 9 0
    ("7S", "AS", "TS", 1, 21),  # A 11, 10 10 in trumps too
    ("7S", "KS", "QS", 1, 7),  # K 4, Q 3
    ("7S", "8S", "7H", 1, 0),  # 8, 7: nothing
    ("7S", "AH", "TH", 1, 21),
])  # fmt: skip
def test_R4_3_card_points(turned, lead, follow, winner, points):
    trick_won(turned, lead, follow, winner, points)  # R4.3


def test_R4_3_R4_4_the_pack_counts_152_and_the_last_trick_10():
    per_suit = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}  # R4.3 plain; trumps J 20, 9 14
    assert 3 * sum(per_suit.values()) + (20 + 14 + 11 + 10 + 4 + 3) == 152
    for deal, events, cards, last in ((REC, REC_EVENTS, [72, 80], 1), (X, X_EVENTS, [62, 90], 1)):
        game = game_on(deal)
        play(game, events)
        d = game.history[0]
        assert d.card_points == cards and sum(d.card_points) == 152  # R4.3
        assert d.last_trick == last  # R4.4 the winner of trick 16 scores 10 more
        assert d.points[last] == cards[last] + d.meld_points[last] + 10
        assert d.points[1 - last] == cards[1 - last] + d.meld_points[1 - last]


# -- R5 play ----------------------------------------------------------------------------------
def test_R5_1_a_card_not_held_is_refused_naming_R5_1():
    game = game_on(REC)
    refused(game, "AS", "R5.1")  # seat 1 does not hold AS (RECORD.md: "holds the card (R5.1")
    play(game, "1:7C")
    refused(game, "7C", "R5.1")  # played already, and not seat 0's


def test_R5_1_sixteen_tricks_of_two_cards():
    game = game_on(REC)
    play(game, REC_EVENTS)
    d = game.history[0]
    cards = [text for _, text in d.events if text[0] in RANKS]
    assert len(cards) == 32 and len(set(cards)) == 32  # 16 tricks of two cards (R5.1)


@pytest.mark.parametrize("turned, lead, follow, winner, points", [
    ("7H", "AC", "8H", 0, 11),  # a trump beats the led ace
    ("7H", "8H", "AC", 1, 11),  # a trump lead: the plain ace loses
    ("7H", "7C", "AS", 1, 11),  # a card of another plain suit never wins
    ("7H", "7D", "AC", 1, 11),
    ("AD", "JH", "7D", 0, 2),  # the lowest trump beats the plain jack
    ("7S", "JS", "AS", 1, 31),  # trumps spades: J holds against A
])  # fmt: skip
def test_R5_2_the_best_trump_or_else_the_suit_led(turned, lead, follow, winner, points):
    trick_won(turned, lead, follow, winner, points)  # R5.2


def test_R5_3_the_winner_draws_first_the_loser_takes_the_turned_card():
    game = to_trick(F1, 2)  # trick 1: 7S on 7C: seat 1; stock 8H 8D JH 7H QH ...
    assert game.hand(1) == mask("8S 9S TS JS QS KS 7D AS 8H")  # R5.3 the winner: card 20
    assert game.hand(0) == mask("8C 9C TC JC QC KC JD 9D 8D")  # the loser: card 21
    play(game, " ".join(f"1:{a} 0:{b}" for a, b in zip(P1[1:], P0[1:], strict=True)))
    assert game.trick_no == 7 and game.to_act == 1  # the 7th draw: AD to seat 1, QD to 0
    assert game.hand(1) == mask(F1[0]) and game.hand(0) == mask(F1[1])  # 9 cards each again
    play(game, "1:AS 0:JD")
    assert bin(game.hand(0)).count("1") == bin(game.hand(1)).count("1") == 8  # no more draws
    game = game_on(REC)
    play(game, REC_TRICKS[0])  # AC wins: seat 0 draws 9S, seat 1 KH
    assert game.hand(0) == mask("8S 8C AH TD KS KD QS KC 9S")
    assert game.hand(1) == mask("8D JD QH JS 7H TS JC TH KH")


def test_R5_4_any_card_in_tricks_1_to_7():
    game = game_on(REC)
    play(game, "1:7C")  # seat 0 holds 8C AC KC but may play any card (R5.4)
    assert game.legal_actions() == ids(REC_HANDS[0])
    play(game, "0:AC " + " ".join(REC_TRICKS[1:2]) + " 0:TD")  # a trump lead
    assert cid("7H") in game.legal_actions()  # seat 1 holds JD 8D and may discard 7H
    play(game, "1:7H " + " ".join(REC_TRICKS[3:6]) + " 1:JH")  # trick 7
    assert game.legal_actions() == ids("8C KS KD QS KC AS 7S 9H QC")  # 9H or anything


def test_R5_5_follow_suit_from_trick_8_no_duty_to_beat():
    game = to_trick(F1, 8)
    play(game, "1:KH")  # seat 0 holds 7H 9H TH AH
    assert game.legal_actions() == ids("7H 9H TH AH")  # R5.5 (7H need not beat KH)
    refused(game, "JD", "R5.5")  # the jack is no excuse while he has hearts (R5.6)
    refused(game, "AC", "R5.5")
    play(game, "0:7H")
    assert game.to_act == 1 and game.card_points == [0, T7 + 4]


def test_R5_5_R5_6_lacking_the_suit_a_trump_the_jack_or_another():
    game = to_trick(F1, 8)
    play(game, "1:AS")  # seat 0: no spade; JD 9D 8D QD
    assert game.legal_actions() == ids("JD 9D 8D QD")  # R5.5, R5.6 (other trumps: a trump)
    refused(game, "AC", "R5.5")
    refused(game, "7H", "R5.5")
    play(game, "0:8D")  # no duty to beat: the lowest trump wins the spade ace
    assert game.to_act == 0
    game = to_trick(F1, 8)
    play(game, "1:TD")  # a trump lead
    assert game.legal_actions() == ids("JD 9D 8D QD")  # R5.5 trumps, JD among them
    refused(game, "AH", "R5.5")
    play(game, "0:8D")  # TD wins; 8D need not beat it
    assert game.to_act == 1 and game.card_points == [0, T7 + 10]


def test_R5_5_lacking_both_any_card():
    game = to_trick(F3, 8)
    play(game, "1:AD")
    assert game.legal_actions() == [cid("7D")]  # R5.5 his only trump, not the jack
    refused(game, "AH", "R5.5", "R5.6")
    play(game, "0:7D 1:AS")  # AD wins (11); trick 9: seat 0 has no spade and no trump
    assert game.card_points == [0, T7 + 11]
    assert game.legal_actions() == ids("AC 7H 8H 9H TH QH KH AH")  # R5.5 any card


def test_R5_6_the_trump_jack_need_not_be_played_on_a_trump_lead():
    game = to_trick(F2, 8)
    play(game, "1:7D")  # seat 0's only trump is JD
    assert game.legal_actions() == ids(F2[1])  # R5.6 any card
    play(game, "0:AH")  # 7D wins (11)
    assert game.to_act == 1 and game.card_points == [0, T7 + 11]


def test_R5_6_the_trump_jack_need_not_be_played_when_trumping():
    game = to_trick(F2, 8)
    play(game, "1:AS")  # seat 0: no spade, JD his only trump
    assert game.legal_actions() == ids(F2[1])  # R5.6 any card
    play(game, "0:JD")  # or the jack: it wins (20 + 11)
    assert game.to_act == 0 and game.card_points == [31, T7]


def test_R5_6_the_jack_does_not_release_a_held_plain_suit():
    game = to_trick(F2, 8)
    play(game, "1:JH")  # seat 0 holds hearts and JD
    assert game.legal_actions() == ids("7H 8H 9H TH QH KH AH")  # R5.6 he must follow hearts
    refused(game, "JD", "R5.5", "R5.6")
    refused(game, "AC", "R5.5")


def test_R5_7_the_leader_leads_any_card():
    game = to_trick(F1, 8)  # seat 1 holds 7D (the trump 7) and J-Q-K of hearts
    assert game.legal_actions() == ids(F1[0])  # R5.7 (no meld, R7.4a; no swap, R6.1)
    game = to_trick(F1, 1)
    assert set(ids("7S 8S 9S TS JS QS KS 7D AS")) <= set(game.legal_actions())


# -- R6 the exchange ---------------------------------------------------------------------------
def test_R6_1_only_the_holder_of_the_trump_seven_exchanges():
    game = game_on(REC)
    play(game, " ".join(REC_TRICKS[:3]))  # seat 1 drew 7D after trick 3
    assert game.to_act == 0 and game.legal_actions() == ids("8S 8C AH KS KD QS KC TC AS", seq("AS"))
    refused(game, "swap", "R6.1", "R6.2")  # seat 0 does not hold 7D
    play(game, "0:seq3-AS")
    assert game.legal_actions() == [V.SWAP, V.FOUR_J, V.PASS]  # R6.2 before answering
    assert names(game) == {"swap", "four-J", "pass"}  # (TH JH QH are weaker than Q-K-A, R7.5)
    play(game, "1:four-J 0:8S 1:JS")
    assert game.legal_actions() == ids("8D JD QH TS JC TH JH 7D 8H", V.SWAP, seq("QH"))
    play(game, "1:swap")  # R6.1 at his lead of trick 5
    assert game.hand(1) == mask("8D JD QH TS JC TH JH QD 8H") and game.bottom == cid("7D")
    assert game.turned == cid("QD") and game.to_act == 1 and game.phase == V.LEAD


def test_R6_1_the_seven_is_drawn_last_by_the_loser_of_trick_7():
    game = game_on(REC)
    play(game, " ".join(REC_TRICKS[:7]))  # seat 1 swapped at trick 5; seat 0 lost trick 7
    assert game.hand(0) == mask("8C KS KD QS KC AS 9H QC 7D")  # R6.1, R5.3
    assert game.hand(1) == mask("JD QH TS TH 8H QD 9D 9C AD")
    game = to_trick(F1, 7)  # seat 1 has held 7D from the start
    assert V.SWAP in game.legal_actions()  # R6.1 still at trick 7
    play(game, "1:swap 1:KS 0:KC")
    assert game.hand(1) == mask("QD AS 8H JH QH KH TD KD AD")
    assert game.hand(0) == mask("JD 9D 8D 7D 7H 9H TH AH AC")  # 7D in the turned card's stead


def test_R6_1_no_exchange_from_trick_8():
    game = to_trick(F1, 8)  # seat 1 kept 7D through trick 7
    assert game.hand(1) >> cid("7D") & 1 and V.SWAP not in game.legal_actions()
    refused(game, "swap", "R6.1")  # R6.1 the stock is exhausted


def test_R6_2_swap_then_declare_a_run_made_with_the_turned_card():
    # trumps hearts, QH turned; seat 1 holds 7H TH JH KH: no run, no marriage
    game = game_on(deal_of("7H TH JH KH 7C 9C 7D 9D 7S", "QH", "8C TC QC 8D TD QD 8S TS QS"))
    assert game.legal_actions() == ids("7H TH JH KH 7C 9C 7D 9D 7S", V.SWAP)
    play(game, "1:swap")  # R6.2 before declaring
    assert game.to_act == 1 and game.phase == V.LEAD and game.bottom == cid("7H")
    assert game.hand(1) == mask("QH TH JH KH 7C 9C 7D 9D 7S") and game.meld_points == [0, 0]
    assert melds(game) == sorted([V.MARRIAGE, seq("KH")])  # T-J-Q-K and K-Q of trumps
    assert game.event_name(seq("KH")) == "seq4-KH"
    play(game, "1:seq4-KH 0:pass")
    assert game.meld_points == [0, 50] and game.phase == V.LEAD_CARD  # R7.1, R7.7
    assert game.legal_actions() == ids("QH TH JH KH 7C 9C 7D 9D 7S")  # once a deal (R6.2)


SW2 = deal_of("JC QC KC 7H 9H 7D 9D AH AD", "KS", "7S JS QS 8H TH 8D TD 8C AC")


def test_R6_2_the_follower_swaps_before_answering():
    game = game_on(SW2)  # trumps spades, KS turned; seat 0 holds 7S JS QS
    play(game, "1:seq3-KC")
    assert game.legal_actions() == [V.SWAP, V.PASS]  # J-Q of spades is no meld yet
    play(game, "0:swap")
    assert game.to_act == 0 and game.phase == V.ANSWER
    # J-Q-K of trumps beats J-Q-K of clubs (R7.5); K-Q of trumps is never an answer (R7.6)
    assert game.legal_actions() == [seq("KS"), V.PASS]
    refused(game, "marriage", "R7.6")
    play(game, "0:seq3-KS")
    assert game.meld_points == [20, 0] and game.to_act == 1 and game.phase == V.LEAD_CARD


def test_R6_2_the_follower_swaps_before_playing_his_card():
    game = game_on(SW2)
    play(game, "1:AH")
    assert game.legal_actions() == ids("7S JS QS 8H TH 8D TD 8C AC", V.SWAP)
    play(game, "0:swap")
    assert game.to_act == 0 and game.phase == V.FOLLOW
    assert game.legal_actions() == ids("KS JS QS 8H TH 8D TD 8C AC")
    play(game, "0:KS")  # the trump wins the ace: 11 + 4 to seat 0
    assert game.to_act == 0 and game.card_points == [15, 0]


def test_R6_2_the_leader_swaps_after_his_declaration_before_his_card():
    game = game_on(deal_of("7H KH QH 7C 9C JC 7D 9D JD", "AH", "8C TC QC 8D TD QD 8S TS QS"))
    play(game, "1:marriage")  # trumps hearts
    assert game.meld_points == [0, 20] and game.to_act == 1 and game.phase == V.LEAD_CARD
    assert game.legal_actions() == ids("7H KH QH 7C 9C JC 7D 9D JD", V.SWAP)  # R6.2
    play(game, "1:swap 1:AH")
    assert game.to_act == 0 and game.phase == V.FOLLOW and game.bottom == cid("7H")
    game = game_on(deal_of("7H 9C TC JC 7D 9D KD 8S 9S", "AH", "8H TH QH 8D TD QD TS QS AS"))
    play(game, "1:seq3-JC 0:pass")  # after the answer too ([L:swap] in RECORD.md)
    assert V.SWAP in game.legal_actions()
    play(game, "1:swap")
    assert game.to_act == 1 and game.phase == V.LEAD_CARD and game.meld_points == [0, 20]


def test_R6_2_one_exchange_a_deal():
    game = game_on(REC)
    play(game, " ".join(REC_TRICKS[:4]) + " 1:swap")
    for event in " ".join(REC_TRICKS[4:7]).split()[1:]:  # the rest of tricks 5-7
        assert V.SWAP not in game.legal_actions(), event  # R6.2
        play(game, event)
    refused(game, "swap", "R6.1", "R6.2")


def test_R6_2_no_exchange_when_the_seven_is_turned():
    game = game_on(trick8_deal(*F3))  # 7D turned
    for a, b in zip(P1, P0, strict=True):
        assert V.SWAP not in game.legal_actions()  # R6.2
        if a == "7S":
            refused(game, "swap", "R6.1", "R6.2")
        play(game, f"1:{a}")
        assert V.SWAP not in game.legal_actions()
        play(game, f"0:{b}")


def test_R6_3_the_exchange_scores_nothing():
    game = game_on(REC)
    play(game, " ".join(REC_TRICKS[:4]))
    before = (game.meld_points, game.card_points)
    play(game, "1:swap")
    assert (game.meld_points, game.card_points) == before == ([0, 200], [25, 2])  # R6.3
