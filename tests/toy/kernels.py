"""The toy game's kernel set: what the core's compiled loop calls (docs/games.md)."""

from sim.core.jit import njit
from tests.toy import state as S
from tests.toy.rules import (  # noqa: F401  (the loop calls them through this module)
    legal_actions,
    new_game,
    next_deal,
    ranks_and_shares,
    step,
)
from tests.toy.vocab import DEAL_COLUMNS, GAME_COLUMNS, OVER
from tests.toy.vocab import D as _D
from tests.toy.vocab import G as _G

N_SEATS = 2
STATE_SIZE = S.STATE_SIZE
PUB_SIZE = S.PUB_SIZE
DEAL_SEED = S.DEAL_SEED  # the deal set's seed: later deals are dealt from it
N_DEAL_COLUMNS = len(DEAL_COLUMNS)
N_GAME_COLUMNS = len(GAME_COLUMNS)

D_NO, D_DEALER, D_LEADER_WINS = _D["deal_no"], _D["dealer"], _D["leader_wins"]
D_TRICKS, D_TOTALS = _D["tricks_0"], _D["totals_0"]
G_TOTALS, G_RANKS = _G["total_0"], _G["rank_0"]
G_DEALS, G_END, G_FIRST = _G["deals"], _G["end"], _G["first_dealer"]


@njit(cache=True, inline="always")
def to_act(state):
    return state[S.TURN]


@njit(cache=True, inline="always")
def hand_of(state, seat):
    """The seat's private word: its cards."""
    return state[S.HANDS + seat]


@njit(cache=True, inline="always")
def is_over(state):
    return state[S.PHASE] == OVER


@njit(cache=True)
def record_deal(state, row):
    """The numbers of the deal that just ended (DEAL_COLUMNS)."""
    row[D_NO] = state[S.DEAL_NO]
    row[D_DEALER] = state[S.DEALER]
    row[D_LEADER_WINS] = state[S.LEADER_WINS]
    for p in range(2):
        row[D_TRICKS + p] = state[S.TRICKS_WON + p]
        row[D_TOTALS + p] = state[S.TOTALS + p]


@njit(cache=True)
def record_game(state, row, shares):
    """A finished game's row (GAME_COLUMNS) and its seats' win shares (R4.3)."""
    ranks_and_shares(state, row[G_RANKS : G_RANKS + 2], shares)
    for p in range(2):
        row[G_TOTALS + p] = state[S.TOTALS + p]
    row[G_DEALS] = state[S.DEAL_NO] + 1
    row[G_END] = state[S.END]
    row[G_FIRST] = state[S.FIRST_DEALER]
