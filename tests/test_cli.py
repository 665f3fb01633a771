"""The command line as a user meets it: deal | replay, exit codes, one-line errors."""

import json
import subprocess
import sys

import pytest


def trixsim(*args, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "sim.cli", *args], capture_output=True, text=True, cwd=cwd
    )


@pytest.fixture(scope="module")
def dealt(tmp_path_factory):
    path = tmp_path_factory.mktemp("deal") / "g.jsonl"
    out = trixsim("deal", "--seed", "1")
    assert out.returncode == 0, out.stderr
    path.write_text(out.stdout)
    return path


def test_deal_prints_one_record(dealt):
    lines = dealt.read_text().splitlines()
    assert len(lines) == 1
    rec = json.loads(lines[0])
    assert rec["format"] == "trixsim/game-record@1" and rec["bots"] == ["random"] * 4


def test_deal_is_reproducible(dealt):
    assert trixsim("deal", "--seed", "1").stdout == dealt.read_text()
    assert trixsim("deal", "--seed", "2").stdout != dealt.read_text()


def test_replay_good_file(dealt):
    out = trixsim("replay", str(dealt))
    assert out.returncode == 0
    n = len(json.loads(dealt.read_text())["contracts"])
    assert out.stdout.strip() == f"{dealt}: 1 game, {n} contracts: all follow the rules"


def test_replay_reports_bad_games_one_line_each(dealt, tmp_path):
    rec = json.loads(dealt.read_text())
    bad = json.loads(dealt.read_text())
    bad["game"] = 9
    bad["contracts"][0]["points"][0] += 1
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join([json.dumps(rec), json.dumps(bad), "{oops"]) + "\n")
    out = trixsim("replay", str(path))
    assert out.returncode == 1
    lines = out.stdout.strip().splitlines()
    assert lines[0].startswith("game 9, contract 1 (")
    assert lines[1].startswith("line 3: malformed JSON")
    assert "Traceback" not in out.stderr
    js = trixsim("replay", "--json", str(path))
    summary = json.loads(js.stdout)
    assert js.returncode == 1 and summary["games"] == 3 and summary["good"] == 1
    quiet = trixsim("replay", "--quiet", str(path))
    assert quiet.returncode == 1 and quiet.stdout == ""


@pytest.mark.parametrize(
    "args, words",
    [
        (("replay", "no-such-file.jsonl"), "no such file"),
        (("deal", "--bots", "nobody"), "unknown bot 'nobody' for trix; available:"),
        (("deal", "--bots", "random,random,random,random,random"), "1 to 4 bot specs"),
        (
            ("deal", "--game", "chess"),
            "unknown game 'chess'; registered games: euchre5, five-hundred, terts, trix",
        ),
        (("deal", "--bots", "random:speed=3"), "has no parameter"),
        (("deal", "--seed", "x"), "--seed"),
    ],
)
def test_bad_input_is_one_line(args, words):
    out = trixsim(*args)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert words in out.stderr and "Traceback" not in out.stderr


def test_bots_lists_random():
    out = trixsim("bots")
    assert out.returncode == 0 and "random" in out.stdout
