"""Records that break a rule of RULES.md, each refused by replay naming the first fault and the
rule (melds and the exchange, the turn, the cards, follow duty, a deal's outcome, its dealer);
good records are in test_records.py."""

import copy
import json
import random
import re

import pytest

from sim.core.record import RecordError
from sim.core.replay import Mismatch, check_line
from sim.games.terts.record import dumps, loads, replay_record
from tests.run_files import trixsim
from tests.terts.record_cases import (
    SPENT,
    SUIT_NAMES,
    Step,
    broken,
    card_steps,
    find_step,
    may_play,
    multi_deal,
    shape_error,
    verdict,
)

# -- hand-built first deals: melds and the exchange (R6, R7) --------------------------------------
# Deal A, diamonds trump (9D turned): seat 0 holds the run 8S-JS and four aces, seat 1 four
# kings, the marriage KD QD, the run JD-KD and the 7 of trumps; the stock gives seat 0 7H.
DEAL_A = ("8S 9S TS JS AH AC AD AS 7C", "KH KC KD KS QD 7D JH JC JD", "9D",
          "7H 8H 9H TH QH 8C 9C TC QC 8D TD 7S QS")  # fmt: skip
# Deal B, diamonds trump (KD turned): seat 0 holds 9H-JH and QS-AS, seat 1 9C-JC and 9D-JD
DEAL_B = ("9H TH JH AC AS KS KH QS AD", "9C TC JC 9D TD JD 7H 7S 8S", "KD",
          "8H QH AH 7C 8C QC KC 7D 8D QD 9S TS JS")  # fmt: skip


def with_deal(rec: dict, deal: tuple, events: list[str], dealer: int = 1) -> dict:
    """``rec`` with its first deal replaced by ``deal`` (hands, turned, stock) and ``events``."""
    bad = copy.deepcopy(rec)
    bad["first_dealer"] = dealer
    hands, turned, stock = deal[:2], deal[2], deal[3]
    bad["deals"][0].update(dealer=dealer, hands=list(hands), turned=turned, trump=turned[1],
                           stock=stock, events=events)  # fmt: skip
    return bad


def first_fault(rec: dict, deal: tuple, events: list[str], dealer: int = 1) -> str:
    """The error of ``events`` on ``deal``, which must lie at the last event."""
    error = verdict(with_deal(rec, deal, events, dealer))
    where = f'game {rec["game"]}, deal 1, event {len(events)} "{events[-1]}": '
    assert error.startswith(where), error
    return error.removeprefix(where)


def accepted(rec: dict, deal: tuple, events: list[str], dealer: int = 1) -> None:
    """Every one of ``events`` is allowed: the replay stops only for the deal's missing rest."""
    error = verdict(with_deal(rec, deal, events, dealer))
    assert error.startswith(f"game {rec['game']}, deal 1: the deal is not over after its "
                            f"{len(events)} events"), error  # fmt: skip
    assert error.endswith("an event is missing (R5.1)")


@pytest.mark.parametrize(
    "events, words",
    [
        (["0:seq3-JS"], "trick 1: seq3-JS: seat 0's run to JS has 4 cards: it is declared "
                        "whole, seq4-JS (R7.3a)"),
        (["0:seq5-JS"], "trick 1: seq5-JS: seat 0's run to JS has 4 cards: it is declared "
                        "whole, seq4-JS (R7.3a)"),
        (["0:seq3-TS"], "trick 1: seat 0 holds JS: a sequence is declared whole, to its top "
                        "card (R7.3a)"),
        (["0:seq4-QS"], "trick 1: seat 0 does not hold QS (R7.2)"),
        (["0:seq3-AH"], "trick 1: seat 0 does not hold three cards in sequence to AH (R7.1, R7.2)"),
        (["0:four-K"], "trick 1: seat 0 does not hold four kings (R7.2)"),
        (["0:marriage"], "trick 1: seat 0 does not hold the K and Q of trumps (R7.1, R7.2)"),
        (["0:four-A", "1:pass", "0:7C", "1:JH", "0:four-A"],
         "trick 2: seat 0 declared four aces already in this deal (R7.3b)"),
        (["0:seq4-JS", "1:four-K", "0:7C", "1:JH", "0:seq4-JS"],  # beaten, yet declared
         "trick 2: seq4-JS " + SPENT),
        (["0:seq4-JS", "1:pass", "0:8S", "1:JH", "0:seq3-JS"],  # 9S-JS within 8S-JS
         "trick 2: seq3-JS " + SPENT),
        (["0:four-A", "1:four-K"],
         "trick 1: four-K does not beat four-A: an answer must be stronger (R7.5)"),
        (["0:seq4-JS", "1:seq3-KD"],  # a trump sequence of 3 loses to any of 4
         "trick 1: seq3-KD does not beat seq4-JS: an answer must be stronger (R7.5)"),
        (["0:four-A", "1:marriage"],
         "trick 1: the marriage is never an answer: it neither beats nor is beaten (R7.6)"),
        (["0:four-A", "0:7C"], "it is seat 1's turn, not seat 0's: the follower answers the "
                               "declaration (R7.4c)"),
        (["0:four-A", "1:JH"],
         "trick 1: seat 1 answers the declaration first: pass or a stronger meld (R7.4c)"),
        (["0:7C", "1:four-K"],
         "trick 1: the follower declares only to answer the leader's declaration (R7.4c)"),
        (["0:7C", "1:pass"],
         "trick 1: pass answers a declaration, and there is none to answer (R7.4c)"),
        (["0:four-A", "1:pass", "0:seq4-JS"],
         "trick 1: one declaration per lead: now lead a card (R7.4b, R7.4d)"),
        (["0:four-A", "1:pass", "1:JH"], "it is seat 0's turn, not seat 1's: the leader now "
                                         "leads his card (R7.4d)"),
        (["0:swap"], "trick 1: seat 0 does not hold the 7 of trumps (R6.1)"),
        (["1:swap"], "it is seat 0's turn, not seat 1's: the non-dealer leads the first trick, "
                     "then each trick's winner (R5.1)"),
        (["0:7C", "1:swap", "1:JH", "0:AC", "1:swap"],
         "trick 2: seat 1 exchanged already: once a deal (R6.2)"),
        (["B", "0:seq3-JH", "1:seq3-JC"],  # two plain ones of the same top are equal
         "trick 1: seq3-JC does not beat seq3-JH: an answer must be stronger (R7.5)"),
        (["B", "0:seq3-AS", "1:seq3-JD"],  # the top card first, then trump
         "trick 1: seq3-JD does not beat seq3-AS: an answer must be stronger (R7.5)"),
        (["7D", "0:7C", "1:swap"], "trick 1: seat 1 does not hold the 7 of trumps (R6.1)"),
    ],
    ids=["seq3-of-4", "seq5-of-4", "top-not-whole", "seq-not-held", "no-run", "four-K",
         "marriage", "four-twice", "seq-beaten-twice", "seq-contained", "four-K-on-A",
         "shorter-trump-seq", "marriage-answer", "missing-answer", "card-for-answer",
         "follower-declares", "pass-alone", "two-declarations", "follower-before-the-lead",
         "swap-no-seven", "swap-out-of-turn", "swap-twice", "equal-plain-seqs",
         "lower-top-trump-seq", "seven-turned"],
)  # fmt: skip
def test_meld_and_exchange_faults(records, events, words):
    # R6.1, R6.2 the exchange (none when the 7 of trumps is turned); R7.1-R7.6 the
    # declarations and their answers. Deal A, unless the events start with B or 7D (deal A
    # with the 7 of trumps turned and 9D in seat 1's hand)
    deal = {"B": DEAL_B, "7D": (DEAL_A[0], DEAL_A[1].replace("7D", "9D"), "7D", DEAL_A[3])}
    deal = deal.get(events[0], DEAL_A)
    assert first_fault(records[0], deal, [e for e in events if ":" in e]) == words


@pytest.mark.parametrize(
    "deal, events, dealer",
    [
        (DEAL_B, ["0:seq3-JH", "1:seq3-JD", "0:AC", "1:7H"], 1),  # a trump one beats (R7.5)
        (DEAL_A, ["0:seq4-JS", "1:four-K", "0:7C", "1:JH"], 1),  # four kings beat a seq4
        (DEAL_A, ["0:four-A", "1:swap", "1:pass", "0:7C", "1:9D"], 1),  # R6.2: then answers
        (DEAL_A, ["1:marriage", "1:swap", "1:KS", "0:AS"], 0),  # R7.6, then an exchange
        (DEAL_A, ["1:swap", "1:seq3-KD", "0:pass", "1:9D"], 0),  # 9D in: JD-KD still whole
        (DEAL_A, ["0:seq4-JS", "1:pass", "0:7C", "1:JH", "0:seq5-QS", "1:pass"], 1),  # R7.3b
        (DEAL_A, ["0:8S", "1:swap", "1:JH", "0:four-A", "1:pass"], 1),
        (DEAL_A, ["1:seq3-KD", "0:pass", "1:swap", "1:9D"], 0),  # the leader, after the answer
        (DEAL_A, ["0:seq4-JS", "1:pass", "0:8S", "1:JH", "0:seq4-QS", "1:pass"], 1),  # R7.3b
        (DEAL_A, ["1:marriage", "1:7D", "0:8S", "1:four-K", "0:pass"], 0),  # R7.2: KD twice
    ],
    ids=["trump-seq-beats", "four-K-beats-seq4", "follower-swaps", "swap-after-marriage",
         "leader-swaps", "longer-after-shorter", "swap-on-follow", "swap-after-answer",
         "overlapping-seqs", "card-in-two-melds"],
)  # fmt: skip
def test_melds_and_exchanges_the_rules_allow(records, deal, events, dealer):
    if "QS" in "".join(events[4:5]):  # seat 0 draws QS after trick 1 (8S-QS, or 9S-QS)
        deal = (*deal[:3], "QS 7H 8H 9H TH QH 8C 9C TC QC 8D TD 7S")
    accepted(records[0], deal, events, dealer)


# -- the events of random records: the turn, the cards, follow duty (R5) ------------------------
TURN_WORDS = {
    "lead": "the non-dealer leads the first trick, then each trick's winner (R5.1)",
    "answer": "the follower answers the declaration (R7.4c)",
    "lead-card": "the leader now leads his card (R7.4d)",
    "follow": "the follower plays to the led card (R5.1)",
}


@pytest.mark.parametrize("role", list(TURN_WORDS))
def test_event_by_the_wrong_seat(records, role):
    rec, i, s = find_step(records, lambda s, t: s.role == role and s.trick > 1)
    bad, where = broken(rec, i, s.j, f"{1 - s.seat}:{s.action}")
    assert verdict(bad) == (
        f"{where}it is seat {s.seat}'s turn, not seat {1 - s.seat}'s: {TURN_WORDS[role]}"
    )


def test_card_not_held(records):
    # R5.1: each player plays a card of his hand
    rec, i, s = find_step(records, lambda s, t: s.role == "follow")
    other = min(s.hands[1 - s.seat])
    bad, where = broken(rec, i, s.j, f"{s.seat}:{other}")
    assert verdict(bad) == f"{where}trick {s.trick}: seat {s.seat} does not hold {other} (R5.1)"


def substitute(kind: str, s: Step, t: str) -> str | None:
    """The card a follower from trick 8 plays against R5.5 instead of his (None: not here)."""
    hand = s.hands[s.seat]
    if s.role != "follow" or s.trick < 8:
        return None
    suit = sorted(c for c in hand if c[1] == s.led[1])
    trumps = sorted(c for c in hand if c[1] == t)
    others = sorted(c for c in hand if c[1] not in (s.led[1], t))
    if kind == "plain" and s.led[1] != t and suit and others:
        return others[0]
    if kind == "jack-while-holding-suit" and s.led[1] != t and suit and "J" + t in trumps:
        return "J" + t  # R5.6: the exemption releases only the jack
    if kind == "not-trumping" and s.led[1] != t and not suit and others:
        return others[0] if [c for c in trumps if c[0] != "J"] else None
    if kind == "trump-led" and s.led[1] == t and others:
        return others[0] if [c for c in trumps if c[0] != "J"] else None
    return None


@pytest.mark.parametrize("kind", ["plain", "jack-while-holding-suit", "not-trumping", "trump-led"])
def test_card_not_following_suit_or_not_trumping(records, kind):
    # R5.5 from trick 8: follow suit, lacking it a trump, lacking both any card
    rec, i, s = find_step(records, lambda s, t: substitute(kind, s, t) is not None)
    t = rec["deals"][i]["turned"][1]
    bad, where = broken(rec, i, s.j, f"{s.seat}:{substitute(kind, s, t)}")
    if kind in ("plain", "jack-while-holding-suit"):
        words = f"seat {s.seat} holds {SUIT_NAMES[s.led[1]]}: must follow suit from trick 8 on"
        words += " (R5.5)"
    else:
        words = (f"seat {s.seat} must play a trump from trick 8 on (R5.5) (only the jack of "
                 "trumps, when it is the only trump, is excused, R5.6)")  # fmt: skip
    assert verdict(bad) == f"{where}trick {s.trick}: {words}"


@pytest.mark.parametrize("led", ["trump", "plain-void"])
def test_jack_exemption_is_accepted(records, led):
    # R5.6: a trump is asked for and the jack is the follower's only trump: any card will do
    def exempt(s, t):
        hand = s.hands[s.seat]
        if s.role != "follow" or s.trick < 8 or {c for c in hand if c[1] == t} != {"J" + t}:
            return False
        if led == "trump":
            return s.led[1] == t and len(hand) > 1
        return s.led[1] != t and not any(c[1] == s.led[1] for c in hand) and len(hand) > 1

    rec, i, s = find_step(records, exempt)
    t = rec["deals"][i]["turned"][1]
    for other in sorted(s.hands[s.seat] - {s.action}):
        bad, where = broken(rec, i, s.j, f"{s.seat}:{other}")
        assert not (verdict(bad) or "").startswith(where), (other, verdict(bad), t)


def test_replay_refuses_exactly_the_illegal_plays(records):
    # every other card of the hand at a sample of plays: refused there when RULES.md forbids
    # it, accepted there (the record then breaks later, or not at all) when it allows it
    rnd = random.Random(3)
    steps = [x for x in card_steps(records) if x[4].role == "follow"]
    late = [x for x in steps if x[4].trick >= 8]
    for rec, i, _, t, s in rnd.sample(late, 60) + rnd.sample(steps, 20):
        allowed = may_play(s, t)
        for other in sorted(s.hands[s.seat] - {s.action}):
            bad, where = broken(rec, i, s.j, f"{s.seat}:{other}")
            error = verdict(bad) or ""
            assert error.startswith(where) != (other in allowed), (error, s)
            if error.startswith(where):
                assert error.endswith(("(R5.5)", "R5.6)")), error


@pytest.mark.parametrize("action", ["swap", "four-A", "four-J", "marriage"])
def test_exchange_or_declaration_after_trick_7(records, action):
    # R6.1: the exchange only while the turned card lies beside the stock (tricks 1-7), by
    # the holder of the 7 of trumps; R7.4a: from trick 8 on nobody declares
    rec, i, s = find_step(records, lambda s, t: s.trick >= 8 and s.role == "lead"
                          and (action != "swap" or "7" + t in s.hands[s.seat]))  # fmt: skip
    bad, where = broken(rec, i, s.j, f"{s.seat}:{action}", insert=True)
    words = {"swap": "the 7 of trumps is exchanged only before the stock is exhausted (R6.1)"}
    assert verdict(bad) == f"{where}trick {s.trick}: " + words.get(
        action, "declarations are made only in tricks 1-7, before the stock is exhausted (R7.4a)"
    )


def test_missing_and_extra_event(records):
    # R5.1: 16 tricks, 32 cards; nothing after them
    rec = multi_deal(records)
    for i in (0, len(rec["deals"]) - 1):
        d = rec["deals"][i]
        bad = copy.deepcopy(rec)
        bad["deals"][i]["events"].pop()
        assert verdict(bad) == (
            f"game {rec['game']}, deal {i + 1}: the deal is not over after its "
            f"{len(d['events']) - 1} events (seat {d['events'][-1][0]} is to act): an event is "
            "missing (R5.1)"
        )
        event = f"{1 - int(d['events'][-1][0])}:pass"
        bad, where = broken(rec, i, len(d["events"]), event, insert=True)
        assert verdict(bad) == f"{where}the deal was already over after 16 tricks (R5.1)"


# -- a deal's outcome, its cards, its dealer (R3, R4, R7.7, R8) ----------------------------------
@pytest.mark.parametrize("key", ["card_points", "meld_points", "last_trick", "points", "totals"])
def test_wrong_deal_numbers(records, key):
    rec = multi_deal(records)
    bad = copy.deepcopy(rec)
    d = bad["deals"][1]
    d[key] = 1 - d[key] if key == "last_trick" else [d[key][0] + 10, d[key][1] - 10]
    rule = {"card_points": "R4.3", "meld_points": "R7.7", "last_trick": "R4.4", "points": "R8.1",
            "totals": "R8.2"}[key]  # fmt: skip
    assert verdict(bad) == (
        f"game {rec['game']}, deal 2: {key} is {d[key]!r} but the rules give "
        f"{rec['deals'][1][key]!r} ({rule})"
    )


def test_wrong_dealer(records):
    # R3.2: the winner of the last trick deals the next deal; R3.1 the first dealer
    rec = multi_deal(records)
    bad = copy.deepcopy(rec)
    bad["deals"][1]["dealer"] = 1 - rec["deals"][1]["dealer"]
    assert verdict(bad) == (
        f"game {rec['game']}, deal 2: dealer is seat {1 - rec['deals'][1]['dealer']}, but seat "
        f"{rec['deals'][1]['dealer']} deals (R3.2: the winner of the last trick deals)"
    )
    bad = copy.deepcopy(rec)
    bad["first_dealer"] = 1 - rec["first_dealer"]
    assert verdict(bad) == (
        f"game {rec['game']}, deal 1: dealer is seat {rec['first_dealer']}, but seat "
        f"{1 - rec['first_dealer']} deals (R3.1)"
    )
    bad["first_dealer"] = 2
    assert verdict(bad) == f"game {rec['game']}: first_dealer 2 is not a seat 0-1 (R3.1)"


def test_trump_not_the_turned_suit(records):
    # R3.4: the turned card's suit is trump
    rec = multi_deal(records)
    bad = copy.deepcopy(rec)
    d = bad["deals"][1]
    d["trump"] = "S" if d["turned"][1] != "S" else "H"
    assert verdict(bad) == (
        f"game {rec['game']}, deal 2: trump is {d['trump']!r} but the turned card "
        f"{d['turned']} makes {d['turned'][1]!r} trump (R3.4)"
    )


@pytest.mark.parametrize(
    "case", ["eight-cards", "ten-cards", "across-hands", "in-a-hand", "turned-in-stock",
             "short-stock", "two-turned"],
)  # fmt: skip
def test_deal_not_the_32_cards(records, case):
    # R1.1, R3.3, R3.4: hands, turned card and stock are the 32 cards once each
    rec = multi_deal(records)
    bad = copy.deepcopy(rec)
    d = bad["deals"][1]  # deal 2: every deal's cards are checked before any event
    (h0, h1), stock, t = [h.split() for h in d["hands"]], d["stock"].split(), d["turned"]
    change, words = {
        "eight-cards": ([h0[1:], h1, [h0[0], *stock], t], "hand 0 has 8 cards, expected 9"),
        "ten-cards": ([[*h0, stock[0]], h1, stock[1:], t], "hand 0 has 10 cards, expected 9"),
        "across-hands": ([h0, [h0[0], *h1[1:]], stock, t], f"{h0[0]} dealt twice"),
        "in-a-hand": ([[h0[1], *h0[1:]], h1, stock, t], f"{h0[1]} dealt twice"),
        "turned-in-stock": ([h0, h1, [t, *stock[1:]], t], f"{t} dealt twice"),
        "short-stock": ([h0, h1, stock[1:], t], "the stock must hold 13 cards, not 12"),
        "two-turned": ([h0, h1, stock, f"{t} {stock[0]}"], f"the turned card '{t} {stock[0]}' is"),
    }[case]
    d["hands"], d["stock"] = [" ".join(change[0]), " ".join(change[1])], " ".join(change[2])
    d["turned"] = change[3]
    if case != "two-turned":
        error = verdict(bad)
        assert error.startswith(f"game {rec['game']}, deal 2: ") and words in error, error
        assert error.endswith("(R1.1, R3.3, R3.4)") and "\n" not in error
    with pytest.raises(Mismatch, match=re.escape(words)):  # replay on its own says the same
        replay_record(bad)


# -- the end of the game (R9) ----------------------------------------------------------------------
def test_game_ends_after_the_first_deal_reaching_501(records):
    # R9.1: no deal after the one where a total reached 501, and none missing before it
    rec = records[0]
    bad = copy.deepcopy(rec)
    bad["deals"].append(copy.deepcopy(rec["deals"][-1]))
    n = len(rec["deals"])
    assert verdict(bad) == (
        f"game {rec['game']}, deal {n + 1}: the game was already over after deal {n} (R9.1)"
    )
    bad["deals"][-2:] = []
    assert verdict(bad) == (
        f"game {rec['game']}: the record ends after deal {len(bad['deals'])} but the game goes "
        "on: no total has reached 501 (R9.1)"
    )


@pytest.mark.parametrize("key", ["totals", "ranks", "win_share", "end"])
def test_wrong_final_results(records, key):
    # R9.2, R9.3: the final totals, ranks, win shares and end
    rec = next(r for r in records if r["end"] == "both-target")
    bad = copy.deepcopy(rec)
    bad[key] = {"totals": [rec["totals"][0] + 1, rec["totals"][1]], "ranks": [1, 1],
                "win_share": [0.5, 0.5], "end": "target"}[key]  # fmt: skip
    verb = "are" if key in ("totals", "ranks") else "is"
    rule = "R9.3" if key == "win_share" else "R9.2, R9.3"
    assert verdict(bad) == (
        f"game {rec['game']}: {key} {verb} {bad[key]} but the rules give {rec[key]} ({rule})"
    )


# -- malformed lines: RecordError, one line, never a traceback ----------------------------------
@pytest.mark.parametrize(
    "text, words",
    [
        ('{"format": "trixsim/terts-record@1", ', "malformed JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"format": "trixsim/terts-record@2"}', "format is 'trixsim/terts-record@2'"),
        ('{"format": "trixsim/terts-record@1"}', "missing field 'game'"),
        ('{"format": "trixsim/terts-record@1", "game": ' + "1" * 5000 + "}", "malformed JSON"),
    ],
    ids=["not-json", "not-object", "format", "missing-field", "5000-digit-number"],
)
def test_malformed_lines(text, words):
    with pytest.raises(RecordError, match=re.escape(words)):
        loads(text)
    error = check_line(7, text).error
    assert error.startswith("line 7: ") and words in error and "\n" not in error


SHAPES = {
    "missing-field": (lambda r, d: r.pop("ranks"), "missing field 'ranks'"),
    "missing-deal-field": (lambda r, d: d.pop("stock"), "deal 1: missing field 'stock'"),
    "extra-field": (lambda r, d: r.update(seed=5), "unknown field 'seed'"),
    "extra-deal-field": (lambda r, d: d.update(kitty=""), "deal 1: unknown field 'kitty'"),
    "game-string": (lambda r, d: r.update(game="3"), "field 'game' has the wrong type"),
    "game-negative": (lambda r, d: r.update(game=-1), "'game' must be 0 or more"),
    "dealer-bool": (lambda r, d: d.update(dealer=False), "deal 1: field 'dealer' has the wrong"),
    "last-trick-float": (lambda r, d: d.update(last_trick=1.0), "deal 1: field 'last_trick'"),
    "points-float": (lambda r, d: d.update(points=[1.0, 2.0]), "deal 1: field 'points' has an"),
    "three-hands": (lambda r, d: d["hands"].append(""), "deal 1: field 'hands' must be a list"),
    "turned-list": (lambda r, d: d.update(turned=["QD"]), "deal 1: field 'turned' has the wrong"),
    "no-deals": (lambda r, d: r.update(deals=[]), "'deals' must be a non-empty list"),
    "deal-not-object": (lambda r, d: r["deals"].insert(0, "deal"), "deal 1 must be a JSON object"),
    "event-not-string": (lambda r, d: d["events"].insert(0, 7), "deal 1: field 'events' has an"),
    "win-share-string": (lambda r, d: r.update(win_share=["1", "0"]), "field 'win_share' has an"),
    "win-share-huge": (lambda r, d: r.update(win_share=[10**400, 0]), "'win_share' values are"),
    "first-dealer-string": (lambda r, d: r.update(first_dealer="0"), "field 'first_dealer'"),
    "three-bots": (lambda r, d: r["bots"].append("random"), "field 'bots' must be a list of 2"),
}


@pytest.mark.parametrize("case", list(SHAPES))
def test_wrong_shapes_and_types(records, case):
    rec = copy.deepcopy(records[2])
    change, words = SHAPES[case]
    change(rec, rec["deals"][0])
    assert shape_error(rec).startswith(words)
    assert check_line(3, dumps(rec)).error.startswith(f"line 3: {words}")


@pytest.mark.parametrize(
    "action", ["seq3-8S", "seq9-AS", "seq2-AS", "seq3-", "seq\u00b2-AS", "seq3-XS", "four-T",
               "four-9", "four-8", "four-7", "bid:7H", "exchange", "1C", "", "JK"],
)  # fmt: skip
def test_malformed_actions(records, action):
    # RECORD.md: any other word, a sequence that does not exist, four-T/9/8/7 are malformed
    rec = copy.deepcopy(records[2])
    rec["deals"][1]["events"][5] = event = f"{rec['deals'][1]['events'][5][0]}:{action}"
    kind = {"seq": "is no sequence", "fou": "is no meld"}.get(action[:3])
    words = f"{action!r} {kind}" if kind else f"unknown action {action!r}"
    error = shape_error(rec)
    assert error.startswith(f'deal 2, event 6 "{event}": {words}'), error
    assert error.endswith(("(R7.1)", "(RECORD.md)"))


@pytest.mark.parametrize(
    "action, canonical",
    [("td", "TD"), ("10D", "TD"), ("10d", "TD"), ("jh", "JH"), ("Swap", "swap"),
     ("SWAP", "swap"), ("Pass", "pass"), (" pass", "pass"), ("pass ", "pass"),
     ("Marriage", "marriage"), ("FOUR-A", "four-A"), ("four-a", "four-A"),
     ("seq3-jh", "seq3-JH"), ("Seq4-QD", "seq4-QD"), ("seq3-10H", "seq3-TH")],
)  # fmt: skip
def test_non_canonical_actions_are_refused(records, action, canonical):
    # RECORD.md: actions exactly as written there; the game's parser, lenient for people,
    # does not make a record good
    rec = copy.deepcopy(records[2])
    rec["deals"][0]["events"][3] = event = f"{rec['deals'][0]['events'][3][0]}:{action}"
    assert shape_error(rec) == f'deal 1, event 4 "{event}": write it as RECORD.md does: {canonical}'


@pytest.mark.parametrize("seat", ["2", "a", "\uff10", "\u0661", "00", "-1", "", " 0"])
def test_event_seat_is_0_or_1(records, seat):
    rec = copy.deepcopy(records[2])
    rec["deals"][0]["events"][0] = event = seat + rec["deals"][0]["events"][0][1:]
    assert shape_error(rec) == (
        f'deal 1, event 1 "{event}": an event is SEAT:ACTION with SEAT 0 or 1, e.g. 1:7C, '
        "0:seq3-AS, 1:pass, 0:swap"
    )
    rec["deals"][0]["events"][0] = "0-7C"
    assert "an event is SEAT:ACTION" in shape_error(rec)


CARD_FAULTS = {  # a canonical card text -> (the text broken, the word refused)
    "td": lambda t, ten: (t.replace(ten, ten.lower()), ten.lower()),
    "10D": lambda t, ten: (t.replace(ten, "10" + ten[1]), "10" + ten[1]),
    "double-space": lambda t, ten: (t.replace(" ", "  ", 1), ""),
    "tab": lambda t, ten: (t.replace(" ", "\t", 1), "\t".join(t.split()[:2])),
    "trailing-space": lambda t, ten: (t + " ", ""),
    "lower": lambda t, ten: (t.lower(), t.split()[0].lower()),
    "empty": lambda t, ten: ("", ""),
}


@pytest.mark.parametrize(
    "key, case", [("hands", c) for c in CARD_FAULTS if c != "empty"]
    + [("stock", "td"), ("stock", "10D"), ("stock", "lower"), ("turned", "lower"),
       ("turned", "10D"), ("turned", "empty")],
)  # fmt: skip
def test_non_canonical_cards_are_refused(records, key, case):
    # R1.2: rank then suit, upper case, single spaces between
    def spot(d):  # the dict and key of the text: hand 0, the stock or the turned card
        return (d["hands"], 0) if key == "hands" else (d, key)

    rec = copy.deepcopy(
        next(r for r in records if "T" in (lambda o, k: o[k][::3])(*spot(r["deals"][1])))
    )
    obj, k = spot(rec["deals"][1])
    obj[k], name = CARD_FAULTS[case](obj[k], next(c for c in obj[k].split() if c[0] == "T"))
    assert shape_error(rec) == (
        f"deal 2: unknown card {name!r} in {key!r}: records write cards like TD or AS, single "
        "spaces between (R1.2)"
    )


def test_mangled_records_never_crash(records):
    # any value in any place, any cut of the line: a one-line verdict, never a traceback
    rnd = random.Random(11)
    junk = [None, True, -1, 0, 1, 2, 10**30, 1.5, "", "x", "7C", "0:7C", [], {}, [0, 0], [""] * 2]
    for _ in range(600):
        rec = copy.deepcopy(rnd.choice(records))
        node = rec if rnd.random() < 0.2 else rnd.choice(rec["deals"])
        key = rnd.choice(list(node))
        if isinstance(node[key], list) and node[key] and rnd.random() < 0.5:
            node, key = node[key], rnd.randrange(len(node[key]))
        v = node[key]
        same = [f"{v} {v}", v.lower(), v[::-1], v[:-1], v.replace(" ", "  ")] if v == str(v) else []
        node[key] = rnd.choice(junk + same * 3)
        error = check_line(1, dumps(rec)).error
        assert error is None or "\n" not in error
        line = dumps(rnd.choice(records))
        a = rnd.randrange(len(line))
        error = check_line(1, line[:a] + line[a + rnd.randrange(1, 40) :]).error
        assert error is None or "\n" not in error
    with pytest.raises(Mismatch):  # replay alone, without loads: no traceback either
        replay_record(dict(records[0], deals=[dict(records[0]["deals"][0], turned="QD QD")]))


# -- the command line ------------------------------------------------------------------------------
def test_cli_deal_and_replay(tmp_path):
    out = trixsim("deal", "--game", "terts", "--seed", "5")
    assert out.returncode == 0 and out.stdout.count("\n") == 1
    rec = json.loads(out.stdout)
    assert rec["format"] == "trixsim/terts-record@1" and loads(out.stdout) == rec
    good = tmp_path / "good.jsonl"
    good.write_text(out.stdout)
    res = trixsim("replay", str(good))
    assert res.returncode == 0 and "all follow the rules" in res.stdout
    res = trixsim("replay", "-", input=out.stdout)
    assert res.returncode == 0 and res.stdout.startswith("<stdin>: 1 game")
    bad = copy.deepcopy(rec)
    bad["game"] = 3
    d = bad["deals"][0]
    j = next(j for j, e in enumerate(d["events"]) if j % 2 == 1 and e[2:] not in ("swap", "pass"))
    d["events"][j] = f"{1 - int(d['events'][j][0])}{d['events'][j][1:]}"
    path = tmp_path / "bad.jsonl"
    path.write_text(out.stdout + dumps(bad) + "\n" + "{not json\n")
    res = trixsim("replay", str(path))
    assert res.returncode == 1 and "Traceback" not in res.stderr + res.stdout
    lines = res.stdout.splitlines()
    assert len(lines) == 2 and lines[1].startswith("line 3: malformed JSON")
    assert lines[0].startswith(f'game 3, deal 1, event {j + 1} "{d["events"][j]}": ')
    assert re.search(r"\(R\d+\.\d+\w?\)$", lines[0])
    assert "2 of 3 games" in res.stderr
    res = trixsim("replay", "-", input=dumps(bad) + "\n")
    assert res.returncode == 1 and res.stdout.startswith("game 3, deal 1, event ")
