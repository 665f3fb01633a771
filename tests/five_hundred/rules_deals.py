"""The hand-built deals and helpers the rule tests of this game share (test_rules and
test_rules_play), in R1.2 notation; expected values are worked out by hand in the tests."""

import re

import numpy as np
import pytest

from sim.games.five_hundred import state as S
from sim.games.five_hundred.cards import parse_card
from sim.games.five_hundred.game import FiveHundredGame, IllegalActionError

# -- the deals ---------------------------------------------------------------------------------
# SPREAD: each seat holds one suit, 5 to A; the kitty 4H 4D JK. In no trumps a seat that
# leads its own suit wins the trick (nobody else can follow, the joker aside).
SPREAD_HANDS = ["5H 6H 7H 8H 9H TH JH QH KH AH", "5C 6C 7C 8C 9C TC JC QC KC AC",
                "5D 6D 7D 8D 9D TD JD QD KD AD", "5S 6S 7S 8S 9S TS JS QS KS AS"]  # fmt: skip
SPREAD = (SPREAD_HANDS, "4H 4D JK")
# SPREAD with the joker (kitty) and seat 1's 5C exchanged
JOKER_1 = ([SPREAD_HANDS[0], "JK 6C 7C 8C 9C TC JC QC KC AC", *SPREAD_HANDS[2:]], "4H 4D 5C")
# SPREAD with seat 1's 5C and seat 2's JD exchanged
LEFT_1 = ([SPREAD_HANDS[0], "JD 6C 7C 8C 9C TC JC QC KC AC", "5C 5D 6D 7D 8D 9D TD QD KD AD",
           SPREAD_HANDS[3]], "4H 4D JK")  # fmt: skip
# MIXED: seat 0 the joker, top hearts and 5C; 1 two top clubs, 4H, spades; 2 clubs, 6H 5H, 7S;
# 3 the diamonds but 4D
MIXED_HANDS = ["JK AH KH QH JH TH 9H 8H 7H 5C", "AC KC 4H AS KS QS JS TS 9S 8S",
               "QC JC TC 9C 8C 7C 6C 6H 5H 7S", "AD KD QD JD TD 9D 8D 7D 6D 5D"]  # fmt: skip
MIXED = (MIXED_HANDS, "4D 6S 5S")

RANKS = list("56789TJQKA")
# A: SPREAD, dealer 3, seat 0 (eldest) in no trumps, keeps JK 4H and 7H-AH. He leads his
# hearts from the top, then the joker naming hearts; the others, void, play 5 up to A.
A_LEADS = ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "4H", "JK=H"]
A_PLAY = "0:discard:4D 0:discard:5H 0:discard:6H " + " ".join(
    f"0:{lead} 1:{r}C 2:{r}D 3:{r}S" for lead, r in zip(A_LEADS, RANKS, strict=True)
)  # seat 0 wins all 10 tricks
# B: SPREAD, dealer 3, seat 0 passes, seat 1 is the contractor in no trumps; he keeps JK, AC-8C,
# 4H and 4D.
B_PLAY = (
    "1:discard:5C 1:discard:6C 1:discard:7C "
    "1:4H 2:5D 3:5S 0:5H "  # 1: seat 0's 5H is the only heart above 4H: seat 0
    "0:AH 1:JK 2:6D 3:6S "  # 2: seat 1, void in hearts, plays the joker: it wins (R8.1)
    "1:AC 2:7D 3:7S 0:6H 1:KC 2:8D 3:8S 0:7H 1:QC 2:9D 3:9S 0:8H "  # 3-9: nobody else
    "1:JC 2:TD 3:TS 0:9H 1:TC 2:JD 3:JS 0:TH 1:9C 2:QD 3:QS 0:JH "  # has a club: seat 1
    "1:8C 2:KD 3:KS 0:QH "
    "1:4D 2:AD 3:AS 0:KH"  # 10: seat 2's AD beats 4D
)  # tricks: seat 0 one, seat 1 eight, seat 2 one: team 0 two, team 1 eight
# E: SPREAD, dealer 3, seat 0 in hearts discards the joker, the right bower and 4D
E_PLAY = (
    "0:discard:JK 0:discard:JH 0:discard:4D "
    "0:AH 1:5C 2:JD 3:5S "  # 1: JD, the left bower and seat 2's only trump, beats AH: seat 2
    "2:AD 3:6S 0:4H 1:6C "  # 2: seat 0 has no diamond and trumps with 4H: seat 0
    "0:KH 1:7C 2:KD 3:7S 0:QH 1:8C 2:QD 3:8S 0:TH 1:9C 2:TD 3:9S 0:9H 1:TC 2:9D 3:TS "
    "0:8H 1:JC 2:8D 3:JS 0:7H 1:QC 2:7D 3:QS 0:6H 1:KC 2:6D 3:KS 0:5H 1:AC 2:5D 3:AS"
)  # 3-10: only seat 0 has trumps left: seat 0 nine tricks, seat 2 one: team 0 all ten


def game_on(deal, dealer: int) -> FiveHundredGame:
    hands, kitty = deal
    return FiveHundredGame.from_deals(dealer, lambda k: (hands, kitty))


def play(game: FiveHundredGame, events: str) -> None:
    for event in events.split():
        seat, _, what = event.partition(":")
        assert game.to_act == int(seat), (event, game.to_act)
        game.apply(game.parse_action(what))


def names(game: FiveHundredGame) -> list[str]:
    return [game.event_name(a) for a in game.legal_actions()]


def cards(text: str) -> list[str]:
    return text.split()


def mask(text: str) -> int:
    return sum(1 << parse_card(c) for c in text.split())


def refused(game: FiveHundredGame, text: str, rule: str) -> None:
    """``text`` is illegal now: apply raises, nothing changes, why_illegal names ``rule``."""
    action = game.parse_action(text)
    before = game.state.copy()
    with pytest.raises(IllegalActionError):
        game.apply(action)
    assert np.array_equal(game.state, before)
    why = game.why_illegal(action)
    assert re.search(rf"\b{re.escape(rule)}\b", why), why


def voids(game: FiveHundredGame, seat: int) -> set[str]:
    return {"HCDS"[s] for s in range(4) if game.state[S.VOIDS + seat] >> s & 1}


# -- one trick: seat 0 bids alone, discards the kitty and leads ------------------------------
ALL = [r + s for s in "HCDS" for r in "456789TJQKA" if r + s not in ("4C", "4S")] + ["JK"]
SAME_COLOUR = {"H": "D", "D": "H", "C": "S", "S": "C"}  # R1.3


def suit_of(card: str, trump: str | None) -> str | None:
    """R1.5, written apart from the engine: the joker and the left bower are trumps; in no
    trumps (``trump`` None) the joker has no suit (R8.1)."""
    if card == "JK":
        return trump
    if trump and card == "J" + SAME_COLOUR[trump]:
        return trump
    return card[1]


def one_trick(bid: str, trick: str) -> FiveHundredGame:
    """Dealer 3; seat 0 bids ``bid``, the others pass; seat 0 discards the kitty he took and
    leads the first trick, ``trick`` (the cards of seats 0, 1, 2, 3). The other 39 cards are
    dealt so that every card of the trick is legal: a seat that does not follow the led suit
    gets none of it (that suit goes to the leader, the kitty and the seats that follow)."""
    trump = None if bid.endswith("NT") else bid[-1]
    led_cards = trick.split()
    played = [c[:2] for c in led_cards]
    led = led_cards[0][3] if led_cards[0].startswith("JK=") else suit_of(played[0], trump)
    follows = [p for p in (1, 2, 3) if suit_of(played[p], trump) == led]
    void = [p for p in (1, 2, 3) if p not in follows]
    hands: dict = {p: [played[p]] for p in range(4)}
    hands["kitty"] = []
    room = {0: 10, 1: 10, 2: 10, 3: 10, "kitty": 3}
    rest = [c for c in ALL if c not in played]
    for c in [c for c in rest if suit_of(c, trump) == led]:
        where = next(w for w in (0, "kitty", *follows) if len(hands[w]) < room[w])
        hands[where].append(c)
    for c in [c for c in rest if suit_of(c, trump) != led]:
        where = next(w for w in (*void, 0, "kitty", *follows) if len(hands[w]) < room[w])
        hands[where].append(c)
    game = game_on(([" ".join(hands[p]) for p in range(4)], " ".join(hands["kitty"])), 3)
    play(game, f"0:bid:{bid} 1:pass 2:pass 3:pass")
    play(game, " ".join(f"0:discard:{c}" for c in hands["kitty"]))
    play(game, " ".join(f"{p}:{c}" for p, c in enumerate(led_cards)))
    return game


def trick_winner(bid: str, trick: str) -> int:
    game = one_trick(bid, trick)
    winner = int(game.state[S.LEADER])  # after a trick: its winner, who leads next (R7.1)
    assert game.to_act == winner and game.state[S.TRICKS_WON + winner] == 1
    return winner
