"""The ``greedy`` bot: always legal, each documented rule in a hand-built situation, and
clearly stronger than ``random`` on duplicate deals."""

import numpy as np
import pytest

from bots.trix.greedy import greedy_bot, hand_value
from sim.core.bots import parse_spec
from sim.core.loop_batch import play_batch
from sim.core.play import play_game
from sim.games.trix import SPEC as TRIX
from sim.games.trix import state as S
from sim.games.trix import vocab as V
from sim.games.trix.cards import CARD_NAMES, parse_card, parse_hand
from sim.games.trix.game import Game, action_name, parse_action

GREEDY = parse_spec("greedy", "trix")
RANDOM = parse_spec("random", "trix")


def decide(game: Game) -> str:
    """What greedy does for the seat to act, called exactly as the engine calls it."""
    seat = game.to_act
    action = greedy_bot(
        game.state[: S.PUB_SIZE],
        seat,
        game.hand(seat),
        game.legal_mask(),
        np.zeros(1, np.uint64),
        np.zeros(8),
    )
    assert game.legal_mask() >> int(action) & 1, "greedy chose an illegal action"
    return action_name(int(action))


def deal(*hands: str) -> list[str]:
    """Four hands from the given ones; the cards left over fill the last hands in order."""
    used = " ".join(hands).split()
    rest = [c for c in CARD_NAMES if c not in used]
    full = list(hands)
    while len(full) < 4:
        full.append(" ".join(rest[:8]))
        rest = rest[8:]
    return full


def start(contract: str, *hands: str, moves: str = "") -> Game:
    """Seat 0 chooses ``contract`` with these hands (every contract), then ``moves`` are played."""
    full = deal(*hands)
    game = Game.from_deals(0, lambda k: full)
    game.apply(contract)
    for m in moves.split():
        game.apply(m)
    return game


# -- always legal ------------------------------------------------------------------------------
@pytest.mark.parametrize("block", range(4))
def test_only_legal_actions_in_mixed_games(block):
    # Every line-up of greedy and random over the four seats; sim.play checks each decision
    # and raises BotError on an illegal one (the forced trix, the imposed contract and the
    # K♥ offer included).
    for game_id in range(block * 64, (block + 1) * 64):
        lineup = [GREEDY if (game_id >> k) & 1 else RANDOM for k in range(4)]
        game = play_game(TRIX, lineup, 11, game_id)
        assert game.over


def test_deterministic_under_a_seed():
    a = play_game(TRIX, [GREEDY, RANDOM, GREEDY, RANDOM], 3, 7)
    b = play_game(TRIX, [GREEDY, RANDOM, GREEDY, RANDOM], 3, 7)
    assert [c.events for c in a.contracts] == [c.events for c in b.contracts]
    assert a.totals == b.totals


# -- trick contracts ---------------------------------------------------------------------------
def test_follows_with_the_highest_card_that_still_loses():
    # R4.2: KS led; 7S 9S QS lose, AS would win: QS is the highest loser.
    g = start("diamonds", "KS 7H 8H 9H 7C 8C 9C 7D", "7S 9S QS AS 8D 9D JD QD", moves="KS")
    assert decide(g) == "QS"


def test_when_every_card_wins_plays_low_if_a_later_seat_may_overtake():
    # 7S led; seat 1 holds 9S JS only (both win); AS and others are still out behind.
    g = start("tricks", "7S 7H 8H 9H 7C 8C 9C 7D", "9S JS 8D 9D JD QD KD TD", moves="7S")
    assert decide(g) == "9S"


def test_when_the_trick_is_won_anyway_sheds_the_highest():
    # Last to play on 7S 8S 9S: QS and AS both win for sure, so AS goes.
    g = start(
        "tricks",
        "7S 7H 8H 9H 7C 8C 9C 7D",
        "8S JH QH KH JC QC KC TC",
        "9S TH AH AC 8D 9D JD QD",
        "QS AS KD TD AD JS KS TS",
        moves="7S 8S 9S",
    )
    assert decide(g) == "AS"


def test_never_puts_its_own_queen_into_a_trick_it_must_win():
    # Last to play in queens on 7S 8S 9S: QS and AS both win; keep the queen, play AS.
    g = start(
        "queens",
        "7S 7H 8H 9H 7C 8C 9C 7D",
        "8S JH QH KH JC QC KC TC",
        "9S TH AH AC 8D 9D JD QD",
        "QS AS KD TD AD JS KS TS",
        moves="7S 8S 9S",
    )
    assert decide(g) == "AS"


def test_king_sheds_the_king_of_hearts_when_void():
    # Seat 1 holds K♥ but no spade: asked to announce first (R5.6), then throws K♥.
    g = start("king", "7S 7C 8C 9C JC QC KC TC", "KH AH 8H 7D 8D 9D JD QD", moves="7S")
    g.apply(decide(g))  # the announcement decision
    assert decide(g) == "KH"


def test_king_announcement_only_when_safe():
    guarded = start("king", "7S 7C 8C 9C JC QC KC TC", "KH 7H 8H 7D 8D 9D JD QD", moves="7S")
    assert decide(guarded) == "double"  # two lower hearts
    bare = start("king", "7S 7C 8C 9C JC QC KC TC", "KH AS 8S 9S 7D 8D 9D JD", moves="7S")
    assert decide(bare) == "no-double"  # nothing below K♥


def test_diamonds_sheds_the_highest_diamond_when_void():
    g = start("diamonds", "7S 7H 8H 9H 7C 8C 9C JH", "8D TD AD JC QH KH TH AH", moves="7S")
    assert decide(g) == "AD"


def test_queens_sheds_a_queen_when_void():
    g = start("queens", "7S 7H 8H 9H 7C 8C 9C JH", "QD AD TC QH KH TH AH 7D", moves="7S")
    assert decide(g) in ("QD", "QH")


def test_queens_sheds_a_guard_of_an_outstanding_queen():
    # No queen to throw: AC guards QC, which is still out.
    g = start("queens", "7S 7H QH 9H 7C 8C 9C JH", "AC 7D 8D 9D JD 8H TH AH", moves="7S")
    assert decide(g) == "AC"


def test_general_sheds_the_king_before_queens_and_diamonds():
    g = start("general", "7S 7H 8H 9H 7C 8C 9C JH", "QD AD KH QC TC AH 7D 8D", moves="7S")
    g.apply(decide(g))  # the announcement decision
    assert decide(g) == "KH"


def test_last_trick_throws_high_cards_early():
    g = start("last-trick", "7S 7H 8H 9H 7C 8C 9C JH", "AD 7D KC QH AC 8D 9D TD", moves="7S")
    assert decide(g) in ("AD", "AC")


def test_leads_low_in_a_safe_suit_not_a_winner():
    g = start("tricks", "AS 7H 7C 8C KD TD AD 7D")
    assert decide(g) in ("7H", "7C", "7D")


def test_king_does_not_lead_hearts_while_holding_the_king():
    g = start("king", "KH 7H 8H 7S 8S 7C 8C 9C")
    g.apply(decide(g))  # the announcement decision
    assert parse_card(decide(g)) >> 3 != 0


def test_last_trick_keeps_the_low_card_for_trick_eight():
    # Hand-built public slots: trick 7 to lead with AS and 7H; out are 8H 9H JH 7S 8S 9S.
    public = np.zeros(S.PUB_SIZE, np.int64)
    public[S.PHASE] = V.TRICKS
    public[S.CONTRACT] = V.LAST_TRICK
    public[S.TRICK_NO] = 6
    public[S.LED_SUIT] = public[S.TRICK_BEST] = public[S.ANNOUNCER] = -1
    public[S.TRICK_CARDS : S.TRICK_CARDS + 4] = -1
    hand = parse_hand("AS 7H")
    out = parse_hand("8H 9H JH 7S 8S 9S")
    public[S.PLAYED] = 0xFFFFFFFF & ~hand & ~out
    action = greedy_bot(public, 0, hand, hand, np.zeros(1, np.uint64), np.zeros(8))
    assert action_name(int(action)) == "AS"


# -- trix --------------------------------------------------------------------------------------
TRIX_HANDS = (
    "JH AH 9H JS 7C 8C 9C 7D",
    "QH 7H QS KS TS AS JC QC",
    "KH 8H 7S 8S 9S KC TC AC",
    "TH JD QD KD TD AD 8D 9D",
)


def test_trix_starts_the_pile_it_can_continue():
    # JH has AH and 9H of ours behind it, JS only the others' spades.
    g = start("trix", *TRIX_HANDS)
    assert decide(g) == "JH"


def test_trix_lays_an_ace_for_the_extra_turn():
    g = start("trix", *TRIX_HANDS, moves="JH QH KH TH")
    assert decide(g) == "AH"  # 9H and JS were legal too
    g.apply("AH")
    assert g.to_act == 0  # R9.5 another turn


def test_trix_passes_when_nothing_can_be_laid():
    g = start("trix", *TRIX_HANDS)
    passes = 0
    while g.phase == V.TRIX:
        if g.legal_mask() == 1 << V.PASS:
            assert decide(g) == "pass"
            passes += 1
        g.apply(decide(g))
    assert passes > 0


# -- contract choice ---------------------------------------------------------------------------
def test_picks_trix_at_choice_one_with_three_connected_jacks():
    g = Game.from_deals(0, lambda k: deal("JH JC JD 9H QC KS TS 8D"))
    assert decide(g) == "trix"


def hv(contract: str, hand: str) -> float:
    return hand_value(parse_action(contract) - V.CHOOSE_BASE, parse_hand(hand))


def test_hand_model_knows_what_each_contract_fears():
    # king: an unguarded K♥ is much worse than low hearts
    assert hv("king", "KH AS TS 7C 8C 7D 8D 9D") > hv("king", "7H AS TS 7C 8C 7D 8D 9D") + 30
    assert hv("king", "KH AS TS 7C 8C 7D 8D 9D") > hv("king", "KH 7H 8H 9H 8C 7D 8D 9D") + 30
    # diamonds: high diamonds are bad
    assert hv("diamonds", "AD TD KD 7S 8S 7C 8C 7H") > hv("diamonds", "7D 8D 9D 7S 8S 7C 8C 7H")
    # queens: high cards that catch the others' queens are bad (its own queens it throws)
    assert hv("queens", "QS AS TS 7C 8C 7D 8D 9D") > hv("queens", "QS 7S 8S 7C 8C 7D 8D 9D") + 20
    # tricks, last-trick and general: high cards are bad
    high, low = "AS TS AH TH AC TC KD AD", "7S 8S 7H 8H 7C 8C 7D 8D"
    for contract in ("tricks", "last-trick", "general"):
        assert hv(contract, high) > hv(contract, low) + 20
    # trix: jacks with their neighbours are good
    assert hv("trix", "JH QH 9H JC QC 9C JS 8D") < hv("trix", "7H AH 7C AC 7S AS 7D AD") - 30


# -- strength ----------------------------------------------------------------------------------
SEATINGS = ([0, 0, 1, 1], [0, 1, 0, 1], [0, 1, 1, 0], [1, 0, 0, 1], [1, 0, 1, 0], [1, 1, 0, 0])


def test_greedy_beats_random_on_duplicate_deals():
    # 100 deal sets, each played under the 6 seatings of greedy x2 vs random x2: 600 games.
    sets = np.arange(100)
    shares = []
    for i, row in enumerate(SEATINGS):
        batch = play_batch(TRIX, [GREEDY, RANDOM], row, 1, 1000 * (i + 1) + sets, sets)
        mine = np.array(row) == 0
        shares.append(batch.shares[:, mine].sum(1) / 2)
    share = float(np.mean(shares))
    assert share > 0.38, f"greedy's win share per seat-game is only {share:.3f} (coin toss 0.25)"
