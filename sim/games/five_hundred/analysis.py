"""What ``trixsim analyse`` needs of Five Hundred: the phases its decisions are counted by,
the bands of its errors, its default evaluator and a position in words.

A decision's loss is in points of team win share: the search's reward (the team's win
equity, 0 to 1, :mod:`.search`) times 100, the unit of Five Hundred's tournaments.
"""

from sim.core.words import position_words
from sim.games.five_hundred.cards import NOTATION
from sim.games.five_hundred.state import (
    CONTRACTOR,
    HIGH_BID,
    LEADER,
    PHASE,
    TRICK_CARDS,
    TRICK_LEN,
    TRICK_NO,
)
from sim.games.five_hundred.vocab import AUCTION, DISCARD, N_SEATS, PLAY, bid_name

PHASES = ("bid", "discard", "lead", "follow")
UNIT = 100.0  # points of team win share per unit of the search's reward
BANDS = (1.0, 3.0, 10.0)  # inaccuracy, mistake, blunder: a loss of at least this many points
# pimc's valuation on 12 worlds, the last 6 tricks solved: its strong configuration here
# (docs/bots.md); a full solve of ten tricks per world and action costs far more
SD = "sd:worlds=12,last=6"

QUIZ = ("sd:worlds=48,last=6", 72, 0.1)  # trixsim quiz's suite: its evaluator, games, share


def phase(state, legal: int) -> int:
    """The index in :data:`PHASES` of the decision at ``state``."""
    if state[PHASE] == AUCTION:
        return 0
    if state[PHASE] == DISCARD:
        return 1
    return 2 if state[TRICK_LEN] == 0 else 3


def trick(state) -> int:
    """The trick being played, from 1; 0 before the card play."""
    return int(state[TRICK_NO]) + 1 if state[PHASE] == PLAY else 0


def position(game, seat: int) -> str:
    """Where the decision stands, in words: the contract, the trick, the seat's cards."""
    s = game.state
    words = []
    if s[PHASE] != AUCTION and s[HIGH_BID] >= 0:
        words.append(f"contract {bid_name(int(s[HIGH_BID]))} by seat {s[CONTRACTOR]}")
    cards = s[TRICK_CARDS : TRICK_CARDS + N_SEATS]
    words += position_words(NOTATION, trick(s), s[LEADER], cards, N_SEATS, seat, game.hand(seat))
    return "; ".join(words)
