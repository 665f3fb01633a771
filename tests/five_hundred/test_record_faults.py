"""Records that break a rule of RULES.md, each refused by replay naming the first fault and the
rule (following suit, the joker, cards not held, the order of events, the auction, the
exchange, the deal, the end); good records and their outcome are in test_records.py."""

import copy
import json
import random
import re

import pytest

from sim.core.replay import check_line
from sim.games.five_hundred.record import dumps
from tests.five_hundred.record_cases import (  # noqa: F401  (fixtures)
    SAME_COLOUR,
    SUIT_NAMES,
    broken,
    find,
    multi_deal,
    played_deals,
    plays,
    strain_of,
    suit_of,
    verdict,
)
from tests.person import trixsim


# -- following suit (R7.2, R7.3, R8.1) --------------------------------------------------------
def substitute(kind: str, d: dict, p: tuple) -> str | None:
    """The card that a seat who can follow suit plays instead of his (None: not this play)."""
    _, _, _, place, led, hand, _ = p
    strain = strain_of(d)
    follow = {c for c in hand if suit_of(c, strain) == led}
    if place == 0 or not follow:
        return None
    if strain == "NT":  # R8.1: the joker, while holding the suit
        return "JK" if kind == "no-trump-joker" and "JK" in hand else None
    left = "J" + SAME_COLOUR[strain]
    others = sorted(hand - follow)
    if kind == "plain":
        plain = [c for c in others if c not in ("JK", left)]
        return plain[0] if plain and not follow & {"JK", left} else None
    if kind in ("left-bower-is-trump", "joker-is-trump"):  # R7.3: his only trump, led to
        only = left if kind == "left-bower-is-trump" else "JK"
        return others[0] if led == strain and follow == {only} and others else None
    if kind == "left-bower-not-its-suit":  # R7.3: its printed suit is led, he holds that suit
        return left if led == SAME_COLOUR[strain] and left in hand else None
    return None


@pytest.mark.parametrize(
    "kind",
    ["plain", "left-bower-is-trump", "joker-is-trump", "left-bower-not-its-suit",
     "no-trump-joker"],
)  # fmt: skip
def test_card_not_following_suit(varied, kind):
    # R7.2; R7.3 the left bower and the joker are trumps for following; R8.1 the no-trump
    # joker has no suit, so it is played only by a player void in the suit led
    rec, i, d, p = find(varied, lambda d, p: substitute(kind, d, p) is not None)
    j, seat, _, _, led, _, _ = p
    card = substitute(kind, d, p)
    bad, where = broken(rec, i, j, f"{seat}:{card}")
    note = {
        "plain": "",
        "no-trump-joker": " (the joker has no suit in no trumps, R8.1)",
    }.get(kind, " (the joker and the left bower are trumps, R7.3)")
    assert verdict(bad) == f"{where}seat {seat} must follow {SUIT_NAMES[led]} (R7.2){note}"


# -- the joker's lead (R8.2, R8.3) ------------------------------------------------------------
def test_joker_led_naming_a_suit_in_a_trump_contract(varied):
    # R8.2: in a trump contract the joker is led as plain JK
    rec, i, _, (j, seat, *_) = find(
        varied, lambda d, p: strain_of(d) != "NT" and p[3] == 0 and p[2] == "JK"
    )
    bad, where = broken(rec, i, j, f"{seat}:JK=H")
    assert verdict(bad) == (
        f"{where}in a trump contract the joker is led as plain JK, naming no suit (R8.2)"
    )


def test_plain_joker_lead_in_no_trumps(varied):
    # R8.2: in no trumps the joker's leader names a suit
    rec, i, _, (j, seat, *_) = find(varied, lambda d, p: p[3] == 0 and p[2].startswith("JK="))
    bad, where = broken(rec, i, j, f"{seat}:JK")
    assert verdict(bad) == (
        f"{where}the joker leads in no trumps naming a suit: JK=H, JK=C, JK=D or JK=S (R8.2)"
    )


def test_joker_naming_a_suit_when_not_leading(varied):
    # R8.2: a suit is named only with the joker's lead
    rec, i, _, (j, seat, *_) = find(
        varied, lambda d, p: strain_of(d) == "NT" and p[3] > 0 and "JK" in p[5]
    )
    bad, where = broken(rec, i, j, f"{seat}:JK=S")
    assert verdict(bad) == f"{where}a suit is named only with the joker's lead (R8.2): play JK"


def test_joker_naming_a_suit_its_leader_showed_void_in(varied):
    # R8.3: not a suit he has shown void in this deal (R7.2)
    rec, i, _, (j, seat, _, _, _, _, voids) = find(
        varied, lambda d, p: strain_of(d) == "NT" and p[3] == 0 and "JK" in p[5] and p[6][p[1]]
    )
    suit = min(voids[seat])
    bad, where = broken(rec, i, j, f"{seat}:JK={suit}")
    assert verdict(bad) == (
        f"{where}seat {seat} showed void in {SUIT_NAMES[suit]} in this deal: name another suit "
        "(R8.3)"
    )


# -- cards not held -----------------------------------------------------------------------------
def test_card_not_held_or_discarded(varied):
    # R7.2 a player plays one of his cards; R6.2 a discarded card is out of play
    rec, i, d, (j, seat, *_, hand, _) = find(varied, lambda d, p: p[3] == 1)
    other = sorted(set(d["hands"][(seat + 2) % 4].split()) - hand)[0]
    bad, where = broken(rec, i, j, f"{seat}:{other}")
    assert verdict(bad) == f"{where}seat {seat} does not hold {other}"
    c = d["contractor"]
    discard = next(e.split(":")[2] for e in d["events"] if ":discard:" in e)
    j = next(p[0] for p in plays(d) if p[1] == c)  # the contractor leads trick 1 (R7.1)
    bad, where = broken(rec, i, j, f"{c}:{discard}")
    assert verdict(bad) == f"{where}{discard} was discarded: it is out of play (R6.2)"


# -- the order of events --------------------------------------------------------------------------
def test_event_out_of_turn(varied):
    # R2.2, R4.1: the eldest calls first; R7.1 the contractor leads trick 1
    rec = varied[0]
    seat, action = rec["deals"][0]["events"][0].split(":", 1)
    bad, where = broken(rec, 0, 0, f"{(int(seat) + 1) % 4}:{action}")
    assert verdict(bad) == (
        f"{where}it is seat {seat}'s turn, not seat {(int(seat) + 1) % 4}'s: calls go clockwise "
        "from the dealer's left, passed players skipped (R4.1)"
    )
    rec, i, d = next(played_deals(varied))
    j, c, action = next(plays(d))[:3]
    bad, where = broken(rec, i, j, f"{(c + 1) % 4}:{action}")
    assert verdict(bad) == (
        f"{where}it is seat {c}'s turn, not seat {(c + 1) % 4}'s: the contractor leads, then each "
        "trick's winner, clockwise (R7.1, R2.2)"
    )


@pytest.mark.parametrize("thrown", [False, True], ids=["played", "thrown-in"])
def test_missing_and_extra_event(varied, thrown):
    # R7.1 ten tricks; R4.7 four passes; nothing more in a deal
    rec, i, d = next(
        (r, i, d)
        for r in varied
        for i, d in enumerate(r["deals"][:-1])
        if (d["bid"] is None) == thrown
    )
    bad = copy.deepcopy(rec)
    bad["deals"][i]["events"].pop()
    n = len(bad["deals"][i]["events"])
    last = int(d["events"][-1][0])
    assert verdict(bad) == (
        f"game {rec['game']}, deal {i + 1}: the deal is not over after its {n} events "
        f"(seat {last} is to act): an event is missing"
    )
    bad = copy.deepcopy(rec)
    bad["deals"][i]["events"].append(f"{(last + 1) % 4}:pass")
    assert verdict(bad) == (
        f'game {rec["game"]}, deal {i + 1}, event {n + 2} "{(last + 1) % 4}:pass": the deal '
        "was already over (R4.7, R7.1)"
    )


# -- the auction (R4) ------------------------------------------------------------------------------
def calls(dealer: int, *actions: str) -> list[str]:
    """``actions`` as calls from the eldest clockwise, skipping nobody (R4.1)."""
    return [f"{(dealer + 1 + k) % 4}:{a}" for k, a in enumerate(actions)]


@pytest.mark.parametrize(
    "case",
    ["not-higher", "same-bid", "after-10NT", "passed-bids-again", "passed-not-skipped",
     "bid-after-auction", "bid-after-throw-in", "5H", "11C", "7N", "lower-case"],
)  # fmt: skip
def test_bidding_faults(varied, case):
    rec = varied[1]
    dealer = rec["deals"][0]["dealer"]
    e = (dealer + 1) % 4  # the eldest (R4.1)
    after_pass = calls(dealer, "pass", "bid:6C", "bid:6D", "bid:6H")  # seat e is out (R4.5)
    events, words = {
        "not-higher": (calls(dealer, "bid:7H", "bid:7D"), "higher than the standing 7H"),
        "same-bid": (calls(dealer, "bid:7H", "bid:7H"), "higher than the standing 7H"),
        "after-10NT": (calls(dealer, "bid:10NT", "bid:10NT"), "can only pass (R4.6)"),
        "passed-bids-again": ([*after_pass, f"{e}:bid:7C"], "(R4.5"),
        "passed-not-skipped": ([*after_pass, f"{e}:pass"], "(R4.5"),
        "bid-after-auction": ([*calls(dealer, "bid:6C", "pass", "pass", "pass"), f"{e}:bid:7C"],
                              "the contractor now discards"),
        "bid-after-throw-in": ([*calls(dealer, *["pass"] * 4), f"{e}:bid:6C"],
                               "the deal was already over (R4.7"),
        "5H": (calls(dealer, "bid:5H"), "unknown bid '5H'"),
        "11C": (calls(dealer, "bid:11C"), "unknown bid '11C'"),
        "7N": (calls(dealer, "bid:7N"), "unknown bid '7N'"),
        "lower-case": (calls(dealer, "bid:7nt"), "write it as RECORD.md does"),
    }[case]  # fmt: skip
    rule = {"not-higher": "R4.4", "same-bid": "R4.4"}.get(case)
    bad = copy.deepcopy(rec)
    bad["deals"][0]["events"] = events  # the first fault is in them: the rest may stay
    error = verdict(bad)
    assert error.startswith(f'game {rec["game"]}, deal 1, event {len(events)} "{events[-1]}": ')
    assert words in error and "\n" not in error
    if rule:
        assert error.endswith(f"({rule})")


# -- the exchange (R6.1) ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "case", ["not-held", "wrong-seat", "twice", "two-discards", "discard-in-play"]
)
def test_exchange_faults(varied, case):
    # R6.1: the contractor, and only he, discards three of his 13 cards before the play
    rec, i, d = next(played_deals(varied))
    c = d["contractor"]
    j = next(k for k, e in enumerate(d["events"]) if ":discard:" in e)  # the first discard
    first = d["events"][j]
    not_his = sorted(set(d["hands"][(c + 1) % 4].split()))[0]
    bad = copy.deepcopy(rec)
    events = bad["deals"][i]["events"]
    if case == "not-held":
        events[j] = f"{c}:discard:{not_his}"
        words = f"seat {c} does not hold {not_his} (R6.1)"
    elif case == "wrong-seat":
        events[j] = f"{(c + 1) % 4}:{first.split(':', 1)[1]}"
        words = (
            f"only the contractor, seat {c}, discards (R6.1); it is seat {c}'s turn, "
            f"not seat {(c + 1) % 4}'s"
        )
    elif case == "twice":
        j += 1
        events[j] = first
        words = f"seat {c} does not hold {first.split(':')[2]} (R6.1)"
    elif case == "two-discards":
        del events[j + 2]
        j += 2  # the contractor's lead comes while he still has a card to discard
        words = f"{events[j].split(':')[1]!r}: the contractor now discards: discard:XX (R6.1)"
    else:
        j += 4  # the second card of trick 1
        events[j] = f"{events[j].split(':')[0]}:discard:{events[j].split(':')[1]}"
        action = events[j].split(":", 1)[1]
        words = f"{action!r}: the auction and the exchange are over: play a card (R7)"
    error = verdict(bad)
    assert error.startswith(f'game {rec["game"]}, deal {i + 1}, event {j + 1} "{events[j]}": ')
    assert error.endswith(words)


# -- the cards of a deal (R1.1, R3.2) and the dealer (R3.1) ------------------------------------
@pytest.mark.parametrize(
    "case", ["black-four", "repeated", "repeated-in-hand", "kitty-repeats", "nine-cards"]
)
def test_deal_not_the_43_cards(varied, case):
    rec = multi_deal(varied)
    bad = copy.deepcopy(rec)
    d = bad["deals"][1]  # deal 2: the cards of every deal are checked before any event
    h0, h1 = d["hands"][0].split(), d["hands"][1].split()
    words = {
        "black-four": ([h0[0], "4C"], "4C: there are no black fours"),
        "repeated": ([h0[0], h1[0]], f"hand 1 repeats {h1[0]}"),
        "repeated-in-hand": ([h0[0], h0[1]], f"card {h0[1]} appears twice"),
        "kitty-repeats": ([h0[0], d["kitty"].split()[0]], "the kitty repeats"),
        "nine-cards": None,
    }[case]
    if words is None:
        d["hands"][0] = " ".join(h0[1:])
        words = "hand 0 has 9 cards, expected 10"
    else:
        (old, new), words = words
        d["hands"][0] = d["hands"][0].replace(old, new)
    error = verdict(bad)
    assert error.startswith(f"game {rec['game']}, deal 2: ") and error.endswith("(R1.1, R3.2)")
    assert words in error


def test_wrong_dealer(varied):
    # R3.1: the deal passes to the next player after every deal
    rec = multi_deal(varied)
    bad = copy.deepcopy(rec)
    bad["deals"][1]["dealer"] = rec["deals"][0]["dealer"]
    assert verdict(bad) == (
        f"game {rec['game']}, deal 2: dealer is seat {rec['deals'][0]['dealer']}, but seat "
        f"{rec['deals'][1]['dealer']} deals (R3.1)"
    )
    bad = copy.deepcopy(rec)
    bad["first_dealer"] = (rec["first_dealer"] + 1) % 4
    assert verdict(bad).startswith(f"game {rec['game']}, deal 1: dealer is seat ")
    assert verdict(bad).endswith("(R3.1)")


# -- the end of the game (R10) ---------------------------------------------------------------------
@pytest.mark.parametrize("end", ["reached-500", "minus-500", "deal-cap"])
def test_game_going_on_after_its_end(varied, end):
    # R10.5: no deal after the one that ended the game
    rec = next(r for r in varied if r["end"] == end)
    bad = copy.deepcopy(rec)
    extra = copy.deepcopy(rec["deals"][-1])
    extra["dealer"] = (extra["dealer"] + 1) % 4
    bad["deals"].append(extra)
    n = len(rec["deals"])
    assert verdict(bad) == (
        f"game {rec['game']}, deal {n + 1}: the game was already over after deal {n} (R10.5)"
    )


def test_record_stopping_before_the_end(varied):
    rec = multi_deal(varied)
    bad = copy.deepcopy(rec)
    bad["deals"].pop()
    error = verdict(bad)
    assert error.startswith(
        f"game {rec['game']}: the record ends after deal {len(bad['deals'])} but the game goes on"
    )
    assert error.endswith("(R10)") and "500 or -500" in error


@pytest.mark.parametrize("key", ["totals", "ranks", "win_share", "end"])
def test_wrong_final_results(varied, key):
    # R10: the final totals, ranks and end; R10.6 the win shares
    rec = next(r for r in varied if r["end"] == "reached-500")
    bad = copy.deepcopy(rec)
    bad[key] = {
        "totals": [rec["totals"][0] + 1, rec["totals"][1]],
        "ranks": [1, 1, 1, 1],
        "win_share": [0.25] * 4,
        "end": "minus-500",
    }[key]
    verb = "are" if key in ("totals", "ranks") else "is"
    rule = "R10.6" if key == "win_share" else "R10"
    assert verdict(bad) == (
        f"game {rec['game']}: {key} {verb} {bad[key]} but the rules give {rec[key]} ({rule})"
    )


def test_win_share_compared_by_value(varied):
    # RECORD.md: win_share values are numbers compared by value
    rec = next(r for r in varied if r["end"] != "deal-cap")
    good = copy.deepcopy(rec)
    good["win_share"] = [int(x) if x == 0 else x for x in rec["win_share"]]
    assert verdict(good) is None


# -- malformed lines: one line each, never a traceback ------------------------------------------
@pytest.mark.parametrize(
    "text, words",
    [
        ('{"format": "trixsim/five-hundred-record@1", ', "malformed JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"format": "other@2"}', "format is 'other@2'"),
        ('{"format": "trixsim/five-hundred-record@1"}', "missing field 'game'"),
        ('{"format": "trixsim/five-hundred-record@1", "game": ' + "1" * 5000 + "}", ""),
    ],
    ids=["not-json", "not-object", "format", "missing-field", "5000-digit-number"],
)
def test_malformed_lines(text, words):
    error = check_line(7, text).error
    assert error.startswith("line 7: ") and words in error and "\n" not in error


@pytest.mark.parametrize(
    "case",
    ["missing-field", "missing-deal-field", "extra-field", "extra-deal-field", "game-string",
     "game-negative", "game-bool", "tricks-float", "contractor-bool", "three-hands",
     "no-deals", "deal-not-object", "events-not-strings", "win-share-string",
     "win-share-huge", "first-dealer-string", "first-dealer-7"],
)  # fmt: skip
def test_wrong_shapes_and_types(varied, case):
    rec = copy.deepcopy(varied[2])
    d = rec["deals"][0]
    if case == "missing-field":
        del rec["ranks"]
    elif case == "missing-deal-field":
        del d["kitty"]
    elif case == "extra-field":
        rec["seed"] = 5
    elif case == "extra-deal-field":
        d["trump"] = "H"
    elif case == "game-string":
        rec["game"] = str(rec["game"])
    elif case == "game-negative":
        rec["game"] = -1
    elif case == "game-bool":
        rec["game"] = True
    elif case == "tricks-float":
        d["tricks"] = [float(x) for x in d["tricks"]]
    elif case == "contractor-bool":
        d["contractor"] = False
    elif case == "three-hands":
        d["hands"].pop()
    elif case == "no-deals":
        rec["deals"] = []
    elif case == "deal-not-object":
        rec["deals"][0] = "deal"
    elif case == "events-not-strings":
        d["events"][0] = [d["events"][0]]
    elif case == "win-share-string":
        rec["win_share"][0] = str(rec["win_share"][0])
    elif case == "win-share-huge":  # a JSON integer too large for a float
        rec["win_share"][0] = 10**400
    elif case == "first-dealer-7":
        rec["first_dealer"] = 7
    else:
        rec["first_dealer"] = str(rec["first_dealer"])
    error = check_line(3, dumps(rec)).error
    assert error is not None and "\n" not in error
    if case == "missing-deal-field":
        assert error == "line 3: deal 1: missing field 'kitty'"
    elif case == "extra-field":
        assert error == "line 3: unknown field 'seed'"
    elif case == "first-dealer-7":  # R2.3: a seat
        assert error == f"game {rec['game']}: first_dealer 7 is not a seat 0-3 (R2.3)"
    elif case == "win-share-huge":
        assert error.startswith(f"game {rec['game']}: win_share is ") or error.startswith("line")
    else:
        assert error.startswith("line 3: ")


@pytest.mark.parametrize("form", ["letter", "superscript", "arabic-indic", "fullwidth", "two"])
def test_event_seat_is_an_ascii_digit_0_to_3(varied, form):
    # RECORD.md: SEAT is one digit 0-3, not another script's digit (٢, ¹); never a traceback
    digits = {"letter": "abcd", "superscript": "\u2070\xb9\xb2\xb3",
              "arabic-indic": "\u0660\u0661\u0662\u0663", "fullwidth": "\uff10\uff11\uff12\uff13",
              "two": ["00", "01", "02", "03"]}[form]  # fmt: skip
    rec = varied[3]
    event = rec["deals"][0]["events"][0]
    bad, where = broken(rec, 0, 0, digits[int(event[0])] + event[1:])
    assert verdict(bad) == (
        f"{where}an event is SEAT:ACTION, e.g. 1:pass, 0:bid:7H, 0:discard:9C, 3:TD"
    )


@pytest.mark.parametrize("case", ["td", "10D", "Jk", "jk=s", "DISCARD", "Pass", "space"])
def test_non_canonical_event_is_refused(varied, case):
    # RECORD.md: actions exactly as written there; the game's own parser, lenient for
    # people (any case, 10 for T), does not make a record good
    start = {"td": "T", "10D": "T", "Jk": "JK", "jk=s": "JK="}.get(case, "")
    rec, i, d, (j, seat, action, *_) = find(
        varied, lambda d, p: p[2].startswith(start) and (case != "Jk" or p[2] == "JK")
    )
    if case == "DISCARD":
        j = next(k for k, e in enumerate(d["events"]) if ":discard:" in e)
        event = d["events"][j].replace("discard", "DISCARD")
    elif case in ("Pass", "space"):
        j = next(k for k, e in enumerate(d["events"]) if e.endswith(":pass"))
        event = d["events"][j].replace(":pass", ":Pass" if case == "Pass" else ": pass")
    elif case == "10D":
        event = f"{seat}:10{action[1]}"
    else:
        event = f"{seat}:{'Jk' if case == 'Jk' else action.lower()}"
    bad, where = broken(rec, i, j, event)
    assert verdict(bad) == (
        f"{where}write it as RECORD.md does (pass, bid:7H, bid:10NT, discard:9C, TD, JK, JK=S)"
    )


@pytest.mark.parametrize("case", ["td", "10D", "Jk", "kitty-lower", "double-space", "tab"])
def test_non_canonical_cards_of_a_deal_are_refused(varied, case):
    # RECORD.md: R1.2's two upper-case characters, single spaces between
    rec = multi_deal(varied)
    bad = copy.deepcopy(rec)
    d = bad["deals"][1]
    if case == "Jk":  # the joker's holder, else a holder of a ten
        holder = next(p for p in range(4) if "JK" in d["hands"][p].split())
    else:
        holder = next(p for p in range(4) if any(c[0] == "T" for c in d["hands"][p].split()))
    cards = d["hands"][holder].split()
    ten = next((c for c in cards if c[0] == "T"), None)
    if case == "kitty-lower":
        d["kitty"] = d["kitty"].lower()
        card = d["kitty"].split()[0]
    elif case in ("double-space", "tab"):
        d["hands"][holder] = " ".join(cards[:-1]) + ("  " if case == "double-space" else "\t")
        d["hands"][holder] += cards[-1]
        card = "" if case == "double-space" else f"{cards[-2]}\t{cards[-1]}"
    else:
        old = "JK" if case == "Jk" else ten
        card = {"td": str(ten).lower(), "10D": f"10{str(ten)[1:]}", "Jk": "Jk"}[case]
        d["hands"][holder] = " ".join(card if c == old else c for c in cards)
    assert verdict(bad) == (
        f"game {rec['game']}, deal 2: unknown card {card!r}: records write cards like TD, AS "
        "or JK, single spaces between (R1.1, R3.2)"
    )


# -- the command line ------------------------------------------------------------------------------
def test_cli_deal_and_replay(tmp_path):
    out = trixsim("deal", "--game", "five-hundred", "--seed", "5")
    assert out.returncode == 0 and out.stdout.count("\n") == 1
    rec = json.loads(out.stdout)
    assert rec["format"] == "trixsim/five-hundred-record@1"
    good = tmp_path / "good.jsonl"
    good.write_text(out.stdout)
    assert trixsim("replay", str(good)).returncode == 0
    bad = copy.deepcopy(rec)
    bad["game"] = 3
    j = next(j for j, e in enumerate(bad["deals"][0]["events"]) if e.endswith(":pass"))
    seat = int(bad["deals"][0]["events"][j][0])
    bad["deals"][0]["events"][j] = f"{(seat + 1) % 4}:pass"
    path = tmp_path / "bad.jsonl"
    path.write_text(out.stdout + dumps(bad) + "\n")
    res = trixsim("replay", str(path))
    assert res.returncode == 1 and "Traceback" not in res.stderr
    lines = res.stdout.splitlines()
    assert lines[0].startswith(f'game 3, deal 1, event {j + 1} "{(seat + 1) % 4}:pass": ')
    assert f"it is seat {seat}'s turn, not seat {(seat + 1) % 4}'s" in lines[0]
    assert lines[0].endswith(("(R4.1)", "(R4.5)")) or "(R4.5);" in lines[0]
    assert "1 of 2 games" in res.stderr


# -- the engine's records against the rules, in the test's own terms ---------------------------
def legal_plays(d: dict, p: tuple) -> set[str]:
    """R7.2, R7.3, R8.1-R8.3 in card text: what the seat of play ``p`` may play there."""
    _, seat, _, place, led, hand, voids = p
    strain = strain_of(d)
    if place == 0:
        if "JK" in hand and strain == "NT":  # R8.2, R8.3
            return (hand - {"JK"}) | {f"JK={x}" for x in "HCDS" if x not in voids[seat]}
        return set(hand)
    follow = {c for c in hand if suit_of(c, strain) == led}
    return follow or set(hand)


def test_every_play_of_the_records_is_legal(records):
    for _, _, d, p in ((*x, p) for x in played_deals(records) for p in plays(x[2])):
        assert p[2] in legal_plays(d, p), (d["events"][p[0]], sorted(p[5]))


def test_replay_refuses_exactly_the_illegal_plays(varied):
    # every other action at a sample of plays: refused there when the rules forbid it, and
    # accepted there (the record then breaks later, or not at all) when they allow it
    rnd = random.Random(3)
    deals = list(played_deals(varied))
    for rec, i, d in rnd.sample(deals, 30):
        p = rnd.choice(list(plays(d)))
        j, seat, action, _, _, hand, _ = p
        allowed = legal_plays(d, p)
        for other in sorted((hand | {f"JK={x}" for x in "HCDS" if "JK" in hand}) - {action}):
            bad, where = broken(rec, i, j, f"{seat}:{other}")
            error = verdict(bad) or ""
            assert error.startswith(where) != (other in allowed), error
            if not error.startswith(where):
                continue
            assert re.search(r"\(R(7\.2|8\.2|8\.3)\)", error), error


def test_cards_in_any_order(varied):
    # RECORD.md: hands and kitty in any order
    rec = copy.deepcopy(varied[4])
    for d in rec["deals"]:
        d["hands"] = [" ".join(reversed(h.split())) for h in d["hands"]]
        d["kitty"] = " ".join(reversed(d["kitty"].split()))
    assert verdict(rec) is None
