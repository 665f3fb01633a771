"""One test per rule of /work/shared/games/five-hundred/RULES.md (R1-R11), on hand-built deals.

Every expected value is worked out by hand from RULES.md (the tricks are traced in the
comments), never copied from the engine. A deal is four hands and the kitty in R1.2
notation; events are written as in records (``0:bid:7H``, ``1:discard:QC``, ``2:JK=S``).
Suits are H C D S; a suit's bit in ``VOIDS`` is its place in that order (state.py).
"""

import pytest

from sim.games.five_hundred import rules
from sim.games.five_hundred import state as S
from sim.games.five_hundred.cards import CARD_NAMES, card_name, parse_card, trump_cards
from sim.games.five_hundred.game import FiveHundredGame, parse_bid
from sim.games.five_hundred.vocab import D
from tests.five_hundred.rules_deals import (
    A_PLAY,
    ALL,
    E_PLAY,
    JOKER_1,
    RANKS,
    SPREAD,
    SPREAD_HANDS,
    cards,
    game_on,
    mask,
    names,
    play,
    refused,
    trick_winner,
)


# -- R1 cards ----------------------------------------------------------------------------------
def test_R1_1_R1_2_the_43_cards_and_their_notation():
    # R1.1: A K Q J T 9 8 7 6 5 of four suits, 4H, 4D and the joker; no black fours
    want = {r + s for r in "56789TJQKA" for s in "HCDS"} | {"4H", "4D", "JK"}
    assert len(want) == 43 and set(CARD_NAMES.values()) == want
    for name in want:
        assert card_name(parse_card(name)) == name  # R1.2 rank then suit, JK
    for black_four in ("4C", "4S"):
        with pytest.raises(ValueError, match=r"R1\.1"):
            parse_card(black_four)
    with pytest.raises(ValueError):  # a deal with a black four is no deal
        game_on((["4C" + SPREAD_HANDS[0][2:], *SPREAD_HANDS[1:]], "4H 4D JK"), 3)
    game = game_on(SPREAD, 3)
    play(game, "0:bid:7NT 1:pass 2:pass 3:pass")
    assert set(names(game)) == {"discard:" + c for c in (SPREAD_HANDS[0] + " 4H 4D JK").split()}
    play(game, A_PLAY)
    events = game.history[0].events  # R1.2: records write TD, JK, JK=H
    assert events[:4] == [(0, "bid:7NT"), (1, "pass"), (2, "pass"), (3, "pass")]
    assert events[4:8] == [(0, "discard:4D"), (0, "discard:5H"), (0, "discard:6H"), (0, "AH")]
    assert events[-4:] == [(0, "JK=H"), (1, "AC"), (2, "AD"), (3, "AS")]


def test_R1_3_the_trumps_13_if_red_12_if_black():
    # R1.3: the trump suit, both bowers (the jacks of the suit's colour) and the joker
    red = "JK JH JD AH KH QH TH 9H 8H 7H 6H 5H 4H"
    black = "JK JC JS AC KC QC TC 9C 8C 7C 6C 5C"
    assert trump_cards(0) == mask(red) and len(red.split()) == 13  # hearts
    assert trump_cards(2) == mask("JK JD JH AD KD QD TD 9D 8D 7D 6D 5D 4D")  # diamonds
    assert trump_cards(1) == mask(black) and len(black.split()) == 12  # clubs
    assert trump_cards(3) == mask("JK JS JC AS KS QS TS 9S 8S 7S 6S 5S")  # spades


@pytest.mark.parametrize("bid, trick, winner", [
    ("6H", "AH JD KH 4H", 1),  # the left bower beats the ace
    ("6H", "JD JH AH KH", 1),  # the right bower beats the left
    ("6H", "JH JK AH QH", 1),  # the joker beats the right bower
    ("6H", "KH 4H AH QH", 2),  # then A K Q ...
    ("6H", "TH 9H 5H 4H", 0),  # ... 10 9 ... 5 4
    ("6H", "5H 4H 6H 9H", 3),
    ("6H", "4H AD AC AS", 0),  # the red 4 is a trump, the lowest
    ("6D", "AD JH KD 4D", 1),  # diamonds: the left bower is JH
    ("6D", "JH JD JK AD", 2),
    ("6S", "AS JC KS 5S", 1),  # spades: the left bower is JC
    ("6S", "JC JS JK AS", 2),
    ("6S", "5S AH AD AC", 0),  # the black trumps end at 5
    ("6C", "AC JS KC 5C", 1),  # clubs: the left bower is JS
    ("6C", "JS JC QC 5C", 1),
])  # fmt: skip
def test_R1_3_trump_order_joker_right_left_A_K_to_4(bid, trick, winner):
    # R1.3 (R7.4 the highest trump wins); the winner worked out from the order in RULES.md
    assert trick_winner(bid, trick) == winner


@pytest.mark.parametrize("bid, trick, winner", [
    ("6H", "KD QD AD TD", 2),  # hearts trumps: diamonds A K Q 10 (their jack is a trump)
    ("6H", "8D 4D 5D 9D", 3),  # ... 9 8 5 4
    ("6H", "QD TD 9D JD", 3),  # JD, played by a seat void in diamonds, is a trump
    ("6H", "JC QC TC 5C", 1),  # the other colour keeps its jack: A K Q J 10
    ("6H", "JC TC 9C 8C", 0),
    ("6S", "TC 9C QC KC", 3),  # spades trumps: clubs have no jack
    ("6S", "JD QD 4D 5D", 1),  # diamonds keep theirs, below the queen
    ("6NT", "TH JH 9H 4H", 1),  # R1.4 in no trumps every suit keeps its jack
    ("6NT", "JD QD AD KD", 2),
    ("6NT", "JS TS 5S 9S", 0),
])  # fmt: skip
def test_R1_4_plain_suits_and_the_missing_jack(bid, trick, winner):
    # R1.4 (R7.4 the highest card of the suit led)
    assert trick_winner(bid, trick) == winner


def test_R1_5_effective_suit_the_left_bower_and_the_joker_are_trumps():
    # SPREAD, dealer 3, seat 0 in hearts keeps JK and 4D: seat 2 holds JD with his diamonds
    game = game_on(SPREAD, 3)
    play(game, "0:bid:7H 1:pass 2:pass 3:pass 0:discard:5H 0:discard:6H 0:discard:7H")
    play(game, "0:4D 1:5C")
    assert game.state[S.TO_FOLLOW] == 2  # diamonds
    # R1.5 JD is a heart now: a diamond lead must be followed with another diamond
    assert set(names(game)) == set(cards("5D 6D 7D 8D 9D TD QD KD AD"))
    refused(game, "JD", "R7.2")
    refused(game, "JD", "R7.3")
    play(game, "2:AD 3:5S")  # no trump played: AD wins, seat 2 leads
    assert game.state[S.LEADER] == 2
    play(game, "2:JD")  # R1.5 the left bower leads a trump (hearts)
    assert game.state[S.TO_FOLLOW] == 0
    assert set(names(game)) == set(cards("6S 7S 8S 9S TS JS QS KS AS"))  # 3: no trump
    play(game, "3:6S")
    assert set(names(game)) == set(cards("JK 8H 9H TH JH QH KH AH 4H"))  # seat 0: all trumps
    play(game, "0:JH 1:6C")  # the right bower beats the left: seat 0
    assert game.state[S.LEADER] == 0
    # the joker, in a trump contract, is a trump too: JOKER_1, seat 1 holds it, void in
    # diamonds: he may put it on a diamond lead and it wins (R1.5, R1.6)
    game = game_on(JOKER_1, 3)
    play(game, "0:bid:7H 1:pass 2:pass 3:pass 0:discard:5H 0:discard:6H 0:discard:5C")
    play(game, "0:4D 1:JK 2:AD 3:5S")
    assert game.state[S.LEADER] == 1


@pytest.mark.parametrize("bid, trick, winner", [
    ("6H", "AC 4H KC QC", 1),  # the lowest trump beats the ace of clubs
    ("6H", "AS KS 4H 5H", 3),  # two trumps: the higher
    ("6C", "AH 5C KH QH", 1),  # black trumps too
    ("6C", "AD KD JS QD", 2),  # the left bower, played by a seat void in diamonds
    ("6S", "AH KH QH JK", 3),  # the joker
    ("6NT", "5C AS AH AD", 0),  # in no trumps no card but the joker is a trump
])  # fmt: skip
def test_R1_6_any_trump_beats_any_other_card(bid, trick, winner):
    # R1.6
    assert trick_winner(bid, trick) == winner


# -- R2 players, teams, direction ----------------------------------------------------------
def test_R2_1_teams_are_seats_0_2_and_1_3():
    # SPREAD, dealer 1: seat 2 (eldest) in no trumps keeps JK, 4D and 7D-AD; he leads his
    # diamonds from the top, then 4D, then the joker naming diamonds: all ten tricks
    game = game_on(SPREAD, 1)
    play(game, "2:bid:6NT 3:pass 0:pass 1:pass 2:discard:4H 2:discard:5D 2:discard:6D")
    leads = ["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "4D", "JK=D"]
    play(
        game,
        " ".join(f"2:{lead} 3:{r}S 0:{r}H 1:{r}C" for lead, r in zip(leads, RANKS, strict=True)),
    )
    d = game.history[0]
    assert game.deal_rows[0][D["tricks_2"]] == 10  # the deal table: seat 2 took them all
    assert d.contractor == 2 and d.tricks == [10, 0]  # R2.1 seat 2 is team 0
    assert d.points == [120, 0] and game.totals == [120, 0]  # 6NT = 120 (R5.2) to team 0


def test_R2_2_calls_and_cards_go_clockwise():
    game = game_on(SPREAD, 1)
    seen = []
    for _ in range(4):  # R2.2 next = (seat + 1) % 4, from the dealer's left
        seen.append(game.to_act)
        game.apply(game.parse_action("pass"))
    assert seen == [2, 3, 0, 1]
    game = game_on(SPREAD, 3)
    play(game, "0:pass 1:bid:9NT 2:pass 3:pass 1:discard:5C 1:discard:6C 1:discard:7C")
    seen = []
    for card in ["4H", "5D", "5S", "5H"]:  # trick 1, led by seat 1
        seen.append(game.to_act)
        game.apply(game.parse_action(card))
    assert seen == [1, 2, 3, 0]


def test_R2_3_the_first_dealer_is_a_seat_drawn_by_lot():
    # R2.3: over 400 deal sets each of the four seats deals first about 100 times
    counts = [0, 0, 0, 0]
    for deal_set in range(400):
        game = FiveHundredGame.new(seed=7, deal_set=deal_set)
        first = game.first_dealer
        assert game.dealer == first and game.to_act == (first + 1) % 4  # R4.1
        counts[first] += 1
    assert min(counts) >= 60, counts
    game = game_on(SPREAD, 2)  # a given first dealer
    assert game.first_dealer == 2 and game.history[0].dealer == 2 and game.to_act == 3


# -- R3 the deal ------------------------------------------------------------------------------
def test_R3_1_the_deal_passes_left_after_a_thrown_in_and_a_played_deal():
    game = game_on(SPREAD, 2)
    play(game, "3:pass 0:pass 1:pass 2:pass")  # thrown in (R4.7): seat 3 deals next
    assert game.dealer == 3 and game.to_act == 0 and game.deal_no == 1
    play(game, "0:pass 1:pass 2:pass 3:pass")  # thrown in again: seat 0 deals
    assert game.dealer == 0 and game.to_act == 1
    play(game, "1:pass 2:pass 3:pass 0:bid:7NT " + A_PLAY)  # a played deal: seat 1 deals
    assert [d.dealer for d in game.history] == [2, 3, 0, 1] and game.dealer == 1
    assert game.to_act == 2 and game.deal_no == 3


def test_R3_2_ten_cards_each_and_three_in_the_kitty():
    deck = mask(" ".join(ALL))
    for deal_set in range(100):
        game = FiveHundredGame.new(seed=3, deal_set=deal_set)
        while game.deal_no < 2:  # a fresh deal after a thrown-in one too
            d = game.history[-1]
            assert [bin(h).count("1") for h in d.hands] == [10] * 4
            assert bin(d.kitty).count("1") == 3
            seen = d.kitty
            for h in d.hands:
                assert not seen & h
                seen |= h
            assert seen == deck  # the 43 cards, each once (R1.1)
            assert d.hands == [game.hand(p) for p in range(4)]
            play(game, " ".join(f"{(d.dealer + 1 + i) % 4}:pass" for i in range(4)))
        assert game.history[0].hands != game.history[1].hands  # a fresh shuffle


# -- R4 the auction ----------------------------------------------------------------------------
def test_R4_1_the_eldest_calls_first_and_calls_go_clockwise():
    for dealer in range(4):
        game = game_on(SPREAD, dealer)
        assert game.to_act == (dealer + 1) % 4  # R4.1
    game = game_on(SPREAD, 3)
    play(game, "0:bid:6C 1:bid:6D 2:bid:6H 3:bid:6S 0:bid:6NT 1:pass")  # play checks the turns
    assert game.to_act == 2 and game.phase == 0


@pytest.mark.parametrize("strain, trump", [("C", 1), ("D", 2), ("H", 0), ("S", 3), ("NT", -1)])
def test_R4_2_a_bid_names_tricks_and_a_strain(strain, trump):
    # R4.2 7X = seven tricks, X trumps (suits H C D S = 0 1 2 3; no trumps -1)
    game = game_on(SPREAD, 3)
    play(game, f"0:bid:7{strain} 1:pass 2:pass 3:pass")
    assert game.trump == trump and game.contractor == 0
    assert game.high_bid == parse_bid("7" + strain)
    play(game, "0:discard:4H 0:discard:4D 0:discard:JK")
    assert game.phase == 2  # the play


def test_R4_3_strains_clubs_diamonds_hearts_spades_no_trumps():
    game = game_on(SPREAD, 3)
    play(game, "0:bid:6C 1:bid:6D 2:bid:6H 3:bid:6S 0:bid:6NT 1:bid:7C")  # R4.3 each higher
    game = game_on(SPREAD, 3)
    play(game, "0:bid:7H")
    # R4.3, R4.4: over 7H: 7S, 7NT and every bid of 8 or more tricks
    more = {f"bid:{t}{s}" for t in (8, 9, 10) for s in ("C", "D", "H", "S", "NT")}
    assert set(names(game)) == {"bid:7S", "bid:7NT", "pass"} | more
    for lower in ("bid:7C", "bid:7D"):
        refused(game, lower, "R4.4")


def test_R4_4_a_bid_must_be_higher_6C_to_10NT():
    game = game_on(SPREAD, 3)
    every = {f"bid:{t}{s}" for t in range(6, 11) for s in ("C", "D", "H", "S", "NT")}
    assert len(every) == 25 and set(names(game)) == every | {"pass"}  # R4.4 25 bids
    for too_few_or_many in ("bid:5NT", "bid:11C", "bid:6X"):
        with pytest.raises(ValueError):
            game.parse_action(too_few_or_many)
    play(game, "0:bid:7H")
    refused(game, "bid:7H", "R4.4")  # as high is not higher
    refused(game, "bid:7D", "R4.4")  # as many tricks, a lower strain
    refused(game, "bid:6NT", "R4.4")  # fewer tricks, a higher strain
    play(game, "1:bid:7S 2:bid:8C")  # as many in a higher strain; more tricks in a lower one
    assert game.high_bid == parse_bid("8C") and game.contractor == 2


def test_R4_5_who_passed_is_skipped_and_never_bids_again():
    game = game_on(SPREAD, 3)
    play(game, "0:pass 1:bid:6C 2:bid:6D 3:pass")
    assert game.to_act == 1  # R4.5 seat 0 passed: skipped
    play(game, "1:bid:7C")
    assert game.to_act == 2
    play(game, "2:bid:7D")
    assert game.to_act == 1  # seats 3 and 0 skipped
    play(game, "1:pass")  # 0, 3 and 1 passed: 7D stands (R4.6)
    assert game.phase == 1 and game.contractor == 2 and game.high_bid == parse_bid("7D")
    calls = [seat for seat, _ in game.history[0].events]
    assert calls == [0, 1, 2, 3, 1, 2, 1] and calls[1:].count(0) == 0  # 0 never again
    assert calls[4:].count(3) == 0


def test_R4_6_the_auction_ends_when_three_others_passed_10NT_passes_still_made():
    game = game_on(SPREAD, 3)
    play(game, "0:pass 1:pass 2:pass 3:bid:6C")  # R4.6 a bid stands, three have passed
    assert game.phase == 1 and game.to_act == 3 and game.contractor == 3
    assert len(game.history[0].events) == 4
    game = game_on(SPREAD, 3)
    play(game, "0:bid:6H 1:bid:10NT")
    assert names(game) == ["pass"]  # R4.6 after 10NT the others can only pass
    refused(game, "bid:10NT", "R4.6")
    play(game, "2:pass 3:pass")
    assert game.phase == 0 and game.to_act == 0  # seat 0 must still pass
    assert names(game) == ["pass"]
    play(game, "0:pass")
    assert game.phase == 1 and game.to_act == 1 and game.contractor == 1
    assert game.history[0].events == [(0, "bid:6H"), (1, "bid:10NT"), (2, "pass"),
                                      (3, "pass"), (0, "pass")]  # fmt: skip


def test_R4_7_all_four_pass_the_deal_is_thrown_in():
    game = game_on(SPREAD, 0)
    play(game, "1:pass 2:pass 3:pass 0:pass")  # R4.7
    d = game.history[0]
    assert d.events == [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")]
    assert d.contractor is None and d.bid is None
    assert d.tricks == [0, 0] and d.points == [0, 0] and d.totals == [0, 0]  # R9.4
    assert d.hands == [mask(h) for h in SPREAD_HANDS] and d.kitty == mask("4H 4D JK")
    assert not game.over and game.deal_no == 1 and game.dealer == 1 and game.to_act == 2
    assert game.phase == 0 and len(game.history) == 2


# -- R5 bid values ---------------------------------------------------------------------------
TABLE = {  # R5.2, copied from RULES.md: strains C D H S NT
    6: (40, 60, 80, 100, 120), 7: (140, 160, 180, 200, 220), 8: (240, 260, 280, 300, 320),
    9: (340, 360, 380, 400, 420), 10: (440, 460, 480, 500, 520),
}  # fmt: skip
BIDS = [(t, s) for t in range(6, 11) for s in range(5)]


@pytest.mark.parametrize("tricks, strain", BIDS)
@pytest.mark.parametrize("made", [True, False])
def test_R5_2_every_value_of_the_table(tricks, strain, made):
    # R5.2 (R9.1, R9.2): seat 1 is the contractor; team 1 takes the tricks bid (made) or one
    # fewer (set), team 0 the rest. The deal's end is scored by the engine's end of deal.
    value = TABLE[tricks][strain]
    assert value == 100 * (tricks - 6) + 40 + 20 * strain  # the formula of R5.2
    state = rules.new_state()
    state[S.CONTRACTOR] = 1
    state[S.HIGH_BID] = parse_bid(f"{tricks}{('C', 'D', 'H', 'S', 'NT')[strain]}")
    won = tricks if made else tricks - 1
    state[S.TRICKS_WON + 1] = won - won // 2
    state[S.TRICKS_WON + 3] = won // 2
    state[S.TRICKS_WON + 0] = 10 - won
    rules.end_deal(state)
    assert [int(state[S.POINTS]), int(state[S.POINTS + 1])] == [
        10 * (10 - won), value if made else -value]  # fmt: skip


def test_R5_2_values_grow_with_the_bids():
    # R5.2: a bid that outbids another is worth more (7S = 200 > 7H = 180, the point of R5.2)
    values = [TABLE[t][s] for t, s in BIDS]  # in the order of R4.4
    assert values == sorted(values) and len(set(values)) == 25
    assert TABLE[7][3] == 200 and TABLE[7][2] == 180


# -- R6 the kitty ---------------------------------------------------------------------------------
def test_R6_1_the_contractor_takes_the_kitty_and_discards_any_three():
    game = game_on(SPREAD, 3)
    play(game, "0:bid:7H 1:pass 2:pass 3:pass")
    thirteen = SPREAD_HANDS[0] + " 4H 4D JK"
    assert game.hand(0) == mask(thirteen) and game.to_act == 0  # R6.1 13 cards
    assert set(names(game)) == {"discard:" + c for c in thirteen.split()}
    refused(game, "discard:AC", "R6.1")  # not his
    play(game, "0:discard:JK 0:discard:JH")  # the joker and the right bower may go
    refused(game, "discard:JK", "R6.1")  # once
    assert game.phase == 1
    play(game, "0:discard:4D")  # a kitty card
    assert game.hand(0) == mask("AH KH QH TH 9H 8H 7H 6H 5H 4H") and game.phase == 2
    assert game.to_act == 0 and "JK" not in names(game) and "JH" not in names(game)
    game = game_on(SPREAD, 3)  # R6.1 in no trumps too
    play(game, "0:pass 1:bid:6NT 2:pass 3:pass")
    assert game.hand(1) == mask(SPREAD_HANDS[1] + " 4H 4D JK") and game.phase == 1


def test_R6_2_R9_3_discards_worth_nothing_no_overtrick_bonus():
    # E: seat 0 discards the joker and the right bower, his team takes all ten tricks of 7H
    game = game_on(SPREAD, 3)
    play(game, "0:bid:7H 1:pass 2:pass 3:pass " + E_PLAY)
    d = game.history[0]
    assert d.tricks == [10, 0]
    assert d.points == [180, 0]  # R6.2 nothing for the discards, R9.3 7H = 180 only
    assert d.events[4:7] == [(0, "discard:JK"), (0, "discard:JH"), (0, "discard:4D")]
    assert not any(text in ("JK", "JH") for _, text in d.events[7:])  # out of play
