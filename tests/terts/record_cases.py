"""What the record tests share (test_records.py, test_record_faults.py): records played by
bots and policies, the fields of RECORD.md, and RULES.md read in card text, apart from the
engine, to find and break the plays of a record."""

import copy
import random
from collections import namedtuple
from pathlib import Path

import pytest

from sim.core.record import RecordError
from sim.core.replay import check_line
from sim.games.terts.cards import CARD_NAMES
from sim.games.terts.game import TertsGame
from sim.games.terts.record import dumps, game_record, loads
from sim.games.terts.vocab import PASS

RECORD_MD = Path(__file__).resolve().parents[3] / "shared" / "games" / "terts" / "RECORD.md"
FIELDS = ["format", "game", "bots", "first_dealer", "deals", "totals", "ranks", "win_share",
          "end"]  # fmt: skip
DEAL_FIELDS = ["dealer", "trump", "turned", "hands", "stock", "events", "card_points",
               "meld_points", "last_trick", "points", "totals"]  # fmt: skip
ALL_CARDS = sorted(CARD_NAMES.values())
CARDS = set(ALL_CARDS)
TRUMP_ORDER, PLAIN_ORDER = "J9ATKQ87", "ATKQJ987"  # R4.1, R4.2 strongest first
TRUMP_VALUE = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}  # R4.3
PLAIN_VALUE = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
MELD_VALUE = {"four-Q": 100, "four-K": 100, "four-A": 100, "four-J": 200, "marriage": 20}
SUIT_NAMES = {"H": "hearts", "C": "clubs", "D": "diamonds", "S": "spades"}

# RECORD.md's example, its first deal: dealer 0, QD turned (diamonds trump)
EXAMPLE_HANDS = ["8S 8C AC AH TD KS KD QS KC", "8D JD QH JS 7H TS JC TH 7C"]
EXAMPLE_STOCK = "9S KH TC JH AS 7D 8H 7S 9H 9D 9C QC AD"
EXAMPLE_EVENTS = [
    "1:7C", "0:AC", "0:9S", "1:KH", "0:TD", "1:7H", "0:seq3-AS", "1:four-J", "0:8S", "1:JS",
    "1:swap", "1:JC", "0:TC", "0:AH", "1:8D", "1:JH", "0:7S", "1:JD", "0:KD", "1:QH", "0:9H",
    "1:TH", "0:7D", "0:AS", "1:TS", "0:QS", "1:AD", "1:9C", "0:KC", "0:8C", "1:QD", "1:8H",
    "0:QC", "1:9D", "0:KS",
]  # fmt: skip
SPENT = (
    "was declared in this deal, or lies within a sequence seat 0 declared before: a "
    "declared meld is spent (R7.3b)"
)


def play_record(seed: int, melder: bool) -> dict:
    """A game of random legal actions; the melder declares or exchanges, when he may, 7 in 10."""
    rnd = random.Random(seed)
    game = TertsGame.new(seed, 0)
    while not game.over:
        legal = game.legal_actions()
        extra = [a for a in legal if a >= 32 and a != PASS]  # swap and the melds
        pick = extra if melder and extra and rnd.random() < 0.7 else legal
        game.apply(rnd.choice(pick))
    return game_record(game, seed, ["random", "random"])


def verdict(rec: dict) -> str | None:
    return check_line(1, dumps(rec)).error


def shape_error(rec: dict) -> str:
    with pytest.raises(RecordError) as e:
        loads(dumps(rec))
    assert "\n" not in str(e.value)
    return str(e.value)


# -- reading a deal in the test's own terms (RULES.md in card text) --------------------------
Step = namedtuple("Step", "j seat action trick role hands led leader meld declared")


def power(card: str, led: str, trump: str) -> int:
    """R5.2: a trump by R4.1, a card of the suit led by R4.2, another card never wins."""
    if card[1] == trump:
        return 20 - TRUMP_ORDER.index(card[0])
    return 10 - PLAIN_ORDER.index(card[0]) if card[1] == led[1] else 0


def value(card: str, trump: str) -> int:
    return (TRUMP_VALUE if card[1] == trump else PLAIN_VALUE).get(card[0], 0)


def meld_value(meld: str) -> int:
    """R7.1: sequences 20, 50, then 100; fours 100, four jacks 200; the marriage 20."""
    if meld.startswith("seq"):
        return {3: 20, 4: 50}.get(int(meld[3]), 100)
    return MELD_VALUE[meld]


class Walk:
    """A deal's events step by step: who holds what, the trick (from 1), the role of the event
    (lead, answer, lead-card, follow), the card led, the declaration to answer; at the end the
    cards each seat won, the meld points scored and the last trick's winner."""

    def __init__(self, d: dict):
        self.trump = trump = d["turned"][1]
        hands = [set(h.split()) for h in d["hands"]]
        stock, bottom = d["stock"].split(), d["turned"]
        leader, trick, led, meld, declared_now = 1 - d["dealer"], 1, None, None, False
        declared, self.won, self.melds, self.steps = [[], []], [[], []], [0, 0], []
        for j, e in enumerate(d["events"]):
            who, _, action = e.partition(":")
            seat = int(who)
            role = ("follow" if led else "answer" if meld else "lead-card" if declared_now
                    else "lead")  # fmt: skip
            self.steps.append(Step(j, seat, action, trick, role, [set(h) for h in hands], led,
                                   leader, meld, [list(x) for x in declared]))  # fmt: skip
            if action == "swap":  # R6.1
                hands[seat].remove("7" + trump)
                hands[seat].add(bottom)
                bottom = "7" + trump
            elif action == "pass":  # R7.7: the leader scores his meld
                self.melds[leader] += meld_value(meld)
                meld = None
            elif action not in CARDS:
                declared[seat].append(action)
                if seat != leader:  # a stronger answer: the follower scores (R7.7)
                    self.melds[seat] += meld_value(action)
                    meld = None
                elif action == "marriage":  # R7.6: scored at once, not answered
                    self.melds[seat] += 20
                    declared_now = True
                else:
                    meld, declared_now = action, True
            elif led is None:
                hands[seat].remove(action)
                led = action
            else:
                hands[seat].remove(action)
                win = seat if power(action, led, trump) > power(led, led, trump) else leader
                self.won[win] += [led, action]
                if trick <= 6:  # R5.3: the winner draws first
                    hands[win].add(stock[2 * trick - 2])
                    hands[1 - win].add(stock[2 * trick - 1])
                elif trick == 7:  # R5.3, R6.1: then card 32 and the turned card (or the 7)
                    hands[win].add(stock[12])
                    hands[1 - win].add(bottom)
                leader, trick, led, declared_now, self.last = win, trick + 1, None, False, win
        self.tricks = trick - 1

    def card_points(self) -> list[int]:
        return [sum(value(c, self.trump) for c in self.won[p]) for p in range(2)]


def may_play(step: Step, trump: str) -> set[str]:
    """R5.4-R5.7: the cards the seat of a card step may play."""
    hand = step.hands[step.seat]
    if step.role != "follow" or step.trick <= 7:
        return hand
    suit = {c for c in hand if c[1] == step.led[1]}
    if suit and step.led[1] != trump:
        return suit  # R5.5 follow suit (the jack of trumps is no excuse, R5.6)
    trumps = {c for c in hand if c[1] == trump}
    if not trumps or trumps == {"J" + trump}:
        return hand  # R5.5 any card; R5.6 the jack never has to be played
    return trumps


def card_steps(recs):
    """(record, deal index, deal, trump, step) of every card played in the records."""
    for rec in recs:
        for i, d in enumerate(rec["deals"]):
            for s in Walk(d).steps:
                if s.action in CARDS:
                    yield rec, i, d, d["turned"][1], s


def find_step(recs, test):
    """The first (record, deal index, step) of any event with ``test(step, trump)``."""
    for rec in recs:
        for i, d in enumerate(rec["deals"]):
            for s in Walk(d).steps:
                if test(s, d["turned"][1]):
                    return rec, i, s
    pytest.fail("no suitable event in the records")


def broken(rec: dict, i: int, j: int, event: str, insert: bool = False) -> tuple[dict, str]:
    """The record with event ``j`` of deal ``i`` replaced (or ``event`` inserted before it),
    and where the error must point."""
    bad = copy.deepcopy(rec)
    bad["deals"][i]["events"][j : j + (not insert)] = [event]
    return bad, f'game {rec["game"]}, deal {i + 1}, event {j + 1} "{event}": '


def multi_deal(records, n: int = 3) -> dict:
    return next(r for r in records if len(r["deals"]) >= n)
