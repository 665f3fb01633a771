"""Terts records (RECORD.md, ``trixsim/terts-record@1``) round trip; replay refuses broken ones.

Random legal play, half by a policy that declares and exchanges when it may, gives melds,
answers that beat, passes, marriages, exchanges and both kinds of end. Each fault test breaks
one record; the checker names the first broken rule as ``trixsim replay`` prints it: ``game G,
deal D, event E "S:X": ... (Rx.y)``. Melds and exchanges are tested on hand-built first
deals whose events stop early: a prefix the rules allow ends in "an event is missing".
"""

import copy
import json
import random
import re

from sim.core.replay import check_line
from sim.games.terts.game import TertsGame
from sim.games.terts.record import dumps, game_record, loads, replay_record
from tests.terts.record_cases import (
    ALL_CARDS,
    CARDS,
    DEAL_FIELDS,
    EXAMPLE_EVENTS,
    EXAMPLE_HANDS,
    EXAMPLE_STOCK,
    FIELDS,
    RECORD_MD,
    Walk,
    may_play,
    verdict,
)


# -- good records --------------------------------------------------------------------------------
def test_round_trip_is_lossless(records):
    for rec in records:
        line = dumps(rec)
        assert "\n" not in line and json.loads(line) == rec
        again = game_record(replay_record(loads(line)), rec["game"], rec["bots"])
        assert dumps(again) == line


def test_record_has_every_field_in_order(records):
    if RECORD_MD.is_file():  # the lists above are RECORD.md's, in its order
        text = RECORD_MD.read_text().split("## Fields")[1].split("## Action vocabulary")[0]
        assert re.findall(r"^- `(\w+)`", text, re.M) == FIELDS
        assert re.findall(r"^  - `(\w+)`", text, re.M) == DEAL_FIELDS
    for rec in records:
        assert list(rec) == FIELDS and rec["format"] == "trixsim/terts-record@1"
        assert all(list(d) == DEAL_FIELDS for d in rec["deals"])


def test_the_records_are_varied(records):
    events = [e.partition(":")[2] for r in records for d in r["deals"] for e in d["events"]]
    assert {r["end"] for r in records} == {"target", "both-target"}
    assert {len(r["deals"]) for r in records} >= {4, 5, 6}
    assert {"swap", "pass", "marriage"} <= set(events)
    assert {w[:4] for w in events if w[:3] in ("seq", "fou")} >= {"seq3", "seq4", "four"}
    beaten = [s for r in records for d in r["deals"] for s in Walk(d).steps
              if s.role == "answer" and s.action not in ("pass", "swap")]  # fmt: skip
    assert len(beaten) >= 5  # R7.5: answers that beat


def test_good_records_pass(records):
    for rec in records:
        v = check_line(1, dumps(rec))
        assert v.error is None and v.deals == len(rec["deals"])
    good = copy.deepcopy(records[1])
    good["win_share"] = [int(x) for x in good["win_share"]]  # 1 and 0: compared by value
    assert verdict(good) is None


def test_points_dealers_and_results_follow_the_rules(records):
    for rec in records:
        totals, dealer = [0, 0], rec["first_dealer"]
        for k, d in enumerate(rec["deals"]):
            assert d["dealer"] == dealer and d["trump"] == d["turned"][1]  # R3.2, R3.4
            hands, stock = [h.split() for h in d["hands"]], d["stock"].split()
            assert [len(h) for h in hands] == [9, 9] and len(stock) == 13  # R3.3, R3.4
            assert sorted(hands[0] + hands[1] + stock + [d["turned"]]) == ALL_CARDS
            walk = Walk(d)
            assert walk.tricks == 16 and sum(s.action in CARDS for s in walk.steps) == 32
            assert d["card_points"] == walk.card_points() and sum(d["card_points"]) == 152
            assert d["meld_points"] == walk.melds and d["last_trick"] == walk.last  # R7.7, R4.4
            points = [d["card_points"][p] + d["meld_points"][p] + 10 * (walk.last == p)
                      for p in range(2)]  # fmt: skip
            assert d["points"] == points and sum(points) >= 162  # R8.1
            totals = [totals[p] + points[p] for p in range(2)]
            assert d["totals"] == totals  # R8.2
            assert (max(totals) >= 501) == (k + 1 == len(rec["deals"]))  # R9.1
            dealer = walk.last  # R3.2
        assert rec["totals"] == totals
        if totals[0] == totals[1]:  # R9.2, R9.3
            assert (rec["ranks"], rec["win_share"], rec["end"]) == ([1, 1], [0.5, 0.5], "tie")
            continue
        win = totals.index(max(totals))
        assert rec["ranks"] == [1 if p == win else 2 for p in range(2)]
        assert rec["win_share"] == [1.0 if p == win else 0.0 for p in range(2)]
        assert rec["end"] == ("both-target" if min(totals) >= 501 else "target")


def test_every_event_follows_the_rules_in_card_text(records):
    # R5.1 the seat to act, R5.4-R5.6 the cards; R6 the exchange; R7 the declarations
    for rec in records:
        for d in rec["deals"]:
            trump, swaps = d["turned"][1], 0
            for s in Walk(d).steps:
                hand = s.hands[s.seat]
                leads = s.role in ("lead", "lead-card")
                assert s.seat == (s.leader if leads else 1 - s.leader), (s, d["events"])
                if s.action in CARDS:
                    assert s.action in may_play(s, trump) and s.role != "answer"
                elif s.action == "swap":  # R6.1, R6.2
                    swaps += 1
                    assert s.trick <= 7 and "7" + trump in hand and swaps == 1
                elif s.action == "pass":
                    assert s.role == "answer"
                else:  # R7.3b, R7.4: once each, tricks 1-7, leader or answer
                    assert s.trick <= 7 and s.role in ("lead", "answer")
                    assert s.action not in s.declared[s.seat]
                    if s.action.startswith("seq"):  # R7.2, R7.3a: a whole run of the hand
                        n, top = int(s.action[3]), "789TJQKA".index(s.action[5])
                        ranks = [top - k for k in range(-1, n + 1) if 0 <= top - k < 8]
                        cards = {"789TJQKA"[r] + s.action[6]: r for r in ranks}
                        assert {c for c, r in cards.items() if top - n < r <= top} <= hand
                        assert not {c for c, r in cards.items() if r in (top + 1, top - n)} & hand
                    elif s.action.startswith("four-"):  # R7.2
                        assert {s.action[5] + suit for suit in "HCDS"} <= hand
                    else:  # R7.6: the leader's, never an answer
                        assert {"K" + trump, "Q" + trump} <= hand and s.role == "lead"


def test_record_md_example_deal():
    # RECORD.md's first deal, event by event: four jacks beat Q-K-A of spades (R7.5), the
    # exchange of 7D for the turned QD (R6), then the deal's points (R4.3, R7.7, R4.4, R8.1)
    if RECORD_MD.is_file():
        text = re.sub(r"\s+", "", RECORD_MD.read_text())
        assert json.dumps(EXAMPLE_EVENTS).replace(" ", "") in text
        assert f'"stock":"{EXAMPLE_STOCK}"'.replace(" ", "") in text
    rnd = random.Random(1)

    def deal(k):
        if k == 0:
            return EXAMPLE_HANDS, "QD", EXAMPLE_STOCK
        cards = rnd.sample(ALL_CARDS, 32)
        return [" ".join(cards[:9]), " ".join(cards[9:18])], cards[18], " ".join(cards[19:])

    game = TertsGame.from_deals(0, deal)
    for e in EXAMPLE_EVENTS:
        assert game.to_act == int(e[0]), e
        game.apply(game.parse_action(e[2:]))
    first = game.history[0]
    assert (first.card_points, first.meld_points, first.last_trick) == ([72, 80], [0, 200], 1)
    assert (first.points, first.totals) == ([72, 290], [72, 290])
    assert game.dealer == 1  # R3.2, as in RECORD.md's second deal
    while not game.over:
        game.apply(rnd.choice(game.legal_actions()))
    rec = game_record(game, 61, ["random", "random"])
    d = rec["deals"][0]
    assert (d["dealer"], d["turned"], d["stock"], d["events"]) == (0, "QD", EXAMPLE_STOCK,
                                                                    EXAMPLE_EVENTS)  # fmt: skip
    assert [sorted(h.split()) for h in d["hands"]] == [sorted(h.split()) for h in EXAMPLE_HANDS]
    d["hands"] = list(EXAMPLE_HANDS)  # in RECORD.md's order: any order is good
    assert verdict(rec) is None
