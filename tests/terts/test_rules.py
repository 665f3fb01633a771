"""One test per rule of /work/shared/games/terts/RULES.md (R1-R10), on hand-built deals.

Every expected value is worked out by hand from RULES.md (the tricks are traced in the
comments), never copied from the engine. Cards are written as in records (R1.2, ``TD``),
events as ``SEAT:ACTION`` (RECORD.md). Seat 0 deals unless said otherwise, so seat 1 leads
trick 1 (R5.1). A card's id is suit * 8 + rank, suits H C D S, ranks 7 8 9 T J Q K A.
"""

import re

import pytest

from sim.games.terts import vocab as V
from sim.games.terts.game import IllegalActionError, TertsGame

RANKS, SUITS = "789TJQKA", "HCDS"
ALL = [r + s for s in SUITS for r in RANKS]  # in id order
POINTS = {  # R7.1
    "seq3": 20, "seq4": 50, "seq5": 100, "seq6": 100, "seq7": 100, "seq8": 100,
    "four-Q": 100, "four-K": 100, "four-A": 100, "four-J": 200, "marriage": 20,
}  # fmt: skip


def cid(card: str) -> int:
    return SUITS.index(card[1]) * 8 + RANKS.index(card[0])


def mask(text: str) -> int:
    return sum(1 << cid(c) for c in text.split())


def ids(text: str, *more: int) -> list[int]:
    return sorted([cid(c) for c in text.split()] + list(more))


def seq(top: str) -> int:
    """The action id of the sequence whose top card is ``top`` (vocab: 38 + suit * 6 + rank - 2)."""
    return 38 + SUITS.index(top[1]) * 6 + RANKS.index(top[0]) - 2


def deal_of(h1: str, turned: str, h0: str | None = None, top: str = ""):
    """Seat 1's hand, the turned card, seat 0's hand (default: the first 9 cards left in id
    order) and the stock: ``top`` first, then the cards left in id order."""
    used = f"{h1} {turned} {top} {h0 or ''}".split()
    if h0 is None:
        h0 = " ".join([c for c in ALL if c not in used][:9])
        used += h0.split()
    stock = top.split() + [c for c in ALL if c not in used]
    return [h0, h1], turned, " ".join(stock)


def game_on(deal, dealer: int = 0) -> TertsGame:
    return TertsGame.from_deals(dealer, lambda k: deal)


def game_of(first_dealer: int, *deals) -> TertsGame:
    return TertsGame.from_deals(first_dealer, lambda k: deals[k % len(deals)])


def play(game: TertsGame, events: str) -> None:
    for event in events.split():
        seat, _, what = event.partition(":")
        assert game.to_act == int(seat), (event, game.to_act)
        game.apply(what)


def mirror(events: str) -> str:
    return " ".join(("1" if e[0] == "0" else "0") + e[1:] for e in events.split())


def names(game: TertsGame) -> set[str]:
    return {game.event_name(a) for a in game.legal_actions()}


def melds(game: TertsGame) -> list[int]:
    return [a for a in game.legal_actions() if V.SWAP < a < V.PASS]


def snap(game: TertsGame):
    return (game.to_act, game.phase, game.trick_no, game.hand(0), game.hand(1),
            game.legal_actions(), game.meld_points, game.card_points,
            len(game.history[-1].events))  # fmt: skip


def refused(game: TertsGame, what, *rules: str) -> None:
    """``what`` (text or id) is refused: IllegalActionError naming one of ``rules``, nothing
    changes; why_illegal names the rule too."""
    before = snap(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply(what)
    found = [r for r in rules if re.search(re.escape(r) + r"(?![0-9])", str(info.value))]
    assert found, (str(info.value), rules)
    assert snap(game) == before
    try:
        action = game.parse_action(what) if isinstance(what, str) else what
    except (ValueError, IllegalActionError):
        return  # refused by its words already (e.g. a part of a run, R7.3a)
    assert action not in game.legal_actions()
    why = game.why_illegal(action)
    assert any(re.search(re.escape(r) + r"(?![0-9])", why) for r in rules), why


# -- RECORD.md's worked example, first deal: dealer 0, trumps diamonds (QD turned) -----------
REC_HANDS = ["8S 8C AC AH TD KS KD QS KC", "8D JD QH JS 7H TS JC TH 7C"]
REC_STOCK = "9S KH TC JH AS 7D 8H 7S 9H 9D 9C QC AD"
REC = (REC_HANDS, "QD", REC_STOCK)
REC_MIRROR = (REC_HANDS[::-1], "QD", REC_STOCK)  # the seats' hands exchanged (dealer 1)
REC_TRICKS = [
    "1:7C 0:AC",  # 1: AC: seat 0 (11); draws 0:9S 1:KH
    "0:9S 1:KH",  # 2: spades led, KH no trump: seat 0 (4); draws 0:TC 1:JH
    "0:TD 1:7H",  # 3: TD a trump: seat 0 (10); draws 0:AS 1:7D
    "0:seq3-AS 1:four-J 0:8S 1:JS",  # 4: four jacks beat Q-K-A; JS > 8S: seat 1 (2); 1:8H 0:7S
    "1:swap 1:JC 0:TC",  # 5: seat 1 gives 7D for QD; TC > JC: seat 0 (12); draws 0:9H 1:9D
    "0:AH 1:8D",  # 6: 8D trumps: seat 1 (11); draws 1:9C 0:QC
    "1:JH 0:7S",  # 7: seat 1 (2); draws 1:AD (card 13) and 0:7D (where the turned card lay)
    "1:JD 0:KD",  # 8: a trump lead, seat 0 plays a trump: JD: seat 1 (20 + 4)
    "1:QH 0:9H",  # 9: seat 0 follows: QH: seat 1 (3)
    "1:TH 0:7D",  # 10: no heart: seat 0 trumps with 7D, his only trump: seat 0 (10)
    "0:AS 1:TS",  # 11: seat 0 (11 + 10)
    "0:QS 1:AD",  # 12: no spade: seat 1 trumps: seat 1 (3 + 11)
    "1:9C 0:KC",  # 13: seat 0 (4)
    "0:8C 1:QD",  # 14: no club: seat 1 trumps: seat 1 (3)
    "1:8H 0:QC",  # 15: no heart, no trump: any card; 8H: seat 1 (3)
    "1:9D 0:KS",  # 16: seat 1 (14 + 4) and the last trick
]  # card points: seat 0 11+4+10+12+10+21+4 = 72, seat 1 2+11+2+24+3+14+3+3+18 = 80
REC_EVENTS = " ".join(REC_TRICKS)

# -- X: dealer 0, trumps diamonds (7D turned); four jacks for seat 1, four aces and four kings
# for seat 0; the last trick to seat 1 (the non-dealer) --------------------------------------
X_HANDS = ["AH AC AD AS KH KC KD KS 9D", "JH JC JD JS 7C 8S 7H TS 8D"]
X = (X_HANDS, "7D", "8H 8C 9H 9C TH TC QH QC TD QD 7S 9S QS")
X_MIRROR = (X_HANDS[::-1], "7D", X[2])
X_EVENTS = (
    "1:four-J 0:pass 1:7C 0:9D "  # 1: 200 to seat 1; 9D trumps: seat 0 (14); 0:8H 1:8C
    "0:four-A 1:pass 0:AS 1:7H "  # 2: 100 to seat 0; seat 0 (11); draws 0:9H 1:9C
    "0:four-K 1:pass 0:AH 1:8C "  # 3: 100 to seat 0; seat 0 (11); draws 0:TH 1:TC
    "0:AC 1:9C 0:KC 1:TC "  # 4: seat 0 (11); 0:QH 1:QC; 5: TC > KC: seat 1 (14); 1:TD 0:QD
    "1:QC 0:8H 1:JH 0:9S "  # 6: seat 1 (3); 1:7S 0:9S; 7: seat 1 (2); 1:QS 0:7D
    "1:JD 0:7D 1:TD 0:QD 1:8D 0:KD "  # 8: seat 1 (20); 9: T > Q: seat 1 (13); 10: seat 0 (4)
    "0:AD 1:7S 0:KS 1:TS 1:JS 0:9H "  # 11: seat 0 (11); 12: seat 1 (14); 13: seat 1 (2)
    "1:8S 0:TH 1:QS 0:QH 1:JC 0:KH"  # 14: seat 1 (10); 15: seat 1 (6); 16: seat 1 (6)
)  # card points: seat 0 14+11+11+11+4+11 = 62, seat 1 14+3+2+20+13+14+2+10+6+6 = 90;
# points: seat 0 62 + 200 = 262, seat 1 90 + 200 + 10 = 300

# -- trick 8 deals: trumps diamonds; seat 1 leads tricks 1-7 with 7S ... KS and wins them all
# over seat 0's 7C ... KC (no trump in them), so he draws stock cards 1, 3, ..., 13 and seat 0
# cards 2, 4, ..., 12 and the turned card (R5.3) ----------------------------------------------
P1, P0 = [r + "S" for r in RANKS[:7]], [r + "C" for r in RANKS[:7]]  # 7 ... K
T7 = 2 * (10 + 2 + 3 + 4)  # seat 1's card points from tricks 1-7: 10, J, Q, K of both suits
F1 = ("7D AS 8H JH QH KH TD KD AD", "JD 9D 8D QD 7H 9H TH AH AC", "QD")  # seat 0: JD + 3 trumps
F2 = ("7D AS JH 8D 9D TD QD KD AD", "JD AC 7H 8H 9H TH QH KH AH", "JD")  # JD his only trump
F3 = ("AD AS JH 8D 9D TD JD QD KD", "7D AC 7H 8H 9H TH QH KH AH", "7D")  # 7D his only trump


def trick8_deal(lead_hand: str, follow_hand: str, turned: str):
    """The deal giving seat 1 ``lead_hand`` and seat 0 ``follow_hand`` at trick 8."""
    lead, follow = lead_hand.split(), [c for c in follow_hand.split() if c != turned]
    odd, even = lead[2:], follow[2:] + [""]
    stock = [c for pair in zip(odd, even, strict=True) for c in pair if c]
    return [" ".join(P0 + follow[:2]), " ".join(P1 + lead[:2])], turned, " ".join(stock)


def to_trick(deal, n: int) -> TertsGame:
    """A trick 8 deal played to the lead of trick n (1-8)."""
    game = game_on(trick8_deal(*deal))
    play(game, " ".join(f"1:{a} 0:{b}" for a, b in zip(P1[: n - 1], P0[: n - 1], strict=True)))
    return game


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


# -- R7 melds ------------------------------------------------------------------------------
@pytest.mark.parametrize("hand, meld", [
    ("9H TH JH 7C 9C JC 7D 9D JD", "seq3-JH"),
    ("8H 9H TH JH 7C 9C 7D 9D JD", "seq4-JH"),
    ("7H 8H 9H TH JH 7C 9C 7D 9D", "seq5-JH"),
    ("7H 8H 9H TH JH QH 7C 9C 7D", "seq6-QH"),
    ("7H 8H 9H TH JH QH KH 7C 9C", "seq7-KH"),
    ("7H 8H 9H TH JH QH KH AH 7C", "seq8-AH"),
    ("QH QC QD QS 7H 9H 7C 9C 7D", "four-Q"),
    ("KH KC KD KS 7H 9H 7C 9C 7D", "four-K"),
    ("AH AC AD AS 7H 9H 7C 9C 7D", "four-A"),
    ("JH JC JD JS 7H 9H 7C 9C 7D", "four-J"),
    ("KS QS 7H 9H 7C 9C 7D 9D JD", "marriage"),
])  # fmt: skip
def test_R7_1_every_kind_and_its_points(hand, meld):
    game = game_on(deal_of(hand, "8S"))  # trumps spades; seat 1 leads
    action = game.parse_action(meld)
    assert action in game.legal_actions() and game.event_name(action) == meld
    play(game, f"1:{meld}")
    points = POINTS[meld.split("-")[0] if meld.startswith("seq") else meld]
    if meld != "marriage":
        assert game.to_act == 0 and game.phase == V.ANSWER and game.meld_points == [0, 0]
        play(game, "0:pass")
    assert game.meld_points == [0, points]  # R7.1, R7.7
    assert game.to_act == 1 and game.phase == V.LEAD_CARD


def test_R7_1_no_meld_of_four_tens_nines_eights_or_sevens():
    game = game_on(deal_of("TH TC TD TS 9H 9C 9D 9S 7H", "8S"))
    assert melds(game) == []  # R7.1 (7H 9H TH and 9S TS are no runs)
    for word in ("four-T", "four-9", "four-8", "four-7", "seq9-AS", "seq3-8S"):
        with pytest.raises(ValueError):  # malformed (RECORD.md)
            game.parse_action(word)


R72 = deal_of("JH JC JD JS 9H TH KS QS 7C", "8S", "7H 8H 7D 8D 9D TD QD KD AD",
              "8C 9C TC AC 7S 9S TS AS QC KC QH KH AH")  # fmt: skip


def test_R7_2_cards_stay_in_hand_one_card_in_two_melds():
    game = game_on(R72)  # trumps spades
    play(game, "1:four-J")
    assert game.legal_actions() == [V.PASS]  # 7-10 and Q-A of diamonds do not beat it (R7.5)
    play(game, "0:pass")
    assert game.meld_points == [0, 200] and game.hand(1) == mask(R72[0][1])  # R7.2 kept
    play(game, "1:7C 0:7D")  # 7D no trump: seat 1 wins; draws 1:8C 0:9C
    # JH again in J-10-9; JS in J-Q-K of spades; KS there and in the marriage
    assert melds(game) == sorted([V.MARRIAGE, seq("JH"), seq("KS")])
    play(game, "1:seq3-JH 0:pass")  # R7.2 JH in four jacks and in J-10-9
    assert game.meld_points == [0, 220]
    play(game, "1:8C 0:7H")  # seat 1 wins; draws 1:TC 0:AC
    play(game, "1:marriage")
    assert game.meld_points == [0, 240]


def test_R7_3a_a_sequence_is_a_whole_run():
    game = game_on(deal_of("8H 9H TH JH 7C 9C JC 7D 9D", "8S"))
    assert melds(game) == [seq("JH")] and game.event_name(seq("JH")) == "seq4-JH"  # R7.3a
    assert "seq3-TH" not in names(game) and "seq3-JH" not in names(game)
    refused(game, "seq3-TH", "R7.3")  # he holds JH
    refused(game, "seq3-JH", "R7.3")  # he holds 8H
    game = game_on(deal_of("7H 9H TH JH QH 7C 9C 7D 9D", "8S"))
    assert melds(game) == [seq("QH")] and game.event_name(seq("QH")) == "seq4-QH"
    refused(game, "seq4-JH", "R7.3")  # he holds QH


def test_R7_3b_the_same_meld_twice_is_barred():
    game = game_on(R72)
    play(game, "1:four-J 0:pass 1:7C 0:7D")  # seat 1 still holds the four jacks
    assert V.FOUR_J not in game.legal_actions()
    refused(game, "four-J", "R7.3")  # R7.3b
    game = game_on(X)
    play(game, "1:four-J 0:pass 1:7C 0:9D 0:four-A")  # nor as an answer
    assert game.legal_actions() == [V.PASS]
    refused(game, "four-J", "R7.3")  # R7.3b


def test_R7_3b_longer_and_overlapping_runs_allowed_contained_ones_barred():
    deal = deal_of("9H TH JH 7C 9C JC AC 7D 9D", "8S", "7H 8H 8C TC QC KC 8D TD QD",
                   "QH JD KH KD AH AD")  # fmt: skip
    game = game_on(deal)
    play(game, "1:seq3-JH 0:pass 1:AC 0:8C")  # 9-J; seat 1 wins, draws QH
    assert seq("QH") in game.legal_actions()  # 9-Q contains 9-J: allowed (R7.3b)
    play(game, "1:seq4-QH 0:pass 1:9H 0:8D")  # draws KH
    assert seq("KH") in game.legal_actions()  # 10-K overlaps 9-Q, neither contains the other
    play(game, "1:seq4-KH")
    # seat 0 holds TD JD QD KD: as strong as TH JH QH KH, both plain: no beat (R7.5)
    assert game.legal_actions() == [V.PASS]
    play(game, "0:pass 1:KH 0:TD")  # draws AH: seat 1 holds TH JH QH AH
    assert game.meld_points == [0, 120]  # 20 + 50 + 50
    assert game.event_name(seq("QH")) == "seq3-QH" and seq("QH") not in game.legal_actions()
    refused(game, "seq3-QH", "R7.3")  # 10-Q lies within 9-Q (R7.3b)


def test_R7_3b_a_beaten_meld_counts_as_declared():
    game = game_on(REC)
    play(game, " ".join(REC_TRICKS[:5]))  # seat 0's Q-K-A of spades was beaten at trick 4
    assert game.to_act == 0 and game.hand(0) == mask("8C AH KS KD QS KC AS 7S 9H")
    assert game.legal_actions() == ids("8C AH KS KD QS KC AS 7S 9H")  # Q-K-A whole again
    refused(game, seq("AS"), "R7.3")  # R7.3b


def test_R7_4a_declarations_only_in_tricks_1_to_7():
    game = to_trick(F1, 7)
    assert seq("KH") in game.legal_actions()  # J-Q-K of hearts at trick 7
    game = to_trick(F1, 8)
    assert melds(game) == [] and game.hand(1) & mask("JH QH KH") == mask("JH QH KH")
    refused(game, "seq3-KH", "R7.4")  # R7.4a


def test_R7_4b_declaring_is_optional_one_declaration_a_lead():
    game = to_trick(F1, 1)  # seat 1 holds all eight spades and 7D
    assert game.legal_actions() == ids("7S 8S 9S TS JS QS KS 7D AS", V.SWAP, seq("AS"))
    play(game, "1:7S")  # R7.4b he leads in silence
    assert game.phase == V.FOLLOW and game.meld_points == [0, 0]
    game = game_on(R72)
    play(game, "1:four-J 0:pass")
    assert game.legal_actions() == ids(R72[0][1])  # one declaration a lead (R7.4b)
    refused(game, "seq3-JH", "R7.4")
    refused(game, "marriage", "R7.4")


def test_R7_4c_the_answer_pass_or_stronger_and_nothing_else():
    game = game_on(REC)
    refused(game, "pass", "R7.4")  # nothing to answer
    play(game, " ".join(REC_TRICKS[:3]) + " 0:seq3-AS")
    refused(game, "8D", "R7.4")  # an answer first (R7.4c)
    game = game_on(R72)
    play(game, "1:four-J 0:pass 1:7C")
    assert game.legal_actions() == ids("7H 8H 7D 8D 9D TD QD KD AD")  # R7.4c no meld now
    refused(game, "seq4-TD", "R7.4")
    play(game, "0:7D 1:seq3-JH")  # seat 0: 7H 8H 8D 9D TD QD KD AD 9C
    assert game.legal_actions() == [seq("AD"), V.PASS]  # Q-K-A beats J-10-9; 8-10 does not
    play(game, "0:pass")  # optional (R7.4c)
    assert game.meld_points == [0, 220]


def test_R7_4d_then_the_leader_plays_his_card():
    game = game_on(REC)
    play(game, " ".join(REC_TRICKS[:3]) + " 0:seq3-AS 1:four-J")
    assert game.to_act == 0 and game.phase == V.LEAD_CARD  # R7.4d
    assert game.legal_actions() == ids("8S 8C AH KS KD QS KC TC AS")
    play(game, "0:8S")
    assert game.to_act == 1 and game.phase == V.FOLLOW


@pytest.mark.parametrize("lead_hand, lead, follow_hand, answer, beats", [
    ("9H TH JH 7D 9D KD QC AC 9S", "seq3-JH", "7C 8C 9C TC 7H AH 8D TD QD", "seq4-TC", True),
    ("7C 8C 9C TC 7H AH 8D TD QD", "seq4-TC", "9H TH JH 7D 9D KD QC AC 9S", "seq3-JH", False),
    ("7C 8C 9C TC 7H AH 8D TD KD", "seq4-TC", "QH QC QD QS 9H JH 9D JD AC", "four-Q", True),
    ("QH QC QD QS 7H 9H 7C 9C 7D", "four-Q", "KH KC KD KS AH AC AD TS 8H", "four-K", True),
    ("KH KC KD KS 7H 9H 7C 9C 7D", "four-K", "QH QC QD QS AH AC JD TS 8H", "four-Q", False),
    ("KH KC KD KS 7H 9H 7C 9C 7D", "four-K", "AH AC AD AS QH QC JD TS 8H", "four-A", True),
    ("AH AC AD AS KH 9H KD 9D QS", "four-A", "7C 8C 9C TC JC 7H 8H 7D 8D", "seq5-JC", True),
    ("7C 8C 9C TC JC 7H 8H 7D 8D", "seq5-JC", "AH AC AD AS KH 9H KD 9D QS", "four-A", False),
    ("7H 8H 9H TH JH 7C 9C KC 9S", "seq5-JH", "7D 8D 9D TD JD QD AC TC QS", "seq6-QD", True),
    ("7D 8D 9D TD JD QD AC TC QS", "seq6-QD", "8H 9H TH JH QH KH AH 7C 9C", "seq7-AH", True),
    ("8H 9H TH JH QH KH AH 7C 9C", "seq7-AH", "7D 8D 9D TD JD QD KD AD TC", "seq8-AD", True),
    ("7D 8D 9D TD JD QD KD AD TC", "seq8-AD", "8H 9H TH JH QH KH AH 7C 9C", "seq7-AH", False),
    ("AH AC AD AS 7H 9H 7C 9C 7D", "four-A", "JH JC JD JS KH KC 8D TD QD", "four-J", True),
    ("7H 8H 9H TH AC KC 9D 7D QS", "seq4-TH", "JH JC JD JS 8C TC 8D TD AS", "four-J", True),
    ("JH JC JD JS 8C TC 8D TD AS", "four-J", "AH AC AD KS 7H 8H 9H TH 9C", "seq4-TH", False),
    # same length: the higher top wins; with the same top a trump one beats a plain one
    ("9H TH JH 7D 9D KD AC 7C 9S", "seq3-JH", "TC JC QC 8D TD QD AH KH QS", "seq3-QC", True),
    ("9H TH JH 7D 9D KD AC 7C QS", "seq3-JH", "9S TS JS 8D TD QD AH KH 8C", "seq3-JS", True),
    ("9S TS JS 8D TD QD AH KH 8C", "seq3-JS", "9H TH JH 7D 9D KD AC 7C QS", "seq3-JH", False),
    ("9H TH JH 7D 9D KD AC 7C 9S", "seq3-JH", "9C TC JC 8D TD QD AH KH QS", "seq3-JC", False),
    ("9S TS JS 8D TD QD AH KH 8C", "seq3-JS", "TH JH QH 7D 9D KD AC 7C AS", "seq3-QH", True),
])  # fmt: skip
def test_R7_5_the_order_of_melds(lead_hand, lead, follow_hand, answer, beats):
    # trumps spades (8S turned); seat 1 declares, seat 0 answers
    game = game_on(deal_of(lead_hand, "8S", follow_hand))
    play(game, f"1:{lead}")
    action = game.parse_action(answer)
    kind = {m: m.split("-")[0] if m.startswith("seq") else m for m in (lead, answer)}
    if beats:
        assert action in game.legal_actions()  # R7.5 strictly stronger
        play(game, f"0:{answer}")
        assert game.meld_points == [POINTS[kind[answer]], 0]  # R7.7
    else:
        refused(game, answer, "R7.5")
        play(game, "0:pass")
        assert game.meld_points == [0, POINTS[kind[lead]]]
    assert game.to_act == 1 and game.phase == V.LEAD_CARD


def test_R7_6_the_marriage_scores_at_once_and_is_never_an_answer():
    game = game_on(deal_of("KS QS 7H 9H 7C 9C 7D 9D JD", "8S"))
    play(game, "1:marriage")  # R7.6 no answer: seat 1 plays on
    assert game.meld_points == [0, 20] and game.to_act == 1 and game.phase == V.LEAD_CARD
    assert game.history[0].events == [(1, "marriage")]
    game = game_on(deal_of("KC QC KD QD 7H 9H 7C 9C 8D", "8S"))  # no trump K and Q
    assert V.MARRIAGE not in game.legal_actions()  # R7.1 the trump marriage only
    refused(game, "marriage", "R7.1", "R7.2", "R7.6")
    # seat 0 holds KS QS: not an answer to J-10-9 of hearts (R7.6)
    game = game_on(deal_of("9H TH JH 7D 9D KD AC 7C 9C", "8S", "KS QS 8H 8D TD QD AH KH 8C"))
    play(game, "1:seq3-JH")
    assert game.legal_actions() == [V.PASS]
    refused(game, "marriage", "R7.6")


def test_R7_7_scoring_when_passed_and_when_beaten():
    game = game_on(REC)
    play(game, " ".join(REC_TRICKS[:3]) + " 0:seq3-AS")
    assert game.meld_points == [0, 0]
    play(game, "1:four-J")
    assert game.meld_points == [0, 200]  # R7.7 the beater scores, the beaten nothing
    play(game, " ".join(REC_TRICKS[3].split()[2:]) + " " + " ".join(REC_TRICKS[4:]))
    row = game.deal_rows[0]
    seq3, four_j = 1 << V.KIND_NAMES.index("seq3"), 1 << V.KIND_NAMES.index("four-J")
    assert row[V.D["declared_0"]] == seq3 and row[V.D["declared_1"]] == four_j  # R7.7
    assert row[V.D["scored_0"]] == 0 and row[V.D["scored_1"]] == four_j
    assert row[V.D["beaten_0"]] == seq3 and row[V.D["beaten_1"]] == 0
    for p in (0, 1):
        held = int(row[V.D[f"held_{p}"]])
        assert held & int(row[V.D[f"declared_{p}"]]) == int(row[V.D[f"declared_{p}"]])
    assert row[V.D["swap_seat"]] == 1 and row[V.D["meld_points_1"]] == 200
    game = game_on(R72)
    play(game, "1:four-J 0:pass")  # passed: the leader scores (R7.7)
    assert game.meld_points == [0, 200]


# -- R8 scoring a deal, R9 the end --------------------------------------------------------
def test_R8_1_R8_2_points_of_a_deal_and_totals():
    game = game_of(0, REC, REC_MIRROR)
    play(game, REC_EVENTS)
    d = game.history[0]
    assert (d.card_points, d.meld_points, d.points, d.totals) == (
        [72, 80], [0, 200], [72, 290], [72, 290])  # fmt: skip  # R8.1: 80 + 200 + 10
    assert sum(d.points) >= 162 and game.totals == [72, 290] and game.end is None
    play(game, mirror(REC_EVENTS))
    assert game.history[1].points == [290, 72]
    assert game.history[1].totals == game.totals == [362, 362]  # R8.2
    game = game_on(X)
    play(game, X_EVENTS)
    assert game.history[0].points == [262, 300] and game.history[0].meld_points == [200, 200]


def test_R9_1_the_game_ends_after_the_deal_reaching_501():
    game = game_of(0, REC, REC_MIRROR, REC)
    play(game, REC_EVENTS + " " + mirror(REC_EVENTS))  # totals 362 362: on (R9.1)
    assert game.end is None and game.to_act == 1 and game.dealer == 0
    play(game, REC_EVENTS)  # 362 + 72, 362 + 290
    assert game.totals == [434, 652] and game.history[2].totals == [434, 652]
    assert game.to_act is None and game.phase == V.OVER and game.end == "target"  # R9.3
    assert len(game.history) == 3 and game.legal_actions() == []
    assert game.results() == ([2, 1], [0.0, 1.0])  # R9.2, R9.3
    with pytest.raises(IllegalActionError):
        game.apply("7C")


def test_R9_1_totals_are_looked_at_only_after_a_deal_both_target():
    game = game_of(0, REC, REC_MIRROR, X)
    play(game, REC_EVENTS + " " + mirror(REC_EVENTS) + " 1:four-J 0:pass")
    assert game.meld_points == [0, 200] and game.totals == [362, 362]  # 362 + 200 > 501, but
    assert game.end is None and game.to_act == 1  # the deal goes on (R9.1)
    play(game, X_EVENTS.split(maxsplit=2)[2])
    assert game.totals == [624, 662]  # 362 + 262, 362 + 300: both past 501
    assert game.end == "both-target" and game.results() == ([2, 1], [0.0, 1.0])  # R9.3


def test_R9_2_R9_3_equal_totals_are_a_tie():
    game = game_of(0, X, X_MIRROR)
    play(game, X_EVENTS)
    assert game.totals == [262, 300] and game.end is None and game.dealer == 1  # R3.2
    play(game, mirror(X_EVENTS))
    assert game.totals == [562, 562]
    assert game.end == "tie" and game.results() == ([1, 1], [0.5, 0.5])  # R9.2, R9.3


def test_R3_2_R8_R9_whole_games_keep_the_rules():
    for deal_set in range(6):  # every decision the first legal action
        game = TertsGame.new(seed=9, deal_set=deal_set)
        while game.to_act is not None:
            game.apply(game.legal_actions()[0])
        totals = [0, 0]
        for k, d in enumerate(game.history):
            assert sum(d.card_points) == 152  # R4.3
            assert d.points == [d.card_points[p] + d.meld_points[p] + 10 * (d.last_trick == p)
                                for p in (0, 1)]  # fmt: skip  # R8.1
            totals = [totals[p] + d.points[p] for p in (0, 1)]
            assert d.totals == totals  # R8.2
            last = k == len(game.history) - 1
            assert (max(totals) >= 501) == last  # R9.1
            if not last:
                assert game.history[k + 1].dealer == d.last_trick  # R3.2
        assert game.totals == totals and len(game.history) <= 7
        ranks, shares = game.results()
        if totals[0] == totals[1]:
            assert game.end == "tie" and ranks == [1, 1] and shares == [0.5, 0.5]
        else:
            w = int(totals[1] > totals[0])
            both = min(totals) >= 501
            assert game.end == ("both-target" if both else "target")  # R9.3
            assert ranks[w] == 1 and ranks[1 - w] == 2 and shares[w] == 1.0 and sum(shares) == 1


# -- R10 the record of a deal -----------------------------------------------------------------
def test_R10_3_the_events_of_a_deal_in_order():
    game = game_of(0, REC, REC_MIRROR)
    play(game, REC_EVENTS)
    d = game.history[0]
    want = [(int(e[0]), e[2:]) for e in REC_EVENTS.split()]
    assert d.events == want  # R10.3 (the swap at the exchanger's turn, before his card)
    assert want[10:12] == [(1, "swap"), (1, "JC")] and len(want) == 35
    assert d.dealer == 0 and d.turned == cid("QD")
    assert d.hands == [mask(h) for h in REC_HANDS] and d.stock == [
        cid(c) for c in REC_STOCK.split()
    ]
    assert game.history[1].number == d.number + 1 and game.history[1].events == []
    row = game.deal_rows[0]
    assert row[V.D["dealer"]] == 0 and row[V.D["trump"]] == 2 and row[V.D["turned"]] == cid("QD")
    assert [row[V.D["card_points_0"]], row[V.D["card_points_1"]]] == [72, 80]
    assert [row[V.D["points_0"]], row[V.D["points_1"]], row[V.D["last_trick"]]] == [72, 290, 1]


def test_R10_1_R10_2_hidden_cards_stay_hidden():
    # seat 1's TS and the stock's last card AD exchanged: seat 0 sees the same game
    other = ([REC_HANDS[0], REC_HANDS[1].replace("TS", "AD")], "QD", REC_STOCK.replace("AD", "TS"))
    a, b = game_on(REC), game_on(other)
    for event in ("", *REC_TRICKS[:2]):
        play(a, event)
        play(b, event)
        seen_a, seen_b = a.observation(0), b.observation(0)
        assert seen_a.hand == seen_b.hand and (seen_a.public == seen_b.public).all()  # R10.1
        assert a.observation(1).hand != b.observation(1).hand


def test_record_example_first_deal():
    # RECORD.md's example: dealer 0, QD turned, the events shown (traced in REC_TRICKS)
    game = game_of(0, REC, REC_MIRROR)
    play(game, REC_EVENTS)
    d = game.history[0]
    assert d.card_points == [72, 80] and d.meld_points == [0, 200]
    assert d.last_trick == 1 and d.points == [72, 290] and d.totals == [72, 290]
