"""Five Hundred's kernel set: what the core's compiled loop calls (``docs/games.md``)."""

from sim.core.bits import lowest_bit
from sim.core.jit import njit
from sim.games.five_hundred import state as S
from sim.games.five_hundred.rules import (  # noqa: F401  (the loop calls them through this module)
    left_bower,
    legal_actions,
    new_game,
    next_deal,
    ranks_and_shares,
    step,
)
from sim.games.five_hundred.vocab import (
    DEAL_COLUMNS,
    GAME_COLUMNS,
    JOKER,
    KITTY_HOLDER,
    N_SEATS,
    N_TEAMS,
    OVER,
    RJ,
)
from sim.games.five_hundred.vocab import D as _D
from sim.games.five_hundred.vocab import G as _G

STATE_SIZE = S.STATE_SIZE
PUB_SIZE = S.PUB_SIZE
DEAL_SEED = S.DEAL_SEED  # the deal set's seed: later deals are dealt from it
N_DEAL_COLUMNS = len(DEAL_COLUMNS)
N_GAME_COLUMNS = len(GAME_COLUMNS)
DISCARD_SHIFT = 45  # the contractor's discards in the private word: 6 bits each, card + 1

D_NO, D_DEALER, D_CALLS, D_BIDS = _D["deal_no"], _D["dealer"], _D["calls"], _D["bid_0"]
D_CONTRACTOR, D_CONTRACT, D_TRICKS = _D["contractor"], _D["contract"], _D["tricks_0"]
D_TEAM_TRICKS, D_POINTS, D_TOTALS = _D["tricks_team_0"], _D["points_0"], _D["totals_0"]
D_JOKER, D_RIGHT, D_LEFT = _D["joker"], _D["right_bower"], _D["left_bower"]
D_TRUMPS = _D["contractor_trumps"]
G_TOTALS, G_RANKS = _G["total_0"], _G["rank_0"]
G_DEALS, G_END, G_FIRST, G_WINNER = _G["deals"], _G["end"], _G["first_dealer"], _G["winner"]


@njit(cache=True, inline="always")
def to_act(state):
    return state[S.TURN]


@njit(cache=True, inline="always")
def hand_of(state, seat):
    """The seat's private word (R11.1): its cards in bits 0-44; for the contractor, each
    card he has discarded as ``card + 1`` in six bits from bit 45 (lowest card first)."""
    hand = state[S.HANDS + seat]
    if seat == state[S.CONTRACTOR]:
        gone = state[S.DISCARDED]
        shift = DISCARD_SHIFT
        while gone:
            card = lowest_bit(gone)
            gone &= gone - 1
            hand |= (card + 1) << shift
            shift += 6
    return hand


@njit(cache=True, inline="always")
def is_over(state):
    return state[S.PHASE] == OVER


@njit(cache=True, inline="always")
def holder(state, card):
    """Who was dealt ``card``: a seat, or KITTY_HOLDER."""
    for p in range(N_SEATS):
        if state[S.DEALT + p] >> card & 1:
            return p
    return KITTY_HOLDER


@njit(cache=True)
def record_deal(state, row):
    """The numbers of the deal that just ended (DEAL_COLUMNS)."""
    contractor = state[S.CONTRACTOR]
    trump = state[S.TRUMP]
    row[D_NO] = state[S.DEAL_NO]
    row[D_DEALER] = state[S.DEALER]
    row[D_CALLS] = state[S.CALLS]
    for p in range(N_SEATS):
        row[D_BIDS + p] = state[S.BIDS + p]
        row[D_TRICKS + p] = state[S.TRICKS_WON + p]
    row[D_CONTRACTOR] = contractor
    row[D_CONTRACT] = state[S.HIGH_BID]
    for t in range(N_TEAMS):
        row[D_TEAM_TRICKS + t] = state[S.TRICKS_WON + t] + state[S.TRICKS_WON + t + N_TEAMS]
    for t in range(N_TEAMS):
        row[D_POINTS + t] = state[S.POINTS + t]
        row[D_TOTALS + t] = state[S.TOTALS + t]
    row[D_JOKER] = holder(state, JOKER)
    if contractor >= 0 and trump >= 0:
        row[D_RIGHT] = holder(state, trump * 11 + RJ)
        row[D_LEFT] = holder(state, left_bower(trump))
    else:
        row[D_RIGHT] = -1
        row[D_LEFT] = -1
    row[D_TRUMPS] = state[S.CONTRACTOR_TRUMPS] if contractor >= 0 else -1


@njit(cache=True)
def record_game(state, row, shares):
    """A finished game's row (GAME_COLUMNS) and its seats' win shares (R10.6)."""
    ranks_and_shares(state, row[G_RANKS : G_RANKS + N_SEATS], shares)
    for p in range(N_SEATS):
        row[G_TOTALS + p] = state[S.TOTALS + p % N_TEAMS]
    row[G_DEALS] = state[S.DEAL_NO] + 1
    row[G_END] = state[S.END]
    row[G_FIRST] = state[S.FIRST_DEALER]
    row[G_WINNER] = state[S.WINNER]
