"""The Python API (``sim.tournament``, ``sim.report``): the command's tables, report and
one-line errors, a stop that leaves the run resumable, and a ladder that plays in-process."""

import contextlib
import io
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

import sim
from sim.report.tidy import load_run
from tests.run_files import assert_same_parts, trixsim

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
ARGS = {"game": "terts", "bots": "greedy,random", "games": 120, "chunk": 20, "seed": 7}


def options(args: dict) -> list[str]:
    return [x for k, v in args.items() for x in (f"--{k.replace('_', '-')}", str(v))]


def test_import_sim_stays_free_and_names_the_api():
    code = (
        "import sys, sim\n"
        "assert not [m for m in sys.modules if m.startswith(('sim.', 'numpy'))]\n"
        "assert {'tournament', 'report', 'ladder', 'deal', 'replay'} <= set(dir(sim))\n"
        "from sim.run.api import tournament\n"
        "assert sim.tournament is tournament and callable(sim.report) and callable(sim.ladder)\n"
        "from sim.report.data import ReportError\n"
        "from sim.run.store import TournamentError\n"
        "assert issubclass(ReportError, sim.TrixsimError)\n"
        "assert issubclass(TournamentError, sim.TrixsimError)\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


@pytest.fixture(scope="module")
def by_command(tmp_path_factory):
    out = tmp_path_factory.mktemp("api") / "cli"
    res = trixsim("tournament", *options(ARGS), "--workers", "1", "--out", out, "-q")
    assert res.returncode == 0, res.stderr
    return out


def test_the_api_writes_the_commands_tables_and_gives_its_report(by_command, tmp_path, capsys):
    run = sim.tournament(**ARGS, workers=1, out=tmp_path / "api", progress=False)
    assert capsys.readouterr().out == ""  # the summary is the command's to print
    assert run.complete and run.folder == tmp_path / "api" and run.manifest["games_done"] == 120
    assert run.manifest["command"][:4] == ["trixsim", "tournament", "--bots", "greedy,random"]
    assert_same_parts(by_command, run.folder)  # byte for byte
    pd.testing.assert_frame_equal(run.games(), load_run(by_command, "games"))
    pd.testing.assert_frame_equal(run.seats(), load_run(by_command))
    pd.testing.assert_frame_equal(run.deals(), load_run(by_command, "deals"))
    for fmt, text in (("json", "to_json"), ("markdown", "to_markdown"), ("table", "to_text")):
        res = trixsim("report", by_command, "--format", fmt)
        assert res.returncode == 0, res.stderr
        assert getattr(sim.report(by_command), text)() == res.stdout
    rep = run.report()
    assert rep["games"] == 120 and rep["runs"][0]["folder"] == str(run.folder)


@pytest.mark.parametrize(
    "command, call",
    [
        (["tournament", "--game", "terts", "--bots", "greedy,nosuch", "--out", "r"],
         lambda: sim.tournament(game="terts", bots="greedy,nosuch", out="r")),
        (["tournament", "--game", "terts", "--games", "-4", "--out", "r"],
         lambda: sim.tournament(game="terts", games=-4, out="r")),
        (["tournament", "--workers", "0", "--out", "r"],
         lambda: sim.tournament(workers=0, out="r")),
        (["tournament", "--resume", "--seed", "3", "--out", "r"],
         lambda: sim.tournament(resume=True, seed=3, out="r")),
        (["tournament", "--game", "nosuch"], lambda: sim.tournament(game="nosuch")),
        (["report", "nosuch"], lambda: sim.report("nosuch")),
        (["report", ".", "--rate-games", "-1"], lambda: sim.report(".", rate_games=-1)),
        (["deal", "--game", "terts", "--id", "-1"], lambda: sim.deal(id=-1, game="terts")),
        (["replay", "nosuch.jsonl"], lambda: sim.replay("nosuch.jsonl")),
        (["ladder", "--game", "terts", "--workers", "0"],
         lambda: sim.ladder("terts", workers=0)),
    ],
)  # fmt: skip
def test_a_bad_argument_raises_the_trixsim_error_with_the_commands_line(
    command, call, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    res = trixsim(*command)
    assert res.returncode == 2, res.stderr
    with pytest.raises(sim.TrixsimError) as e:
        call()
    assert res.stderr == f"trixsim: {e.value}\n"
    assert not any(tmp_path.iterdir())


def test_deal_and_replay_give_the_commands_record_and_verdicts(tmp_path):
    res = trixsim("deal", "--game", "terts", "--seed", "3", "--id", "2", "--bots", "greedy")
    assert res.returncode == 0, res.stderr
    record = sim.deal(seed=3, id=2, bots="greedy", game="terts")
    assert json.loads(res.stdout) == record
    path = tmp_path / "g.jsonl"
    path.write_text(res.stdout)
    assert [v.ok for v in sim.replay(path, game="terts")] == [True]


def test_the_readme_example_plays_and_reports(tmp_path):
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    (block,) = [b for b in blocks if "sim.tournament(" in b]
    out, ladder = tmp_path / "run", tmp_path / "ladder"
    code = block.replace('out="results/RUN"', f"out={str(out)!r}, workers=1, quiet=True")
    code = code.replace('out="results/ladder"', f"out={str(ladder)!r}, workers=1, say=print")
    assert "results/" not in code  # nothing written where the test runs
    names: dict = {}
    with contextlib.redirect_stdout(io.StringIO()) as said:
        exec(code, names)
    assert "greedy beats random" in said.getvalue() and names["run"].folder == out
    assert len(names["seats"]) == 800 and names["rep"]["games"] == 400
    assert names["page"] == ladder / "terts.md" and "## Ratings" in names["page"].read_text()


def test_ctrl_c_leaves_a_run_that_resume_finishes(by_command, tmp_path, monkeypatch):
    from sim.run import stop

    check, seen = stop.check, []

    def ctrl_c_after_two_chunks() -> None:  # as a user's Ctrl-C, delivered to this process
        seen.append(1)
        if len(seen) == 2:
            os.kill(os.getpid(), signal.SIGINT)
        check()

    monkeypatch.setattr(stop, "check", ctrl_c_after_two_chunks)
    out = tmp_path / "cut"
    with pytest.raises(KeyboardInterrupt) as e:
        sim.tournament(**ARGS, workers=1, out=out, quiet=True)
    assert isinstance(e.value, sim.Interrupted) and not e.value.terminated
    assert e.value.run.status == "incomplete" and load_run(out, "games").shape[0] < 120
    assert load_run(out, "games").shape[0] == e.value.run.manifest["games_done"] >= 40
    assert e.value.hint == f"--resume --out {out}"
    assert signal.getsignal(signal.SIGINT) is not stop._handler  # the handlers are restored
    monkeypatch.setattr(stop, "check", check)
    run = sim.tournament(out=out, resume=True, workers=1, quiet=True)
    assert run.complete
    assert_same_parts(by_command, out)


def test_the_ladder_plays_its_pairings_in_its_own_process(tmp_path, monkeypatch):
    from sim.ladder import run_ladder

    popen = subprocess.Popen

    def no_cli(cmd, *args, **kw):
        assert "sim.cli" not in cmd, f"the ladder started {cmd}"
        return popen(cmd, *args, **kw)

    monkeypatch.setattr(subprocess, "Popen", no_cli)
    said = []
    page = run_ladder("terts", tmp_path / "ladder", [], True, None, 1, said.append)
    assert page.is_file() and any(line.startswith("[3/3]") for line in said), said
    assert "trixsim tournament --game terts --bots random,greedy" in page.read_text()
