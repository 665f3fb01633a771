"""One test per rule of ../shared/RULES.md, each on a hand-built deal.

Every expected value below is worked out by hand from RULES.md (the trick-by-trick
traces are in the comments), never copied from the engine's output. Deals are four
hands in R1.4 notation, seats 0..3; a trick is written in playing order, leader first.
"""

import pytest

from sim.games.trix import state as S
from sim.games.trix import vocab as V
from sim.games.trix.game import Game, IllegalActionError, parse_action


class Watched(Game):
    """The game, keeping the state as each contract stood when it ended (for the checks)."""

    def _on_deal_end(self) -> None:
        super()._on_deal_end()
        self.last_contract_state = self.state.copy()


# -- helpers ---------------------------------------------------------------------------------------


def ids(text: str) -> list[int]:
    """Action ids of space-separated cards / actions, sorted like legal_actions()."""
    return sorted(parse_action(t) for t in text.split())


def choose_ids(*names: str) -> list[int]:
    return sorted(V.CHOOSE_BASE + V.CONTRACT_NAMES.index(n) for n in names)


def contract_bits(*names: str) -> int:
    m = 0
    for n in names:
        m |= 1 << V.CONTRACT_NAMES.index(n)
    return m


def play(game: Game, moves: str) -> None:
    for move in moves.split():
        game.apply(move)


def game_on(deal, first_chooser: int) -> Game:
    """A game whose every contract is dealt ``deal`` (the next contract must be dealt too)."""
    return Watched.from_deals(first_chooser, lambda k: deal)


def finish_contract(game: Game, double: bool = False):
    """Play the current contract to its end with a fixed policy: pick the lowest allowed
    contract, play / lay the lowest legal card id (pass when that is the only action),
    answer the K♥ offer with double or no-double. Returns the contract's result."""
    n = len(game.contracts)
    for _ in range(200):  # a contract takes at most 1 + 1 + 32 actions plus trix passes
        if game.over or len(game.contracts) > n:
            break
        legal = game.legal_actions()
        if V.DOUBLE in legal:
            game.apply(V.DOUBLE if double else V.NO_DOUBLE)
        else:
            game.apply(legal[0])
    else:
        raise AssertionError("the contract did not end within 200 actions")
    return game.contracts[n - 1]


def card_events(result) -> int:
    return sum(1 for _, a in result.events if a < 32)


def set_choice(game: Game, seat: int, made: int, remaining: int) -> None:
    """Shortcut to a late choice: ``seat`` (the chooser, before he chooses) has made ``made``
    choices and has the contracts of mask ``remaining`` left."""
    assert game.phase == V.CHOOSE and game.chooser == seat
    game.state[S.CHOICES_MADE + seat] = made
    game.state[S.CHOICE] = made + 1
    game.state[S.REMAINING + seat] = remaining


def set_totals(game: Game, totals) -> None:
    """Shortcut: the totals before the current contract."""
    for p in range(4):
        game.state[S.TOTALS + p] = totals[p]


# -- deals -----------------------------------------------------------------------------------------

# MIX: two cards of each suit per seat, so every trick is followed by all four.
# Seat 0 holds no jack, seat 1 JC JS, seat 2 JD, seat 3 JH; seat 2 holds K♥.
MIX = [
    "7H AH 7C 8C 7D 8D 7S 8S",
    "8H TH 9C JC TD AD 9S JS",
    "9H KH QC KC 9D JD TS AS",
    "JH QH TC AC QD KD QS KS",
]
# Trick 1 of MIX is 7H(s0) 8H(s1) 9H(s2) JH(s3) in the chooser's order: s3 wins (J).
# Then, whoever chose:
#   T2 s3 leads: QH AH TH KH  -> s0 (A)       T3 s0: 7C 9C QC TC -> s3 (T)
#   T4 s3: AC 8C JC KC -> s3 (A)              T5 s3: QD 7D TD 9D -> s1 (T)
#   T6 s1: AD JD KD 8D -> s1 (A)              T7 s1: 9S TS QS 7S -> s2 (T)
#   T8 s2: AS KS 8S JS -> s2 (A)
# Tricks won: s0 1 (T2), s1 2 (T5 T6), s2 2 (T7 T8), s3 3 (T1 T3 T4).
# (This is also what "lowest legal card" plays: everyone follows with his lowest card.)
MIX_T2 = "QH AH TH KH"
MIX_T3_T8 = "7C 9C QC TC  AC 8C JC KC  QD 7D TD 9D  AD JD KD 8D  9S TS QS 7S  AS KS 8S JS"

# BAL: seat 3 holds the T and A of every suit; with everyone following, he wins all 8 tricks.
BAL = [
    "7H 8H 7C 8C 7D 8D 7S 8S",
    "9H JH 9C JC 9D JD 9S JS",
    "QH KH QC KC QD KD QS KS",
    "TH AH TC AC TD AD TS AS",
]
# BAL2: as BAL, but seat 3 holds K♥ (and still wins every trick: KH > QH, then AH > TH).
BAL2 = [
    "7H 8H 7C 8C 7D 8D 7S 8S",
    "9H JH 9C JC 9D JD 9S JS",
    "QH TH QC KC QD KD QS KS",
    "KH AH TC AC TD AD TS AS",
]
# SUITED: each seat holds one whole suit.
SUITED = [
    "7H 8H 9H JH QH KH TH AH",
    "7C 8C 9C JC QC KC TC AC",
    "7D 8D 9D JD QD KD TD AD",
    "7S 8S 9S JS QS KS TS AS",
]
# QN (queens, chooser seat 1), every trick followed:
#   T1 s1: 7S QS AS 8S -> s3 (A) takes QS        T2 s3: KH QH 7H AH -> s2 (A) takes QH
#   T3 s2: 8C QC 9C TC -> s1 (T) takes QC        T4 s1: 9D TD QD 7D -> s2 (T > Q) takes QD
QN = [
    "8H QH 9C JC 7D 8D 8S 9S",
    "7H 9H TC KC 9D JD 7S JS",
    "JH AH 7C 8C TD KD QS KS",
    "KH TH QC AC QD AD TS AS",
]
QN_PLAY = "7S QS AS 8S  KH QH 7H AH  8C QC 9C TC  9D TD QD 7D"

# DI (diamonds, chooser seat 0); seat 1 is void in hearts, seat 3 in diamonds:
#   T1 s0: AH 9D 7H 8H -> s0 (A) takes 9D        T2 s0: KD 7D AD 8C -> s2 (A) takes KD 7D AD
#   T3 s2: 9H JH QH TD -> s0 (Q) takes TD        T4 s0: 8D QD JD 9C -> s1 (Q) takes 8D QD JD
DI = [
    "QH KH TH AH 8D KD 7C JC",
    "9D 7D TD QD 7S 8S 9S JS",
    "7H 9H AD JD QC KC QS KS",
    "8H JH 8C 9C TC AC TS AS",
]
DI_PLAY = "AH 9D 7H 8H  KD 7D AD 8C  9H JH QH TD  8D QD JD 9C"

# GEN (general, chooser seat 0, who holds no diamond; seat 3 holds K♥ and no club):
#   T1 s0: AC 7C 8C 9D -> s0   T2 s0: TC JC 9C TD -> s0 (T)   T3 s0: QH 7H 8H 9H -> s0 (Q)
#   T4 s0: 7S AS 8S 9S -> s1   T5 s1: 7D 8D JD KC -> s3 (J)   T6 s3: KH JH TH AH -> s2 (A)
#   T7 s2: QD KD QC AD -> s1   T8 s1: TS JS QS KS -> s1 (T > K)
GEN = [
    "JH QH QC KC TC AC 7S KS",
    "7H TH 7C JC 7D AD TS AS",
    "8H AH 8C 9C 8D QD 8S JS",
    "9H KH 9D JD KD TD 9S QS",
]
GEN_T2_T8 = (
    "TC JC 9C TD  QH 7H 8H 9H  7S AS 8S 9S  7D 8D JD KC  KH JH TH AH  QD KD QC AD  TS JS QS KS"
)

# KD1 (king): seat 2 holds J..A of hearts, so a K♥ he leads or plays on 7H wins.
KD1 = [
    "8H 9H 7C 8C 9C JC QC KC",
    "7H 7D 8D 9D JD QD KD TD",
    "JH QH KH TH AH AD TC AC",
    "7S 8S 9S JS QS KS TS AS",
]

# TRX2: seats 0 and 1 hold no jack, seat 2 holds all four, seat 3 only Q..A of ♦ and ♠.
TRX2 = [
    "7H 8H 9H 7C 8C 9C 7D 8D",
    "QH KH TH AH 9D 7S 8S 9S",
    "JH JC JD JS QC KC TC AC",
    "QD KD TD AD QS KS TS AS",
]

RANKS_WEAK_TO_STRONG = ["7", "8", "9", "J", "Q", "K", "T", "A"]  # R1.2, by hand from RULES.md


# -- R1 cards, R4 tricks ---------------------------------------------------------------------------


def test_R1_2_R4_3_ten_beats_king_off_suit_never_wins():
    # R1.2, R4.3
    deal = [
        "KS 8S 9S 7H 8H 9H 7C 8C",
        "TS JS QS AS 7D 8D 9D JD",
        "AH JH QH KH TH 9C JC QC",  # no spade
        "7S KC TC AC QD KD TD AD",
    ]
    game = game_on(deal, 0)
    game.apply("tricks")
    play(game, "KS TS")
    assert game.legal_actions() == ids(deal[2])  # void in spades: any card
    play(game, "AH 7S")
    # KS led, TS beats it (the ten sits above the king), AH is off-suit and never wins
    assert game.state[S.TRICKS_WON + 1] == 1
    assert sum(game.state[S.TRICKS_WON : S.TRICKS_WON + 4]) == 1
    assert game.to_act == 1


@pytest.mark.parametrize("lo, hi", [(i, j) for i in range(8) for j in range(8) if i != j])
def test_R1_2_R4_3_rank_order_decides_the_trick(lo, hi):
    # R1.2, R4.3: seat 0 leads one spade, seat 1 follows with another, seats 2 and 3 discard
    # their aces of hearts and clubs; the stronger spade in 7 8 9 J Q K T A order wins.
    lead = RANKS_WEAK_TO_STRONG[lo] + "S"
    follow = RANKS_WEAK_TO_STRONG[hi] + "S"
    others = [r + "S" for r in RANKS_WEAK_TO_STRONG if r + "S" not in (lead, follow)]
    deal = [
        " ".join([lead, *others[:3], "7D", "8D", "9D", "JD"]),
        " ".join([follow, *others[3:], "QD", "KD", "TD", "AD"]),
        SUITED[0],
        SUITED[1],
    ]
    game = game_on(deal, 0)
    game.apply("tricks")
    play(game, f"{lead} {follow} AH AC")
    winner = 1 if hi > lo else 0
    assert game.state[S.TRICKS_WON + winner] == 1
    assert game.to_act == winner


def test_R2_2_turn_order():
    # R2.2: next player = (seat + 1) % 4, in choosing and in playing
    game = game_on(MIX, 2)
    assert game.to_act == 2
    game.apply("tricks")
    seen = [game.to_act]
    for card in ["9H", "JH", "7H"]:
        game.apply(card)
        seen.append(game.to_act)
    assert seen == [2, 3, 0, 1]


def test_R4_1_chooser_leads_winner_leads_next():
    # R4.1
    game = game_on(MIX, 2)
    game.apply("tricks")
    assert game.to_act == 2  # the chooser leads the first trick
    play(game, "9H JH 7H 8H")  # JH of seat 3 wins
    assert game.to_act == 3
    play(game, MIX_T2)  # AH of seat 0 wins
    assert game.to_act == 0
    play(game, "7C 9C QC TC")  # TC of seat 3 wins
    assert game.to_act == 3


def test_R4_2_follow_suit_discard_when_void_never_obliged_higher():
    # R4.2
    game = game_on(GEN, 0)
    game.apply("tricks")
    game.apply("AC")
    assert game.legal_actions() == ids("7C JC")  # seat 1 holds clubs: only clubs
    with pytest.raises(IllegalActionError, match="must follow"):
        game.apply("7H")
    game.apply("7C")
    assert game.legal_actions() == ids("8C 9C")
    game.apply("8C")
    assert game.legal_actions() == ids(GEN[3])  # seat 3 has no club: any of his 8 cards
    game.apply("9D")
    assert game.state[S.TRICKS_WON + 0] == 1

    # not obliged to go higher: seat 3 leads JH, seat 0 may play 7H although AH would win
    game = game_on(MIX, 3)
    game.apply("tricks")
    game.apply("JH")
    assert game.legal_actions() == ids("7H AH")
    play(game, "7H 8H 9H")
    assert game.state[S.TRICKS_WON + 3] == 1


# -- R3 the game -----------------------------------------------------------------------------------


def test_R3_2_choosing_order_passes_to_next_seat():
    # R3.2: the turn to choose passes to the next seat after every contract,
    # whoever won the tricks
    game = game_on(MIX, 2)
    for k in range(6):
        assert game.phase == V.CHOOSE
        assert game.chooser == (2 + k) % 4
        assert game.to_act == (2 + k) % 4
        finish_contract(game)
    assert [c.chooser for c in game.contracts[:6]] == [2, 3, 0, 1, 2, 3]


def test_R3_3_choice_numbers():
    # R3.3: 1 for a player's first pick, 2 for his second, ...
    game = game_on(MIX, 3)
    for _ in range(9):
        finish_contract(game)
    assert [c.chooser for c in game.contracts[:9]] == [3, 0, 1, 2, 3, 0, 1, 2, 3]
    assert [c.choice for c in game.contracts[:9]] == [1, 1, 1, 1, 2, 2, 2, 2, 3]
    # the lowest-allowed policy picks diamonds first, then queens, then tricks
    assert [c.name for c in game.contracts[:9]] == ["diamonds"] * 4 + ["queens"] * 4 + ["tricks"]
    assert game.chooser == 0 and game.state[S.CHOICE] == 3  # seat 0 about to make choice 3


@pytest.mark.parametrize("made", range(5))
def test_R3_4_trix_refused_without_a_jack_at_choices_1_to_5(made):
    # R3.4: seat 0 holds no jack in MIX
    game = game_on(MIX, 0)
    used = V.CONTRACT_NAMES[:made]  # the contracts already chosen (shortcut for made > 0)
    left = [n for n in V.CONTRACT_NAMES if n not in used]
    set_choice(game, 0, made, contract_bits(*left))
    assert game.legal_actions() == choose_ids(*[n for n in left if n != "trix"])
    with pytest.raises(IllegalActionError, match="jack"):
        game.apply("trix")


def test_R3_4_trix_allowed_with_a_jack():
    # R3.4: seat 1 holds JC and JS in MIX
    game = game_on(MIX, 1)
    assert game.legal_actions() == choose_ids(*V.CONTRACT_NAMES)
    game.apply("trix")
    assert game.phase == V.TRIX


@pytest.mark.parametrize("seat", [0, 2])
def test_R3_5_forced_trix_at_the_sixth_choice(seat):
    # R3.5: seat 0 holds no jack, seat 2 all four; for both, trix is the only choice
    game = game_on(TRX2, seat)
    set_choice(game, seat, 5, contract_bits("general", "trix"))  # shortcut: 5 choices made
    assert game.legal_actions() == choose_ids("trix")
    with pytest.raises(IllegalActionError):
        game.apply("general")
    game.apply("trix")
    assert game.contracts[0].choice == 6
    assert game.contracts[0].name == "trix"
    assert game.phase == V.TRIX


def test_R3_6_R7_2_imposed_seventh_choice_counts_four_times():
    # R3.6: the 7th choice is the one contract left; R7.2: the chooser's points x4
    game = game_on(QN, 1)
    set_choice(game, 1, 6, contract_bits("queens"))  # shortcut: 6 choices made
    assert game.legal_actions() == choose_ids("queens")
    game.apply("queens")
    play(game, QN_PLAY)
    result = game.contracts[0]
    assert result.choice == 7
    # seat 1 took QC: 20 x 4; seat 2 QH QD: 40; seat 3 QS: 20
    assert result.points == [0, 80, 40, 20]


def test_R3_7_total_of_exactly_1000_becomes_0():
    # R3.7: queens on QN gives [0, 40, 40, 20] (seat 1 chooser, x2)
    game = game_on(QN, 1)
    set_totals(game, [500, 960, 960, 980])  # shortcut: totals near 1000
    game.apply("queens")
    play(game, QN_PLAY)
    assert game.contracts[0].points == [0, 40, 40, 20]
    # 960 + 40, 960 + 40, 980 + 20: all exactly 1000, all back to 0; nobody above 1000
    assert game.totals == [500, 0, 0, 0]
    assert not game.over
    assert game.end is None
    assert game.phase == V.CHOOSE and game.chooser == 2


def test_R3_7_total_above_1000_ends_the_game():
    # R3.7, R8.1
    game = game_on(QN, 1)
    set_totals(game, [0, 960, 961, 0])  # shortcut: totals near 1000
    game.apply("queens")
    play(game, QN_PLAY)
    # seat 1: 960 + 40 = 1000 -> 0 first; seat 2: 961 + 40 = 1001 > 1000 ends the game
    assert game.totals == [0, 0, 1001, 20]
    assert game.over
    assert game.end == "over-1000"
    assert len(game.contracts) == 1
    with pytest.raises(IllegalActionError):
        game.apply("queens")


def test_R3_8_game_ends_after_28_contracts():
    # R3.8, R3.1, R8.1
    game = game_on(MIX, 0)
    for k in range(28):
        assert not game.over
        assert game.contract_no == k
        set_totals(game, [0, 0, 0, 0])  # shortcut: keep every total far from 1000
        finish_contract(game)
    assert game.over
    assert game.end == "28-contracts"
    assert len(game.contracts) == 28
    for seat in range(4):  # R3.1: each seat chose each of its seven contracts once
        mine = [c.name for c in game.contracts if c.chooser == seat]
        assert sorted(mine) == sorted(V.CONTRACT_NAMES)
    # the 28th: seat 3's imposed general (x4), no double, tricks as in the MIX trace:
    # s0 T2 (QH KH): 10 + 20 + 100 = 130; s1 T5 T6 (all 8 ♦, QD): 20 + 150 + 20 = 190;
    # s2 T7 T8 (QS, last): 20 + 20 + 100 = 140; s3 T1 T3 T4 (QC): (30 + 20) x 4 = 200
    last = game.contracts[27]
    assert (last.chooser, last.choice, last.name) == (3, 7, "general")
    assert last.points == [130, 190, 140, 200]
    assert game.totals == [130, 190, 140, 200]


def _king_game_ending_with(totals_before):
    """King on MIX, chooser seat 1, no double: seat 0 takes K♥ in trick 2 (+100)."""
    game = game_on(MIX, 1)
    set_totals(game, totals_before)  # shortcut: totals near the end
    game.apply("king")
    play(game, "8H no-double 9H JH 7H " + MIX_T2)
    assert game.contracts[0].points == [100, 0, 0, 0]
    assert game.over and game.end == "over-1000"
    return game


def test_R3_9_R8_2_ranks_and_shared_win():
    # R3.9, R8.2: lowest total wins, equal lowest share the win and the best rank
    game = _king_game_ending_with([950, 200, 200, 400])
    assert game.totals == [1050, 200, 200, 400]
    ranks, shares = game.results()
    assert sorted(ranks) == [1, 1, 3, 4]
    assert ranks == [4, 1, 1, 3]
    assert shares == [0.0, 0.5, 0.5, 0.0]


def test_R3_9_R8_2_three_way_tie_below_zero_and_single_winner():
    # R3.9, R8.2 (totals may be below 0, R3.8)
    game = _king_game_ending_with([950, -30, -30, -30])
    ranks, shares = game.results()
    assert ranks == [4, 1, 1, 1]
    assert shares == pytest.approx([0.0, 1 / 3, 1 / 3, 1 / 3])

    game = _king_game_ending_with([950, 10, 20, 20])
    ranks, shares = game.results()
    assert ranks == [4, 1, 2, 2]
    assert shares == [0.0, 1.0, 0.0, 0.0]


# -- R5 trick contracts ----------------------------------------------------------------------------


def test_R5_1_diamonds_points_and_early_stop():
    # R5.1, R7.1: seat 0 (chooser) takes 9D TD, seat 1 8D QD JD, seat 2 KD 7D AD
    game = game_on(DI, 0)
    game.apply("diamonds")
    moves = DI_PLAY.split()
    play(game, " ".join(moves[:-1]))
    assert len(game.contracts) == 1  # JD, QD, 8D are still out until trick 4 ends
    game.apply(moves[-1])
    result = game.contracts[0]
    assert result.points == [20 * 2, 30, 30, 0]
    assert card_events(result) == 16  # stopped after trick 4: all eight diamonds taken
    assert len(game.contracts) == 2


def test_R5_1_all_eight_diamonds_score_150_and_stop():
    # R5.1: on MIX seat 1 takes all eight diamonds in tricks 5 and 6
    game = game_on(MIX, 0)
    game.apply("diamonds")
    play(game, "7H 8H 9H JH " + MIX_T2 + " " + " ".join(MIX_T3_T8.split()[:16]))
    result = game.contracts[0]
    assert result.points == [0, 150, 0, 0]
    assert card_events(result) == 24  # stopped at the end of trick 6
    assert len(game.contracts) == 2


def test_R5_2_queens_points_and_early_stop():
    # R5.2, R7.1: seat 1 (chooser) QC, seat 2 QH QD, seat 3 QS
    game = game_on(QN, 1)
    game.apply("queens")
    moves = QN_PLAY.split()
    play(game, " ".join(moves[:-1]))
    assert len(game.contracts) == 1
    game.apply(moves[-1])
    result = game.contracts[0]
    assert result.points == [0, 20 * 2, 40, 20]
    assert card_events(result) == 16  # stopped after trick 4, the one taking the last queen
    assert len(game.contracts) == 2


def test_R5_3_tricks_ten_per_trick():
    # R5.3: MIX tricks won 1, 2, 2, 3; seat 0 chooser x2
    game = game_on(MIX, 0)
    game.apply("tricks")
    play(game, "7H 8H 9H JH " + MIX_T2 + " " + MIX_T3_T8)
    result = game.contracts[0]
    assert result.points == [10 * 2, 20, 20, 30]
    assert card_events(result) == 32


def test_R5_3_all_eight_tricks_score_150():
    # R5.3: on BAL seat 3 wins every trick (he always holds the T or A of the led suit)
    game = game_on(BAL, 1)
    game.apply("tricks")
    result = finish_contract(game)
    assert result.points == [0, 0, 0, 150]
    assert card_events(result) == 32


def test_R5_4_last_trick():
    # R5.4: on MIX seat 2 wins trick 8 (AS)
    game = game_on(MIX, 1)
    game.apply("last-trick")
    play(game, "8H 9H JH 7H " + MIX_T2 + " " + MIX_T3_T8)
    result = game.contracts[0]
    assert result.points == [0, 0, 100, 0]
    assert card_events(result) == 32

    game = game_on(MIX, 2)  # R7.1: the same won by the chooser counts x2
    game.apply("last-trick")
    play(game, "9H JH 7H 8H " + MIX_T2 + " " + MIX_T3_T8)
    assert game.contracts[0].points == [0, 0, 200, 0]


def test_R5_5_king_and_early_stop():
    # R5.5: seat 0 takes K♥ in trick 2; the contract stops there
    game = game_on(MIX, 1)
    game.apply("king")
    play(game, "8H no-double 9H JH 7H " + MIX_T2)
    result = game.contracts[0]
    assert result.points == [100, 0, 0, 0]
    assert card_events(result) == 8
    assert len(game.contracts) == 2


def test_R5_6_chooser_holding_KH_is_offered_before_leading():
    # R5.6, R7.3: seat 2 chooses king, doubles before his lead, seat 0 takes K♥
    game = game_on(MIX, 2)
    game.apply("king")
    assert game.to_act == 2
    assert game.legal_actions() == [V.DOUBLE, V.NO_DOUBLE]
    with pytest.raises(IllegalActionError):
        game.apply("9H")  # the decision comes first
    game.apply("double")
    assert game.legal_actions() == ids(MIX[2])  # now he leads any card
    play(game, "9H JH 7H 8H " + MIX_T2)
    result = game.contracts[0]
    assert result.events[0] == (2, V.DOUBLE)
    # K♥ worth 200 to seat 0; the announcer -50, not multiplied although he is the chooser
    assert result.points == [200, 0, -50, 0]


def test_R5_6_another_seat_doubles_at_his_first_turn():
    # R5.6, R7.1: seat 0 chooses, seat 2 (K♥) announces at his first turn, seat 0 takes K♥
    game = game_on(MIX, 0)
    game.apply("king")
    assert game.legal_actions() == ids(MIX[0])  # no offer to seat 0: he does not hold K♥
    play(game, "7H 8H")
    assert game.to_act == 2
    assert game.legal_actions() == [V.DOUBLE, V.NO_DOUBLE]
    play(game, "double 9H JH " + MIX_T2)
    assert game.contracts[0].points == [200 * 2, 0, -50, 0]


def test_R5_6_announcer_taking_KH_himself():
    # R5.6, R7.1: seat 2 announces and takes K♥ himself: +200, x2 when he is the chooser
    game = game_on(KD1, 2)
    game.apply("king")
    play(game, "double KH 7S 8H 7H")
    result = game.contracts[0]
    assert result.points == [0, 0, 200 * 2, 0]
    assert card_events(result) == 4

    game = game_on(KD1, 1)  # seat 1 chooses and leads 7H; seat 2 announces, takes it: +200
    game.apply("king")
    play(game, "7H double KH 7S 8H")
    assert game.contracts[0].points == [0, 0, 200, 0]


def test_R5_6_offer_only_at_first_turn():
    # R5.6 Decision: after declining, no later double; K♥ stays at 100
    game = game_on(MIX, 0)
    game.apply("king")
    play(game, "7H 8H no-double 9H JH QH AH TH")
    assert game.to_act == 2
    assert game.legal_actions() == ids("KH")  # his only heart, and no double any more
    with pytest.raises(IllegalActionError):
        game.apply("double")
    game.apply("KH")
    assert game.contracts[0].points == [100 * 2, 0, 0, 0]


def test_R5_6_R5_7_double_in_general_another_takes_KH():
    # R5.6, R5.7, R7.3: GEN with seat 3 announcing; seat 2 takes K♥ in trick 6
    game = game_on(GEN, 0)
    game.apply("general")
    play(game, "AC 7C 8C double 9D " + GEN_T2_T8)
    # s0 (chooser): 3 tricks, 9D TD, QH: (30 + 20 + 20) x 2 = 140
    # s1: T4 T7 T8: 30, QD KD AD: 30, QD QC QS: 60, last trick: 100 -> 220
    # s2: T6: 10 + K♥ doubled 200 = 210;  s3: T5: 10 + 7D 8D JD 30 - 50 = -10
    assert game.contracts[0].points == [140, 220, 210, -10]


def test_R5_7_general_all_components_nothing_stops_early():
    # R5.7, R7.1: MIX, chooser seat 1 (x2), no double
    game = game_on(MIX, 1)
    game.apply("general")
    play(game, "8H no-double 9H JH 7H " + MIX_T2)
    assert len(game.contracts) == 1  # K♥ is taken, general goes on
    rest = MIX_T3_T8.split()
    play(game, " ".join(rest[:-1]))  # all diamonds (T6), all queens (T7) are out
    assert len(game.contracts) == 1
    game.apply(rest[-1])
    result = game.contracts[0]
    assert card_events(result) == 32
    # s0 T2 (QH KH): 10 + 20 + 100 = 130
    # s1 T5 T6 (8 ♦ incl. QD): (20 + 150 + 20) x 2 = 380
    # s2 T7 T8 (QS, last trick): 20 + 20 + 100 = 140
    # s3 T1 T3 T4 (QC): 30 + 20 = 50
    assert result.points == [130, 380, 140, 50]


def test_R5_7_eight_tricks_score_0_other_announcer_still_minus_50():
    # R5.7 Decision: BAL, seat 3 takes all 8 tricks -> 0; seat 2 announced K♥ and lost it
    game = game_on(BAL, 0)
    game.apply("general")
    result = finish_contract(game, double=True)
    assert (2, V.DOUBLE) in result.events
    assert card_events(result) == 32
    assert result.points == [0, 0, -50, 0]


def test_R5_7_sweeping_announcer_gets_no_minus_50():
    # R5.7, R5.6: BAL2, seat 3 announces K♥, takes all 8 tricks (K♥ too): 0, no -50
    game = game_on(BAL2, 0)
    game.apply("general")
    result = finish_contract(game, double=True)
    assert (3, V.DOUBLE) in result.events
    assert card_events(result) == 32
    assert result.points == [0, 0, 0, 0]


# -- R7 multipliers --------------------------------------------------------------------------------


def test_R7_1_double_for_the_chooser_only():
    # R7.1: MIX tricks won 1, 2, 2, 3; only the chooser (seat 3) counts x2
    game = game_on(MIX, 3)
    game.apply("tricks")
    play(game, "JH 7H 8H 9H " + MIX_T2 + " " + MIX_T3_T8)
    assert game.contracts[0].points == [10, 20, 20, 30 * 2]


def test_R7_3_minus_50_never_multiplied():
    # R7.3: the chooser-announcer who loses K♥ gets -50, even on his imposed 7th choice (x4)
    game = game_on(MIX, 2)
    set_choice(game, 2, 6, contract_bits("king"))  # shortcut: 6 choices made
    game.apply("king")
    play(game, "double 9H JH 7H 8H " + MIX_T2)
    assert game.contracts[0].choice == 7
    assert game.contracts[0].points == [200, 0, -50, 0]


def test_R7_4_worked_example_general():
    # R7.4: chooser of general takes 3 tricks, 2 diamonds, 1 queen: (30 + 20 + 20) x 2 = 140
    game = game_on(GEN, 0)
    game.apply("general")
    play(game, "AC 7C 8C no-double 9D " + GEN_T2_T8)
    # s1: 30 + 30 + 60 + 100 = 220; s2: 10 + K♥ 100 = 110; s3: 10 + 30 = 40
    assert game.contracts[0].points == [140, 220, 110, 40]


# -- R9 trix ---------------------------------------------------------------------------------------


def test_R9_1_R9_3_what_can_be_laid():
    # R9.1, R9.3 on SUITED (seat 0 chooses trix)
    game = game_on(SUITED, 0)
    game.apply("trix")
    assert game.legal_actions() == ids("JH")
    game.apply("JH")
    # clubs not started: of all his clubs seat 1 may only lay the jack
    assert game.legal_actions() == ids("JC")
    play(game, "JC JD JS")
    assert game.legal_actions() == ids("9H QH")  # one down or one up from the jack
    play(game, "QH 9C 9D 9S")
    assert game.legal_actions() == ids("9H KH")
    play(game, "KH")
    assert game.legal_actions() == ids("8C QC")
    play(game, "8C 8D 8S")
    assert game.legal_actions() == ids("9H TH")  # the ten comes after the king
    play(game, "TH 7C 7D 7S")
    assert game.legal_actions() == ids("9H AH")
    with pytest.raises(IllegalActionError):
        game.apply("8H")  # not next to the pile

    # a new suit only with its jack, while other piles can grow (TRX2, seat 2 chooses)
    game = game_on(TRX2, 2)
    game.apply("trix")
    play(game, "JH")
    assert game.legal_actions() == [V.PASS]  # seat 3: Q..A of unstarted ♦ and ♠ only
    play(game, "pass 9H QH")
    assert game.legal_actions() == ids("JC JD JS")  # not QC KC TC AC


def test_R9_2_first_card_is_a_jack():
    # R9.2: the chooser lays first, a jack of his choice
    game = game_on(TRX2, 2)
    game.apply("trix")
    assert game.to_act == 2
    assert game.legal_actions() == ids("JH JC JD JS")
    with pytest.raises(IllegalActionError, match="jack"):
        game.apply("QC")
    game.apply("JS")
    assert game.to_act == 3


def test_R9_2_forced_trix_without_jack_starts_at_first_seat_with_a_jack():
    # R9.2, R3.5: seat 0 (no jack) has forced trix; seat 1 has none either, seat 2 starts
    game = game_on(TRX2, 0)
    set_choice(game, 0, 5, contract_bits("general", "trix"))  # shortcut: 5 choices made
    game.apply("trix")
    assert game.to_act == 2
    assert game.legal_actions() == ids("JH JC JD JS")
    game.apply("JH")
    assert game.to_act == 3  # then on counter-clockwise from the starter


def test_R9_4_pass_only_with_nothing_to_lay():
    # R9.4 on TRX2, seat 2 chooses and lays JH
    game = game_on(TRX2, 2)
    game.apply("trix")
    game.apply("JH")
    assert game.to_act == 3
    assert game.legal_actions() == [V.PASS]  # seat 3 has nothing that goes on a pile
    with pytest.raises(IllegalActionError):
        game.apply("QD")
    game.apply("pass")
    assert game.to_act == 0
    assert game.legal_actions() == ids("9H")
    with pytest.raises(IllegalActionError, match="pass"):
        game.apply("pass")  # seat 0 can lay 9H, so he may not pass
    game.apply("9H")
    assert game.to_act == 1
    assert game.legal_actions() == ids("QH")
    with pytest.raises(IllegalActionError):
        game.apply("pass")


def test_R9_5_R9_6_ace_gives_another_turn_and_scores():
    # R9.5, R9.6, R7.3 on SUITED: seat 0 (chooser) lays up first, the others down first
    game = game_on(SUITED, 0)
    game.apply("trix")
    play(game, "JH JC JD JS  QH 9C 9D 9S  KH 8C 8D 8S  TH 7C 7D 7S")
    game.apply("AH")
    assert game.to_act == 0  # the ace: seat 0 again at once
    assert game.legal_actions() == ids("9H")
    play(game, "9H")
    assert game.to_act == 1
    play(game, "QC QD QS  8H KC KD KS")
    game.apply("7H")  # seat 0 empties his hand first
    assert game.to_act == 1
    play(game, "TC TD TS")
    assert game.to_act == 1  # seat 0, out of cards, has no more turns
    assert len(game.contracts) == 1
    game.apply("AC")  # seat 1 second out: play stops at once
    result = game.contracts[0]
    # -100 to the first out (not x2 although he is the chooser), -50 to the second, 0, 0
    assert result.points == [-100, -50, 0, 0]
    assert game.totals == [-100, -50, 0, 0]
    assert len(game.contracts) == 2
    stopped = game.last_contract_state
    assert int(stopped[S.HANDS + 2]) == 1 << parse_action("AD")  # seats 2, 3 keep their aces
    assert int(stopped[S.HANDS + 3]) == 1 << parse_action("AS")


def test_R9_5_R9_6_ace_as_last_card_ends_the_hand():
    # R9.5, R9.6 on SUITED: everybody lays down first, then up; seat 0's last card is AH
    game = game_on(SUITED, 0)
    game.apply("trix")
    play(game, "JH JC JD JS  9H 9C 9D 9S  8H 8C 8D 8S  7H 7C 7D 7S")
    play(game, "QH QC QD QS  KH KC KD KS  TH TC TD TS")
    game.apply("AH")  # his last card: he is out, no further turn
    assert game.hand(0) == 0
    assert game.to_act == 1
    game.apply("AC")  # seat 1 second out: stop
    assert game.contracts[0].points == [-100, -50, 0, 0]
    assert len(game.contracts) == 2
