"""One test per rule of ../shared/games/euchre5/RULES.md, each on a hand-built deal.

Every expected value is worked out by hand from RULES.md (the tricks are traced in the
comments), never copied from the engine. A deal is five hands, the up card and the
kitty in R1.2 notation; events are written as in records (``2:order``, ``1:discard:QC``).
"""

import numpy as np
import pytest

from sim.games.euchre5 import kernels
from sim.games.euchre5.cards import parse_card
from sim.games.euchre5.game import EuchreGame, IllegalActionError
from sim.games.euchre5.vocab import ALONE, PASS, TRUMP_BASE

# RECORD.md's example deal: dealer 1, up 9H; seat 2 orders, the dealer discards QC
EXAMPLE = (["JC QH 9D QD AH", "9S QC TH KC TD", "8S KD AC 8C AD", "TC 8D 9C TS KH",
            "AS JS JD JH KS"], "9H", "8H QS")  # fmt: skip
EXAMPLE_PLAY = ("2:KD 3:8D 4:JH 0:9D 1:TD  4:JD 0:AH 1:9H 2:AC 3:KH  4:JS 0:QD 1:9S 2:8S 3:TS  "
                "4:AS 0:QH 1:TH 2:AD 3:9C  0:JC 1:KC 2:8C 3:TC 4:KS")  # fmt: skip
# A deal for round 2 and the play: seat 0 has the clubs, seat 1 the spades
SPREAD = (["JC JS AC KC QC", "AS KS QS TS 9S", "AH KH QH TH 9H", "AD KD QD TD 9D",
           "TC 9C 8C 8H 8D"], "JH", "JD 8S")  # fmt: skip


def game_on(deal, dealer: int) -> EuchreGame:
    hands, up, kitty = deal
    return EuchreGame.from_deals(dealer, lambda k: (hands, up, kitty))


def play(game: EuchreGame, events: str) -> None:
    for event in events.split():
        seat, _, what = event.partition(":")
        assert game.to_act == int(seat), (event, game.to_act)
        game.apply(game.parse_action(what))


def cards(text: str) -> list[str]:
    return text.split()


def names(game: EuchreGame) -> list[str]:
    return [game.event_name(a) for a in game.legal_actions()]


def test_R1_4_R7_3_plain_suits_rank_A_K_Q_J_T_9_8():
    # R1.4, R7.3: SPREAD with hearts turned down and clubs named: trick 1 is led by seat 2
    # (left of dealer 1) with AH; the highest heart wins, no trump played
    game = game_on(SPREAD, 1)
    play(game, "2:pass 3:pass 4:pass 0:pass 1:pass  2:pass 3:pass 4:pass 0:trump:C 0:alone")
    play(game, "2:AH 3:9D 4:8H 0:JC 1:AS")  # seat 0 trumps in with the right bower (R7.3)
    assert game.state[kernels.S.LEADER] == 0 and game.state[kernels.S.TRICKS_WON + 0] == 1
    play(game, "0:AC 1:KS 2:KH 3:AD 4:TC")  # clubs led: 4 follows; the ace of trump wins
    assert game.state[kernels.S.LEADER] == 0


def test_R5_1_R5_2_right_bower_then_left_bower_then_the_ace():
    # R5.1: JC (right) > JS (left) > AC; R5.2: the left bower is a club for every purpose
    game = game_on(SPREAD, 1)
    play(game, "2:pass 3:pass 4:pass 0:pass 1:pass  2:pass 3:pass 4:pass 0:trump:C 0:alone")
    play(game, "2:AH 3:9D 4:8H 0:JS 1:AS")  # the left bower is a trump: it takes the trick
    assert game.state[kernels.S.LEADER] == 0
    play(game, "0:JC 1:KS 2:KH 3:AD 4:TC")
    play(game, "0:AC 1:QS 2:QH 3:KD 4:9C")
    assert game.state[kernels.S.TRICKS_WON + 0] == 3


def test_R2_2_R2_3_R7_1_turns_go_clockwise_and_the_deal_passes_left():
    game = game_on(EXAMPLE, 1)
    assert game.dealer == 1 and game.to_act == 2  # R4.1, R2.2 left of the dealer speaks first
    play(game, "2:order 1:discard:QC 2:call:TS")
    assert game.to_act == 2  # R7.1 left of the dealer leads, whoever the maker is
    play(game, EXAMPLE_PLAY)
    assert game.dealer == 2 and game.to_act == 3  # R2.3 the deal passes to the next player


def test_R3_2_R3_3_a_deal_is_five_hands_of_five_an_up_card_and_a_kitty_of_two():
    for seed in range(50):
        game = EuchreGame.new(seed, 0)
        s = game.state
        hands = [game.hand(p) for p in range(5)]
        assert [bin(h).count("1") for h in hands] == [5] * 5
        kitty = int(s[kernels.S.KITTY])
        assert bin(kitty).count("1") == 2
        every = kitty | (1 << int(s[kernels.S.UP_CARD]))
        for h in hands:
            assert not every & h
            every |= h
        assert every == 0x7F7F7F7F  # the 28 cards, each once (R3.1)


def test_R4_1_the_first_order_makes_the_maker_and_ends_round_1():
    game = game_on(EXAMPLE, 1)
    play(game, "2:order")
    s = game.state
    assert s[kernels.S.MAKER] == 2 and game.trump == 0  # hearts, the up card's suit
    assert game.to_act == 1 and names(game)[0].startswith("discard:")  # straight to the dealer


def test_R4_1_the_dealer_may_order_last():
    game = game_on(EXAMPLE, 1)
    play(game, "2:pass 3:pass 4:pass 0:pass 1:order")
    assert game.state[kernels.S.MAKER] == 1


def test_R4_2_the_dealer_takes_the_up_card_and_discards_one_of_six():
    game = game_on(EXAMPLE, 1)
    play(game, "2:order")
    assert sorted(names(game)) == sorted(f"discard:{c}" for c in cards("9S QC TH KC TD 9H"))
    play(game, "1:discard:9H")  # the up card itself: no exchange
    assert game.hand(1) == sum(1 << parse_card(c) for c in cards("9S QC TH KC TD"))
    game = game_on(EXAMPLE, 1)
    play(game, "2:order 1:discard:QC")
    assert game.hand(1) >> parse_card("9H") & 1 and not game.hand(1) >> parse_card("QC") & 1


def test_R4_3_round_2_names_another_suit_with_no_exchange():
    game = game_on(EXAMPLE, 1)
    play(game, "2:pass 3:pass 4:pass 0:pass 1:pass")
    assert sorted(names(game)) == ["pass", "trump:C", "trump:D", "trump:S"]  # not hearts
    with pytest.raises(IllegalActionError, match=r"cannot be trump after round 1 \(R4.3\)"):
        game.apply(TRUMP_BASE + 0)
    play(game, "2:trump:S")
    assert game.trump == 3 and names(game)[0].startswith("call:")  # no discard in round 2
    assert game.hand(1) == sum(1 << parse_card(c) for c in EXAMPLE[0][1].split())


def test_R4_4_the_dealer_is_stuck_in_round_2():
    game = game_on(EXAMPLE, 1)
    play(game, "2:pass 3:pass 4:pass 0:pass 1:pass  2:pass 3:pass 4:pass 0:pass")
    assert game.to_act == 1 and "pass" not in names(game)
    with pytest.raises(IllegalActionError, match=r"must name a suit .* \(R4.4\)"):
        game.apply(PASS)


def test_R5_3_R7_2_follow_the_effective_suit_the_left_bower_is_trump():
    # hearts trump: JD is the left bower, a heart; a diamond lead may not be followed with it
    game = game_on(EXAMPLE, 1)
    play(game, "2:order 1:discard:QC 2:call:TS")
    play(game, "2:KD 3:8D")
    assert game.to_act == 4  # seat 4 holds JD (a trump now) and no diamond: any card
    assert set(names(game)) == {"AS", "JS", "JD", "JH", "KS"}
    play(game, "4:JH 0:9D 1:TD")  # 0 follows diamonds with 9D (QD too)
    play(game, "4:JD")  # a trump lead: the left bower leads trump (R5.2)
    assert names(game) == ["QH", "AH"]  # seat 0 must follow trump with a heart: QH or AH


def test_R6_1_R6_2_what_the_maker_may_call():
    game = game_on(EXAMPLE, 1)
    play(game, "2:order 1:discard:QC")
    legal = game.legal_actions()
    assert ALONE in legal
    for card in ("9H", "JD"):  # a trump, the left bower: never (R5.2)
        with pytest.raises(IllegalActionError, match=r"is a trump .* \(R6.2\)"):
            game.apply(parse_card(card))
    with pytest.raises(IllegalActionError, match=r"dealt hand.*\(R6.2\)"):
        game.apply(parse_card("KD"))  # in the maker's own dealt hand
    assert parse_card("QC") in legal  # the dealer's discard may be called: it is buried
    assert parse_card("TS") in legal and len(legal) - 1 >= 14  # at least 14 cards (R6.2)
    game = game_on(EXAMPLE, 1)
    play(game, "2:pass 3:pass 4:pass 0:pass 1:pass  2:trump:S")
    with pytest.raises(IllegalActionError, match=r"up card cannot be called \(R6.2\)"):
        game.apply(parse_card("9H"))


def test_R6_3_the_holder_of_the_called_card_is_the_partner_and_shows_by_playing_it():
    game = game_on(EXAMPLE, 1)
    play(game, "2:order 1:discard:QC 2:call:TS")
    assert game.state[kernels.S.PARTNER] == 3 and game.state[kernels.S.REVEALED] == -1
    play(game, "2:KD 3:8D 4:JH 0:9D 1:TD  4:JD 0:AH 1:9H 2:AC 3:KH  4:JS 0:QD 1:9S 2:8S 3:TS")
    assert game.state[kernels.S.REVEALED] == 3 and game.state[kernels.S.REVEALED_TRICK] == 3


def test_R6_4_R8_3_a_buried_called_card_leaves_the_maker_alone():
    # seat 2 calls QC, the dealer's discard: nobody holds it, the maker is alone (R6.4);
    # he takes 1 trick (KD? no: the plays of EXAMPLE give seat 2 one trick): 4 defenders 2 each
    game = game_on(EXAMPLE, 1)
    play(game, "2:order 1:discard:QC 2:call:QC")
    assert game.state[kernels.S.PARTNER] == -1
    play(game, EXAMPLE_PLAY)
    d = game.history[0]
    assert d.partner is None and d.tricks[2] == 0
    assert d.points == [4, 4, 0, 4, 4]  # R8.3: a lone maker with 0 tricks: 4 to each defender


def test_R6_5_R8_2_with_a_partner_three_defenders_score():
    # the example: seats 2 + 3 take no trick (4 takes three, 0 and 1 one each): 4 each to 0 1 4
    game = game_on(EXAMPLE, 1)
    play(game, "2:order 1:discard:QC 2:call:TS " + EXAMPLE_PLAY)
    d = game.history[0]
    assert d.tricks == [1, 1, 0, 0, 3] and d.points == [4, 4, 0, 0, 4]


@pytest.mark.parametrize("tricks, partner, attack, defend", [
    (5, True, 2, 0), (4, True, 1, 0), (3, True, 1, 0), (2, True, 0, 2), (1, True, 0, 2),
    (0, True, 0, 4), (5, False, 5, 0), (4, False, 1, 0), (3, False, 1, 0), (2, False, 0, 2),
    (0, False, 0, 4),
])  # fmt: skip
def test_R8_2_R8_3_R8_5_the_scoring_tables(tricks, partner, attack, defend):
    # the tables of R8.2 / R8.3 on a state built by hand: maker 0, partner 1 (or none)
    state = np.zeros(kernels.STATE_SIZE, np.int64)
    S = kernels.S
    state[S.MAKER] = 0
    state[S.PARTNER] = 1 if partner else -1
    state[S.CALLED] = 5 if partner else -1
    state[S.GOING_ALONE] = 0 if partner else 1
    state[S.TRICKS_WON + 0] = min(tricks, 3) if partner else tricks
    state[S.TRICKS_WON + 1] = tricks - state[S.TRICKS_WON + 0]
    state[S.TRICKS_WON + 2] = 5 - tricks
    from sim.games.euchre5.rules import end_deal

    end_deal(state)
    points = [int(state[S.POINTS + p]) for p in range(5)]
    attackers = {0, 1} if partner else {0}
    assert points == [attack if p in attackers else defend for p in range(5)]
    assert min(points) >= 0 and len({points[p] for p in attackers}) == 1  # R8.4, R8.5


def test_R7_4_R6_6_all_five_play_every_trick_the_winner_leads_next():
    game = game_on(EXAMPLE, 1)
    play(game, "2:order 1:discard:QC 2:alone")
    play(game, "2:KD 3:8D 4:JH 0:9D 1:TD")  # JH (right bower) takes it: seat 4 leads next
    assert game.to_act == 4 and game.state[kernels.S.TRICK_NO] == 1


def test_R9_1_R9_2_R9_3_ten_points_end_the_game_and_the_highest_totals_share():
    # totals 8 8 0 0 7 before the example deal's last trick... built by hand: seats 0, 1 and 4
    # defend the example deal and score 4 each: 12, 12, 0, 0, 11 -> the game ends (R9.1);
    # 0 and 1 share the win (R9.2), ranks 1 1 4 4 3 (R9.3)
    game = game_on(EXAMPLE, 1)
    for p, t in enumerate([8, 8, 0, 0, 7]):
        game.state[kernels.S.TOTALS + p] = t
    play(game, "2:order 1:discard:QC 2:call:TS " + EXAMPLE_PLAY)
    assert game.over and game.end == "reached-10"
    ranks, shares = game.results()
    assert game.totals == [12, 12, 0, 0, 11]
    assert ranks == [1, 1, 4, 4, 3] and shares == [0.5, 0.5, 0.0, 0.0, 0.0]


def test_R9_1_below_ten_the_next_deal_is_dealt():
    game = game_on(EXAMPLE, 1)
    play(game, "2:order 1:discard:QC 2:call:TS " + EXAMPLE_PLAY)
    assert not game.over and game.deal_no == 1 and game.totals == [4, 4, 0, 0, 4]


def test_R10_1_R10_2_only_the_dealer_is_told_his_discard():
    game = game_on(EXAMPLE, 1)
    play(game, "2:order 1:discard:QC")
    qc = 1 << parse_card("QC")
    assert kernels.hand_of(game.state, 1) >> 32 == qc  # the dealer knows it
    for seat in (0, 2, 3, 4):
        assert kernels.hand_of(game.state, seat) >> 32 == 0  # nobody else
    other = game_on(EXAMPLE, 1)
    play(other, "2:order 1:discard:9S")  # the same deal, another discard
    public = slice(0, kernels.PUB_SIZE)
    assert game.state[public].tolist() == other.state[public].tolist()  # the table can't tell


def test_R11_6_a_deal_has_28_to_36_actions():
    import random

    for seed in range(200):
        game = EuchreGame.new(seed, 0)
        rnd = random.Random(seed)
        while not game.over:
            game.apply(rnd.choice(game.legal_actions()))
        for d in game.history:
            assert 28 <= len(d.events) <= 36


def test_R2_1_partnerships_last_one_deal():
    # the deal of RECORD.md: 2 makes hearts and calls TS, held by 3; 2 and 3 score together
    game = game_on(EXAMPLE, 1)
    play(game, "2:order 1:discard:QC 2:call:TS " + EXAMPLE_PLAY)
    d = game.history[0]
    assert (d.maker, d.partner) == (2, 3)
    s = game.state  # the next deal starts with no maker, no called card, no partner
    assert s[kernels.S.MAKER] == -1 and s[kernels.S.CALLED] == -1
    assert s[kernels.S.REVEALED] == -1 and s[kernels.S.PARTNER] == -1


def test_R9_4_every_deal_scores_and_a_game_has_at_most_46_deals():
    import random

    for seed in range(200):
        game = EuchreGame.new(seed, seed % 5)
        rnd = random.Random(seed)
        while not game.over:
            game.apply(rnd.choice(game.legal_actions()))
        assert all(sum(d.points) >= 1 for d in game.history)
        assert len(game.history) <= 46 and max(game.totals) >= 10


def test_R10_3_the_partner_becomes_public_when_the_called_card_is_played():
    # TS is called; seat 3 plays it to the third trick (EXAMPLE_PLAY)
    game = game_on(EXAMPLE, 1)
    play(game, "2:order 1:discard:QC 2:call:TS")
    tricks = EXAMPLE_PLAY.split("  ")
    play(game, tricks[0] + " " + tricks[1])
    assert game.state[kernels.S.REVEALED] == -1 and game.state[kernels.S.REVEALED_TRICK] == 0
    play(game, tricks[2])
    assert game.state[kernels.S.REVEALED] == 3 and game.state[kernels.S.REVEALED_TRICK] == 3


def test_R10_4_what_a_seat_showed_it_lacks_is_remembered():
    # hearts trump; KD led, seat 4 trumps with JH: it has no diamond, but JD is a heart now
    game = game_on(EXAMPLE, 1)
    play(game, "2:order 1:discard:QC 2:call:TS 2:KD 3:8D 4:JH")
    lacks = int(game.state[kernels.S.SHOWN_OUT + 4])
    diamonds = [parse_card(r + "D") for r in "89TQKA"]
    assert all(lacks >> c & 1 for c in diamonds) and not lacks >> parse_card("JD") & 1
    assert int(game.state[kernels.S.SHOWN_OUT + 3]) == 0  # 3 followed suit: nothing shown


def test_R11_5_in_play_an_action_is_a_card():
    game = game_on(EXAMPLE, 1)
    play(game, "2:order 1:discard:QC 2:call:TS")
    assert game.parse_action("KD") == parse_card("KD")
    assert game.event_name(parse_card("KD")) == "KD"
    with pytest.raises(ValueError, match="discard"):
        game.parse_action("discard:KD")
