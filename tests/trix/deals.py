"""Hand-built deals and helpers for the rule tests (tests/trix/test_rules_*.py).

Every expected value in the rule tests is worked out by hand from
../shared/games/trix/RULES.md (the trick-by-trick traces are in their comments),
never copied from the engine's output. Deals are four hands in R1.4 notation,
seats 0..3; a trick is written in playing order, leader first.
"""

from sim.games.trix import state as S
from sim.games.trix import vocab as V
from sim.games.trix.game import Game, parse_action


class Watched(Game):
    """The game, keeping the state as each contract stood when it ended (for the checks)."""

    def _on_deal_end(self) -> None:
        super()._on_deal_end()
        self.last_contract_state = self.state.copy()


# -- helpers ---------------------------------------------------------------------------------------


def ids(text: str) -> list[int]:
    """Action ids of space-separated cards / actions, sorted like legal_actions()."""
    return sorted(parse_action(t) for t in text.split())


def choose_ids(*names: str) -> list[int]:
    return sorted(V.CHOOSE_BASE + V.CONTRACT_NAMES.index(n) for n in names)


def contract_bits(*names: str) -> int:
    m = 0
    for n in names:
        m |= 1 << V.CONTRACT_NAMES.index(n)
    return m


def play(game: Game, moves: str) -> None:
    for move in moves.split():
        game.apply(move)


def game_on(deal, first_chooser: int) -> Game:
    """A game whose every contract is dealt ``deal`` (the next contract must be dealt too)."""
    return Watched.from_deals(first_chooser, lambda k: deal)


def finish_contract(game: Game, double: bool = False):
    """Play the current contract to its end with a fixed policy: pick the lowest allowed
    contract, play / lay the lowest legal card id (pass when that is the only action),
    answer the K♥ offer with double or no-double. Returns the contract's result."""
    n = len(game.contracts)
    for _ in range(200):  # a contract takes at most 1 + 1 + 32 actions plus trix passes
        if game.over or len(game.contracts) > n:
            break
        legal = game.legal_actions()
        if V.DOUBLE in legal:
            game.apply(V.DOUBLE if double else V.NO_DOUBLE)
        else:
            game.apply(legal[0])
    else:
        raise AssertionError("the contract did not end within 200 actions")
    return game.contracts[n - 1]


def card_events(result) -> int:
    return sum(1 for _, a in result.events if a < 32)


def set_choice(game: Game, seat: int, made: int, remaining: int) -> None:
    """Shortcut to a late choice: ``seat`` (the chooser, before he chooses) has made ``made``
    choices and has the contracts of mask ``remaining`` left."""
    assert game.phase == V.CHOOSE and game.chooser == seat
    game.state[S.CHOICES_MADE + seat] = made
    game.state[S.CHOICE] = made + 1
    game.state[S.REMAINING + seat] = remaining


def set_totals(game: Game, totals) -> None:
    """Shortcut: the totals before the current contract."""
    for p in range(4):
        game.state[S.TOTALS + p] = totals[p]


# -- deals -----------------------------------------------------------------------------------------

# MIX: two cards of each suit per seat, so every trick is followed by all four.
# Seat 0 holds no jack, seat 1 JC JS, seat 2 JD, seat 3 JH; seat 2 holds K♥.
MIX = [
    "7H AH 7C 8C 7D 8D 7S 8S",
    "8H TH 9C JC TD AD 9S JS",
    "9H KH QC KC 9D JD TS AS",
    "JH QH TC AC QD KD QS KS",
]
# Trick 1 of MIX is 7H(s0) 8H(s1) 9H(s2) JH(s3) in the chooser's order: s3 wins (J).
# Then, whoever chose:
#   T2 s3 leads: QH AH TH KH  -> s0 (A)       T3 s0: 7C 9C QC TC -> s3 (T)
#   T4 s3: AC 8C JC KC -> s3 (A)              T5 s3: QD 7D TD 9D -> s1 (T)
#   T6 s1: AD JD KD 8D -> s1 (A)              T7 s1: 9S TS QS 7S -> s2 (T)
#   T8 s2: AS KS 8S JS -> s2 (A)
# Tricks won: s0 1 (T2), s1 2 (T5 T6), s2 2 (T7 T8), s3 3 (T1 T3 T4).
# (This is also what "lowest legal card" plays: everyone follows with his lowest card.)
MIX_T2 = "QH AH TH KH"
MIX_T3_T8 = "7C 9C QC TC  AC 8C JC KC  QD 7D TD 9D  AD JD KD 8D  9S TS QS 7S  AS KS 8S JS"

# BAL: seat 3 holds the T and A of every suit; with everyone following, he wins all 8 tricks.
BAL = [
    "7H 8H 7C 8C 7D 8D 7S 8S",
    "9H JH 9C JC 9D JD 9S JS",
    "QH KH QC KC QD KD QS KS",
    "TH AH TC AC TD AD TS AS",
]
# BAL2: as BAL, but seat 3 holds K♥ (and still wins every trick: KH > QH, then AH > TH).
BAL2 = [
    "7H 8H 7C 8C 7D 8D 7S 8S",
    "9H JH 9C JC 9D JD 9S JS",
    "QH TH QC KC QD KD QS KS",
    "KH AH TC AC TD AD TS AS",
]
# SUITED: each seat holds one whole suit.
SUITED = [
    "7H 8H 9H JH QH KH TH AH",
    "7C 8C 9C JC QC KC TC AC",
    "7D 8D 9D JD QD KD TD AD",
    "7S 8S 9S JS QS KS TS AS",
]
# QN (queens, chooser seat 1), every trick followed:
#   T1 s1: 7S QS AS 8S -> s3 (A) takes QS        T2 s3: KH QH 7H AH -> s2 (A) takes QH
#   T3 s2: 8C QC 9C TC -> s1 (T) takes QC        T4 s1: 9D TD QD 7D -> s2 (T > Q) takes QD
QN = [
    "8H QH 9C JC 7D 8D 8S 9S",
    "7H 9H TC KC 9D JD 7S JS",
    "JH AH 7C 8C TD KD QS KS",
    "KH TH QC AC QD AD TS AS",
]
QN_PLAY = "7S QS AS 8S  KH QH 7H AH  8C QC 9C TC  9D TD QD 7D"

# DI (diamonds, chooser seat 0); seat 1 is void in hearts, seat 3 in diamonds:
#   T1 s0: AH 9D 7H 8H -> s0 (A) takes 9D        T2 s0: KD 7D AD 8C -> s2 (A) takes KD 7D AD
#   T3 s2: 9H JH QH TD -> s0 (Q) takes TD        T4 s0: 8D QD JD 9C -> s1 (Q) takes 8D QD JD
DI = [
    "QH KH TH AH 8D KD 7C JC",
    "9D 7D TD QD 7S 8S 9S JS",
    "7H 9H AD JD QC KC QS KS",
    "8H JH 8C 9C TC AC TS AS",
]
DI_PLAY = "AH 9D 7H 8H  KD 7D AD 8C  9H JH QH TD  8D QD JD 9C"

# GEN (general, chooser seat 0, who holds no diamond; seat 3 holds K♥ and no club):
#   T1 s0: AC 7C 8C 9D -> s0   T2 s0: TC JC 9C TD -> s0 (T)   T3 s0: QH 7H 8H 9H -> s0 (Q)
#   T4 s0: 7S AS 8S 9S -> s1   T5 s1: 7D 8D JD KC -> s3 (J)   T6 s3: KH JH TH AH -> s2 (A)
#   T7 s2: QD KD QC AD -> s1   T8 s1: TS JS QS KS -> s1 (T > K)
GEN = [
    "JH QH QC KC TC AC 7S KS",
    "7H TH 7C JC 7D AD TS AS",
    "8H AH 8C 9C 8D QD 8S JS",
    "9H KH 9D JD KD TD 9S QS",
]
GEN_T2_T8 = (
    "TC JC 9C TD  QH 7H 8H 9H  7S AS 8S 9S  7D 8D JD KC  KH JH TH AH  QD KD QC AD  TS JS QS KS"
)

# KD1 (king): seat 2 holds J..A of hearts, so a K♥ he leads or plays on 7H wins.
KD1 = [
    "8H 9H 7C 8C 9C JC QC KC",
    "7H 7D 8D 9D JD QD KD TD",
    "JH QH KH TH AH AD TC AC",
    "7S 8S 9S JS QS KS TS AS",
]

# TRX2: seats 0 and 1 hold no jack, seat 2 holds all four, seat 3 only Q..A of ♦ and ♠.
TRX2 = [
    "7H 8H 9H 7C 8C 9C 7D 8D",
    "QH KH TH AH 9D 7S 8S 9S",
    "JH JC JD JS QC KC TC AC",
    "QD KD TD AD QS KS TS AS",
]

RANKS_WEAK_TO_STRONG = ["7", "8", "9", "J", "Q", "K", "T", "A"]  # R1.2, by hand from RULES.md
