"""The hand-built deals and helpers the rule tests of this game share (test_rules and
test_rules_melds), in R1.2 notation; expected values are worked out by hand in the tests."""

import re

import pytest

from sim.games.terts import vocab as V
from sim.games.terts.game import IllegalActionError, TertsGame

RANKS, SUITS = "789TJQKA", "HCDS"
ALL = [r + s for s in SUITS for r in RANKS]  # in id order
POINTS = {  # R7.1
    "seq3": 20, "seq4": 50, "seq5": 100, "seq6": 100, "seq7": 100, "seq8": 100,
    "four-Q": 100, "four-K": 100, "four-A": 100, "four-J": 200, "marriage": 20,
}  # fmt: skip


def cid(card: str) -> int:
    return SUITS.index(card[1]) * 8 + RANKS.index(card[0])


def mask(text: str) -> int:
    return sum(1 << cid(c) for c in text.split())


def ids(text: str, *more: int) -> list[int]:
    return sorted([cid(c) for c in text.split()] + list(more))


def seq(top: str) -> int:
    """The action id of the sequence whose top card is ``top`` (vocab: 38 + suit * 6 + rank - 2)."""
    return 38 + SUITS.index(top[1]) * 6 + RANKS.index(top[0]) - 2


def deal_of(h1: str, turned: str, h0: str | None = None, top: str = ""):
    """Seat 1's hand, the turned card, seat 0's hand (default: the first 9 cards left in id
    order) and the stock: ``top`` first, then the cards left in id order."""
    used = f"{h1} {turned} {top} {h0 or ''}".split()
    if h0 is None:
        h0 = " ".join([c for c in ALL if c not in used][:9])
        used += h0.split()
    stock = top.split() + [c for c in ALL if c not in used]
    return [h0, h1], turned, " ".join(stock)


def game_on(deal, dealer: int = 0) -> TertsGame:
    return TertsGame.from_deals(dealer, lambda k: deal)


def game_of(first_dealer: int, *deals) -> TertsGame:
    return TertsGame.from_deals(first_dealer, lambda k: deals[k % len(deals)])


def play(game: TertsGame, events: str) -> None:
    for event in events.split():
        seat, _, what = event.partition(":")
        assert game.to_act == int(seat), (event, game.to_act)
        game.apply(what)


def mirror(events: str) -> str:
    return " ".join(("1" if e[0] == "0" else "0") + e[1:] for e in events.split())


def names(game: TertsGame) -> set[str]:
    return {game.event_name(a) for a in game.legal_actions()}


def melds(game: TertsGame) -> list[int]:
    return [a for a in game.legal_actions() if V.SWAP < a < V.PASS]


def snap(game: TertsGame):
    return (game.to_act, game.phase, game.trick_no, game.hand(0), game.hand(1),
            game.legal_actions(), game.meld_points, game.card_points,
            len(game.history[-1].events))  # fmt: skip


def refused(game: TertsGame, what, *rules: str) -> None:
    """``what`` (text or id) is refused: IllegalActionError naming one of ``rules``, nothing
    changes; why_illegal names the rule too."""
    before = snap(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply(what)
    found = [r for r in rules if re.search(re.escape(r) + r"(?![0-9])", str(info.value))]
    assert found, (str(info.value), rules)
    assert snap(game) == before
    try:
        action = game.parse_action(what) if isinstance(what, str) else what
    except (ValueError, IllegalActionError):
        return  # refused by its words already (e.g. a part of a run, R7.3a)
    assert action not in game.legal_actions()
    why = game.why_illegal(action)
    assert any(re.search(re.escape(r) + r"(?![0-9])", why) for r in rules), why


# -- RECORD.md's worked example, first deal: dealer 0, trumps diamonds (QD turned) -----------
REC_HANDS = ["8S 8C AC AH TD KS KD QS KC", "8D JD QH JS 7H TS JC TH 7C"]
REC_STOCK = "9S KH TC JH AS 7D 8H 7S 9H 9D 9C QC AD"
REC = (REC_HANDS, "QD", REC_STOCK)
REC_MIRROR = (REC_HANDS[::-1], "QD", REC_STOCK)  # the seats' hands exchanged (dealer 1)
REC_TRICKS = [
    "1:7C 0:AC",  # 1: AC: seat 0 (11); draws 0:9S 1:KH
    "0:9S 1:KH",  # 2: spades led, KH no trump: seat 0 (4); draws 0:TC 1:JH
    "0:TD 1:7H",  # 3: TD a trump: seat 0 (10); draws 0:AS 1:7D
    "0:seq3-AS 1:four-J 0:8S 1:JS",  # 4: four jacks beat Q-K-A; JS > 8S: seat 1 (2); 1:8H 0:7S
    "1:swap 1:JC 0:TC",  # 5: seat 1 gives 7D for QD; TC > JC: seat 0 (12); draws 0:9H 1:9D
    "0:AH 1:8D",  # 6: 8D trumps: seat 1 (11); draws 1:9C 0:QC
    "1:JH 0:7S",  # 7: seat 1 (2); draws 1:AD (card 13) and 0:7D (where the turned card lay)
    "1:JD 0:KD",  # 8: a trump lead, seat 0 plays a trump: JD: seat 1 (20 + 4)
    "1:QH 0:9H",  # 9: seat 0 follows: QH: seat 1 (3)
    "1:TH 0:7D",  # 10: no heart: seat 0 trumps with 7D, his only trump: seat 0 (10)
    "0:AS 1:TS",  # 11: seat 0 (11 + 10)
    "0:QS 1:AD",  # 12: no spade: seat 1 trumps: seat 1 (3 + 11)
    "1:9C 0:KC",  # 13: seat 0 (4)
    "0:8C 1:QD",  # 14: no club: seat 1 trumps: seat 1 (3)
    "1:8H 0:QC",  # 15: no heart, no trump: any card; 8H: seat 1 (3)
    "1:9D 0:KS",  # 16: seat 1 (14 + 4) and the last trick
]  # card points: seat 0 11+4+10+12+10+21+4 = 72, seat 1 2+11+2+24+3+14+3+3+18 = 80
REC_EVENTS = " ".join(REC_TRICKS)

# -- X: dealer 0, trumps diamonds (7D turned); four jacks for seat 1, four aces and four kings
# for seat 0; the last trick to seat 1 (the non-dealer) --------------------------------------
X_HANDS = ["AH AC AD AS KH KC KD KS 9D", "JH JC JD JS 7C 8S 7H TS 8D"]
X = (X_HANDS, "7D", "8H 8C 9H 9C TH TC QH QC TD QD 7S 9S QS")
X_MIRROR = (X_HANDS[::-1], "7D", X[2])
X_EVENTS = (
    "1:four-J 0:pass 1:7C 0:9D "  # 1: 200 to seat 1; 9D trumps: seat 0 (14); 0:8H 1:8C
    "0:four-A 1:pass 0:AS 1:7H "  # 2: 100 to seat 0; seat 0 (11); draws 0:9H 1:9C
    "0:four-K 1:pass 0:AH 1:8C "  # 3: 100 to seat 0; seat 0 (11); draws 0:TH 1:TC
    "0:AC 1:9C 0:KC 1:TC "  # 4: seat 0 (11); 0:QH 1:QC; 5: TC > KC: seat 1 (14); 1:TD 0:QD
    "1:QC 0:8H 1:JH 0:9S "  # 6: seat 1 (3); 1:7S 0:9S; 7: seat 1 (2); 1:QS 0:7D
    "1:JD 0:7D 1:TD 0:QD 1:8D 0:KD "  # 8: seat 1 (20); 9: T > Q: seat 1 (13); 10: seat 0 (4)
    "0:AD 1:7S 0:KS 1:TS 1:JS 0:9H "  # 11: seat 0 (11); 12: seat 1 (14); 13: seat 1 (2)
    "1:8S 0:TH 1:QS 0:QH 1:JC 0:KH"  # 14: seat 1 (10); 15: seat 1 (6); 16: seat 1 (6)
)  # card points: seat 0 14+11+11+11+4+11 = 62, seat 1 14+3+2+20+13+14+2+10+6+6 = 90;
# points: seat 0 62 + 200 = 262, seat 1 90 + 200 + 10 = 300

# -- trick 8 deals: trumps diamonds; seat 1 leads tricks 1-7 with 7S ... KS and wins them all
# over seat 0's 7C ... KC (no trump in them), so he draws stock cards 1, 3, ..., 13 and seat 0
# cards 2, 4, ..., 12 and the turned card (R5.3) ----------------------------------------------
P1, P0 = [r + "S" for r in RANKS[:7]], [r + "C" for r in RANKS[:7]]  # 7 ... K
T7 = 2 * (10 + 2 + 3 + 4)  # seat 1's card points from tricks 1-7: 10, J, Q, K of both suits
F1 = ("7D AS 8H JH QH KH TD KD AD", "JD 9D 8D QD 7H 9H TH AH AC", "QD")  # seat 0: JD + 3 trumps
F2 = ("7D AS JH 8D 9D TD QD KD AD", "JD AC 7H 8H 9H TH QH KH AH", "JD")  # JD his only trump
F3 = ("AD AS JH 8D 9D TD JD QD KD", "7D AC 7H 8H 9H TH QH KH AH", "7D")  # 7D his only trump


def trick8_deal(lead_hand: str, follow_hand: str, turned: str):
    """The deal giving seat 1 ``lead_hand`` and seat 0 ``follow_hand`` at trick 8."""
    lead, follow = lead_hand.split(), [c for c in follow_hand.split() if c != turned]
    odd, even = lead[2:], follow[2:] + [""]
    stock = [c for pair in zip(odd, even, strict=True) for c in pair if c]
    return [" ".join(P0 + follow[:2]), " ".join(P1 + lead[:2])], turned, " ".join(stock)


def to_trick(deal, n: int) -> TertsGame:
    """A trick 8 deal played to the lead of trick n (1-8)."""
    game = game_on(trick8_deal(*deal))
    play(game, " ".join(f"1:{a} 0:{b}" for a, b in zip(P1[: n - 1], P0[: n - 1], strict=True)))
    return game
