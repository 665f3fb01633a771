"""What the record tests share (test_records.py, test_record_faults.py): records played by
bots and policies, the fields of RECORD.md, and RULES.md read in card text, apart from the
engine, to find and break the plays of a record."""

import copy
import random
from pathlib import Path

import pytest

from sim.core.bots import parse_spec
from sim.core.play import play_game
from sim.core.replay import check_line
from sim.games.five_hundred import SPEC
from sim.games.five_hundred.game import FiveHundredGame
from sim.games.five_hundred.record import dumps, game_record
from sim.games.five_hundred.vocab import AUCTION, PASS

RECORD_MD = Path(__file__).resolve().parents[3] / "shared" / "games" / "five-hundred" / "RECORD.md"
FIELDS = ["format", "game", "bots", "first_dealer", "deals", "totals", "ranks", "win_share",
          "end"]  # fmt: skip
DEAL_FIELDS = ["dealer", "hands", "kitty", "events", "contractor", "bid", "tricks", "points",
               "totals"]  # fmt: skip
SAME_COLOUR = {"H": "D", "D": "H", "C": "S", "S": "C"}  # R1.3
SUIT_NAMES = {"H": "hearts", "C": "clubs", "D": "diamonds", "S": "spades"}
STRAIN_RANK = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4}  # R4.3
# (seed, pass rate, highest level bid): the passing random policy of test_differential.py
POLICIES = [(s, *[(0.8, 7), (0.9, 10)][s % 2]) for s in range(48)]
POLICIES += [(25, 0.985, 6)]  # passes nearly always: the deal cap (R10.4)


def record_of(game_id: int, seed: int = 5, bot: str = "random") -> dict:
    specs = [parse_spec(bot, "five-hundred")] * 4
    return game_record(play_game(SPEC, specs, seed, game_id), game_id, [bot] * 4)


def policy_record(game_id: int, seed: int, passing: float, top: int) -> dict:
    """A game of the checked game where each player passes with probability ``passing``
    when he may, and otherwise bids at random up to ``top`` tricks; cards at random."""
    rnd = random.Random(seed)
    game = FiveHundredGame.new(seed, seed)
    while not game.over:
        legal = game.legal_actions()
        if game.phase == AUCTION:
            bids = [a for a in legal if a != PASS and 6 + a // 5 <= top]
            game.apply(PASS if not bids or rnd.random() < passing else rnd.choice(bids))
        else:
            game.apply(rnd.choice(legal))
    return game_record(game, game_id, ["random"] * 4)


def verdict(rec: dict) -> str | None:
    return check_line(1, dumps(rec)).error


# -- reading records in the test's own terms (RULES.md in card text) -------------------------
def strain_of(d: dict) -> str:
    return d["bid"].lstrip("0123456789")


def suit_of(card: str, strain: str) -> str | None:
    """R1.5: the effective suit; the left bower and the joker are trumps; in no trumps the
    joker has no suit (None, R8.1)."""
    if card == "JK":
        return None if strain == "NT" else strain
    if strain != "NT" and card == "J" + SAME_COLOUR[strain]:
        return strain
    return card[1]


def plays(d: dict):
    """Each card event of a played deal: (event index, seat, action, place in the trick,
    the suit to follow (of the trick being led when the place is 0), the seat's cards
    before it, the suits every seat has shown void in before it (R7.2))."""
    strain = strain_of(d)
    held = [set(h.split()) for h in d["hands"]]
    held[d["contractor"]] |= set(d["kitty"].split())  # R6.1
    voids = [set() for _ in range(4)]
    place, led = 0, None
    for j, e in enumerate(d["events"]):
        who, _, action = e.partition(":")
        seat = int(who)
        if action.startswith("discard:"):
            held[seat].discard(action[8:])
            continue
        if action == "pass" or action.startswith("bid:"):
            continue
        card = action[:2]  # JK=S is the joker
        if place == 0:
            led = action[3] if action.startswith("JK=") else suit_of(card, strain)
        yield j, seat, action, place, led, set(held[seat]), [set(v) for v in voids]
        if place and suit_of(card, strain) != led:
            voids[seat].add(led)
        held[seat].discard(card)
        place = (place + 1) % 4


def played_deals(recs):
    """(record, deal index, deal) of every deal with a contract."""
    for rec in recs:
        for i, d in enumerate(rec["deals"]):
            if d["bid"] is not None:
                yield rec, i, d


def find(recs, test):
    """The first (record, deal index, deal, play) whose play satisfies ``test(d, play)``."""
    for rec, i, d in played_deals(recs):
        for p in plays(d):
            if test(d, p):
                return rec, i, d, p
    pytest.fail("no suitable play in the records")


def broken(rec: dict, i: int, j: int, event: str) -> tuple[dict, str]:
    """The record with event ``j`` of deal ``i`` replaced, and where the error must point."""
    bad = copy.deepcopy(rec)
    bad["deals"][i]["events"][j] = event
    return bad, f'game {rec["game"]}, deal {i + 1}, event {j + 1} "{event}": '


def bid_order(bid: str) -> tuple[int, int]:
    """R4.3, R4.4: (tricks, strain position); a higher bid is a greater pair."""
    strain = bid.lstrip("0123456789")
    return int(bid.removesuffix(strain)), STRAIN_RANK[strain]


def auction_of(d: dict) -> tuple[int, int | None, str | None]:
    """R4 in card text: (its number of calls, contractor, contract), checking each call's
    seat (R4.1, R4.5) and that each bid outbids the last (R4.4)."""
    seat, out, high, contractor = (d["dealer"] + 1) % 4, set(), None, None
    for n, e in enumerate(d["events"]):
        if len(out) == 4 or (high and len(out) == 3):  # R4.6, R4.7
            return n, contractor, high
        assert e.startswith(f"{seat}:"), (n, e)
        call = e.split(":", 1)[1]
        if call == "pass":
            out.add(seat)
        else:
            bid = call.removeprefix("bid:")
            assert high is None or bid_order(bid) > bid_order(high), e
            high, contractor = bid, seat
        seat = (seat + 1) % 4
        while seat in out and len(out) < 4:
            seat = (seat + 1) % 4
    return len(d["events"]), contractor, high


def bid_value(bid: str) -> int:
    """R5.2: 100 x (tricks - 6) + 40 + 20 x the strain's position."""
    tricks, position = bid_order(bid)
    return 100 * (tricks - 6) + 40 + 20 * position


def multi_deal(varied, n: int = 3) -> dict:
    return next(r for r in varied if len(r["deals"]) >= n and r["deals"][1]["bid"] is not None)
