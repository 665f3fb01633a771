"""The Five Hundred ``greedy`` bot: each idea of its docstring in a hand-built position, always
legal and deterministic over random games, sound in self-play, and clearly stronger than
``random``.

Positions start with dealer 0, so seat 1 calls first (R4.1) and, as the contractor, leads
first (R7.1). Team 0 is seats 0 and 2, team 1 seats 1 and 3 (R2.1).
"""

import random

import numpy as np
import pytest

from bots.five_hundred.greedy import greedy_bot
from sim.core.bots import parse_spec
from sim.core.loop_batch import play_batch
from sim.core.play import play_game
from sim.core.rng import new_stream
from sim.games.five_hundred import SPEC as FIVE_HUNDRED
from sim.games.five_hundred.cards import CARD_NAMES
from sim.games.five_hundred.game import FiveHundredGame
from sim.games.five_hundred.state import PUB_SIZE
from sim.games.five_hundred.vocab import AUCTION, REACHED_500, D, G

GREEDY = parse_spec("greedy", "five-hundred")
RANDOM = parse_spec("random", "five-hundred")


def deal(hands: dict[int, str], kitty: str | None = None):
    """Four hands (those not given filled from the cards left, in card order) and the kitty
    (by default the last three cards)."""
    used = set(" ".join(hands.values()).split()) | set((kitty or "").split())
    rest = [c for c in CARD_NAMES.values() if c not in used]
    full = []
    for seat in range(4):
        if seat in hands:
            full.append(hands[seat])
        else:
            full.append(" ".join(rest[:10]))
            rest = rest[10:]
    return full, kitty if kitty is not None else " ".join(rest)


def start(hands: dict[int, str], kitty: str | None = None, moves: str = "",
          contract: str | None = None) -> FiveHundredGame:  # fmt: skip
    """Dealer 0 deals these cards; with ``contract`` (``6H``) seat 1 bids it, the others pass
    and seat 1 discards the kitty; then ``moves`` (record words) are played."""
    cards = deal(hands, kitty)
    game = FiveHundredGame.from_deals(0, lambda k: cards)
    if contract:
        game.apply(f"bid:{contract}")
        for _ in range(3):
            game.apply("pass")
        for card in cards[1].split():
            game.apply(f"discard:{card}")
    for m in moves.split():
        game.apply(m)
    return game


def decide(game: FiveHundredGame) -> str:
    """What greedy does for the seat to act, called as the engine calls it."""
    seat = game.to_act
    action = greedy_bot(
        game.state[:PUB_SIZE],
        seat,
        game.private(seat),
        game.legal_mask(),
        new_stream(1),
        np.zeros(8),
    )
    assert game.legal_mask() >> int(action) & 1, "greedy chose an illegal action"
    return game.event_name(int(action))


STRONG_HEARTS = "JH JD AH KH 9H 7H AS KS 8C 6D"


# -- bidding ------------------------------------------------------------------------------------
def test_bids_the_cheapest_bid_of_its_best_strain():
    # R4.2-R4.4: six trumps with both bowers, AS KS: about ten tricks counted, but it bids
    # only what the auction needs (6H), it never jumps
    g = start({1: STRONG_HEARTS})
    assert decide(g) == "bid:6H"


def test_passes_a_weak_hand():
    # R4.1: no honour, no length
    g = start({1: "5H 6H 8H 7C 8C 5D 7D 5S 6S 9S"})
    assert decide(g) == "pass"


def test_raises_the_partners_strain_with_what_its_hand_adds():
    # R4.4: the partner (seat 2) bid 6S; JC is the left bower of spades, AS KS and a fourth
    # trump, AH KH: his six and this hand's tricks make seven
    g = start({0: "JC AS KS 5S AH KH 9D 8D 7C 6C"}, moves="pass bid:6S pass")
    assert decide(g) == "bid:7S"
    # without KS it adds too little to raise, and no other strain reaches seven
    g = start({0: "JC AS 5S AH KH 6H 5H 9D 8D 7D"}, moves="pass bid:6S pass")
    assert decide(g) == "pass"


def test_does_not_bid_a_strain_an_opponent_bid():
    # R4.4: hearts is the only strain of this hand: after seat 1 bid 6H it passes
    hand = "JH JD AH KH QH 9H 8H 5C 6D 7S"
    assert decide(start({2: hand}, moves="pass")) == "bid:6H"
    assert decide(start({2: hand}, moves="bid:6H")) == "pass"


def test_does_not_outbid_a_partner_who_raised_it():
    # R4.6: seat 1 bid 6H and its partner raised to 7H: his bid already counts both hands
    g = start({1: STRONG_HEARTS}, moves="bid:6H pass bid:7H pass")
    assert g.to_act == 1
    assert decide(g) == "pass"


# -- the kitty ---------------------------------------------------------------------------------
def test_discards_void_short_side_suits_and_keep_trumps_and_aces():
    # R6.1: with the kitty (JD, the left bower, 5C, KC) seat 1 holds six trumps, AS 9S, three
    # clubs and 6D 7D; it throws 9S, then the diamonds, keeping JD and AS
    g = start({1: "JH AH KH 9H 7H AS 8C 6D 7D 9S"}, kitty="JD 5C KC",
              moves="bid:6H pass pass pass")  # fmt: skip
    thrown = []
    for _ in range(3):
        thrown.append(decide(g))
        g.apply(thrown[-1])
    assert thrown == ["discard:9S", "discard:6D", "discard:7D"]


def test_with_only_trumps_and_aces_throws_its_lowest_trumps():
    # R6.1, R1.3: ten hearts with the joker and both bowers, and three aces: 4H 5H 6H go
    hand = "JK JH JD AH KH QH TH 4H 5H 6H"
    g = start({1: hand}, kitty="AS AC AD", moves="bid:6H pass pass pass")
    thrown = []
    for _ in range(3):
        thrown.append(decide(g))
        g.apply(thrown[-1])
    assert thrown == ["discard:4H", "discard:5H", "discard:6H"]


# -- play: leading ---------------------------------------------------------------------------
DEAL_A = {
    1: "JK JH AH 9H 7H 8C 6C KS 9S 7D",
    2: "AC KC QC 5H AS QS 8D 9D TD 5S",
    3: "JD KH QH TC 9C 7C 6S 7S 8S JS",
    0: "6H 8H TH 4H 5C JC AD KD QD TS",
}


def test_contractor_draws_trumps_with_his_boss_trump():
    # R7.1, R1.3: the joker is the highest trump
    g = start(DEAL_A, "4D 5D 6D", contract="6H")
    assert decide(g) == "JK"


def test_contractor_draws_with_a_low_trump_without_the_boss():
    # R1.3: the joker and both bowers are out: with four trumps he leads the lowest
    g = start({1: "AH 9H 7H 5H KS QS 8C 6D 7D 9S"}, "4D 5D 8D", contract="6H")
    assert decide(g) == "5H"


def test_leads_a_side_boss_from_its_longest_suit():
    # R7.1: two low trumps only (no draw); AS, AC and KC are bosses: clubs is longer
    g = start({1: "9H 7H AS 5S AC KC 6C 7D 8D 9D"}, "4D 5D 6D", contract="6H")
    assert decide(g) == "KC"


DEAL_B = {
    1: "JK JH AH 9H 7H 6C 8C KS 9S 7D",
    2: "AC 5H 4H QS 6S 5S 8D 9D TD QD",
    3: "JD KH QH TC 9C 7C 7S 8S JS 6D",
    0: "6H 8H TH 5C JC QC KC AD KD TS",
}
AFTER_B = "discard:4D discard:5D discard:AS 6C AC 7C 5C"  # seat 2 wins the first trick


def test_defender_leads_the_suit_his_partner_bid():
    # R4.2: seat 0 bid 7D before seat 1 took the contract at 7H: seat 2 leads 8D
    g = start(DEAL_B, "4D 5D AS", "bid:6H pass pass bid:7D bid:7H pass " + AFTER_B)
    assert g.to_act == 2
    assert decide(g) == "8D"


def test_defender_leads_through_from_a_short_suit():
    # R7.2: no boss, no partner's suit: the lowest card of its shortest side suit (it holds
    # trumps to ruff it later), spades, and not diamonds
    g = start(DEAL_B, "4D 5D AS", "bid:6H pass pass pass " + AFTER_B)
    assert decide(g) == "5S"


def test_joker_led_in_no_trumps_names_the_longest_suit():
    # R8.2: no boss to cash; five hearts
    g = start({1: "JK KH QH 9H 7H 5H KS 9S 8C 7D"}, "4D 5D 6D", contract="6NT")
    assert decide(g) == "JK=H"


# -- play: following -------------------------------------------------------------------------
def test_partner_does_not_overtake_a_winning_card():
    # R7.4: the contractor's joker holds the trick: his partner plays his lowest trump
    g = start(DEAL_A, "4D 5D 6D", "JK 5H", contract="6H")
    assert decide(g) == "QH"


def test_wins_with_the_cheapest_safe_card():
    # R7.4: seat 2 holds AC KC QC: the queen is already the highest club out
    g = start(DEAL_A, "4D 5D 6D", "8C", contract="6H")
    assert decide(g) == "QC"


def test_trumps_in_with_the_cheapest_trump():
    # R7.2: seat 3 has no diamond (JD is a trump) and seat 2's 8D beats his partner's 7D
    g = start(DEAL_A, "4D 5D 6D", "7D 8D", contract="6H")
    assert decide(g) == "QH"


DEAL_D = {
    1: "JH AH 9H 7H 5S 8C 6C 7D 9D TD",
    2: "8S 9S TS 5H JK 5C 7C 6H 4D 5D",
    3: "KS QS 6S 8H TH 8D JD TC JC QC",
}


def test_second_hand_plays_low():
    # R7.2: 9C would beat 8C, but any of TC-AC may follow from seat 3
    g = start(DEAL_D, "6D QD KD", "8C", contract="6H")
    assert decide(g) == "5C"


def test_third_hand_plays_high():
    # R7.4: KS and QS beat seat 2's 8S, neither is safe (AS is out): the king
    g = start(DEAL_D, "6D QD KD", "5S 8S", contract="6H")
    assert decide(g) == "KS"


def test_second_hand_keeps_the_joker_unless_the_led_card_is_a_boss():
    # R1.3: over 7H seat 2 plays 5H (its partner may still win); over the right bower, a
    # card no partner can beat, the joker
    assert decide(start(DEAL_D, "6D QD KD", "7H", contract="6H")) == "5H"
    assert decide(start(DEAL_D, "6D QD KD", "JH", contract="6H")) == "JK"


def test_discards_from_its_shortest_suit_under_a_partners_winner():
    # R7.2: the contractor's AC holds; seat 3, void in clubs, keeps its trumps and throws
    # the lower diamond (two diamonds, three spades)
    g = start({1: "AC JH AH 9H 7H 5S 8C 6C 7D 9D", 3: "6S 7S 8S 8D TD KH QH 6H 4H 5H"},
              "JS QS KS", "AC", contract="6H")  # fmt: skip
    g.apply(g.legal_actions()[0])  # seat 2 follows with a club
    assert decide(g) == "8D"


# -- always legal, deterministic, sound ------------------------------------------------------
def test_legal_and_deterministic_over_random_positions():
    # R11: 5,000 positions of every phase: greedy's calls (random calls end a game in its
    # first deal), then half greedy's moves and half random; the same position gives the
    # same action whatever the random stream, and greedy never writes into public
    rnd = random.Random(5)
    seen = 0
    for seed in range(100):
        game = FiveHundredGame.new(seed=seed, deal_set=0)
        while not game.over and seen < 5000:
            seat = game.to_act
            public = game.state[:PUB_SIZE].copy()
            hand = game.private(seat)
            legal = game.legal_mask()
            a = greedy_bot(public, seat, hand, legal, new_stream(1), np.zeros(8))
            b = greedy_bot(public, seat, hand, legal, new_stream(99), np.zeros(8))
            assert a == b and legal >> int(a) & 1
            assert (public == game.state[:PUB_SIZE]).all(), "greedy wrote into public"
            seen += 1
            greedy = game.phase == AUCTION or rnd.random() < 0.5
            game.apply(int(a) if greedy else rnd.choice(game.legal_actions()))
    assert seen == 5000


@pytest.mark.parametrize("lineup", [[GREEDY] * 4, [GREEDY, RANDOM, GREEDY, RANDOM]])
def test_whole_games_are_legal_and_reproducible(lineup):
    # sim.core.play checks every decision and raises BotError on an illegal one
    for game_id in range(10):
        a = play_game(FIVE_HUNDRED, lineup, 3, game_id)
        b = play_game(FIVE_HUNDRED, lineup, 3, game_id)
        assert a.over and a.totals == b.totals
        assert [d.events for d in a.history] == [d.events for d in b.history]


def test_self_play_makes_its_contracts_and_reaches_500():
    # R9.1, R10.1: 400 games of greedy: most contracts are made and most games end at 500
    # (measured over 5,000 games: 73% made, 93.5% reached-500, 6.5% minus-500)
    batch = play_batch(FIVE_HUNDRED, [GREEDY], [0, 0, 0, 0], 1, np.arange(400))
    d = batch.deals
    played = d[D["contract"]] >= 0
    team = d[D["contractor"]][played] % 2
    tricks = np.where(team == 0, d[D["tricks_team_0"]][played], d[D["tricks_team_1"]][played])
    made = tricks >= 6 + d[D["contract"]][played] // 5
    assert made.mean() > 0.65
    assert (batch.games[:, G["end"]] == REACHED_500).mean() > 0.85


# -- strength ------------------------------------------------------------------------------------
def test_beats_random_clearly():
    # R10.6: 400 games (200 deal sets, each in both seatings) of greedy and random; the fair
    # share of a seat is 25%; greedy takes 49.9% (of at most 50%) over 10,000 games
    ids = np.arange(200)
    shares = []
    for row in ([0, 1, 0, 1], [1, 0, 1, 0]):
        row = np.array(row, np.int8)
        batch = play_batch(FIVE_HUNDRED, [GREEDY, RANDOM], row, 1, ids)
        shares.append(batch.shares[:, row == 0])
    assert np.concatenate(shares).mean() > 0.45
