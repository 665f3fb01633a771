"""Terts's kernel set: what the core's compiled loop calls (``docs/games.md``)."""

from sim.core.jit import njit
from sim.games.terts import state as S
from sim.games.terts.rules import (  # noqa: F401  (the loop calls them through this module)
    legal_actions,
    new_game,
    next_deal,
    ranks_and_shares,
    step,
)
from sim.games.terts.vocab import DEAL_COLUMNS, GAME_COLUMNS, N_SEATS, OVER
from sim.games.terts.vocab import D as _D
from sim.games.terts.vocab import G as _G

STATE_SIZE = S.STATE_SIZE
PUB_SIZE = S.PUB_SIZE
DEAL_SEED = S.DEAL_SEED  # the deal set's seed: later deals are dealt from it
N_DEAL_COLUMNS = len(DEAL_COLUMNS)
N_GAME_COLUMNS = len(GAME_COLUMNS)

D_NO, D_DEALER, D_TRUMP, D_TURNED = _D["deal_no"], _D["dealer"], _D["trump"], _D["turned"]
D_SWAP_SEAT, D_SWAP_TRICK = _D["swap_seat"], _D["swap_trick"]
D_HELD, D_DECLARED = _D["held_0"], _D["declared_0"]
D_SCORED, D_BEATEN = _D["scored_0"], _D["beaten_0"]
D_MELDS, D_MELD_POINTS, D_CARD_POINTS = _D["melds_0"], _D["meld_points_0"], _D["card_points_0"]
D_LAST, D_POINTS, D_TOTALS = _D["last_trick"], _D["points_0"], _D["totals_0"]
G_TOTALS, G_RANKS = _G["total_0"], _G["rank_0"]
G_DEALS, G_END, G_FIRST = _G["deals"], _G["end"], _G["first_dealer"]


@njit(cache=True, inline="always")
def to_act(state):
    return state[S.TURN]


@njit(cache=True, inline="always")
def hand_of(state, seat):
    """The seat's private word: its cards (R10.1)."""
    return state[S.HANDS + seat]


@njit(cache=True, inline="always")
def is_over(state):
    return state[S.PHASE] == OVER


@njit(cache=True)
def record_deal(state, row):
    """The numbers of the deal that just ended (DEAL_COLUMNS)."""
    row[D_NO] = state[S.DEAL_NO]
    row[D_DEALER] = state[S.DEALER]
    row[D_TRUMP] = state[S.TRUMP]
    row[D_TURNED] = state[S.TURNED]
    row[D_SWAP_SEAT] = state[S.SWAPPER]
    row[D_SWAP_TRICK] = state[S.SWAP_TRICK]
    for p in range(N_SEATS):
        row[D_HELD + p] = state[S.HELD + p]
        row[D_DECLARED + p] = state[S.DECLARED + p]
        row[D_SCORED + p] = state[S.SCORED + p]
        row[D_BEATEN + p] = state[S.BEATEN + p]
        row[D_MELDS + p] = state[S.N_MELDS + p]
        row[D_MELD_POINTS + p] = state[S.MELD_POINTS + p]
        row[D_CARD_POINTS + p] = state[S.CARD_POINTS + p]
        row[D_POINTS + p] = state[S.POINTS + p]
        row[D_TOTALS + p] = state[S.TOTALS + p]
    row[D_LAST] = state[S.LAST_WINNER]


@njit(cache=True)
def record_game(state, row, shares):
    """A finished game's row (GAME_COLUMNS) and its seats' win shares (R9.2, R9.3)."""
    ranks_and_shares(state, row[G_RANKS : G_RANKS + N_SEATS], shares)
    for p in range(N_SEATS):
        row[G_TOTALS + p] = state[S.TOTALS + p]
    row[G_DEALS] = state[S.DEAL_NO] + 1
    row[G_END] = state[S.END]
    row[G_FIRST] = state[S.FIRST_DEALER]
