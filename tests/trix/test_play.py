"""``trixsim play``: a scripted person plays whole games through the command (R10).

The person is a small driver: it reads the command's output until a prompt
(``seat 0, your card [7H 8H QH]: ``), answers it, and in between types illegal
input, a pre-selection (R10.3) and looks at the last trick. Records written with
``--save`` must pass ``trixsim replay``; a game left and resumed (R10.2) must be the
very game an uninterrupted session plays, with the person's seat always the
person's.
"""

import contextlib
import json
import re
import signal
import subprocess
from pathlib import Path

import pytest

from sim.core.bots import parse_spec
from sim.core.play import Player
from sim.core.registry import get as get_game
from sim.games.trix import vocab as V
from sim.games.trix.game import Game
from sim.games.trix.record import game_record
from sim.table.controller import TableError, play_cli
from tests.person import Person, trixsim


def first_legal(m) -> str:
    """The scripted person's answer: the first contract, the first legal card, no double."""
    kind, options = m.group(2), m.group(3).split()
    answers = {"contract": "1", "announcement": "n", "turn": ""}
    return answers[kind] if kind in answers else options[0]


def play_along(person, stop_after=None):
    """Answer every prompt with first_legal; stop early after ``stop_after`` answers."""
    while (m := person.prompt()) is not None:
        if stop_after is not None and person.answers >= stop_after:
            return m
        person.send(first_legal(m))
    return None


def uninterrupted(seed, bots, stand_in=None, away_turns=()):
    """The game the scripted person plays, computed here: seat by seat, no command line.

    ``away_turns``: the person's turns (counted from 0) that ``stand_in`` plays for them.
    """
    game = Game.new(seed, 0)
    players = {
        s: Player(parse_spec(b, "trix"), seed, 0, s) for s, b in enumerate(bots) if b != "human"
    }
    human_turns = 0
    stand_ins = {}
    while not game.over:
        seat = game.to_act
        if seat in players:
            game.apply(players[seat].decide(game, seat))
            continue
        if human_turns in away_turns:
            bot = stand_ins.setdefault(seat, Player(parse_spec(stand_in, "trix"), seed, 0, seat))
            game.apply(bot.decide(game, seat))
        else:
            legal = game.legal_actions()
            game.apply(V.NO_DOUBLE if V.NO_DOUBLE in legal else legal[0])
        human_turns += 1
    return game_record(game, 0, bots)


def test_a_scripted_person_plays_a_whole_game_and_its_record_replays(tmp_path):
    # R10.1 R10.3 R4.2 R9.4: bots fill the empty seats; illegal input is refused with its reason
    rec_path = tmp_path / "game.jsonl"
    # seed 3: a game that runs its 28 contracts, so the person meets R3.5 and R3.6
    person = Person(["--seat", "0", "--bots", "greedy", "--seed", "3", "--save", str(rec_path)],
                    tmp_path)  # fmt: skip
    seen = set()
    while (m := person.prompt()) is not None:
        kind, options = m.group(2), m.group(3).split()
        screen = person.since()
        answer = first_legal(m)
        in_tricks = kind == "card" and "Trick " in screen
        if kind == "card" and "nonsense" not in seen:
            seen.add("nonsense")
            person.send("ZZ", "9", "")  # not a card, no 9th card, an empty line: asked again
            continue
        if kind == "announcement" and "double" not in seen:
            seen.add("double")  # R5.6: the holder of K♥ is asked at his first turn
            person.send("maybe", "y")
            continue
        if kind == "contract" and "bad contract" not in seen:
            seen.add("bad contract")
            person.send("poker", "0")
            continue
        illegal = [c for c in person.hand() if c not in options]
        if in_tricks and illegal and "follow" not in seen:
            seen.add("follow")
            person.send(illegal[0], "pass")  # not following suit; passing outside trix
            continue
        if kind == "card" and "Piles:" in screen and illegal and "lay" not in seen:
            seen.add("lay")
            person.send(illegal[0], answer)  # a card that does not go on the piles
            continue
        if in_tricks and "Last trick taken by" in screen and "look" not in seen:
            seen.add("look")
            person.send("l", "l", "l", answer)  # the third look is refused
            continue
        if in_tricks and "leads)" in screen and len(person.hand()) > 2 and "pre" not in seen:
            # R10.3: lead, then type the next card while the bots play
            seen.add("pre")
            other = [c for c in person.hand() if c != answer][-1]
            person.send(answer, other, prompts=1)
            continue
        person.send(answer)
    code, err = person.finish()
    out = person.text
    assert code == 0, err
    assert "Traceback" not in out + err
    assert {"nonsense", "bad contract", "follow", "look", "pre", "double", "lay"} <= seen, seen
    assert "answer y (announce K♥) or n" in out and "seat 0 (you) announces K♥" in out
    assert "a forced trix (R3.5)" in out and "is imposed on you (R3.6)" in out
    assert "is not a card" in out and "there is no card number 9" in out
    assert "'poker' is not a contract" in out and "choose a number from 1 to" in out
    assert re.search(r"you must follow (hearts|clubs|diamonds|spades) \(R4\.2\)", out)
    assert "passing is only for trix (R9.4)" in out
    assert "does not go on the piles now" in out or "first card of trix must be a jack" in out
    assert out.count("Last trick (trick") == 2
    assert "already looked at the last trick twice" in out
    assert "pre-selected for seat 0:" in out
    assert "still legal" in out or "can't be played" in out
    assert "Final results" in out and "Winner:" in out
    for line in ("#1 ", "→ totals"):
        assert line in out
    check = trixsim("replay", str(rec_path))
    assert check.returncode == 0, check.stdout + check.stderr
    rec = json.loads(rec_path.read_text())
    assert rec["bots"] == ["human", "greedy", "greedy", "greedy"]
    assert not list(tmp_path.glob("trixsim-play-*.json"))  # nobody left, nothing saved


def signal_masks(pid: int) -> str:
    """What the kernel says of a process's signals (blocked, ignored, pending), on Linux: a
    Ctrl-C once went unhandled here in a fresh clone's full run, and this says why if again."""
    lines = []
    for status in sorted(Path(f"/proc/{pid}/task").glob("*/status")):
        with contextlib.suppress(OSError):
            wanted = ("Name", "SigPnd", "ShdPnd", "SigBlk", "SigIgn")
            lines += [line for line in status.read_text().splitlines() if line.startswith(wanted)]
    return "\n".join(lines)


def test_leave_three_ways_come_back_and_finish_the_same_game(tmp_path):
    # R10.2: q, Ctrl-C and a closed input all save; --resume gives the seat back where it was
    bots = ["greedy", "human", "mcts:iters=20", "greedy"]
    args = ["--seat", "1", "--bots", "greedy,mcts:iters=20,greedy", "--seed", "4"]
    person = Person([*args, "--save", "rec.jsonl"], tmp_path)
    assert play_along(person, stop_after=25) is not None
    person.send("q")
    code, err = person.finish()
    saved = tmp_path / "trixsim-play-4.json"
    assert code == 0, err
    assert "--resume trixsim-play-4.json" in person.text.replace("\n", "")
    moves = len(json.loads(saved.read_text())["actions"])

    person = Person(["--resume", saved.name], tmp_path)
    assert play_along(person, stop_after=25) is not None
    assert "seat 1 is yours again" in person.text
    person.proc.send_signal(signal.SIGINT)  # Ctrl-C while the person is thinking
    masks = signal_masks(person.proc.pid)
    # the signal alone ends the command: the input is closed only after it, else the closed
    # input (a way of leaving with code 0) could be read before the signal is handled
    with contextlib.suppress(subprocess.TimeoutExpired):  # then the assertion says what it said
        person.proc.wait(60)
    code, err = person.finish()
    assert code == 130, person.text[-1500:] + err + masks
    later = len(json.loads(saved.read_text())["actions"])
    assert later > moves

    person = Person(["--resume", saved.name], tmp_path)
    assert play_along(person, stop_after=10) is not None
    code, _ = person.finish()  # the input closes, as when the terminal goes away
    assert code == 0 and len(json.loads(saved.read_text())["actions"]) > later

    person = Person(["--resume", saved.name], tmp_path)
    assert play_along(person) is None
    code, err = person.finish()
    assert code == 0, err
    # the first session asked for a record (--save): it is written beside the saved game,
    # under a name of trixsim's: nothing read from the saved file chooses where it goes
    rec_path = tmp_path / "trixsim-play-4.record.jsonl"
    assert not (tmp_path / "rec.jsonl").exists()
    check = trixsim("replay", str(rec_path))
    assert check.returncode == 0, check.stdout + check.stderr
    rec = json.loads(rec_path.read_text())
    assert rec["bots"] == bots
    # the same game as one uninterrupted session, where seat 1 only ever played the
    # person's answers (first legal choice): the seat never changed hands
    assert rec == uninterrupted(4, bots)
    assert json.loads(saved.read_text())["finished"] is True


def test_away_a_bot_plays_the_seat_until_the_person_is_back(tmp_path):
    # R10.2: "away" at a prompt hands the seat to the line-up's first bot; "back", read
    # while the bots play, gives it back at its next turn. Here the bot plays exactly the
    # turns at which the person typed away (the 1st and the 31st), the person the rest.
    bots = ["human", "random", "greedy", "random"]
    args = ["--seat", "0", "--bots", "random,greedy,random", "--seed", "6", "--delay", "0.002"]
    person = Person([*args, "--save", "rec.jsonl"], tmp_path)
    for turn in range(200):
        m = person.prompt()
        if m is None:
            break
        if turn in (0, 30):
            person.send("away", "back", prompts=1)
        else:
            person.send(first_legal(m))
    code, err = person.finish()
    assert code == 0, err
    assert person.text.count("seat 0 is away: random plays it until you type back") == 2
    assert person.text.count("seat 0 is back: you play it again from its next turn") == 2
    assert "seat 0 (you, away: random plays)" in person.text
    rec = json.loads((tmp_path / "rec.jsonl").read_text())
    assert rec["bots"] == bots  # the seat stays the person's in the record
    assert rec == uninterrupted(6, bots, stand_in="random", away_turns=(0, 30))
    assert rec != uninterrupted(6, bots)


def test_a_pre_selection_can_be_cancelled(tmp_path):
    # R10.3: a card typed while the bots play is pre-selected; "cancel" drops it, so the
    # person is asked at the next turn as usual
    person = Person(["--seat", "0", "--bots", "greedy", "--seed", "5"], tmp_path)
    while (m := person.prompt()) is not None:
        screen, answer = person.since(), first_legal(m)
        if m.group(2) == "card" and "leads)" in screen and len(person.hand()) > 2:
            other = [c for c in person.hand() if c != answer][-1]
            person.send(answer, other, "cancel", prompts=1)
            break
        person.send(answer)
    assert person.prompt() is not None  # the next turn asks: nothing was played for us
    person.send("q")
    assert person.finish()[0] == 0
    out = person.text
    assert "pre-selected for seat 0:" in out and "cancelled)" in out
    assert "your pre-selected card is still legal" not in out and "can't be played" not in out


def test_four_persons_at_the_table_have_greedy_to_step_in(tmp_path):
    # R10.1 R10.2: no bot in the line-up; "away" still has a bot to hand the seat to
    person = Person(["--seat", "0,1,2,3", "--seed", "1"], tmp_path)
    m = person.prompt()
    assert m is not None
    person.send("?", "q", prompts=1)
    code, err = person.finish()
    assert code == 0 and "Traceback" not in err, err
    assert "away = greedy plays your seat until you type back" in " ".join(person.text.split())


def test_friends_share_a_keyboard(tmp_path):
    # R10.1: two persons, two bots (one spec per empty seat); each gets the keyboard in turn
    person = Person(["--seat", "0,2", "--bots", "greedy,random", "--seed", "2"], tmp_path)
    assert play_along(person, stop_after=30) is not None
    person.send("q")
    assert person.finish()[0] == 0
    assert "Seat 2's turn: pass the keyboard" in person.text
    assert "Seat 0's turn: pass the keyboard" in person.text
    saved = tmp_path / "trixsim-play-2.json"
    assert json.loads(saved.read_text())["bots"] == ["human", "greedy", "human", "random"]
    person = Person(["--resume", saved.name, "--save", "two.jsonl"], tmp_path)
    assert play_along(person) is None
    assert person.finish()[0] == 0
    check = trixsim("replay", str(tmp_path / "two.jsonl"))
    assert check.returncode == 0, check.stdout + check.stderr
    assert json.loads((tmp_path / "two.jsonl").read_text())["bots"][::2] == ["human", "human"]


@pytest.mark.parametrize(
    "args, words",
    [
        (("4", None, None, 0.6, None, None), "--seat takes seats 0-3"),
        (("0,0", None, None, 0.6, None, None), "names seat 0 twice"),
        (("0,2", ["greedy"] * 3, None, 0.6, None, None), "one per empty seat (2: seats 1, 3)"),
        (("0", ["nobody"], None, 0.6, None, None), "unknown bot 'nobody'"),
        ((None, None, None, 0.6, None, Path("no-such-game.json")), "no such file"),
        ((None, None, 3, 0.6, None, Path("x.json")), "drop --seed"),
        (("0", None, None, -1.0, None, None), "--delay must be 0 or more"),
    ],
)
def test_bad_options_say_what_is_wrong(args, words):
    with pytest.raises(TableError, match=re.escape(words)):
        play_cli(None, *args, default=get_game("trix"))


def test_bad_options_are_one_line_on_the_command_line(tmp_path):
    for args, words in [(("--seat", "4"), "--seat takes seats 0-3"),
                        (("--resume", "x.json", "--seed", "3"), "drop --seed")]:  # fmt: skip
        out = trixsim("play", *args, cwd=tmp_path)
        assert out.returncode == 2
        assert len(out.stderr.strip().splitlines()) == 1, out.stderr
        assert words in out.stderr and "Traceback" not in out.stderr
