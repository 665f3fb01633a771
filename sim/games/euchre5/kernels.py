"""Five-handed Euchre's kernel set: what the core's compiled loop calls (``docs/games.md``)."""

from sim.core.jit import njit
from sim.games.euchre5 import state as S
from sim.games.euchre5.rules import (  # noqa: F401  (the loop calls them through this module)
    legal_actions,
    new_game,
    next_deal,
    ranks_and_shares,
    step,
)
from sim.games.euchre5.vocab import DEAL_COLUMNS, GAME_COLUMNS, N_SEATS, OVER
from sim.games.euchre5.vocab import D as _D
from sim.games.euchre5.vocab import G as _G

STATE_SIZE = S.STATE_SIZE
PUB_SIZE = S.PUB_SIZE
DEAL_SEED = S.DEAL_SEED  # the deal set's seed: later deals are dealt from it
N_DEAL_COLUMNS = len(DEAL_COLUMNS)
N_GAME_COLUMNS = len(GAME_COLUMNS)

D_NO, D_DEALER, D_ROUND, D_MAKER = _D["deal_no"], _D["dealer"], _D["round"], _D["maker"]
D_TRUMP, D_UP, D_EXCHANGED, D_CALLED = _D["trump"], _D["up"], _D["exchanged"], _D["called"]
D_ALONE, D_PARTNER, D_REVEALED = _D["alone"], _D["partner"], _D["revealed_trick"]
D_MAKER_TRUMPS, D_TRICKS, D_ATTACK = _D["maker_trumps"], _D["tricks_0"], _D["attackers_tricks"]
D_POINTS, D_TOTALS = _D["points_0"], _D["totals_0"]
G_TOTALS, G_RANKS = _G["total_0"], _G["rank_0"]
G_DEALS, G_END, G_FIRST = _G["deals"], _G["end"], _G["first_dealer"]


@njit(cache=True, inline="always")
def to_act(state):
    return state[S.TURN]


@njit(cache=True, inline="always")
def hand_of(state, seat):
    """The seat's private word (R10.1): its cards in bits 0-31; for the dealer, once he has
    exchanged, his discard in bits 32-63."""
    hand = state[S.HANDS + seat]
    if seat == state[S.DEALER] and state[S.DISCARDED_CARD] >= 0:
        hand |= (1 << state[S.DISCARDED_CARD]) << 32
    return hand


@njit(cache=True, inline="always")
def is_over(state):
    return state[S.PHASE] == OVER


@njit(cache=True)
def record_deal(state, row):
    """The numbers of the deal that just ended (DEAL_COLUMNS)."""
    maker = state[S.MAKER]
    partner = state[S.PARTNER]
    row[D_NO] = state[S.DEAL_NO]
    row[D_DEALER] = state[S.DEALER]
    row[D_ROUND] = state[S.ROUND]
    row[D_MAKER] = maker
    row[D_TRUMP] = state[S.TRUMP]
    row[D_UP] = state[S.UP_CARD]
    if state[S.ROUND] == 1:  # the dealer took the up card unless he discarded it (R4.2)
        row[D_EXCHANGED] = state[S.DISCARDED_CARD] != state[S.UP_CARD]
    else:
        row[D_EXCHANGED] = -1
    row[D_CALLED] = state[S.CALLED]
    row[D_ALONE] = state[S.GOING_ALONE]
    row[D_PARTNER] = partner
    row[D_REVEALED] = state[S.REVEALED_TRICK]
    row[D_MAKER_TRUMPS] = state[S.MAKER_TRUMPS]
    attack = 0
    for p in range(N_SEATS):
        row[D_TRICKS + p] = state[S.TRICKS_WON + p]
        row[D_POINTS + p] = state[S.POINTS + p]
        row[D_TOTALS + p] = state[S.TOTALS + p]
        if p in (maker, partner):
            attack += state[S.TRICKS_WON + p]
    row[D_ATTACK] = attack


@njit(cache=True)
def record_game(state, row, shares):
    """A finished game's row (GAME_COLUMNS) and its seats' win shares (R9.3)."""
    ranks_and_shares(state, row[G_RANKS : G_RANKS + N_SEATS], shares)
    for p in range(N_SEATS):
        row[G_TOTALS + p] = state[S.TOTALS + p]
    row[G_DEALS] = state[S.DEAL_NO] + 1
    row[G_END] = state[S.END]
    row[G_FIRST] = state[S.FIRST_DEALER]
