"""Trix's kernel set: what the core's compiled loop (:mod:`sim.core.loop`) calls.

The rules themselves are in :mod:`.rules`; this module adds the few kernels the
loop needs beyond them (whose turn, whose hand, the end of a deal and of the
game) and the two that write the table rows, with the sizes the loop allocates.
The contract every game's kernel set follows is in ``docs/games.md``.
"""

from sim.core.bits import popcount
from sim.core.jit import njit
from sim.games.trix import state as S
from sim.games.trix.rules import (  # noqa: F401  (the loop calls them through this module)
    legal_actions,
    new_game,
    next_contract,
    ranks_and_shares,
    step,
)
from sim.games.trix.vocab import (
    ACES,
    CONTRACT_COLUMNS,
    GAME_COLUMNS,
    JACKS,
    N_DEALS,
    N_SEATS,
    OVER,
    TRIX_C,
)
from sim.games.trix.vocab import C as _C
from sim.games.trix.vocab import G as _G

DEAL_COLUMNS = CONTRACT_COLUMNS
STATE_SIZE = S.STATE_SIZE
PUB_SIZE = S.PUB_SIZE
DEAL_SEED = S.DEAL_SEED  # the deal set's seed: later deals are dealt from it
MAX_DEALS = N_DEALS
N_DEAL_COLUMNS = len(CONTRACT_COLUMNS)
N_GAME_COLUMNS = len(GAME_COLUMNS)

C_NO, C_CHOOSER, C_CHOICE = _C["contract_no"], _C["chooser"], _C["choice"]
C_CONTRACT, C_FORCED, C_IMPOSED = _C["contract"], _C["forced_trix"], _C["imposed"]
C_JACKS, C_ACES, C_ANNOUNCER = _C["chooser_jacks"], _C["chooser_aces"], _C["king_announcer"]
C_POINTS, C_TOTALS, C_TRICKS = _C["points_0"], _C["totals_0"], _C["tricks_0"]
C_STOP, C_EVENTS, C_ZEROED = _C["stop_trick"], _C["events"], _C["zeroed"]
C_OUT, C_OUT_TURNS, C_OUT_PASSES = (
    _C["trix_first"], _C["trix_first_turns"], _C["trix_first_passes"]
)  # fmt: skip
G_TOTALS, G_RANKS = _G["total_0"], _G["rank_0"]
G_CONTRACTS, G_END, G_FIRST = _G["contracts"], _G["end"], _G["first_chooser"]


@njit(cache=True, inline="always")
def to_act(state):
    """The seat whose decision it is."""
    return state[S.TURN]


@njit(cache=True, inline="always")
def hand_of(state, seat):
    """The cards ``seat`` holds: the private part a bot of that seat is shown."""
    return state[S.HANDS + seat]


@njit(cache=True, inline="always")
def is_over(state):
    return state[S.PHASE] == OVER


@njit(cache=True, inline="always")
def next_deal(state):
    """Deal the next contract (after :func:`step` ended one and the game goes on)."""
    next_contract(state)


@njit(cache=True)
def record_deal(state, row):
    """Write the numbers of the contract that just ended into ``row`` (CONTRACT_COLUMNS)."""
    chooser = state[S.CHOOSER]
    contract = state[S.CONTRACT]
    dealt = state[S.DEALT + chooser]
    row[C_NO] = state[S.CONTRACT_NO]
    row[C_CHOOSER] = chooser
    row[C_CHOICE] = state[S.CHOICE]
    row[C_CONTRACT] = contract
    row[C_FORCED] = contract == TRIX_C and state[S.CHOICE] == 6
    row[C_IMPOSED] = state[S.CHOICE] == 7
    row[C_JACKS] = popcount(dealt & JACKS)
    row[C_ACES] = popcount(dealt & ACES)
    row[C_ANNOUNCER] = state[S.ANNOUNCER]
    for p in range(N_SEATS):
        row[C_POINTS + p] = state[S.POINTS + p]
        row[C_TOTALS + p] = state[S.TOTALS + p]
        row[C_TRICKS + p] = state[S.TRICKS_WON + p]
    row[C_STOP] = state[S.TRICK_NO]
    row[C_EVENTS] = state[S.EVENTS]
    row[C_ZEROED] = state[S.ZEROED]
    for i in range(2):
        row[C_OUT + i] = state[S.OUT_SEAT + i]
        row[C_OUT_TURNS + i] = state[S.OUT_EVENT + i]
        row[C_OUT_PASSES + i] = state[S.OUT_PASSES + i]


@njit(cache=True)
def record_game(state, row, shares):
    """Write a finished game's row (GAME_COLUMNS) and its seats' win shares (R8.2, R3.9)."""
    ranks_and_shares(state, row[G_RANKS : G_RANKS + N_SEATS], shares)  # a view: no allocation
    for p in range(N_SEATS):
        row[G_TOTALS + p] = state[S.TOTALS + p]
    row[G_CONTRACTS] = state[S.CONTRACT_NO] + 1
    row[G_END] = state[S.END]
    row[G_FIRST] = state[S.FIRST_CHOOSER]
