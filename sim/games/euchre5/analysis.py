"""What ``trixsim analyse`` needs of five-handed Euchre: the phases its decisions are counted
by, the bands of its errors, its default evaluator and a position in words.

A decision's loss is in points of win share: the search's reward (``5 ×`` win equity,
:mod:`.search`) times 20, so a seat's equity of the game runs from 0 to 100 as a tournament's
win share does.
"""

from sim.core.words import position_words
from sim.games.euchre5.cards import NOTATION
from sim.games.euchre5.search import EQUITY_SCALE
from sim.games.euchre5.state import LEADER, MAKER, PHASE, TRICK_CARDS, TRICK_LEN, TRICK_NO, TRUMP
from sim.games.euchre5.vocab import BID1, BID2, CALL, DISCARD, N_SEATS, PLAY, SUIT_SYMBOLS

PHASES = ("bid 1", "discard", "bid 2", "call", "lead", "follow")
UNIT = 100.0 / EQUITY_SCALE  # points of win share per unit of the search's reward
BANDS = (1.0, 3.0, 10.0)  # inaccuracy, mistake, blunder: a loss of at least this many points
SD = "sd:worlds=20"  # pimc's valuation at its default worlds: the two-sided solver per world
_PHASE = {BID1: 0, DISCARD: 1, BID2: 2, CALL: 3}

QUIZ = ("sd:worlds=100", 90, 0.1)  # trixsim quiz's suite: its evaluator, games, share


def phase(state, legal: int) -> int:
    """The index in :data:`PHASES` of the decision at ``state``."""
    if state[PHASE] in _PHASE:
        return _PHASE[int(state[PHASE])]
    return 4 if state[TRICK_LEN] == 0 else 5


def trick(state) -> int:
    """The trick being played, from 1; 0 before the card play."""
    return int(state[TRICK_NO]) + 1 if state[PHASE] == PLAY else 0


def position(game, seat: int) -> str:
    """Where the decision stands, in words: trump and its maker, the trick, the seat's cards."""
    s = game.state
    words = []
    if s[TRUMP] >= 0:
        words.append(f"trump {SUIT_SYMBOLS[s[TRUMP]]} made by seat {s[MAKER]}")
    cards = s[TRICK_CARDS : TRICK_CARDS + N_SEATS]
    words += position_words(NOTATION, trick(s), s[LEADER], cards, N_SEATS, seat, game.hand(seat))
    return "; ".join(words)
