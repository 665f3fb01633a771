"""Hostile and careless input to every command: one line, a non-zero exit, nothing written,
nothing started (issue 14's list, each with its case)."""

import json
import os
import shutil
import subprocess
import sys

import pytest

from sim.core.bots import BotSpecError, parse_spec
from tests.test_tournament import trixsim


@pytest.mark.parametrize("spec, words", [
    ("mcts:c=nan,iters=5", "c=nan is out of range; c takes numbers from 0 to 100"),
    ("mcts:c=inf", "c=inf is out of range"),
    ("mcts:iters=-1", "iters=-1 is out of range; iters takes integers from 1 to 1,000,000"),
    ("mcts:iters=0", "iters=0 is out of range"),
    ("mcts:iters=2.5", "iters=2.5 is not an integer"),
    ("mcts:seed=9007199254740993", "seed=9007199254740993 is out of range"),
    ("mcts:rollout=fast", "rollout=fast is not allowed; rollout takes one of random, greedy"),
])  # fmt: skip
def test_bot_parameters_are_checked_against_their_ranges(spec, words):
    with pytest.raises(BotSpecError, match=words.replace("(", r"\(").replace(")", r"\)")):
        parse_spec(spec, "trix")
    out = trixsim("deal", "--bots", spec)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and words in out.stderr


def test_a_spec_in_range_keeps_its_canonical_text():
    assert parse_spec("mcts:iters=0400,c=1", "trix").text == "mcts:iters=400,c=1.0"


def one_line(out, words):
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    assert words in out.stderr, out.stderr


@pytest.mark.parametrize("args, words", [
    (["--workers", "1000"], f"--workers must be from 1 to {4 * (os.cpu_count() or 1)}"),
    (["--seed", "18446744073709551616"], "--seed must be from 0 to 2**64 - 1"),
    (["--seed", "-1"], "--seed must be from 0 to 2**64 - 1"),
    (["--games", "3000000000"], "--games must be from 1 to 2,147,483,647"),
    (["--chunk", "0"], "--chunk must be from 1"),
    (["--record-games", "-2"], "--record-games must be 0 or more"),
])  # fmt: skip
def test_out_of_range_numbers_are_refused(tmp_path, args, words):
    one_line(trixsim("tournament", "--bots", "random", *args, cwd=tmp_path), words)
    assert not any(tmp_path.iterdir()), "nothing may be written"


def test_deal_refuses_ids_and_seeds_out_of_range():
    one_line(trixsim("deal", "--seed", "18446744073709551616"), "--seed must be from 0")
    one_line(trixsim("deal", "--id", "-1"), "--id must be from 0 to 2,147,483,647")
    one_line(trixsim("play", "--seed", "-5"), "--seed must be from 0 to 2**64 - 1")


def test_out_naming_a_file_is_refused(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("mine")
    one_line(trixsim("tournament", "--bots", "random", "--out", str(f)), "is a file")
    assert f.read_text() == "mine"


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    out = tmp_path_factory.mktemp("run") / "run"
    res = trixsim("tournament", "--bots", "random", "--games", "48", "--chunk", "24",
                  "--workers", "1", "-q", "--out", str(out))  # fmt: skip
    assert res.returncode == 0, res.stderr
    return out


def damaged_copy(finished, tmp_path, manifest: bytes | None = None, **changes):
    out = tmp_path / "run"
    shutil.copytree(finished, out)
    if manifest is None:
        m = json.loads((out / "manifest.json").read_text())
        m["status"] = "incomplete"
        for key, value in changes.items():
            if key.startswith("plan_"):
                m["plan"][key[5:]] = value
            else:
                m[key] = value
        manifest = json.dumps(m).encode()
    (out / "manifest.json").write_bytes(manifest)
    return out


@pytest.mark.parametrize("manifest, changes, words", [
    (b"[1, 2, 3]", {}, "is not a JSON object: it is damaged"),
    (b"\xff\xfe{}", {}, "is not UTF-8 text: it is damaged"),
    (b'{"tool": "trixsim tournament", "plan": {', {}, "is not valid JSON: it is damaged"),
    (None, {"plan_chunk": 0}, "its plan's chunk is 0, not an integer from 1"),
    (None, {"plan_seed": "x"}, "its plan's seed is 'x'"),
    (None, {"plan_bots": []}, "its plan's bots are [], not 1 to 4 bot specs"),
    (None, {"plan_game": "chess"}, "its plan's game 'chess' is not a registered game"),
    (None, {"plan_seatings": [[0, 0, 0, 9]]}, "seatings are not those of its bots"),
    (None, {"version": "0.1.0"}, "was written by trixsim '0.1.0'; finish it with that version"),
    (None, {"tool": "other"}, "was not written by trixsim tournament"),
    (None, {"params": {"random": {"x": 1}}}, "played random with x 1, which is None now"),
])  # fmt: skip
def test_a_damaged_manifest_is_one_line_on_resume(finished, tmp_path, manifest, changes, words):
    out = damaged_copy(finished, tmp_path, manifest, **changes)
    one_line(trixsim("tournament", "--resume", "--out", str(out)), words)


def test_a_missing_plan_field_is_named(finished, tmp_path):
    out = tmp_path / "run"
    shutil.copytree(finished, out)
    m = json.loads((out / "manifest.json").read_text())
    m["status"] = "incomplete"
    del m["plan"]["games"]
    (out / "manifest.json").write_text(json.dumps(m))
    one_line(trixsim("tournament", "--resume", "--out", str(out)), "its plan lacks games")


@pytest.mark.parametrize("extra", [["--bots", "greedy"], ["--games", "99"], ["--seed", "2"],
                                   ["--chunk", "24"], ["--game", "trix"]])  # fmt: skip
def test_resume_refuses_the_options_its_manifest_fixes(finished, tmp_path, extra):
    out = damaged_copy(finished, tmp_path)
    one_line(trixsim("tournament", "--resume", "--out", str(out), *extra),
             f"--resume takes the game, bots, seed, games and chunks from the run's manifest; "
             f"drop {extra[0]}")  # fmt: skip


def test_a_complete_run_is_complete(finished):
    one_line(trixsim("tournament", "--resume", "--out", str(finished)), "is already complete")


def test_bad_input_is_refused_before_anything_starts(tmp_path):
    # a cold numba cache: had a worker started, or a kernel been loaded, it would hold files
    cache = tmp_path / "cache"
    env = {k: v for k, v in os.environ.items() if k not in ("TRIXSIM_NUMBA_CACHE_DIR",)}
    env["NUMBA_CACHE_DIR"] = str(cache)
    for args in (["--bots", "nobody"], ["--bots", "mcts:iters=-1"], ["--games", "0"]):
        one_line(trixsim("tournament", "--workers", "2", *args, cwd=tmp_path, env=env),
                 "")  # fmt: skip
    assert not cache.exists() or not any(cache.rglob("*.nbi")), "something was compiled"


def test_help_keeps_its_defaults():
    out = trixsim("tournament", "--help")
    assert "[default: the game's, about a minute of greedy,mcts: see trixsim games]" in " ".join(
        out.stdout.split()
    )
    listed = trixsim("games").stdout
    assert "(a default tournament: 1,800 games)" in listed  # trix
    assert "(a default tournament: 400 games)" in listed  # euchre5


def test_replay_reads_standard_input_and_names_a_line_that_is_not_utf8():
    good = trixsim("deal", "--seed", "2").stdout
    res = subprocess.run([sys.executable, "-m", "sim.cli", "replay", "-"], input=good,
                         capture_output=True, text=True)  # fmt: skip
    assert res.returncode == 0 and res.stdout.startswith("<stdin>: 1 game, ")
    res = subprocess.run(
        [sys.executable, "-m", "sim.cli", "replay", "-"],
        input=good.encode() + b"\xff\xfe oops\n",
        capture_output=True,
    )
    assert res.returncode == 1
    assert b"line 2: not UTF-8 text (byte 1)" in res.stdout


def test_a_scaled_bench_does_not_replace_the_committed_results(monkeypatch):
    import sim.bench as bench

    monkeypatch.delenv("BENCH_OUT", raising=False)
    monkeypatch.setattr(bench, "SCALE", 0.05)
    assert bench.out_dir().as_posix() == "results/scaled"
    monkeypatch.setattr(bench, "SCALE", 1.0)
    assert bench.out_dir().as_posix() == "results"
