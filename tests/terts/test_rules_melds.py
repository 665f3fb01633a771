"""One test per rule of RULES.md R7-R10 (melds and what follows), on the hand-built deals of
tests.terts.rules_deals; R1-R6 are in test_rules.py. Every expected value is worked out by
hand from RULES.md."""

import pytest

from sim.games.terts import vocab as V
from sim.games.terts.game import IllegalActionError, TertsGame
from tests.terts.rules_deals import (
    F1,
    POINTS,
    REC,
    REC_EVENTS,
    REC_HANDS,
    REC_MIRROR,
    REC_STOCK,
    REC_TRICKS,
    X_EVENTS,
    X_MIRROR,
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
)


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
