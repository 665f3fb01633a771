"""The command line as a user meets it: deal | replay, exit codes, one-line errors."""

import json

import pytest

from tests.run_files import trixsim


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
        (("deal", "--bots", "mcts:foo=1"), "bot 'mcts' has no parameter 'foo'; its parameters: "),
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


def test_replay_counts_read_right_for_one_bad_game(dealt, tmp_path):
    # "1 of 1 game breaks the rules", not "1 of 1 game break the rules"
    bad = json.loads(dealt.read_text())
    bad["contracts"][0]["points"][0] += 1
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(bad) + "\n")
    out = trixsim("replay", str(path))
    assert out.returncode == 1
    assert out.stderr.strip() == f"{path}: 1 of 1 game breaks the rules"
    path.write_text(json.dumps(bad) + "\n" + json.dumps(bad) + "\n")
    out = trixsim("replay", str(path))
    assert out.stderr.strip() == f"{path}: 2 of 2 games break the rules"


def test_version_is_the_packages():
    import tomllib
    from pathlib import Path

    import sim

    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    version = tomllib.loads(pyproject.read_text())["project"]["version"]
    assert sim.__version__ == version
    out = trixsim("--version")
    assert out.returncode == 0, out.stderr
    assert out.stdout == f"trixsim {version}\n"


def test_game_names_are_case_insensitive():
    from sim.core.registry import GameError, get

    assert get("Trix").name == "trix"
    assert get("FIVE-HUNDRED").name == "five-hundred"
    assert get(" Euchre5 ").name == "euchre5"
    with pytest.raises(GameError, match="registered games: euchre5, five-hundred, terts, trix"):
        get("Chess")
    out = trixsim("bots", "--game", "FIVE-HUNDRED")
    assert out.returncode == 0, out.stderr
    assert out.stdout == trixsim("bots", "--game", "five-hundred").stdout
    out = trixsim("deal", "--game", "Trix", "--seed", "1")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["format"] == "trixsim/game-record@1"


def test_play_help_gives_the_seats_of_every_game():
    from sim.core.registry import games

    out = trixsim("play", "--help")
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())  # the help is wrapped at the terminal's width
    for name, spec in games().items():
        assert f"{name}: {spec.seats} seats" in text, text
    assert "0-3" not in text  # no seat range of one game given as every game's


def test_one_event_is_one_event(dealt, tmp_path):
    # a contract cut after its first event: "after its 1 event", not "1 events"
    bad = json.loads(dealt.read_text())
    bad["contracts"][0]["events"] = bad["contracts"][0]["events"][:1]
    path = tmp_path / "cut.jsonl"
    path.write_text(json.dumps(bad) + "\n")
    out = trixsim("replay", str(path))
    assert out.returncode == 1
    assert "the contract is not over after its 1 event (seat" in out.stdout, out.stdout


def test_replay_of_a_saved_table_says_so_in_one_line(tmp_path):
    # what `trixsim play` saves on leaving is one JSON document over many lines, not records
    from sim.table.saved import Saved

    path = tmp_path / "trixsim-play-3.json"
    Saved(3, [0], ["human", "random", "random", "random"], game_name="trix").write(path)
    out = trixsim("replay", str(path))
    assert out.returncode == 2 and out.stdout == "", out.stdout
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr
    assert f"{path} is a saved table of trixsim play" in out.stderr
    assert f"trixsim play --resume {path} --save " in out.stderr
