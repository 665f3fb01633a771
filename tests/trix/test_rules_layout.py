"""Rule tests on hand-built deals (../shared/games/trix/RULES.md): the trix layout (R9).

The deals and helpers are in tests/trix/deals.py; every expected value is worked out by
hand from RULES.md, never copied from the engine.
"""

import pytest

from sim.games.trix import state as S
from sim.games.trix import vocab as V
from sim.games.trix.game import IllegalActionError, parse_action
from tests.trix.deals import (
    SUITED,
    TRX2,
    contract_bits,
    game_on,
    ids,
    play,
    set_choice,
)

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
