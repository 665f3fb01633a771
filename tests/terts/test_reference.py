"""The plain-Python Terts reference (tests/terts/reference_rules.py) against
/work/shared/games/terts/RULES.md.

Part 1: one test per rule on a hand-built deal; every expected value is worked out by hand
from RULES.md (traced in the comments). Deals are written in R1.2 notation; events as in
records (``0:seq3-AS``, ``1:pass``, ``1:swap``, ``0:TD``). Unless said otherwise seat 1 deals,
so seat 0 leads trick 1 (R5.1).

Part 2: RECORD.md's worked example deal, replayed event by event.

Part 3: 300 random games (random legal actions): points, totals, dealers and the end are
re-checked from the outside, and every game's events replay into the same game.
"""

import random

import pytest

from tests.terts.reference_rules import (
    ALL_CARDS,
    ANSWER,
    FOLLOW,
    LEAD,
    LEAD_CARD,
    OVER,
    RefGame,
    card_name,
    card_points,
    meld_value,
    parse_action,
    parse_card,
    parse_cards,
    random_deal,
    random_deals,
    trick_power,
)


# --- helpers -------------------------------------------------------------------
def fixed(hands, turned, stock):
    return lambda k: (hands, turned, stock)


def game_on(hand0: str, hand1: str, turned: str, stock: str | None = None, dealer=1) -> RefGame:
    """A game whose every deal is this one; the stock, unless given, is the other 13 cards in
    id order (7H 8H ... AS)."""
    hands = [parse_cards(hand0), parse_cards(hand1)]
    t = parse_card(turned)
    if stock is None:
        rest = [c for c in ALL_CARDS if c not in hands[0] + hands[1] + [t]]
    else:
        rest = parse_cards(stock)
    return RefGame(dealer, fixed(hands, t, rest))


def play(game: RefGame, events: str) -> None:
    for event in events.split():
        seat, _, word = event.partition(":")
        assert game.to_act == int(seat), (event, game.to_act)
        game.apply(game.parse_action(word))


def legal(game: RefGame) -> list[str]:
    return [game.action_text(a) for a in game.legal_actions()]


def cards(text: str) -> list[str]:
    return sorted(text.split(), key=parse_card)


def held(game: RefGame, seat: int) -> list[str]:
    return [card_name(c) for c in game.hand(seat)]


def at_trick8(final0: str, final1: str, turned: str) -> RefGame:
    """A game at the lead of trick 8 with seat 0 to lead holding `final0`, seat 1 holding
    `final1` (the turned card among them). The 14 other cards are played in tricks 1-7: seat 0
    leads the 7 strongest (trick power in their own suit), seat 1 throws the other 7, which
    can never win (R5.2: weaker in the same suit, or another non-trump suit), so seat 0 wins
    every trick and draws stock cards 1, 3, .., 13, seat 1 cards 2, 4, .., 12 and the turned
    card (R5.3)."""
    f0, f1, t = parse_cards(final0), parse_cards(final1), parse_card(turned)
    f1.remove(t)
    trump = t // 8
    rest = [c for c in ALL_CARDS if c not in f0 + f1 + [t]]
    rest.sort(key=lambda c: trick_power(c, trump, c // 8), reverse=True)
    leads, throws = rest[:7], rest[7:]
    stock = [c for i in range(6) for c in (f0[2 + i], f1[2 + i])] + [f0[8]]
    game = RefGame(1, fixed([leads + f0[:2], throws + f1[:2]], t, stock))
    for lead, throw in zip(leads, throws, strict=True):
        game.apply(lead)
        game.apply(throw)
    assert game.trick == 8 and game.to_act == 0
    assert held(game, 0) == cards(final0) and held(game, 1) == cards(final1)
    return game


# --- part 1: single rules ----------------------------------------------------------
def test_R1_1_R1_2_cards_and_record_words():
    assert [card_name(c) for c in (0, 7, 28, 19)] == ["7H", "AH", "JS", "TD"]
    assert {parse_card(card_name(c)) for c in ALL_CARDS} == set(ALL_CARDS)
    game = game_on("7S 8S 9S TS JS QS KS AS 7H", "QH QC QD KH KC KD AH AC AD", "8H", dealer=0)
    assert game.to_act == 1
    for word in ("swap", "pass", "four-Q", "four-K", "four-A", "four-J", "marriage", "TD"):
        assert game.action_text(game.parse_action(word)) == word
    for bad in ("seq3-8S", "seq9-AS", "seq2-AS", "four-T", "four-9", "four-8", "four-7",
                "seq3-XS", "Swap", "10D", "jh", "", "seq3-JH "):  # fmt: skip
        with pytest.raises(ValueError):
            game.parse_action(bad)
    # a sequence's word is the whole run of the hand of the seat to act (seat 1: no runs)
    with pytest.raises(ValueError):
        game.parse_action("seq3-AS")


def test_R4_1_R4_2_R4_3_orders_and_points():
    for trump in range(4):
        assert sum(card_points(c, trump) for c in ALL_CARDS) == 152  # R4.3
        t = parse_cards("JX 9X AX TX KX QX 8X 7X".replace("X", "HCDS"[trump]))
        powers = [trick_power(c, trump, 0) for c in t]
        assert powers == sorted(powers, reverse=True)  # R4.1 J 9 A 10 K Q 8 7
        assert [card_points(c, trump) for c in t] == [20, 14, 11, 10, 4, 3, 0, 0]
    plain = parse_cards("AC TC KC QC JC 9C 8C 7C")  # hearts trump, clubs led
    powers = [trick_power(c, 0, 1) for c in plain]
    assert powers == sorted(powers, reverse=True) and min(powers) > -1  # R4.2
    assert [card_points(c, 0) for c in plain] == [11, 10, 4, 3, 2, 0, 0, 0]
    assert trick_power(parse_card("7H"), 0, 1) > trick_power(parse_card("AC"), 0, 1)  # R5.2
    assert trick_power(parse_card("AD"), 0, 1) == -1  # another plain suit never wins


def test_R3_3_R3_4_random_deal_in_threes():
    class Unshuffled:
        def shuffle(self, pack):
            pass  # card n of the pack is id n - 1

    for dealer in (0, 1):
        hands, turned, stock = random_deal(Unshuffled(), dealer)
        assert hands[1 - dealer] == [0, 1, 2, 6, 7, 8, 12, 13, 14]  # cards 1-3, 7-9, 13-15
        assert hands[dealer] == [3, 4, 5, 9, 10, 11, 15, 16, 17]
        assert turned == 18 and stock == list(range(19, 32))  # card 19, cards 20-32
    hands, turned, stock = random_deals(random.Random(3))(0)
    assert sorted(hands[0] + hands[1] + [turned] + stock) == ALL_CARDS


def test_R1_1_deal_is_checked():
    hands, turned, stock = random_deal(random.Random(5), 1)
    with pytest.raises(ValueError):
        RefGame(0, fixed([hands[0], hands[1][:8]], turned, stock + [hands[1][8]]))
    with pytest.raises(ValueError):
        RefGame(0, fixed(hands, hands[0][0], stock))  # a card twice, one missing
    with pytest.raises(ValueError):
        RefGame(0, fixed(hands, turned, stock[:12]))
    with pytest.raises(ValueError):
        RefGame(2, fixed(hands, turned, stock))


def test_R5_1_R5_3_R5_4_first_trick_and_draws():
    # hearts trump (turned 8H); stock in id order: 7H 9H TH JH QH KH AH 7C ...
    game = game_on("7D 8D 9D TD JD QD KD AD AC", "7S 8S 9S TS JS QS KS AS KC", "8H")
    assert game.to_act == 0 and game.phase == LEAD and game.trump == 0  # R5.1 non-dealer
    assert game.deals[0]["trump"] == "H" and game.deals[0]["turned"] == parse_card("8H")
    play(game, "0:AC")
    assert legal(game) == cards("KC 7S 8S 9S TS JS QS KS AS")  # R5.4 any card, even off-suit
    play(game, "1:KC")  # AC beats KC (R5.2): seat 0 wins 11 + 4
    assert game.card_points == [15, 0] and game.to_act == 0 and game.trick == 2
    assert "7H" in held(game, 0) and "9H" in held(game, 1)  # R5.3 winner first
    play(game, "0:7D 1:9H")  # a trump wins (R5.2): seat 1 wins 14, draws TH; seat 0 JH
    assert game.card_points == [15, 14] and game.to_act == 1
    assert "TH" in held(game, 1) and "JH" in held(game, 0)
    assert len(game.hand(0)) == len(game.hand(1)) == 9


def test_R5_5_must_follow_suit_no_duty_to_beat():
    game = at_trick8("AS KS QS 7D 8D 9D TD JD QD", "8H JH 9H 7S 8S AH KD AD 7C", "8H")
    play(game, "0:QS")
    # R5.5 a spade, either (no duty to beat); R5.6 the trump jack does not release the suit
    assert legal(game) == ["7S", "8S"]
    with pytest.raises(ValueError, match=r"R5\.5"):
        game.apply(parse_card("JH"))
    before = game.card_points[0]
    play(game, "1:8S")
    assert game.to_act == 0 and game.card_points[0] == before + 3  # QS 3 + 8S 0 (R4.3)


def test_R5_5_void_must_trump_the_jack_included():
    game = at_trick8("AS KS QS JS TS 9S 8S 7S KD", "8H 9H JH 7C 8C 9C 7D 8D AD", "8H")
    play(game, "0:AS")
    assert legal(game) == ["8H", "9H", "JH"]  # R5.5 a trump; R5.6 the jack may be played
    with pytest.raises(ValueError, match=r"R5\.5"):
        game.apply(parse_card("AD"))


def test_R5_6_jack_exempt():
    # plain lead, void, the trump jack his only trump: any card
    game = at_trick8("AS KS QS JS TS 9S 8S 7S KD", "JH 7C 8C 9C TC 7D 8D 9D TD", "JH")
    play(game, "0:AS")
    assert legal(game) == cards("JH 7C 8C 9C TC 7D 8D 9D TD")
    play(game, "1:7C")
    assert game.to_act == 0


def test_R5_6_jack_exempt_on_a_trump_lead():
    game = at_trick8("AH KS QS JS TS 9S 8S 7S KD", "JH 7C 8C 9C TC 7D 8D 9D TD", "JH")
    play(game, "0:AH")
    assert legal(game) == cards("JH 7C 8C 9C TC 7D 8D 9D TD")  # R5.6 "trump required"
    play(game, "1:TD")  # AH wins: 11 + 10
    assert game.to_act == 0


def test_R5_5_R5_6_trump_lead_with_another_trump():
    game = at_trick8("AH KS QS JS TS 9S 8S 7S KD", "8H JH 7C 8C 9C TC 7D 8D 9D", "8H")
    play(game, "0:AH")
    assert legal(game) == ["8H", "JH"]  # R5.5 follow with a trump, the jack or the other
    play(game, "1:JH")  # the trump jack wins (R4.1): 20 + 11 to seat 1
    assert game.to_act == 1


def test_R5_5_lacking_both_any_card():
    game = at_trick8("7C 8C 9C TC JC 7D 8D 9D TD", "8H AS KS QS JS TS 9S 8S 7S", "8H")
    play(game, "0:7C")
    assert legal(game) == ["8H"]  # void in clubs: his one trump
    play(game, "1:8H 1:AS")
    assert game.to_act == 0 and legal(game) == cards("8C 9C TC JC 7D 8D 9D TD")  # R5.5


def test_R6_exchange_the_trump_seven():
    # hearts trump, turned KH; seat 1 holds 7H
    game = game_on("7D 8D 9D TD JD QD KD AD AC", "7H 8S 9S TS JS QS KS AS KC", "KH")
    assert "swap" not in legal(game)  # R6.1 only the holder of the 7
    play(game, "0:AC")
    assert "swap" in legal(game)
    play(game, "1:swap")
    assert game.to_act == 1 and game.phase == FOLLOW  # R6.2 then he acts as usual
    assert "KH" in held(game, 1) and "7H" not in held(game, 1) and game.beside == 0
    assert "swap" not in legal(game)  # R6.2 once a deal
    play(game, "1:KC")  # seat 0 wins: draws 8H, seat 1 9H
    assert game.events == ["0:AC", "1:swap", "1:KC"]
    # tricks 2-7: seat 0 leads diamonds, seat 1 throws spades; seat 0 wins them all
    play(game, "0:7D 1:8S 0:8D 1:9S 0:9D 1:TS 0:TD 1:JS 0:JD 1:QS 0:QD 1:KS")
    assert game.trick == 8 and game.beside is None
    assert "7H" in held(game, 1) and "7S" in held(game, 0)  # R6.1 the 7 drawn last in its stead


def test_R6_2_exchange_at_each_turn_and_never_after_trick_7():
    # seat 0 leads holding 7S (spades trump, turned AS): he may exchange before declaring
    game = game_on("7S 8S 9S 7H 8H 9H QC KC 8D", "JH QH KH TD JD QD KD AD 9C", "AS")
    assert {"swap", "seq3-9H", "seq3-9S"} <= set(legal(game))
    play(game, "0:swap")
    assert game.phase == LEAD and "seq3-9S" not in legal(game)  # 7S gone, no run 7-8-9
    play(game, "0:seq3-9H")
    assert game.phase == ANSWER and game.to_act == 1
    # an exchange while answering: seat 1 holds the 7 of trumps (7C), clubs trump
    game = game_on("QS KS AS 7D 8D 9D QH 8C 9C", "7C JH TH 7S 8S 9S TD JD QD", "AC")
    play(game, "0:seq3-AS")
    assert legal(game) == ["swap", "pass"]  # his seq3-QD is weaker than seq3-AS (R7.5)
    play(game, "1:swap 1:pass 0:AS")  # seat 0 scores 20 (R7.7)
    assert game.meld_points == [20, 0] and "AC" in held(game, 1)
    # the turned card is the 7 of trumps: no exchange at all
    game = game_on("7D 8D 9D TD JD QD KD AD AC", "8H 8S 9S TS JS QS KS AS KC", "7H")
    play(game, "0:AC")
    assert "swap" not in legal(game)
    # at trick 8 the holder of the 7 cannot exchange (the turned card is drawn)
    game = at_trick8("AS KS QS 7D 8D 9D TD JD QD", "8H 7H 9H 7S 8S AH KD AD 7C", "8H")
    play(game, "0:AS")
    with pytest.raises(ValueError, match=r"R6\.1"):
        game.apply(game.parse_action("swap"))


def test_R7_3a_whole_runs_only():
    # clubs trump (turned 7C): seat 0 holds 8H 9H TH JH and all spades but 7S and 8S
    game = game_on("8H 9H TH JH 9S TS JS QS KS", "8C 9C TC JC AC AH AD QD KD", "7C")
    # seq4-JH (8-J) and seq5-KS (9-K); not seq3-TH (he holds JH) nor seq3-JH (8H is his)
    assert legal(game)[9:] == ["seq4-JH", "seq5-KS"]
    for word in ("seq3-JH", "seq3-KS", "seq4-KS"):
        with pytest.raises(ValueError, match=r"R7\.3a"):
            game.parse_action(word)
    with pytest.raises(ValueError, match=r"R7\.3a"):
        game.apply(38 + 0 * 6 + 3 - 2)  # the run ending at TH: JH lies above it
    # the answer to a plain seq5 headed by KS: seat 1's seq4-JC is weaker (R7.5), not offered
    play(game, "0:seq5-KS")
    assert legal(game) == ["pass"]


def test_R7_3b_declared_melds_are_spent():
    # hearts trump (turned 8H); stock from the top: QH then the rest
    stock = "QH 7C 8C 9C TC JC QC KC AC KH AH 7H 8D"
    game = game_on("9H TH JH AS KS QS JS TS 9D", "7S 8S 9S 7D TD JD QD KD AD", "8H", stock)
    play(game, "0:seq3-JH 1:pass 0:AS 1:7D")
    assert game.meld_points == [20, 0]  # R7.7 not beaten: the leader scores
    assert "QH" in held(game, 0)  # seat 0 won the trick and drew QH: the run is now 9-Q
    assert "seq4-QH" in legal(game)  # a longer sequence containing the first may follow
    play(game, "0:seq4-QH 1:pass 0:QH 1:8S")  # 50 more; seat 0 draws 8C (QH is gone)
    assert game.meld_points == [70, 0]
    assert "seq3-JH" not in legal(game)  # R7.3b 9-J lies within 9-Q, declared before
    # same deal, but seat 0 does not draw the QH: seq3-JH cannot be declared again
    stock = "7C QH 8C 9C TC JC QC KC AC KH AH 7H 8D"
    game = game_on("9H TH JH AS KS QS JS TS 9D", "7S 8S 9S 7D TD JD QD KD AD", "8H", stock)
    play(game, "0:seq3-JH 1:pass 0:AS 1:7D")
    assert not any(w.startswith("seq") and w.endswith("H") for w in legal(game))


def test_R7_3b_a_beaten_meld_is_declared():
    # spades trump (turned 7S); seat 0 has 9-10-J of clubs; seat 1 four kings and 8-J of
    # spades (a trump seq4): both beat a seq3 (R7.5)
    game = game_on("9C TC JC 7D 8D TD 7H 9H AH", "KH KC KD KS 8S 9S TS JS QD", "7S")
    play(game, "0:seq3-JC")
    assert legal(game) == ["four-K", "seq4-JS", "pass"]
    play(game, "1:four-K 0:AH 1:QD")  # R7.7 seat 1 scores 100, seat 0 nothing; AH wins
    assert game.meld_points == [0, 100] and game.to_act == 0
    assert "seq3-JC" not in legal(game)  # R7.3b beaten, but declared
    assert game.declared(0) == ["seq3-JC"] and game.declared(1) == ["four-K"]


def test_R7_4_when_melds_may_be_declared():
    # diamonds trump (turned 7D); seat 1 holds four aces but only answers
    game = game_on("9H TH JH 8S 9S TS 8C 9C TC", "AH AC AD AS KH QH KS QS JS", "7D")
    play(game, "0:JH")  # R7.4b declaring is optional
    assert legal(game) == cards("AH AC AD AS KH QH KS QS JS")  # R7.4c follower only answers
    with pytest.raises(ValueError, match=r"R7\.4c"):
        game.apply(game.parse_action("four-A"))
    play(game, "1:QH")  # Q beats J in a plain suit (R4.2): seat 1 leads trick 2
    assert game.to_act == 1 and "four-A" in legal(game)
    play(game, "1:four-A")
    assert legal(game) == ["pass"]  # nothing of seat 0 beats four aces
    play(game, "0:pass")
    assert game.phase == LEAD_CARD and game.meld_points == [0, 100]
    assert all(a < 32 for a in game.legal_actions())  # R7.4c one declaration per lead
    # R7.4a none from trick 8 on
    game = at_trick8("AH AC AD AS KS QS JS TS 9S", "8H 7H 9H 7S 8S KH KD JD 7C", "8H")
    assert all(a < 32 for a in game.legal_actions())


def test_R7_5_order_of_melds():
    def key(word, hand, trump=3):  # spades trump
        cards_held = set(parse_cards(hand))
        return meld_value(parse_action(word, cards_held), cards_held, trump)[0]

    chain = [
        ("seq3-9H", "7H 8H 9H"), ("seq3-9S", "7S 8S 9S"), ("seq3-TH", "8H 9H TH"),
        ("seq3-AH", "QH KH AH"), ("seq3-AS", "QS KS AS"), ("seq4-TH", "7H 8H 9H TH"),
        ("seq4-AS", "JS QS KS AS"), ("four-Q", "QH QC QD QS"), ("four-K", "KH KC KD KS"),
        ("four-A", "AH AC AD AS"), ("seq5-JH", "7H 8H 9H TH JH"), ("seq5-AS", "TS JS QS KS AS"),
        ("seq6-QH", "7H 8H 9H TH JH QH"), ("seq7-KH", "7H 8H 9H TH JH QH KH"),
        ("seq8-AH", "7H 8H 9H TH JH QH KH AH"), ("seq8-AS", "7S 8S 9S TS JS QS KS AS"),
        ("four-J", "JH JC JD JS"),
    ]  # fmt: skip
    keys = [key(w, h) for w, h in chain]
    assert all(a < b for a, b in zip(keys, keys[1:], strict=False))
    assert key("seq3-QH", "TH JH QH") == key("seq3-QC", "TC JC QC")  # two plain: equal


def test_R7_5_an_answer_must_be_strictly_stronger():
    # spades trump (turned 7S): seat 0 leads seq3-QH; seat 1 holds the equal plain seq3-QC,
    # the trump seq3-QS (same top, trump: stronger) and a weaker seq3-JD
    game = game_on("TH JH QH 7D 8D AC AH AD 7H", "TC JC QC TS JS QS 9D TD JD", "7S")
    play(game, "0:seq3-QH")
    assert legal(game) == ["seq3-QS", "pass"]
    with pytest.raises(ValueError, match=r"R7\.5"):
        game.apply(game.parse_action("seq3-QC"))
    play(game, "1:seq3-QS 0:AH 1:9D")
    assert game.meld_points == [0, 20]  # R7.7 the beater scores his own meld


def test_R7_6_the_marriage():
    # hearts trump (turned 8H); stock in id order: 7H 7C 9C TC JC 7D ..
    game = game_on("KH QH KC KD KS 8S 8C 8D JH", "AH TH QS QC QD AS AC AD 9H", "8H")
    # R7.2 the KH serves in the marriage, four kings and the sequence J-Q-K of hearts
    assert legal(game)[9:] == ["four-K", "marriage", "seq3-KH"]
    play(game, "0:marriage")
    assert game.phase == LEAD_CARD and game.to_act == 0  # R7.6 no answer
    assert game.meld_points == [20, 0] and game.events == ["0:marriage"]
    play(game, "0:8S 1:AS 1:AC 0:8C")  # seat 1 wins both (draws 7H, 9C; seat 0 7C, TC)
    play(game, "1:AD 0:KH")  # the trump KH wins: seat 0 leads trick 4
    assert game.to_act == 0 and "QH" in held(game, 0)
    assert "marriage" not in legal(game)  # KH gone (R7.2), and declared before (R7.3b)


def test_R7_6_the_marriage_is_never_an_answer():
    # hearts trump (turned 7H): seat 1 holds KH QH; seat 0 declares four aces
    game = game_on("AH AC AD AS 8S 8C 8D 9D TD", "KH QH KC KD KS QS 9S TS 7C", "7H")
    play(game, "0:four-A")
    assert legal(game) == ["pass"]  # four kings lose to four aces; no marriage (R7.6)
    with pytest.raises(ValueError, match=r"R7\.6"):
        game.apply(game.parse_action("marriage"))


def test_R8_1_R9_1_R3_2_R9_3_scores_and_the_end():
    deal = random_deal(random.Random(11), 0)

    def play_out(totals):
        game = RefGame(0, fixed(*deal))
        game._totals = list(totals)  # poked: the game as if earlier deals had scored these
        while len(game.deals) == 1 and game.end is None:
            game.apply(game.legal_actions()[0])
        return game

    first = play_out([0, 0])
    d = first.deals[0]
    assert sum(d["card_points"]) == 152  # R4.3
    last = d["last_trick"]
    assert d["points"] == [d["card_points"][s] + d["meld_points"][s] + 10 * (s == last)
                           for s in (0, 1)]  # fmt: skip
    p0, p1 = d["points"]
    assert first.end is None and first.deals[1]["dealer"] == last  # R3.2
    assert first.deal_events[1] == [] and first.to_act == 1 - last  # R5.1
    game = play_out([500 - p0, 0])  # R9.1 500 is not enough
    assert game.end is None and game.totals == [500, p1] and len(game.deals) == 2
    game = play_out([501 - p0, 0])
    assert game.end == "target" and game.results() == ([1, 2], [1.0, 0.0])
    assert game.to_act is None and game.legal_actions() == [] and game.phase == OVER
    with pytest.raises(ValueError, match=r"R9\.1"):
        game.apply(0)
    game = play_out([600 - p0, 700 - p1])
    assert game.end == "both-target" and game.results() == ([2, 1], [0.0, 1.0])
    game = play_out([600 - p0, 600 - p1])
    assert game.end == "tie" and game.results() == ([1, 1], [0.5, 0.5])
    with pytest.raises(ValueError):
        first.results()  # not over


# --- part 2: RECORD.md's first example deal ---------------------------------------
EXAMPLE_HANDS = ("8S 8C AC AH TD KS KD QS KC", "8D JD QH JS 7H TS JC TH 7C")
EXAMPLE_STOCK = "9S KH TC JH AS 7D 8H 7S 9H 9D 9C QC AD"
EXAMPLE_EVENTS = [
    "1:7C", "0:AC", "0:9S", "1:KH", "0:TD", "1:7H", "0:seq3-AS", "1:four-J", "0:8S", "1:JS",
    "1:swap", "1:JC", "0:TC", "0:AH", "1:8D", "1:JH", "0:7S", "1:JD", "0:KD", "1:QH", "0:9H",
    "1:TH", "0:7D", "0:AS", "1:TS", "0:QS", "1:AD", "1:9C", "0:KC", "0:8C", "1:QD", "1:8H",
    "0:QC", "1:9D", "0:KS",
]  # fmt: skip


def test_RECORD_example_deal():
    game = game_on(*EXAMPLE_HANDS, "QD", EXAMPLE_STOCK, dealer=0)
    assert game.to_act == 1
    play(game, " ".join(EXAMPLE_EVENTS[:6]))
    assert "AS" in held(game, 0) and "7D" in held(game, 1)  # draws: 9S KH, TC JH, AS 7D
    play(game, "0:seq3-AS")  # seat 0 holds Q-K-A of spades, not JS (seat 1 has it)
    assert game.phase == ANSWER and "four-J" in legal(game)
    play(game, " ".join(EXAMPLE_EVENTS[7:10]))
    assert game.meld_points == [0, 200] and game.to_act == 1 and "swap" in legal(game)
    play(game, " ".join(EXAMPLE_EVENTS[10:]))
    d = game.deals[0]
    assert d["dealer"] == 0 and d["trump"] == "D" and d["turned"] == parse_card("QD")
    assert d["card_points"] == [72, 80] and d["meld_points"] == [0, 200]
    assert d["last_trick"] == 1 and d["points"] == [72, 290] and d["totals"] == [72, 290]
    assert game.deal_events[0] == EXAMPLE_EVENTS
    assert game.deals[1]["dealer"] == 1 and game.end is None  # R3.2, R9.1


# --- part 3: random games ------------------------------------------------------------
def meld_points_of(word: str) -> int:
    """R7.1, from the record word alone."""
    if word in ("marriage", "seq3"):
        return 20
    return {"seq4": 50, "four-J": 200}.get(word, 100)


def melds_scored(events: list[str]) -> list[int]:
    """R7.7 re-read from a deal's events: a meld followed (past the follower's swap) by
    `pass` scores for its declarer, a meld answered by a meld scores for the answerer, the
    marriage at once."""
    scored = [0, 0]
    words = [(int(e[0]), e[2:].split("-")[0] if e[2:4] == "se" else e[2:]) for e in events]
    words = [(s, w) for s, w in words if w != "swap"]
    for i, (seat, word) in enumerate(words):
        if word == "marriage":
            scored[seat] += 20
        elif word.startswith(("seq", "four")):
            answer = words[i + 1][1]
            if answer == "pass":
                scored[seat] += meld_points_of(word)
            elif i > 0 and words[i - 1][1].startswith(("seq", "four")):
                scored[seat] += meld_points_of(word)  # this one is the beating answer
    return scored


def test_random_games():
    rnd = random.Random(2025)
    ends = set()
    melds_seen = set()
    for n in range(300):
        first = rnd.randrange(2)
        dealt = []

        def deal(k, dealt=dealt):
            dealt.append(random_deal(rnd, 0))
            return dealt[-1]

        game = RefGame(first, deal)
        while game.end is None:
            acts = game.legal_actions()
            assert acts and game.to_act in (0, 1)
            if n % 10 == 0:  # RECORD.md words round-trip
                for a in acts:
                    assert game.parse_action(game.action_text(a)) == a
                illegal = [a for a in range(63) if a not in acts]
                before = game.events
                with pytest.raises(ValueError, match=r"\(R\d"):
                    game.apply(rnd.choice(illegal))
                assert game.events == before
            game.apply(rnd.choice(acts))
        totals = [0, 0]
        for k, d in enumerate(game.deals):
            assert d["dealer"] == (first if k == 0 else game.deals[k - 1]["last_trick"])
            assert sum(d["card_points"]) == 152
            assert d["points"] == [d["card_points"][s] + d["meld_points"][s]
                                   + 10 * (s == d["last_trick"]) for s in (0, 1)]  # fmt: skip
            totals = [totals[s] + d["points"][s] for s in (0, 1)]
            assert d["totals"] == totals
            assert (max(totals) >= 501) == (k == len(game.deals) - 1)  # R9.1
            events = game.deal_events[k]
            assert sum(1 for e in events if len(e) == 4) == 32
            assert sum(1 for e in events if e.endswith(":swap")) <= 1  # R6.2
            assert d["meld_points"] == melds_scored(events)
            melds_seen.update(e[2:].split("-")[0] for e in events if len(e) > 4)
        assert game.totals == totals and len(game.deals) <= 7
        ranks, shares = game.results()
        t0, t1 = totals
        assert ranks == ([1, 1] if t0 == t1 else [1, 2] if t0 > t1 else [2, 1])
        assert sum(shares) == 1.0
        ends.add(game.end)
        # the events replay into the same game
        again = RefGame(first, lambda k, dealt=dealt: dealt[k])
        for events in game.deal_events:
            play(again, " ".join(events))
        assert again.end == game.end and again.deals == game.deals
    assert ends >= {"target", "both-target"}
    assert {"seq3", "seq4", "seq5", "four", "marriage", "swap", "pass"} <= melds_seen
