"""``trixsim play --game five-hundred``: a scripted person plays whole games of Five Hundred.

The driver is the one of ``tests/person.py``. The person calls, discards and plays;
refused input must say which rule it breaks; a record written with ``--save`` must pass
``trixsim replay``; a game left and resumed must be the very game one uninterrupted
session plays.
"""

import json
import re

from tests.person import Person, trixsim

SUIT_LETTER = dict(zip("♥♣♦♠", "HCDS", strict=True))
HAND_CARD = re.compile(r"(\d+):(?:(10|[4-9JQKA])([♥♣♦♠])|(Joker))")


def hand(person) -> list[str]:
    """The hand on the last screen, as cards like QS (the joker: JK)."""
    screen = person.since()
    start = max((m.start() for m in re.finditer(r"Seat \d, your hand", screen)), default=0)
    cards = []
    for _, rank, suit, joker in HAND_CARD.findall(screen[start:]):
        cards.append("JK" if joker else ("T" if rank == "10" else rank) + SUIT_LETTER[suit])
    return cards


def answer(person, m) -> str:
    """The scripted person: pass in the auction, discard his first card, play the first
    legal card."""
    kind, options = m.group(2), m.group(3).split()
    if kind == "call":
        return "pass"
    if kind == "discard":
        return "1"
    return options[0]


def play_along(person, stop_after=None):
    while (m := person.prompt()) is not None:
        assert person.answers < 3000, "the game does not end"
        if stop_after is not None and person.answers >= stop_after:
            return m
        person.send(answer(person, m))
    return None


def test_a_person_calls_discards_and_plays_a_whole_game(tmp_path):
    # R4.4 R6.1 R7.2: refused moves name their rule; bots fill the other seats
    rec_path = tmp_path / "game.jsonl"
    person = Person(["--game", "five-hundred", "--seat", "0", "--bots", "greedy", "--seed", "3",
                     "--save", str(rec_path)], tmp_path)  # fmt: skip
    seen = set()
    while (m := person.prompt()) is not None:
        assert person.answers < 3000, "the game does not end"
        kind, options = m.group(2), m.group(3).split()
        screen = person.since()
        if kind == "call" and "maybe" not in seen:
            seen.add("maybe")
            person.send("maybe", "6C")  # not a call; then the lowest bid
            continue
        if kind == "call" and "low" not in seen and re.search(r"a bid above \w+", screen):
            seen.add("low")  # R4.4: a bid must be higher than the standing one
            person.send("6C", "pass")
            continue
        if kind == "discard":
            seen.add("discard")
        mine = hand(person)
        leads = re.search(r"Trick \d+ of 10: \(seat 0 leads\)", screen) and len(mine) > 2
        if kind == "card" and leads and "pre" not in seen and not options[0].startswith("JK="):
            seen.add("pre")  # lead, then type the next card while the bots play
            person.send(options[0], next(c for c in mine if c != options[0]), prompts=1)
            continue
        illegal = [c for c in mine if c not in options]
        if kind == "card" and illegal and "follow" not in seen:  # a lead is never refused
            seen.add("follow")
            person.send(illegal[0], options[0])
            continue
        person.send(answer(person, m))
    code, err = person.finish()
    out = person.text
    assert code == 0, err
    assert "Traceback" not in out + err
    assert {"maybe", "low", "follow", "pre"} <= seen, seen
    assert "'maybe' is not a call" in out
    assert "a bid must be higher than the standing" in out and "(R4.4)" in out
    assert re.search(r"must follow (hearts|clubs|diamonds|spades) \(R7\.2\)", out)
    assert "Final results" in out and "Winner:" in out
    check = trixsim("replay", str(rec_path))
    assert check.returncode == 0, check.stdout + check.stderr
    rec = json.loads(rec_path.read_text())
    assert rec["bots"] == ["human"] + ["greedy"] * 3
    assert rec["format"] == "trixsim/five-hundred-record@1"


def test_the_contractor_discards_three_and_leads(tmp_path):
    # R6.1: a person who wins the auction takes the kitty, discards three, then leads (R7.1)
    person = Person(["--game", "five-hundred", "--seat", "1", "--bots", "random", "--seed",
                     "2"], tmp_path)  # fmt: skip
    discards = 0
    while (m := person.prompt()) is not None:
        assert person.answers < 3000, "the game does not end"
        kind = m.group(2)
        if kind == "call":
            person.send("10NT" if "10NT stands" not in person.since() else "pass")
            continue
        if kind == "discard":
            assert len(hand(person)) == 13 - discards  # 13, then 12, then 11
            discards += 1
        if kind == "card" and discards == 3 and "Trick 1 of 10: " in person.since():
            assert len(hand(person)) == 10
            discards = 4
        person.send(answer(person, m))
    code, err = person.finish()
    assert code == 0, err
    assert discards == 4, "the person never won a contract and led"
    assert "he takes the kitty (R6.1)" in person.text


def test_leave_and_come_back_to_the_same_game(tmp_path):
    # q saves; --resume gives the seat back; the game is the one an uninterrupted session plays
    args = ["--game", "five-hundred", "--seat", "2", "--bots", "greedy,random,greedy",
            "--seed", "8"]  # fmt: skip
    whole = Person([*args, "--save", "whole.jsonl"], tmp_path)
    assert play_along(whole) is None
    assert whole.finish()[0] == 0
    person = Person([*args, "--save", "parts.jsonl"], tmp_path)
    assert play_along(person, stop_after=12) is not None
    person.send("q")
    code, err = person.finish()
    assert code == 0, err
    saved = tmp_path / "trixsim-play-8.json"
    person = Person(["--resume", saved.name], tmp_path)
    assert play_along(person) is None
    code, err = person.finish()
    assert code == 0, err
    assert "seat 2 is yours again" in person.text
    rec = json.loads((tmp_path / "trixsim-play-8.record.jsonl").read_text())
    assert rec == json.loads((tmp_path / "whole.jsonl").read_text())


def test_l_shows_the_last_trick_and_bids_take_suit_words(tmp_path):
    # R11.2, R11.3: every card played is public, so the last trick may be looked at any time;
    # a bid may name its suit in words (7 Hearts), and the hand marks the legal cards
    person = Person(["--game", "five-hundred", "--seat", "0", "--bots", "greedy", "--seed",
                     "5"], tmp_path)  # fmt: skip
    seen = set()
    while (m := person.prompt()) is not None:
        assert person.answers < 3000, "the game does not end"
        kind = m.group(2)
        screen = person.since()
        if kind == "call" and "words" not in seen:
            seen.add("words")
            person.send("6 Clubs", "pass", prompts=2)  # a bid, or refused for its height
            continue
        if kind == "card" and "Last trick taken by" in screen and "look" not in seen:
            seen.add("look")
            person.send("l", "last", answer(person, m))
            continue
        person.send(answer(person, m))
    code, err = person.finish()
    out = person.text
    assert code == 0, err
    assert {"words", "look"} <= seen, seen
    assert "'6 Clubs' is not a call" not in out
    assert re.search(r"seat 0 \(you\) bids 6C|a bid must be higher than the standing", out)
    assert len(re.findall(r"Last trick \(trick \d+\): seat \d .*→ seat \d took it\.", out)) == 2
    assert re.search(r"Trick \d+ of 10: seat \d led ", out)
    assert "Seat 0, your hand (legal cards marked *):" in out
