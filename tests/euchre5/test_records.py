"""Five-handed Euchre records (RECORD.md) round trip, and `replay` rejects broken ones.

The records are played by the engine (random bots); each test breaks one and checks that
the checker names the first broken rule, as ``trixsim replay`` prints it:
``game G, deal D, event E "S:X": ... (Rx.y)``. Rule numbers are RULES.md's.
"""

import copy
import json
import re
from pathlib import Path

import pytest

from sim.core.bots import parse_spec
from sim.core.play import play_game
from sim.core.replay import check_line
from sim.games.euchre5 import SPEC
from sim.games.euchre5.record import dumps, game_record, loads
from sim.games.euchre5.replay import replay_record
from tests.person import trixsim

SPECS = [parse_spec("random", "euchre5")] * 5
RECORD_MD = Path(__file__).resolve().parents[3] / "shared" / "games" / "euchre5" / "RECORD.md"
FIELDS = ["format", "game", "bots", "first_dealer", "deals", "totals", "ranks", "win_share",
          "end"]  # fmt: skip
DEAL_FIELDS = ["dealer", "hands", "up", "kitty", "events", "trump", "maker", "called",
               "partner", "tricks", "points", "totals"]  # fmt: skip
SAME_COLOUR = {"H": "D", "D": "H", "C": "S", "S": "C"}  # R1.3
OTHER_COLOUR = {"H": "C", "C": "H", "D": "S", "S": "D"}  # R1.3
SUIT_NAMES = {"H": "hearts", "C": "clubs", "D": "diamonds", "S": "spades"}


def record_of(game_id: int, seed: int = 5) -> dict:
    return game_record(play_game(SPEC, SPECS, seed, game_id), game_id, ["random"] * 5)


def verdict(rec: dict) -> str | None:
    return check_line(1, dumps(rec)).error


@pytest.fixture(scope="module")
def records():
    return [record_of(g) for g in range(40)]


def suit_of(card: str, trump: str) -> str:
    """R5.2, R5.3: the left bower is of the trump suit."""
    return trump if card == "J" + SAME_COLOUR[trump] else card[1]


def is_play(event: str) -> bool:
    return len(event.split(":")) == 2 and len(event.split(":")[1]) == 2


def passes(dealer: int, n: int) -> list[str]:
    """``n`` passes from the dealer's left, clockwise (R4.1, R4.3)."""
    return [f"{(dealer + 1 + k) % 5}:pass" for k in range(n)]


def test_round_trip_is_lossless(records):
    for rec in records:
        line = dumps(rec)
        assert "\n" not in line and json.loads(line) == rec
        again = game_record(replay_record(loads(line)), rec["game"], rec["bots"])
        assert dumps(again) == line


def test_record_has_every_field_in_order(records):
    if RECORD_MD.is_file():  # the lists above are RECORD.md's, in its order
        text = RECORD_MD.read_text().split("## Fields")[1].split("## Checking")[0]
        assert re.findall(r"^- `(\w+)`", text, re.M) == FIELDS
        assert re.findall(r"^  - `(\w+)`", text, re.M) == DEAL_FIELDS
    for rec in records:
        assert list(rec) == FIELDS and rec["format"] == "trixsim/euchre5-record@1"
        assert all(list(d) == DEAL_FIELDS for d in rec["deals"])
        assert rec["end"] == "reached-10"  # R9.5


def test_good_records_pass(records):
    for rec in records:
        v = check_line(1, dumps(rec))
        assert v.error is None and v.deals == len(rec["deals"])


def test_points_follow_the_tables(records):
    # R8.2, R8.3, R8.5: derived from each deal's tricks, maker and partner
    for rec in records:
        for d in rec["deals"]:
            side = {d["maker"], d["partner"]} - {None}
            won = sum(d["tricks"][p] for p in side)
            attack = {5: 2 if len(side) == 2 else 5, 4: 1, 3: 1}.get(won, 0)
            defend = {2: 2, 1: 2, 0: 4}.get(won, 0)
            assert d["points"] == [attack if p in side else defend for p in range(5)]


def test_wrong_point_is_named(records):
    # R8: the points of a deal are checked before its totals
    rec = copy.deepcopy(records[1])
    rec["deals"][0]["points"][2] += 1
    assert verdict(rec).startswith(f"game {rec['game']}, deal 1: points is ")
    assert verdict(rec).endswith(f"but the rules give {records[1]['deals'][0]['points']} (R8)")


def test_wrong_total_is_named(records):
    # R9.1 after a deal, R9 for the game's final totals
    rec = copy.deepcopy(records[1])
    rec["deals"][1]["totals"][0] += 1
    assert verdict(rec).startswith(f"game {rec['game']}, deal 2: totals is ")
    assert verdict(rec).endswith("(R9.1)")
    rec = copy.deepcopy(records[1])
    rec["totals"][0] += 1
    assert verdict(rec) == (
        f"game {rec['game']}: totals are {rec['totals']} but the rules give "
        f"{records[1]['totals']} (R9)"
    )


def test_wrong_partner_is_named(records):
    # R6.3: the partner is the holder of the called card
    rec = copy.deepcopy(records[2])
    d = next(d for d in rec["deals"] if d["partner"] is not None)
    d["partner"] = (d["partner"] + 1) % 5
    assert "partner is" in verdict(rec) and "(R6.3, R6.4)" in verdict(rec)


def off_suit_play(records, bower: bool):
    """(record, deal index, event index, seat, card, led suit): a seat that holds a card of
    the suit led plays another of his cards instead; ``bower``: the left bower decides."""
    for rec in records:
        for i, d in enumerate(rec["deals"]):
            held = [set(h.split()) for h in d["hands"]]
            for e in d["events"]:
                if ":discard:" in e:  # R4.2: the dealer takes the up card, discards one
                    held[d["dealer"]] = (held[d["dealer"]] | {d["up"]}) - {e.split(":")[2]}
            trump, left = d["trump"], "J" + SAME_COLOUR[d["trump"]]
            first = next(j for j, e in enumerate(d["events"]) if is_play(e))
            for t in range(5):
                trick = [e.split(":") for e in d["events"][first + 5 * t : first + 5 * t + 5]]
                led = suit_of(trick[0][1], trump)
                for k, (seat, card) in enumerate(trick):
                    hand = held[int(seat)]
                    follow = {c for c in hand if suit_of(c, trump) == led}
                    other = sorted(c for c in hand - follow if c != card)
                    if k and follow and other:
                        tricky = [c for c in other if c == left or left in follow]
                        if bower and tricky:
                            return rec, i, first + 5 * t + k, int(seat), tricky[0], led
                        if not bower and left not in hand:
                            return rec, i, first + 5 * t + k, int(seat), other[0], led
                    hand.discard(card)
    pytest.fail("no suitable trick found")


@pytest.mark.parametrize("bower", [False, True], ids=["plain", "left-bower"])
def test_illegal_card_not_following_suit(records, bower):
    # R7.2 (and R5.2: the left bower follows trump, not its printed suit)
    rec, i, j, seat, card, led = off_suit_play(records, bower)
    bad = copy.deepcopy(rec)
    bad["deals"][i]["events"][j] = f"{seat}:{card}"
    error = verdict(bad)
    assert error.startswith(
        f'game {rec["game"]}, deal {i + 1}, event {j + 1} "{seat}:{card}": seat {seat} '
        f"must follow {SUIT_NAMES[led]} (R7.2)"
    )
    assert error.endswith("(the left bower is a trump, R5.2)") == bower


def test_missing_and_extra_event(records):
    # R7.1, R11.6: five tricks of five cards, nothing after the fifth
    rec = copy.deepcopy(records[3])
    rec["deals"][0]["events"].pop()
    assert verdict(rec).startswith(f"game {rec['game']}, deal 1: the deal is not over after")
    assert verdict(rec).endswith("an event is missing")
    rec = copy.deepcopy(records[3])
    events = rec["deals"][0]["events"]
    events.append(events[-1])
    assert verdict(rec) == (
        f'game {rec["game"]}, deal 1, event {len(events)} "{events[-1]}": the deal was '
        "already over after its fifth trick (R7.1)"
    )


def test_event_out_of_turn(records):
    # R2.2, R4.1: the player left of the dealer bids first
    rec = copy.deepcopy(records[4])
    seat, action = rec["deals"][0]["events"][0].split(":", 1)
    rec["deals"][0]["events"][0] = event = f"{(int(seat) + 1) % 5}:{action}"
    assert verdict(rec) == (
        f'game {rec["game"]}, deal 1, event 1 "{event}": it is seat {seat}\'s turn, not seat '
        f"{event[0]}'s (R2.2)"
    )


@pytest.mark.parametrize("case", ["trump-in-round-1", "up-suit-in-round-2", "dealer-passes",
                                  "up-card-called"])  # fmt: skip
def test_bidding_faults(records, case):
    # R4.3 a suit only in round 2, never the up card's; R4.4 stick the dealer; R6.2 the up
    # card is never called (here it is not a trump: trump is a suit of the other colour)
    d = records[5]["deals"][0]
    first, up, other = (d["dealer"] + 1) % 5, d["up"], OTHER_COLOUR[d["up"][1]]
    round2 = passes(d["dealer"], 5)
    events, words, rule = {
        "trump-in-round-1": ([f"{first}:trump:{other}"], "only in round 2", "R4.3"),
        "up-suit-in-round-2": ([*round2, f"{first}:trump:{up[1]}"],
                               f"the up card's suit, {SUIT_NAMES[up[1]]}, cannot be trump", "R4.3"),
        "dealer-passes": (passes(d["dealer"], 10), "dealer must name a suit", "R4.4"),
        "up-card-called": ([*round2, f"{first}:trump:{other}", f"{first}:call:{up}"],
                           "the up card cannot be called", "R6.2"),
    }[case]  # fmt: skip
    bad = copy.deepcopy(records[5])
    bad["deals"][0]["events"] = events  # the first fault is in them: the rest may stay
    error, game = verdict(bad), bad["game"]
    assert error.startswith(f'game {game}, deal 1, event {len(events)} "{events[-1]}": ')
    assert words in error and error.endswith(f"({rule})")


def round_one_call(records):
    """(record, deal index, event index of the call) of a deal with a call after an order."""
    for rec in records:
        for i, d in enumerate(rec["deals"]):
            for j, e in enumerate(d["events"]):
                if ":call:" in e and any(":discard:" in x for x in d["events"][:j]):
                    return rec, i, j
    pytest.fail("no call found")


@pytest.mark.parametrize("case", ["ace", "right-bower", "left-bower", "own-card", "discard"])
def test_exchange_and_call_faults(records, case):
    # R6.2 (R5.1, R5.2): the called card is no trump, no bower, not in the maker's dealt
    # hand; R4.2: the dealer discards one of his five cards or the up card
    rec, i, j = round_one_call(records)
    d = rec["deals"][i]
    trump, maker = d["trump"], d["maker"]
    own = next(c for c in d["hands"][maker].split() if suit_of(c, trump) != trump)
    other = d["hands"][(d["dealer"] + 1) % 5].split()[0]  # never the dealer's
    k = j - 1 if case == "discard" else j
    event, words, rule = {
        "ace": (f"{maker}:call:A{trump}", f"A{trump} is a trump", "R6.2"),
        "right-bower": (f"{maker}:call:J{trump}", f"J{trump} is a trump", "R6.2"),
        "left-bower": (f"{maker}:call:J{SAME_COLOUR[trump]}", "is a trump (R5.1, R5.2)", "R6.2"),
        "own-card": (f"{maker}:call:{own}", f"{own} was in seat {maker}'s dealt hand", "R6.2"),
        "discard": (f"{d['dealer']}:discard:{other}", f"does not hold {other}", "R4.2"),
    }[case]  # fmt: skip
    assert ":discard:" in d["events"][j - 1]  # R4.2, R6.1: the exchange, then the call
    bad = copy.deepcopy(rec)
    bad["deals"][i]["events"][k] = event
    error = verdict(bad)
    assert error.startswith(f'game {rec["game"]}, deal {i + 1}, event {k + 1} "{event}": ')
    assert words in error and f"({rule}" in error


def test_game_going_on_after_a_total_reached_10(records):
    # R9.1
    rec = copy.deepcopy(records[7])
    n = len(rec["deals"])
    rec["deals"].append(copy.deepcopy(rec["deals"][-1]))
    assert verdict(rec) == (
        f"game {rec['game']}, deal {n + 1}: the game was already over after deal {n} (a total "
        "reached 10, R9.1)"
    )


def test_record_stopping_before_the_end(records):
    # R9.1
    rec = copy.deepcopy(records[8])
    rec["deals"].pop()
    assert verdict(rec) == (
        f"game {rec['game']}: the record ends after deal {len(rec['deals'])} but no total has "
        "reached 10 (R9.1)"
    )


@pytest.mark.parametrize(
    "text, words",
    [
        ('{"format": "trixsim/euchre5-record@1", ', "malformed JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"format": "other@2"}', "format is 'other@2'"),
        ('{"format": "trixsim/euchre5-record@1"}', "missing field 'game'"),
    ],
)
def test_malformed_lines(text, words):
    error = check_line(7, text).error
    assert error.startswith("line 7: ") and words in error and "\n" not in error


@pytest.mark.parametrize("where", ["no-kitty", "up", "hands", "events"])
def test_missing_field_and_unknown_card(records, where):
    rec = copy.deepcopy(records[9])
    d = rec["deals"][0]
    if where == "no-kitty":
        del d["kitty"]
        assert check_line(3, dumps(rec)).error == "line 3: deal 1: missing field 'kitty'"
        return
    j = next(j for j, e in enumerate(d["events"]) if is_play(e))
    if where == "up":
        d["up"] = "1X"
    elif where == "hands":
        d["hands"][0] = "1X" + d["hands"][0][2:]
    else:
        d["events"][j] = d["events"][j][:2] + "1X"
    error = verdict(rec)
    assert error.startswith(f"game {rec['game']}, deal 1") and "unknown card '1X'" in error
    assert "\n" not in error


@pytest.mark.parametrize("form", ["letter", "superscript", "arabic-indic", "fullwidth"])
def test_event_seat_is_a_digit_0_to_4(records, form):
    # RECORD.md: SEAT is an ASCII digit 0-4, not another script's digit; never a traceback
    digits = {"letter": "abcde", "superscript": "\u2070\xb9\xb2\xb3\u2074",
              "arabic-indic": "\u0660\u0661\u0662\u0663\u0664",
              "fullwidth": "\uff10\uff11\uff12\uff13\uff14"}[form]  # fmt: skip
    rec = copy.deepcopy(records[10])
    events = rec["deals"][0]["events"]
    events[0] = digits[int(events[0][0])] + events[0][1:]
    error = verdict(rec)
    assert error is not None and error.startswith(f"game {rec['game']}, deal 1, event 1 ")


def test_game_id_is_not_negative(records):
    # RECORD.md: game is a non-negative integer
    rec = copy.deepcopy(records[10])
    rec["game"] = -1
    assert (check_line(2, dumps(rec)).error or "").startswith("line 2: ")


@pytest.mark.parametrize("where", ["lower-case card", "10 for T", "space in event"])
def test_non_canonical_text_is_refused(records, where):
    # RECORD.md: cards are two upper-case characters, hands single-spaced, events spaceless
    rec = copy.deepcopy(records[11])
    d = rec["deals"][0]
    j = next(j for j, e in enumerate(d["events"]) if is_play(e))
    if where == "lower-case card":
        d["events"][j] = d["events"][j].lower()
    elif where == "10 for T":
        d["hands"] = [h.replace("T", "10") for h in d["hands"]]
    else:
        d["events"][0] = d["events"][0].replace(":", ": ")
    assert verdict(rec) is not None


def test_cli_deal_and_replay(tmp_path):
    out = trixsim("deal", "--game", "euchre5", "--seed", "5")
    assert out.returncode == 0 and out.stdout.count("\n") == 1
    rec = json.loads(out.stdout)
    good = tmp_path / "good.jsonl"
    good.write_text(out.stdout)
    assert trixsim("replay", str(good)).returncode == 0
    bad = copy.deepcopy(rec)
    bad["game"] = 3
    bad["deals"][0]["points"][0] += 1
    path = tmp_path / "bad.jsonl"
    path.write_text(out.stdout + dumps(bad) + "\n")
    res = trixsim("replay", str(path))
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert res.stdout.splitlines()[0].startswith("game 3, deal 1: points is ")
    assert res.stdout.splitlines()[0].endswith("(R8)") and "1 of 2 games" in res.stderr


def a_bid(records, round_: int):
    """(record, deal index, event index) of the maker's bid in a deal whose trump was made in
    round ``round_`` (round 1: ``order``, round 2: ``trump:X``)."""
    word = "order" if round_ == 1 else "trump:"
    for rec in records:
        for i, d in enumerate(rec["deals"]):
            for j, e in enumerate(d["events"]):
                if e.split(":", 1)[1].startswith(word):
                    return rec, i, j
    pytest.fail(f"no deal made in round {round_}")


@pytest.mark.parametrize("round_", [1, 2])
def test_a_replaced_bid_is_named_not_what_follows_it(records, round_):
    # R4.1, R4.3: a pass in place of the maker's order (or naming) is legal in itself; what
    # breaks is the event after it. The deal's recorded trump and maker say which bid they
    # need, so the replay names the pass, and says why the next event then cannot be
    rec, i, j = a_bid(records, round_)
    d = rec["deals"][i]
    maker, bid = d["maker"], d["events"][j]
    assert bid.startswith(f"{maker}:")
    bad = copy.deepcopy(rec)
    bad["deals"][i]["events"][j] = f"{maker}:pass"
    error = verdict(bad)
    trump = SUIT_NAMES[d["trump"]]
    assert error.startswith(
        f'game {rec["game"]}, deal {i + 1}, event {j + 1} "{maker}:pass": '
        f"the deal's maker (seat {maker}) and trump ({trump}) need "
        f'"{bid}" here (R4.{1 if round_ == 1 else 3}); after a pass, '
        f'event {j + 2} "{d["events"][j + 1]}" is not legal: '
    ), error
    # a record whose events are good but whose maker is wrong still says so
    bad = copy.deepcopy(rec)
    bad["deals"][i]["maker"] = (maker + 1) % 5
    assert verdict(bad).startswith(f"game {rec['game']}, deal {i + 1}: maker is")
