"""One test per rule of /work/shared/games/five-hundred/RULES.md (R1-R11), on hand-built deals.

Every expected value is worked out by hand from RULES.md (the tricks are traced in the
comments), never copied from the engine. A deal is four hands and the kitty in R1.2
notation; events are written as in records (``0:bid:7H``, ``1:discard:QC``, ``2:JK=S``).
Suits are H C D S; a suit's bit in ``VOIDS`` is its place in that order (state.py).
"""

import re

import numpy as np
import pytest

from sim.games.five_hundred import rules
from sim.games.five_hundred import state as S
from sim.games.five_hundred.cards import CARD_NAMES, card_name, parse_card, trump_cards
from sim.games.five_hundred.game import FiveHundredGame, IllegalActionError, parse_bid
from sim.games.five_hundred.vocab import D

# -- the deals ---------------------------------------------------------------------------------
# SPREAD: each seat holds one suit, 5 to A; the kitty 4H 4D JK. In no trumps a seat that
# leads its own suit wins the trick (nobody else can follow, the joker aside).
SPREAD_HANDS = ["5H 6H 7H 8H 9H TH JH QH KH AH", "5C 6C 7C 8C 9C TC JC QC KC AC",
                "5D 6D 7D 8D 9D TD JD QD KD AD", "5S 6S 7S 8S 9S TS JS QS KS AS"]  # fmt: skip
SPREAD = (SPREAD_HANDS, "4H 4D JK")
# SPREAD with the joker (kitty) and seat 1's 5C exchanged
JOKER_1 = ([SPREAD_HANDS[0], "JK 6C 7C 8C 9C TC JC QC KC AC", *SPREAD_HANDS[2:]], "4H 4D 5C")
# SPREAD with seat 1's 5C and seat 2's JD exchanged
LEFT_1 = ([SPREAD_HANDS[0], "JD 6C 7C 8C 9C TC JC QC KC AC", "5C 5D 6D 7D 8D 9D TD QD KD AD",
           SPREAD_HANDS[3]], "4H 4D JK")  # fmt: skip
# MIXED: seat 0 the joker, top hearts and 5C; 1 two top clubs, 4H, spades; 2 clubs, 6H 5H, 7S;
# 3 the diamonds but 4D
MIXED_HANDS = ["JK AH KH QH JH TH 9H 8H 7H 5C", "AC KC 4H AS KS QS JS TS 9S 8S",
               "QC JC TC 9C 8C 7C 6C 6H 5H 7S", "AD KD QD JD TD 9D 8D 7D 6D 5D"]  # fmt: skip
MIXED = (MIXED_HANDS, "4D 6S 5S")

RANKS = list("56789TJQKA")
# A: SPREAD, dealer 3, seat 0 (eldest) in no trumps, keeps JK 4H and 7H-AH. He leads his
# hearts from the top, then the joker naming hearts; the others, void, play 5 up to A.
A_LEADS = ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "4H", "JK=H"]
A_PLAY = "0:discard:4D 0:discard:5H 0:discard:6H " + " ".join(
    f"0:{lead} 1:{r}C 2:{r}D 3:{r}S" for lead, r in zip(A_LEADS, RANKS, strict=True)
)  # seat 0 wins all 10 tricks
# B: SPREAD, dealer 3, seat 0 passes, seat 1 is the contractor in no trumps; he keeps JK, AC-8C,
# 4H and 4D.
B_PLAY = (
    "1:discard:5C 1:discard:6C 1:discard:7C "
    "1:4H 2:5D 3:5S 0:5H "  # 1: seat 0's 5H is the only heart above 4H: seat 0
    "0:AH 1:JK 2:6D 3:6S "  # 2: seat 1, void in hearts, plays the joker: it wins (R8.1)
    "1:AC 2:7D 3:7S 0:6H 1:KC 2:8D 3:8S 0:7H 1:QC 2:9D 3:9S 0:8H "  # 3-9: nobody else
    "1:JC 2:TD 3:TS 0:9H 1:TC 2:JD 3:JS 0:TH 1:9C 2:QD 3:QS 0:JH "  # has a club: seat 1
    "1:8C 2:KD 3:KS 0:QH "
    "1:4D 2:AD 3:AS 0:KH"  # 10: seat 2's AD beats 4D
)  # tricks: seat 0 one, seat 1 eight, seat 2 one: team 0 two, team 1 eight
# E: SPREAD, dealer 3, seat 0 in hearts discards the joker, the right bower and 4D
E_PLAY = (
    "0:discard:JK 0:discard:JH 0:discard:4D "
    "0:AH 1:5C 2:JD 3:5S "  # 1: JD, the left bower and seat 2's only trump, beats AH: seat 2
    "2:AD 3:6S 0:4H 1:6C "  # 2: seat 0 has no diamond and trumps with 4H: seat 0
    "0:KH 1:7C 2:KD 3:7S 0:QH 1:8C 2:QD 3:8S 0:TH 1:9C 2:TD 3:9S 0:9H 1:TC 2:9D 3:TS "
    "0:8H 1:JC 2:8D 3:JS 0:7H 1:QC 2:7D 3:QS 0:6H 1:KC 2:6D 3:KS 0:5H 1:AC 2:5D 3:AS"
)  # 3-10: only seat 0 has trumps left: seat 0 nine tricks, seat 2 one: team 0 all ten


def game_on(deal, dealer: int) -> FiveHundredGame:
    hands, kitty = deal
    return FiveHundredGame.from_deals(dealer, lambda k: (hands, kitty))


def play(game: FiveHundredGame, events: str) -> None:
    for event in events.split():
        seat, _, what = event.partition(":")
        assert game.to_act == int(seat), (event, game.to_act)
        game.apply(game.parse_action(what))


def names(game: FiveHundredGame) -> list[str]:
    return [game.event_name(a) for a in game.legal_actions()]


def cards(text: str) -> list[str]:
    return text.split()


def mask(text: str) -> int:
    return sum(1 << parse_card(c) for c in text.split())


def refused(game: FiveHundredGame, text: str, rule: str) -> None:
    """``text`` is illegal now: apply raises, nothing changes, why_illegal names ``rule``."""
    action = game.parse_action(text)
    before = game.state.copy()
    with pytest.raises(IllegalActionError):
        game.apply(action)
    assert np.array_equal(game.state, before)
    why = game.why_illegal(action)
    assert re.search(rf"\b{re.escape(rule)}\b", why), why


def voids(game: FiveHundredGame, seat: int) -> set[str]:
    return {"HCDS"[s] for s in range(4) if game.state[S.VOIDS + seat] >> s & 1}


# -- one trick: seat 0 bids alone, discards the kitty and leads ------------------------------
ALL = [r + s for s in "HCDS" for r in "456789TJQKA" if r + s not in ("4C", "4S")] + ["JK"]
SAME_COLOUR = {"H": "D", "D": "H", "C": "S", "S": "C"}  # R1.3


def suit_of(card: str, trump: str | None) -> str | None:
    """R1.5, written apart from the engine: the joker and the left bower are trumps; in no
    trumps (``trump`` None) the joker has no suit (R8.1)."""
    if card == "JK":
        return trump
    if trump and card == "J" + SAME_COLOUR[trump]:
        return trump
    return card[1]


def one_trick(bid: str, trick: str) -> FiveHundredGame:
    """Dealer 3; seat 0 bids ``bid``, the others pass; seat 0 discards the kitty he took and
    leads the first trick, ``trick`` (the cards of seats 0, 1, 2, 3). The other 39 cards are
    dealt so that every card of the trick is legal: a seat that does not follow the led suit
    gets none of it (that suit goes to the leader, the kitty and the seats that follow)."""
    trump = None if bid.endswith("NT") else bid[-1]
    led_cards = trick.split()
    played = [c[:2] for c in led_cards]
    led = led_cards[0][3] if led_cards[0].startswith("JK=") else suit_of(played[0], trump)
    follows = [p for p in (1, 2, 3) if suit_of(played[p], trump) == led]
    void = [p for p in (1, 2, 3) if p not in follows]
    hands: dict = {p: [played[p]] for p in range(4)}
    hands["kitty"] = []
    room = {0: 10, 1: 10, 2: 10, 3: 10, "kitty": 3}
    rest = [c for c in ALL if c not in played]
    for c in [c for c in rest if suit_of(c, trump) == led]:
        where = next(w for w in (0, "kitty", *follows) if len(hands[w]) < room[w])
        hands[where].append(c)
    for c in [c for c in rest if suit_of(c, trump) != led]:
        where = next(w for w in (*void, 0, "kitty", *follows) if len(hands[w]) < room[w])
        hands[where].append(c)
    game = game_on(([" ".join(hands[p]) for p in range(4)], " ".join(hands["kitty"])), 3)
    play(game, f"0:bid:{bid} 1:pass 2:pass 3:pass")
    play(game, " ".join(f"0:discard:{c}" for c in hands["kitty"]))
    play(game, " ".join(f"{p}:{c}" for p, c in enumerate(led_cards)))
    return game


def trick_winner(bid: str, trick: str) -> int:
    game = one_trick(bid, trick)
    winner = int(game.state[S.LEADER])  # after a trick: its winner, who leads next (R7.1)
    assert game.to_act == winner and game.state[S.TRICKS_WON + winner] == 1
    return winner


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
