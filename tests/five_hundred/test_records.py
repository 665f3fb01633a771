"""Five Hundred records (RECORD.md) round trip, and `replay` rejects broken ones.

The records are played by the engine: random bots (``play_game``; these nearly always bid
to 10 tricks and end at -500 in the first deal) and, through the checked game directly, a
random policy that passes often and bids low, so there are thrown-in deals, long games,
made contracts, no-trump joker leads and every end. Each test breaks one record and checks
that the checker names the first broken rule, as ``trixsim replay`` prints it:
``game G, deal D, event E "S:X": ... (Rx.y)``. Rule numbers are RULES.md's.
"""

import copy
import json
import re

import pytest

from sim.core.replay import check_line
from sim.games.five_hundred.record import dumps, game_record, loads
from sim.games.five_hundred.replay import replay_record
from tests.five_hundred.record_cases import (  # noqa: F401  (fixtures)
    DEAL_FIELDS,
    FIELDS,
    RECORD_MD,
    auction_of,
    bid_order,
    bid_value,
    multi_deal,
    strain_of,
    verdict,
)


# -- good records -------------------------------------------------------------------------------
def test_round_trip_is_lossless(records):
    for rec in records:
        line = dumps(rec)
        assert "\n" not in line and json.loads(line) == rec
        again = game_record(replay_record(loads(line)), rec["game"], rec["bots"])
        assert dumps(again) == line


def test_record_has_every_field_in_order(records):
    if RECORD_MD.is_file():  # the lists above are RECORD.md's, in its order
        text = RECORD_MD.read_text().split("## Fields")[1].split("## Actions")[0]
        assert re.findall(r"^- `(\w+)`", text, re.M) == FIELDS
        assert re.findall(r"^  - `(\w+)`", text, re.M) == DEAL_FIELDS
    for rec in records:
        assert list(rec) == FIELDS and rec["format"] == "trixsim/five-hundred-record@1"
        assert all(list(d) == DEAL_FIELDS for d in rec["deals"])


def test_the_records_are_varied(records, varied):
    deals = [d for rec in varied for d in rec["deals"]]
    assert {rec["end"] for rec in varied} == {"reached-500", "minus-500", "deal-cap"}
    assert any(d["bid"] is None for d in deals)  # R4.7 thrown in
    made = [d for d in deals if d["bid"] and d["points"][d["contractor"] % 2] > 0]
    assert made and any(strain_of(d) == "NT" for d in made)
    assert any(":JK=" in e for d in deals for e in d["events"])  # R8.2
    assert len(records) > len(varied)


def test_good_records_pass(records):
    for rec in records:
        v = check_line(1, dumps(rec))
        assert v.error is None and v.deals == len(rec["deals"])


def test_points_and_results_follow_the_rules(records):
    # R5.2, R9 each deal from its bid and tricks; R10 the end; R10.6 ranks and win shares
    for rec in records:
        totals = [0, 0]
        for k, d in enumerate(rec["deals"]):
            assert d["dealer"] == (rec["first_dealer"] + k) % 4  # R3.1
            if d["bid"] is None:  # R4.7, R9.4
                assert d["contractor"] is None and d["tricks"] == d["points"] == [0, 0]
                assert d["events"] == [f"{(d['dealer'] + 1 + n) % 4}:pass" for n in range(4)]
                assert auction_of(d) == (4, None, None)
            else:
                team, bid = d["contractor"] % 2, d["bid"]
                auction = len(d["events"]) - 43  # R4, then 3 discards (R6.1), 40 cards (R7)
                assert auction_of(d) == (auction, d["contractor"], bid)
                assert all(e.startswith(f"{d['contractor']}:discard:")
                           for e in d["events"][auction : auction + 3])  # fmt: skip
                assert sum(d["tricks"]) == 10
                made = d["tricks"][team] >= bid_order(bid)[0]
                value = bid_value(bid) if made else -bid_value(bid)
                points = [0, 0]
                points[team], points[1 - team] = value, 10 * d["tricks"][1 - team]
                assert d["points"] == points
            totals = [totals[0] + d["points"][0], totals[1] + d["points"][1]]
            assert d["totals"] == totals
            over = max(totals) >= 500 or min(totals) <= -500 or k + 1 == 200
            assert over == (k + 1 == len(rec["deals"]))  # R10.5
        last = rec["deals"][-1]
        assert rec["totals"] == totals
        if max(totals) >= 500:  # R10.1, R10.2
            both = min(totals) >= 500
            winner = last["contractor"] % 2 if both else totals.index(max(totals))
            end = "reached-500"
        elif min(totals) <= -500:  # R10.3
            winner, end = 1 - totals.index(min(totals)), "minus-500"
        else:  # R10.4
            winner = None if totals[0] == totals[1] else totals.index(max(totals))
            end = "deal-cap"
        assert rec["end"] == end
        if winner is None:
            assert rec["ranks"] == [1] * 4 and rec["win_share"] == [0.25] * 4
        else:
            assert rec["ranks"] == [1 if p % 2 == winner else 2 for p in range(4)]
            assert rec["win_share"] == [0.5 if p % 2 == winner else 0.0 for p in range(4)]


# -- the deal's outcome ---------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["points", "totals", "tricks"])
def test_wrong_points_totals_tricks_are_named(varied, key):
    # R9 the deal's points and totals, R7 its tricks
    rec = multi_deal(varied)
    bad = copy.deepcopy(rec)
    bad["deals"][1][key][0] += 10
    ours = rec["deals"][1][key]
    rule = {"points": "R5, R9", "totals": "R9", "tricks": "R7"}[key]
    assert verdict(bad) == (
        f"game {rec['game']}, deal 2: {key} is {bad['deals'][1][key]!r} but the rules give "
        f"{ours!r} ({rule})"
    )


@pytest.mark.parametrize("case", ["contractor", "bid", "thrown-in-contractor", "thrown-in-bid"])
def test_wrong_contractor_or_bid_is_named(varied, case):
    # R4.6: the last bidder is the contractor and his bid the contract; R4.7 none if thrown in
    thrown = case.startswith("thrown-in")
    rec, i, d = next(
        (r, i, d) for r in varied for i, d in enumerate(r["deals"]) if (d["bid"] is None) == thrown
    )
    key = case.removeprefix("thrown-in-")
    if thrown:
        wrong = 0 if key == "contractor" else "6C"
    else:
        wrong = (d["contractor"] + 1) % 4 if key == "contractor" else "10NT"
        wrong = "6C" if wrong == d["bid"] else wrong
    bad = copy.deepcopy(rec)
    bad["deals"][i][key] = wrong
    assert verdict(bad) == (
        f"game {rec['game']}, deal {i + 1}: {key} is {wrong!r} but the rules give {d[key]!r} (R4.6)"
    )
