"""Property tests: random games of Terts, re-checked deal by deal from their records.

Random seats play (how keen they are to declare, answer and exchange drawn by hypothesis)
and every finished game is read back from its record with rules written here from
/work/shared/games/terts/RULES.md in card text, apart from the engine and the reference:
(a) the deal is the 32 cards once, trump is the turned card's suit, the dealer is the
first dealer, then the winner of the last trick (R1.1, R3.2, R3.4);
(b) 16 tricks of two cards, led by the non-dealer and then by each trick's winner; the
hands follow from the record's hands, stock and draws, every card played is held, each
player holds 9 cards at every lead of tricks 1-7 and one card fewer each trick after (R5);
(c) the winner of each trick by R4.1, R4.2, R5.2; card points sum to 152 (R4.3) and the
points of a deal are cards, melds and the last trick's 10 (R4.4, R8.1);
(d) melds: declared only at a lead of tricks 1-7 or in answer to one, held whole, an answer
strictly stronger; a seat scores exactly its passed declarations, its answers and its
marriages (R7); at most one exchange a deal, by the holder of the 7 of trumps (R6);
(e) the game ends after the first deal with a total of 501 or more, with the ranks, win
shares and end of R9.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sim.games.terts.game import TertsGame
from sim.games.terts.record import game_record
from sim.games.terts.vocab import PASS, SWAP

seeds = st.integers(min_value=0, max_value=2**63 - 1)
RANKS = "789TJQKA"  # R1.3 natural order
TRUMP_ORDER = "78QKTA9J"  # R4.1, weakest first
PLAIN_ORDER = "789JQKTA"  # R4.2, weakest first
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3}  # R4.3 (J and 9 below)
MELD_POINTS = {"seq3": 20, "seq4": 50, "four-Q": 100, "four-K": 100, "four-A": 100,
               "four-J": 200, "marriage": 20}  # R7.1 (sequences of 5-8: 100)  # fmt: skip
CLASS = ["seq3", "seq4", "four-Q", "four-K", "four-A", "seq5", "seq6", "seq7", "seq8", "four-J"]


def points(card: str, trump: str) -> int:
    if card[1] == trump and card[0] == "J":
        return 20
    if card[1] == trump and card[0] == "9":
        return 14
    return 2 if card[0] == "J" else POINTS.get(card[0], 0)


def second_wins(led: str, second: str, trump: str) -> bool:
    if second[1] == led[1]:
        order = TRUMP_ORDER if led[1] == trump else PLAIN_ORDER
        return order.index(second[0]) > order.index(led[0])
    return second[1] == trump


def meld_cards(word: str, hand: set[str], trump: str) -> set[str]:
    if word == "marriage":
        return {"K" + trump, "Q" + trump}
    if word.startswith("four-"):
        return {word[5] + s for s in "HCDS"}
    n, top = int(word[3]), word[5:]
    i = RANKS.index(top[0])
    return {RANKS[j] + top[1] for j in range(i - n + 1, i + 1)}


def strength(word: str, trump: str) -> tuple:
    kind = word.split("-")[0] if word.startswith("seq") else word
    if word.startswith("seq"):
        return CLASS.index(kind), RANKS.index(word[5]), word[6] == trump
    return CLASS.index(kind), 0, False


def check_deal(d: dict, leader: int) -> int:
    """Re-check one deal's record; the winner of its last trick."""
    hands = [set(h.split()) for h in d["hands"]]
    stock = d["stock"].split()
    trump, bottom = d["trump"], d["turned"]
    assert len(set().union(*hands, stock, {bottom})) == 32 and trump == bottom[1]  # (a)
    events = [(int(e[0]), e[2:]) for e in d["events"]]
    cards, melds, swaps = [0, 0], [0, 0], 0
    i = 0
    for trick in range(1, 17):
        follower = 1 - leader
        if trick <= 7:
            assert len(hands[0]) == len(hands[1]) == 9  # (b)
        pending = None
        played = []
        while len(played) < 2:
            seat, word = events[i]
            i += 1
            if word == "swap":  # (d) R6
                assert trick <= 7 and "7" + trump in hands[seat] and swaps == 0
                hands[seat] ^= {"7" + trump, bottom}
                bottom, swaps = "7" + trump, 1
                continue
            if word == "pass":
                assert seat == follower and pending and not played
                melds[leader] += pending
                pending = None
                continue
            if word.startswith(("seq", "four")) or word == "marriage":
                assert (
                    trick <= 7
                    and not played
                    and meld_cards(word, hands[seat], trump) <= hands[seat]
                )
                value = MELD_POINTS.get(word.split("-")[0] if word.startswith("seq") else word, 100)
                if seat == leader:
                    if word == "marriage":
                        melds[seat] += value
                    else:
                        pending, lead_word = value, word
                else:  # an answer beats (R7.5)
                    assert pending and strength(word, trump) > strength(lead_word, trump)
                    melds[seat] += value
                    pending = None
                continue
            assert pending is None and seat == (leader if not played else follower)  # (b), (d)
            assert word in hands[seat]
            hands[seat].remove(word)
            played.append(word)
        winner = follower if second_wins(played[0], played[1], trump) else leader  # (c)
        cards[winner] += points(played[0], trump) + points(played[1], trump)
        if trick <= 7:  # R5.3 the draws
            hands[winner].add(stock.pop(0))
            hands[1 - winner].add(stock.pop(0) if stock else bottom)
        leader = winner
    assert i == len(events) and not any(hands)
    assert d["card_points"] == cards and sum(cards) == 152 and d["meld_points"] == melds
    assert d["points"] == [cards[p] + melds[p] + 10 * (p == leader) for p in range(2)]  # (c)
    return leader


@settings(max_examples=60, deadline=None)
@given(seed=seeds, keen=st.floats(0.0, 1.0))
def test_random_games_keep_the_rules(seed, keen):
    game = TertsGame.new(seed % 2**32, 0)
    rnd = random.Random(seed)
    while not game.over:
        legal = game.legal_actions()
        special = [a for a in legal if a >= SWAP and a != PASS]
        game.apply(rnd.choice(special if special and rnd.random() < keen else legal))
    rec = game_record(game, 0, ["a", "b"])
    dealer, totals = rec["first_dealer"], [0, 0]
    for d in rec["deals"]:
        assert d["dealer"] == dealer  # (a) R3.1, R3.2
        assert max(totals) < 501  # (e) the game did not end before
        dealer = check_deal(d, 1 - dealer)
        totals = [totals[p] + d["points"][p] for p in range(2)]
        assert d["totals"] == totals and d["last_trick"] == dealer
    assert max(totals) >= 501 and rec["totals"] == totals  # (e) R9.1
    t0, t1 = totals
    assert rec["ranks"] == [1 if t0 >= t1 else 2, 1 if t1 >= t0 else 2]
    assert rec["win_share"] == ([0.5, 0.5] if t0 == t1 else [float(t0 > t1), float(t1 > t0)])
    both = min(totals) >= 501
    assert rec["end"] == ("tie" if t0 == t1 else "both-target" if both else "target")
