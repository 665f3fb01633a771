"""``trixsim play --game euchre5``: a scripted person plays whole games of five-handed Euchre.

The driver is the one of ``tests/person.py``. The person bids, discards, calls and
plays; refused input must say which rule it breaks; a record written with ``--save``
must pass ``trixsim replay``; a game left and resumed must be the very game one
uninterrupted session plays.
"""

import json
import re

from tests.person import Person, trixsim

SUIT_LETTER = dict(zip("♥♣♦♠", "HCDS", strict=True))
ALL = [r + s for s in "HCDS" for r in "89TJQKA"]


def trump_letter(screen: str) -> str:
    """The trump suit of the deal on the last screen, as a letter."""
    named = re.findall(r"trump (hearts|clubs|diamonds|spades) by", screen)[-1]
    return {"hearts": "H", "clubs": "C", "diamonds": "D", "spades": "S"}[named]


def answer(person, m) -> str:
    """The scripted person: order or name trump when he may, call the first card he may,
    discard his first card, play the first legal card."""
    kind, options = m.group(2), m.group(3).split()
    if kind == "bid":
        return "order" if "order" in options else next(o for o in options if o != "pass")
    if kind == "discard":
        return "1"
    if kind == "call":
        screen = person.text
        trump = trump_letter(screen)
        up = re.findall(r"Up card: (10|[89JQKA])([♥♣♦♠])", screen)[-1]
        up = ("T" if up[0] == "10" else up[0]) + SUIT_LETTER[up[1]]
        left = "J" + {"H": "D", "D": "H", "C": "S", "S": "C"}[trump]
        mine = set(person.hand())
        return next(c for c in ALL if c[1] != trump and c not in (left, up) and c not in mine)
    return options[0]


def play_along(person, stop_after=None):
    while (m := person.prompt()) is not None:
        assert person.answers < 3000, "the game does not end"
        if stop_after is not None and person.answers >= stop_after:
            return m
        person.send(answer(person, m))
    return None


def test_a_person_bids_calls_and_plays_a_whole_game(tmp_path):
    # R4.1 R4.3 R6.2 R7.2: refused moves name their rule; bots fill the other seats
    rec_path = tmp_path / "game.jsonl"
    person = Person(["--game", "euchre5", "--seat", "0", "--bots", "greedy", "--seed", "3",
                     "--save", str(rec_path)], tmp_path)  # fmt: skip
    seen = set()
    while (m := person.prompt()) is not None:
        assert person.answers < 3000, "the game does not end"
        kind, options = m.group(2), m.group(3).split()
        screen = person.since()
        if kind == "bid" and "bid" not in seen:
            seen.add("bid")
            person.send("maybe", "pass")  # not a bid; then a pass
            continue
        if kind == "bid" and "order" in options and "round" not in seen:
            seen.add("round")  # naming a suit belongs to round 2
            person.send("H", answer(person, m))
            continue
        if kind == "call" and "call" not in seen:
            seen.add("call")
            person.send("J" + trump_letter(person.text), answer(person, m))  # the right bower
            continue
        hand = person.hand()
        leads = "dealer seat 4 ·" in screen and "Trick 1 of 5" in screen and len(hand) == 5
        if kind == "card" and leads and "pre" not in seen:  # R7.1: the dealer's left leads
            seen.add("pre")  # R10.3 of the table: lead, then type the next card while bots play
            person.send(options[0], next(c for c in hand if c != options[0]), prompts=1)
            continue
        illegal = [c for c in hand if c not in options]
        if kind == "card" and illegal and "follow" not in seen:  # a lead is never refused
            seen.add("follow")
            person.send(illegal[0], options[0])
            continue
        person.send(answer(person, m))
    code, err = person.finish()
    out = person.text
    assert code == 0, err
    assert "Traceback" not in out + err
    assert {"bid", "round", "call", "follow", "pre"} <= seen, seen
    assert "pre-selected for seat 0" in out
    assert "'maybe' is not a bid" in out
    assert "a suit is named only in round 2, once all five passed (R4.3)" in out
    assert "is a trump (R5.1, R5.2): the called card is not (R6.2)" in out
    assert re.search(r"must follow (hearts|clubs|diamonds|spades) \(R7\.2\)", out)
    assert "Final results" in out and "Winner:" in out
    check = trixsim("replay", str(rec_path))
    assert check.returncode == 0, check.stdout + check.stderr
    rec = json.loads(rec_path.read_text())
    assert rec["bots"] == ["human"] + ["greedy"] * 4
    assert rec["format"] == "trixsim/euchre5-record@1"


def test_leave_and_come_back_to_the_same_game(tmp_path):
    # q saves; --resume gives the seat back; the game is the one an uninterrupted session plays
    args = [
        "--game",
        "euchre5",
        "--seat",
        "2",
        "--bots",
        "greedy,random,random,greedy",
        "--seed",
        "8",
    ]
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


def test_l_shows_the_last_trick_and_trump_is_named_in_words(tmp_path):
    # R10.3, R10.4: every card played is public, so the last trick may be looked at any time;
    # in round 2 the person names trump by the suit's name (Hearts), not only its letter
    person = Person(["--game", "euchre5", "--seat", "0", "--bots", "greedy", "--seed", "1"],
                    tmp_path)  # fmt: skip
    seen = set()
    while (m := person.prompt()) is not None:
        assert person.answers < 3000, "the game does not end"
        kind, options = m.group(2), m.group(3).split()
        screen = person.since()
        if kind == "bid" and "order" in options:
            person.send("pass")  # round 2 comes more often
            continue
        if kind == "bid" and "words" not in seen:
            seen.add("words")
            letter = next(o for o in options if o != "pass")
            name = {"H": "Hearts", "C": "Clubs", "D": "Diamonds", "S": "Spades"}[letter]
            person.send(name)
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
    assert re.search(r"seat 0 \(you\) names trump: [HCDS]", out)
    assert "is not a bid" not in out  # the suit's name was understood at once
    assert len(re.findall(r"Last trick \(trick \d\): seat \d .*→ seat \d took it\.", out)) == 2
    assert re.search(r"Trick \d of 5: seat \d led ", out)
    assert "Seat 0, your hand (legal cards marked *):" in out
