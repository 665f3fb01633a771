"""What ``trixsim analyse`` needs of Trix: the phases its decisions are counted by, the
bands of its errors, its default evaluator and a position in words.

A decision's loss is in points of win share: the search's reward (``4 ×`` win equity,
:mod:`.search`) times 25, so a seat's equity of the game runs from 0 to 100 as a tournament's
win share does.
"""

from sim.core.words import position_words
from sim.games.trix.cards import NOTATION
from sim.games.trix.search import EQUITY_SCALE
from sim.games.trix.state import CONTRACT, LEADER, PHASE, TRICK_CARDS, TRICK_LEN, TRICK_NO
from sim.games.trix.vocab import CHOOSE, CONTRACT_NAMES, DOUBLE, N_SEATS, TRIX

PHASES = ("contract", "K♥ call", "lead", "follow", "layout")
UNIT = 100.0 / EQUITY_SCALE  # points of win share per unit of the search's reward
BANDS = (1.0, 3.0, 10.0)  # inaccuracy, mistake, blunder: a loss of at least this many points
# the evaluator analyse uses unless told: pimc's rollout model on 70 worlds, the one of its
# configurations that beats mcts:iters=200 in Trix (docs/bots.md); the paranoid solver's does not
SD = "sd:worlds=70,model=rollout"

QUIZ = ("sd:worlds=280,model=rollout", 66, 0.1)  # trixsim quiz's suite: its evaluator, games, share


def phase(state, legal: int) -> int:
    """The index in :data:`PHASES` of the decision at ``state``."""
    if state[PHASE] == CHOOSE:
        return 0
    if state[PHASE] == TRIX:
        return 4
    if legal >> DOUBLE & 1:
        return 1
    return 2 if state[TRICK_LEN] == 0 else 3


def trick(state) -> int:
    """The trick being played, from 1; 0 where there is none (the contract choice, the layout)."""
    return int(state[TRICK_NO]) + 1 if state[PHASE] not in (CHOOSE, TRIX) else 0


def position(game, seat: int) -> str:
    """Where the decision stands, in words: the contract, the trick, the seat's cards."""
    s = game.state
    words = []
    if s[CONTRACT] >= 0:
        words.append(f"contract {CONTRACT_NAMES[s[CONTRACT]]}")
    cards = s[TRICK_CARDS : TRICK_CARDS + N_SEATS]
    words += position_words(NOTATION, trick(s), s[LEADER], cards, N_SEATS, seat, game.hand(seat))
    return "; ".join(words)
