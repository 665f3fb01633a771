"""Property tests: random games of Five Hundred, re-checked deal by deal from their records.

Random seats play (a pass rate, and how often they make the lowest bid, drawn by
hypothesis) and every finished game is read back from its history with rules written here
from /work/shared/games/five-hundred/RULES.md in card text, apart from the engine:
(a) the auction: calls from the eldest clockwise, passed seats skipped, each bid higher,
its end, the contractor; a thrown-in deal is four passes and nothing else (R4);
(b) the kitty: three discards by the contractor of his 13 cards, who then holds 10 (R6.1);
(c) the play: 10 tricks, the contractor leads, every card held and following the effective
suit when it can, the winner by R1.3-R1.6, R7.4, R8.1, the joker naming a suit exactly when
it leads in no trumps, never a suit its leader showed void in (R7, R8);
(d) tricks sum to 10 (0 when thrown in), points by R5.2 and R9, totals the sums (R9.4);
(e) the dealer rotation (R3.1); the game ends exactly when R10 says, and ranks and win
shares are those of R10.6.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sim.games.five_hundred import state as S
from sim.games.five_hundred.cards import card_name, cards_of
from sim.games.five_hundred.game import FiveHundredGame
from sim.games.five_hundred.vocab import AUCTION, PASS, PLAY, bid_name

seeds = st.integers(min_value=0, max_value=2**63 - 1)
RANKS = "456789TJQKA"
STRAINS = ("C", "D", "H", "S", "NT")  # R4.3, lowest first
SAME_COLOUR = {"H": "D", "D": "H", "C": "S", "S": "C"}  # R1.3


def suit_of(card: str, trump: str | None) -> str | None:
    """R1.5 (R8.1): the effective suit; the joker and the left bower are trumps, and in no
    trumps the joker has no suit."""
    if card == "JK":
        return trump
    if trump and card == "J" + SAME_COLOUR[trump]:
        return trump
    return card[1]


def power(card: str, trump: str | None, led: str) -> int:
    """R1.3, R1.4, R1.6, R7.4, R8.1: how strongly a card holds a trick whose suit is ``led``."""
    if card == "JK":
        return 100
    if trump:
        if card == "J" + trump:
            return 99
        if card == "J" + SAME_COLOUR[trump]:
            return 98
        if card[1] == trump:
            return 50 + RANKS.index(card[0])
    return RANKS.index(card[0]) if card[1] == led else -1


def bid_key(text: str) -> tuple[int, int]:
    """``7H`` -> (7, 2): the order of R4.3, R4.4."""
    strain = "NT" if text.endswith("NT") else text[-1]
    return int(text[: -len(strain)]), STRAINS.index(strain)


def value(text: str) -> int:
    tricks, strain = bid_key(text)
    return 100 * (tricks - 6) + 40 + 20 * strain  # R5.2


class Watched(FiveHundredGame):
    """The game, checking at every action that the cards are where they should be."""

    def apply(self, action) -> None:
        super().apply(action)
        problem = self.accounted()
        assert problem is None, problem
        if self.phase == PLAY and self.state[S.TRICK_NO] == 0 and self.state[S.TRICK_LEN] == 0:
            assert bin(self.hand(self.contractor)).count("1") == 10  # (b) after 3 discards


def length_bid(game: FiveHundredGame, bids: list[int], top: int) -> int | None:
    """A bid in the seat's longest suit (bowers and joker counted), 6 tricks plus one for each
    trump above five, at most ``top`` tricks; None if that is not above the standing bid."""
    hand = [card_name(c) for c in cards_of(game.hand(game.to_act))]
    n, suit = max((sum(suit_of(c, s) == s for c in hand), s) for s in "HCDS")
    tricks = min(top, 6 + max(0, n - 5))
    if n < 5:
        return None
    want = f"bid:{tricks}{suit}"
    return next((b for b in bids if game.event_name(b) == want), None)


def greedy_card(game: FiveHundredGame, legal: list[int]) -> int:
    """Lead the strongest card; follow with the cheapest card that wins, else the weakest."""
    s = game.state
    trump = None if game.trump < 0 else "HCDS"[game.trump]
    if s[S.TRICK_LEN] == 0:
        names = {a: card_name(min(a, 44)) for a in legal}  # JK=X (45-48) is the joker
        return max(legal, key=lambda a: power(names[a], trump, names[a][1]))
    led = "HCDS"[s[S.TO_FOLLOW]]
    best = max(power(card_name(c), trump, led) for c in s[S.TRICK_CARDS : S.TRICK_CARDS + 4]
               if c >= 0)  # fmt: skip
    by_power = sorted(legal, key=lambda a: power(card_name(a), trump, led))
    return next((a for a in by_power if power(card_name(a), trump, led) > best), by_power[0])


def play(seed: int, passing: float, lowest: float, smart: bool = False, top: int = 10) -> Watched:
    """A game of random seats (``smart``: bidding by suit length, playing greedily)."""
    game = Watched.new(seed=seed, deal_set=0)
    rnd = random.Random(seed)
    while not game.over:
        legal = game.legal_actions()
        if game.phase == AUCTION:
            bids = [a for a in legal if a != PASS]
            if smart:
                bid = length_bid(game, bids, top) if rnd.random() >= passing else None
                game.apply(PASS if bid is None else bid)
            elif not bids or rnd.random() < passing:
                game.apply(PASS)
            else:
                game.apply(bids[0] if rnd.random() < lowest else rnd.choice(bids))
        elif smart and game.phase == PLAY:
            game.apply(greedy_card(game, legal))
        else:
            game.apply(rnd.choice(legal))
    return game


def check_deal(d) -> tuple[int | None, str | None, list[int]]:
    """(a)-(c) for one deal's record; returns its contractor, contract and team tricks."""
    hands = [{card_name(c) for c in cards_of(h)} for h in d.hands]
    kitty = {card_name(c) for c in cards_of(d.kitty)}
    events = list(d.events)
    # (a) the auction (R4.1, R4.4-R4.7)
    seat, passed, high, contractor, k = (d.dealer + 1) % 4, set(), None, None, 0
    while True:
        who, text = events[k]
        k += 1
        assert who == seat  # R4.1 clockwise from the eldest, R4.5 passed seats skipped
        if text == "pass":
            passed.add(who)
        else:
            assert text.startswith("bid:")
            bid = text[4:]
            assert 6 <= bid_key(bid)[0] <= 10
            assert high is None or bid_key(bid) > bid_key(high)  # R4.4
            high, contractor = bid, who
        if len(passed) == 4:  # R4.7 thrown in
            assert k == 4 == len(events) and d.contractor is None and d.bid is None
            assert d.tricks == [0, 0] and d.points == [0, 0]  # (d) R9.4
            return None, None, [0, 0]
        if len(passed) == 3 and high is not None:  # R4.6
            break
        seat = (seat + 1) % 4
        while seat in passed:
            seat = (seat + 1) % 4
    assert d.contractor == contractor and bid_name(d.bid) == high
    # (b) the kitty (R6.1)
    held = hands[contractor] | kitty
    discards = events[k : k + 3]
    assert [w for w, _ in discards] == [contractor] * 3
    gone = {t.removeprefix("discard:") for _, t in discards}
    assert all(t.startswith("discard:") for _, t in discards) and len(gone) == 3
    assert gone <= held
    hands[contractor] = held - gone
    assert len(hands[contractor]) == 10
    # (c) the play (R7, R8)
    trump = None if high.endswith("NT") else high[-1]
    plays = events[k + 3 :]
    assert len(plays) == 40
    voids = [set(), set(), set(), set()]
    leader, won = contractor, [0, 0]  # R7.1
    for t in range(10):
        trick = plays[4 * t : 4 * t + 4]
        assert [w for w, _ in trick] == [(leader + i) % 4 for i in range(4)]
        best, winner, led = -2, None, None
        for i, (who, text) in enumerate(trick):
            card = text[:2]
            assert card in hands[who]  # never a discarded card, never twice
            if i == 0:
                if text.startswith("JK="):  # R8.2 only in no trumps; R8.3
                    assert trump is None and text[3] not in voids[who]
                    led = text[3]
                else:
                    assert not (trump is None and card == "JK")  # R8.2 it must name a suit
                    led = suit_of(card, trump)
            else:
                assert "=" not in text  # a suit is named only by a joker lead
                if suit_of(card, trump) != led:  # R7.2 may not follow: void in led
                    assert not any(suit_of(c, trump) == led for c in hands[who])
                    voids[who].add(led)
            p = power(card, trump, led)
            if p > best:
                best, winner = p, who
            hands[who].discard(card)
        won[winner % 2] += 1
        leader = winner  # R7.1 the winner leads next
    assert won == d.tricks and sum(won) == 10  # (d)
    return contractor, high, won


def ended(totals, contractor, deal_no):
    """R10.1-R10.4: (end reason, winning team or None for a tie), or None."""
    t0, t1 = totals
    if t0 >= 500 and t1 >= 500:
        return "reached-500", contractor % 2  # R10.2
    if t0 >= 500 or t1 >= 500:
        return "reached-500", 0 if t0 >= 500 else 1  # R10.1
    if t0 <= -500 or t1 <= -500:
        return "minus-500", 1 if t0 <= -500 else 0  # R10.3
    if deal_no + 1 >= 200:
        return "deal-cap", None if t0 == t1 else (0 if t0 > t1 else 1)  # R10.4
    return None


def check_game(game: FiveHundredGame) -> None:
    totals = [0, 0]
    for k, d in enumerate(game.history):
        assert d.number == k and d.dealer == (game.first_dealer + k) % 4  # (e) R3.1
        contractor, high, won = check_deal(d)
        points = [0, 0]
        if contractor is not None:  # (d) R9.1-R9.3
            attack = contractor % 2
            made = won[attack] >= bid_key(high)[0]
            points[attack] = value(high) if made else -value(high)
            points[1 - attack] = 10 * won[1 - attack]
        assert d.points == points
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        assert d.totals == totals
        end = ended(totals, contractor, k)
        if k < len(game.history) - 1:
            assert end is None  # (e) R10.5 the game goes on
    assert end is not None and game.over and game.end == end[0]  # it ends here
    assert game.totals == totals and len(game.history) <= 200
    ranks, shares = game.results()  # R10.6
    if end[1] is None:
        assert ranks == [1, 1, 1, 1] and shares == [0.25] * 4
    else:
        assert ranks == [1 if p % 2 == end[1] else 2 for p in range(4)]
        assert shares == [0.5 if p % 2 == end[1] else 0.0 for p in range(4)]
    assert abs(sum(shares) - 1.0) < 1e-12


@settings(max_examples=80, deadline=None)
@given(seeds, st.floats(0.0, 0.97), st.floats(0.0, 1.0), st.booleans(), st.integers(6, 10))
def test_random_games_follow_the_rules(seed, passing, lowest, smart, top):
    check_game(play(seed, passing, lowest, smart, top))


@settings(max_examples=3, deadline=None)
@given(seeds)
def test_nobody_ever_bids_the_cap_ends_the_game_in_a_tie(seed):
    # R4.7, R10.4: 200 thrown-in deals, 0 to 0
    game = play(seed, 1.0, 0.0)
    check_game(game)
    assert len(game.history) == 200 and game.end == "deal-cap" and game.totals == [0, 0]
    assert [d.dealer for d in game.history[:5]] == [(game.first_dealer + k) % 4 for k in range(5)]


def test_the_random_games_reach_every_end():
    # the checks above meet each way a game ends: 500 by the contractors, by the defenders,
    # by both teams in one deal (R10.1, R10.2); -500 (R10.3); and joker leads in no trumps
    seen = set()
    for k in range(300):
        game = play(1000 + k, 0.3 * (k % 3), 0.0, smart=k % 10 != 0, top=6 + k % 3)
        check_game(game)
        last = game.history[-1]
        seen.add(game.end)
        if game.end == "reached-500":
            attack = last.contractor % 2
            seen.add("both" if min(last.totals) >= 500 else
                     "defenders" if last.totals[1 - attack] >= 500 else "contractors")  # fmt: skip
        if any(t.startswith("JK=") for d in game.history for _, t in d.events):
            seen.add("JK=")
    want = {"reached-500", "minus-500", "contractors", "defenders", "both", "JK="}
    assert want <= seen, want - seen
