"""What ``trixsim analyse`` needs of Terts: the phases its decisions are counted by, the
bands of its errors, its default evaluator and a position in words.

A decision's loss is in points of win share: the search's reward (the win equity, 0 to 1,
:mod:`.search`) times 100, the unit of Terts's tournaments.
"""

from sim.games.terts.cards import NOTATION
from sim.games.terts.state import LED_CARD, PHASE, TRICK_NO, TRUMP
from sim.games.terts.vocab import ANSWER, DRAW_TRICKS, FOLLOW, LEAD, LEAD_CARD, SUIT_SYMBOLS

# the first seven tricks (the stock, melds, the exchange) and the last nine (follow suit, R5.5)
PHASES = ("lead 1-7", "answer", "follow 1-7", "lead 8-16", "follow 8-16")
UNIT = 100.0  # points of win share per unit of the search's reward
BANDS = (1.0, 3.0, 10.0)  # inaccuracy, mistake, blunder: a loss of at least this many points
SD = "sd:worlds=5"  # pimc:worlds=5, the strongest fair bot of the ladder, valuing as it plays

QUIZ = ("sd:worlds=20", 60, 0.25)  # trixsim quiz's suite: its evaluator, games, share


def phase(state, legal: int) -> int:
    """The index in :data:`PHASES` of the decision at ``state``."""
    if state[PHASE] == ANSWER:
        return 1
    late = state[TRICK_NO] >= DRAW_TRICKS
    if state[PHASE] in (LEAD, LEAD_CARD):
        return 3 if late else 0
    return 4 if late else 2


def trick(state) -> int:
    """The trick being played, from 1 (every decision of Terts is in one)."""
    return int(state[TRICK_NO]) + 1 if state[PHASE] in (LEAD, ANSWER, LEAD_CARD, FOLLOW) else 0


def position(game, seat: int) -> str:
    """Where the decision stands, in words: trump, the trick, the seat's cards."""
    s = game.state
    words = [f"trump {SUIT_SYMBOLS[s[TRUMP]]}", f"trick {trick(s)}"]
    if s[PHASE] == FOLLOW and s[LED_CARD] >= 0:
        words.append(f"led {NOTATION.card_text(int(s[LED_CARD]))}")
    words.append(f"seat {seat} holds {NOTATION.format_hand(game.hand(seat))}")
    return "; ".join(words)
